use arbor_puzzles::{parse_tiles, Heuristic, NPuzzle};
use arbor_search::{search, Algorithm, Budget, Options, Quiet};
fn main() {
    let data = std::fs::read_to_string("/work/shared/data/npuzzle/korf100.txt").unwrap();
    let goal: Vec<u8> = (0..16).collect();
    for line in data.lines().filter(|l| {
        ["12 ", "42 ", "9 ", "55 ", "79 "]
            .iter()
            .any(|p| l.starts_with(p))
    }) {
        let w: Vec<&str> = line.split_whitespace().collect();
        let tiles = parse_tiles(&w[1..17].join(" ")).unwrap();
        let p = NPuzzle::new(4, 4, &tiles, &goal, Heuristic::Manhattan).unwrap();
        let t = std::time::Instant::now();
        let out = search(
            &p,
            &Options::new(Algorithm::IdaStar),
            &Budget::unlimited(),
            &mut Quiet,
        );
        let s = out.stats;
        println!(
            "#{} len {} (ref {}) generated {} expanded {} iter {} ref {} | gen-iters {} | {:?}",
            w[0],
            out.solution.map(|s| s.depth()).unwrap_or(0),
            w[17],
            s.generated,
            s.expanded,
            s.iterations,
            w[18],
            s.generated - s.iterations as u64,
            t.elapsed()
        );
    }
}
