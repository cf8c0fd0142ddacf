//! "For teachers": how to link, embed and export; every seed example as a ready link; the URL
//! parameters of each view.

use yew::prelude::*;

use arbor_app::pages::PAGES;
use arbor_app::route::Route;
use arbor_app::teachers::{examples, TREE_TEXTS};
use arbor_app::url::{Param, COMMON_PARAMS};

fn param_table(caption: &str, params: &[Param]) -> Html {
    html! {
        <table class="params">
            <caption>{ caption.to_string() }</caption>
            <thead><tr><th scope="col">{ "Parameter" }</th><th scope="col">{ "Values" }</th><th scope="col">{ "Meaning" }</th></tr></thead>
            <tbody>
                { for params.iter().map(|p| html! {
                    <tr><th scope="row"><code>{ p.name }</code></th>
                        <td><code>{ p.values }</code>
                            if !p.examples.is_empty() {
                                <ul class="param-examples" aria-label={format!("Examples of {}", p.name)}>
                                    { for p.examples.iter().map(|&link| html! { <li><a href={link}><code>{ link }</code></a></li> }) }
                                </ul>
                            }
                        </td>
                        <td>{ p.meaning }</td></tr>
                }) }
            </tbody>
        </table>
    }
}

/// The page.
#[component]
pub fn Teachers() -> Html {
    crate::renders::count("Teachers");
    let examples = examples();
    html! {
        <section class="page teachers narrow-wide">
            <style>{ include_str!("style.css") }</style>
            <h1>{ "For teachers" }</h1>
            <p class="lede">{ "Every view of Arbor is a link: the tree or problem, the search and its options, the step, the game's position and the AI's level are all in the address. Send it, put it in your slides, or embed the view in a course page." }</p>

            <h2 id="link">{ "Link" }</h2>
            <p>{ "The address bar always holds the view as it is now. " }<strong>{ "Copy link" }</strong>{ " in the header copies it. Opening the link shows the same tree at the same step. Large trees are packed into a " }<code>{ "z=" }</code>{ " parameter so links stay short enough to paste; short settings such as " }<code>{ "step" }</code>{ " stay readable beside it, so you can edit them by hand." }</p>

            <h2 id="embed">{ "Embed" }</h2>
            <p><strong>{ "Embed" }</strong>{ " in the header gives a ready " }<code>{ "<iframe>" }</code>{ " for the view as it is now. Embedded views (" }<code>{ "embed=1" }</code>{ ") drop Arbor's header, fit their frame — 600 × 400 is enough to step a tree, and they work on a phone — and carry a small “Open in Arbor” link to the full app." }</p>
            <p>{ "Arbor is one static folder (" }<code>{ "dist/" }</code>{ "): copy it anywhere on your course site — any sub-path works, and it needs no network once loaded. For example, with the folder at " }<code>{ "/course/arbor/" }</code>{ ":" }</p>
            <pre class="snippet-example" tabindex="0"><code>{ "<iframe src=\"/course/arbor/#/alphabeta?preset=seed003-alphabeta&amp;step=5&amp;embed=1\"\n        width=\"600\" height=\"400\" title=\"Arbor: alpha-beta stepper\"></iframe>" }</code></pre>

            <h2 id="export">{ "Export" }</h2>
            <p>{ "Above each drawn tree, " }<strong>{ "Export" }</strong>{ " saves the tree as it is drawn at this step as an SVG file (it scales for slides) or a PNG picture, and the whole search as JSON: the tree (each node with its path " }<code>{ "r.0.1" }</code>{ ", label and player), the nodes the search entered, and every event in order — entering a node with (α, β), a leaf's value, a cut-off and the children it skips, a table hit. Students can compare their own code's output with it event by event." }</p>

            <h2 id="practice">{ "Practice" }</h2>
            <p>{ "In " }<a href="#/practice">{ "Practice" }</a>{ ", students mark the branches alpha-beta prunes and type values (and, at the hardest level, (α, β)), or click the node BFS, DFS, uniform-cost, greedy or A* takes next (or order the whole frontier). The answers come from the engine's own run, so they are right by construction. An exercise is its link: the settings and seed make the same tree and questions; " }<code>{ "tree=" }</code>{ " or " }<code>{ "text=" }</code>{ " fixes a tree of your own." }</p>

            <h2 id="lecture">{ "Lecture mode, tours and worksheets" }</h2>
            <p><strong>{ "Lecture mode" }</strong>{ " in the header's Teach menu (" }<code>{ "present=1" }</code>{ ") puts the view alone on a projector, the caption large: Page Down and Page Up (a clicker's keys) or → ← step, B blanks the screen, Escape leaves." }</p>
            <p><a href="#/tours">{ "Guided tours" }</a>{ " walk through every worked example of the course notes stop by stop, with a note beside each view. " }<strong>{ "Add to tour" }</strong>{ " in the header's Teach menu makes your own, shared as a link or a file." }</p>
            <p>{ "Worksheets make exercises with their answer key, the same sheet for the same seed: " }
                <a href="#/worksheet?kind=alphabeta&n=6&seed=7">{ "alpha-beta" }</a>{ ", " }
                <a href="#/worksheet?kind=minimax&n=4&seed=2">{ "minimax" }</a>{ ", " }
                <a href="#/worksheet?kind=search&n=3&seed=5">{ "search order" }</a>{ ", " }
                <a href="#/worksheet?kind=expectimax&n=4&seed=1">{ "expectimax" }</a>{ ", " }
                <a href="#/worksheet?kind=ucb1&n=4&seed=3">{ "UCB1" }</a>{ "." }</p>

            <h2 id="examples">{ "The seeds' examples" }</h2>
            <p>{ "Each opens at the start; step with → or the controls." }</p>
            <table class="examples">
                <thead><tr><th scope="col">{ "Seed" }</th><th scope="col">{ "Example" }</th><th scope="col">{ "What it shows" }</th></tr></thead>
                <tbody>
                    { for examples.iter().map(|e| html! {
                        <tr>
                            <td>{ e.seed }</td>
                            <td><a href={e.route.to_link()}>{ e.title }</a></td>
                            <td>{ e.expect }</td>
                        </tr>
                    }) }
                </tbody>
            </table>

            <h2 id="parameters">{ "URL parameters" }</h2>
            <p>{ "A link is " }<code>{ "#/<view>?<name>=<value>&…" }</code>{ " after the page's address. Anything missing takes its default; anything wrong is named in a note at the top of the view, which shows its default instead. Text from a link is only ever shown as text." }</p>
            { param_table("Every view", COMMON_PARAMS) }
            { for PAGES.iter().filter(|p| !arbor_app::pages::params(p.view).is_empty()).map(|p| {
                param_table(&format!("{} — {}", Route::new(p.view.clone()).to_hash(), p.title), arbor_app::pages::params(p.view))
            }) }

            <h2 id="tree-text">{ "Tree text" }</h2>
            <p>{ "A leaf is an integer; an inner node is " }<code>{ "[child, child, …]" }</code>{ " with commas or spaces. Nodes are lettered A, B, C, … breadth-first unless the text names them. Examples:" }</p>
            <ul class="tree-texts">
                { for TREE_TEXTS.iter().map(|(text, what)| html! { <li><code>{ *text }</code>{ " — " }{ *what }</li> }) }
            </ul>
        </section>
    }
}
