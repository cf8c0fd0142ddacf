//! `arbor c4 solve --profile`: where a solve's work goes, counted by an observer of the
//! solver's own search — how often the transposition tables held a node, how often the first
//! move tried was the one that cut off, and how many of the root's moves each null-window
//! search took.

use std::fmt::Write as _;

use arbor_game::{HitEffect, Observer};
use arbor_games::connect4::{Connect4Solver, NEAR_FROM_PLY};

/// Counts of one solve. Nodes are "near" when [`NEAR_FROM_PLY`] or more plies below the root
/// (kept in the near table), "main" otherwise.
#[derive(Default)]
pub struct Profile {
    /// Children returned so far at each ply of the path from the root.
    children: Vec<u32>,
    /// Ply of the open node.
    depth: usize,
    /// Moves the open root skipped at its cutoff (if any).
    root_skipped: u32,
    /// Inner nodes (searched below, or settled by their bounds or the table): main, near.
    inner: [u64; 2],
    /// Inner nodes whose position the table held: main, near.
    found: [u64; 2],
    /// … and whose entry answered the node outright.
    answered: [u64; 2],
    /// Cutoffs, and those at the first move tried.
    cutoffs: u64,
    first_cutoffs: u64,
    /// The root's moves searched, out of its moves, in each search of the solve.
    root: Vec<(u32, u32)>,
}

impl Profile {
    fn class(&self) -> usize {
        usize::from(self.depth as u32 >= NEAR_FROM_PLY)
    }

    /// The counts as `found% answered% (main) found% answered% (near) first-cut% root`, for
    /// `solve`'s line: e.g. `main 61.2/48.0 near 55.1/47.3 first 93.1 root 1/4,4/4`.
    pub fn summary(&self) -> String {
        let pct = |a: u64, b: u64| 100.0 * a as f64 / b.max(1) as f64;
        let mut out = String::new();
        for (i, name) in ["main", "near"].iter().enumerate() {
            let _ = write!(
                out,
                "{name} {:.1}/{:.1} ",
                pct(self.found[i], self.inner[i]),
                pct(self.answered[i], self.inner[i])
            );
        }
        let _ = write!(
            out,
            "first {:.1} root ",
            pct(self.first_cutoffs, self.cutoffs)
        );
        let root: Vec<String> = self.root.iter().map(|(s, n)| format!("{s}/{n}")).collect();
        out.push_str(&root.join(","));
        out
    }
}

impl Observer<Connect4Solver> for Profile {
    fn enter(
        &mut self,
        _state: &arbor_games::connect4::Position,
        _mv: Option<u8>,
        depth: u32,
        _window: Option<(i32, i32)>,
    ) {
        self.depth = depth as usize;
        if self.children.len() <= self.depth {
            self.children.resize(self.depth + 1, 0);
        }
        self.children[self.depth] = 0;
        if self.depth == 0 {
            self.root_skipped = 0;
        }
        let class = self.class();
        self.inner[class] += 1;
    }

    fn evaluated(&mut self, _value: i32, _horizon: bool) {
        // A leaf, not an inner node.
        let class = self.class();
        self.inner[class] -= 1;
    }

    fn returned(&mut self, _value: i32) {
        self.children[self.depth] += 1;
    }

    fn cutoff(&mut self, _value: i32, skipped: &[u8]) {
        self.cutoffs += 1;
        if self.children[self.depth] == 1 {
            self.first_cutoffs += 1;
        }
        if self.depth == 0 {
            self.root_skipped = skipped.len() as u32;
        }
    }

    fn table_hit(&mut self, _value: i32, _bound: arbor_game::Bound, _depth: u32, e: HitEffect) {
        let class = self.class();
        self.found[class] += 1;
        if e == HitEffect::Answered {
            self.answered[class] += 1;
        }
    }

    fn exit(&mut self, _value: i32, _best: Option<u8>) {
        if self.depth == 0 {
            let searched = self.children[0];
            if searched > 0 {
                self.root.push((searched, searched + self.root_skipped));
            }
        } else {
            self.depth -= 1;
        }
    }
}
