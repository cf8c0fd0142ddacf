//! The search page's "Heuristic check" panel for a typed graph: the engine's
//! [`HeuristicCheck`] in plain words, and what it means for A*.

use arbor_search::{Graph, HeuristicCheck, Problem};

/// Most faults listed; the rest are counted.
pub const FAULTS_LISTED: usize = 12;

/// What the panel says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeuristicNote {
    /// True if no estimate is more than its true cost.
    pub admissible: bool,
    /// True if no edge has h(n) > c + h(n').
    pub consistent: bool,
    /// The verdict, one sentence.
    pub verdict: String,
    /// The faults in words, at most [`FAULTS_LISTED`]: goals with h > 0, then overestimates,
    /// then inconsistent edges.
    pub faults: Vec<String>,
    /// Faults not listed.
    pub more: usize,
    /// What the verdict means for A*.
    pub meaning: String,
    /// The nodes on no edge (but the start), in a sentence: no search reaches them, so an
    /// estimate given to one is never used — often a name mistyped on an “h” line.
    pub unreachable: Option<String>,
}

impl HeuristicNote {
    /// The note for a graph's heuristic.
    pub fn of(graph: &Graph) -> HeuristicNote {
        let check = HeuristicCheck::of(graph);
        let (admissible, consistent) = (check.is_admissible(), check.is_consistent());
        let every: Vec<String> = check
            .goals_not_zero
            .iter()
            .map(|g| g.display(graph).to_string())
            .chain(
                check
                    .overestimates
                    .iter()
                    .map(|o| o.display(graph).to_string()),
            )
            .chain(
                check
                    .inconsistent
                    .iter()
                    .map(|e| e.display(graph).to_string()),
            )
            .collect();
        let more = every.len().saturating_sub(FAULTS_LISTED);
        let faults = every.into_iter().take(FAULTS_LISTED).collect();
        let all_zero = (0..graph.len() as u32).all(|n| graph.heuristic(&n) == 0);
        let verdict = match (admissible, consistent) {
            _ if all_zero => {
                "Every h is 0 (no “h” line gives an estimate): admissible and consistent."
            }
            (true, true) => "The heuristic is admissible and consistent.",
            (true, false) => "The heuristic is admissible but not consistent.",
            (false, true) => "The heuristic is consistent but not admissible.",
            (false, false) => "The heuristic is neither admissible nor consistent.",
        }
        .to_string();
        let meaning = match (admissible, consistent) {
            _ if all_zero => "A* then searches exactly as uniform cost does, and greedy best-first has nothing to go by.",
            (true, true) => "A* returns a cheapest path, and never finds a cheaper path to a state it has already expanded: no state is expanded twice.",
            (true, false) => "A* still returns a cheapest path, because its graph search looks again at a state reached later by a cheaper path (reopening) — but it may expand a state twice. A graph search that never reopened could return a dearer path.",
            (false, _) => "A* may return a path that is not the cheapest: an estimate above the true cost can keep the cheapest path waiting in the frontier while a goal is reached by a dearer one. (Tree search and graph search with reopening alike.)",
        }
        .to_string();
        HeuristicNote {
            admissible,
            consistent,
            verdict,
            faults,
            more,
            meaning,
            unreachable: unreachable(graph),
        }
    }

    /// The note for a graph's text, if it parses.
    pub fn of_text(text: &str) -> Option<HeuristicNote> {
        Graph::parse(text).ok().map(|g| HeuristicNote::of(&g))
    }
}

/// The sentence for the nodes no edge touches (but the start), if any.
fn unreachable(graph: &Graph) -> Option<String> {
    let n = graph.len() as u32;
    let mut touched = vec![false; n as usize];
    touched[graph.start() as usize] = true;
    for from in 0..n {
        for &(to, _) in graph.edges(from) {
            touched[from as usize] = true;
            touched[to as usize] = true;
        }
    }
    let alone: Vec<&str> = (0..n)
        .filter(|&v| !touched[v as usize])
        .map(|v| graph.name(v))
        .collect();
    let (verb, pronoun) = match alone.len() {
        0 => return None,
        1 => ("is", "it"),
        _ => ("are", "them"),
    };
    Some(format!(
        "{} {verb} on no edge: no search reaches {pronoun}. (A mistyped name?)",
        arbor_util::and_list(&alone)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbor_search::graph_preset;

    /// A name on an “h” line that no edge has is named: its estimate is never used.
    #[test]
    fn a_node_on_no_edge_is_named() {
        let text = graph_preset("romania").unwrap().text;
        let typo = text.replace("h Arad=366", "h Arda=366 Bucharset=1");
        let note = HeuristicNote::of_text(&typo).unwrap();
        assert_eq!(
            note.unreachable.as_deref(),
            Some("Arda and Bucharset are on no edge: no search reaches them. (A mistyped name?)")
        );
        let one = HeuristicNote::of_text("A -- B\nh Q=2\ngoal B").unwrap();
        assert_eq!(
            one.unreachable.as_deref(),
            Some("Q is on no edge: no search reaches it. (A mistyped name?)")
        );
        // A start on no edge is not named (the search starts there), nor is anything in a tree.
        assert_eq!(
            HeuristicNote::of_text("A -- B\nstart C\ngoal B")
                .unwrap()
                .unreachable,
            None
        );
        assert_eq!(
            HeuristicNote::of_text("A[B C]\ngoal C")
                .unwrap()
                .unreachable,
            None
        );
    }

    #[test]
    fn romania_is_clean() {
        let note = HeuristicNote::of_text(graph_preset("romania").unwrap().text).unwrap();
        assert_eq!(note.unreachable, None);
        assert!(note.admissible && note.consistent);
        assert_eq!(note.verdict, "The heuristic is admissible and consistent.");
        assert!(note.faults.is_empty());
        assert!(note.meaning.contains("returns a cheapest path"));
    }

    #[test]
    fn a_broken_heuristic_names_its_nodes_and_says_what_it_means() {
        let text = graph_preset("romania")
            .unwrap()
            .text
            .replace("Sibiu=253", "Sibiu=300")
            .replace("Bucharest=0", "Bucharest=5");
        let note = HeuristicNote::of_text(&text).unwrap();
        assert_eq!(
            note.verdict,
            "The heuristic is neither admissible nor consistent."
        );
        assert_eq!(
            note.faults[..2],
            [
                "h(Bucharest) = 5, but Bucharest is a goal: its true cost is 0, so h(Bucharest) must be 0: not admissible.",
                "h(Sibiu) = 300 is more than the true cost 278 from Sibiu to Bucharest: not admissible.",
            ]
        );
        assert!(note
            .faults
            .iter()
            .any(|f| f.starts_with("Edge Sibiu → Fagaras (99)")));
        assert!(note
            .meaning
            .contains("may return a path that is not the cheapest"));
        // The seed tree has no estimates.
        let note = HeuristicNote::of_text(graph_preset("seed000-tree").unwrap().text).unwrap();
        assert!(note.verdict.starts_with("Every h is 0"));
        assert!(HeuristicNote::of_text("A -> ").is_none());
    }

    #[test]
    fn admissible_but_not_consistent_and_long_lists() {
        let note = HeuristicNote::of_text("S -> A:1 G:5\nA -> G:3\nh S=4 A=1\ngoal G").unwrap();
        assert_eq!(
            note.verdict,
            "The heuristic is admissible but not consistent."
        );
        assert!(note.meaning.contains("reopening"));
        // A chain of 30 nodes, each estimate 100: every node overestimates, every edge but the
        // last is fine (100 ≤ 1 + 100), the last drops 100 for a step of 1.
        let mut text = String::new();
        let mut h = String::from("h");
        for i in 0..30 {
            text.push_str(&format!("N{i} -> N{}\n", i + 1));
            h.push_str(&format!(" N{i}=100"));
        }
        text.push_str(&format!("{h}\ngoal N30"));
        let note = HeuristicNote::of_text(&text).unwrap();
        assert_eq!(note.faults.len(), FAULTS_LISTED);
        assert_eq!(note.more, 31 - FAULTS_LISTED);
    }
}
