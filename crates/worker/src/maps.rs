//! The maps page's searches: a benchmark map searched from a scenario's start to its goal,
//! recorded step by step for the page ([`MapWatch`]), with the path found.

use arbor_app::maps::record::MapWatch;
use arbor_app::maps::{Answer, MapResult, Request as MapRequest};
use arbor_app::search::SearchSummary;
use arbor_app::work::Reply;
use arbor_puzzles::{cell_of, GridMap};
use arbor_search::{search, Budget, Mode, Options, Problem};

/// The most nodes a map search generates: far more than any map of 1024 × 1024 needs with
/// the searches offered, and a bound on the tab's memory.
const MAX_NODES: u64 = 40_000_000;

/// Searches the map as `request` asks, posting progress, then the record and the result (or
/// why it cannot).
pub fn serve_map(request: &MapRequest, post: &mut dyn FnMut(Reply<Answer>), now: &dyn Fn() -> f64) {
    match result(request, post, now) {
        Ok(r) => post(Reply::Answer(Answer::Done(Box::new(r)))),
        Err(why) => post(Reply::Failed(why)),
    }
}

fn result(
    request: &MapRequest,
    post: &mut dyn FnMut(Reply<Answer>),
    now: &dyn Fn() -> f64,
) -> Result<MapResult, String> {
    let map = GridMap::parse(&request.map).map_err(|e| format!("the map is not readable: {e}"))?;
    let grid = map
        .grid(request.start, request.goal)?
        .with_heuristic(request.heuristic);
    let (grid, algorithm) = request.search.prepare(grid, request.w)?;
    let started = now();
    let cells = grid.width() * grid.height();
    let of: fn(&u32) -> u32 = |&s| cell_of(s);
    let mut watch = MapWatch::new(cells, request.record, of, post, now);
    let options = Options::new(algorithm).mode(Mode::Graph);
    let outcome = search(&grid, &options, &Budget::nodes(MAX_NODES), &mut watch);
    let record = watch.finish();
    let mut path = Vec::new();
    let cost = match &outcome.solution {
        Some(found) => {
            let mut state = grid.start();
            path.push(cell_of(state));
            for &a in &found.actions {
                grid.apply(&mut state, a);
                path.push(cell_of(state));
            }
            found.cost
        }
        None => 0,
    };
    Ok(MapResult {
        record,
        path,
        summary: SearchSummary {
            status: outcome.status,
            actions: Vec::new(),
            states: Vec::new(),
            cost,
            stats: outcome.stats,
            millis: now() - started,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbor_app::maps::record::MapMarks;
    use arbor_puzzles::{GridHeuristic, MapSearch, Scenario};
    use arbor_search::Status;

    const MAP: &str = "type octile\nheight 4\nwidth 6\nmap\n......\n.@@@@.\n......\n......\n";

    fn ask(map: &str, goal: (usize, usize), search: MapSearch) -> Vec<Reply<Answer>> {
        let mut out = Vec::new();
        let request = MapRequest {
            map: map.into(),
            start: (0, 0),
            goal,
            search,
            heuristic: GridHeuristic::Octile,
            w: 15,
            record: 1_000,
        };
        serve_map(&request, &mut |m| out.push(m), &|| 0.0);
        out
    }

    /// Every search finds the path the benchmark's rule gives, the path runs from the start to
    /// the goal, and the record's last step takes the goal.
    #[test]
    fn a_map_search_answers_with_its_record_and_path() {
        let scen = "version 1\n0\tm.map\t6\t4\t0\t0\t5\t3\t7.41421356\n";
        let map = GridMap::parse(MAP).unwrap();
        let s = &Scenario::parse_file(scen, Some(&map)).unwrap()[0];
        for search in MapSearch::ALL {
            let out = ask(MAP, (5, 3), search);
            let [Reply::Answer(Answer::Done(r))] = out.as_slice() else {
                panic!("{search:?}: {out:?}")
            };
            assert_eq!(r.summary.status, Status::Found, "{search:?}");
            if search.optimal() {
                assert!(s.matches(r.summary.cost), "{search:?}: {}", r.summary.cost);
            }
            assert_eq!(r.path.first(), Some(&0));
            assert_eq!(r.path.last(), Some(&(3 * 6 + 5)));
            if search != MapSearch::Bidirectional {
                assert_eq!(r.record.taken.last(), Some(&(3 * 6 + 5)), "{search:?}");
            }
            let mut marks = MapMarks::new(&r.record, 24);
            marks.seek(&r.record, r.record.steps(), |_, _| {});
            assert!(marks.explored() > 0 && !r.record.cut_short);
        }
    }

    #[test]
    fn a_broken_map_or_a_goal_on_a_wall_is_refused_with_why() {
        let out = ask(
            "type octile\nheight 2\nwidth 2\nmap\n..\n.x\n",
            (1, 1),
            MapSearch::AStar,
        );
        assert!(
            matches!(&out[..], [Reply::Failed(m)] if m.contains("line 6")),
            "{out:?}"
        );
        let out = ask(MAP, (2, 1), MapSearch::Jps);
        assert!(
            matches!(&out[..], [Reply::Failed(m)] if m.contains("wall") || m.contains("blocked")),
            "{out:?}"
        );
    }
}
