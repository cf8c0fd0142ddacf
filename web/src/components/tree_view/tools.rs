//! The view's tools above the frame: zoom out and in, actual size, Fit, Follow, and whatever the
//! page adds (Export).

use yew::prelude::*;

use crate::components::tree_svg::fixed;
use arbor_app::camera::{Camera, READABLE_SCALE};

/// Props of [`ViewTools`].
#[derive(Properties, PartialEq)]
pub(crate) struct ViewToolsProps {
    /// The camera now.
    pub camera: Camera,
    /// The frame's size.
    pub frame: (f64, f64),
    /// Moves the camera (by hand: the following stops).
    pub on_move: Callback<Camera>,
    /// Fit the whole drawing in the frame.
    pub on_fit: Callback<()>,
    /// Turn the following on or off.
    pub on_follow: Callback<()>,
    /// Whether the view is following, when it can follow.
    pub follow: Option<bool>,
    /// Whether part of the drawing is out of view (then the tools say how to see the rest).
    #[prop_or_default]
    pub partial: bool,
    /// Whether the overview is shown, when it can be (part of the drawing out of view).
    #[prop_or_default]
    pub overview: Option<bool>,
    /// Show or hide the overview.
    #[prop_or_default]
    pub on_overview: Callback<()>,
    /// The page's own tools.
    #[prop_or_default]
    pub children: Html,
}

/// What the view draws, as its tools name it: their words, fixed (a tree's view and a map's
/// are each compiled with their own, so neither page's code carries the other's).
pub(crate) trait Drawn: 'static {
    /// The group's label.
    const LABEL: &'static str;
    /// The overview button's title.
    const OVERVIEW: &'static str;
    /// What is in view: part and small, part, whole and small, whole.
    const HINTS: [&'static str; 4];
    /// Whether "drawn small" is said (a tree's words become unreadable; a map has none).
    const SMALL: bool;
}

/// A tree's view.
pub(crate) struct Tree;

impl Drawn for Tree {
    const LABEL: &'static str = "View of the tree";
    const OVERVIEW: &'static str =
        "The whole tree, small, in the frame's corner: click or drag there to move the view";
    const HINTS: [&'static str; 4] = [
        "Part of the tree in view, drawn small: + or pinch to read, drag or Fit for the rest.",
        "Part of the tree in view: drag, Fit for all, Overview for a map.",
        "Whole tree in view, drawn small: + or pinch to read.",
        "Whole tree in view.",
    ];
    const SMALL: bool = true;
}

/// The tools.
#[component]
pub(crate) fn ViewTools<D: Drawn>(props: &ViewToolsProps) -> Html {
    crate::renders::count("ViewTools");
    let (cam, frame) = (props.camera, props.frame);
    let centre = (frame.0 / 2.0, frame.1 / 2.0);
    let zoom_by = |factor: f64| {
        let on_move = props.on_move.clone();
        Callback::from(move |_: MouseEvent| on_move.emit(cam.zoom_at(factor, centre)))
    };
    let on_actual = zoom_by(1.0 / cam.scale);
    let percent = cam.scale * 100.0;
    let digits = if percent >= 10.0 {
        0
    } else if percent >= 1.0 {
        1
    } else {
        2
    };
    let zoom_text = format!("{}%", fixed(percent, digits));
    html! {
        <div class="view-tools" role="group" aria-label={D::LABEL}>
            <button type="button" aria-label="Zoom out" onclick={zoom_by(1.0 / 1.25)}>{ "−" }</button>
            <span class="zoom" aria-live="off">{ zoom_text }</span>
            <button type="button" aria-label="Zoom in" onclick={zoom_by(1.25)}>{ "+" }</button>
            <button type="button" aria-label="100%: actual size" onclick={on_actual}>{ "100%" }</button>
            <button type="button" aria-label="Fit to the frame" onclick={props.on_fit.reform(|_: MouseEvent| ())}>{ "Fit" }</button>
            if let Some(following) = props.follow {
                <button type="button" class="follow" aria-pressed={if following { "true" } else { "false" }}
                    title="Keep the search's current node in view" onclick={props.on_follow.reform(|_: MouseEvent| ())}>{ "Follow" }</button>
            }
            if let Some(shown) = props.overview {
                <button type="button" class="overview-toggle" aria-pressed={if shown { "true" } else { "false" }}
                    title={D::OVERVIEW}
                    onclick={props.on_overview.reform(|_: MouseEvent| ())}>{ "Overview" }</button>
            }
            { props.children.clone() }
            // Always there (no jump when it changes): what is in view, and how to see the rest.
            <span class="view-hint">{ match (props.partial, D::SMALL && cam.scale < READABLE_SCALE) {
                (true, true) => D::HINTS[0],
                (true, false) => D::HINTS[1],
                (false, true) => D::HINTS[2],
                (false, false) => D::HINTS[3],
            } }</span>
        </div>
    }
}
