//! The page and its worker exchange every kind of request and answer as bytes, unchanged.

use arbor_app::protocol::{
    asked, failed_bytes, from_bytes, news, news_bytes, panic_request, reply, reply_bytes,
    request_bytes, to_bytes, Asked, FromWorker, Job, News, ToWorker,
};
use arbor_app::search::{Family, ProblemSpec, Request, ScaleRequest, SearchRequest};
use arbor_app::work::Reply;
use arbor_app::{alphabeta, heuristics, maps, mcts, play, search};
use arbor_puzzles::{BlocksSpec, Heuristic};
use arbor_search::{graph_preset, Algorithm, Options};
use arbor_worker::{answer, replies};

/// Every answer to every kind of request crosses to the page and back unchanged.
#[test]
fn every_message_survives_the_bytes_between_page_and_worker() {
    use arbor_app::alphabeta::ExplainRequest;
    use arbor_app::play::ThinkRequest;
    use arbor_app::play::{Kind, Rules};
    let puzzle = ProblemSpec::Puzzle {
        rows: 3,
        cols: 3,
        start: vec![1, 2, 3, 4, 0, 6, 7, 5, 8],
        goal: vec![1, 2, 3, 4, 5, 6, 7, 8, 0],
        heuristic: Heuristic::Manhattan,
    };
    let graph = ProblemSpec::Graph {
        text: graph_preset("seed000-tree").unwrap().text.to_string(),
    };
    let blocks = ProblemSpec::Blocks {
        spec: BlocksSpec::coursework((1, 2), (1, 3), (4, 3), (2, 4)),
        heuristic: true,
    };
    let mut requests: Vec<ToWorker> = [puzzle, graph, blocks]
        .into_iter()
        .flat_map(|problem| {
            [Algorithm::AStar, Algorithm::DepthLimited].map(|algorithm| {
                ToWorker::Search(Request::Search(SearchRequest {
                    problem: problem.clone(),
                    options: Options::new(algorithm).depth_limit(3),
                    record: 50,
                    max_nodes: Some(20_000),
                }))
            })
        })
        .collect();
    requests.push(ToWorker::Search(Request::Scale(ScaleRequest {
        family: Family::Eight,
        depths: vec![2, 40],
        algorithms: vec![Algorithm::AStar],
        mode: arbor_search::Mode::Graph,
        budget: 1_000,
        seed: 1,
    })));
    for (kind, moves, level) in [
        (Kind::TicTacToe, "5", "perfect"),
        (Kind::Connect4, "4453", "seed4"),
        (Kind::Nim, "", "perfect"),
    ] {
        let rules = Rules::of(kind);
        let think = ThinkRequest {
            rules: rules.clone(),
            moves: moves.into(),
            level: level.into(),
            seed: 3,
            millis: 2_000,
        };
        let thought = replies(play::Request::Think(think.clone()), &|| 0.0)
            .into_iter()
            .find_map(|m| match m {
                Reply::Answer(play::Answer::Thought(t)) => Some(t),
                _ => None,
            })
            .expect("a move");
        requests.push(ToWorker::Play(play::Request::Think(think)));
        requests.push(ToWorker::Play(play::Request::Hints {
            rules: rules.clone(),
            moves: moves.into(),
        }));
        requests.push(ToWorker::AlphaBeta(alphabeta::Request {
            explain: ExplainRequest {
                rules,
                moves: moves.into(),
                level: level.into(),
                seed: 3,
                depth: thought.depth,
                solver: thought.solver,
                weak: thought.weak,
                limit: 500,
            },
            o_first: false,
        }));
    }
    requests.push(ToWorker::Mcts(mcts::Request::default()));
    requests.push(ToWorker::Heuristics(heuristics::LabRequest {
        run: 4,
        job: heuristics::Job::Estimates {
            rows: 3,
            cols: 3,
            tiles: vec![1, 2, 3, 4, 0, 6, 7, 5, 8],
            goal: vec![1, 2, 3, 4, 5, 6, 7, 8, 0],
        },
    }));
    requests.push(ToWorker::Maps(maps::Request {
        map: "type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n".into(),
        start: (0, 0),
        goal: (2, 1),
        search: arbor_puzzles::MapSearch::Jps,
        heuristic: arbor_puzzles::GridHeuristic::Octile,
        w: 10,
        record: 100,
    }));
    let mut kinds = std::collections::BTreeSet::new();
    for request in &requests {
        let bytes = to_bytes(request).unwrap();
        assert_eq!(&from_bytes::<ToWorker>(&bytes).unwrap(), request);
        read_as_a_worker(request, &bytes);
        let mut answers = Vec::new();
        // A clock that moves on (1 ms a reading): connect four's hints stop at their time.
        let clock = arbor_util::SteppingClock::new(1.0);
        answer(request, &mut |m| answers.push(m), &clock.as_fn());
        for message in answers {
            let bytes = to_bytes(&message).unwrap();
            let back: FromWorker = from_bytes(&bytes).unwrap();
            assert_eq!(back, message);
            assert_eq!(written_by_a_worker(&message), bytes, "{message:?}");
            read_as_a_page(&message);
            // The answer's own kind: `Search(Answer(Recorded(…` is "Recorded".
            let debug = format!("{message:?}");
            let kind = debug
                .split(['(', ')', ' '])
                .nth(2)
                .unwrap_or_default()
                .to_string();
            kinds.insert(kind);
            if let FromWorker::Heuristics(Reply::Answer((4, heuristics::LabAnswer::Estimates(_)))) =
                message
            {
                kinds.insert("Estimates".into());
            }
        }
    }
    let progress = arbor_app::work::Progress {
        generated: 300,
        expanded: 7,
        millis: 2.5,
    };
    for message in [
        FromWorker::Ready,
        FromWorker::Panicked("at x.rs:1".into()),
        FromWorker::Failed("could not read".into()),
        FromWorker::Mcts(Reply::Progress(progress)),
        FromWorker::Heuristics(Reply::Progress(progress)),
    ] {
        assert_eq!(
            from_bytes::<FromWorker>(&to_bytes(&message).unwrap()).unwrap(),
            message
        );
        assert_eq!(
            written_by_a_worker(&message),
            to_bytes(&message).unwrap(),
            "{message:?}"
        );
        read_as_a_page(&message);
    }
    read_as_a_worker(&ToWorker::Panic, &to_bytes(&ToWorker::Panic).unwrap());
    for kind in [
        "Recorded",
        "Done",
        "ScalePoint",
        "ScaleDone",
        "Thought",
        "Hints",
        "ExplainedView",
        "MctsView",
        "Estimates",
        "Done",
    ] {
        assert!(kinds.contains(kind), "no {kind} among {kinds:?}");
    }
    // Bytes that are not a message are refused with a reason, never a panic.
    assert!(from_bytes::<FromWorker>(&[250, 1, 2]).is_err());
    assert!(news(&[250, 1, 2]).is_err());
    assert!(news(&[]).is_err());
    assert!(reply::<search::Request>(&[9]).is_err());
    assert!(reply::<play::Request>(&[4, 250]).is_err());
    assert!(from_bytes::<ToWorker>(&[]).is_err());
    assert!(asked::<search::Request>(&[]).is_err());
    assert!(asked::<search::Request>(&[9]).is_err());
    assert!(
        asked::<search::Request>(&[6]).is_err(),
        "the maps page's request"
    );
    assert!(asked::<search::Request>(&[5, 0]).is_err());
    assert!(asked::<mcts::Request>(&[3, 250]).is_err());
}

/// A page writes its request without the envelope's encoder, and each worker reads its own kind
/// of request only (and the request to panic): each gives what the whole envelope gives, and a
/// worker sent another page's request says so.
fn read_as_a_worker(request: &ToWorker, bytes: &[u8]) {
    fn only<J: Job + std::fmt::Debug>(bytes: &[u8], request: &ToWorker, mine: Option<&J>) {
        match (asked::<J>(bytes), mine) {
            (Ok(Asked::Job(j)), Some(mine)) => assert_eq!(&j, mine),
            (Ok(Asked::Panic), None) => assert_eq!(request, &ToWorker::Panic),
            (Err(e), None) => {
                assert_ne!(request, &ToWorker::Panic);
                assert!(e.contains("another page's request"), "{e}");
            }
            (got, _) => panic!("{request:?} read by the {} worker as {got:?}", J::WORKER),
        }
        if let Some(mine) = mine {
            assert_eq!(request_bytes(mine).unwrap(), bytes);
        }
    }
    if request == &ToWorker::Panic {
        assert_eq!(panic_request(), bytes);
    }
    only::<search::Request>(
        bytes,
        request,
        match request {
            ToWorker::Search(j) => Some(j),
            _ => None,
        },
    );
    only::<play::Request>(
        bytes,
        request,
        match request {
            ToWorker::Play(j) => Some(j),
            _ => None,
        },
    );
    only::<alphabeta::Request>(
        bytes,
        request,
        match request {
            ToWorker::AlphaBeta(j) => Some(j),
            _ => None,
        },
    );
    only::<mcts::Request>(
        bytes,
        request,
        match request {
            ToWorker::Mcts(j) => Some(j),
            _ => None,
        },
    );
    only::<heuristics::Request>(
        bytes,
        request,
        match request {
            ToWorker::Heuristics(j) => Some(j),
            _ => None,
        },
    );
    only::<maps::Request>(
        bytes,
        request,
        match request {
            ToWorker::Maps(j) => Some(j),
            _ => None,
        },
    );
}

/// A message as a worker writes it, without the envelope's encoder.
fn written_by_a_worker(message: &FromWorker) -> Vec<u8> {
    match message {
        FromWorker::Ready => news_bytes(&News::Ready),
        FromWorker::Panicked(what) => news_bytes(&News::Panicked(what.clone())),
        FromWorker::Failed(why) => failed_bytes(why),
        FromWorker::Search(r) => reply_bytes::<search::Request>(r),
        FromWorker::Play(r) => reply_bytes::<play::Request>(r),
        FromWorker::AlphaBeta(r) => reply_bytes::<alphabeta::Request>(r),
        FromWorker::Mcts(r) => reply_bytes::<mcts::Request>(r),
        FromWorker::Heuristics(r) => reply_bytes::<heuristics::Request>(r),
        FromWorker::Maps(r) => reply_bytes::<maps::Request>(r),
    }
    .unwrap()
}

/// A page reads a message in two steps, the worker's news and then its own job's reply
/// (without decoding every page's answers): each step gives what the whole decoder gives.
fn read_as_a_page(message: &FromWorker) {
    fn mine<J: Job>(bytes: &[u8], message: &FromWorker)
    where
        J::Answer: PartialEq + std::fmt::Debug,
    {
        assert_eq!(
            reply::<J>(bytes).unwrap(),
            J::reply(message.clone()),
            "{message:?}"
        );
    }
    let bytes = to_bytes(message).unwrap();
    let expected = match message {
        FromWorker::Ready => Some(News::Ready),
        FromWorker::Panicked(what) => Some(News::Panicked(what.clone())),
        _ => None,
    };
    assert_eq!(news(&bytes).unwrap(), expected);
    mine::<search::Request>(&bytes, message);
    mine::<play::Request>(&bytes, message);
    mine::<alphabeta::Request>(&bytes, message);
    mine::<mcts::Request>(&bytes, message);
    mine::<heuristics::Request>(&bytes, message);
    mine::<maps::Request>(&bytes, message);
}
