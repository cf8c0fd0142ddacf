//! Draws a [`Scene`] as SVG, with one memoised component per node so that a step re-renders
//! only the nodes whose marks changed.

use std::rc::Rc;

use arbor_game::NodeId;
use yew::prelude::*;

use crate::scene::{data_value, show_value, NodeMark, Scene, SceneNode, Shape, Status};

/// Props of [`TreeSvg`].
#[derive(Properties, PartialEq)]
pub struct TreeSvgProps {
    /// The placed tree.
    pub scene: Rc<Scene>,
    /// One mark per scene node.
    pub marks: Rc<Vec<NodeMark>>,
    /// Accessible description of the drawing.
    pub title: AttrValue,
    /// Called when a leaf is activated (click, Enter or Space), if leaves are editable.
    #[prop_or_default]
    pub on_leaf: Option<Callback<NodeId>>,
}

/// The tree drawing.
#[component]
pub fn TreeSvg(props: &TreeSvgProps) -> Html {
    let scene = &props.scene;
    let default_mark = NodeMark::default();
    let mark = |i: usize| props.marks.get(i).unwrap_or(&default_mark);
    let edges = scene.nodes.iter().enumerate().filter_map(|(i, node)| {
        let parent = &scene.nodes[node.parent?];
        let m = mark(i);
        let class = classes!(
            "edge",
            (m.status == Status::Pruned).then_some("pruned"),
            (m.status != Status::Pruned && m.status != Status::Unvisited).then_some("walked"),
            m.principal.then_some("principal")
        );
        let cut = (m.status == Status::Pruned && mark(node.parent?).status != Status::Pruned).then(|| {
            // Two short strokes across the edge where it was cut.
            let (mx, my) = ((parent.x + node.x) / 2.0, (parent.y + node.y) / 2.0);
            let (dx, dy) = (node.x - parent.x, node.y - parent.y);
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
        Some(html! {
            <g key={format!("e{i}")}>
                <line class={class} x1={fmt(parent.x)} y1={fmt(parent.y)} x2={fmt(node.x)} y2={fmt(node.y)} />
                { for cut }
            </g>
        })
    });
    let nodes = scene.nodes.iter().enumerate().map(|(i, node)| {
        html! {
            <NodeView
                key={i}
                node={node.clone()}
                mark={mark(i).clone()}
                on_leaf={props.on_leaf.clone().filter(|_| node.shape == Shape::Leaf)}
            />
        }
    });
    html! {
        <svg
            class="tree"
            role="img"
            aria-label={props.title.clone()}
            viewBox={format!("0 0 {} {}", fmt(scene.width), fmt(scene.height))}
            width={fmt(scene.width)}
            height={fmt(scene.height)}
            xmlns="http://www.w3.org/2000/svg"
        >
            <title>{ props.title.clone() }</title>
            <defs>
                <pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                    <line x1="0" y1="0" x2="0" y2="6" class="hatch-line" />
                </pattern>
            </defs>
            <g class="edges">{ for edges }</g>
            <g class="nodes">{ for nodes }</g>
        </svg>
    }
}

#[derive(Properties, PartialEq)]
struct NodeViewProps {
    node: SceneNode,
    mark: NodeMark,
    on_leaf: Option<Callback<NodeId>>,
}

#[component]
fn NodeView(props: &NodeViewProps) -> Html {
    let NodeViewProps {
        node,
        mark,
        on_leaf,
    } = props;
    let shape = match node.shape {
        Shape::Max => html! { <polygon class="shape" points="0,-21 21,14 -21,14" /> },
        Shape::Min => html! { <polygon class="shape" points="0,21 21,-14 -21,-14" /> },
        Shape::Player(_) => html! { <circle class="shape" r="19" /> },
        Shape::Leaf => {
            html! { <rect class="shape" x="-16" y="-16" width="32" height="32" rx="3" /> }
        }
    };
    let value_y = match node.shape {
        Shape::Max => "9",
        Shape::Min => "-2",
        _ => "5",
    };
    let player_tag = match node.shape {
        Shape::Player(p) => Some(html! {
            <text class="player-tag" x="0" y="-24">{ format!("player {}", (b'A' + p) as char) }</text>
        }),
        _ => None,
    };
    let window = mark.window.filter(|_| mark.open || mark.status == Status::Current).map(|(a, b)| {
        html! { <text class="window" x="0" y="36">{ format!("α {}  β {}", show_value(a), show_value(b)) }</text> }
    });
    let kind = match node.shape {
        Shape::Max => "MAX node".to_string(),
        Shape::Min => "MIN node".to_string(),
        Shape::Player(p) => format!("player {} node", (b'A' + p) as char),
        Shape::Leaf => "leaf".to_string(),
    };
    let mut description = format!("{} {}, {}", kind, node.label, mark.status.name());
    if let Some(v) = &mark.value {
        description.push_str(&format!(", value {v}"));
    }
    if let Some((a, b)) = mark.window {
        description.push_str(&format!(
            ", alpha {}, beta {}",
            data_value(a),
            data_value(b)
        ));
    }
    let activate = on_leaf.clone().map(|cb| {
        let id = node.id;
        (
            {
                let cb = cb.clone();
                Callback::from(move |_: MouseEvent| cb.emit(id))
            },
            Callback::from(move |e: KeyboardEvent| {
                if e.key() == "Enter" || e.key() == " " {
                    e.prevent_default();
                    cb.emit(id);
                }
            }),
        )
    });
    let (onclick, onkeydown) = activate.unzip();
    html! {
        <g
            class={classes!("node", node.shape.class(), mark.status.name(), mark.principal.then_some("principal"), mark.open.then_some("open"), on_leaf.as_ref().map(|_| "editable"))}
            transform={format!("translate({} {})", fmt(node.x), fmt(node.y))}
            data-node={node.path.clone()}
            data-label={node.label.clone()}
            data-status={mark.status.name()}
            data-value={mark.data_value.clone()}
            data-alpha={mark.window.map(|w| data_value(w.0))}
            data-beta={mark.window.map(|w| data_value(w.1))}
            role={on_leaf.as_ref().map(|_| "button")}
            tabindex={on_leaf.as_ref().map(|_| "0")}
            aria-label={description}
            {onclick}
            {onkeydown}
        >
            { shape }
            if mark.status == Status::Pruned {
                <g class="pruned-mark" aria-hidden="true">{ prune_overlay(node.shape) }</g>
            }
            <text class="label" x="-24" y="-20">{ node.label.clone() }</text>
            { for player_tag }
            if let Some(v) = &mark.value {
                <text class="value" x="0" y={value_y}>{ v.clone() }</text>
            }
            { for window }
            if let Some(note) = &mark.note {
                <text class="note" x="24" y="-20">{ note.clone() }</text>
            }
        </g>
    }
}

/// Hatching over a pruned node, in its own shape.
fn prune_overlay(shape: Shape) -> Html {
    match shape {
        Shape::Max => html! { <polygon class="hatch" points="0,-21 21,14 -21,14" /> },
        Shape::Min => html! { <polygon class="hatch" points="0,21 21,-14 -21,-14" /> },
        Shape::Player(_) => html! { <circle class="hatch" r="19" /> },
        Shape::Leaf => {
            html! { <rect class="hatch" x="-16" y="-16" width="32" height="32" rx="3" /> }
        }
    }
}

fn fmt(v: f64) -> String {
    format!("{v:.1}")
}
