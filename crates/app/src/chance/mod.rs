//! The chance stepper's model: expectimax and expectiminimax on trees with chance nodes, run by
//! the engine once and replayed step by step from its recorded events — what each node shows,
//! the caption, the pseudocode line. Nothing here re-derives what the engine did: values,
//! windows, sums so far and cutoffs are read from the events.

mod caption;
pub mod page;
mod params;
pub mod practice;
mod pseudocode;
mod run;
mod settings;

pub use caption::*;
pub use params::PARAMS;
pub use pseudocode::*;
pub use run::*;
pub use settings::*;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url::UrlSettings;

    use arbor_game::presets::CHANCE_PRESETS;
    use std::rc::Rc;

    use crate::route::Route;
    use crate::scene::{NodeMark, Relation, Shown, Status};
    use arbor_game::{GameTree, NodeId, Ratio, Rule};

    use crate::route::View;

    fn preset_run(id: &str) -> ChanceRun {
        let (s, w) = ChanceSettings::from_route(&Route::parse(&format!("#/chance?preset={id}")));
        assert!(w.is_empty(), "{w:?}");
        run(Rc::new(s.tree().unwrap()), s.rule, s.bounds).unwrap()
    }

    #[test]
    fn the_lecture_example_steps_to_8() {
        let run = preset_run("cs188-expectimax");
        let end = run.frame(run.len());
        assert!(end.finished);
        assert_eq!(end.nodes[0].value, Some(Ratio::int(8)));
        assert_eq!(end.evaluated, 9);
        let text = caption(&run, &end, run.len());
        assert_eq!(text, "Done: the root A is worth 8 — MAX takes B.");
        // Before the first step: words that hold on a phone (no → key there) as on a computer,
        // naming the button, as the other stepped pages' first captions do.
        let first = caption(&run, &run.frame(0), 0);
        assert!(
            first.ends_with(crate::control::STEP_TO_BEGIN) && !first.contains('→'),
            "{first}"
        );
        // After B's second leaf: "1/3·3 + 1/3·12 + 1/3·?".
        let k = run
            .steps
            .iter()
            .position(|s| s.kind == StepKind::Leaf && run.tree.node(s.node).label == "F")
            .unwrap();
        let frame = run.frame(k + 1);
        assert_eq!(
            expression(&run, &frame, NodeId(1)),
            "1/3·3 + 1/3·12 + 1/3·?"
        );
        let text = caption(&run, &frame, k + 1);
        assert_eq!(
            text,
            "Leaf F = 12. B (chance) so far: 1/3·3 + 1/3·12 + 1/3·? = 5 + …"
        );
        assert_eq!(run.principal(&end), vec![NodeId(0), NodeId(1)]);
    }

    #[test]
    fn star1_prunes_j_and_says_why() {
        let run = preset_run("cs188-expectimax-bounds");
        let cut = run
            .steps
            .iter()
            .position(|s| s.kind == StepKind::Cutoff)
            .unwrap();
        let frame = run.frame(cut + 1);
        let text = caption(&run, &frame, cut + 1);
        assert_eq!(
            text,
            "C stops: even if every child left were worth the upper bound 15, C would be at most 7 ≤ α = 8. Pruned: J."
        );
        assert_eq!(line_at(&run, cut + 1), Some(7));
        let end = run.frame(run.len());
        assert_eq!(end.pruned, 1);
        assert_eq!(end.nodes[0].value, Some(Ratio::int(8)));
        let marks: Vec<NodeMark> = (0..run.tree.len())
            .map(|i| mark_of(&run, &end, &[], i))
            .collect();
        assert_eq!(marks[9].status, Status::Pruned);
        assert_eq!(
            marks[2].value,
            Shown::Fraction(Ratio::int(7), Relation::AtMost)
        );
        assert_eq!(marks[2].value.text().as_deref(), Some("≤7"));
    }

    #[test]
    fn expectiminimax_alternates_through_chance_nodes() {
        let run = preset_run("aima-5-12");
        assert_eq!(run.value, Ratio::new(21, 10).unwrap());
        assert_eq!(role(&run, NodeId(3)), "MIN");
        let end = run.frame(run.len());
        assert_eq!(
            caption(&run, &end, run.len()),
            "Done: the root A is worth 21/10 = 2.1 — MAX takes B."
        );
    }

    #[test]
    fn every_step_has_a_caption_and_a_line_and_the_frames_agree_with_the_engine() {
        for p in CHANCE_PRESETS {
            let run = preset_run(p.tree.id);
            let lines = listing(run.rule, run.bounds.is_some()).len();
            for step in 0..=run.len() {
                let frame = run.frame(step);
                assert!(!caption(&run, &frame, step).is_empty());
                if step > 0 {
                    assert!(
                        line_at(&run, step).is_some_and(|l| l < lines),
                        "{} {step}",
                        p.tree.id
                    );
                }
            }
            let end = run.frame(run.len());
            assert_eq!(end.nodes[0].value, Some(run.value), "{}", p.tree.id);
            assert_eq!(end.evaluated, run.stats.evaluated);
            assert_eq!(end.visited, run.stats.visited);
        }
    }

    #[test]
    fn settings_round_trip_and_bad_links_are_named() {
        let s = ChanceSettings {
            source: ChanceSource::Text("[?[1/4: 3, 3/4: 5], 2]".into()),
            min_root: true,
            rule: Rule::Expectiminimax,
            bounds: Some((-5, 9)),
            step: 4,
        };
        let mut route = Route::new(View::Chance);
        s.to_route(&mut route);
        assert_eq!(
            ChanceSettings::from_route(&Route::parse(&route.to_hash())),
            (s, vec![])
        );
        let (s, w) = ChanceSettings::from_route(&Route::parse(
            "#/chance?preset=nope&algo=magic&bounds=9,1&step=x",
        ));
        assert_eq!(s.source, ChanceSettings::default().source);
        assert_eq!(w.len(), 4, "{w:?}");
        assert!(
            w[2].contains("lower bound 9 is above the upper bound 1"),
            "{w:?}"
        );
        let random = ChanceSettings::from_route(&Route::parse("#/chance?random=4,2,3,0,9,7")).0;
        let tree = random.tree().unwrap();
        assert!(tree.has_chance());
    }

    #[test]
    fn a_leaf_outside_the_bounds_is_refused_with_its_name() {
        let tree = Rc::new(GameTree::parse("[?[1, 20], 3]").unwrap());
        let e = run(tree, Rule::Expectimax, Some((0, 10))).unwrap_err();
        assert!(e.contains("leaf E = 20"), "{e}");
    }
}
