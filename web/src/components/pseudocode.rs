//! A pseudocode listing with the current line highlighted.

use yew::prelude::*;

/// Props of [`Pseudocode`].
#[derive(Properties, PartialEq)]
pub struct PseudocodeProps {
    /// The lines.
    pub lines: &'static [&'static str],
    /// The highlighted line, if any.
    pub current: Option<usize>,
    /// Heading.
    pub title: AttrValue,
}

/// The listing.
#[component]
pub fn Pseudocode(props: &PseudocodeProps) -> Html {
    crate::renders::count("Pseudocode");
    html! {
        <figure class="pseudocode">
            <figcaption>{ props.title.clone() }</figcaption>
            <ol>
                { for props.lines.iter().enumerate().map(|(i, line)| {
                    let current = props.current == Some(i);
                    html! {
                        <li class={classes!(current.then_some("current"))} aria-current={current.then_some("step")}>
                            <code>{ *line }</code>
                        </li>
                    }
                }) }
            </ol>
        </figure>
    }
}
