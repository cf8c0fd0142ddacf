//! Practice: the student predicts, Arbor checks against the engine's own trace.
//!
//! - Alpha-beta: mark the branches alpha-beta prunes (click a node, or Tab to it and press
//!   Enter), type values and windows; Check marks each answer; Reveal steps the real run from
//!   the first difference.
//! - Search: click the node taken from the frontier next (or order the whole frontier); a
//!   wrong click is answered with the algorithm's rule and the figures that decide it.
//! - Chance: type the value of every chance, MAX and MIN node; each is checked against the
//!   engine's run, with the expectation or the max/min that makes it.
//! - MCTS: at selection steps of a real run, pick the child UCB1 takes (and compute every
//!   child's UCB1); checked against the engine's selection, its terms shown.

use crate::alphabeta::practice::AbPractice;
use crate::chance::practice::ChancePractice;
use crate::mcts::practice::McPractice;
use crate::search::practice::SearchPractice;
use arbor_app::url::UrlSettings;

use yew::prelude::*;

use arbor_app::practice::{Kind, Settings};
use arbor_app::route::{Route, View};

/// Props of a tab's practice.
#[derive(Properties, PartialEq, Clone)]
pub struct TabProps {
    /// The practice's settings.
    pub settings: Settings,
}

// The tabs a first view of the page (alpha-beta's, the default) does not show: their code is
// fetched when one is opened, or while the reader is idle.
crate::later::later_part! {
    practice_tabs;
    components {
        search_tab => SearchTab(TabProps, seen: false) =
            |p| html! { <SearchPractice settings={p.settings.clone()} /> };
        chance_tab => ChanceTab(TabProps, seen: false) =
            |p| html! { <ChancePractice settings={p.settings.clone()} /> };
        mcts_tab => McTab(TabProps, seen: false) =
            |p| html! { <McPractice settings={p.settings.clone()} /> };
    }
    code {}
}

/// Props of [`Practice`].
#[derive(Properties, PartialEq)]
pub struct PracticeProps {
    /// The route it was opened with.
    pub route: Route,
}

/// The practice page.
#[component]
pub fn Practice(props: &PracticeProps) -> Html {
    crate::renders::count("Practice");
    let (settings, notes) = Settings::from_route(&props.route);
    let tab = |kind: Kind, text: &'static str| {
        let mut route = Route::new(View::Practice);
        route.set("kind", kind.key());
        // Each practice's own defaults, as a link naming only the kind opens it.
        let s = Settings::from_route(&route).0;
        let mut r = Route::new(View::Practice);
        s.to_route(&mut r);
        let current = settings.kind == kind;
        html! {
            <a class={classes!("tab", current.then_some("current"))} href={r.to_link()} aria-current={current.then_some("page")}>{ text }</a>
        }
    };
    html! {
        <section class="page practice">
            <style>{ include_str!("style.css") }</style>
            <style>{ include_str!("../mcts/style.css") }</style>
            <h1>{ "Practice" }</h1>
            { for notes.iter().map(|n| html! { <p class="notice" role="alert">{ n.clone() }</p> }) }
            <nav class="tabs" aria-label="Practice">
                { tab(Kind::AlphaBeta, "Alpha-beta: what is pruned?") }
                { tab(Kind::Search, "Search: what comes next?") }
                { tab(Kind::Chance, "Chance: what is it worth?") }
                { tab(Kind::Mcts, "MCTS: which child next?") }
            </nav>
            {
                match settings.kind {
                    Kind::AlphaBeta => html! { <AbPractice settings={settings.clone()} /> },
                    Kind::Search => html! { <SearchTab settings={settings.clone()} /> },
                    Kind::Chance => html! { <ChanceTab settings={settings.clone()} /> },
                    Kind::Mcts => html! { <McTab settings={settings.clone()} /> },
                }
            }
        </section>
    }
}
