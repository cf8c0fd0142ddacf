//! IDA*'s traces, pinned: a change detector for rewrites of its loop made for speed.
//!
//! The fingerprints were printed by IDA* as it was at commit 3ecc88e, before its inner loop was
//! reworked for speed: every event, node and outcome of IDA* on 500 random graphs, with and
//! without the cycle check, with and without a depth limit, and within a node budget that stops
//! it part way. A faster IDA* must tell the visualiser exactly the same story, and the search
//! unwatched must end as the search watched does.

use arbor_search::{search, Algorithm, Budget, Graph, Options, Quiet, Recorder};
use arbor_util::SplitMix64;

mod common;
use common::random_graph;

fn fnv(hash: &mut u64, text: &str) {
    for b in text.bytes().chain([b'\n']) {
        *hash = (*hash ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
    }
}

/// FNV-1a over IDA*'s recorded traces and outcomes on 500 random graphs, with `options` and
/// `budget`; each outcome is also checked against the unobserved search's.
fn fingerprint(options: Options, budget: Budget<'_>) -> u64 {
    let mut rng = SplitMix64(0x1da5);
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for _ in 0..500 {
        let graph =
            Graph::parse(&random_graph(&mut rng, true)).expect("a well-formed random graph");
        let mut rec = Recorder::new();
        let watched = search(&graph, &options, &budget, &mut rec);
        let quiet = search(&graph, &options, &budget, &mut Quiet);
        assert_eq!(watched.status, quiet.status, "watching changed the outcome");
        assert_eq!(watched.solution, quiet.solution);
        assert_eq!(watched.stats, quiet.stats);
        fnv(&mut hash, &format!("{:?}", rec.into_trace()));
        fnv(&mut hash, &format!("{watched:?}"));
    }
    hash
}

#[test]
fn ida_star_traces_are_as_pinned() {
    let ida = Options::new(Algorithm::IdaStar);
    let no_check = Options {
        cycle_check: false,
        ..ida
    };
    let cases = [
        (
            "cycle check",
            ida,
            Budget::nodes(5_000),
            0x542a_36e3_01bc_2088,
        ),
        (
            "no cycle check",
            no_check,
            Budget::nodes(5_000),
            0x5e5e_7d36_35d1_4147,
        ),
        (
            "depth limit 3",
            ida.depth_limit(3),
            Budget::nodes(5_000),
            0xb69a_7824_ecae_d66a,
        ),
        (
            "no check, depth 4",
            no_check.depth_limit(4),
            Budget::nodes(5_000),
            0xb440_a1f8_bdb5_b9bf,
        ),
        ("budget 40", ida, Budget::nodes(40), 0xfef8_cbc8_8280_74c5),
        (
            "no check, budget 40",
            no_check,
            Budget::nodes(40),
            0x2752_0d5b_7c20_eaa1,
        ),
    ];
    let got: Vec<_> = cases
        .iter()
        .map(|(name, options, budget, _)| (*name, fingerprint(*options, *budget)))
        .collect();
    for (name, hash) in &got {
        println!("{name}: {hash:#018x}");
    }
    for ((name, _, _, want), (_, hash)) in cases.iter().zip(&got) {
        assert_eq!(*hash, *want, "{name}");
    }
}
