//! The alpha-beta stepper page (`#/alphabeta`), pure and tested natively: what to search
//! ([`Settings`], read from and written to the URL), running it ([`Run`]), what each drawn node
//! shows ([`marks`]), the caption, the pseudocode, the order comparison, the step's view, the
//! page's state and reducer ([`page`]) and its practice ([`practice`]).

mod algorithm;
pub mod caption;
pub mod compare;
mod marks;
pub mod page;
mod params;
pub mod practice;
mod protocol;
pub mod pseudocode;
mod run;
mod settings;
pub mod view;

pub use crate::scene::vector_text;
pub use algorithm::*;
pub use compare::{compare_orders, Comparison, OrderResult};
pub use marks::*;
pub use params::PARAMS;
pub use protocol::*;
pub use run::*;
pub use settings::*;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::route::{Route, View};
    use crate::scene::Status;
    use crate::url::UrlSettings;
    use arbor_game::presets::preset;
    use arbor_game::{Fail, GameTree, Ordering, RandomSpec};

    #[test]
    fn settings_round_trip_through_the_url() {
        let settings = Settings {
            source: Source::Text("[[1, 2],[3,-4]]".into()),
            min_root: true,
            algorithm: Algorithm::AlphaBetaHard,
            ordering: Ordering::Worst,
            depth: Some(2),
            step: 7,
        };
        let mut route = Route::new(View::AlphaBeta);
        settings.to_route(&mut route);
        let back = Route::parse(&route.to_hash());
        assert_eq!(Settings::from_route(&back), (settings, vec![]));
        let random = Settings {
            source: Source::Random(RandomSpec::default()),
            ..Settings::default()
        };
        random.to_route(&mut route);
        assert_eq!(
            Settings::from_route(&Route::parse(&route.to_hash())).0,
            random
        );
    }

    #[test]
    fn bad_url_values_fall_back_with_a_message() {
        let route =
            Route::parse("#/alphabeta?preset=nope&algo=magic&order=up&depth=x&step=-1&random=1,2");
        let (settings, warnings) = Settings::from_route(&route);
        assert_eq!(settings, Settings::default());
        assert_eq!(warnings.len(), 6, "{warnings:?}");
    }

    #[test]
    fn seed_tree_marks_at_the_end() {
        let tree = GameTree::parse(preset("seed003-alphabeta").unwrap().text).unwrap();
        let run = run(&tree, Algorithm::AlphaBeta, Ordering::Natural, None);
        let end = run.replay.frame(run.replay.len());
        let marks = marks(&tree, &end, Perspective::Max, true);
        let pruned: Vec<&str> = marks
            .iter()
            .enumerate()
            .filter(|(_, m)| m.status == Status::Pruned)
            .map(|(i, _)| tree.nodes()[i].label.as_str())
            .collect();
        assert_eq!(pruned, ["G", "K", "N", "O"]);
        assert_eq!(marks[0].value.data().as_deref(), Some("3"));
        assert!(marks[0].settled);
        assert_eq!(marks[4].value.text().as_deref(), Some("≥5")); // E
        assert_eq!(run.minimax.unwrap().evaluated, 8);
        assert_eq!(run.stats.evaluated, 5);
        assert_eq!(run.knuth_moore, Some(2 * 2 + 2 - 1));
        // In negamax form the MIN nodes show values for MIN: B = −3.
        let negamax = super::marks(&tree, &end, Perspective::Mover, true);
        assert_eq!(negamax[1].value.text().as_deref(), Some("−3"));
    }

    #[test]
    fn three_players_run_max_n() {
        let tree = GameTree::parse(preset("aima-maxn").unwrap().text).unwrap();
        let run = run(&tree, Algorithm::AlphaBeta, Ordering::Natural, None);
        assert_eq!(run.algorithm, Algorithm::MaxN);
        assert_eq!(run.result, "(1,2,6)");
    }

    #[test]
    fn orders_compared() {
        let tree = GameTree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
        let results = compare_orders(&tree, Fail::Soft, None);
        let evaluated: Vec<u64> = results.iter().map(|r| r.evaluated).collect();
        assert_eq!(evaluated, [7, 5, 9]);
    }

    /// The exported trace is the run itself: the seed's leaves in order, the cut-offs, the
    /// root's value, and nodes named by their paths on the page.
    #[test]
    fn trace_export_tells_the_run() {
        let (s, _) = Settings::from_route(&Route::parse("#/alphabeta?preset=seed003-alphabeta"));
        let r = run(&s.tree().unwrap(), s.algorithm, s.ordering, s.depth);
        let json =
            serde_json::to_value(trace_export(&r, s.ordering, s.depth, "#/x".into())).unwrap();
        assert_eq!(json["format"], "arbor-game-trace");
        assert_eq!(json["version"], 2);
        assert_eq!(json["result"], "3");
        assert_eq!(json["tree"][1]["path"], "r.0");
        assert_eq!(json["tree"][1]["player"], "min");
        let paths: Vec<&str> = json["events"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|e| e.get("evaluate"))
            .map(|e| {
                json["trace_nodes"][e["node"].as_u64().unwrap() as usize]["path"]
                    .as_str()
                    .unwrap()
            })
            .collect();
        assert_eq!(
            paths,
            ["r.0.0.0", "r.0.0.1", "r.0.1.0", "r.1.0.0", "r.1.0.1"]
        );
        assert_eq!(
            json["events"].as_array().unwrap().len(),
            r.replay.trace().events.len()
        );
        assert!(json["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e.get("cutoff").is_some()));
    }

    /// Found by fuzzing (issue 15): a 347-byte link — a root with 99,000 leaves beside a spine
    /// 63 deep, iterative deepening, best-first order — recorded 6,245,064 steps (1.49 GB, 2.2 s
    /// on the page's thread). The search now runs under a node budget and the record is capped.
    #[test]
    fn a_small_link_cannot_make_a_huge_recording() {
        let spine = format!("{}1{}", "[".repeat(63), "]".repeat(63));
        let text = format!("[{spine},{}]", vec!["1"; 99_000].join(","));
        let tree = GameTree::parse(&text).unwrap();
        let run = super::run(&tree, Algorithm::Deepening, Ordering::Best, None);
        assert!(
            run.stats.visited <= STEPPER_NODE_BUDGET + 64,
            "{}",
            run.stats.visited
        );
        assert!(run.replay.trace().nodes.len() <= STEPPER_RECORD_LIMIT);
        let note = run.limited.expect("the budget is told");
        assert!(note.contains("stopped after"), "{note}");
        // A search that fits is neither stopped nor cut.
        let small = GameTree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
        for algorithm in [
            Algorithm::Minimax,
            Algorithm::AlphaBeta,
            Algorithm::Deepening,
        ] {
            let run = super::run(&small, algorithm, Ordering::Natural, None);
            assert_eq!((run.limited, run.result.as_str()), (None, "3"));
        }
    }
}
