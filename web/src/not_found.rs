//! The view for a URL that names no view.

use yew::prelude::*;

/// Props of [`NotFound`].
#[derive(Properties, PartialEq)]
pub struct NotFoundProps {
    /// The path that was asked for (shown as text, never as HTML).
    pub path: AttrValue,
}

/// "No such page", with the way back.
#[component]
pub fn NotFound(props: &NotFoundProps) -> Html {
    crate::renders::count("NotFound");
    html! {
        <section class="page narrow">
            <h1>{ "Page not found" }</h1>
            <p>{ "Arbor has no page called “" }<code>{ props.path.clone() }</code>{ "”." }</p>
            <p>{ "Try " }<a href="#/alphabeta">{ "the alpha-beta stepper" }</a>{ ", " }
               <a href="#/search">{ "search" }</a>{ ", " }<a href="#/play">{ "play" }</a>
               { " or " }<a href="#/">{ "the front page" }</a>{ "." }</p>
        </section>
    }
}
