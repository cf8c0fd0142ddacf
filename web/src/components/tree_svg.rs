//! Draws a [`Scene`] as SVG.
//!
//! Built for trees of thousands of nodes that change a few nodes per step:
//! - nodes and edges are drawn in memoised chunks of [`CHUNK`] consecutive nodes, so a step
//!   re-renders only the chunks whose marks changed, and within them only the changed nodes;
//! - everything is drawn at absolute coordinates — a `transform` per node would give Chrome one
//!   paint-property node per node to composite on every frame.

use std::rc::Rc;

use arbor_game::NodeId;
use yew::prelude::*;

use crate::scene::{data_value, show_value, NodeMark, Scene, SceneNode, Shape, Status};

/// Nodes per memoised chunk.
const CHUNK: usize = 64;

/// Props of [`TreeSvg`]. The scene and the marks compare by pointer: a new drawing is a new
/// `Rc`.
#[derive(Properties)]
pub struct TreeSvgProps {
    /// The placed tree.
    pub scene: Rc<Scene>,
    /// One mark per tree node (indexed by `NodeId`).
    pub marks: Rc<Vec<NodeMark>>,
    /// Accessible description of the drawing.
    pub title: AttrValue,
    /// Called when a leaf is activated (click, Enter or Space), if leaves are editable.
    #[prop_or_default]
    pub on_leaf: Option<Callback<NodeId>>,
    /// Called when an inner node is clicked (to collapse or expand it).
    #[prop_or_default]
    pub on_inner: Option<Callback<NodeId>>,
    /// Scale of the drawing (1 = natural size).
    #[prop_or(1.0)]
    pub zoom: f64,
}

impl PartialEq for TreeSvgProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.scene, &other.scene)
            && Rc::ptr_eq(&self.marks, &other.marks)
            && self.title == other.title
            && self.on_leaf == other.on_leaf
            && self.on_inner == other.on_inner
            && self.zoom == other.zoom
    }
}

/// The tree drawing.
#[component]
pub fn TreeSvg(props: &TreeSvgProps) -> Html {
    let scene = &props.scene;
    // The marks of the drawn nodes, in scene order, and each edge's look.
    let marks: Vec<NodeMark> = scene
        .nodes
        .iter()
        .map(|n| props.marks.get(n.id.index()).cloned().unwrap_or_default())
        .collect();
    let edges: Vec<EdgeKind> = scene
        .nodes
        .iter()
        .enumerate()
        .map(|(i, node)| edge_kind(&marks[i], node.parent.map(|p| &marks[p])))
        .collect();
    let chunks = scene.nodes.len().div_ceil(CHUNK);
    let range = |c: usize| c * CHUNK..((c + 1) * CHUNK).min(scene.nodes.len());
    html! {
        <svg
            class="tree"
            role="img"
            aria-label={props.title.clone()}
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
                    <NodeChunk key={c} scene={scene.clone()} start={range(c).start} marks={Rc::<[NodeMark]>::from(&marks[range(c)])}
                        on_leaf={props.on_leaf.clone()} on_inner={props.on_inner.clone()} />
                }) }
            </g>
        </svg>
    }
}

/// How an edge is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EdgeKind {
    /// The root has no edge.
    None,
    /// Not walked yet.
    Plain,
    /// Walked by the search.
    Walked,
    /// On the principal variation.
    Principal,
    /// The edge where a cutoff pruned the subtree below: drawn cut.
    Cut,
    /// Inside a pruned subtree.
    Pruned,
}

fn edge_kind(child: &NodeMark, parent: Option<&NodeMark>) -> EdgeKind {
    let Some(parent) = parent else {
        return EdgeKind::None;
    };
    if child.status == Status::Pruned {
        if parent.status == Status::Pruned {
            EdgeKind::Pruned
        } else {
            EdgeKind::Cut
        }
    } else if child.principal {
        EdgeKind::Principal
    } else if child.status != Status::Unvisited {
        EdgeKind::Walked
    } else {
        EdgeKind::Plain
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

#[derive(Properties, PartialEq)]
struct EdgeViewProps {
    from: (f64, f64),
    to: (f64, f64),
    kind: EdgeKind,
}

#[component]
fn EdgeView(props: &EdgeViewProps) -> Html {
    let ((x1, y1), (x2, y2)) = (props.from, props.to);
    let class = classes!(
        "edge",
        match props.kind {
            EdgeKind::None | EdgeKind::Plain => None,
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
struct NodeChunkProps {
    scene: Rc<Scene>,
    start: usize,
    marks: Rc<[NodeMark]>,
    on_leaf: Option<Callback<NodeId>>,
    on_inner: Option<Callback<NodeId>>,
}

impl PartialEq for NodeChunkProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.scene, &other.scene)
            && self.start == other.start
            && self.marks == other.marks
            && self.on_leaf == other.on_leaf
            && self.on_inner == other.on_inner
    }
}

#[component]
fn NodeChunk(props: &NodeChunkProps) -> Html {
    let nodes = &props.scene.nodes;
    html! {
        <g>
            { for props.marks.iter().enumerate().map(|(k, mark)| {
                let i = props.start + k;
                let node = &nodes[i];
                html! {
                    <NodeView
                        key={k}
                        scene={props.scene.clone()}
                        index={i}
                        mark={mark.clone()}
                        on_leaf={props.on_leaf.clone().filter(|_| node.shape == Shape::Leaf)}
                        on_inner={props.on_inner.clone().filter(|_| node.shape != Shape::Leaf)}
                    />
                }
            }) }
        </g>
    }
}

#[derive(Properties)]
struct NodeViewProps {
    scene: Rc<Scene>,
    index: usize,
    mark: NodeMark,
    on_leaf: Option<Callback<NodeId>>,
    on_inner: Option<Callback<NodeId>>,
}

impl PartialEq for NodeViewProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.scene, &other.scene)
            && self.index == other.index
            && self.mark == other.mark
            && self.on_leaf == other.on_leaf
            && self.on_inner == other.on_inner
    }
}

#[component]
fn NodeView(props: &NodeViewProps) -> Html {
    let node: &SceneNode = &props.scene.nodes[props.index];
    let NodeViewProps {
        mark,
        on_leaf,
        on_inner,
        ..
    } = props;
    let (x, y) = (node.x, node.y);
    let value_y = fmt(y + match node.shape {
        Shape::Max => 10.0,
        Shape::Min => -3.0,
        _ => 5.0,
    });
    let player_tag = match node.shape {
        Shape::Player(p) => Some(html! {
            <text class="player-tag" x={fmt(x + 24.0)} y={fmt(y - 20.0)}>{ format!("{} to move", (b'A' + p) as char) }</text>
        }),
        _ => None,
    };
    let window = mark.window.filter(|_| mark.open || mark.status == Status::Current).map(|(a, b)| {
        html! { <text class="window" x={fmt(x)} y={fmt(y + 38.0)}>{ format!("α {}  β {}", show_value(a), show_value(b)) }</text> }
    });
    let kind = match node.shape {
        Shape::Max => "MAX node".to_string(),
        Shape::Min => "MIN node".to_string(),
        Shape::Player(p) => format!("player {} node", (b'A' + p) as char),
        Shape::Leaf => "leaf".to_string(),
    };
    let value = mark.value.text();
    let mut description = format!("{} {}, {}", kind, node.label, mark.status.name());
    if let Some(v) = &value {
        description.push_str(&format!(", value {v}"));
    }
    if let Some((a, b)) = mark.window {
        description.push_str(&format!(
            ", alpha {}, beta {}",
            data_value(a),
            data_value(b)
        ));
    }
    if node.hidden > 0 {
        description.push_str(&format!(", folded: {} nodes hidden", node.hidden));
    }
    let id = node.id;
    let (onclick, onkeydown) = match (on_leaf, on_inner) {
        (Some(cb), _) => {
            let (click, key) = (cb.clone(), cb.clone());
            (
                Some(Callback::from(move |_: MouseEvent| click.emit(id))),
                Some(Callback::from(move |e: KeyboardEvent| {
                    if e.key() == "Enter" || e.key() == " " {
                        e.prevent_default();
                        e.stop_propagation();
                        key.emit(id);
                    }
                })),
            )
        }
        (None, Some(cb)) => {
            let cb = cb.clone();
            (Some(Callback::from(move |_: MouseEvent| cb.emit(id))), None)
        }
        (None, None) => (None, None),
    };
    let folded = (node.hidden > 0).then(|| {
        html! {
            <g class="collapsed-mark" aria-hidden="true">
                <polygon points={points(x, y, &[(0.0, 26.0), (-14.0, 46.0), (14.0, 46.0)])} />
                <text x={fmt(x)} y={fmt(y + 60.0)}>{ format!("+{}", node.hidden) }</text>
            </g>
        }
    });
    html! {
        <g
            class={classes!("node", node.shape.class(), mark.status.name(), mark.principal.then_some("principal"), mark.open.then_some("open"), on_leaf.as_ref().map(|_| "editable"), on_inner.as_ref().map(|_| "foldable"))}
            data-node={AttrValue::from(node.path.clone())}
            data-label={AttrValue::from(node.label.clone())}
            data-status={mark.status.name()}
            data-value={if mark.settled { mark.value.data() } else { None }}
            data-alpha={mark.window.map(|w| data_value(w.0))}
            data-beta={mark.window.map(|w| data_value(w.1))}
            role={on_leaf.as_ref().map(|_| "button")}
            tabindex={on_leaf.as_ref().map(|_| "0")}
            aria-label={description}
            {onclick}
            {onkeydown}
        >
            { outline(node.shape, x, y, "shape") }
            { for folded }
            if mark.status == Status::Pruned {
                <g class="pruned-mark" aria-hidden="true">{ outline(node.shape, x, y, "hatch") }</g>
            }
            <text class="label" x={fmt(x - 26.0)} y={fmt(y - 22.0)}>{ node.label.to_string() }</text>
            { for player_tag }
            if let Some(v) = value {
                <text class={classes!("value", matches!(mark.value, crate::scene::Shown::Vector(_)).then_some("vector"))} x={fmt(x)} y={value_y}>{ v }</text>
            }
            { for window }
            if mark.from_table {
                <text class="note" x={fmt(x + 24.0)} y={fmt(y - 20.0)}>{ "TT" }</text>
            }
        </g>
    }
}

/// A node's outline centred at (`x`, `y`), with a CSS class (the shape, or the hatching over a
/// pruned node).
fn outline(shape: Shape, x: f64, y: f64, class: &'static str) -> Html {
    match shape {
        Shape::Max => {
            html! { <polygon {class} points={points(x, y, &[(0.0, -24.0), (24.0, 16.0), (-24.0, 16.0)])} /> }
        }
        Shape::Min => {
            html! { <polygon {class} points={points(x, y, &[(0.0, 24.0), (24.0, -16.0), (-24.0, -16.0)])} /> }
        }
        Shape::Player(_) => html! { <circle {class} cx={fmt(x)} cy={fmt(y)} r="21" /> },
        Shape::Leaf => {
            html! { <rect {class} x={fmt(x - 17.0)} y={fmt(y - 17.0)} width="34" height="34" rx="3" /> }
        }
    }
}

/// An SVG `points` list: offsets around (`x`, `y`).
fn points(x: f64, y: f64, offsets: &[(f64, f64)]) -> String {
    offsets
        .iter()
        .map(|(dx, dy)| format!("{},{}", fmt(x + dx), fmt(y + dy)))
        .collect::<Vec<_>>()
        .join(" ")
}

fn fmt(v: f64) -> String {
    format!("{v:.1}")
}
