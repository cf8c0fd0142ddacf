//! Moving between nodes with the keyboard: the drawing's one tab stop (a roving tab stop), the
//! arrow keys' moves, and the focus given to a node once it is drawn.

use super::sight::Sight;
use arbor_app::camera::{follow_target, Camera, FOLLOW_MARGIN};
use arbor_app::scene::Scene;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The scene index of the node the Tab key reaches: `tab` (the last reached by the arrow keys)
/// if it is in view, else the `focus` node if it is, else the first node in view.
pub(super) fn tab_stop(tab: usize, focus: Option<usize>, scene: &Scene, sight: &Sight) -> usize {
    if sight.in_view(tab) {
        tab
    } else {
        focus
            .and_then(|k| scene.index_of_key.get(k).copied().flatten())
            .map(|i| i as usize)
            .filter(|&i| sight.in_view(i))
            .or_else(|| sight.visible.first().copied())
            .unwrap_or(0)
    }
}

/// A node reached by the arrow keys (`pending_focus`, a scene index) gets the focus once it is
/// drawn in `frame`.
#[hook]
pub(super) fn use_focus_when_drawn(
    frame: &NodeRef,
    pending_focus: &UseStateHandle<Option<usize>>,
    scene: &Rc<Scene>,
) {
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

/// The arrow keys move between nodes (↑ parent, ↓ first child, ← → neighbours, Home the root):
/// the node reached becomes the tab stop and gets the focus, and — once there is a camera,
/// `cam` — is brought into view through `set_camera`.
pub(super) fn arrow_keys(
    scene: &Rc<Scene>,
    tab: &UseStateHandle<usize>,
    pending_focus: &UseStateHandle<Option<usize>>,
    set_camera: impl Fn(Camera) + 'static,
    cam: Option<Camera>,
    frame_size: (f64, f64),
) -> Callback<KeyboardEvent> {
    let (scene, tab, pending_focus) = (scene.clone(), tab.clone(), pending_focus.clone());
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
            if let Some(cam) = cam {
                let target = follow_target(&scene, n, frame_size, cam.scale);
                set_camera(
                    cam.follow(&target, frame_size, FOLLOW_MARGIN)
                        .settle((scene.width, scene.height), frame_size),
                );
            }
        }
    })
}
