//! A small tree drawn whole, at a fixed zoom (the home page's tree, the comparison's trees): every node in SVG, in chunks that redraw only when one of their nodes changes.

use crate::components::tree_svg::{event_node, fmt, EdgeKind, EdgeView, Look, NodeView};
use arbor_app::scene::Scene;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Nodes per memoised chunk.
const CHUNK: usize = 64;

/// Arrow keys inside a tree drawing: ↑ the parent, ↓ the first child, ← → the neighbours,
/// Home the root — moving the tab stop along (see [`Interaction::tabindex`]).
fn navigate(scene: &Scene, e: KeyboardEvent) {
    let key = e.key();
    if !Scene::is_step_key(&key) {
        return;
    }
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
    let next = scene
        .find(&path)
        .and_then(|at| scene.key_step(at, &key))
        .map(|n| scene.path(n));
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
    crate::renders::count("TreeSvg");
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
            onkeydown={operable.then(|| { let scene = props.scene.clone(); Callback::from(move |e| navigate(&scene, e)) })}
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
    crate::renders::count("EdgeChunk");
    let nodes = &props.scene.nodes;
    html! {
        <g>
            { for props.kinds.iter().enumerate().filter_map(|(k, &kind)| {
                let node = &nodes[props.start + k];
                let p = node.parent?;
                let parent = &nodes[p];
                let bend = props.scene.bend(p, props.start + k);
                Some(html! { <EdgeView key={k} from={(parent.x, parent.y)} to={(node.x, node.y)} {bend} kind={kind} /> })
            }) }
        </g>
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
    crate::renders::count("NodeChunk");
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
