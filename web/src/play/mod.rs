//! The Play page: tic-tac-toe, connect four and Nim against the AI, a friend, or the AI against
//! itself — levels, hints, undo and redo, the AI thinking in a worker (with Stop), and the
//! search behind any AI move one click away.

mod boards;
mod panels;

use boards::{C4Board, NimBoard, TttBoard};
use panels::{AiPanel, HintLegend, LastMove, MoveList, SetupPanel};

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use arbor_app::play::page::{Action, AiMove, State, Task};

use crate::store::Store;
use crate::worker::SearchWorker;
use arbor_app::alphabeta::search_route;
use arbor_app::play::Request;
use arbor_app::play::{mcts_route, Kind, Move, Outcome, Player, Pos, Setup, Strength};
use arbor_app::play::{Hint, Thinking};
use arbor_app::route::{Route, View};
use arbor_app::work::Reply;

/// Props of [`Play`].
#[derive(Properties, PartialEq)]
pub struct PlayProps {
    /// The route it was opened with.
    pub route: Route,
}

/// The Play page.
#[component]
pub fn Play(props: &PlayProps) -> Html {
    crate::renders::count("Play");
    let state = crate::page::use_page::<State>(&props.route);
    let dispatch = state.dispatcher();
    use_play_worker(&state, &dispatch);

    let s = &state.setup;
    let kind = s.rules.kind;
    let pos = s.position();
    let outcome = pos.outcome(&s.rules);
    let hints = shown_hints(&state, outcome);
    let waiting = state.paused
        && matches!(outcome, Outcome::ToMove(side) if s.players[side] != Player::Human);
    let status = s.status(state.task == Task::Thinking, waiting);

    html! {
        <section class="page play">
            <style>{ include_str!("style.css") }</style>
            <h1>{ "Play" }</h1>
            <nav class="tabs" aria-label="Games">{ for Kind::ALL.into_iter().map(|k| game_tab(k, kind)) }</nav>
            { for state.notes.iter().map(|n| html! { <p class="notice" role="alert">{ n.clone() }</p> }) }
            <div class="play-grid">
                <div class="board-area">
                    <p class={classes!("status", matches!(outcome, Outcome::ToMove(_)).then_some("on"))} role="status" aria-live="polite" aria-atomic="true">{ status }</p>
                    if waiting {
                        <p class="continue">
                            <button type="button" class="primary" onclick={dispatch.to_callback().reform(|_: MouseEvent| Action::Resume)}>{ "Continue: let the AI move" }</button>
                        </p>
                    }
                    { board(pos, s, hints, dispatch.to_callback().reform(Action::Click)) }
                    { for state.message.iter().map(|m| html! {
                        <p key={state.refusals} class="error refusal" role="alert">{ m.clone() }</p>
                    }) }
                    { game_buttons(s, &dispatch) }
                    if let Some(note) = hints.and_then(|h| arbor_app::play::unproven_note(kind, h)) {
                        <p class="hint unproven-note">{ note }</p>
                    }
                    if s.hints {
                        <HintLegend kind={kind} />
                    }
                    <MoveList kind={kind} moves={s.moves[..s.played].to_vec()} names={[s.side_name(0), s.side_name(1)]} />
                </div>
                <aside class="play-side">
                    { ai_panel(&state, outcome, &dispatch) }
                    <SetupPanel setup={s.clone()} dispatch={dispatch.clone()} />
                </aside>
            </div>
        </section>
    }
}

/// The worker behind the page: each job goes to it, and Stop terminates it.
#[hook]
fn use_play_worker(state: &State, dispatch: &UseReducerDispatcher<Store<State>>) {
    let worker: Rc<RefCell<Option<SearchWorker<Request>>>> =
        use_mut_ref(|| None::<SearchWorker<Request>>).clone();
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
    let dispatch = dispatch.clone();
    let request = state.request();
    let both_ai = !state.has_human() && state.setup.played > 0;
    use_effect_with(state.job, move |&job| {
        let send = move || {
            if let Some(request) = request {
                send_job(&worker, &current_job, &dispatch, job, request);
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

/// Sends `request` to the worker as job `job`, starting a worker first if there is none; a
/// failure is the job's answer.
fn send_job(
    worker: &RefCell<Option<SearchWorker<Request>>>,
    current_job: &Rc<RefCell<u64>>,
    dispatch: &UseReducerDispatcher<Store<State>>,
    job: u64,
    request: Request,
) {
    *current_job.borrow_mut() = job;
    if worker.borrow().is_none() {
        let (d, current) = (dispatch.clone(), current_job.clone());
        match SearchWorker::<Request>::for_job(Callback::from(move |m| {
            d.dispatch(Action::Worker(*current.borrow(), m))
        })) {
            Ok(w) => *worker.borrow_mut() = Some(w),
            Err(e) => dispatch.dispatch(Action::Worker(job, Reply::Failed(e))),
        }
    }
    if let Some(w) = worker.borrow().as_ref() {
        if let Err(e) = w.send_job(&request) {
            dispatch.dispatch(Action::Worker(job, Reply::Failed(e)));
        }
    }
}

/// The hints to show: asked for, of this very position, and a person to move.
fn shown_hints(state: &State, outcome: Outcome) -> Option<&[Hint]> {
    let s = &state.setup;
    let hints: Option<&[Hint]> = state
        .hints
        .as_ref()
        .filter(|(m, _)| s.hints && *m == s.moves_text())
        .map(|(_, h)| h.as_slice());
    match outcome {
        Outcome::ToMove(side) if s.players[side] == Player::Human => hints,
        _ => None,
    }
}

/// The tab that opens a game.
fn game_tab(k: Kind, kind: Kind) -> Html {
    let mut route = Route::new(View::Play);
    route.set("game", k.key());
    let current = k == kind;
    html! {
        <a href={route.to_hash()} class={classes!("tab", current.then_some("current"))} aria-current={current.then_some("page")}>{ k.title() }</a>
    }
}

/// The board of the game played, with the last move and the hints.
fn board(pos: Pos, s: &Setup, hints: Option<&[Hint]>, on_move: Callback<Move>) -> Html {
    let last_move = s.played.checked_sub(1).map(|i| s.moves[i]);
    match pos {
        Pos::Ttt(b) => {
            html! { <TttBoard cells={(0..9).map(|i| b.cell(i).map_or(0, |p| p as u8 + 1)).collect::<Vec<u8>>()}
            o_first={s.o_first} win={b.winning_line().map(|l| l.to_vec()).unwrap_or_default()}
            last={last_move} hints={hints.map(|h| h.to_vec())} on_move={on_move.clone()} /> }
        }
        Pos::C4(p) => html! { <C4Board cells={arbor_app::game::c4_picture(&p)}
        win={p.winning_line().map(|l| l.iter().map(|&(r, c)| (5 - r) * 7 + c).collect::<Vec<usize>>()).unwrap_or_default()}
        last={last_move} hints={hints.map(|h| h.to_vec())} on_move={on_move.clone()} /> },
        Pos::Nim(p) => html! { <NimBoard piles={p.sizes().to_vec()} max_take={s.rules.max_take}
        hints={hints.map(|h| h.to_vec())} on_move={on_move.clone()} /> },
    }
}

/// Undo, Redo and New game.
fn game_buttons(s: &Setup, dispatch: &UseReducerDispatcher<Store<State>>) -> Html {
    html! {
        <div class="row game-buttons">
            <button type="button" onclick={dispatch.to_callback().reform(|_: MouseEvent| Action::Undo)} disabled={s.played == 0}>{ "↶ Undo" }</button>
            <button type="button" onclick={dispatch.to_callback().reform(|_: MouseEvent| Action::Redo)} disabled={s.played == s.moves.len()}>{ "↷ Redo" }</button>
            <button type="button" onclick={dispatch.to_callback().reform(|_: MouseEvent| Action::NewGame(crate::page::fresh_seed()))}>{ "New game" }</button>
        </div>
    }
}

/// The AI's panel: its progress while it thinks, and its last move.
fn ai_panel(
    state: &State,
    outcome: Outcome,
    dispatch: &UseReducerDispatcher<Store<State>>,
) -> Html {
    let s = &state.setup;
    html! {
        <AiPanel thinking={(state.task == Task::Thinking).then(|| state.progress.clone().unwrap_or(Thinking { depth: 0, nodes: 0, best: None, solving: false, mcts: false }))}
            thinker={match outcome { Outcome::ToMove(side) => Some(s.side_name(side)), _ => None }}
            paused={state.paused && matches!(outcome, Outcome::ToMove(side) if s.players[side] != Player::Human)}
            failed={state.failed.clone()}
            last={state.last_ai.as_ref().map(|a| last_move(s, a, outcome))}
            dispatch={dispatch.clone()} />
    }
}

/// The AI's last move as the panel tells it, with the link to the search behind it.
fn last_move(s: &Setup, a: &AiMove, outcome: Outcome) -> LastMove {
    let kind = s.rules.kind;
    LastMove {
        side: s.side_name(a.side),
        max: s.side_name(0),
        strength: kind
            .level(a.level)
            .map_or(Strength::Perfect, |l| l.strength),
        ended: match outcome {
            Outcome::Won(w) if w == a.side => Some("It won: the game is over.".to_string()),
            Outcome::Won(_) => Some("The game is over.".to_string()),
            Outcome::Draw => Some("The game is over: a draw.".to_string()),
            Outcome::ToMove(_) => None,
        },
        mv: a.thought.mv.describe(kind),
        thought: a.thought.clone(),
        link: match &a.thought.mcts {
            Some(m) => mcts_route(&s.rules, s.o_first, &a.before, m, a.seed),
            None => search_route(
                &s.rules,
                s.o_first,
                &a.before,
                a.level,
                a.seed,
                a.thought.depth,
                a.thought.solver,
                a.thought.weak,
            ),
        }
        .to_hash(),
    }
}
