//! Hostile input found by fuzzing (issue 15), each kept as a regression test: path costs that
//! would pass what a search counts ([`MAX_PATH_COST`]), and problem text the parser used to take
//! silently or report misleadingly.

use arbor_search::{
    search, Algorithm, Budget, Cost, Graph, Limit, Options, Outcome, Problem, Quiet, Status, Step,
    MAX_PATH_COST,
};

/// A chain of `len` steps, each costing `cost`: the state is how far along it is. Text problems
/// cap edge costs at a million, so no text problem can take a search past [`MAX_PATH_COST`]; a
/// problem of its own can.
struct Steps {
    len: u32,
    cost: Cost,
}

impl Problem for Steps {
    type State = u32;
    type Action = ();
    type Undo = ();
    type Actions<'a> = std::option::IntoIter<()>;

    fn start(&self) -> u32 {
        0
    }
    fn is_goal(&self, s: &u32) -> bool {
        *s == self.len
    }
    fn actions<'a>(&'a self, s: &u32) -> Self::Actions<'a> {
        (*s < self.len).then_some(()).into_iter()
    }
    fn apply(&self, s: &mut u32, _: ()) {
        *s += 1;
    }
    fn undo(&self, s: &mut u32, _: ()) {
        *s -= 1;
    }
    fn step_cost(&self, _: &u32, _: ()) -> Cost {
        self.cost
    }
    fn goal_states(&self) -> Vec<u32> {
        vec![self.len]
    }
    fn predecessors(&self, s: &u32, out: &mut Vec<(u32, (), Cost)>) {
        if *s > 0 {
            out.push((*s - 1, (), self.cost));
        }
    }
}

/// A one-way chain n0 → n1 → … → n`len`, every edge costing `cost`, the goal at its end.
fn chain(len: usize, cost: u32) -> Graph {
    let mut text: String = (0..len)
        .map(|i| format!("n{i} -> n{}:{cost}\n", i + 1))
        .collect();
    text.push_str(&format!("goal n{len}\n"));
    Graph::parse(&text).unwrap()
}

fn options(algorithm: Algorithm) -> Options {
    let mut o = Options::new(algorithm);
    if algorithm == Algorithm::DepthLimited {
        o.depth_limit = Some(5_000);
    }
    o
}

/// Every search but IDA* (whose depth cap comes before such long chains), unlimited.
fn all_but_ida_star(graph: &Graph) -> Vec<(Algorithm, Outcome<Step>)> {
    Algorithm::ALL
        .into_iter()
        .filter(|&a| a != Algorithm::IdaStar)
        .map(|a| {
            (
                a,
                search(graph, &options(a), &Budget::unlimited(), &mut Quiet),
            )
        })
        .collect()
}

/// 4,400 edges of cost 1,000,000 cost 4,400,000,000: when costs were 32 bits wide, every
/// search reported 105,032,704 (the sum wrapped), then stopped and said the cost was too large.
/// Costs are 64 bits wide now: the cost is exact.
#[test]
fn a_path_cost_past_u32_is_exact() {
    for (algorithm, out) in all_but_ida_star(&chain(4_400, 1_000_000)) {
        assert_eq!(out.status, Status::Found, "{algorithm:?}");
        assert_eq!(out.solution.unwrap().cost, 4_400_000_000, "{algorithm:?}");
    }
}

/// Past what a search counts, every search stops and says so, never a wrapped cost.
#[test]
fn every_search_stops_past_the_largest_cost() {
    for algorithm in Algorithm::ALL {
        let past = Steps {
            len: 3,
            cost: Cost::MAX / 3 + 1,
        };
        let out = search(&past, &options(algorithm), &Budget::unlimited(), &mut Quiet);
        assert_eq!(
            out.status,
            Status::CutOff { limit: Limit::Cost },
            "{algorithm:?}"
        );
        let fits = Steps {
            len: 2,
            cost: 4_000_000_000_000_000_000,
        };
        let out = search(&fits, &options(algorithm), &Budget::unlimited(), &mut Quiet);
        assert_eq!(
            out.solution.unwrap().cost,
            8_000_000_000_000_000_000,
            "{algorithm:?}"
        );
    }
}

/// Just under the limit the cost is exact: 4,000 edges of 1,000,000.
#[test]
fn a_large_cost_that_fits_is_exact() {
    for (algorithm, out) in all_but_ida_star(&chain(4_000, 1_000_000)) {
        assert_eq!(out.status, Status::Found, "{algorithm:?}");
        assert_eq!(out.solution.unwrap().cost, 4_000_000_000, "{algorithm:?}");
    }
}

#[test]
fn a_cost_with_too_many_digits_is_quoted() {
    let e = Graph::parse("A -> B:12345678901234567890123\ngoal B").unwrap_err();
    assert_eq!((e.line, e.column), (1, 8));
    assert!(
        e.message.contains("12345678901234567890123 is too large"),
        "{}",
        e.message
    );
}

#[test]
fn a_second_start_or_estimate_is_refused() {
    let e = Graph::parse("A -> B C\nstart A\nstart C\ngoal B").unwrap_err();
    assert_eq!(e.line, 3);
    assert!(e.message.contains("start is given twice"), "{}", e.message);
    let e = Graph::parse("A -> B\nh A=3 A=4\ngoal B").unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.message.contains("given twice"), "{}", e.message);
}

#[test]
fn an_invisible_character_is_named() {
    let e = Graph::parse("A -> B\u{200B}\ngoal B").unwrap_err();
    assert!(e.message.contains("U+200B"), "{}", e.message);
}

/// A path costing exactly the most a search counts (2 × 9,223,372,036,854,775,807) is not past
/// it: every search finds it. (IDA* once took an f bound of exactly the largest count for "no
/// node beyond the bound" and said the chain had no goal.) One more is past it, for every search.
#[test]
fn a_path_costing_exactly_the_largest_count_is_found() {
    let exact = Steps {
        len: 2,
        cost: MAX_PATH_COST / 2,
    };
    const { assert!(MAX_PATH_COST.is_multiple_of(2)) };
    for algorithm in Algorithm::ALL {
        let out = search(
            &exact,
            &options(algorithm),
            &Budget::unlimited(),
            &mut Quiet,
        );
        assert_eq!(out.status, Status::Found, "{algorithm:?}");
        assert_eq!(out.solution.unwrap().cost, MAX_PATH_COST, "{algorithm:?}");
        let past = Steps {
            len: 3,
            cost: Cost::MAX / 3,
        };
        let out = search(&past, &options(algorithm), &Budget::unlimited(), &mut Quiet);
        assert_eq!(
            out.status,
            Status::CutOff { limit: Limit::Cost },
            "{algorithm:?}"
        );
    }
}
