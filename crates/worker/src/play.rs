//! The Play page's AI, run in the worker: choose a move at a level, reporting progress (the
//! perfect connect-four player keeps its table and opening book from move to move); score every
//! move for hints.

use std::cell::RefCell;

use arbor_game::{mcts, Budget, Clock, Game, MctsObserver, MctsTree, Observer};
use arbor_games::ai::{self, Choice, Plan};
use arbor_games::connect4::{Connect4, Eval, HintValue, PerfectPlayer, Proof};
use arbor_games::connect4_book::Book;

use arbor_app::game::{c4_stones, Move, Pos, Rules, Strength, Verdict};
use arbor_app::game::{own_moves, position, ttt_plies, TTT};
use arbor_app::mcts::win_draw_loss;
use arbor_app::play::{mcts_request, Hint, MctsPlay, ThinkRequest, Thinking, Thought};
use arbor_app::work::Reply;

/// Transposition table of the AI's searches (2^bits entries).
pub(crate) const TABLE_BITS: u32 = 18;
/// Transposition table of connect four's perfect player, kept from move to move in the
/// worker: 2^21 entries of 8 bytes, 16 MiB (and the solver's 2 MiB near table).
const PERFECT_TABLE_BITS: u32 = 21;

/// Where the opening book's bytes come from (the worker fetches its file).
pub type BookLoader = Box<dyn Fn() -> Result<Vec<u8>, String>>;

/// The opening book: not asked for yet, in use, or unreadable (and why).
enum BookState {
    Unasked,
    Ready,
    Failed(String),
}

thread_local! {
    static PERFECT: RefCell<PerfectPlayer> = RefCell::new(PerfectPlayer::new(PERFECT_TABLE_BITS));
    static BOOK: RefCell<BookState> = const { RefCell::new(BookState::Unasked) };
    static LOADER: RefCell<Option<BookLoader>> = const { RefCell::new(None) };
}

/// Says where the opening book comes from: it is loaded the first time a game needs it.
pub fn set_book_loader(loader: BookLoader) {
    LOADER.set(Some(loader));
    BOOK.set(BookState::Unasked);
}

/// Loads the opening book if no game has asked for it yet; says why, if it cannot be used.
fn ensure_book() -> Option<String> {
    let state = BOOK.with_borrow(|b| match b {
        BookState::Unasked => None,
        BookState::Ready => Some(None),
        BookState::Failed(why) => Some(Some(why.clone())),
    });
    if let Some(known) = state {
        return known;
    }
    let loaded = LOADER.with_borrow(|l| match l {
        Some(load) => load(),
        None => Err("there is none here".to_string()),
    });
    let book = loaded.and_then(|bytes| Book::from_bytes(&bytes).map_err(|e| e.to_string()));
    match book {
        Ok(book) => {
            PERFECT.with_borrow_mut(|p| p.set_book(Some(book)));
            BOOK.set(BookState::Ready);
            None
        }
        Err(why) => {
            let note = format!(
                "The opening book could not be used ({why}): the AI searches every move instead."
            );
            BOOK.set(BookState::Failed(note.clone()));
            Some(note)
        }
    }
}

/// A clock from a function giving milliseconds.
struct FnClock<'a>(&'a dyn Fn() -> f64);

impl Clock for FnClock<'_> {
    fn now_ms(&self) -> f64 {
        (self.0)()
    }
}

/// Counts nodes as a search enters them, and reports every so often.
struct Ticker<'a, 'b> {
    /// This ticker watches connect four's solver.
    solving: bool,
    nodes: u64,
    base: u64,
    last: f64,
    now: &'a dyn Fn() -> f64,
    state: &'a RefCell<Thinking>,
    report: &'a RefCell<&'b mut dyn FnMut(Thinking)>,
}

impl<'a, 'b> Ticker<'a, 'b> {
    fn new(
        solving: bool,
        now: &'a dyn Fn() -> f64,
        state: &'a RefCell<Thinking>,
        report: &'a RefCell<&'b mut dyn FnMut(Thinking)>,
    ) -> Self {
        Ticker {
            solving,
            nodes: 0,
            base: 0,
            last: now(),
            now,
            state,
            report,
        }
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(8192) {
            let t = (self.now)();
            if t - self.last >= 150.0 {
                self.last = t;
                let mut s = self.state.borrow().clone();
                s.nodes = s.nodes.max(self.base + self.nodes);
                s.solving = self.solving;
                (self.report.borrow_mut())(s);
            }
        }
    }
}

impl<G: Game> Observer<G> for Ticker<'_, '_> {
    fn enter(&mut self, _: &G::State, _: Option<G::Move>, _: u32, _: Option<(i32, i32)>) {
        self.tick();
    }
}

pub(crate) fn level_of(rules: &Rules, key: &str) -> Result<Strength, String> {
    rules
        .kind
        .level(key)
        .map(|l| l.strength)
        .ok_or_else(|| format!("“{key}” is not a level of {}", rules.kind.title()))
}

pub(crate) fn plan(strength: Strength, seed: u64, depth_cap: Option<u32>) -> Plan {
    let depth = match strength {
        Strength::Depth { depth, .. } => Some(depth),
        Strength::Perfect | Strength::Mcts { .. } => None,
    };
    let depth = match (depth, depth_cap) {
        (Some(d), Some(c)) => Some(d.min(c)),
        (d, c) => c.or(d),
    };
    Plan {
        table_bits: TABLE_BITS,
        ..Plan::new(depth, seed)
    }
}

/// Chooses the AI's move. `now` gives milliseconds; `report` hears of progress.
pub fn think(
    request: &ThinkRequest,
    now: &dyn Fn() -> f64,
    report: &mut dyn FnMut(Thinking),
) -> Result<Thought, String> {
    let rules = &request.rules;
    let pos = position(rules, &request.moves)?;
    let strength = level_of(rules, &request.level)?;
    if pos.actions(rules).is_empty() {
        return Err("the game is over".into());
    }
    if let Strength::Mcts { iterations, timed } = strength {
        let millis = timed.then_some(f64::from(request.millis));
        return Ok(think_mcts(request, &pos, iterations, millis, now, report));
    }
    let heard = Heard {
        state: RefCell::new(Thinking {
            depth: 0,
            nodes: 0,
            best: None,
            solving: false,
            mcts: false,
        }),
        report: RefCell::new(report),
    };
    match (&pos, strength) {
        (Pos::C4(p), Strength::Perfect) => think_perfect(request, &pos, p, now, &heard),
        _ => think_ahead(request, &pos, strength, now, &heard),
    }
}

/// What the page hears while the AI thinks: the ticks (the nodes so far) and, after each
/// finished iteration, the best move so far, reported at once.
struct Heard<'b> {
    state: RefCell<Thinking>,
    report: RefCell<&'b mut dyn FnMut(Thinking)>,
}

impl<'b> Heard<'b> {
    /// A ticker reporting to the page (`solving`: it watches connect four's solver).
    fn ticker<'a>(&'a self, solving: bool, now: &'a dyn Fn() -> f64) -> Ticker<'a, 'b> {
        Ticker::new(solving, now, &self.state, &self.report)
    }

    /// The best move so far, told at once.
    fn best(&self, thought: Thought) {
        let mut s = self.state.borrow_mut();
        s.depth = thought.depth;
        s.nodes = s.nodes.max(thought.nodes);
        s.best = Some(thought);
        let snapshot = s.clone();
        drop(s);
        (self.report.borrow_mut())(snapshot);
    }
}

/// The perfect connect-four player's move: the book, else the solver within the time given.
fn think_perfect(
    request: &ThinkRequest,
    pos: &Pos,
    p: &arbor_games::connect4::Position,
    now: &dyn Fn() -> f64,
    heard: &Heard<'_>,
) -> Result<Thought, String> {
    let side = pos.to_move();
    let clock = FnClock(now);
    let mut ticker = heard.ticker(false, now);
    let mut solver_ticker = heard.ticker(true, now);
    let book_note = ensure_book();
    let picked = PERFECT
        .with_borrow_mut(|player| {
            player.choose(
                p,
                request.seed,
                &clock,
                f64::from(request.millis),
                &mut ticker,
                &mut solver_ticker,
                |c, proof| {
                    let c = lift(c, Move::Column);
                    heard.best(perfect_thought(pos, side, &c, proof));
                },
            )
        })
        .ok_or("the game is over")?;
    let c = lift(&picked.choice, Move::Column);
    let mut thought = perfect_thought(pos, side, &c, Some(picked.proof));
    thought.note = book_note;
    Ok(thought)
}

/// A depth-limited player's move: iterative deepening to the level's depth.
fn think_ahead(
    request: &ThinkRequest,
    pos: &Pos,
    strength: Strength,
    now: &dyn Fn() -> f64,
    heard: &Heard<'_>,
) -> Result<Thought, String> {
    let side = pos.to_move();
    let plan = plan(strength, request.seed, None);
    let mut ticker = heard.ticker(false, now);
    let on_iteration = |c: &Choice<Move>| heard.best(Thought::of(pos, side, c, false, false));
    let c = match pos {
        Pos::Ttt(b) => ai::choose(&TTT, b, &plan, Budget::unlimited(), &mut ticker, |c| {
            on_iteration(&lift(c, Move::Cell))
        })
        .map(|c| lift(&c, Move::Cell)),
        Pos::C4(p) => {
            let threats = matches!(strength, Strength::Depth { threats: true, .. });
            let game = Connect4 {
                eval: if threats { Eval::Threats } else { Eval::Seed },
            };
            ai::choose(&game, p, &plan, Budget::unlimited(), &mut ticker, |c| {
                on_iteration(&lift(c, Move::Column))
            })
            .map(|c| lift(&c, Move::Column))
        }
        Pos::Nim(n) => ai::choose(
            &request.rules.nim(),
            n,
            &plan,
            Budget::unlimited(),
            &mut ticker,
            |c| on_iteration(&lift(c, Move::Take)),
        )
        .map(|c| lift(&c, Move::Take)),
    }
    .ok_or("the game is over")?;
    Ok(Thought::of(pos, side, &c, false, false))
}

/// What the perfect connect-four player's choice says, by how it was proven: the lookahead's
/// value (`None`, or [`Proof::Lookahead`]) is a heuristic value unless it sees the game end; an
/// exact score gives how soon; the book's or the solver's result (1, 0, −1) gives the result
/// only. The same words while it thinks and once it has chosen, so a move taken at Stop never
/// reads a result as an exact score.
fn perfect_thought(pos: &Pos, side: usize, c: &Choice<Move>, proof: Option<Proof>) -> Thought {
    let mut thought = match proof {
        None | Some(Proof::Lookahead) => Thought::of(pos, side, c, false, false),
        Some(Proof::Exact) => Thought::of(pos, side, c, true, true),
        Some(Proof::Lost) => {
            let t = Thought::of(pos, side, c, false, false);
            Thought {
                verdict: match t.verdict {
                    Verdict::Loss(n) => Verdict::Loss(n),
                    _ => Verdict::Loss(None),
                },
                proven: true,
                ..t
            }
        }
        Some(p @ (Proof::Book | Proof::Result)) => {
            let result = if side == 0 { c.value } else { -c.value };
            Thought {
                verdict: arbor_app::game::result_verdict(result),
                proven: true,
                solver: p == Proof::Result,
                weak: true,
                ..Thought::of(pos, side, c, false, false)
            }
        }
    };
    thought.proof = proof;
    thought
}

/// Reports an MCTS run's progress every so often, with the move it would play now.
struct MctsTicker<'a, M> {
    lift: fn(M) -> Move,
    last: f64,
    now: &'a dyn Fn() -> f64,
    report: &'a mut dyn FnMut(Thinking),
}

impl<G: Game> MctsObserver<G> for MctsTicker<'_, G::Move> {
    fn done(&mut self, tree: &MctsTree<G>) {
        if !tree.iterations.is_multiple_of(256) {
            return;
        }
        let t = (self.now)();
        if t - self.last >= 150.0 {
            self.last = t;
            (self.report)(Thinking {
                depth: 0,
                nodes: tree.iterations,
                best: mcts_thought(tree, self.lift),
                solving: false,
                mcts: true,
            });
        }
    }
}

/// The move an MCTS tree plays (the root's most visited child), with its mean reward for the
/// side that plays it.
fn mcts_thought<G: Game>(tree: &MctsTree<G>, lift: fn(G::Move) -> Move) -> Option<Thought> {
    let (id, mv) = tree.best()?;
    let node = &tree.nodes[id as usize];
    let mean = node.mean();
    Some(Thought {
        mv: lift(mv),
        verdict: Verdict::Playouts((mean * 100.0).round().clamp(0.0, 100.0) as u8),
        value: 0,
        depth: 0,
        nodes: tree.iterations,
        proven: false,
        stopped: false,
        solver: false,
        weak: false,
        proof: None,
        note: None,
        mcts: Some(MctsPlay {
            iterations: tree.iterations,
            exploration: arbor_app::mcts::DEFAULT_EXPLORATION,
            visits: node.visits,
            mean,
        }),
    })
}

/// MCTS's move at `pos`: the MCTS page's run for the same request (the same game, rewards,
/// settings and seed), so the tree behind the move is the page's. `millis`: stop when the
/// time is up.
fn think_mcts(
    request: &ThinkRequest,
    pos: &Pos,
    iterations: u64,
    millis: Option<f64>,
    now: &dyn Fn() -> f64,
    report: &mut dyn FnMut(Thinking),
) -> Thought {
    let settings = (iterations, arbor_app::mcts::DEFAULT_EXPLORATION);
    let options = mcts_request(
        &request.rules,
        false,
        &request.moves,
        settings,
        request.seed,
    )
    .options();
    let clock = FnClock(now);
    let budget = match millis {
        Some(ms) => Budget::time(&clock, ms),
        None => Budget::unlimited(),
    };
    fn run<G: Game>(
        game: &G,
        root: &G::State,
        options: &arbor_game::MctsOptions,
        budget: &Budget,
        lift: fn(G::Move) -> Move,
        now: &dyn Fn() -> f64,
        report: &mut dyn FnMut(Thinking),
    ) -> Option<Thought> {
        let mut ticker = MctsTicker {
            lift,
            last: now(),
            now,
            report,
        };
        let tree = mcts(game, root, options, budget, win_draw_loss, &mut ticker);
        mcts_thought(&tree, lift)
    }
    let (o, b) = (&options, &budget);
    let thought = match pos {
        Pos::Ttt(board) => run(&TTT, board, o, b, Move::Cell, now, report),
        Pos::C4(p) => run(
            &Connect4 { eval: Eval::Seed },
            p,
            o,
            b,
            Move::Column,
            now,
            report,
        ),
        Pos::Nim(n) => run(&request.rules.nim(), n, o, b, Move::Take, now, report),
    };
    thought.expect("a position with moves has a most visited move")
}

fn lift<M: Copy>(c: &Choice<M>, f: impl Fn(M) -> Move) -> Choice<Move> {
    Choice {
        mv: f(c.mv),
        value: c.value,
        depth: c.depth,
        nodes: c.nodes,
        proven: c.proven,
        stopped: c.stopped,
    }
}

/// Answers the Play page: the AI's move (with its progress), or every move's hint.
pub fn answer(
    request: &arbor_app::play::Request,
    post: &mut dyn FnMut(Reply<arbor_app::play::Answer>),
    now: &dyn Fn() -> f64,
) {
    use arbor_app::play::{Answer, Request};
    let reply = match request {
        Request::Think(r) => {
            think(r, now, &mut |t| post(Reply::Answer(Answer::Thinking(t)))).map(Answer::Thought)
        }
        Request::Hints { rules, moves } => hints(rules, moves, now).map(Answer::Hints),
    };
    post(match reply {
        Ok(a) => Reply::Answer(a),
        Err(e) => Reply::Failed(e),
    });
}

/// How long connect four's hints may search, in milliseconds (on the clock `hints` is given).
pub const HINT_MS: f64 = 2_000.0;
/// How deep the threat evaluation looks for a connect-four hint the solver did not prove.
pub const HINT_ESTIMATE_DEPTH: u32 = 6;

/// Every legal move's score for the player to move: exact for tic-tac-toe and Nim; for
/// connect four the book's result in the opening, else the solver's exact score where it
/// proves it within [`HINT_MS`] on `now`'s clock (milliseconds), else its result (win, draw or
/// loss) where a weak solve proves it, else the threat evaluation six plies deep (not proven).
pub fn hints(rules: &Rules, moves: &str, now: &dyn Fn() -> f64) -> Result<Vec<Hint>, String> {
    let pos = position(rules, moves)?;
    let side = pos.to_move();
    Ok(match pos {
        Pos::Ttt(b) => ai::score_moves(&TTT, &b, None, 14)
            .into_iter()
            .map(|s| {
                let mine = s.value;
                // Plies from the board before the move, the move included.
                let v = if side == 0 { mine } else { -mine };
                let verdict = if mine == 0 {
                    Verdict::Draw
                } else {
                    let plies = ttt_plies(v, &b);
                    let n = own_moves(plies, mine > 0).max(1);
                    if mine > 0 {
                        Verdict::Win(Some(n))
                    } else {
                        Verdict::Loss(Some(n))
                    }
                };
                Hint {
                    mv: Move::Cell(s.mv),
                    verdict,
                }
            })
            .collect(),
        Pos::C4(p) => {
            let stones = c4_stones(&p);
            let (mine, theirs) = (stones[side], stones[1 - side]);
            // The opening book's results first (after a move, the AI is to move, in a position
            // the book holds if the game has followed it); then the perfect player's solver,
            // with its table, for as long as hints may take.
            let _ = ensure_book();
            let clock = FnClock(now);
            PERFECT
                .with_borrow_mut(|player| player.hints(&p, &clock, HINT_MS, HINT_ESTIMATE_DEPTH))
                .into_iter()
                .map(|h| Hint {
                    mv: Move::Column(h.column),
                    verdict: match h.value {
                        HintValue::Exact(score) => arbor_app::game::c4_verdict(score, mine, theirs),
                        HintValue::Result(r) => arbor_app::game::result_verdict(r),
                        HintValue::Estimate(v) => Verdict::Estimate(v),
                    },
                })
                .collect()
        }
        Pos::Nim(n) => ai::score_moves(&rules.nim(), &n, None, 18)
            .into_iter()
            .map(|s| Hint {
                mv: Move::Take(s.mv),
                verdict: if s.value > 0 {
                    Verdict::Win(None)
                } else {
                    Verdict::Loss(None)
                },
            })
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::*;
    use arbor_app::alphabeta::{ExplainRequest, ExplainedView, RECORD_LIMIT};
    use arbor_app::game::flip;
    use arbor_app::game::{label, Level};
    use arbor_app::play::Kind;
    use arbor_games::connect4::Position;
    use arbor_games::connect4::Solver;

    /// The AI's 2 s budget on a clock that moves on 1 ms per reading: the same work on every
    /// machine, however fast.
    fn ask(kind: Kind, moves: &str, level: &str) -> (Thought, Vec<Thinking>) {
        ask_for(kind, moves, level, 2_000)
    }

    fn ask_for(kind: Kind, moves: &str, level: &str, millis: u32) -> (Thought, Vec<Thinking>) {
        let clock = arbor_util::SteppingClock::new(1.0);
        let now = clock.as_fn();
        let mut seen = Vec::new();
        let thought = think(
            &ThinkRequest {
                rules: Rules::of(kind),
                moves: moves.into(),
                level: level.into(),
                seed: 7,
                millis,
            },
            &now,
            &mut |t| seen.push(t),
        )
        .unwrap();
        (thought, seen)
    }

    /// The MCTS page's run for the link behind an MCTS move (seed 7, as `ask` plays): its most
    /// visited root move, by name.
    fn page_move(kind: Kind, before: &str, play: &MctsPlay) -> String {
        let settings = (play.iterations, play.exploration);
        let request = mcts_request(&Rules::of(kind), false, before, settings, 7);
        let view = crate::mcts::run(&request, &mut |_| {}).unwrap();
        assert_eq!(view.iterations, play.iterations);
        view.moves[view.best.unwrap()].label.clone()
    }

    /// An MCTS player's move is the move of the tree its link grows on the MCTS page — for
    /// every game, a fixed count of playouts and as time allows; and every best-so-far move
    /// it reports (what Stop plays) is the move of the tree its own link grows.
    #[test]
    fn an_mcts_move_is_the_move_of_the_tree_its_link_opens() {
        let cases = [
            (Kind::TicTacToe, "5", "mcts1000"),
            (Kind::TicTacToe, "1", "mcts-time"),
            (Kind::Connect4, "4453", "mcts1000"),
            (Kind::Connect4, "44", "mcts-time"),
            (Kind::Nim, "", "mcts1000"),
        ];
        for (kind, moves, level) in cases {
            let (thought, seen) = ask_for(kind, moves, level, 400);
            let play = thought.mcts.clone().expect("an MCTS move says so");
            let piles = Rules::of(kind).piles.len();
            let name = label(thought.mv, piles);
            assert_eq!(
                page_move(kind, moves, &play),
                name,
                "{kind:?} {moves} {level}"
            );
            assert!(!thought.proven && matches!(thought.verdict, Verdict::Playouts(_)));
            if level == "mcts1000" {
                assert_eq!(play.iterations, 1000);
            } else {
                // Stopped by the clock, at a count the page can grow again.
                assert!(
                    play.iterations > 1000 && play.iterations < arbor_app::mcts::MAX_ITERATIONS
                );
                assert!(!seen.is_empty(), "progress while it thinks");
            }
            assert!(play.visits > 0 && play.visits <= play.iterations);
            for t in seen.iter().filter_map(|t| t.best.as_ref()) {
                let p = t.mcts.as_ref().unwrap();
                assert_eq!(page_move(kind, moves, p), label(t.mv, piles));
            }
        }
    }

    /// MCTS finds the only move that does not lose (X threatens 1-2-3; O must take 3), and
    /// Nim's winning move from 9 matches (take 1, leaving a multiple of 4).
    #[test]
    fn mcts_levels_find_forced_moves() {
        let (t, _) = ask(Kind::TicTacToe, "1524", "mcts1000");
        assert_eq!(t.mv, Move::Cell(2));
        let (t, _) = ask(Kind::Nim, "", "mcts1000");
        assert_eq!(label(t.mv, 1), "t1");
    }

    #[test]
    fn perfect_tic_tac_toe_sees_the_win_and_says_how_soon() {
        // X to move with two in the top row: win at once.
        let (t, progress) = ask(Kind::TicTacToe, "1425", "perfect");
        assert_eq!(t.mv, Move::Cell(2));
        assert_eq!(t.verdict, Verdict::Win(Some(1)));
        assert!(t.proven);
        assert!(!progress.is_empty());
        // From the empty board, perfect play is a draw.
        let (t, _) = ask(Kind::TicTacToe, "", "perfect");
        assert_eq!(t.verdict, Verdict::Draw);
    }

    #[test]
    fn connect_four_perfect_proves_end_games() {
        // The first line of Test_L3_R1 scores −1 for the player to move.
        let (t, _) = ask(
            Kind::Connect4,
            "2252576253462244111563365343671351441",
            "perfect",
        );
        assert!(t.proven && t.solver);
        assert!(matches!(t.verdict, Verdict::Loss(Some(_))));
        let (t, _) = ask(Kind::Connect4, "", "threats6");
        assert!(!t.proven);
        assert!(matches!(t.verdict, Verdict::Estimate(_)));
        assert_eq!(t.depth, 6);
    }

    fn committed_book() -> Vec<u8> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/c4-opening.book");
        std::fs::read(path).expect("the book is committed")
    }

    /// From the empty board, as first and as second player, against a random player: every
    /// move is proven, the opening's from the book, and the game is never lost; the book's
    /// result is the one the hints give for the move.
    #[test]
    fn the_perfect_player_proves_every_move_from_the_first() {
        set_book_loader(Box::new(|| Ok(committed_book())));
        let rules = Rules::of(Kind::Connect4);
        // Time moves on 0.05 ms per reading (one per 1,024 nodes): the same work on every
        // machine, about 12 million nodes before the exact score's deadline.
        let stepping = arbor_util::SteppingClock::new(0.05);
        let clock = stepping.as_fn();
        for game in 0..2u64 {
            let perfect = (game % 2) as usize;
            let mut rng = arbor_util::SplitMix64(game + 11);
            let mut moves = String::new();
            let mut p = Position::new();
            let mut hinted = None;
            while !p.is_over() {
                let col = if p.to_move() == perfect {
                    let mut last = None;
                    let t = think(
                        &ThinkRequest {
                            rules: rules.clone(),
                            moves: moves.clone(),
                            level: "perfect".into(),
                            seed: game,
                            millis: 5_000,
                        },
                        &clock,
                        &mut |r| last = r.best,
                    )
                    .unwrap();
                    assert!(t.proven, "{moves}: {t:?}");
                    // The last report (what Stop would play) says what the answer says: a
                    // result from the book or a weak solve is never read as an exact score.
                    let last = last.expect("a report before the answer");
                    assert_eq!((last.mv, last.verdict), (t.mv, t.verdict), "{moves}");
                    assert_eq!(t.note, None);
                    if p.moves() <= 2 {
                        assert_eq!(t.proof, Some(Proof::Book), "{moves}");
                    }
                    if let Some(hint) = hinted.take() {
                        // The person's hint for the move they made is the AI's result, seen
                        // from the other side.
                        assert_eq!(flip(hint), t.verdict, "{moves}");
                    }
                    let Move::Column(c) = t.mv else { panic!() };
                    usize::from(c)
                } else {
                    let open: Vec<usize> = (0..7).filter(|&c| p.can_play(c)).collect();
                    let col = open[(rng.next_u64() % open.len() as u64) as usize];
                    if p.moves() < 11 {
                        // In the book's opening, every column's result is known.
                        let h = hints(&rules, &moves, &clock).unwrap();
                        assert_eq!(h.len(), open.len());
                        assert!(h.iter().all(|h| !matches!(h.verdict, Verdict::Estimate(_))));
                        if !p.play(col).is_over() {
                            hinted = Some(
                                h.iter()
                                    .find(|h| h.mv == Move::Column(col as u8))
                                    .unwrap()
                                    .verdict,
                            );
                        }
                    }
                    col
                };
                moves.push(char::from(b'1' + col as u8));
                p = p.play(col);
            }
            assert!(
                !(p.is_won() && p.to_move() == perfect),
                "lost as {perfect}: {moves}"
            );
        }
    }

    #[test]
    fn a_damaged_book_is_reported_and_the_player_searches() {
        set_book_loader(Box::new(|| {
            let mut bytes = committed_book();
            bytes[40] ^= 1;
            Ok(bytes)
        }));
        let (t, _) = ask(Kind::Connect4, "4444", "perfect");
        let note = t.note.expect("the damage is told");
        assert!(note.contains("checksum"), "{note}");
        assert_ne!(t.proof, Some(Proof::Book));
        set_book_loader(Box::new(|| {
            Err("./c4-opening.book: the server answered 404".into())
        }));
        let (t, _) = ask(Kind::Connect4, "4444", "perfect");
        assert!(t.note.unwrap().contains("404"));
    }

    /// Perfect play's result for `to_move` (1 or 2) on a tic-tac-toe board (0 empty): 1 a win,
    /// 0 a draw, −1 a loss — by trying every line.
    fn brute_force(board: &mut [u8; 9], to_move: u8) -> i32 {
        const LINES: [[usize; 3]; 8] = [
            [0, 1, 2],
            [3, 4, 5],
            [6, 7, 8],
            [0, 3, 6],
            [1, 4, 7],
            [2, 5, 8],
            [0, 4, 8],
            [2, 4, 6],
        ];
        let other = 3 - to_move;
        if LINES.iter().any(|l| l.iter().all(|&i| board[i] == other)) {
            return -1;
        }
        let mut best = None;
        for i in 0..9 {
            if board[i] == 0 {
                board[i] = to_move;
                let v = -brute_force(board, other);
                board[i] = 0;
                best = Some(best.map_or(v, |b: i32| b.max(v)));
            }
        }
        best.unwrap_or(0)
    }

    #[test]
    fn hints_score_every_move() {
        let h = hints(&Rules::of(Kind::TicTacToe), "1425", &|| 0.0).unwrap();
        assert_eq!(h.len(), 5);
        assert_eq!(
            h.iter().find(|h| h.mv == Move::Cell(2)).unwrap().verdict,
            Verdict::Win(Some(1))
        );
        // Every move's verdict is what a brute-force search written out here finds.
        for hint in &h {
            let Move::Cell(c) = hint.mv else {
                unreachable!("tic-tac-toe moves are cells")
            };
            let mut board = [0u8; 9];
            for (i, d) in "1425".bytes().enumerate() {
                board[usize::from(d - b'1')] = if i % 2 == 0 { 1 } else { 2 };
            }
            board[usize::from(c)] = 1;
            let for_x = -brute_force(&mut board, 2);
            let class = match hint.verdict {
                Verdict::Win(_) => 1,
                Verdict::Draw => 0,
                Verdict::Loss(_) => -1,
                Verdict::Estimate(_) | Verdict::Playouts(_) => {
                    panic!("tic-tac-toe hints are proven")
                }
            };
            assert_eq!(class, for_x, "X in cell {}", c + 1);
        }
        let h = hints(&Rules::of(Kind::Nim), "", &|| 0.0).unwrap();
        assert_eq!(h.len(), 3);
        assert_eq!(h[0].verdict, Verdict::Win(None), "take 1 from 9 wins");
        assert_eq!(h[1].verdict, Verdict::Loss(None));
    }

    /// Each column's verdict for the player to move at `p`, from the solver alone: every
    /// column's position solved to the end (no budget), the score seen from the mover.
    fn solved_columns(p: &Position, oracle: &mut Solver) -> Vec<(u8, Verdict)> {
        let stones = c4_stones(p);
        let (mine, theirs) = (stones[p.to_move()], stones[1 - p.to_move()]);
        (0..7u8)
            .filter(|&c| p.can_play(usize::from(c)))
            .map(|c| {
                let child = p.play(usize::from(c));
                let score = if child.is_won() {
                    arbor_games::connect4::win_score(mine as i32 + 1)
                } else {
                    oracle.reset();
                    -oracle.solve(&child, false).unwrap().score
                };
                (c, arbor_app::game::c4_verdict(score, mine, theirs))
            })
            .collect()
    }

    /// Win, draw or loss, if proven.
    fn class(v: Verdict) -> Option<i32> {
        match v {
            Verdict::Win(_) => Some(1),
            Verdict::Draw => Some(0),
            Verdict::Loss(_) => Some(-1),
            Verdict::Estimate(_) | Verdict::Playouts(_) => None,
        }
    }

    /// Issue 33: just after the book, the hints called column 2 "≈ −14, not proven" while the
    /// perfect player proved it the only win in under a second (`arbor c4 solve` agrees).
    #[test]
    fn connect_four_hints_prove_the_only_winning_column() {
        let moves = "444447352122";
        let p = Position::from_moves(moves).unwrap();
        let clock = arbor_util::SteppingClock::new(HINT_TEST_STEP);
        let h = hints(&Rules::of(Kind::Connect4), moves, &clock.as_fn()).unwrap();
        let solved = solved_columns(&p, &mut Solver::new(20));
        assert_eq!(h.len(), solved.len());
        for (c, truth) in solved {
            let hint = h.iter().find(|h| h.mv == Move::Column(c)).unwrap().verdict;
            assert_eq!(
                class(truth),
                Some(if c == 1 { 1 } else { -1 }),
                "column {}",
                c + 1
            );
            assert_eq!(hint, truth, "column {}", c + 1);
        }
    }

    /// Hints in connect four past the book, on random positions of 10 to 30 stones (without a
    /// win at once): every column proven in the hints' time, each the verdict of the solver
    /// run to the end on that column alone; and the perfect player, thinking as long at the
    /// same position (with the table the hints left, as in the worker), proves its move and
    /// never plays a column its hint calls otherwise.
    #[test]
    fn connect_four_hints_are_the_solvers_and_the_perfect_players() {
        let rules = Rules::of(Kind::Connect4);
        let mut oracle = Solver::new(20);
        let mut checked = 0;
        for i in 0..200u64 {
            if checked == 14 {
                break;
            }
            let plies = 10 + (i as usize * 5) % 21;
            let moves = random_moves(&rules, plies, 33_000 + i);
            let p = Position::from_moves(&moves).unwrap();
            // A win at once is every player's move, and every hint's at once.
            if p.moves() < 10 || (0..7).any(|c| p.is_winning_move(c)) {
                continue;
            }
            checked += 1;
            let clock = arbor_util::SteppingClock::new(HINT_TEST_STEP);
            let h = hints(&rules, &moves, &clock.as_fn()).unwrap();
            let solved = solved_columns(&p, &mut oracle);
            assert_eq!(h.len(), solved.len(), "{moves}");
            for &(c, truth) in &solved {
                let hint = h.iter().find(|h| h.mv == Move::Column(c)).unwrap().verdict;
                assert!(
                    class(hint).is_some(),
                    "{moves}: column {} not proven: {hint:?}",
                    c + 1
                );
                match hint {
                    // How soon, when the hint says it, is the solver's; else the result is.
                    Verdict::Win(Some(_)) | Verdict::Loss(Some(_)) | Verdict::Draw => {
                        assert_eq!(hint, truth, "{moves}: column {}", c + 1)
                    }
                    _ => assert_eq!(class(hint), class(truth), "{moves}: column {}", c + 1),
                }
            }
            let clock = arbor_util::SteppingClock::new(HINT_TEST_STEP);
            let t = think(
                &ThinkRequest {
                    rules: rules.clone(),
                    moves: moves.clone(),
                    level: "perfect".into(),
                    seed: i,
                    millis: 2_000,
                },
                &clock.as_fn(),
                &mut |_| {},
            )
            .unwrap();
            let hint = h.iter().find(|h| h.mv == t.mv).unwrap().verdict;
            assert!(t.proven, "{moves}: {t:?}");
            assert_eq!(class(hint), class(t.verdict), "{moves}: {t:?}");
        }
        assert_eq!(checked, 14);
    }

    /// The clock's step per reading (every 1,024 nodes) in tests of the hints' time: 0.1 ms,
    /// about ten million nodes a second, near the worker's speed.
    const HINT_TEST_STEP: f64 = 0.1;

    /// Plays `plies` random legal moves from the start (fewer if the game ends first).
    fn random_moves(rules: &Rules, plies: usize, seed: u64) -> String {
        let mut rng = arbor_util::SplitMix64(seed);
        let mut pos = rules.start().unwrap();
        let mut out: Vec<String> = Vec::new();
        for _ in 0..plies {
            let legal = pos.actions(rules);
            if legal.len() <= 1 {
                break;
            }
            let mv = legal[rng.range(0, legal.len() as i64 - 1) as usize];
            let next = pos.play(rules, mv).unwrap();
            if next.actions(rules).is_empty() {
                break;
            }
            pos = next;
            out.push(mv.key());
        }
        match rules.kind {
            Kind::Nim => out.join(","),
            _ => out.concat(),
        }
    }

    /// For every AI move, the last step of the tree behind it has the move played as the
    /// first move of its principal variation, and the root's value is the value the Play
    /// page tells.
    fn check_tree_behind(rules: &Rules, moves: &str, level: &str, now: &dyn Fn() -> f64) {
        check_tree_behind_within(rules, moves, level, now, RECORD_LIMIT);
    }

    fn check_tree_behind_within(
        rules: &Rules,
        moves: &str,
        level: &str,
        now: &dyn Fn() -> f64,
        limit: usize,
    ) -> ExplainedView {
        let seed = moves.len() as u64 * 31 + 5;
        let thought = think(
            &ThinkRequest {
                rules: rules.clone(),
                moves: moves.into(),
                level: level.into(),
                seed,
                millis: 5_000,
            },
            now,
            &mut |_| {},
        )
        .unwrap();
        let view = explain_move(
            &ExplainRequest {
                rules: rules.clone(),
                moves: moves.into(),
                level: level.into(),
                seed,
                depth: thought.depth,
                solver: thought.solver,
                weak: thought.weak,
                limit,
            },
            false,
        )
        .unwrap();
        let tree = arbor_game::GameTree::parse(&view.tree).unwrap();
        let replay = arbor_game::replay::Replay::new(tree.clone(), view.trace.clone());
        let end = replay.frame(replay.len());
        let at = format!(
            "{:?} {level} after “{moves}”: played {:?}",
            rules.kind, thought.mv
        );
        assert!(end.finished, "{at}: the root never finished");
        assert!(end.principal.len() >= 2, "{at}: no principal variation");
        let piles = rules.piles.len();
        assert_eq!(
            tree.node(end.principal[1]).label,
            label(thought.mv, piles),
            "{at}"
        );
        let root = &end.nodes[tree.root().index()];
        assert_eq!(root.value, Some(thought.value), "{at}");
        assert_eq!(root.kind, arbor_game::replay::ValueKind::Exact, "{at}");
        view
    }

    /// A search too big to record whole is shown by its last iterations, which end on the move.
    #[test]
    fn a_big_search_is_shown_by_its_last_iterations() {
        let view =
            check_tree_behind_within(&Rules::of(Kind::TicTacToe), "", "perfect", &|| 0.0, 3_000);
        assert!(view.trace.skipped > 0 && view.trace.omitted > 0);
        assert!(view.trace.nodes.len() <= 3_000);
        assert!(matches!(
            view.trace.events.first(),
            Some(arbor_game::Event::Iteration { depth }) if *depth == view.trace.skipped + 1
        ));
    }

    /// The levels whose trees open in the alpha-beta stepper (MCTS levels' open on the MCTS
    /// page: `an_mcts_move_is_the_move_of_the_tree_its_link_opens`).
    fn alpha_beta_levels(kind: Kind) -> impl Iterator<Item = &'static Level> {
        let levels = kind.levels().iter();
        levels.filter(|l| !matches!(l.strength, Strength::Mcts { .. }))
    }

    #[test]
    fn the_tree_behind_every_move_ends_with_the_move_played() {
        let still = || 0.0;
        for kind in Kind::ALL {
            let rules = Rules::of(kind);
            for level in alpha_beta_levels(kind) {
                let (count, plies) = match (kind, level.key) {
                    (Kind::Connect4, "perfect") => (12, 16..30),
                    (Kind::Connect4, "threats8") => (6, 0..30),
                    (Kind::Connect4, _) => (12, 0..30),
                    (Kind::TicTacToe, _) => (40, 0..8),
                    (Kind::Nim, _) => (20, 0..6),
                };
                for i in 0..count {
                    let n = plies.start + (i * 7) % (plies.end - plies.start);
                    let moves = random_moves(&rules, n, 1000 * i as u64 + n as u64);
                    check_tree_behind(&rules, &moves, level.key, &still);
                }
            }
        }
        // The position: the solver wins in 2 with column 2.
        check_tree_behind(
            &Rules::of(Kind::Connect4),
            "536553711753541133152",
            "perfect",
            &still,
        );
        // Nim with several piles.
        let rules = Rules {
            piles: vec![3, 4, 5],
            max_take: None,
            ..Rules::of(Kind::Nim)
        };
        for i in 0..10 {
            let moves = random_moves(&rules, i % 5, i as u64);
            for level in alpha_beta_levels(Kind::Nim) {
                check_tree_behind(&rules, &moves, level.key, &still);
            }
        }
    }

    /// When time runs out, the perfect player plays the depth-limited search's move, and the
    /// tree behind it is that search.
    #[test]
    fn the_tree_behind_an_unproven_move_is_the_lookahead() {
        let t = std::cell::Cell::new(0.0);
        let jumpy = || {
            t.set(t.get() + 50.0);
            t.get()
        };
        let rules = Rules::of(Kind::Connect4);
        for i in 0..4 {
            let moves = random_moves(&rules, 2 + i, i as u64);
            check_tree_behind(&rules, &moves, "perfect", &jumpy);
        }
    }

    #[test]
    fn the_tree_behind_a_move_replays_to_the_move_played() {
        for (kind, moves, level) in [
            (Kind::TicTacToe, "15", "perfect"),
            (Kind::Connect4, "4453", "threats6"),
            (Kind::Nim, "", "perfect"),
        ] {
            let (t, _) = ask(kind, moves, level);
            let view = explain_move(
                &ExplainRequest {
                    rules: Rules::of(kind),
                    moves: moves.into(),
                    level: level.into(),
                    seed: 7,
                    depth: t.depth,
                    solver: t.solver,
                    weak: t.weak,
                    limit: 200_000,
                },
                false,
            )
            .unwrap();
            let tree = arbor_game::GameTree::parse(&view.tree).unwrap();
            assert_eq!(view.pictures.len(), tree.len());
            let replay = arbor_game::replay::Replay::new(tree.clone(), view.trace.clone());
            let end = replay.frame(replay.len());
            assert!(end.finished);
            // The root's best child is the move the AI played.
            let best = end.principal[1];
            let expected = match t.mv {
                Move::Cell(c) => format!("{}{}", (b'a' + c % 3) as char, c / 3 + 1),
                Move::Column(c) => format!("col{}", c + 1),
                Move::Take(x) => format!("t{}", x.take),
            };
            assert_eq!(tree.node(best).label, expected, "{kind:?}");
        }
    }
}
