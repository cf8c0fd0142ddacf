//! Draws a [`Scene`] as SVG, each node as its [`Look`] says.
//!
//! Built for trees of thousands of nodes that change a few nodes per step:
//! - nodes and edges are drawn in memoised chunks of [`CHUNK`] consecutive nodes, so a step
//!   re-renders only the chunks whose looks changed, and within them only the changed nodes;
//! - everything is drawn at absolute coordinates — a `transform` per node would give Chrome one
//!   paint-property node per node to composite on every frame.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use arbor_app::scene::{Scene, SceneNode};

pub use super::svg_numbers::{fixed, fmt, points};

/// How an edge is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeKind {
    /// The root has no edge.
    None,
    /// Not walked yet.
    Plain,
    /// Walked by the search.
    Walked,
    /// On the principal variation or the solution path.
    Principal,
    /// Where a subtree was cut off: drawn cut.
    Cut,
    /// Inside a cut-off subtree, or to a node dropped: dashed.
    Pruned,
    /// Not drawn (the node is not shown yet).
    Hidden,
}

/// The event handlers and accessibility attributes of an interactive node.
#[derive(Clone, Default, PartialEq)]
pub struct Interaction {
    /// Click.
    pub onclick: Option<Callback<MouseEvent>>,
    /// Enter and Space (for nodes that are buttons).
    pub onkeydown: Option<Callback<KeyboardEvent>>,
    /// `button` for operable nodes, `img` for the others (a picture with a name).
    pub role: Option<&'static str>,
    /// Operable nodes: `0` for the one the Tab key reaches (the root at first), `-1` for the
    /// rest — the arrow keys move between them (a roving tab stop).
    pub tabindex: Option<&'static str>,
    /// A CSS class saying what a click does (`editable`, `foldable`).
    pub class: Option<&'static str>,
    /// Foldable nodes: whether their children are shown (`aria-expanded`).
    pub expanded: Option<&'static str>,
}

/// A node's accessible name: the words drawn in it, in the order they are drawn (so the name
/// begins with what a sighted user reads, as speech input needs), then what the drawing tells
/// without words.
pub fn node_name(drawn: &[&str], description: &str) -> String {
    let drawn: Vec<&str> = drawn.iter().copied().filter(|t| !t.is_empty()).collect();
    match (drawn.is_empty(), description.is_empty()) {
        (true, _) => description.to_string(),
        (false, true) => drawn.join(" "),
        (false, false) => format!("{}, {description}", drawn.join(" ")),
    }
}

/// Text for an SVG `<text>` inside a named node: with a trailing space, which the drawing does
/// not show, so that the node's words read apart (“A 3”, not “A3”) where text is joined.
pub fn spaced(text: &str) -> String {
    format!("{text} ")
}

/// The drawn node (the element with `data-node`) a key event happened in.
pub(crate) fn event_node(e: &KeyboardEvent) -> Option<web_sys::Element> {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest("[data-node]").ok().flatten())
}

/// What a node shows at a step: a look draws the node at its place (absolute coordinates)
/// and says how its edge from the parent is drawn. Compared for equality to skip redrawing.
pub trait Look: Clone + PartialEq + Default + 'static {
    /// The edge from `parent` to this node.
    fn edge(&self, parent: &Self) -> EdgeKind;
    /// Where the edge from `parent` to `child` is drawn: centre to centre, under the nodes.
    fn ends(parent: &SceneNode, child: &SceneNode) -> ((f64, f64), (f64, f64)) {
        ((parent.x, parent.y), (child.x, child.y))
    }
    /// The node's `<g>` (with `data-node` = `path`), with `interaction` applied.
    fn draw(&self, node: &SceneNode, path: &str, interaction: Interaction) -> Html;
    /// The node drawn too small to read (a few pixels on a canvas): its fill and outline.
    fn sketch(&self) -> Sketch {
        Sketch::PLAIN
    }
}

/// A node drawn as a speck: the colours of its fill and outline (CSS colours, as the
/// stylesheet draws the same standing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sketch {
    /// Fill.
    pub fill: &'static str,
    /// Outline.
    pub line: &'static str,
}

impl Sketch {
    /// Not reached.
    pub const PLAIN: Sketch = Sketch {
        fill: "#ffffff",
        line: "#8a93a3",
    };
    /// Reached, done.
    pub const VISITED: Sketch = Sketch {
        fill: "#d6ebf7",
        line: "#1d2330",
    };
    /// Where the search is.
    pub const CURRENT: Sketch = Sketch {
        fill: "#ffe9b3",
        line: "#1d2330",
    };
    /// Pruned or dropped.
    pub const PRUNED: Sketch = Sketch {
        fill: "#eef0f3",
        line: "#aab1bd",
    };
    /// On the principal variation or the solution path.
    pub const PRINCIPAL: Sketch = Sketch {
        fill: "#d6ebf7",
        line: "#0072b2",
    };
    /// Waiting in a frontier.
    pub const FRONTIER: Sketch = Sketch {
        fill: "#ffffff",
        line: "#e69f00",
    };
    /// A goal.
    pub const GOAL: Sketch = Sketch {
        fill: "#c8ecdc",
        line: "#009e73",
    };
}

impl EdgeKind {
    /// The colour of the edge drawn too small to read, if it is drawn.
    pub fn sketch(self) -> Option<&'static str> {
        match self {
            EdgeKind::None | EdgeKind::Hidden => None,
            EdgeKind::Plain => Some("#9aa3b2"),
            EdgeKind::Walked => Some("#1d2330"),
            EdgeKind::Principal => Some("#0072b2"),
            EdgeKind::Cut | EdgeKind::Pruned => Some("#c3c8d1"),
        }
    }
}

/// Props of [`EdgeView`].
#[derive(Properties, PartialEq)]
pub struct EdgeViewProps {
    /// Where it leaves the parent (see [`Look::ends`]).
    pub from: (f64, f64),
    /// Where it reaches the child.
    pub to: (f64, f64),
    /// How it is drawn.
    pub kind: EdgeKind,
    /// What is written on it, and where: a chance node's child's probability.
    #[prop_or_default]
    pub note: Option<(f64, f64, Rc<str>)>,
}

impl EdgeViewProps {
    /// The note on the edge from `parent` into `child`, if the child has one.
    pub fn note_of(parent: &SceneNode, child: &SceneNode) -> Option<(f64, f64, Rc<str>)> {
        let text = child.note.clone()?;
        let (x, baseline) = arbor_app::scene::edge_note_place(parent, child);
        Some((x, baseline, text))
    }
}

/// One edge.
#[component]
pub fn EdgeView(props: &EdgeViewProps) -> Html {
    crate::renders::count("EdgeView");
    let ((x1, y1), (x2, y2)) = (props.from, props.to);
    if props.kind == EdgeKind::Hidden {
        return html! {};
    }
    let class = classes!(
        "edge",
        match props.kind {
            EdgeKind::None | EdgeKind::Plain | EdgeKind::Hidden => None,
            EdgeKind::Walked => Some("walked"),
            EdgeKind::Principal => Some("walked principal"),
            EdgeKind::Cut | EdgeKind::Pruned => Some("pruned"),
        }
    );
    let cut = (props.kind == EdgeKind::Cut).then(|| {
        // Two short strokes across the edge where it was cut.
        let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let (nx, ny) = (-dy / len * 9.0, dx / len * 9.0);
        let (ox, oy) = (dx / len * 3.0, dy / len * 3.0);
        html! {
            <g class="cut" aria-hidden="true">
                <line x1={fmt(mx - nx - ox)} y1={fmt(my - ny - oy)} x2={fmt(mx + nx - ox)} y2={fmt(my + ny - oy)} />
                <line x1={fmt(mx - nx + ox)} y1={fmt(my - ny + oy)} x2={fmt(mx + nx + ox)} y2={fmt(my + ny + oy)} />
            </g>
        }
    });
    let note = props.note.as_ref().map(|(x, y, text)| {
        html! { <text class="edge-note" x={fmt(*x)} y={fmt(*y)} text-anchor="middle">{ text.to_string() }</text> }
    });
    html! {
        <>
            <line {class} x1={fmt(x1)} y1={fmt(y1)} x2={fmt(x2)} y2={fmt(y2)} />
            { for cut }
            { for note }
        </>
    }
}

/// Props of [`NodeView`].
#[derive(Properties)]
pub struct NodeViewProps<L: Look> {
    /// The placed tree.
    pub scene: Rc<Scene>,
    /// The node's index in it.
    pub index: usize,
    /// Its look.
    pub mark: L,
    /// A leaf's action.
    pub on_leaf: Option<Callback<usize>>,
    /// An inner node's action.
    pub on_inner: Option<Callback<usize>>,
    /// The drawing's one tab stop (see [`Interaction::tabindex`]).
    pub tab_stop: bool,
}

impl<L: Look> PartialEq for NodeViewProps<L> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.scene, &other.scene)
            && self.index == other.index
            && self.mark == other.mark
            && self.on_leaf == other.on_leaf
            && self.on_inner == other.on_inner
            && self.tab_stop == other.tab_stop
    }
}

/// One node, as its look draws it, operable if it has an action.
#[component]
pub fn NodeView<L: Look>(props: &NodeViewProps<L>) -> Html {
    crate::renders::count("NodeView");
    let node: &SceneNode = &props.scene.nodes[props.index];
    let key = node.key;
    let callback = props.on_leaf.as_ref().or(props.on_inner.as_ref());
    let interaction = match callback {
        Some(cb) => {
            let (click, press) = (cb.clone(), cb.clone());
            let foldable = props.on_leaf.is_none();
            Interaction {
                onclick: Some(Callback::from(move |_: MouseEvent| click.emit(key))),
                onkeydown: Some(Callback::from(move |e: KeyboardEvent| {
                    if e.key() == "Enter" || e.key() == " " {
                        e.prevent_default();
                        e.stop_propagation();
                        press.emit(key);
                        if foldable {
                            refocus(&e);
                        }
                    }
                })),
                role: Some("button"),
                tabindex: Some(if props.tab_stop { "0" } else { "-1" }),
                class: Some(if foldable { "foldable" } else { "editable" }),
                expanded: foldable.then_some(if node.hidden > 0 { "false" } else { "true" }),
            }
        }
        None => Interaction {
            role: Some("img"),
            ..Interaction::default()
        },
    };
    props
        .mark
        .draw(node, &props.scene.path(props.index), interaction)
}

/// After a node folds or unfolds, the drawing is redrawn and the element that had the focus
/// may now show another node: give the focus back to the node that was pressed.
fn refocus(e: &KeyboardEvent) {
    let Some(node) = event_node(e) else {
        return;
    };
    let Some(svg) = node.closest("svg").ok().flatten() else {
        return;
    };
    let path = node.get_attribute("data-node").unwrap_or_default();
    gloo_timers::callback::Timeout::new(0, move || {
        let found = svg
            .query_selector(&format!("[data-node=\"{path}\"]"))
            .ok()
            .flatten()
            .and_then(|n| n.dyn_into::<web_sys::SvgElement>().ok());
        if let Some(n) = found {
            let _ = n.set_attribute("tabindex", "0");
            let _ = n.focus();
        }
    })
    .forget();
}

/// A folded node's mark, `top` below its centre ([`arbor_app::scene::fold_top`]): a badge as
/// wide as its words, with a small triangle and how many nodes the fold hides.
pub fn folded_marker(node: &SceneNode, top: f64) -> Html {
    if node.hidden == 0 {
        return html! {};
    }
    let (x, y) = (node.x, node.y);
    let mark = arbor_app::scene::fold_mark(node.hidden, top);
    let (left, top, width, height) = mark.badge;
    html! {
        <g class="collapsed-mark" aria-hidden="true">
            <rect x={fmt(x + left)} y={fmt(y + top)} width={fmt(width)} height={fmt(height)} rx="4" />
            <polygon points={points(x, y, &mark.triangle)} />
            <text x={fmt(x + mark.text_at.0)} y={fmt(y + mark.text_at.1)}>{ mark.text }</text>
        </g>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_begin_with_what_is_drawn() {
        assert_eq!(
            node_name(&["H", "", "2"], "leaf, visited"),
            "H 2, leaf, visited"
        );
        assert_eq!(node_name(&[], "leaf"), "leaf");
    }
}
