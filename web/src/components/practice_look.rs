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

    /// From the bottom of the parent's outline (or picture) to the top of the child's: the
    /// words beside a node are never crossed.
    fn ends(parent: &SceneNode, child: &SceneNode) -> ((f64, f64), (f64, f64)) {
        arbor_app::scene::edge_ends(parent, child)
    }

    fn draw(&self, node: &SceneNode, path: &str, interaction: Interaction) -> Html {
        let (x, y) = (node.x, node.y);
        let (label_x, label_y) = arbor_app::scene::label_place(node);
        let cut = self.marked || self.under_mark || self.correction.cut;
        let fix = self.correction;
        let words = self.words();
        let Interaction {
            onclick,
            onkeydown,
            role,
            tabindex,
            class,
            expanded: _,
        } = interaction;
        let name = self.name(node, &words);
        let decor_click = onclick.clone();
        html! {
            <>
            <g
                class={classes!("node", node.shape.class(), cut.then_some("pruned"), class)}
                data-node={path.to_string()}
                data-label={AttrValue::from(node.label.clone())}
                data-marked={self.marked.then_some("true")}
                data-verdict={words.verdict.map(|(v, _)| v)}
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
                    <text class="value" x={fmt(x)} y={fmt(y + 5.0)}>{ spaced(&words.value_text) }</text>
                }
                if let Some(v) = &words.fix_value {
                    <text class="value key-answer" x={fmt(x)} y={fmt(y + arbor_app::scene::value_baseline(node.shape))}>{ spaced(v) }</text>
                }
                if self.asked.is_some() {
                    <text class="ask" x={fmt(x + 22.0)} y={fmt(y - 18.0)}>{ spaced(&words.ask_text) }
                        if let Some((class, symbol, _)) = words.answered {
                            <tspan class={classes!("verdict", class)} dx="3">{ spaced(symbol) }</tspan>
                        }
                    </text>
                }
                if let Some([a, b]) = &words.fix_window {
                    <text class="window key-answer" x={fmt(arbor_app::scene::window_place(node).0)} y={fmt(arbor_app::scene::window_place(node).1)}>{ spaced(a) }</text>
                    <text class="window key-answer" x={fmt(arbor_app::scene::window_place(node).0)} y={fmt(arbor_app::scene::window_place(node).1 + WINDOW_LINE)}>{ spaced(b) }</text>
                }
            </g>
            if self.marked || words.verdict.is_some() {
                { self.decor(node, &words, decor_click) }
            }
            </>
        }
    }
}

/// What a practice node's verdict on the answers typed for it shows: a class, a symbol and
/// words.
type Answered = (&'static str, &'static str, &'static str);

/// The words a practice node shows or says, worked out once for its drawing and its name.
struct Words {
    /// A leaf's value.
    value_text: String,
    /// The question asked here, as "?1".
    ask_text: String,
    /// After Check: how the answers typed for the node's questions fared.
    answered: Option<Answered>,
    /// After Check: how the branch answer fared (a class and words).
    verdict: Option<(&'static str, &'static str)>,
    /// The engine's value where the student's was wrong or missing.
    fix_value: Option<String>,
    /// The engine's window (α, β) where the student's was wrong or missing.
    fix_window: Option<[String; 2]>,
}

impl PracticeMark {
    /// The node's words.
    fn words(&self) -> Words {
        let fix = self.correction;
        Words {
            value_text: self.value.map(show_value).unwrap_or_default(),
            ask_text: self.asked.map(|q| format!("?{q}")).unwrap_or_default(),
            answered: self.answered.map(|v| match v {
                Verdict::Right => ("right", "✓", "answers right"),
                Verdict::Wrong => ("wrong", "✗", "an answer wrong"),
                Verdict::Missed => ("missed", "…", "an answer missing"),
            }),
            verdict: self.verdict.map(|v| match v {
                Verdict::Right => ("right", "✓ right"),
                Verdict::Wrong => ("wrong", "✗ wrong"),
                Verdict::Missed => ("missed", "✂ missed"),
            }),
            // The engine's answers, drawn where the student's were wrong or missing.
            fix_value: fix.value.map(|v| format!("= {}", show_value(v))),
            fix_window: fix.window.map(|(a, b)| {
                [
                    format!("α {}", show_value(a)),
                    format!("β {}", show_value(b)),
                ]
            }),
        }
    }

    /// What the drawing tells without words: the kind of node, its value, the student's cut,
    /// the question, the verdicts and the engine's corrections.
    fn description(&self, node: &SceneNode, words: &Words) -> String {
        let kind = match node.shape {
            Shape::Max => "MAX node",
            Shape::Min => "MIN node",
            _ => "leaf",
        };
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
        if let Some((_, _, words)) = words.answered {
            description.push_str(&format!(", {words}"));
        }
        if let Some((_, words)) = words.verdict {
            description.push_str(&format!(", {words}"));
        }
        if let Some(v) = &words.fix_value {
            description.push_str(&format!(", the search returns {v}"));
        }
        if let Some([a, b]) = &words.fix_window {
            description.push_str(&format!(", entered with {a}, {b}"));
        }
        if self.correction.cut {
            description.push_str(", the search prunes this branch");
        }
        description
    }

    /// The node's accessible name: the words drawn, in order, then the description.
    fn name(&self, node: &SceneNode, words: &Words) -> String {
        let window_text = words
            .fix_window
            .as_ref()
            .map(|[a, b]| format!("{a} {b}"))
            .unwrap_or_default();
        node_name(
            &[
                &node.label,
                &words.value_text,
                words.fix_value.as_deref().unwrap_or(""),
                &words.ask_text,
                words.answered.map_or("", |(_, symbol, _)| symbol),
                &window_text,
            ],
            &self.description(node, words),
        )
    }

    /// The cut and the branch's verdict, beside the node: its name says them in words. (A cut
    /// the student missed is drawn by its edge, its hatching and the verdict.)
    fn decor(
        &self,
        node: &SceneNode,
        words: &Words,
        onclick: Option<Callback<MouseEvent>>,
    ) -> Html {
        let (x, y) = (node.x, node.y);
        html! {
            <g class="node-decor" aria-hidden="true" {onclick}>
                if self.marked {
                    <text class="scissors" x={fmt(x + 20.0)} y={fmt(y - 32.0)}>{ "✂" }</text>
                }
                if let Some((class, said)) = words.verdict {
                    // Under an inner node, the words; beside a leaf (little room), the symbol.
                    if node.shape == Shape::Leaf {
                        <text class={classes!("verdict", class)} x={fmt(x + 22.0)} y={fmt(y - 20.0)}>{ said.chars().next().map(String::from).unwrap_or_default() }</text>
                    } else {
                        <text class={classes!("verdict", class)} x={fmt(x)} y={fmt(y + if words.fix_window.is_some() { 66.0 } else { 42.0 })}>{ said }</text>
                    }
                }
            </g>
        }
    }
}
