//! A scrolling frame for a large drawing: scrollbars, touch and trackpads pan it natively, and a
//! mouse can drag it. A press that does not move is left alone, so clicks on nodes still work.

use std::cell::Cell;
use std::rc::Rc;

use yew::prelude::*;

/// Props of [`Pan`].
#[derive(Properties, PartialEq)]
pub struct PanProps {
    /// The drawing.
    pub children: Html,
}

/// Where a drag started: pointer position and scroll offsets.
#[derive(Clone, Copy, Default)]
struct Drag {
    active: bool,
    moved: bool,
    x: i32,
    y: i32,
    left: i32,
    top: i32,
}

/// The frame.
#[component]
pub fn Pan(props: &PanProps) -> Html {
    let frame = use_node_ref();
    let drag = use_mut_ref(Drag::default);
    let suppress_click = use_memo((), |_| Rc::new(Cell::new(false)));
    let onmousedown = {
        let (frame, drag) = (frame.clone(), drag.clone());
        Callback::from(move |e: MouseEvent| {
            if e.button() != 0 {
                return;
            }
            if let Some(el) = frame.cast::<web_sys::Element>() {
                *drag.borrow_mut() = Drag {
                    active: true,
                    moved: false,
                    x: e.client_x(),
                    y: e.client_y(),
                    left: el.scroll_left(),
                    top: el.scroll_top(),
                };
            }
        })
    };
    let onmousemove = {
        let (frame, drag) = (frame.clone(), drag.clone());
        Callback::from(move |e: MouseEvent| {
            let mut d = drag.borrow_mut();
            if !d.active {
                return;
            }
            let (dx, dy) = (e.client_x() - d.x, e.client_y() - d.y);
            if !d.moved && dx.abs() + dy.abs() < 5 {
                return;
            }
            d.moved = true;
            if let Some(el) = frame.cast::<web_sys::Element>() {
                el.set_scroll_left(d.left - dx);
                el.set_scroll_top(d.top - dy);
            }
        })
    };
    let onmouseup = {
        let (drag, suppress) = (drag.clone(), (*suppress_click).clone());
        Callback::from(move |_: MouseEvent| {
            let mut d = drag.borrow_mut();
            suppress.set(d.moved);
            d.active = false;
        })
    };
    let onmouseleave = {
        let drag = drag.clone();
        Callback::from(move |_: MouseEvent| drag.borrow_mut().active = false)
    };
    // A drag ends with a click on whatever is under the pointer: swallow it before it gets
    // there (a capture-phase listener, which `html!` cannot attach).
    {
        let (frame, suppress) = (frame.clone(), (*suppress_click).clone());
        use_effect_with((), move |_| {
            let listener = frame.cast::<web_sys::Element>().map(|el| {
                let options = gloo_events::EventListenerOptions {
                    phase: gloo_events::EventListenerPhase::Capture,
                    passive: false,
                };
                gloo_events::EventListener::new_with_options(&el, "click", options, move |e| {
                    if suppress.replace(false) {
                        e.stop_propagation();
                        e.prevent_default();
                    }
                })
            });
            move || drop(listener)
        });
    }
    html! {
        <div class="tree-scroll" ref={frame} tabindex="0" aria-label="Tree drawing: scroll or drag to pan"
            {onmousedown} {onmousemove} {onmouseup} {onmouseleave}>
            { props.children.clone() }
        </div>
    }
}
