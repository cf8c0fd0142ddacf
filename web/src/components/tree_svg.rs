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

/// Nodes per memoised chunk.
const CHUNK: usize = 64;

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

/// Arrow keys inside a tree drawing: ↑ the parent, ↓ the first child, ← → the neighbours,
/// Home the root — moving the tab stop along (see [`Interaction::tabindex`]).
fn navigate(e: KeyboardEvent) {
    let target = match e.key().as_str() {
        "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" | "Home" => e.key(),
        _ => return,
    };
    let Some(node) = event_node(&e) else {
        return;
    };
    let Some(svg) = e
        .current_target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return;
    };
    let path = node.get_attribute("data-node").unwrap_or_default();
    let next = neighbour(&path, &target);
    let found = next.and_then(|p| {
        svg.query_selector(&format!("[data-node=\"{p}\"][tabindex]"))
            .ok()
            .flatten()
    });
    e.prevent_default();
    if let Some(next) = found.and_then(|n| n.dyn_into::<web_sys::SvgElement>().ok()) {
        let _ = node.set_attribute("tabindex", "-1");
        let _ = next.set_attribute("tabindex", "0");
        let _ = next.focus();
    }
}

/// The drawn node (the element with `data-node`) a key event happened in.
fn event_node(e: &KeyboardEvent) -> Option<web_sys::Element> {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest("[data-node]").ok().flatten())
}

/// The path a key leads to from `path` (`r`, `r.0`, `r.0.1`, …), if any.
fn neighbour(path: &str, key: &str) -> Option<String> {
    let (parent, last) = match path.rsplit_once('.') {
        Some((p, l)) => (Some(p), l.parse::<usize>().ok()),
        None => (None, None),
    };
    match key {
        "ArrowUp" => parent.map(str::to_string),
        "ArrowDown" => Some(format!("{path}.0")),
        "ArrowLeft" => Some(format!("{}.{}", parent?, last?.checked_sub(1)?)),
        "ArrowRight" => Some(format!("{}.{}", parent?, last? + 1)),
        "Home" => Some("r".into()),
        _ => None,
    }
}

/// What a node shows at a step: a look draws the node at its place (absolute coordinates)
/// and says how its edge from the parent is drawn. Compared for equality to skip redrawing.
pub trait Look: Clone + PartialEq + Default + 'static {
    /// The edge from `parent` to this node.
    fn edge(&self, parent: &Self) -> EdgeKind;
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

/// Props of [`TreeSvg`]. The scene and the looks compare by pointer: a new drawing is a new
/// `Rc`.
#[derive(Properties)]
pub struct TreeSvgProps<L: Look> {
    /// The placed tree.
    pub scene: Rc<Scene>,
    /// One look per key (`SceneNode::key` indexes it).
    pub marks: Rc<Vec<L>>,
    /// Accessible description of the drawing.
    pub title: AttrValue,
    /// Called with a leaf's key when it is activated (click, Enter or Space).
    #[prop_or_default]
    pub on_leaf: Option<Callback<usize>>,
    /// Called with an inner node's key when it is clicked (to fold or unfold it).
    #[prop_or_default]
    pub on_inner: Option<Callback<usize>>,
    /// Scale of the drawing (1 = natural size).
    #[prop_or(1.0)]
    pub zoom: f64,
    /// Every node, inner or leaf, is a button that calls `on_leaf` (practice mode).
    #[prop_or_default]
    pub all_buttons: bool,
}

impl<L: Look> PartialEq for TreeSvgProps<L> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.scene, &other.scene)
            && Rc::ptr_eq(&self.marks, &other.marks)
            && self.title == other.title
            && self.on_leaf == other.on_leaf
            && self.on_inner == other.on_inner
            && self.zoom == other.zoom
            && self.all_buttons == other.all_buttons
    }
}

/// The tree drawing.
#[component]
pub fn TreeSvg<L: Look>(props: &TreeSvgProps<L>) -> Html {
    let scene = &props.scene;
    let marks: Vec<L> = scene
        .nodes
        .iter()
        .map(|n| props.marks.get(n.key).cloned().unwrap_or_default())
        .collect();
    let edges: Vec<EdgeKind> = scene
        .nodes
        .iter()
        .enumerate()
        .map(|(i, node)| {
            node.parent
                .map_or(EdgeKind::None, |p| marks[i].edge(&marks[p]))
        })
        .collect();
    let chunks = scene.nodes.len().div_ceil(CHUNK);
    let range = |c: usize| c * CHUNK..((c + 1) * CHUNK).min(scene.nodes.len());
    let operable = props.on_leaf.is_some() || props.on_inner.is_some();
    html! {
        <svg
            class="tree"
            role="group"
            aria-label={props.title.clone()}
            data-keys={operable.then_some("own")}
            onkeydown={operable.then(|| Callback::from(navigate))}
            viewBox={format!("0 0 {} {}", fmt(scene.width), fmt(scene.height))}
            width={fmt(scene.width * props.zoom)}
            height={fmt(scene.height * props.zoom)}
            xmlns="http://www.w3.org/2000/svg"
        >
            <title>{ props.title.clone() }</title>
            <defs>
                <pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                    <line x1="0" y1="0" x2="0" y2="6" class="hatch-line" />
                </pattern>
            </defs>
            <g class="edges">
                { for (0..chunks).map(|c| html! {
                    <EdgeChunk key={c} scene={scene.clone()} start={range(c).start} kinds={Rc::<[EdgeKind]>::from(&edges[range(c)])} />
                }) }
            </g>
            <g class="nodes">
                { for (0..chunks).map(|c| html! {
                    <NodeChunk<L> key={c} scene={scene.clone()} start={range(c).start} marks={Rc::<[L]>::from(&marks[range(c)])}
                        on_leaf={props.on_leaf.clone()} on_inner={props.on_inner.clone()} all_buttons={props.all_buttons} />
                }) }
            </g>
        </svg>
    }
}

#[derive(Properties)]
struct EdgeChunkProps {
    scene: Rc<Scene>,
    start: usize,
    kinds: Rc<[EdgeKind]>,
}

impl PartialEq for EdgeChunkProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.scene, &other.scene)
            && self.start == other.start
            && self.kinds == other.kinds
    }
}

#[component]
fn EdgeChunk(props: &EdgeChunkProps) -> Html {
    let nodes = &props.scene.nodes;
    html! {
        <g>
            { for props.kinds.iter().enumerate().filter_map(|(k, &kind)| {
                let node = &nodes[props.start + k];
                let parent = &nodes[node.parent?];
                Some(html! { <EdgeView key={k} from={(parent.x, parent.y)} to={(node.x, node.y)} kind={kind} /> })
            }) }
        </g>
    }
}

/// Props of [`EdgeView`].
#[derive(Properties, PartialEq)]
pub struct EdgeViewProps {
    /// The parent's centre.
    pub from: (f64, f64),
    /// The child's centre.
    pub to: (f64, f64),
    /// How it is drawn.
    pub kind: EdgeKind,
}

/// One edge.
#[component]
pub fn EdgeView(props: &EdgeViewProps) -> Html {
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
    html! {
        <>
            <line class={class} x1={fmt(x1)} y1={fmt(y1)} x2={fmt(x2)} y2={fmt(y2)} />
            { for cut }
        </>
    }
}

#[derive(Properties)]
struct NodeChunkProps<L: Look> {
    scene: Rc<Scene>,
    start: usize,
    marks: Rc<[L]>,
    on_leaf: Option<Callback<usize>>,
    on_inner: Option<Callback<usize>>,
    all_buttons: bool,
}

impl<L: Look> PartialEq for NodeChunkProps<L> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.scene, &other.scene)
            && self.start == other.start
            && self.marks == other.marks
            && self.on_leaf == other.on_leaf
            && self.on_inner == other.on_inner
            && self.all_buttons == other.all_buttons
    }
}

#[component]
fn NodeChunk<L: Look>(props: &NodeChunkProps<L>) -> Html {
    let nodes = &props.scene.nodes;
    html! {
        <g>
            { for props.marks.iter().enumerate().map(|(k, mark)| {
                let i = props.start + k;
                let leaf = props.all_buttons || nodes[i].shape == arbor_app::scene::Shape::Leaf;
                html! {
                    <NodeView<L>
                        key={k}
                        scene={props.scene.clone()}
                        index={i}
                        mark={mark.clone()}
                        on_leaf={props.on_leaf.clone().filter(|_| leaf)}
                        on_inner={props.on_inner.clone().filter(|_| !leaf)}
                        tab_stop={i == 0}
                    />
                }
            }) }
        </g>
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

/// A folded node's marker: a small triangle and how many nodes it hides.
pub fn folded_marker(node: &SceneNode) -> Html {
    if node.hidden == 0 {
        return html! {};
    }
    let (x, y) = (node.x, node.y);
    html! {
        <g class="collapsed-mark" aria-hidden="true">
            <polygon points={points(x, y, &[(0.0, 26.0), (-14.0, 46.0), (14.0, 46.0)])} />
            <text x={fmt(x)} y={fmt(y + 60.0)}>{ format!("+{}", node.hidden) }</text>
        </g>
    }
}

/// An SVG `points` list: offsets around (`x`, `y`).
pub fn points(x: f64, y: f64, offsets: &[(f64, f64)]) -> String {
    offsets
        .iter()
        .map(|(dx, dy)| format!("{},{}", fmt(x + dx), fmt(y + dy)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A coordinate, with one decimal.
pub fn fmt(v: f64) -> String {
    fixed(v, 1)
}

/// `v` with `digits` decimals (at most 6), rounded half away from zero, as `{:.N}` writes it
/// for the values drawn here — by integer arithmetic, so the page's module carries no float
/// formatting code (it is on the critical path to the first tree over a slow network).
pub fn fixed(v: f64, digits: u32) -> String {
    let digits = digits.min(6);
    if !v.is_finite() {
        return if v.is_nan() {
            "NaN".into()
        } else if v > 0.0 {
            "inf".into()
        } else {
            "-inf".into()
        };
    }
    let scale = 10i128.pow(digits);
    let n = (v.abs() * scale as f64).round() as i128;
    let sign = if v.is_sign_negative() { "-" } else { "" };
    if digits == 0 {
        return format!("{sign}{n}");
    }
    format!(
        "{sign}{}.{:0width$}",
        n / scale,
        n % scale,
        width = digits as usize
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_writes_what_the_standard_formatting_writes() {
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        for i in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Values as drawn: coordinates, percentages, seconds; some on exact halves.
            let v = match i % 3 {
                0 => (x % 2_000_000) as f64 / 100.0 - 10_000.0,
                1 => (x % 100_000) as f64 / 1000.0,
                _ => (x % 4000) as f64 / 8.0 - 250.0,
            };
            for d in 0..=4u32 {
                let ours = fixed(v, d);
                let theirs = format!("{v:.*}", d as usize);
                // The standard rounds exact halves to even; ours away from zero: they differ
                // by one unit in the last place at most, and only there.
                if ours != theirs {
                    let (a, b): (f64, f64) = (ours.parse().unwrap(), theirs.parse().unwrap());
                    let unit = 10f64.powi(-(d as i32));
                    assert!(
                        (a - b).abs() <= unit * 1.0001,
                        "{v} to {d}: {ours} vs {theirs}"
                    );
                    let scaled = v.abs() * 10f64.powi(d as i32);
                    assert!(
                        (scaled.fract() - 0.5).abs() < 1e-6,
                        "{v} to {d}: {ours} vs {theirs}"
                    );
                }
            }
        }
        assert_eq!(fixed(-0.04, 1), "-0.0");
        assert_eq!(fixed(12.25, 0), "12");
        assert_eq!(fixed(0.5, 0), "1");
        assert_eq!(fixed(f64::INFINITY, 1), "inf");
    }

    #[test]
    fn arrows_lead_to_the_neighbours() {
        assert_eq!(neighbour("r", "ArrowUp"), None);
        assert_eq!(neighbour("r", "ArrowDown").as_deref(), Some("r.0"));
        assert_eq!(neighbour("r.2.1", "ArrowUp").as_deref(), Some("r.2"));
        assert_eq!(neighbour("r.2.1", "ArrowLeft").as_deref(), Some("r.2.0"));
        assert_eq!(neighbour("r.2.0", "ArrowLeft"), None);
        assert_eq!(neighbour("r.2.1", "ArrowRight").as_deref(), Some("r.2.2"));
        assert_eq!(neighbour("r.2.1", "Home").as_deref(), Some("r"));
    }

    #[test]
    fn names_begin_with_what_is_drawn() {
        assert_eq!(
            node_name(&["H", "", "2"], "leaf, visited"),
            "H 2, leaf, visited"
        );
        assert_eq!(node_name(&[], "leaf"), "leaf");
    }
}
