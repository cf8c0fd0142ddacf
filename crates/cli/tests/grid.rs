//! `arbor grid scen`: a Moving AI scenario file solved on its map, a line per scenario, the
//! summary on standard error, exit status 0 only when every length is the published one.

mod common;

use common::run;

fn data(name: &str) -> String {
    format!("{}/../../data/movingai/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_kth_scenario_gets_a_line_with_its_length() {
    let scen = data("arena.map.scen");
    for algo in ["astar", "jps", "ucs", "bidirectional"] {
        let (out, err, code) = run(
            &["grid", "scen", &scen, "--algo", algo, "--every", "13"],
            "",
        );
        assert_eq!(code, Some(0), "{algo}: {err}");
        let lines: Vec<&str> = out.lines().collect();
        // 130 scenarios: 0, 13, …, 117.
        assert_eq!(lines.len(), 10, "{out}");
        assert_eq!(lines[0], "0 3.00000000");
        for (k, line) in lines.iter().enumerate() {
            let (index, length) = line.split_once(' ').unwrap();
            assert_eq!(index, (13 * k).to_string());
            let (_, decimals) = length.split_once('.').unwrap();
            assert_eq!(decimals.len(), 8, "{line}");
        }
        assert!(err.contains("10 of 10 scenarios match"), "{err}");
    }
}

/// Breadth-first search takes the fewest steps, not the shortest length: some lengths differ
/// from the file's, and the exit status says so.
#[test]
fn a_search_that_is_not_optimal_exits_with_one() {
    let (_, err, code) = run(
        &["grid", "scen", &data("arena.map.scen"), "--algo", "bfs"],
        "",
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("of 130 scenarios match"), "{err}");
    let (_, err, code) = run(
        &[
            "grid",
            "scen",
            &data("arena.map.scen"),
            "--algo",
            "weighted",
            "--w",
            "2",
        ],
        "",
    );
    assert!(code == Some(0) || code == Some(1), "{err}");
    let (_, err, code) = run(
        &[
            "grid",
            "scen",
            &data("arena.map.scen"),
            "--algo",
            "weighted",
            "--w",
            "7",
        ],
        "",
    );
    assert_eq!(code, Some(2), "{err}");
}

#[test]
fn a_bad_file_is_named_by_its_line_and_column() {
    let dir = std::env::temp_dir().join(format!("arbor-grid-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("m.map"),
        "type octile\nheight 2\nwidth 3\nmap\n..@\n...\n",
    )
    .unwrap();
    let scen = dir.join("m.scen");
    std::fs::write(&scen, "version 1\n0\tm.map\t3\t2\t2\t0\t0\t1\t2.0\n").unwrap();
    let (_, err, code) = run(&["grid", "scen", scen.to_str().unwrap()], "");
    assert_eq!(code, Some(2));
    assert!(
        err.contains("line 2, column 13: the start (2, 0) is on a blocked cell"),
        "{err}"
    );
    std::fs::write(&scen, "version 1\n0\tgone.map\t3\t2\t0\t0\t0\t1\t1.0\n").unwrap();
    let (_, err, code) = run(&["grid", "scen", scen.to_str().unwrap()], "");
    assert_eq!(code, Some(2));
    assert!(
        err.contains("cannot read") && err.contains("gone.map"),
        "{err}"
    );
    std::fs::write(
        dir.join("m.map"),
        "type octile\nheight 2\nwidth 3\nmap\n..@\n.%.\n",
    )
    .unwrap();
    std::fs::write(&scen, "version 1\n0\tm.map\t3\t2\t0\t0\t0\t1\t1.0\n").unwrap();
    let (_, err, code) = run(&["grid", "scen", scen.to_str().unwrap()], "");
    assert_eq!(code, Some(2));
    assert!(
        err.contains("m.map: line 6, column 2: '%' is not a map cell"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
