//! The Play page: tic-tac-toe, connect four and Nim against the AI, a friend, or the AI against
//! itself — levels, hints, undo and redo, the AI thinking in a worker (with Stop), and the
//! search behind any AI move one click away.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use crate::store::Store;
use arbor_app::pages::play::{Action, State, Task};

use crate::url::replace_url;
use crate::worker::SearchWorker;
use arbor_app::play::ai::{Hint, Thinking, Thought};
use arbor_app::play::{search_route, Kind, Move, Outcome, Player, Pos, Rules, Setup, Verdict};
use arbor_app::route::{Route, View};
use arbor_app::worker_api::FromWorker;

/// Props of [`Play`].
#[derive(Properties, PartialEq)]
pub struct PlayProps {
    /// The route it was opened with.
    pub route: Route,
}

/// The Play page.
#[component]
pub fn Play(props: &PlayProps) -> Html {
    let state = {
        let route = props.route.clone();
        use_reducer(move || Store::new(State::new(&route, fresh_seed())))
    };
    let dispatch = state.dispatcher();
    let worker: Rc<RefCell<Option<SearchWorker>>> = use_mut_ref(|| None::<SearchWorker>).clone();
    // The job the worker is on: its messages are tagged with it.
    let current_job: Rc<RefCell<u64>> = use_mut_ref(|| 0u64);

    // A stopped search cannot be interrupted: its worker is terminated (a new one starts for
    // the next job).
    {
        let worker = worker.clone();
        use_effect_with(state.kill, move |&kill| {
            if kill > 0 {
                worker.borrow_mut().take();
            }
        });
    }
    // Each job goes to the worker. Between two AI moves of an AI-vs-AI game, a pause lets the
    // eye follow.
    {
        let (worker, dispatch, current_job) =
            (worker.clone(), dispatch.clone(), current_job.clone());
        let request = state.request();
        let both_ai = !state.has_human() && state.setup.played > 0;
        use_effect_with(state.job, move |&job| {
            let send = move || {
                let Some(request) = request else {
                    return;
                };
                *current_job.borrow_mut() = job;
                if worker.borrow().is_none() {
                    let (d, current) = (dispatch.clone(), current_job.clone());
                    match SearchWorker::spawn(Callback::from(move |m: FromWorker| {
                        d.dispatch(Action::Worker(*current.borrow(), m))
                    })) {
                        Ok(w) => *worker.borrow_mut() = Some(w),
                        Err(e) => dispatch.dispatch(Action::Worker(job, FromWorker::Failed(e))),
                    }
                }
                if let Some(w) = worker.borrow().as_ref() {
                    if let Err(e) = w.send(&request) {
                        dispatch.dispatch(Action::Worker(job, FromWorker::Failed(e)));
                    }
                }
            };
            let timer = if both_ai {
                Some(Timeout::new(450, send))
            } else {
                send();
                None
            };
            move || drop(timer)
        });
    }
    // The URL follows the game.
    {
        let setup = state.setup.clone();
        use_effect_with(setup, |setup| {
            let mut route = Route::new(View::Play);
            setup.to_route(&mut route);
            replace_url(&route);
        });
    }

    let s = &state.setup;
    let kind = s.rules.kind;
    let pos = s.position();
    let outcome = pos.outcome(&s.rules);
    let hints: Option<&[Hint]> = state
        .hints
        .as_ref()
        .filter(|(m, _)| s.hints && *m == s.moves_text())
        .map(|(_, h)| h.as_slice());
    let hints = match outcome {
        Outcome::ToMove(side) if s.players[side] == Player::Human => hints,
        _ => None,
    };
    let last_move = s.played.checked_sub(1).map(|i| s.moves[i]);
    let on_move = dispatch.to_callback().reform(Action::Click);
    let waiting = state.paused
        && matches!(outcome, Outcome::ToMove(side) if s.players[side] != Player::Human);
    let status = s.status(state.task == Task::Thinking, waiting);
    let board = match pos {
        Pos::Ttt(b) => {
            html! { <TttBoard cells={(0..9).map(|i| b.cell(i).map_or(0, |p| p as u8 + 1)).collect::<Vec<u8>>()}
            o_first={s.o_first} win={b.winning_line().map(|l| l.to_vec()).unwrap_or_default()}
            last={last_move} hints={hints.map(|h| h.to_vec())} on_move={on_move.clone()} /> }
        }
        Pos::C4(p) => html! { <C4Board cells={arbor_app::play::ai::c4_picture(&p)}
        win={p.winning_line().map(|l| l.iter().map(|&(r, c)| (5 - r) * 7 + c).collect::<Vec<usize>>()).unwrap_or_default()}
        last={last_move} hints={hints.map(|h| h.to_vec())} on_move={on_move.clone()} /> },
        Pos::Nim(p) => html! { <NimBoard piles={p.sizes().to_vec()} max_take={s.rules.max_take}
        hints={hints.map(|h| h.to_vec())} on_move={on_move.clone()} /> },
    };
    let tab = |k: Kind| {
        let mut route = Route::new(View::Play);
        route.set("game", k.key());
        let current = k == kind;
        html! {
            <a href={route.to_hash()} class={classes!("tab", current.then_some("current"))} aria-current={current.then_some("page")}>{ k.title() }</a>
        }
    };

    html! {
        <section class="page play">
            <h1>{ "Play" }</h1>
            <nav class="tabs" aria-label="Games">{ for Kind::ALL.into_iter().map(tab) }</nav>
            { for state.notes.iter().map(|n| html! { <p class="notice" role="alert">{ n.clone() }</p> }) }
            <div class="play-grid">
                <div class="board-area">
                    <p class={classes!("status", matches!(outcome, Outcome::ToMove(_)).then_some("on"))} role="status" aria-live="polite" aria-atomic="true">{ status }</p>
                    if waiting {
                        <p class="continue">
                            <button type="button" class="primary" onclick={dispatch.to_callback().reform(|_: MouseEvent| Action::Resume)}>{ "Continue: let the AI move" }</button>
                        </p>
                    }
                    { board }
                    { for state.message.iter().map(|m| html! {
                        <p key={state.refusals} class="error refusal" role="alert">{ m.clone() }</p>
                    }) }
                    <div class="row game-buttons">
                        <button type="button" onclick={dispatch.to_callback().reform(|_: MouseEvent| Action::Undo)} disabled={s.played == 0}>{ "↶ Undo" }</button>
                        <button type="button" onclick={dispatch.to_callback().reform(|_: MouseEvent| Action::Redo)} disabled={s.played == s.moves.len()}>{ "↷ Redo" }</button>
                        <button type="button" onclick={dispatch.to_callback().reform(|_: MouseEvent| Action::NewGame(fresh_seed()))}>{ "New game" }</button>
                    </div>
                    if s.hints {
                        <HintLegend kind={kind} />
                    }
                    <MoveList kind={kind} moves={s.moves[..s.played].to_vec()} names={[s.side_name(0), s.side_name(1)]} />
                </div>
                <aside class="play-side">
                    <AiPanel thinking={(state.task == Task::Thinking).then(|| state.progress.clone().unwrap_or(Thinking { depth: 0, nodes: 0, best: None, solving: false }))}
                        thinker={match outcome { Outcome::ToMove(side) => Some(s.side_name(side)), _ => None }}
                        paused={state.paused && matches!(outcome, Outcome::ToMove(side) if s.players[side] != Player::Human)}
                        failed={state.failed.clone()}
                        last={state.last_ai.as_ref().map(|a| LastMove {
                            side: s.side_name(a.side),
                            max: s.side_name(0),
                            ended: match outcome {
                                Outcome::Won(w) if w == a.side => Some("It won: the game is over.".to_string()),
                                Outcome::Won(_) => Some("The game is over.".to_string()),
                                Outcome::Draw => Some("The game is over: a draw.".to_string()),
                                Outcome::ToMove(_) => None,
                            },
                            mv: a.thought.mv.describe(kind),
                            thought: a.thought.clone(),
                            link: search_route(&s.rules, s.o_first, &a.before, a.level, a.seed, a.thought.depth, a.thought.solver).to_hash(),
                        })}
                        dispatch={dispatch.clone()} />
                    <SetupPanel setup={s.clone()} dispatch={dispatch.clone()} />
                </aside>
            </div>
        </section>
    }
}

/// A new game's seed, from the browser's random source: every game (and every page load)
/// gets its own tie-breaks, so openings cannot be learned by rote. Below 2^53, so a URL and
/// JavaScript carry it exactly.
fn fresh_seed() -> u64 {
    (js_sys::Math::random() * 9_007_199_254_740_991.0) as u64
}

/// A hint's badge: shape and words, so it reads without colour.
fn hint_badge(h: Option<&Hint>) -> Html {
    match h {
        Some(h) => html! {
            <span class={classes!("hint-badge", h.verdict.class())} aria-hidden="true">
                <span class="shape">{ h.verdict.shape() }</span>{ " " }{ short(h.verdict) }
            </span>
        },
        None => html! {},
    }
}

/// A verdict in a few characters, for a badge: `+3`, `=`, `−2`, `≈5`.
fn short(v: Verdict) -> String {
    match v {
        Verdict::Win(Some(n)) => format!("win {n}"),
        Verdict::Win(None) => "win".into(),
        Verdict::Draw => "draw".into(),
        Verdict::Loss(Some(n)) => format!("loss {n}"),
        Verdict::Loss(None) => "loss".into(),
        Verdict::Estimate(x) => format!("≈{}", arbor_app::scene::show_value(x)),
    }
}

/// A hint in words, for a button's accessible name.
fn hint_words(h: Option<&Hint>) -> String {
    h.map(|h| format!(": {}", h.verdict.text()))
        .unwrap_or_default()
}

#[derive(Properties, PartialEq)]
struct TttBoardProps {
    /// Nine cells: 0 empty, 1 first player, 2 second.
    cells: Vec<u8>,
    o_first: bool,
    win: Vec<usize>,
    last: Option<Move>,
    hints: Option<Vec<Hint>>,
    on_move: Callback<Move>,
}

#[component]
fn TttBoard(props: &TttBoardProps) -> Html {
    let mark = |p: u8| match (p, props.o_first) {
        (0, _) => "",
        (1, false) | (2, true) => "X",
        _ => "O",
    };
    html! {
        <div class="ttt-board" role="group" aria-label="Tic-tac-toe board">
            { for props.cells.iter().enumerate().map(|(i, &p)| {
                let hint = props.hints.as_ref().and_then(|h| h.iter().find(|h| h.mv == Move::Cell(i as u8)));
                let name = format!("Row {}, column {}{}{}", i / 3 + 1, i % 3 + 1,
                    if p == 0 { String::new() } else { format!(", {}", mark(p)) }, hint_words(hint));
                let onclick = props.on_move.reform(move |_: MouseEvent| Move::Cell(i as u8));
                html! {
                    <button type="button" class={classes!("cell", props.win.contains(&i).then_some("win"),
                            (props.last == Some(Move::Cell(i as u8))).then_some("last"), (p != 0).then_some("taken"))}
                        aria-label={name} data-cell={i.to_string()} {onclick}>
                        <span class={classes!("mark", mark(p).to_lowercase())} aria-hidden="true">{ mark(p) }</span>
                        { hint_badge(hint) }
                    </button>
                }
            }) }
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct C4BoardProps {
    /// The board as a picture (42 cells, the top row first).
    cells: arbor_app::scene::GamePicture,
    /// Indices (into `cells`) of a winning line.
    win: Vec<usize>,
    last: Option<Move>,
    hints: Option<Vec<Hint>>,
    on_move: Callback<Move>,
}

#[component]
fn C4Board(props: &C4BoardProps) -> Html {
    let arbor_app::scene::GamePicture::Connect4(cells) = &props.cells else {
        return html! {};
    };
    // The last stone: the top stone of the last column played.
    let last_cell = match props.last {
        Some(Move::Column(c)) => (0..6).map(|r| r * 7 + c as usize).find(|&i| cells[i] != 0),
        _ => None,
    };
    html! {
        <div class="c4-board" role="group" aria-label="Connect-four board">
            { for (0..7usize).map(|c| {
                let hint = props.hints.as_ref().and_then(|h| h.iter().find(|h| h.mv == Move::Column(c as u8)));
                let full = cells[c] != 0;
                let name = format!("Drop in column {}{}{}", c + 1, if full { " (full)" } else { "" }, hint_words(hint));
                let onclick = props.on_move.reform(move |_: MouseEvent| Move::Column(c as u8));
                html! {
                    <button type="button" class={classes!("column", full.then_some("full"))} aria-label={name} data-column={(c + 1).to_string()} {onclick}>
                        <span class="hint-slot">{ hint_badge(hint) }</span>
                        { for (0..6usize).map(|r| {
                            let i = r * 7 + c;
                            let disc = match cells[i] { 1 => "first", 2 => "second", _ => "empty" };
                            html! {
                                <span class={classes!("slot", disc, props.win.contains(&i).then_some("win"), (last_cell == Some(i)).then_some("last"))}
                                    data-row={(6 - r).to_string()} aria-hidden="true"></span>
                            }
                        }) }
                    </button>
                }
            }) }
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct NimBoardProps {
    piles: Vec<u8>,
    max_take: Option<u8>,
    hints: Option<Vec<Hint>>,
    on_move: Callback<Move>,
}

#[component]
fn NimBoard(props: &NimBoardProps) -> Html {
    html! {
        <div class="nim-board" role="group" aria-label="Nim piles">
            { for props.piles.iter().enumerate().map(|(p, &size)| {
                let most = props.max_take.map_or(size, |m| m.min(size));
                html! {
                    <div class="pile">
                        <span class="pile-name">{ format!("Pile {}: {size}", p + 1) }</span>
                        <span class="matches" aria-hidden="true">{ for (0..size).map(|_| html! { <span class="match"></span> }) }</span>
                        <span class="takes">
                            { for (1..=most).map(|take| {
                                let mv = Move::Take(arbor_games::nim::Take { pile: p as u8, take });
                                let hint = props.hints.as_ref().and_then(|h| h.iter().find(|h| h.mv == mv));
                                let onclick = props.on_move.reform(move |_: MouseEvent| mv);
                                html! {
                                    <button type="button" class="take" aria-label={format!("Take {take} from pile {}{}", p + 1, hint_words(hint))} {onclick}>
                                        { format!("Take {take}") }{ hint_badge(hint) }
                                    </button>
                                }
                            }) }
                        </span>
                    </div>
                }
            }) }
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct HintLegendProps {
    kind: Kind,
}

#[component]
fn HintLegend(props: &HintLegendProps) -> Html {
    let nim = props.kind == Kind::Nim;
    html! {
        <p class="hint hint-legend">
            { "Hints, for the player to move, with perfect play after the move: " }
            <span class="hint-badge win"><span class="shape">{ "▲" }</span>{ if nim { " win" } else { " win n" } }</span>
            { if nim { " wins; " } else { " wins, with n of your moves; " } }
            if !nim {
                <span class="hint-badge draw"><span class="shape">{ "●" }</span>{ " draw" }</span>{ "; " }
            }
            <span class="hint-badge loss"><span class="shape">{ "▼" }</span>{ if nim { " loss" } else { " loss n" } }</span>
            { if nim { " loses." } else { " loses, the opponent winning with n moves." } }
            if props.kind == Kind::Connect4 {
                { " " }<span class="hint-badge estimate"><span class="shape">{ "◆" }</span>{ " ≈v" }</span>
                { " not proven in time: the threat evaluation six plies on (higher is better)." }
            }
        </p>
    }
}

#[derive(Properties, PartialEq)]
struct MoveListProps {
    kind: Kind,
    moves: Vec<Move>,
    names: [&'static str; 2],
}

#[component]
fn MoveList(props: &MoveListProps) -> Html {
    if props.moves.is_empty() {
        return html! {};
    }
    html! {
        <details class="move-list">
            <summary>{ format!("Moves ({})", props.moves.len()) }</summary>
            <ol>
                { for props.moves.iter().enumerate().map(|(i, m)| html! {
                    <li>{ format!("{}: {}", props.names[i % 2], m.describe(props.kind)) }</li>
                }) }
            </ol>
            <p class="hint">{ "As text: " }<code>{ arbor_app::play::moves_text(props.kind, &props.moves) }</code></p>
        </details>
    }
}

/// The AI's last move, for the panel.
#[derive(Clone, PartialEq)]
struct LastMove {
    side: &'static str,
    /// The first player's name (MAX in the search tree).
    max: &'static str,
    /// How the game ended, if this move ended it.
    ended: Option<String>,
    mv: String,
    thought: Thought,
    link: String,
}

#[derive(Properties, PartialEq)]
struct AiPanelProps {
    /// Progress, while the AI thinks.
    thinking: Option<Thinking>,
    /// The side to move.
    thinker: Option<&'static str>,
    paused: bool,
    failed: Option<String>,
    last: Option<LastMove>,
    dispatch: UseReducerDispatcher<Store<State>>,
}

#[component]
fn AiPanel(props: &AiPanelProps) -> Html {
    let d = &props.dispatch;
    html! {
        <section class="ai-panel" aria-label="The AI">
            <h2>{ "The AI" }</h2>
            if let Some(t) = &props.thinking {
                <div class="thinking">
                    <p>
                        <span class="spinner" aria-hidden="true"></span>
                        { format!("{} is thinking: ", props.thinker.unwrap_or("The AI")) }
                        <span class="depth">{ if t.solving { format!("{} plies searched; now solving to the end,", t.depth) } else { format!("depth {} reached,", t.depth) } }</span>
                        { " " }<span class="nodes">{ format!("{} nodes", group(t.nodes)) }</span>{ "." }
                    </p>
                    <button type="button" class="stop" onclick={d.to_callback().reform(|_: MouseEvent| Action::Stop)}>{ "■ Stop: play the best move so far" }</button>
                </div>
            }
            if props.paused {
                <p>{ "The AI is to move and waits to be asked: press Continue, by the board." }</p>
            }
            if let Some(e) = &props.failed {
                <p class="error" role="alert">{ e.clone() }</p>
            }
            if let Some(last) = &props.last {
                <div class="last-ai">
                    <p>
                        { format!("{} (AI) played {}. ", last.side, last.mv) }
                        if let Some(end) = &last.ended {
                            <strong>{ end.clone() }</strong>
                        } else {
                            <span class={classes!("verdict", last.thought.verdict.class())}>
                                <span class="shape" aria-hidden="true">{ last.thought.verdict.shape() }</span>
                                { format!(" It expects: {}", last.thought.verdict.text()) }
                            </span>
                            { "." }
                        }
                    </p>
                    <p class="hint value-note">{ format!("Its search valued the position {} for MAX ({}, who moved first) — the value at the root of the tree behind this move.",
                        arbor_app::scene::show_value(last.thought.value), last.max) }</p>
                    <p class="hint">
                        { format!("{} nodes; ", group(last.thought.nodes)) }
                        { if last.thought.proven {
                            "proven (searched to the end of the game).".to_string()
                        } else if last.thought.stopped {
                            format!("not proven: stopped, so it played the best move of its deepest finished search ({} plies).", last.thought.depth)
                        } else {
                            format!("not proven: it looked {} plies ahead.", last.thought.depth)
                        } }
                    </p>
                    <p><a class="tree-link" href={last.link.clone()}>{ "Open the search tree behind this move →" }</a></p>
                </div>
            } else if props.thinking.is_none() && !props.paused {
                <p class="hint">{ "After the AI moves, its search tree opens from here, step by step." }</p>
            }
        </section>
    }
}

/// 1234567 → "1,234,567".
fn group(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[derive(Properties, PartialEq)]
struct SetupPanelProps {
    setup: Setup,
    dispatch: UseReducerDispatcher<Store<State>>,
}

#[component]
fn SetupPanel(props: &SetupPanelProps) -> Html {
    let s = &props.setup;
    let d = &props.dispatch;
    let kind = s.rules.kind;
    let player_select = |side: usize| {
        let d = d.clone();
        let onchange = Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            let v = select.value();
            let player = if v == "human" {
                Player::Human
            } else {
                match kind.level(&v) {
                    Some(l) => Player::Ai(l.key),
                    None => return,
                }
            };
            d.dispatch(Action::Player(side, player));
        });
        let current = s.players[side];
        let label = format!(
            "{}{}",
            s.side_name(side),
            if side == 0 { " (moves first)" } else { "" }
        );
        html! {
            <label class="stack">{ label.clone() }
                <select {onchange} aria-label={format!("Who plays {label}")}>
                    <option value="human" selected={current == Player::Human}>{ "A person" }</option>
                    { for kind.levels().iter().map(|l| html! {
                        <option value={l.key} selected={current == Player::Ai(l.key)}>{ format!("AI: {}", l.title) }</option>
                    }) }
                </select>
            </label>
        }
    };
    let on_hints = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            d.dispatch(Action::Hints(input.checked()));
        })
    };
    let on_first = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            d.dispatch(Action::OFirst(select.value() == "o"));
        })
    };
    let on_think = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Ok(v) = select.value().parse() {
                d.dispatch(Action::Think(v));
            }
        })
    };
    let perfect_c4 = kind == Kind::Connect4 && s.players.contains(&Player::Ai("perfect"));
    html! {
        <section class="setup" aria-label="Players and rules">
            <h2>{ "Players" }</h2>
            if kind == Kind::TicTacToe {
                <label class="stack">{ "The first player plays" }
                    <select onchange={on_first} aria-label="Who starts">
                        <option value="x" selected={!s.o_first}>{ "X (X starts)" }</option>
                        <option value="o" selected={s.o_first}>{ "O (O starts)" }</option>
                    </select>
                </label>
            }
            { player_select(0) }
            { player_select(1) }
            if perfect_c4 {
                <label class="stack">{ "Perfect AI: time to think" }
                    <select onchange={on_think} aria-label="Thinking time">
                        { for [1u32, 2, 5, 10, 30].iter().map(|&t| html! {
                            <option value={t.to_string()} selected={s.think_seconds == t}>{ format!("{t} s") }</option>
                        }) }
                    </select>
                </label>
                <p class="hint">{ "Early in a game no one can prove the best move in seconds: then the AI plays the move of its deepest finished search and says it is not proven." }</p>
            }
            <label class="check"><input type="checkbox" checked={s.hints} onchange={on_hints} />{ " Show hints: every move's score" }</label>
            if kind == Kind::Nim {
                <NimRules rules={s.rules.clone()} dispatch={d.clone()} />
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct NimRulesProps {
    rules: Rules,
    dispatch: UseReducerDispatcher<Store<State>>,
}

#[component]
fn NimRules(props: &NimRulesProps) -> Html {
    let text = use_state(|| {
        props
            .rules
            .piles
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    });
    let error = use_state(|| None::<String>);
    let take = use_state(|| props.rules.max_take);
    let misere = use_state(|| props.rules.misere);
    let apply = {
        let (text, error, take, misere, d) = (
            text.clone(),
            error.clone(),
            take.clone(),
            misere.clone(),
            props.dispatch.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match arbor_games::nim::Piles::parse(&text) {
                Ok(p) => {
                    error.set(None);
                    d.dispatch(Action::Rules(
                        Rules {
                            kind: Kind::Nim,
                            piles: p.sizes().to_vec(),
                            max_take: *take,
                            misere: *misere,
                        },
                        fresh_seed(),
                    ));
                }
                Err(e) => error.set(Some(e)),
            }
        })
    };
    let on_text = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            text.set(input.value());
        })
    };
    let on_take = {
        let take = take.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            take.set(select.value().parse().ok());
        })
    };
    let on_misere = {
        let misere = misere.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            misere.set(input.checked());
        })
    };
    let presets = [
        ("9", Some(3u8), false, "Seed: one pile of 9, take 1–3"),
        ("4", Some(3), false, "The slides' tree: a pile of 4"),
        ("3, 4, 5", None, false, "Classic 3-4-5, take any number"),
        ("3, 4, 5", None, true, "3-4-5, misère: the last match loses"),
    ];
    html! {
        <form class="nim-rules" onsubmit={apply} aria-label="Nim rules">
            <h2>{ "Rules" }</h2>
            <div class="row">
                { for presets.iter().map(|&(piles, cap, mis, title)| {
                    let d = props.dispatch.clone();
                    let (text, take, misere) = (text.clone(), take.clone(), misere.clone());
                    let onclick = Callback::from(move |_: MouseEvent| {
                        text.set(piles.into());
                        take.set(cap);
                        misere.set(mis);
                        if let Ok(p) = arbor_games::nim::Piles::parse(piles) {
                            d.dispatch(Action::Rules(Rules { kind: Kind::Nim, piles: p.sizes().to_vec(), max_take: cap, misere: mis }, fresh_seed()));
                        }
                    });
                    html! { <button type="button" {onclick}>{ title }</button> }
                }) }
            </div>
            <label class="stack">{ "Piles (matches in each, comma-separated)" }
                <input type="text" value={(*text).clone()} oninput={on_text} aria-invalid={error.is_some().then_some("true")} />
            </label>
            if let Some(e) = &*error {
                <p class="error" role="alert">{ e.clone() }</p>
            }
            <label class="stack">{ "A move takes" }
                <select onchange={on_take}>
                    { for [Some(1u8), Some(2), Some(3), Some(4), None].iter().map(|&c| html! {
                        <option value={c.map(|m| m.to_string()).unwrap_or_default()} selected={*take == c}>
                            { c.map_or("any number, from one pile".to_string(), |m| format!("1 to {m}")) }
                        </option>
                    }) }
                </select>
            </label>
            <label class="check"><input type="checkbox" checked={*misere} onchange={on_misere} />{ " Misère: whoever takes the last match loses" }</label>
            <button type="submit">{ "Start with these rules" }</button>
        </form>
    }
}
