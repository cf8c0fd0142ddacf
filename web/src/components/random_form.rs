//! The random-tree form of the steppers: depth, seed, branching, value range (and players),
//! Generate and New seed.

use std::rc::Rc;

use arbor_game::RandomSpec;
use yew::prelude::*;

/// How a field changes the settings.
type Setter = Rc<dyn Fn(&mut RandomSpec, i64)>;

/// Props of [`RandomForm`].
#[derive(Properties, PartialEq)]
pub struct RandomFormProps {
    /// The form's values.
    pub spec: RandomSpec,
    /// Open on first draw (the tree shown is a random one).
    pub open: bool,
    /// The summary's words.
    pub title: AttrValue,
    /// Most levels offered.
    pub max_depth: u32,
    /// Most children offered.
    pub max_children: u32,
    /// Offer the number of players.
    pub players: bool,
    /// A note under the fields.
    #[prop_or_default]
    pub hint: Option<AttrValue>,
    /// A field changed.
    pub on_change: Callback<RandomSpec>,
    /// Build the tree the form describes.
    pub on_generate: Callback<()>,
}

/// The form.
#[component]
pub fn RandomForm(props: &RandomFormProps) -> Html {
    crate::renders::count("RandomForm");
    let spec = props.spec;
    let field = |label: &'static str, value: i64, set: Setter| {
        let on_change = props.on_change.clone();
        let oninput = Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Ok(v) = input.value().parse::<i64>() {
                let mut s = spec;
                set(&mut s, v);
                on_change.emit(s);
            }
        });
        html! {
            <label>{ label }<input type="number" value={value.to_string()} {oninput} /></label>
        }
    };
    let (depth, children) = (i64::from(props.max_depth), i64::from(props.max_children));
    let on_generate = props.on_generate.reform(|_: MouseEvent| ());
    let on_new_seed = {
        let (on_change, on_generate) = (props.on_change.clone(), props.on_generate.clone());
        Callback::from(move |_: MouseEvent| {
            let mut s = spec;
            s.seed = arbor_game::mix64(s.seed.wrapping_add(1)) % 100_000;
            on_change.emit(s);
            on_generate.emit(());
        })
    };
    html! {
        <details class="random" open={props.open}>
            <summary>{ props.title.clone() }</summary>
            <div class="random-grid">
                { field("Depth", spec.depth.into(), Rc::new(move |s, v| s.depth = v.clamp(0, depth) as u32)) }
                { field("Seed", spec.seed as i64, Rc::new(|s, v| s.seed = v.max(0) as u64)) }
                { field("Fewest children", spec.min_branching.into(), Rc::new(move |s, v| s.min_branching = v.clamp(1, children) as u32)) }
                { field("Most children", spec.max_branching.into(), Rc::new(move |s, v| s.max_branching = v.clamp(1, children) as u32)) }
                { field("Lowest value", spec.low.into(), Rc::new(|s, v| s.low = v.clamp(-999, 999) as i32)) }
                { field("Highest value", spec.high.into(), Rc::new(|s, v| s.high = v.clamp(-999, 999) as i32)) }
                if props.players {
                    { field("Players", spec.players.into(), Rc::new(|s, v| s.players = v.clamp(2, 6) as u32)) }
                }
            </div>
            if let Some(hint) = &props.hint {
                <p class="hint">{ hint.clone() }</p>
            }
            <div class="row">
                <button type="button" onclick={on_generate}>{ "Generate" }</button>
                <button type="button" onclick={on_new_seed}>{ "New seed" }</button>
            </div>
        </details>
    }
}
