//! Hostile input found by fuzzing (issue 15), each kept as a regression test: path costs that
//! would pass what a u32 counts, and problem text the parser used to take silently or report
//! misleadingly.

use arbor_search::{
    search, Algorithm, Budget, Graph, Limit, Options, Outcome, Problem, Quiet, Status, Step,
    MAX_IDA_DEPTH,
};

/// A chain of `len` steps, each costing `cost`: the state is how far along it is. Text problems
/// cap edge costs at a million and IDA* its depth at [`MAX_IDA_DEPTH`], so no text problem can
/// take IDA* past u32; a problem of its own can.
struct Steps {
    len: u32,
    cost: u32,
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
    fn step_cost(&self, _: &u32, _: ()) -> u32 {
        self.cost
    }
    fn goal_states(&self) -> Vec<u32> {
        vec![self.len]
    }
    fn predecessors(&self, s: &u32, out: &mut Vec<(u32, (), u32)>) {
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

/// 4,400 edges of cost 1,000,000 cost 4,400,000,000, past u32: every search used to report
/// 105,032,704 (the sum wrapped). Now each stops and says the cost was too large.
#[test]
fn a_path_cost_past_u32_stops_the_search_instead_of_wrapping() {
    // IDA* stops at its depth limit first (see below for IDA* past u32).
    for (algorithm, out) in all_but_ida_star(&chain(4_400, 1_000_000)) {
        assert_eq!(
            out.status,
            Status::CutOff { limit: Limit::Cost },
            "{algorithm:?}: {:?}",
            out.solution.map(|s| s.cost)
        );
        assert!(out.solution.is_none(), "{algorithm:?}");
    }
}

#[test]
fn every_search_stops_on_its_own_problem_too() {
    const { assert!(MAX_IDA_DEPTH < 4_295) };
    for algorithm in Algorithm::ALL {
        let past = Steps {
            len: 3,
            cost: 1_500_000_000,
        };
        let out = search(&past, &options(algorithm), &Budget::unlimited(), &mut Quiet);
        assert_eq!(
            out.status,
            Status::CutOff { limit: Limit::Cost },
            "{algorithm:?}"
        );
        let fits = Steps {
            len: 2,
            cost: 2_000_000_000,
        };
        let out = search(&fits, &options(algorithm), &Budget::unlimited(), &mut Quiet);
        assert_eq!(out.solution.unwrap().cost, 4_000_000_000, "{algorithm:?}");
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

/// A path costing exactly what a u32 counts (4,294,967,295 = 3 × 1,431,655,765) is not past it:
/// every search finds it. (IDA* once took an f bound of exactly u32::MAX for "no node beyond the
/// bound" and said the chain had no goal.)
#[test]
fn a_path_costing_exactly_the_largest_count_is_found() {
    let exact = Steps {
        len: 3,
        cost: 1_431_655_765,
    };
    for algorithm in Algorithm::ALL {
        let out = search(
            &exact,
            &options(algorithm),
            &Budget::unlimited(),
            &mut Quiet,
        );
        assert_eq!(out.status, Status::Found, "{algorithm:?}");
        assert_eq!(out.solution.unwrap().cost, u32::MAX, "{algorithm:?}");
    }
}
