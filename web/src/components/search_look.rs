//! How a search-tree node looks: a box with its state's picture (a name, a small board, a
//! small grid), its expansion number, g / h / f for informed search, and its standing told by
//! fill, outline style, hatching or a cross — never by colour alone.

use arbor_search::replay::Seen;
use yew::prelude::*;

use crate::components::tree_svg::{
    fmt, folded_marker, node_name, spaced, EdgeKind, Interaction, Look, Sketch,
};
use arbor_app::scene::SceneNode;
use arbor_app::search::tree_scene::{
    box_size, BLOCK_CELL as GRID, COSTS_BELOW, NAME_BASELINE, TILE as CELL,
};
use arbor_app::search::{seen_name, Picture, SearchMark};

impl Look for SearchMark {
    fn sketch(&self) -> Sketch {
        match self.seen {
            _ if self.current => Sketch::CURRENT,
            Seen::Goal => Sketch::GOAL,
            _ if self.on_path => Sketch::PRINCIPAL,
            Seen::Frontier => Sketch::FRONTIER,
            Seen::Dropped(_) | Seen::CutOff(_) => Sketch::PRUNED,
            Seen::NotYet => Sketch::PLAIN,
            Seen::Generated | Seen::Visited | Seen::Expanded => Sketch::VISITED,
        }
    }

    fn edge(&self, parent: &SearchMark) -> EdgeKind {
        match self.seen {
            Seen::NotYet => EdgeKind::Hidden,
            Seen::Dropped(_) | Seen::CutOff(_) => EdgeKind::Pruned,
            _ if self.on_path && parent.on_path => EdgeKind::Principal,
            _ => EdgeKind::Walked,
        }
    }

    fn draw(&self, node: &SceneNode, path: &str, interaction: Interaction) -> Html {
        let (x, y) = (node.x, node.y);
        let (w, h) = box_size(&self.picture);
        let status = if self.current {
            "current"
        } else {
            seen_name(self.seen)
        };
        // A node not yet seen is an empty dotted box, but for the start: before the search
        // begins it shows the state the search starts from.
        let ghost = self.seen == Seen::NotYet && node.parent.is_some();
        let Interaction {
            onclick,
            onkeydown,
            role,
            tabindex,
            class,
            expanded,
        } = interaction;
        let frame = BoxFrame { x, y, w, h };
        let cost_text = cost_text(self, ghost);
        let costs = cost_text.as_ref().map(|text| frame.costs(text));
        let order = self.order.map(|n| n.to_string()).unwrap_or_default();
        let name = name(self, node, ghost, &order, cost_text.as_deref());
        let decor_click = onclick.clone();
        html! {
            <>
            <g
                class={classes!("snode", format!("s-{}", seen_name(self.seen)), self.current.then_some("current"), self.on_path.then_some("on-path"), class)}
                data-node={path.to_string()}
                data-label={AttrValue::from(node.label.clone())}
                data-status={status}
                data-order={self.order.map(|n| n.to_string())}
                data-g={(!ghost).then(|| self.g.to_string())}
                data-h={(!ghost && self.informed).then(|| self.h.to_string())}
                {role}
                {tabindex}
                aria-label={name}
                aria-expanded={expanded}
                {onclick}
                {onkeydown}
            >
                if self.seen == Seen::Goal {
                    { frame.rect("goal-ring", 4.0) }
                }
                { frame.rect("box", 0.0) }
                if !ghost {
                    { picture(&self.picture, x, y, w, h) }
                }
                { frame.seen_marks(self.seen) }
                if self.order.is_some() {
                    { frame.order_badge(&order) }
                }
                { for costs }
            </g>
            if node.hidden > 0 {
                <g class="node-decor" aria-hidden="true" onclick={decor_click}>{ folded_marker(node, arbor_app::scene::fold_top(false)) }</g>
            }
            </>
        }
    }
}

/// What the drawing tells without words: the node's standing, its expansion number and
/// (informed search) its costs.
fn description(mark: &SearchMark, ghost: bool) -> String {
    let mut description = format!("search node, {}", seen_name(mark.seen));
    if let Some(n) = mark.order {
        description.push_str(&format!(", expanded {n}th"));
    }
    if mark.informed && !ghost {
        description.push_str(&format!(
            ", g {} h {} f {}",
            mark.g,
            mark.h,
            mark.g + mark.h
        ));
    }
    description
}

/// The costs drawn under the box: g + h = f for informed search, g where costs count.
fn cost_text(mark: &SearchMark, ghost: bool) -> Option<String> {
    (!ghost && (mark.informed || mark.costs)).then(|| {
        if mark.informed {
            format!("{}+{}={}", mark.g, mark.h, mark.g + mark.h)
        } else {
            format!("g {}", mark.g)
        }
    })
}

/// The node's accessible name: the words drawn, in order — the state's name (a board or grid
/// has none), the expansion number `order`, the costs — then the description.
fn name(
    mark: &SearchMark,
    node: &SceneNode,
    ghost: bool,
    order: &str,
    cost_text: Option<&str>,
) -> String {
    let shown_name = if ghost {
        String::new()
    } else {
        picture_words(&mark.picture)
    };
    node_name(
        &[&shown_name, order, cost_text.unwrap_or("")],
        &format!("{}, {}", node.label, description(mark, ghost)),
    )
}

/// A node's box: its centre and size.
#[derive(Clone, Copy)]
struct BoxFrame {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

impl BoxFrame {
    /// A rounded rectangle around the box, `pad` out from it, with a CSS class.
    fn rect(self, class: &'static str, pad: f64) -> Html {
        let BoxFrame { x, y, w, h } = self;
        html! { <rect {class} x={fmt(x - w / 2.0 - pad)} y={fmt(y - h / 2.0 - pad)} width={fmt(w + 2.0 * pad)} height={fmt(h + 2.0 * pad)} rx="4" /> }
    }

    /// What is drawn over a dropped node (a cross) or one cut off (hatching).
    fn seen_marks(self, seen: Seen) -> Html {
        let BoxFrame { x, y, w, h } = self;
        match seen {
            Seen::Dropped(_) => html! {
                <g class="dropped-mark" aria-hidden="true">
                    <line x1={fmt(x - w / 2.0)} y1={fmt(y - h / 2.0)} x2={fmt(x + w / 2.0)} y2={fmt(y + h / 2.0)} />
                    <line x1={fmt(x - w / 2.0)} y1={fmt(y + h / 2.0)} x2={fmt(x + w / 2.0)} y2={fmt(y - h / 2.0)} />
                </g>
            },
            Seen::CutOff(_) => self.rect("hatch", 0.0),
            _ => html! {},
        }
    }

    /// The costs, under the box.
    fn costs(self, text: &str) -> Html {
        let BoxFrame { x, y, h, .. } = self;
        html! { <text class="costs" x={fmt(x)} y={fmt(y + h / 2.0 + COSTS_BELOW)}>{ spaced(text) }</text> }
    }

    /// The expansion number on a badge as wide as it needs (12 px type), at the box's top
    /// left corner.
    fn order_badge(self, order: &str) -> Html {
        let BoxFrame { x, y, w, h } = self;
        let badge = (arbor_app::scene::text_width(order, 12.0, false) + 8.0).max(18.0);
        html! {
            <g class="order">
                <rect x={fmt(x - w / 2.0 - badge / 2.0)} y={fmt(y - h / 2.0 - 9.0)} width={fmt(badge)} height="18" rx="9" aria-hidden="true" />
                <text x={fmt(x - w / 2.0)} y={fmt(y - h / 2.0 + 4.5)}>{ spaced(order) }</text>
            </g>
        }
    }
}

/// The words a state's picture shows, in the order drawn: its name, a board's tiles (the
/// blank left out), a grid's blocks.
fn picture_words(picture: &Picture) -> String {
    match picture {
        Picture::None => String::new(),
        Picture::Name(name) => name.to_string(),
        Picture::Tiles { tiles, .. } => tiles
            .iter()
            .filter(|&&t| t != 0)
            .map(|t| t.to_string())
            .collect::<Vec<_>>()
            .join(" "),
        Picture::Blocks { names, .. } => names
            .iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// A state's picture in a box of `w` × `h` centred at (`x`, `y`).
fn picture(picture: &Picture, x: f64, y: f64, w: f64, h: f64) -> Html {
    let (left, top) = (x - w / 2.0 + 3.0, y - h / 2.0 + 3.0);
    match picture {
        Picture::None => html! {},
        Picture::Name(name) => {
            html! { <text class="name" x={fmt(x)} y={fmt(y + NAME_BASELINE)}>{ spaced(name) }</text> }
        }
        Picture::Tiles { cols, tiles } => {
            let cols = (*cols as usize).max(1);
            html! {
                <g class="mini-board">
                    { for tiles.iter().enumerate().filter(|(_, &t)| t != 0).map(|(i, t)| {
                        let (cx, cy) = (left + (i % cols) as f64 * CELL, top + (i / cols) as f64 * CELL);
                        html! {
                            <>
                                <rect x={fmt(cx + 0.5)} y={fmt(cy + 0.5)} width={fmt(CELL - 1.0)} height={fmt(CELL - 1.0)} />
                                <text x={fmt(cx + CELL / 2.0)} y={fmt(cy + CELL / 2.0 + 3.0)}>{ spaced(&t.to_string()) }</text>
                            </>
                        }
                    }) }
                </g>
            }
        }
        Picture::Blocks {
            width,
            agent,
            blocks,
            names,
            walls,
            ..
        } => {
            let width = (*width as usize).max(1);
            let at = |c: u8| {
                (
                    left + (c as usize % width) as f64 * GRID,
                    top + (c as usize / width) as f64 * GRID,
                )
            };
            html! {
                <g class="mini-grid">
                    { for walls.iter().map(|&c| {
                        let (cx, cy) = at(c);
                        html! { <rect class="wall" x={fmt(cx)} y={fmt(cy)} width={fmt(GRID)} height={fmt(GRID)} /> }
                    }) }
                    { for blocks.iter().zip(names.iter()).map(|(&c, name)| {
                        let (cx, cy) = at(c);
                        html! {
                            <>
                                <rect class="block" x={fmt(cx + 0.5)} y={fmt(cy + 0.5)} width={fmt(GRID - 1.0)} height={fmt(GRID - 1.0)} />
                                <text x={fmt(cx + GRID / 2.0)} y={fmt(cy + GRID / 2.0 + 3.0)}>{ spaced(&name.to_string()) }</text>
                            </>
                        }
                    }) }
                    {{
                        let (cx, cy) = at(*agent);
                        html! { <circle class="agent" cx={fmt(cx + GRID / 2.0)} cy={fmt(cy + GRID / 2.0)} r="3.2" /> }
                    }}
                </g>
            }
        }
    }
}
