//! How a game-tree node looks: MAX ▲, MIN ▼, a player's circle, a leaf's square; its value
//! (or bound), (α, β) while open, and status by fill, outline and hatching.

use yew::prelude::*;

use crate::components::tree_svg::{
    fmt, folded_marker, node_name, points, spaced, EdgeKind, Interaction, Look, Sketch,
};
use arbor_app::scene::{
    data_value, fold_top, fraction_data, fraction_end, label_place, note_place, show_value,
    tag_place, value_baseline, window_place, GamePicture, NodeMark, SceneNode, Shape, Shown,
    Status, C4_CELL, NIM_ROW, PICTURE_TOP, TTT_CELL, WINDOW_LINE,
};

impl Look for NodeMark {
    fn sketch(&self) -> Sketch {
        match self.status {
            Status::Current => Sketch::CURRENT,
            Status::Pruned => Sketch::PRUNED,
            _ if self.principal => Sketch::PRINCIPAL,
            Status::Visited => Sketch::VISITED,
            Status::Unvisited => Sketch::PLAIN,
        }
    }

    fn edge(&self, parent: &NodeMark) -> EdgeKind {
        if self.status == Status::Pruned {
            if parent.status == Status::Pruned {
                EdgeKind::Pruned
            } else {
                EdgeKind::Cut
            }
        } else if self.principal {
            EdgeKind::Principal
        } else if self.status != Status::Unvisited {
            EdgeKind::Walked
        } else {
            EdgeKind::Plain
        }
    }

    /// From the bottom of the parent's outline (or picture) to the top of the child's: the
    /// words beside a node are never crossed.
    fn ends(parent: &SceneNode, child: &SceneNode) -> ((f64, f64), (f64, f64)) {
        arbor_app::scene::edge_ends(parent, child)
    }

    fn draw(&self, node: &SceneNode, path: &str, interaction: Interaction) -> Html {
        let mark = self;
        let (x, y) = (node.x, node.y);
        let value_y = fmt(y + value_baseline(node.shape));
        let (label_x, label_y) = label_place(node);
        let tag = match node.shape {
            Shape::Player(p) => format!("{} to move", (b'A' + p) as char),
            _ => String::new(),
        };
        let player_tag = (!tag.is_empty()).then(|| {
            let (tx, ty) = tag_place(node);
            html! { <text class="player-tag" x={fmt(tx)} y={fmt(ty)}>{ spaced(&tag) }</text> }
        });
        let window_lines = window_lines(mark);
        // Drawn beside inner nodes only: a leaf's window is its parent's (the caption and its
        // accessible name tell it), and the layout leaves no room for it between leaves.
        let window = window_lines
            .as_ref()
            .filter(|_| node.shape != Shape::Leaf)
            .map(|lines| window_html(node, lines));
        let value = mark.value.text();
        let name = name(mark, node, &tag, value.as_deref(), window_lines.as_ref());
        let Interaction {
            onclick,
            onkeydown,
            role,
            tabindex,
            class,
            expanded,
        } = interaction;
        let decor_click = onclick.clone();
        html! {
            <>
            <g
                class={classes!("node", node.shape.class(), mark.status.name(), mark.principal.then_some("principal"), mark.open.then_some("open"), class)}
                data-node={path.to_string()}
                data-label={AttrValue::from(node.label.clone())}
                data-status={mark.status.name()}
                data-value={if mark.settled { mark.value.data() } else { None }}
                data-alpha={mark.window.map(|w| data_value(w.0)).or_else(|| mark.fraction_window.map(|w| fraction_data(w.0, true)))}
                data-beta={mark.window.map(|w| data_value(w.1)).or_else(|| mark.fraction_window.map(|w| fraction_data(w.1, false)))}
                {role}
                {tabindex}
                aria-label={name}
                aria-expanded={expanded}
                {onclick}
                {onkeydown}
            >
                { outline(node, "shape") }
                if mark.status == Status::Pruned {
                    <g class="pruned-mark" aria-hidden="true">{ outline(node, "hatch") }</g>
                }
                <text class="label" x={fmt(label_x)} y={fmt(label_y)}>{ spaced(&node.label) }</text>
                { for player_tag }
                if let Some(v) = value {
                    <text class={classes!("value", matches!(mark.value, Shown::Vector(_)).then_some("vector"))} x={fmt(x)} y={value_y}>{ spaced(&v) }</text>
                }
                { for window }
                if mark.from_table {
                    <text class="note" x={fmt(note_place(node).0)} y={fmt(note_place(node).1)}>{ spaced("TT") }</text>
                }
            </g>
            if node.hidden > 0 || node.picture.is_some() {
                { decor(node, decor_click) }
            }
            </>
        }
    }
}

/// The (α, β) window's two lines, α above β, while the node is open or current.
fn window_lines(mark: &NodeMark) -> Option<[String; 2]> {
    let shown = mark.open || mark.status == Status::Current;
    mark.window
        .filter(|_| shown)
        .map(|(a, b)| {
            [
                format!("α {}", show_value(a)),
                format!("β {}", show_value(b)),
            ]
        })
        .or_else(|| {
            mark.fraction_window.filter(|_| shown).map(|(a, b)| {
                [
                    format!("α {}", fraction_end(a, true)),
                    format!("β {}", fraction_end(b, false)),
                ]
            })
        })
}

/// The node's accessible name: the words drawn, in order (its label, the player to move, its
/// value, its window, "TT" for a value from the table), then the description.
fn name(
    mark: &NodeMark,
    node: &SceneNode,
    tag: &str,
    value: Option<&str>,
    window: Option<&[String; 2]>,
) -> String {
    let window_text = window.map(|[a, b]| format!("{a} {b}"));
    let table = if mark.from_table { "TT" } else { "" };
    node_name(
        &[
            &node.label,
            tag,
            value.unwrap_or(""),
            window_text.as_deref().unwrap_or(""),
            table,
        ],
        &description(mark, node, value),
    )
}

/// What the drawing tells without words: the kind of node, its status, its value, its
/// window and what is folded under it.
fn description(mark: &NodeMark, node: &SceneNode, value: Option<&str>) -> String {
    let kind = match node.shape {
        Shape::Max => "MAX node".to_string(),
        Shape::Min => "MIN node".to_string(),
        Shape::Player(p) => format!("player {} node", (b'A' + p) as char),
        Shape::Leaf => "leaf".to_string(),
        Shape::Chance => "chance node".to_string(),
    };
    let mut description = format!("{kind}, {}", mark.status.name());
    if let Some(v) = value {
        description.push_str(&format!(", value {v}"));
    }
    if let Some((a, b)) = mark.window {
        description.push_str(&format!(
            ", alpha {}, beta {}",
            data_value(a),
            data_value(b)
        ));
    } else if let Some((a, b)) = mark.fraction_window {
        description.push_str(&format!(
            ", alpha {}, beta {}",
            fraction_end(a, true),
            fraction_end(b, false)
        ));
    }
    if node.hidden > 0 {
        description.push_str(&format!(
            ", folded: {} hidden",
            arbor_util::counted(node.hidden as u64, "node", "nodes")
        ));
    }
    description
}

/// The window's two lines beside the node, on its right.
fn window_html(node: &SceneNode, [a, b]: &[String; 2]) -> Html {
    let (x, y) = window_place(node);
    html! {
        <>
            <text class="window" x={fmt(x)} y={fmt(y)}>{ spaced(a) }</text>
            <text class="window" x={fmt(x)} y={fmt(y + WINDOW_LINE)}>{ spaced(b) }</text>
        </>
    }
}

/// The folded count and the position's picture, drawn beside the node, not in it: the node's
/// name says what they show (they are pictures, not words to read out).
fn decor(node: &SceneNode, onclick: Option<Callback<MouseEvent>>) -> Html {
    html! {
        <g class="node-decor" aria-hidden="true" {onclick}>
            { folded_marker(node, fold_top(node.picture.is_some())) }
            if let Some(p) = &node.picture {
                { picture(p, node.x, node.y + PICTURE_TOP) }
            }
        </g>
    }
}

/// A small picture of a game position, its top centre at (`x`, `y`).
fn picture(p: &GamePicture, x: f64, y: f64) -> Html {
    match p {
        GamePicture::TicTacToe { cells, o_first } => {
            const C: f64 = TTT_CELL;
            let left = x - 1.5 * C;
            html! {
                <g class="mini-ttt" aria-hidden="true">
                    <rect class="frame" x={fmt(left)} y={fmt(y)} width={fmt(3.0 * C)} height={fmt(3.0 * C)} />
                    <path class="grid" d={format!("M{a} {t}V{b}M{c} {t}V{b}M{l} {d}H{r}M{l} {e}H{r}",
                        a = fmt(left + C), c = fmt(left + 2.0 * C), t = fmt(y), b = fmt(y + 3.0 * C),
                        l = fmt(left), r = fmt(left + 3.0 * C), d = fmt(y + C), e = fmt(y + 2.0 * C))} />
                    { for cells.iter().enumerate().filter(|(_, &c)| c != 0).map(|(i, &c)| {
                        let mark = if (c == 1) != *o_first { "x" } else { "o" };
                        html! {
                            <text class={mark} x={fmt(left + (i % 3) as f64 * C + C / 2.0)} y={fmt(y + (i / 3) as f64 * C + C / 2.0 + 3.5)}>{ mark }</text>
                        }
                    }) }
                </g>
            }
        }
        GamePicture::Connect4(cells) => {
            const C: f64 = C4_CELL;
            let left = x - 3.5 * C;
            html! {
                <g class="mini-c4" aria-hidden="true">
                    <rect class="frame" x={fmt(left)} y={fmt(y)} width={fmt(7.0 * C)} height={fmt(6.0 * C)} rx="1.5" />
                    { for cells.iter().enumerate().filter(|(_, &c)| c != 0).map(|(i, &c)| html! {
                        <circle class={if c == 1 { "first" } else { "second" }} cx={fmt(left + (i % 7) as f64 * C + C / 2.0)}
                            cy={fmt(y + (i / 7) as f64 * C + C / 2.0)} r="2.4" />
                    }) }
                </g>
            }
        }
        GamePicture::Nim(piles) => {
            let text: Vec<String> = piles.iter().map(|p| p.to_string()).collect();
            html! {
                <g class="mini-nim" aria-hidden="true">
                    { for piles.iter().enumerate().map(|(row, &n)| {
                        let w = f64::from(n) * 3.0;
                        html! { <rect x={fmt(x - w / 2.0)} y={fmt(y + row as f64 * NIM_ROW)} width={fmt(w.max(0.5))} height="4" /> }
                    }) }
                    <text x={fmt(x)} y={fmt(y + piles.len() as f64 * NIM_ROW + 9.0)}>{ text.join(" · ") }</text>
                </g>
            }
        }
    }
}

/// A node's outline, as wide as its `half_width`, with a CSS class (the shape, or the hatching
/// over a pruned node).
pub fn outline(node: &SceneNode, class: &'static str) -> Html {
    let (x, y, w) = (node.x, node.y, node.half_width);
    match node.shape {
        Shape::Max => {
            html! { <polygon {class} points={points(x, y, &[(0.0, -24.0), (w, 16.0), (-w, 16.0)])} /> }
        }
        Shape::Min => {
            html! { <polygon {class} points={points(x, y, &[(0.0, 24.0), (w, -16.0), (-w, -16.0)])} /> }
        }
        Shape::Player(_) | Shape::Chance => {
            html! { <rect {class} x={fmt(x - w)} y={fmt(y - 21.0)} width={fmt(2.0 * w)} height="42" rx="21" /> }
        }
        Shape::Leaf => {
            html! { <rect {class} x={fmt(x - w)} y={fmt(y - 17.0)} width={fmt(2.0 * w)} height="34" rx="3" /> }
        }
    }
}
