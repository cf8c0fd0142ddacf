//! What the search tests share.

use arbor_util::SplitMix64;

/// A random weighted graph as text: 4–12 nodes, small costs and estimates (so g, h and f tie
/// often), edges both ways or one way; one goal, or with `two_goals` sometimes two (drawing one
/// more number, so the one-goal stream is the same either way up to there).
pub fn random_graph(rng: &mut SplitMix64, two_goals: bool) -> String {
    let n = rng.range(4, 12) as usize;
    let name = |i: usize| format!("N{i}");
    let mut text = String::new();
    for i in 0..n {
        let degree = rng.range(0, 3);
        let mut line = String::new();
        for _ in 0..degree {
            let to = rng.range(0, n as i64 - 1) as usize;
            if to != i {
                line.push_str(&format!(" {}:{}", name(to), rng.range(1, 3)));
            }
        }
        if !line.is_empty() {
            let arrow = if rng.range(0, 1) == 0 { "--" } else { "->" };
            text.push_str(&format!("{} {arrow}{line}\n", name(i)));
        }
    }
    // Make sure every node is named, the start first.
    text.push('h');
    for i in 0..n {
        text.push_str(&format!(" {}={}", name(i), rng.range(0, 2)));
    }
    text.push_str(&format!(
        "\nstart {}\ngoal {}",
        name(0),
        name(rng.range(1, n as i64 - 1) as usize)
    ));
    if two_goals && rng.range(0, 2) == 0 {
        text.push_str(&format!(" {}", name(rng.range(1, n as i64 - 1) as usize)));
    }
    text
}
