//! Moving the camera by hand: drag, swipe, pinch and the wheel, on mouse, pen and touch.

use arbor_app::camera::Camera;
use gloo_events::EventListener;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use yew::prelude::*;

/// What the pointers are doing on the frame.
#[derive(Clone, Copy, Debug)]
pub(super) enum Gesture {
    Idle,
    /// One pointer down, not yet moved far: a click, if it comes up here.
    Press {
        x: f64,
        y: f64,
        from: Camera,
    },
    /// One pointer dragging the drawing.
    Drag {
        x: f64,
        y: f64,
        from: Camera,
    },
    /// Two pointers pinching: their distance and midpoint when it began.
    Pinch {
        distance: f64,
        mid: (f64, f64),
        from: Camera,
    },
}

/// A pointer's position in the frame.
pub(crate) fn frame_point(frame: &NodeRef, x: i32, y: i32) -> (f64, f64) {
    frame
        .cast::<web_sys::Element>()
        .map(|el| {
            let r = el.get_bounding_client_rect();
            (x as f64 - r.left(), y as f64 - r.top())
        })
        .unwrap_or((x as f64, y as f64))
}

/// The frame's handlers for moving the camera by hand.
pub(crate) struct Gestures {
    /// A pointer goes down.
    pub onpointerdown: Callback<PointerEvent>,
    /// A pointer moves.
    pub onpointermove: Callback<PointerEvent>,
    /// A pointer goes up, or is cancelled.
    pub onpointerup: Callback<PointerEvent>,
    /// The wheel, or a touchpad's two-finger swipe.
    pub onwheel: Callback<WheelEvent>,
}

/// Drag, swipe, pinch and the wheel on `frame`, moving the camera `cam` through `move_to` (a
/// drag also swallows the click it ends with).
#[hook]
pub(crate) fn use_gestures(
    frame: &NodeRef,
    cam: Camera,
    frame_size: (f64, f64),
    content: (f64, f64),
    move_to: &Callback<Camera>,
) -> Gestures {
    let gesture = use_mut_ref(|| Gesture::Idle);
    let pointers: Pointers = use_mut_ref(HashMap::new);
    let suppress_click = use_mut_ref(|| false);
    use_click_swallower(&suppress_click);
    Gestures {
        onpointerdown: pointer_down(frame, &gesture, &pointers, cam),
        onpointermove: pointer_move(frame, &gesture, &pointers, move_to),
        onpointerup: pointer_up(&gesture, &pointers, &suppress_click),
        onwheel: wheel(frame, cam, frame_size, content, move_to),
    }
}

/// The pointers down on the frame, by id, and where they are in it.
type Pointers = Rc<RefCell<HashMap<i32, (f64, f64)>>>;

/// A drag ends with a click on whatever is under the pointer (WebKit sends it to the node the
/// drag ended on, not to the frame that captured the pointer): swallow it before it gets there
/// while `suppress` says so. Yew hears every event in the capture phase at the app's root, so
/// only a capture-phase listener on the window comes before it. A drag that ends with no click
/// (released outside the window) leaves nothing to swallow: the next press anywhere clears it.
#[hook]
fn use_click_swallower(suppress: &Rc<RefCell<bool>>) {
    let suppress = suppress.clone();
    use_effect_with((), move |_| {
        let options = gloo_events::EventListenerOptions {
            phase: gloo_events::EventListenerPhase::Capture,
            passive: false,
        };
        let listeners = web_sys::window().map(|window| {
            let cleared = suppress.clone();
            [
                EventListener::new_with_options(&window, "click", options, move |e| {
                    if std::mem::take(&mut *suppress.borrow_mut()) {
                        e.stop_propagation();
                        e.prevent_default();
                    }
                }),
                EventListener::new_with_options(&window, "pointerdown", options, move |_| {
                    *cleared.borrow_mut() = false;
                }),
            ]
        });
        move || drop(listeners)
    });
}

/// Two pointers' distance (at least 1) and midpoint.
fn spread(ps: &HashMap<i32, (f64, f64)>) -> (f64, (f64, f64)) {
    let v: Vec<(f64, f64)> = ps.values().copied().collect();
    (
        (v[0].0 - v[1].0).hypot(v[0].1 - v[1].1).max(1.0),
        ((v[0].0 + v[1].0) / 2.0, (v[0].1 + v[1].1) / 2.0),
    )
}

/// A pointer going down: a press with one pointer, a pinch with two (from the camera `cam`).
fn pointer_down(
    frame: &NodeRef,
    gesture: &Rc<RefCell<Gesture>>,
    pointers: &Pointers,
    cam: Camera,
) -> Callback<PointerEvent> {
    let (frame, gesture, pointers) = (frame.clone(), gesture.clone(), pointers.clone());
    Callback::from(move |e: PointerEvent| {
        if e.pointer_type() == "mouse" && e.button() != 0 {
            return;
        }
        let p = frame_point(&frame, e.client_x(), e.client_y());
        let mut ps = pointers.borrow_mut();
        ps.insert(e.pointer_id(), p);
        *gesture.borrow_mut() = match ps.len() {
            1 => Gesture::Press {
                x: p.0,
                y: p.1,
                from: cam,
            },
            2 => {
                let (distance, mid) = spread(&ps);
                Gesture::Pinch {
                    distance,
                    mid,
                    from: cam,
                }
            }
            _ => Gesture::Idle,
        };
    })
}

/// A pointer moving: a press moved far becomes a drag (the pointer captured), a drag pans, a
/// pinch zooms about its first midpoint and pans with it.
fn pointer_move(
    frame: &NodeRef,
    gesture: &Rc<RefCell<Gesture>>,
    pointers: &Pointers,
    move_to: &Callback<Camera>,
) -> Callback<PointerEvent> {
    let (frame, gesture, pointers, move_to) = (
        frame.clone(),
        gesture.clone(),
        pointers.clone(),
        move_to.clone(),
    );
    Callback::from(move |e: PointerEvent| {
        let p = frame_point(&frame, e.client_x(), e.client_y());
        let mut ps = pointers.borrow_mut();
        if !ps.contains_key(&e.pointer_id()) {
            return;
        }
        ps.insert(e.pointer_id(), p);
        let g = *gesture.borrow();
        match g {
            Gesture::Press { x, y, from } if (p.0 - x).abs() + (p.1 - y).abs() > 6.0 => {
                *gesture.borrow_mut() = Gesture::Drag { x, y, from };
                if let Some(el) = frame.cast::<web_sys::Element>() {
                    let _ = el.set_pointer_capture(e.pointer_id());
                }
                move_to.emit(from.pan(p.0 - x, p.1 - y));
            }
            Gesture::Drag { x, y, from } => move_to.emit(from.pan(p.0 - x, p.1 - y)),
            Gesture::Pinch {
                distance,
                mid,
                from,
            } if ps.len() == 2 => {
                let (d, m) = spread(&ps);
                move_to.emit(
                    from.zoom_at(d / distance, mid)
                        .pan(m.0 - mid.0, m.1 - mid.1),
                );
            }
            _ => {}
        }
    })
}

/// A pointer going up or cancelled: after a mouse's drag the click that follows is swallowed;
/// the last pointer up ends the gesture.
fn pointer_up(
    gesture: &Rc<RefCell<Gesture>>,
    pointers: &Pointers,
    suppress: &Rc<RefCell<bool>>,
) -> Callback<PointerEvent> {
    let (gesture, pointers, suppress) = (gesture.clone(), pointers.clone(), suppress.clone());
    Callback::from(move |e: PointerEvent| {
        let mut ps = pointers.borrow_mut();
        ps.remove(&e.pointer_id());
        let g = *gesture.borrow();
        // A mouse's drag ends with a click; a finger's drag or pinch ends with none, so nothing
        // is swallowed after it.
        if matches!(g, Gesture::Drag { .. }) && e.pointer_type() == "mouse" {
            *suppress.borrow_mut() = true;
        }
        if ps.is_empty() {
            *gesture.borrow_mut() = Gesture::Idle;
        }
    })
}

/// The wheel: with Ctrl or ⌘ it zooms about the pointer; else it pans (Shift: sideways), and
/// at the drawing's edge leaves the page to scroll.
fn wheel(
    frame: &NodeRef,
    cam: Camera,
    frame_size: (f64, f64),
    content: (f64, f64),
    move_to: &Callback<Camera>,
) -> Callback<WheelEvent> {
    let (frame, move_to) = (frame.clone(), move_to.clone());
    Callback::from(move |e: WheelEvent| {
        if e.ctrl_key() || e.meta_key() {
            e.prevent_default();
            let p = frame_point(&frame, e.client_x(), e.client_y());
            move_to.emit(cam.zoom_at((-e.delta_y() * 0.002).exp(), p));
            return;
        }
        let (dx, dy) = if e.shift_key() {
            (e.delta_y(), 0.0)
        } else {
            (e.delta_x(), e.delta_y())
        };
        let next = cam.pan(-dx, -dy).clamp(content, frame_size);
        // At the drawing's edge the wheel scrolls the page instead.
        if next != cam {
            e.prevent_default();
            move_to.emit(next);
        }
    })
}
