//! A tree as a class looks at it: a frame onto the drawing that follows the search, at any
//! size. Only the nodes in view are drawn as SVG (a tree of 100,000 nodes costs what a
//! screenful costs); where the drawing is too small to read, nodes are specks on a canvas, so
//! "Fit" shows a whole large tree as its shape. An overview in the corner shows the whole tree
//! and the part in view, and moves the view where it is clicked. Dragging, swiping, the wheel,
//! pinching and the zoom buttons move the camera; moving it by hand stops the following until
//! Follow is pressed again.

pub(crate) mod canvas;
mod follow;
pub(crate) mod frame;
pub(crate) mod gestures;
mod keys;
mod overview;
mod sight;
pub(crate) mod tools;

use frame::Frame;

use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use yew::prelude::*;

use crate::components::tree_svg::{EdgeKind, Look, NodeView, Sketch};
use arbor_app::same::Same;
use arbor_app::scene::Scene;

/// Trees with more drawn nodes than this draw only what is in view.
pub const CULL_ABOVE: usize = 1_500;
/// Scene units drawn beyond the frame's edges, so nodes slide in whole.
pub(super) const PAD: f64 = 120.0;

/// The looks of a drawing's nodes at one moment: any node's look on demand (by key), a number
/// that changes whenever a look may have, and — when known — the keys whose looks changed
/// since the last number (the rest are redrawn only if unknown).
pub struct Looks<L> {
    /// A node's look, by key.
    pub get: Rc<dyn Fn(usize) -> L>,
    /// Changes with every change of a look: from [`next_revision`], so no two looks share one.
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

/// A revision no looks had before (see [`Looks::revision`]).
pub fn next_revision() -> u64 {
    thread_local!(static REVISION: std::cell::Cell<u64> = const { std::cell::Cell::new(0) });
    REVISION.with(|r| {
        r.set(r.get() + 1);
        r.get()
    })
}

/// Which tree a view draws: when it changes, the view starts afresh (its camera fitted again).
/// A tree held by identity (never by an address, which a freed tree leaves to the next one:
/// see [`arbor_app::same`]), or a key of the caller's.
#[derive(Clone, PartialEq)]
pub enum DrawingId {
    /// This value, by identity.
    Of(Same<dyn Any>),
    /// A key that changes with the drawing.
    Key(u64),
}

impl DrawingId {
    /// The drawing of this value (by identity).
    pub fn of<T: Any>(value: &Rc<T>) -> DrawingId {
        DrawingId::Of(Same(value.clone() as Rc<dyn Any>))
    }
}

impl<L: Look> Looks<L> {
    /// The looks listed by key (a key past the end looks plain), as a new revision: for small
    /// drawings whose looks are computed whole (every node in view is redrawn).
    pub fn of(marks: Vec<L>) -> Self {
        Looks {
            get: Rc::new(move |k: usize| marks.get(k).cloned().unwrap_or_default()),
            revision: next_revision(),
            changed: None,
        }
    }
}

/// The node a stepped search's view follows: the current node, or, once the search is over,
/// the last node of its answer path (then drawn with `whole_path`).
pub fn search_focus(
    finished: bool,
    principal: &[arbor_game::NodeId],
    current: Option<arbor_game::NodeId>,
) -> Option<usize> {
    if finished {
        principal.last().map(|n| n.index())
    } else {
        current.map(|n| n.index())
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
    pub drawing: DrawingId,
    /// The key of the node to keep in view, with the path above it (the search's current node).
    #[prop_or_default]
    pub focus: Option<usize>,
    /// Keep the focus node's whole path up to the root in view, zoomed out for if need be (the
    /// answer path of a finished search), not only the node and the ancestors that fit.
    #[prop_or_default]
    pub whole_path: bool,
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
            && self.whole_path == other.whole_path
            && self.follows == other.follows
            && self.title == other.title
            && self.on_leaf == other.on_leaf
            && self.on_inner == other.on_inner
            && self.all_buttons == other.all_buttons
            && self.children == other.children
    }
}

/// The frame's size in CSS pixels.
pub(super) fn measure(frame: &NodeRef) -> (f64, f64) {
    frame
        .cast::<web_sys::Element>()
        .map(|el| (el.client_width() as f64, el.client_height() as f64))
        .unwrap_or((0.0, 0.0))
}

/// A drawing's looks whatever their type, for the view's one body (the bulk of the view is
/// compiled once, not once per kind of look).
pub(super) trait Painter {
    /// The edge from the node at scene index `parent` to the one at `child`.
    fn edge(&self, scene: &Scene, parent: usize, child: usize) -> EdgeKind;
    /// Where that edge is drawn.
    fn ends(&self, scene: &Scene, parent: usize, child: usize) -> ((f64, f64), (f64, f64));
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

    fn ends(&self, scene: &Scene, parent: usize, child: usize) -> ((f64, f64), (f64, f64)) {
        L::ends(&scene.nodes[parent], &scene.nodes[child])
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
#[derive(Properties, PartialEq)]
pub(super) struct FrameProps {
    scene: SameScene,
    painter: AnyPainter,
    /// Which looks the painter draws: their revision, which no other looks share.
    revision: u64,
    changed: Option<Rc<Vec<usize>>>,
    drawing: DrawingId,
    focus: Option<usize>,
    whole_path: bool,
    follows: bool,
    title: AttrValue,
    on_leaf: Option<Callback<usize>>,
    on_inner: Option<Callback<usize>>,
    all_buttons: bool,
    children: Html,
}

/// A scene compared by identity: the same placed tree, not an equal one.
pub(super) type SameScene = Same<Scene>;

/// The painter, never compared: the looks' identity and revision say when it draws anew.
#[derive(Clone)]
pub(super) struct AnyPainter(pub Rc<dyn Painter>);

impl PartialEq for AnyPainter {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// A drawing, in its frame.
#[component]
pub fn TreeView<L: Look>(props: &TreeViewProps<L>) -> Html {
    crate::renders::count("TreeView");
    let painter: Rc<dyn Painter> = Rc::new(Cached {
        looks: props.looks.clone(),
        seen: RefCell::new(HashMap::new()),
    });
    html! {
        <Frame scene={Same(props.scene.clone())} painter={AnyPainter(painter)}
            revision={props.looks.revision} changed={props.looks.changed.clone()}
            drawing={props.drawing.clone()} focus={props.focus} whole_path={props.whole_path} follows={props.follows}
            title={props.title.clone()} on_leaf={props.on_leaf.clone()} on_inner={props.on_inner.clone()}
            all_buttons={props.all_buttons}>
            { props.children.clone() }
        </Frame>
    }
}
