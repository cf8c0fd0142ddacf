//! The view's body: the camera, following, the SVG of what is in view, the specks and the tools.

use super::canvas::{natural_height, use_specks, Specks};
use super::gestures::{use_gestures, Gestures};
use super::overview::Overview;
use super::tools::ViewTools;
use super::{measure, readable, DrawingId, FrameProps, CULL_ABOVE, PAD};
use crate::components::tree_svg::{fixed, fmt, EdgeView};
use arbor_app::camera::{follow_target, FOLLOW_MARGIN};
use arbor_app::camera::{Camera, DETAIL_SCALE};
use arbor_app::same::Same;
use arbor_app::scene::Scene;
use std::cell::RefCell;
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
    let size = use_state_eq(|| (0.0f64, 0.0f64));
    // The camera is worked out while drawing (a step that moves the followed node costs one
    // render, not two): kept in a cell, with a counter that redraws after a move by hand.
    let camera: Rc<RefCell<Option<Camera>>> = use_mut_ref(|| None);
    let moved = use_state(|| 0u64);
    let follow = use_state(|| true);
    let started_for = use_mut_ref(|| None::<DrawingId>);
    let followed = use_mut_ref(|| None::<(Option<usize>, Same<Scene>, (u64, u64))>);
    // The drawing's one tab stop (a scene index), and a node to give the focus to once drawn.
    let tab = use_state(|| 0usize);
    let pending_focus = use_state(|| None::<usize>);

    // The frame's size: now, and whenever it changes (the window, or the frame's own height,
    // which follows the drawing's).
    {
        let (frame, size) = (frame.clone(), size.clone());
        use_effect_with(props.drawing.clone(), move |_| {
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
    // A new tree follows the search again.
    {
        let follow = follow.clone();
        use_effect_with(props.drawing.clone(), move |_| follow.set(true));
    }
    let frame_size = *size;
    if frame_size.0 > 0.0 {
        let mut cam = camera.borrow_mut();
        // A new tree: the camera starts afresh.
        if started_for.borrow().as_ref() != Some(&props.drawing) {
            *started_for.borrow_mut() = Some(props.drawing.clone());
            let root = scene.nodes.first().map_or((0.0, 0.0), |n| (n.x, n.y));
            *cam = Some(Camera::start(
                (scene.width, scene.height),
                frame_size,
                root,
                readable(frame_size.0),
            ));
            *followed.borrow_mut() = None;
        }
        // Following: the focus node and the path above it stay in view.
        let inputs = (
            props.focus,
            Same::of(&scene),
            (frame_size.0.to_bits(), frame_size.1.to_bits()),
        );
        if *follow && followed.borrow().as_ref() != Some(&inputs) {
            *followed.borrow_mut() = Some(inputs);
            let index = props
                .focus
                .and_then(|key| scene.index_of_key.get(key).copied().flatten());
            if let (Some(c), Some(index)) = (*cam, index) {
                let target = follow_target(&scene, index as usize, frame_size, c.scale);
                *cam = Some(
                    c.follow(&target, frame_size, FOLLOW_MARGIN)
                        .settle((scene.width, scene.height), frame_size),
                );
            }
        }
    }
    let camera_set = {
        let (camera, moved) = (camera.clone(), moved.clone());
        move |next: Camera| {
            *camera.borrow_mut() = Some(next);
            moved.set(*moved + 1);
        }
    };
    // A node reached by the arrow keys gets the focus once it is drawn.
    {
        let (frame, pending_focus, scene) = (frame.clone(), pending_focus.clone(), scene.clone());
        use_effect_with(*pending_focus, move |&pending| {
            if let (Some(i), Some(el)) = (pending, frame.cast::<web_sys::Element>()) {
                let path = scene.path(i);
                if let Some(node) = el
                    .query_selector(&format!("[data-node=\"{path}\"]"))
                    .ok()
                    .flatten()
                    .and_then(|n| n.dyn_into::<web_sys::SvgElement>().ok())
                {
                    let _ = node.focus();
                    pending_focus.set(None);
                }
            }
        });
    }
    let has_camera = camera.borrow().is_some();
    let cam = (*camera.borrow()).unwrap_or_default();
    let view = cam.view(frame_size);
    let culled = scene.nodes.len() > CULL_ABOVE;
    let detail = !culled || cam.scale >= DETAIL_SCALE;
    let visible: Vec<usize> = if !culled {
        (0..scene.nodes.len()).collect()
    } else if !has_camera {
        Vec::new()
    } else {
        scene.within(&view, PAD.max(40.0 / cam.scale))
    };
    let operable = props.on_leaf.is_some() || props.on_inner.is_some();

    // Specks on the canvas where the drawing is too small to read.
    use_specks(
        &canvas,
        &scene,
        &props.painter.0,
        Specks {
            on: !detail && has_camera,
            cam,
            frame_size,
            revision: props.revision,
            changed: props.changed.clone(),
            focus: props.focus,
        },
    );

    // The drawing in SVG: nodes in view, the edges to them, and the edges out of view from
    // them.
    let painter = &props.painter.0;
    let in_view = |i: usize| !culled || visible.binary_search(&i).is_ok();
    let mut edges: Vec<(usize, usize)> = Vec::new();
    if detail {
        for &i in &visible {
            if let Some(p) = scene.nodes[i].parent {
                edges.push((p, i));
            }
            if culled {
                for c in scene.children[i].clone() {
                    if !in_view(c) {
                        edges.push((i, c));
                    }
                }
            }
        }
    }
    let edge_html: Vec<Html> = edges
        .iter()
        .map(|&(p, c)| {
            let kind = painter.edge(&scene, p, c);
            let (a, b) = (&scene.nodes[p], &scene.nodes[c]);
            html! { <EdgeView key={c} from={(a.x, a.y)} to={(b.x, b.y)} kind={kind} /> }
        })
        .collect();
    let tab_stop = if in_view(*tab) {
        *tab
    } else {
        props
            .focus
            .and_then(|k| scene.index_of_key.get(k).copied().flatten())
            .map(|i| i as usize)
            .filter(|&i| in_view(i))
            .or_else(|| visible.first().copied())
            .unwrap_or(0)
    };
    let node_html: Vec<Html> = if detail {
        visible
            .iter()
            .map(|&i| {
                // A node with children (drawn or folded away) folds; the others are leaves.
                let inner = !scene.children[i].is_empty() || scene.nodes[i].hidden > 0;
                let leaf = props.all_buttons || !inner;
                painter.node(
                    &scene,
                    i,
                    props.on_leaf.clone().filter(|_| leaf),
                    props.on_inner.clone().filter(|_| !leaf),
                    i == tab_stop,
                )
            })
            .collect()
    } else {
        Vec::new()
    };
    // The focus node, ringed, where the nodes are specks.
    let ring = (!detail)
        .then(|| {
            props
                .focus
                .and_then(|k| scene.index_of_key.get(k).copied().flatten())
                .map(|i| {
                    let n = &scene.nodes[i as usize];
                    html! { <ellipse class="focus-ring" cx={fmt(n.x)} cy={fmt(n.y)} rx={fmt(10.0 / cam.scale)} ry={fmt(10.0 / cam.vscale)} /> }
                })
        })
        .flatten();

    // Moving the camera by hand stops the following.
    let move_to = {
        let (camera_set, follow, scene) = (camera_set.clone(), follow.clone(), scene.clone());
        Callback::from(move |next: Camera| {
            follow.set(false);
            camera_set(next.clamp((scene.width, scene.height), frame_size));
        })
    };
    let Gestures {
        onpointerdown,
        onpointermove,
        onpointerup,
        onwheel,
    } = use_gestures(&frame, cam, frame_size, &scene, &move_to);
    // The arrow keys move between nodes (↑ parent, ↓ first child, ← → neighbours, Home the
    // root), bringing the node into view.
    let onkeydown = {
        let (scene, tab, pending_focus, camera) = (
            scene.clone(),
            tab.clone(),
            pending_focus.clone(),
            camera_set.clone(),
        );
        Callback::from(move |e: KeyboardEvent| {
            let Some(path) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|el| el.closest("[data-node]").ok().flatten())
                .and_then(|el| el.get_attribute("data-node"))
            else {
                return;
            };
            let Some(at) = scene.find(&path) else { return };
            let key = e.key();
            if !Scene::is_step_key(&key) {
                return;
            }
            let next = scene.key_step(at, &key);
            e.prevent_default();
            if let Some(n) = next {
                tab.set(n);
                pending_focus.set(Some(n));
                if has_camera {
                    let target = follow_target(&scene, n, frame_size, cam.scale);
                    camera(
                        cam.follow(&target, frame_size, FOLLOW_MARGIN)
                            .settle((scene.width, scene.height), frame_size),
                    );
                }
            }
        })
    };
    let on_fit = {
        let (camera_set, scene) = (camera_set.clone(), scene.clone());
        Callback::from(move |()| camera_set(Camera::fit((scene.width, scene.height), frame_size)))
    };
    let on_follow = {
        let (follow, followed) = (follow.clone(), followed.clone());
        Callback::from(move |()| {
            // Following again brings the node into view at once.
            *followed.borrow_mut() = None;
            follow.set(!*follow);
        })
    };
    let whole =
        view.x0 <= 0.0 && view.y0 <= 0.0 && view.x1 >= scene.width && view.y1 >= scene.height;
    html! {
        <div class="tree-view">
            <ViewTools camera={cam} frame={frame_size} on_move={move_to.clone()} {on_fit} {on_follow}
                follow={(props.follows || props.focus.is_some()).then_some(*follow)}>
                { props.children.clone() }
            </ViewTools>
            <div class={classes!("tree-frame", (!detail).then_some("sketch"))} ref={frame}
                style={format!("--natural: {}px", fixed(natural_height(&scene, frame_size.0), 0))}
                {onpointerdown} onpointermove={onpointermove} onpointerup={onpointerup.clone()}
                onpointercancel={onpointerup} {onwheel}>
                <canvas ref={canvas} class="tree-canvas" aria-hidden="true"></canvas>
                <svg class="tree" role="group" aria-label={props.title.clone()}
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
                if !whole && has_camera {
                    <Overview scene={scene.clone()} view={view} focus={props.focus} on_move={move_to.clone()} frame={frame_size} camera={cam} />
                }
            </div>
        </div>
    }
}
