//! The Play page's panels: hints, the moves, the AI's thinking and last move, the set-up and Nim's rules.

use crate::page::fresh_seed;
use crate::store::Store;
use arbor_app::play::page::{Action, State};
use arbor_app::play::{Hint, Thinking, Thought};
use arbor_app::play::{Kind, Move, Player, Rules, Setup, Strength};
use yew::prelude::*;

/// A hint's badge: shape and words, so it reads without colour. The word ("win", "loss")
/// is a part of its own, which a phone's connect-four board leaves out (the shape says it,
/// and the legend below): seven badges side by side must fit 375 pixels.
pub(super) fn hint_badge(h: Option<&Hint>) -> Html {
    match h {
        Some(h) => {
            let badge = h.verdict.badge();
            let (word, count) = match badge.split_once(' ') {
                Some((word, count)) => (word.to_string(), Some(count.to_string())),
                None => (badge, None),
            };
            html! {
                <span class={classes!("hint-badge", h.verdict.class())} aria-hidden="true">
                    <span class="shape">{ h.verdict.shape() }</span>{ " " }
                    <span class="badge-word">{ word }</span>
                    if let Some(count) = count { { " " }<span class="badge-count">{ count }</span> }
                </span>
            }
        }
        None => html! {},
    }
}

/// A hint in words, for a button's accessible name ([`arbor_app::play::hint_words`]).
pub(super) fn hint_words(kind: Kind, h: Option<&Hint>) -> String {
    arbor_app::play::hint_words(kind, h.map(|h| h.verdict))
}

#[derive(Properties, PartialEq)]
pub(super) struct HintLegendProps {
    pub kind: Kind,
}

#[component]
pub(super) fn HintLegend(props: &HintLegendProps) -> Html {
    crate::renders::count("HintLegend");
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
                { " Without n (" }<span class="hint-badge win"><span class="shape">{ "▲" }</span>{ " win" }</span>{ ", " }
                <span class="hint-badge loss"><span class="shape">{ "▼" }</span>{ " loss" }</span>
                { "): proven, but how soon was not found in time (or comes from the opening book, which holds only the result). " }
                <span class="hint-badge estimate"><span class="shape">{ "◆" }</span>{ " ≈v?" }</span>
                { " not proven in time: the threat evaluation six plies on, a guess on its own scale (higher is better) — not a count of moves, not to be ranked with the proven ones." }
            }
        </p>
    }
}

#[derive(Properties, PartialEq)]
pub(super) struct MoveListProps {
    pub kind: Kind,
    pub moves: Vec<Move>,
    pub names: [&'static str; 2],
}

#[component]
pub(super) fn MoveList(props: &MoveListProps) -> Html {
    crate::renders::count("MoveList");
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
pub(super) struct LastMove {
    pub side: &'static str,
    /// The first player's name (MAX in the search tree).
    pub max: &'static str,
    /// How the AI searched at its level.
    pub strength: Strength,
    /// How the game ended, if this move ended it.
    pub ended: Option<String>,
    pub mv: String,
    pub thought: Thought,
    pub link: String,
}

#[derive(Properties, PartialEq)]
pub(super) struct AiPanelProps {
    /// Progress, while the AI thinks.
    pub thinking: Option<Thinking>,
    /// The side to move.
    pub thinker: Option<&'static str>,
    pub paused: bool,
    pub failed: Option<String>,
    pub last: Option<LastMove>,
    pub dispatch: UseReducerDispatcher<Store<State>>,
}

#[component]
pub(super) fn AiPanel(props: &AiPanelProps) -> Html {
    crate::renders::count("AiPanel");
    let d = &props.dispatch;
    html! {
        <section class="ai-panel" aria-label="The AI">
            <h2>{ "The AI" }</h2>
            if let Some(t) = &props.thinking {
                <div class="thinking">
                    <p>
                        <span class="spinner" aria-hidden="true"></span>
                        { format!("{} is thinking: ", props.thinker.unwrap_or("The AI")) }
                        if t.mcts {
                            <span class="nodes">{ format!("{} playouts", arbor_util::group_thousands(t.nodes)) }</span>{ " so far." }
                        } else {
                            <span class="depth">{ if t.solving { format!("{} searched; now solving to the end,", arbor_util::counted(u64::from(t.depth), "ply", "plies")) } else { format!("depth {} reached,", t.depth) } }</span>
                            { " " }<span class="nodes">{ arbor_util::counted(t.nodes, "node", "nodes") }</span>{ "." }
                        }
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
            if let Some((last, note)) = props.last.as_ref().map(|l| (l, arbor_app::play::move_note(&l.thought, l.strength, l.max))) {
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
                    if let Some(m) = &last.thought.mcts {
                        <p class="hint value-note">{ format!("Monte Carlo tree search: {} playouts (c = {}); it played its most visited move, {} visits ({}%), whose playouts' mean reward for {} is {:.2} (a win 1, a draw ½, a loss 0).",
                            arbor_util::group_thousands(m.iterations), arbor_app::mcts::exploration_text(m.exploration), arbor_util::group_thousands(m.visits),
                            (m.visits * 100 + m.iterations / 2).checked_div(m.iterations).unwrap_or(0), last.side, m.mean) }</p>
                        <p class="hint">{ if last.thought.stopped { "Not proven: stopped, so it played the most visited move so far. MCTS samples; it does not prove." } else { "Not proven: MCTS samples random games; it does not prove." } }</p>
                    } else {
                        <p class="hint value-note">{ note.value.clone() }</p>
                        <p class="hint">{ note.proof.clone() }</p>
                    }
                    if let Some(note) = &last.thought.note {
                        <p class="error" role="alert">{ note.clone() }</p>
                    }
                    if let Some(why) = &note.no_search {
                        <p class="hint">{ why.clone() }</p>
                    } else {
                        <p><a class="tree-link" href={last.link.clone()}>{ if last.thought.mcts.is_some() { "Open the MCTS tree behind this move →" } else { "Open the search tree behind this move →" } }</a></p>
                    }
                </div>
            } else if props.thinking.is_none() && !props.paused {
                <p class="hint">{ "After the AI moves, its search tree opens from here, step by step." }</p>
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub(super) struct SetupPanelProps {
    pub setup: Setup,
    pub dispatch: UseReducerDispatcher<Store<State>>,
}

#[component]
pub(super) fn SetupPanel(props: &SetupPanelProps) -> Html {
    crate::renders::count("SetupPanel");
    let s = &props.setup;
    let d = &props.dispatch;
    let kind = s.rules.kind;
    let on_hints = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            d.dispatch(Action::Hints(input.checked()));
        })
    };
    let perfect_c4 = kind == Kind::Connect4 && s.players.contains(&Player::Ai("perfect"));
    let clock = s.uses_clock();
    html! {
        <section class="setup" aria-label="Players and rules">
            <h2>{ "Players" }</h2>
            if kind == Kind::TicTacToe {
                { first_player(s, d) }
            }
            { player_select(s, d, 0) }
            { player_select(s, d, 1) }
            if clock {
                { think_time(s, d) }
            }
            if perfect_c4 {
                <p class="hint">{ "In the opening the AI plays from Arbor's opening book (every position it can meet up to 12 stones, solved offline by its own solver); after it, it proves every move in the tab. If a proof does not come in time, it plays the move of its deepest finished search and says it is not proven." }</p>
            }
            <label class="check"><input type="checkbox" checked={s.hints} onchange={on_hints} />{ " Show hints: every move's score" }</label>
            if kind == Kind::Nim {
                <NimRules rules={s.rules.clone()} dispatch={d.clone()} />
            }
        </section>
    }
}

/// Tic-tac-toe's choice of the first player's mark.
fn first_player(s: &Setup, d: &UseReducerDispatcher<Store<State>>) -> Html {
    let on_first = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            d.dispatch(Action::OFirst(select.value() == "o"));
        })
    };
    html! {
        <label class="stack">{ "The first player plays" }
            <select onchange={on_first} aria-label="Who starts">
                <option value="x" selected={!s.o_first}>{ "X (X starts)" }</option>
                <option value="o" selected={s.o_first}>{ "O (O starts)" }</option>
            </select>
        </label>
    }
}

/// Who plays a side: a person, or the AI at one of its levels.
fn player_select(s: &Setup, d: &UseReducerDispatcher<Store<State>>, side: usize) -> Html {
    let kind = s.rules.kind;
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
}

/// The time the AI may think, for the levels that play on the clock.
fn think_time(s: &Setup, d: &UseReducerDispatcher<Store<State>>) -> Html {
    let on_think = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Ok(v) = select.value().parse() {
                d.dispatch(Action::Think(v));
            }
        })
    };
    html! {
        <label class="stack">{ "AI: time to think" }
            <select onchange={on_think} aria-label="Thinking time">
                { for [1u32, 2, 5, 10, 30].iter().map(|&t| html! {
                    <option value={t.to_string()} selected={s.think_seconds == t}>{ format!("{t} s") }</option>
                }) }
            </select>
        </label>
    }
}

#[derive(Properties, PartialEq)]
pub(super) struct NimRulesProps {
    pub rules: Rules,
    pub dispatch: UseReducerDispatcher<Store<State>>,
}

#[component]
pub(super) fn NimRules(props: &NimRulesProps) -> Html {
    crate::renders::count("NimRules");
    let form = use_nim_form(&props.rules);
    let apply = on_apply(&form, &props.dispatch);
    let on_text = {
        let text = form.text.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            text.set(input.value());
        })
    };
    let on_misere = {
        let misere = form.misere.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            misere.set(input.checked());
        })
    };
    html! {
        <form class="nim-rules" onsubmit={apply} aria-label="Nim rules">
            <h2>{ "Rules" }</h2>
            <div class="row">
                { for PRESETS.iter().map(|&preset| preset_button(&form, &props.dispatch, preset)) }
            </div>
            <label class="stack">{ "Piles (matches in each, comma-separated)" }
                <input type="text" value={(*form.text).clone()} oninput={on_text} aria-invalid={form.error.is_some().then_some("true")} />
            </label>
            if let Some(e) = &*form.error {
                <p class="error" role="alert">{ e.clone() }</p>
            }
            { take_select(&form.take) }
            <label class="check"><input type="checkbox" checked={*form.misere} onchange={on_misere} />{ " Misère: whoever takes the last match loses" }</label>
            <button type="submit">{ "Start with these rules" }</button>
        </form>
    }
}

/// Nim's rules as typed in the form, before they are applied.
struct NimForm {
    /// The piles, as text.
    text: UseStateHandle<String>,
    /// Why the piles' text does not read, if it does not.
    error: UseStateHandle<Option<String>>,
    /// Most matches a move takes (`None`: any number).
    take: UseStateHandle<Option<u8>>,
    misere: UseStateHandle<bool>,
}

/// The form's fields, first filled with the rules played.
#[hook]
fn use_nim_form(rules: &Rules) -> NimForm {
    let text = use_state(|| {
        rules
            .piles
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    });
    let error = use_state(|| None::<String>);
    let take = use_state(|| rules.max_take);
    let misere = use_state(|| rules.misere);
    NimForm {
        text,
        error,
        take,
        misere,
    }
}

/// Nim with these piles and rules.
fn nim_rules(piles: &arbor_games::nim::Piles, max_take: Option<u8>, misere: bool) -> Rules {
    Rules {
        kind: Kind::Nim,
        piles: piles.sizes().to_vec(),
        max_take,
        misere,
    }
}

/// Submitting the form: a new game with its rules, if its piles read.
fn on_apply(form: &NimForm, d: &UseReducerDispatcher<Store<State>>) -> Callback<SubmitEvent> {
    let (text, error, take, misere, d) = (
        form.text.clone(),
        form.error.clone(),
        form.take.clone(),
        form.misere.clone(),
        d.clone(),
    );
    Callback::from(move |e: SubmitEvent| {
        e.prevent_default();
        match arbor_games::nim::Piles::parse(&text) {
            Ok(p) => {
                error.set(None);
                d.dispatch(Action::Rules(nim_rules(&p, *take, *misere), fresh_seed()));
            }
            Err(e) => error.set(Some(e)),
        }
    })
}

/// Nim's ready-made rules: piles, most matches a move takes, misère, and the button's words.
const PRESETS: [(&str, Option<u8>, bool, &str); 4] = [
    ("9", Some(3u8), false, "Seed: one pile of 9, take 1–3"),
    ("4", Some(3), false, "The slides' tree: a pile of 4"),
    ("3, 4, 5", None, false, "Classic 3-4-5, take any number"),
    ("3, 4, 5", None, true, "3-4-5, misère: the last match loses"),
];

/// A button that fills the form with ready-made rules and starts a game with them.
fn preset_button(
    form: &NimForm,
    d: &UseReducerDispatcher<Store<State>>,
    (piles, cap, mis, title): (&'static str, Option<u8>, bool, &'static str),
) -> Html {
    let d = d.clone();
    let (text, take, misere) = (form.text.clone(), form.take.clone(), form.misere.clone());
    let onclick = Callback::from(move |_: MouseEvent| {
        text.set(piles.into());
        take.set(cap);
        misere.set(mis);
        if let Ok(p) = arbor_games::nim::Piles::parse(piles) {
            d.dispatch(Action::Rules(nim_rules(&p, cap, mis), fresh_seed()));
        }
    });
    html! { <button type="button" {onclick}>{ title }</button> }
}

/// How many matches a move may take.
fn take_select(take: &UseStateHandle<Option<u8>>) -> Html {
    let on_take = {
        let take = take.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            take.set(select.value().parse().ok());
        })
    };
    html! {
        <label class="stack">{ "A move takes" }
            <select onchange={on_take}>
                { for [Some(1u8), Some(2), Some(3), Some(4), None].iter().map(|&c| html! {
                    <option value={c.map(|m| m.to_string()).unwrap_or_default()} selected={**take == c}>
                        { c.map_or("any number, from one pile".to_string(), |m| format!("1 to {m}")) }
                    </option>
                }) }
            </select>
        </label>
    }
}
