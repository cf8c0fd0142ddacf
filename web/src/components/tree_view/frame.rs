//! The view's body: the frame and its size, the SVG of what is in view, the specks, the
//! overview and the tools.

use super::canvas::{natural_height, use_specks, Specks};
use super::follow::use_camera;
use super::gestures::use_gestures;
use super::keys::{arrow_keys, tab_stop, use_focus_when_drawn};
use super::overview::Overview;
use super::sight::Sight;
use super::tools::{Tree, ViewTools};
use super::{measure, FrameProps};
use crate::components::tree_svg::{fixed, fmt, EdgeView, EdgeViewProps};
use arbor_app::scene::Scene;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The view's body: the camera, the gestures, the SVG of what is in view and the specks.
#[component]
pub(super) fn Frame(props: &FrameProps) -> Html {
    crate::renders::count("Frame");
    let scene = props.scene.0.clone();
    let frame = use_node_ref();
    let canvas = use_node_ref();
    let frame_size = *use_frame_size(&frame, &props.drawing);
    let camera = use_camera(&props.drawing);
    // The drawing's one tab stop (a scene index), and a node to give the focus to once drawn.
    let tab = use_state(|| 0usize);
    let pending_focus = use_state(|| None::<usize>);
    // The overview, shown on request: at first sight nothing covers the drawing.
    let overview_on = use_state(|| false);
    if frame_size.0 > 0.0 {
        camera.update(
            &scene,
            &props.drawing,
            (props.focus, props.whole_path),
            frame_size,
        );
    }
    use_focus_when_drawn(&frame, &pending_focus, &scene);
    use_print_fit(camera.on_print());
    let sight = Sight::of(&scene, camera.get(), frame_size);
    // Specks on the canvas where the drawing is too small to read.
    let specks = Specks {
        on: !sight.detail && sight.has_camera,
        cam: sight.cam,
        frame_size,
        revision: props.revision,
        changed: props.changed.clone(),
        focus: props.focus,
    };
    use_specks(&canvas, &scene, &props.painter.0, specks);
    // Moving the camera by hand stops the following.
    let move_to = camera.move_by_hand(&scene, frame_size);
    let gestures = use_gestures(
        &frame,
        sight.cam,
        frame_size,
        (scene.width, scene.height),
        &move_to,
    );
    let has_camera = sight.has_camera.then_some(sight.cam);
    let onkeydown = arrow_keys(
        &scene,
        &tab,
        &pending_focus,
        camera.setter(),
        has_camera,
        frame_size,
    );
    let follow = (props.follows || props.focus.is_some()).then_some(camera.following());
    let partial = sight.has_camera && !sight.whole(&scene);
    html! {
        <div class="tree-view">
            <ViewTools<Tree> camera={sight.cam} frame={frame_size} on_move={move_to.clone()}
                on_fit={camera.on_fit(&scene, frame_size)} on_follow={camera.on_follow()} {follow}
                partial={partial} overview={partial.then_some(*overview_on)}
                on_overview={{ let on = overview_on.clone(); Callback::from(move |()| on.set(!*on)) }}>
                { props.children.clone() }
            </ViewTools<Tree>>
            <div class={classes!("tree-frame", (!sight.detail).then_some("sketch"))} ref={frame}
                style={format!("--natural: {}px; --aspect: {} / {}", fixed(natural_height(&scene, frame_size.0), 0), fixed(frame_size.0.max(1.0), 0), fixed(frame_size.1.max(1.0), 0))}
                onpointerdown={gestures.onpointerdown} onpointermove={gestures.onpointermove}
                onpointerup={gestures.onpointerup.clone()} onpointercancel={gestures.onpointerup}
                onwheel={gestures.onwheel}>
                <canvas ref={canvas} class="tree-canvas" aria-hidden="true"></canvas>
                { drawing_svg(props, &scene, &sight, frame_size, *tab, onkeydown) }
                if partial && *overview_on {
                    <Overview scene={scene.clone()} view={sight.view} focus={props.focus} on_move={move_to.clone()} frame={frame_size} camera={sight.cam} />
                }
            </div>
        </div>
    }
}

/// A printed page shows the whole tree, scaled to the page: the camera fits it on `beforeprint`
/// and comes back on `afterprint`.
#[hook]
fn use_print_fit(calls: (Callback<()>, Callback<()>)) {
    let (fit, restore) = calls;
    // Listened for anew after each render: the callbacks count the camera's moves from the
    // render they were made in.
    use_effect(move || {
        let listeners = web_sys::window().map(|w| {
            (
                gloo_events::EventListener::new(&w, "beforeprint", move |_| fit.emit(())),
                gloo_events::EventListener::new(&w, "afterprint", move |_| restore.emit(())),
            )
        });
        move || drop(listeners)
    });
}

/// The frame's size: now, and whenever it changes (the window, or the frame's own height,
/// which follows the drawing's), measured anew for each drawing (`drawing`: what is drawn, a
/// tree's id or a map).
#[hook]
pub(crate) fn use_frame_size<K: PartialEq + Clone + 'static>(
    frame: &NodeRef,
    drawing: &K,
) -> UseStateHandle<(f64, f64)> {
    let size = use_state_eq(|| (0.0f64, 0.0f64));
    {
        let (frame, size) = (frame.clone(), size.clone());
        use_effect_with(drawing.clone(), move |_| {
            size.set(measure(&frame));
            let on_resize = {
                let (frame, size) = (frame.clone(), size.clone());
                Closure::<dyn FnMut()>::new(move || size.set(measure(&frame)))
            };
            let observer = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()).ok();
            if let (Some(o), Some(el)) = (&observer, frame.cast::<web_sys::Element>()) {
                o.observe(&el);
            }
            move || {
                if let Some(o) = observer {
                    o.disconnect();
                }
                drop(on_resize);
            }
        });
    }
    size
}

/// The drawing in SVG: the nodes in view, the edges to them and the edges out of view from
/// them (or, where the nodes are specks, only the focus node's ring); operable nodes answer
/// the arrow keys through `onkeydown`.
fn drawing_svg(
    props: &FrameProps,
    scene: &Rc<Scene>,
    sight: &Sight,
    frame_size: (f64, f64),
    tab: usize,
    onkeydown: Callback<KeyboardEvent>,
) -> Html {
    let painter = &props.painter.0;
    let edge_html: Vec<Html> = sight
        .edges(scene)
        .iter()
        .map(|&(p, c)| {
            let kind = painter.edge(scene, p, c);
            let (a, b) = (&scene.nodes[p], &scene.nodes[c]);
            let note = EdgeViewProps::note_of(a, b);
            let (from, to) = painter.ends(scene, p, c);
            html! { <EdgeView key={c} {from} {to} kind={kind} {note} /> }
        })
        .collect();
    let node_html = node_html(
        props,
        scene,
        sight,
        tab_stop(tab, props.focus, scene, sight),
    );
    let ring = focus_ring(scene, props.focus, sight);
    let operable = props.on_leaf.is_some() || props.on_inner.is_some();
    let (cam, view) = (sight.cam, sight.view);
    // Not shown until the frame is measured and the camera set: the first render's viewBox is
    // empty, which Chromium and Firefox draw as nothing but WebKit ignores, drawing the tree at
    // its own coordinates for a moment before it jumps into place (where a click could land).
    let unplaced = (!sight.has_camera).then_some("visibility: hidden");
    html! {
        <svg class="tree" role="group" aria-label={props.title.clone()} style={unplaced}
            width={fmt(frame_size.0)} height={fmt(frame_size.1)} preserveAspectRatio="none"
            viewBox={format!("{} {} {} {}", fmt(view.x0), fmt(view.y0), fmt(view.x1 - view.x0), fmt(view.y1 - view.y0))}
            data-width={fmt(scene.width)} data-height={fmt(scene.height)} data-scale={fixed(cam.scale, 4)}
            data-keys={operable.then_some("own")} onkeydown={operable.then_some(onkeydown)}
            xmlns="http://www.w3.org/2000/svg">
            <title>{ props.title.clone() }</title>
            <defs>
                <pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                    <line x1="0" y1="0" x2="0" y2="6" class="hatch-line" />
                </pattern>
            </defs>
            <g class="edges">{ edge_html }</g>
            <g class="nodes">{ node_html }</g>
            { for ring }
        </svg>
    }
}

/// The nodes in view, drawn where they are readable: a node with children (drawn or folded
/// away) folds, the others are leaves (or every node is a button, in practice).
fn node_html(props: &FrameProps, scene: &Rc<Scene>, sight: &Sight, tab_stop: usize) -> Vec<Html> {
    if !sight.detail {
        return Vec::new();
    }
    sight
        .visible
        .iter()
        .map(|&i| {
            let inner = !scene.children[i].is_empty() || scene.nodes[i].hidden > 0;
            let leaf = props.all_buttons || !inner;
            props.painter.0.node(
                scene,
                i,
                props.on_leaf.clone().filter(|_| leaf),
                props.on_inner.clone().filter(|_| !leaf),
                i == tab_stop,
            )
        })
        .collect()
}

/// The focus node, ringed, where the nodes are specks.
fn focus_ring(scene: &Scene, focus: Option<usize>, sight: &Sight) -> Option<Html> {
    if sight.detail {
        return None;
    }
    let cam = sight.cam;
    focus
        .and_then(|k| scene.index_of_key.get(k).copied().flatten())
        .map(|i| {
            let n = &scene.nodes[i as usize];
            html! { <ellipse class="focus-ring" cx={fmt(n.x)} cy={fmt(n.y)} rx={fmt(10.0 / cam.scale)} ry={fmt(10.0 / cam.vscale)} /> }
        })
}
