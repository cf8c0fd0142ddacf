//! The benchmark maps page (`#/maps`, issue 38): a Moving AI map (`.map`) and its scenarios
//! (`.scen`) opened from a file, dropped on the page or chosen from the shared ones (fetched
//! only then), searched in the worker, and stepped on the map with the tree view's camera; each
//! scenario's length beside the benchmark's.

pub mod page;
pub mod record;

use serde::{Deserialize, Serialize};

use arbor_puzzles::{GridHeuristic, MapSearch};

use crate::route::Route;
use crate::url::{param, pe, step_of, Param, UrlSettings, UrlWarning};

/// A map shipped with the app (in `movingai/`, beside the page), fetched when chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SharedMap {
    /// Its name in links.
    pub key: &'static str,
    /// The map's file.
    pub map: &'static str,
    /// Its scenarios' file.
    pub scen: &'static str,
    /// What it is, for the menu.
    pub title: &'static str,
}

/// The shared maps: the seven of `data/movingai/`, smallest first.
pub const SHARED: [SharedMap; 7] = [
    SharedMap {
        key: "empty16",
        map: "empty-16-16.map",
        scen: "empty-16-16-random-1.scen",
        title: "Empty room, 16 × 16",
    },
    SharedMap {
        key: "random32",
        map: "random-32-32-20.map",
        scen: "random-32-32-20-random-1.scen",
        title: "Random obstacles (20%), 32 × 32",
    },
    SharedMap {
        key: "arena",
        map: "arena.map",
        scen: "arena.map.scen",
        title: "Arena (Dragon Age), 49 × 49",
    },
    SharedMap {
        key: "den312d",
        map: "den312d.map",
        scen: "den312d.map.scen",
        title: "Den 312d (Dragon Age), 65 × 81",
    },
    SharedMap {
        key: "boston",
        map: "Boston_0_256.map",
        scen: "Boston_0_256.map.scen",
        title: "Boston streets, 256 × 256",
    },
    SharedMap {
        key: "room64",
        map: "64room_005.map",
        scen: "64room_005.map.scen",
        title: "Rooms 64 × 64, 512 × 512",
    },
    SharedMap {
        key: "maze512",
        map: "maze512-1-9.map",
        scen: "maze512-1-9.map.scen",
        title: "Maze (corridors 1 wide), 512 × 512",
    },
];

/// The folder of the shared maps, beside the page.
pub const SHARED_FOLDER: &str = "movingai/";

/// The shared map named `key` in links.
pub fn shared(key: &str) -> Option<&'static SharedMap> {
    SHARED.iter().find(|m| m.key == key)
}

/// The page's link: the map (when shared), the scenario, the search and the step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The shared map (none: no map yet, or one from a file, which no link can carry).
    pub map: Option<&'static SharedMap>,
    /// The scenario, by its 0-based index in the file.
    pub scen: usize,
    /// The search.
    pub search: MapSearch,
    /// The heuristic of the informed searches.
    pub heuristic: GridHeuristic,
    /// Weighted A*'s w, in tenths.
    pub w: u32,
    /// The step shown.
    pub step: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            map: None,
            scen: 0,
            search: MapSearch::AStar,
            heuristic: GridHeuristic::Octile,
            w: 15,
            step: 0,
        }
    }
}

/// `#/maps`.
pub const PARAMS: &[Param] = &[
    pe(
        "map",
        "empty16, random32, arena, den312d, boston, room64, maze512",
        "A shared Moving AI map, fetched when the page opens (none: choose one, or open your own .map file).",
        &["#/maps?map=arena&scen=40", "#/maps?map=boston&scen=900&algo=jps"],
    ),
    pe(
        "scen",
        "0, 1, 2 …",
        "The scenario: its 0-based index in the map's scenario file (default 0).",
        &["#/maps?map=den312d&scen=200"],
    ),
    pe(
        "algo",
        "astar, jps, ucs, weighted, greedy, bfs, bidirectional",
        "The search (default astar).",
        &["#/maps?map=maze512&scen=300&algo=jps"],
    ),
    pe(
        "h",
        "octile, euclidean, chebyshev, manhattan, zero",
        "The heuristic of A*, weighted A* and greedy search (default octile).",
        &["#/maps?map=arena&scen=40&h=euclidean"],
    ),
    pe(
        "w",
        "1 … 5, one decimal",
        "Weighted A*'s w (default 1.5).",
        &["#/maps?map=boston&scen=900&algo=weighted&w=2.5"],
    ),
];

impl UrlSettings for Settings {
    fn from_route(route: &Route) -> (Self, Vec<UrlWarning>) {
        let mut s = Settings::default();
        let mut notes = Vec::new();
        let n = &mut notes;
        let maps = SHARED.map(|m| m.key).join(", ");
        let not_shared = format!(
            "“{{}}” is not one of the shared maps ({maps}); choose one below, or open your own."
        );
        s.map = param(route, "map", shared, &not_shared, n);
        let scen = "The scenario “{}” is not a scenario number (0, 1, 2 …); showing scenario 0.";
        s.scen = param(route, "scen", |k| k.parse().ok(), scen, n).unwrap_or(s.scen);
        let algo = "“{}” is not a search of this page (astar, jps, ucs, weighted, greedy, bfs or bidirectional); using A*.";
        s.search = param(route, "algo", MapSearch::from_key, algo, n).unwrap_or(s.search);
        let h = "“{}” is not a heuristic (octile, euclidean, chebyshev, manhattan or zero); using octile distance.";
        s.heuristic = param(route, "h", GridHeuristic::from_key, h, n).unwrap_or(s.heuristic);
        let w = "The weight w “{}” is not a number from 1 to 5 (one decimal); using 1.5.";
        s.w = param(route, "w", crate::search::parse_inflation, w, n).unwrap_or(s.w);
        s.step = step_of(route, &mut notes).unwrap_or(0);
        (s, notes)
    }

    fn to_route(&self, route: &mut Route) {
        route.query.clear();
        if let Some(m) = self.map {
            route.set("map", m.key);
        }
        route.set("scen", self.scen.to_string());
        route.set("algo", self.search.key());
        if self.heuristic != GridHeuristic::Octile {
            route.set("h", self.heuristic.key());
        }
        if self.search == MapSearch::Weighted {
            route.set("w", format!("{}.{}", self.w / 10, self.w % 10));
        }
        if self.step > 0 {
            route.set("step", self.step.to_string());
        }
    }
}

/// What the maps page asks its worker: a search on a benchmark map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// The map, as its `.map` file writes it.
    pub map: String,
    /// The start: (x, y).
    pub start: (usize, usize),
    /// The goal: (x, y).
    pub goal: (usize, usize),
    /// The search.
    pub search: MapSearch,
    /// The heuristic (of the informed searches).
    pub heuristic: GridHeuristic,
    /// Weighted A*'s w, in tenths.
    pub w: u32,
    /// Record at most this many steps.
    pub record: usize,
}

/// A map search's record and how it ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MapResult {
    /// The steps, recorded.
    pub record: record::MapRecord,
    /// The path found, cell by cell (row-major), from the start; a jump's cells between its
    /// ends are not listed.
    pub path: Vec<u32>,
    /// How it ended (no actions or states: the path above stands for them).
    pub summary: crate::search::SearchSummary,
}

/// What the maps page's worker answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    /// The search, recorded, and how it ended.
    Done(Box<MapResult>),
}
