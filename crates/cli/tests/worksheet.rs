//! `arbor worksheet`: the sheet as Markdown, its exercises, pictures and answer key.

mod common;

use common::run;

#[test]
fn prints_n_exercises_with_their_pictures_and_the_key() {
    let (out, err, code) = run(
        &[
            "worksheet",
            "--kind",
            "alphabeta",
            "--n",
            "3",
            "--seed",
            "7",
        ],
        "",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("# Alpha-beta worksheet"), "{out}");
    assert_eq!(out.matches("\n## Exercise ").count(), 3, "{out}");
    // One picture per exercise and one per key entry.
    assert_eq!(out.matches("<svg ").count(), 6, "{out}");
    assert_eq!(out.matches("</svg>").count(), 6);
    assert!(out.contains("## Answer key"));
    assert!(out.contains("<div style=\"page-break-before: always\"></div>"));
    assert_eq!(out.matches("\n### Exercise ").count(), 3);
    assert_eq!(out.matches("- Root value: ").count(), 3);
    assert_eq!(out.matches("](index.html#/practice?").count(), 3);
    // The same seed, the same sheet; another seed, another.
    let (again, _, _) = run(
        &[
            "worksheet",
            "--kind",
            "alphabeta",
            "--n",
            "3",
            "--seed",
            "7",
        ],
        "",
    );
    assert_eq!(again, out);
    let (other, _, _) = run(
        &[
            "worksheet",
            "--kind",
            "alphabeta",
            "--n",
            "3",
            "--seed",
            "8",
        ],
        "",
    );
    assert_ne!(other, out);
}

#[test]
fn every_kind_and_level_prints_and_the_key_can_be_left_out() {
    for kind in ["alphabeta", "minimax", "search", "expectimax", "ucb1"] {
        for level in ["easy", "hard"] {
            let (out, err, code) = run(
                &["worksheet", "--kind", kind, "--n", "2", "--level", level],
                "",
            );
            assert_eq!(code, Some(0), "{kind} {level}: {err}");
            assert_eq!(out.matches("\n## Exercise ").count(), 2, "{out}");
            assert!(out.matches("<svg ").count() >= 2, "{out}");
            assert!(out.contains("## Answer key"));
        }
        let (out, _, code) = run(&["worksheet", "--kind", kind, "--no-key"], "");
        assert_eq!(code, Some(0));
        assert_eq!(out.matches("\n## Exercise ").count(), 4);
        assert_eq!(out.matches("<svg ").count(), 4, "{out}");
        assert!(!out.contains("Answer key") && !out.contains("page-break"));
    }
}

#[test]
fn bad_arguments_are_usage_errors() {
    for (args, says) in [
        (&["worksheet", "--kind", "chess"][..], "chess"),
        (
            &["worksheet", "--kind", "alphabeta", "--n", "0"],
            "from 1 to 20",
        ),
        (
            &["worksheet", "--kind", "alphabeta", "--n", "99"],
            "from 1 to 20",
        ),
        (
            &["worksheet", "--kind", "search", "--level", "insane"],
            "insane",
        ),
        (
            &["worksheet", "--kind", "search", "--seed", "x"],
            "not a seed",
        ),
        (&["worksheet"], "--kind"),
    ] {
        let (_, err, code) = run(args, "");
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let (help, _, _) = run(&["--help"], "");
    assert!(help.contains("worksheet"), "{help}");
}
