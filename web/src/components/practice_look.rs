//! How a node looks in alpha-beta practice: the student's cuts (scissors on the edge, the
//! branch hatched), the questions asked at it, and after Check a verdict told by a symbol and a
//! word as well as by colour.

use yew::prelude::*;

use crate::components::game_look::outline;
use crate::components::tree_svg::{fmt, node_name, spaced, EdgeKind, Interaction, Look};
use arbor_app::alphabeta::practice::{Correction, Verdict};
use arbor_app::scene::{data_value, show_value, SceneNode, Shape, WINDOW_LINE};

/// What a node shows in practice.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PracticeMark {
    /// A leaf's value.
    pub value: Option<i32>,
    /// The student cut the branch to this node.
    pub marked: bool,
    /// An ancestor's branch is cut.
    pub under_mark: bool,
    /// Question numbers asked at this node (shown as "?1").
    pub asked: Option<usize>,
    /// After Check: how the branch answer fared (none where nothing was expected or marked).
    pub verdict: Option<Verdict>,
    /// After Check: how the answers typed for this node's questions fared, taken together.
    pub answered: Option<Verdict>,
    /// After Check: the engine's answers where the student's were wrong or missing.
    pub correction: Correction,
}

impl Look for PracticeMark {
    fn edge(&self, parent: &PracticeMark) -> EdgeKind {
        if (self.marked && !parent.marked && !parent.under_mark) || self.correction.cut {
            EdgeKind::Cut
        } else if self.marked || self.under_mark {
            EdgeKind::Pruned
        } else {
            EdgeKind::Plain
        }
    }

    fn draw(&self, node: &SceneNode, path: &str, interaction: Interaction) -> Html {
        let (x, y) = (node.x, node.y);
        let (label_x, label_y) = arbor_app::scene::label_place(node);
        let kind = match node.shape {
            Shape::Max => "MAX node",
            Shape::Min => "MIN node",
            _ => "leaf",
        };
        let cut = self.marked || self.under_mark || self.correction.cut;
        let fix = self.correction;
        let mut description = kind.to_string();
        if let Some(v) = self.value {
            description.push_str(&format!(", value {}", show_value(v)));
        }
        if self.marked {
            description.push_str(", marked as pruned");
        }
        if let Some(q) = self.asked {
            description.push_str(&format!(", question {q}"));
        }
        let answered = self.answered.map(|v| match v {
            Verdict::Right => ("right", "✓", "answers right"),
            Verdict::Wrong => ("wrong", "✗", "an answer wrong"),
            Verdict::Missed => ("missed", "…", "an answer missing"),
        });
        if let Some((_, _, words)) = answered {
            description.push_str(&format!(", {words}"));
        }
        let verdict = self.verdict.map(|v| match v {
            Verdict::Right => ("right", "✓ right"),
            Verdict::Wrong => ("wrong", "✗ wrong"),
            Verdict::Missed => ("missed", "✂ missed"),
        });
        if let Some((_, words)) = verdict {
            description.push_str(&format!(", {words}"));
        }
        // The engine's answers, drawn where the student's were wrong or missing.
        let fix_value = fix.value.map(|v| format!("= {}", show_value(v)));
        let fix_window = fix.window.map(|(a, b)| {
            [
                format!("α {}", show_value(a)),
                format!("β {}", show_value(b)),
            ]
        });
        if let Some(v) = &fix_value {
            description.push_str(&format!(", the search returns {v}"));
        }
        if let Some([a, b]) = &fix_window {
            description.push_str(&format!(", entered with {a}, {b}"));
        }
        if fix.cut {
            description.push_str(", the search prunes this branch");
        }
        let Interaction {
            onclick,
            onkeydown,
            role,
            tabindex,
            class,
            expanded: _,
        } = interaction;
        let value_text = self.value.map(show_value).unwrap_or_default();
        let ask_text = self.asked.map(|q| format!("?{q}")).unwrap_or_default();
        let window_text = fix_window
            .as_ref()
            .map(|[a, b]| format!("{a} {b}"))
            .unwrap_or_default();
        let name = node_name(
            &[
                &node.label,
                &value_text,
                fix_value.as_deref().unwrap_or(""),
                &ask_text,
                answered.map_or("", |(_, symbol, _)| symbol),
                &window_text,
            ],
            &description,
        );
        let decor_click = onclick.clone();
        html! {
            <>
            <g
                class={classes!("node", node.shape.class(), cut.then_some("pruned"), class)}
                data-node={path.to_string()}
                data-label={AttrValue::from(node.label.clone())}
                data-marked={self.marked.then_some("true")}
                data-verdict={verdict.map(|(v, _)| v)}
                data-key-value={fix.value.map(data_value)}
                data-key-alpha={fix.window.map(|w| data_value(w.0))}
                data-key-beta={fix.window.map(|w| data_value(w.1))}
                data-key-cut={fix.cut.then_some("true")}
                {role}
                {tabindex}
                aria-label={name}
                aria-pressed={(role == Some("button")).then_some(if self.marked { "true" } else { "false" })}
                {onclick}
                {onkeydown}
            >
                { outline(node, "shape") }
                if cut {
                    <g class="pruned-mark" aria-hidden="true">{ outline(node, "hatch") }</g>
                }
                <text class="label" x={fmt(label_x)} y={fmt(label_y)}>{ spaced(&node.label) }</text>
                if self.value.is_some() {
                    <text class="value" x={fmt(x)} y={fmt(y + 5.0)}>{ spaced(&value_text) }</text>
                }
                if let Some(v) = &fix_value {
                    <text class="value key-answer" x={fmt(x)} y={fmt(y + arbor_app::scene::value_baseline(node.shape))}>{ spaced(v) }</text>
                }
                if self.asked.is_some() {
                    <text class="ask" x={fmt(x + 22.0)} y={fmt(y - 18.0)}>{ spaced(&ask_text) }
                        if let Some((class, symbol, _)) = answered {
                            <tspan class={classes!("verdict", class)} dx="3">{ spaced(symbol) }</tspan>
                        }
                    </text>
                }
                if let Some([a, b]) = &fix_window {
                    <text class="window key-answer" x={fmt(x)} y={fmt(y + 37.0)}>{ spaced(a) }</text>
                    <text class="window key-answer" x={fmt(x)} y={fmt(y + 37.0 + WINDOW_LINE)}>{ spaced(b) }</text>
                }
            </g>
            // The cut and the branch's verdict, beside the node: its name says them in words.
            // (A cut the student missed is drawn by its edge, its hatching and the verdict.)
            if self.marked || verdict.is_some() {
                <g class="node-decor" aria-hidden="true" onclick={decor_click}>
                    if self.marked {
                        <text class="scissors" x={fmt(x + 20.0)} y={fmt(y - 32.0)}>{ "✂" }</text>
                    }
                    if let Some((class, words)) = verdict {
                        // Under an inner node, the words; beside a leaf (little room), the symbol.
                        if node.shape == Shape::Leaf {
                            <text class={classes!("verdict", class)} x={fmt(x + 22.0)} y={fmt(y - 20.0)}>{ words.chars().next().map(String::from).unwrap_or_default() }</text>
                        } else {
                            <text class={classes!("verdict", class)} x={fmt(x)} y={fmt(y + if fix_window.is_some() { 66.0 } else { 42.0 })}>{ words }</text>
                        }
                    }
                </g>
            }
            </>
        }
    }
}
