//! A view not built yet.

use yew::prelude::*;

/// Props of [`Placeholder`].
#[derive(Properties, PartialEq)]
pub struct PlaceholderProps {
    /// The view's name.
    pub title: AttrValue,
}

/// Says plainly that the view is not there yet.
#[component]
pub fn Placeholder(props: &PlaceholderProps) -> Html {
    html! {
        <section class="page narrow">
            <h1>{ props.title.clone() }</h1>
            <p>{ "This view is not built yet. " }<a href="#/">{ "Back to the front page" }</a>{ "." }</p>
        </section>
    }
}
