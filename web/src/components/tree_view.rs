//! A tree as a class looks at it: a frame onto the drawing that follows the search, at any
//! size. Only the nodes in view are drawn as SVG (a tree of 100,000 nodes costs what a
//! screenful costs); where the drawing is too small to read, nodes are specks on a canvas, so
//! "Fit" shows a whole large tree as its shape. An overview in the corner shows the whole tree
//! and the part in view, and moves the view where it is clicked. Dragging, swiping, the wheel,
//! pinching and the zoom buttons move the camera; moving it by hand stops the following until
//! Follow is pressed again.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use gloo_events::EventListener;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::tree_svg::{fixed, fmt, EdgeKind, EdgeView, Look, NodeView, Sketch};
use arbor_app::camera::{Camera, DETAIL_SCALE};
use arbor_app::scene::{Rect, Scene};

/// Trees with more drawn nodes than this draw only what is in view.
pub const CULL_ABOVE: usize = 1_500;
/// A new drawing starts fitted to the frame's width if that is at least this scale.
pub const READABLE: f64 = 0.6;
/// In a frame narrower than [`NARROW`] pixels (a phone), a drawing starts fitted to the width
/// down to this scale: its whole shape first, pinch or + to read it.
pub const READABLE_NARROW: f64 = 0.3;
/// See [`READABLE_NARROW`].
pub const NARROW: f64 = 600.0;

/// The least scale at which a new drawing in a frame `width` pixels wide starts fitted to it.
fn readable(width: f64) -> f64 {
    if width < NARROW {
        READABLE_NARROW
    } else {
        READABLE
    }
}
/// Pixels kept free around the followed node and the path above it.
const FOLLOW_MARGIN: f64 = 28.0;
/// Scene units drawn beyond the frame's edges, so nodes slide in whole.
const PAD: f64 = 120.0;

/// The looks of a drawing's nodes at one moment: any node's look on demand (by key), a number
/// that changes whenever a look may have, and — when known — the keys whose looks changed
/// since the last number (the rest are redrawn only if unknown).
pub struct Looks<L> {
    /// A node's look, by key.
    pub get: Rc<dyn Fn(usize) -> L>,
    /// Changes with every change of a look.
    pub revision: u64,
    /// The keys whose looks changed since the last revision, if known.
    pub changed: Option<Rc<Vec<usize>>>,
}

impl<L> Clone for Looks<L> {
    fn clone(&self) -> Self {
        Looks {
            get: self.get.clone(),
            revision: self.revision,
            changed: self.changed.clone(),
        }
    }
}

impl<L> PartialEq for Looks<L> {
    fn eq(&self, other: &Self) -> bool {
        self.revision == other.revision && Rc::ptr_eq(&self.get, &other.get)
    }
}

impl<L: Look> Looks<L> {
    /// The looks listed by key (a key past the end looks plain), as a new revision: for small
    /// drawings whose looks are computed whole (every node in view is redrawn).
    pub fn of(marks: Vec<L>) -> Self {
        thread_local!(static REVISION: std::cell::Cell<u64> = const { std::cell::Cell::new(0) });
        let revision = REVISION.with(|r| {
            r.set(r.get() + 1);
            r.get()
        });
        Looks {
            get: Rc::new(move |k: usize| marks.get(k).cloned().unwrap_or_default()),
            revision,
            changed: None,
        }
    }
}

/// Props of [`TreeView`].
#[derive(Properties)]
pub struct TreeViewProps<L: Look> {
    /// The placed tree (all of it, or what is not folded away).
    pub scene: Rc<Scene>,
    /// What each node shows now.
    pub looks: Looks<L>,
    /// Changes when the drawing is of another tree, so the view starts afresh (folding and
    /// unfolding keep it).
    pub drawing: u64,
    /// The key of the node to keep in view, with the path above it (the search's current node).
    #[prop_or_default]
    pub focus: Option<usize>,
    /// The view follows a search: the Follow toggle is shown even while no node is current (so
    /// the toolbar does not shift when the first step is taken).
    #[prop_or_default]
    pub follows: bool,
    /// Accessible description of the drawing.
    pub title: AttrValue,
    /// A leaf was activated (click, Enter or Space).
    #[prop_or_default]
    pub on_leaf: Option<Callback<usize>>,
    /// An inner node was activated (to fold or unfold it).
    #[prop_or_default]
    pub on_inner: Option<Callback<usize>>,
    /// Every node is a button that calls `on_leaf` (practice).
    #[prop_or_default]
    pub all_buttons: bool,
    /// More tools for the toolbar.
    #[prop_or_default]
    pub children: Html,
}

impl<L: Look> PartialEq for TreeViewProps<L> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.scene, &other.scene)
            && self.looks == other.looks
            && self.drawing == other.drawing
            && self.focus == other.focus
            && self.follows == other.follows
            && self.title == other.title
            && self.on_leaf == other.on_leaf
            && self.on_inner == other.on_inner
            && self.all_buttons == other.all_buttons
            && self.children == other.children
    }
}

/// What the pointers are doing on the frame.
#[derive(Clone, Copy, Debug)]
enum Gesture {
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

/// The area around a node that following keeps in view: the node with room for its words, and
/// its parent and grandparent as far as they fit in the frame at the present scale (following
/// never zooms out for them: in a wide tree an ancestor can be thousands of pixels away, and the
/// edges up to it show the way).
fn follow_target(scene: &Scene, index: usize, frame: (f64, f64), scale: f64) -> Rect {
    let area = |i: usize, words_below: bool| {
        let n = &scene.nodes[i];
        Rect {
            x0: n.x - n.half_width.max(24.0) - 20.0,
            y0: n.y - 40.0,
            x1: n.x + n.half_width.max(24.0) + 20.0,
            y1: n.y + if words_below { 62.0 } else { 30.0 },
        }
    };
    let union = |a: Rect, b: Rect| Rect {
        x0: a.x0.min(b.x0),
        y0: a.y0.min(b.y0),
        x1: a.x1.max(b.x1),
        y1: a.y1.max(b.y1),
    };
    let fits = |r: &Rect| {
        (r.x1 - r.x0) * scale <= frame.0 - 2.0 * FOLLOW_MARGIN
            && (r.y1 - r.y0) * scale <= frame.1 - 2.0 * FOLLOW_MARGIN
    };
    let mut rect = area(index, true);
    let mut at = scene.nodes[index].parent;
    for _ in 0..2 {
        let Some(i) = at else { break };
        let wider = union(rect, area(i, false));
        if !fits(&wider) {
            break;
        }
        rect = wider;
        at = scene.nodes[i].parent;
    }
    rect
}

/// The frame's size in CSS pixels.
fn measure(frame: &NodeRef) -> (f64, f64) {
    frame
        .cast::<web_sys::Element>()
        .map(|el| (el.client_width() as f64, el.client_height() as f64))
        .unwrap_or((0.0, 0.0))
}

/// A pointer's position in the frame.
fn frame_point(frame: &NodeRef, x: i32, y: i32) -> (f64, f64) {
    frame
        .cast::<web_sys::Element>()
        .map(|el| {
            let r = el.get_bounding_client_rect();
            (x as f64 - r.left(), y as f64 - r.top())
        })
        .unwrap_or((x as f64, y as f64))
}

/// A drawing's looks whatever their type, for the view's one body (the bulk of the view is
/// compiled once, not once per kind of look).
trait Painter {
    /// The edge from the node at scene index `parent` to the one at `child`.
    fn edge(&self, scene: &Scene, parent: usize, child: usize) -> EdgeKind;
    /// The node at scene index `i` as a speck.
    fn sketch(&self, scene: &Scene, i: usize) -> Sketch;
    /// The node at scene index `i`, drawn.
    fn node(
        &self,
        scene: &Rc<Scene>,
        i: usize,
        on_leaf: Option<Callback<usize>>,
        on_inner: Option<Callback<usize>>,
        tab_stop: bool,
    ) -> Html;
}

/// Looks, each computed once per render.
struct Cached<L> {
    looks: Looks<L>,
    seen: RefCell<HashMap<usize, L>>,
}

impl<L: Look> Cached<L> {
    /// The look of the node at scene index `i`.
    fn at(&self, scene: &Scene, i: usize) -> L {
        let key = scene.nodes[i].key;
        let get = &self.looks.get;
        self.seen
            .borrow_mut()
            .entry(i)
            .or_insert_with(|| get(key))
            .clone()
    }
}

impl<L: Look> Painter for Cached<L> {
    fn edge(&self, scene: &Scene, parent: usize, child: usize) -> EdgeKind {
        self.at(scene, child).edge(&self.at(scene, parent))
    }

    fn sketch(&self, scene: &Scene, i: usize) -> Sketch {
        self.at(scene, i).sketch()
    }

    fn node(
        &self,
        scene: &Rc<Scene>,
        i: usize,
        on_leaf: Option<Callback<usize>>,
        on_inner: Option<Callback<usize>>,
        tab_stop: bool,
    ) -> Html {
        html! {
            <NodeView<L> key={i} scene={scene.clone()} index={i} mark={self.at(scene, i)}
                {on_leaf} {on_inner} {tab_stop} />
        }
    }
}

/// Props of the view's body: [`TreeViewProps`] with the looks behind a [`Painter`].
#[derive(Properties)]
struct FrameProps {
    scene: Rc<Scene>,
    painter: Rc<dyn Painter>,
    /// Which looks the painter draws (their function's address) and their revision.
    looks_id: usize,
    revision: u64,
    changed: Option<Rc<Vec<usize>>>,
    drawing: u64,
    focus: Option<usize>,
    follows: bool,
    title: AttrValue,
    on_leaf: Option<Callback<usize>>,
    on_inner: Option<Callback<usize>>,
    all_buttons: bool,
    children: Html,
}

impl PartialEq for FrameProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.scene, &other.scene)
            && self.looks_id == other.looks_id
            && self.revision == other.revision
            && self.drawing == other.drawing
            && self.focus == other.focus
            && self.follows == other.follows
            && self.title == other.title
            && self.on_leaf == other.on_leaf
            && self.on_inner == other.on_inner
            && self.all_buttons == other.all_buttons
            && self.children == other.children
    }
}

/// A drawing, in its frame.
#[component]
pub fn TreeView<L: Look>(props: &TreeViewProps<L>) -> Html {
    let painter: Rc<dyn Painter> = Rc::new(Cached {
        looks: props.looks.clone(),
        seen: RefCell::new(HashMap::new()),
    });
    html! {
        <Frame scene={props.scene.clone()} {painter}
            looks_id={Rc::as_ptr(&props.looks.get) as *const () as usize}
            revision={props.looks.revision} changed={props.looks.changed.clone()}
            drawing={props.drawing} focus={props.focus} follows={props.follows}
            title={props.title.clone()} on_leaf={props.on_leaf.clone()} on_inner={props.on_inner.clone()}
            all_buttons={props.all_buttons}>
            { props.children.clone() }
        </Frame>
    }
}

/// The view's body: the camera, the gestures, the SVG of what is in view and the specks.
#[component]
fn Frame(props: &FrameProps) -> Html {
    let scene = props.scene.clone();
    let frame = use_node_ref();
    let canvas = use_node_ref();
    let size = use_state_eq(|| (0.0f64, 0.0f64));
    // The camera is worked out while drawing (a step that moves the followed node costs one
    // render, not two): kept in a cell, with a counter that redraws after a move by hand.
    let camera: Rc<RefCell<Option<Camera>>> = use_mut_ref(|| None);
    let moved = use_state(|| 0u64);
    let follow = use_state(|| true);
    let started_for = use_mut_ref(|| None::<u64>);
    let followed = use_mut_ref(|| None::<(Option<usize>, usize, (u64, u64))>);
    // The drawing's one tab stop (a scene index), and a node to give the focus to once drawn.
    let tab = use_state(|| 0usize);
    let pending_focus = use_state(|| None::<usize>);
    let gesture = use_mut_ref(|| Gesture::Idle);
    let pointers: Rc<RefCell<HashMap<i32, (f64, f64)>>> = use_mut_ref(HashMap::new);
    let suppress_click = use_mut_ref(|| false);
    let painted = use_mut_ref(|| None::<(usize, Camera, (f64, f64))>);

    // The frame's size: now, and whenever it changes (the window, or the frame's own height,
    // which follows the drawing's).
    {
        let (frame, size) = (frame.clone(), size.clone());
        use_effect_with(props.drawing, move |_| {
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
        use_effect_with(props.drawing, move |_| follow.set(true));
    }
    let frame_size = *size;
    if frame_size.0 > 0.0 {
        let mut cam = camera.borrow_mut();
        // A new tree: the camera starts afresh.
        if *started_for.borrow() != Some(props.drawing) {
            *started_for.borrow_mut() = Some(props.drawing);
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
            Rc::as_ptr(&scene) as usize,
            (frame_size.0.to_bits(), frame_size.1.to_bits()),
        );
        if *follow && *followed.borrow() != Some(inputs) {
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
    // A drag ends with a click on whatever is under the pointer: swallow it before it gets
    // there (a capture-phase listener, which `html!` cannot attach).
    {
        let (frame, suppress) = (frame.clone(), suppress_click.clone());
        use_effect_with((), move |_| {
            let listener = frame.cast::<web_sys::Element>().map(|el| {
                let options = gloo_events::EventListenerOptions {
                    phase: gloo_events::EventListenerPhase::Capture,
                    passive: false,
                };
                EventListener::new_with_options(&el, "click", options, move |e| {
                    if std::mem::take(&mut *suppress.borrow_mut()) {
                        e.stop_propagation();
                        e.prevent_default();
                    }
                })
            });
            move || drop(listener)
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

    // Specks on the canvas where the drawing is too small to read: all of them when the view
    // or the tree changed, only the changed ones when a step changed a few.
    {
        let (canvas, scene, painter, painted) = (
            canvas.clone(),
            scene.clone(),
            props.painter.clone(),
            painted.clone(),
        );
        let changed = props.changed.clone();
        let focus = props.focus;
        let sketch = !detail && has_camera;
        use_effect_with(
            (
                sketch,
                Rc::as_ptr(&scene) as usize,
                cam.x.to_bits(),
                cam.y.to_bits(),
                cam.scale.to_bits(),
                frame_size.0.to_bits(),
                frame_size.1.to_bits(),
                props.revision,
            ),
            move |_| {
                let now = (Rc::as_ptr(&scene) as usize, cam, frame_size);
                if !sketch {
                    *painted.borrow_mut() = None;
                    return;
                }
                let same = *painted.borrow() == Some(now);
                let only = if same { changed.clone() } else { None };
                paint(
                    &canvas,
                    &scene,
                    &*painter,
                    cam,
                    frame_size,
                    only.as_ref().map(|v| v.as_slice()),
                    focus,
                );
                *painted.borrow_mut() = Some(now);
            },
        );
    }

    // The drawing in SVG: nodes in view, the edges to them, and the edges out of view from
    // them.
    let painter = &props.painter;
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
    let onpointerdown = {
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
                    let v: Vec<(f64, f64)> = ps.values().copied().collect();
                    Gesture::Pinch {
                        distance: ((v[0].0 - v[1].0).hypot(v[0].1 - v[1].1)).max(1.0),
                        mid: ((v[0].0 + v[1].0) / 2.0, (v[0].1 + v[1].1) / 2.0),
                        from: cam,
                    }
                }
                _ => Gesture::Idle,
            };
        })
    };
    let onpointermove = {
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
                    let v: Vec<(f64, f64)> = ps.values().copied().collect();
                    let d = (v[0].0 - v[1].0).hypot(v[0].1 - v[1].1).max(1.0);
                    let m = ((v[0].0 + v[1].0) / 2.0, (v[0].1 + v[1].1) / 2.0);
                    move_to.emit(
                        from.zoom_at(d / distance, mid)
                            .pan(m.0 - mid.0, m.1 - mid.1),
                    );
                }
                _ => {}
            }
        })
    };
    let onpointerup = {
        let (gesture, pointers, suppress) =
            (gesture.clone(), pointers.clone(), suppress_click.clone());
        Callback::from(move |e: PointerEvent| {
            let mut ps = pointers.borrow_mut();
            ps.remove(&e.pointer_id());
            let g = *gesture.borrow();
            if matches!(g, Gesture::Drag { .. } | Gesture::Pinch { .. }) {
                *suppress.borrow_mut() = matches!(g, Gesture::Drag { .. }) || !ps.is_empty();
            }
            if ps.is_empty() {
                *gesture.borrow_mut() = Gesture::Idle;
            }
        })
    };
    let onwheel = {
        let (frame, move_to, scene) = (frame.clone(), move_to.clone(), scene.clone());
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
            let next = cam
                .pan(-dx, -dy)
                .clamp((scene.width, scene.height), frame_size);
            // At the drawing's edge the wheel scrolls the page instead.
            if next != cam {
                e.prevent_default();
                move_to.emit(next);
            }
        })
    };
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
            let parent = scene.nodes[at].parent;
            let siblings = parent.map(|p| scene.children[p].clone());
            let next = match e.key().as_str() {
                "ArrowUp" => parent,
                "ArrowDown" => {
                    Some(scene.children[at].start).filter(|_| !scene.children[at].is_empty())
                }
                "ArrowLeft" => siblings.filter(|r| at > r.start).map(|_| at - 1),
                "ArrowRight" => siblings.filter(|r| at + 1 < r.end).map(|_| at + 1),
                "Home" => Some(0),
                _ => return,
            };
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
    let zoom_by = |factor: f64| {
        let move_to = move_to.clone();
        Callback::from(move |_: MouseEvent| {
            move_to.emit(cam.zoom_at(factor, (frame_size.0 / 2.0, frame_size.1 / 2.0)))
        })
    };
    let on_actual = {
        let move_to = move_to.clone();
        Callback::from(move |_: MouseEvent| {
            move_to.emit(cam.zoom_at(1.0 / cam.scale, (frame_size.0 / 2.0, frame_size.1 / 2.0)))
        })
    };
    let on_fit = {
        let (camera_set, scene) = (camera_set.clone(), scene.clone());
        Callback::from(move |_: MouseEvent| {
            camera_set(Camera::fit((scene.width, scene.height), frame_size));
        })
    };
    let on_follow = {
        let (follow, followed) = (follow.clone(), followed.clone());
        Callback::from(move |_: MouseEvent| {
            // Following again brings the node into view at once.
            *followed.borrow_mut() = None;
            follow.set(!*follow);
        })
    };
    let percent = cam.scale * 100.0;
    let zoom_text = if percent >= 10.0 {
        format!("{}%", fixed(percent, 0))
    } else if percent >= 1.0 {
        format!("{}%", fixed(percent, 1))
    } else {
        format!("{}%", fixed(percent, 2))
    };
    let whole =
        view.x0 <= 0.0 && view.y0 <= 0.0 && view.x1 >= scene.width && view.y1 >= scene.height;
    html! {
        <div class="tree-view">
            <div class="view-tools" role="group" aria-label="View of the tree">
                <button type="button" aria-label="Zoom out" onclick={zoom_by(1.0 / 1.25)}>{ "−" }</button>
                <span class="zoom" aria-live="off">{ zoom_text }</span>
                <button type="button" aria-label="Zoom in" onclick={zoom_by(1.25)}>{ "+" }</button>
                <button type="button" aria-label="100%: actual size" onclick={on_actual}>{ "100%" }</button>
                <button type="button" aria-label="Fit to the frame" onclick={on_fit}>{ "Fit" }</button>
                if props.follows || props.focus.is_some() {
                    <button type="button" class="follow" aria-pressed={if *follow { "true" } else { "false" }}
                        title="Keep the search's current node in view" onclick={on_follow}>{ "Follow" }</button>
                }
                { props.children.clone() }
            </div>
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

/// The frame's height when nothing limits it: the drawing's height at the scale it starts at
/// (fitted to the frame's width when that is readable).
fn natural_height(scene: &Scene, frame_width: f64) -> f64 {
    let fitted = if frame_width > 0.0 && scene.width > 0.0 {
        (frame_width / scene.width).min(1.0)
    } else {
        1.0
    };
    let scale = if fitted >= readable(frame_width) {
        fitted
    } else {
        1.0
    };
    (scene.height * scale + 8.0).max(160.0)
}

/// Paints the nodes in view as specks (or only those with keys in `only`).
fn paint(
    canvas: &NodeRef,
    scene: &Scene,
    painter: &dyn Painter,
    cam: Camera,
    (w, h): (f64, f64),
    only: Option<&[usize]>,
    _focus: Option<usize>,
) {
    let Some(canvas) = canvas.cast::<web_sys::HtmlCanvasElement>() else {
        return;
    };
    let ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
    let (pw, ph) = ((w * ratio).round() as u32, (h * ratio).round() as u32);
    if only.is_none() && (canvas.width() != pw || canvas.height() != ph) {
        canvas.set_width(pw);
        canvas.set_height(ph);
    }
    let Some(ctx) = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
    else {
        return;
    };
    let _ = ctx.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
    let indices: Vec<usize> = match only {
        None => {
            ctx.clear_rect(0.0, 0.0, w, h);
            scene.within(&cam.view((w, h)), 60.0 / cam.scale)
        }
        Some(keys) => keys
            .iter()
            .filter_map(|&k| scene.index_of_key.get(k).copied().flatten())
            .map(|i| i as usize)
            .collect(),
    };
    // Edges, a path per colour.
    let mut by_colour: HashMap<&'static str, Vec<(f64, f64, f64, f64)>> = HashMap::new();
    for &i in &indices {
        let Some(p) = scene.nodes[i].parent else {
            continue;
        };
        let kind = painter.edge(scene, p, i);
        if let Some(colour) = kind.sketch() {
            let (a, b) = (&scene.nodes[p], &scene.nodes[i]);
            let (x0, y0) = cam.to_frame(a.x, a.y);
            let (x1, y1) = cam.to_frame(b.x, b.y);
            by_colour.entry(colour).or_default().push((x0, y0, x1, y1));
        }
    }
    ctx.set_line_width(if cam.scale < 0.05 { 0.5 } else { 1.0 });
    for (colour, lines) in &by_colour {
        ctx.set_stroke_style_str(colour);
        ctx.begin_path();
        for &(x0, y0, x1, y1) in lines {
            ctx.move_to(x0, y0);
            ctx.line_to(x1, y1);
        }
        ctx.stroke();
    }
    // Nodes, as small squares: at least a pixel and a half, so a fitted tree shows its shape.
    let speck = |half: f64| (2.0 * half * cam.scale).clamp(1.5, 24.0);
    for &i in &indices {
        let n = &scene.nodes[i];
        let sketch = painter.sketch(scene, i);
        let (x, y) = cam.to_frame(n.x, n.y);
        let s = speck(n.half_width.max(17.0));
        ctx.set_fill_style_str(sketch.line);
        ctx.fill_rect(x - s / 2.0, y - s / 2.0, s, s);
        if s > 4.0 {
            ctx.set_fill_style_str(sketch.fill);
            ctx.fill_rect(x - s / 2.0 + 1.0, y - s / 2.0 + 1.0, s - 2.0, s - 2.0);
        }
    }
}

#[derive(Properties)]
struct OverviewProps {
    scene: Rc<Scene>,
    view: Rect,
    focus: Option<usize>,
    frame: (f64, f64),
    camera: Camera,
    on_move: Callback<Camera>,
}

impl PartialEq for OverviewProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.scene, &other.scene)
            && self.view == other.view
            && self.focus == other.focus
            && self.frame == other.frame
            && self.camera == other.camera
            && self.on_move == other.on_move
    }
}

/// Width of the overview, in pixels (its height follows the tree's shape, within limits).
const OVERVIEW_WIDTH: f64 = 168.0;

/// The whole tree, small, with the part in view marked; a click moves the view there.
#[component]
fn Overview(props: &OverviewProps) -> Html {
    let canvas = use_node_ref();
    let scene = &props.scene;
    // Never more than about a third of the frame across, a quarter of it down.
    let most_w = OVERVIEW_WIDTH.min((props.frame.0 * 0.34).max(60.0)).round();
    let most_h = 110f64.min((props.frame.1 * 0.26).max(24.0));
    let (w, h) = (
        most_w,
        (most_w * scene.height / scene.width.max(1.0))
            .clamp(24.0, most_h)
            .round(),
    );
    let k = (w / scene.width.max(1.0)).min(h / scene.height.max(1.0));
    {
        let (canvas, scene) = (canvas.clone(), scene.clone());
        let size = (w as u32, h as u32);
        use_effect_with((Rc::as_ptr(&scene) as usize, size), move |_| {
            // After the drawing itself is painted; and thinned to what the overview's pixels
            // can show: per level, one edge per pixel column.
            let timer = gloo_timers::callback::Timeout::new(30, move || {
                let Some(c) = canvas.cast::<web_sys::HtmlCanvasElement>() else {
                    return;
                };
                let ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
                c.set_width((w * ratio) as u32);
                c.set_height((h * ratio) as u32);
                let Some(ctx) = c
                    .get_context("2d")
                    .ok()
                    .flatten()
                    .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
                else {
                    return;
                };
                let _ = ctx.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
                ctx.set_stroke_style_str("#8a93a3");
                ctx.set_line_width(1.0);
                ctx.begin_path();
                for level in &scene.levels {
                    let mut last = f64::NEG_INFINITY;
                    for n in &scene.nodes[level.clone()] {
                        let x = (n.x * k * ratio).floor();
                        let Some(p) = n.parent.filter(|_| x != last) else {
                            continue;
                        };
                        last = x;
                        let a = &scene.nodes[p];
                        ctx.move_to(a.x * k, a.y * k);
                        ctx.line_to(n.x * k, n.y * k);
                    }
                }
                ctx.stroke();
            });
            move || drop(timer)
        });
    }
    let v = &props.view;
    let clamp = |a: f64, lo: f64, hi: f64| a.max(lo).min(hi);
    let (x0, y0) = (clamp(v.x0 * k, 0.0, w), clamp(v.y0 * k, 0.0, h));
    let (x1, y1) = (clamp(v.x1 * k, 0.0, w), clamp(v.y1 * k, 0.0, h));
    let focus = props
        .focus
        .and_then(|key| scene.index_of_key.get(key).copied().flatten())
        .map(|i| &scene.nodes[i as usize]);
    let onclick = {
        let (on_move, camera, frame) = (props.on_move.clone(), props.camera, props.frame);
        Callback::from(move |e: MouseEvent| {
            e.stop_propagation();
            let (x, y) = (e.offset_x() as f64 / k, e.offset_y() as f64 / k);
            on_move.emit(camera.centred_on(x, y, frame));
        })
    };
    let stop = Callback::from(|e: PointerEvent| e.stop_propagation());
    html! {
        <div class="overview" style={format!("width:{}px;height:{}px", fixed(w, 0), fixed(h, 0))} onpointerdown={stop}
            title="The whole tree: click to move the view there">
            <canvas ref={canvas} style={format!("width:{}px;height:{}px", fixed(w, 0), fixed(h, 0))} {onclick} aria-hidden="true"></canvas>
            <div class="overview-view" aria-hidden="true"
                style={format!("left:{}px;top:{}px;width:{}px;height:{}px", fmt(x0), fmt(y0), fmt((x1 - x0).max(2.0)), fmt((y1 - y0).max(2.0)))}></div>
            if let Some(n) = focus {
                <div class="overview-focus" aria-hidden="true" style={format!("left:{}px;top:{}px", fmt(n.x * k - 3.0), fmt(n.y * k - 3.0))}></div>
            }
        </div>
    }
}
