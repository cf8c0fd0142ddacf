//! Hostile input found by fuzzing (issue 15), kept as regression tests.

use arbor_puzzles::{parse_tiles, BlocksSpec, Heuristic, NPuzzle};

#[test]
fn a_board_whose_size_overflows_is_refused() {
    // 3 × 6148914691236517206 (usize::MAX / 3 + 1 on 64 bits) wraps to 2.
    let e = NPuzzle::new(
        3,
        usize::MAX / 3 + 1,
        &[1, 0],
        &[1, 0],
        Heuristic::Manhattan,
    )
    .unwrap_err();
    assert!(e.0.contains("at most 25 cells"), "{}", e.0);
}

#[test]
fn the_blocks_world_has_one_agent() {
    let e = BlocksSpec::parse("4x4 A(1,1) @(2,1) @(3,1) goal A(2,2)").unwrap_err();
    assert!(e.contains("two agents"), "{e}");
}

#[test]
fn a_block_has_one_goal() {
    let spec = BlocksSpec::parse("4x4 A(1,1) @(2,1) goal A(2,2) A(3,3)").unwrap();
    let e = arbor_puzzles::BlocksWorld::new(&spec, true).err().unwrap();
    assert!(e.contains("block A has two goal cells"), "{e}");
}

#[test]
fn invisible_characters_are_named() {
    let e = parse_tiles("1 2\u{200B} 3").unwrap_err();
    assert!(e.contains("<U+200B>"), "{e}");
    let e = BlocksSpec::parse("4x4 A(1,1)\u{200B} @(2,1)").unwrap_err();
    assert!(e.contains("<U+200B>"), "{e}");
}
