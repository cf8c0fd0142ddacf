//! The view's camera between renders: started afresh for each new tree, following the focus
//! node (the path above it kept in view), moved by hand (which stops the following), fitted to
//! the frame, and the following turned on and off.

use super::DrawingId;
use arbor_app::camera::{
    first_view, follow_target, path_target, Camera, FOLLOW_MARGIN, LECTURE_SCALE,
};
use arbor_app::same::Same;
use arbor_app::scene::Scene;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// What the camera last followed: the focus node's key (and whether its whole path), the scene
/// and the frame's size (as bits).
type Followed = ((Option<usize>, bool), Same<Scene>, (u64, u64));

/// The page printing: the camera before it and what it followed then, to come back to; `back`
/// once the print is over (the frame may not have its screen size back yet).
#[derive(Clone)]
struct Printing {
    camera: Option<Camera>,
    followed: Option<Followed>,
    back: bool,
}

/// What the camera was started for: the drawing, the frame's size (as bits), the moves made.
type Started = (DrawingId, (u64, u64), u64);

/// The camera and its following, kept between renders. The camera is worked out while drawing
/// (a step that moves the followed node costs one render, not two): kept in a cell, with a
/// counter that redraws after a move by hand.
pub(super) struct CameraState {
    camera: Rc<RefCell<Option<Camera>>>,
    moved: UseStateHandle<u64>,
    follow: UseStateHandle<bool>,
    /// The drawing the camera was started for, the frame's size then (as bits) and the count
    /// of moves then: while nothing has moved it, a new frame size starts it again.
    started_for: Rc<RefCell<Option<Started>>>,
    followed: Rc<RefCell<Option<Followed>>>,
    /// While the page prints (the print fits the whole drawing), and until the frame is back
    /// at its screen size after it.
    printing: Rc<RefCell<Option<Printing>>>,
}

/// The camera of the view of `drawing`: a new drawing follows the search again.
#[hook]
pub(super) fn use_camera(drawing: &DrawingId) -> CameraState {
    let state = CameraState {
        camera: use_mut_ref(|| None),
        moved: use_state(|| 0u64),
        follow: use_state(|| true),
        started_for: use_mut_ref(|| None),
        followed: use_mut_ref(|| None),
        printing: use_mut_ref(|| None),
    };
    // A new tree follows the search again.
    {
        let follow = state.follow.clone();
        use_effect_with(drawing.clone(), move |_| follow.set(true));
    }
    state
}

impl CameraState {
    /// The camera now, once the frame has been measured.
    pub(super) fn get(&self) -> Option<Camera> {
        *self.camera.borrow()
    }

    /// Whether the view follows the focus node.
    pub(super) fn following(&self) -> bool {
        *self.follow
    }

    /// Works the camera out for this render, in a frame of `frame_size` (measured): afresh for
    /// a new drawing, then, while following, with the `focus` node and the path above it in
    /// view (all of it if `whole_path`).
    pub(super) fn update(
        &self,
        scene: &Rc<Scene>,
        drawing: &DrawingId,
        (focus, whole_path): (Option<usize>, bool),
        frame_size: (f64, f64),
    ) {
        let mut cam = self.camera.borrow_mut();
        // A new tree, or a new frame size before anything moved the view (a scroll bar came,
        // the window turned): the camera starts afresh.
        let size = (frame_size.0.to_bits(), frame_size.1.to_bits());
        let start = match self.started_for.borrow().as_ref() {
            Some((d, s, moves)) if d == drawing => *s != size && *moves == *self.moved,
            _ => true,
        };
        let inputs = (
            (focus, whole_path),
            Same::of(scene),
            (frame_size.0.to_bits(), frame_size.1.to_bits()),
        );
        let index = focus
            .and_then(|key| scene.index_of_key.get(key).copied().flatten())
            .map(|i| i as usize);
        // While the page prints, the whole drawing, in whatever frame the paper gives; after,
        // the camera as it was, kept until the frame has its screen size back (or the view
        // moves on), so that the frame's return does not move it.
        let printing = self.printing.borrow().clone();
        if let Some(p) = printing {
            if !p.back {
                *cam = Some(Camera::fit((scene.width, scene.height), frame_size));
                return;
            }
            *cam = p.camera;
            // Back at the frame's screen size, the camera stays as it was: what it follows now
            // is taken as followed (even if the drawing was measured again for the paper). A
            // step taken meanwhile is followed as usual.
            let stepped = p.followed.as_ref().is_some_and(|f| f.0 != inputs.0);
            let back = p.followed.as_ref().is_none_or(|f| f.2 == inputs.2);
            if !stepped && !back {
                return;
            }
            *self.followed.borrow_mut() = if stepped {
                p.followed
            } else {
                Some(inputs.clone())
            };
            *self.printing.borrow_mut() = None;
        }
        if start {
            *self.started_for.borrow_mut() = Some((drawing.clone(), size, *self.moved));
            // With the focus node's whole path in view (the overview is hidden at first: no
            // corner); following starts from there.
            let first = first_view(scene, frame_size, 0.0, index, whole_path);
            // In lecture mode a tree that fits is drawn as large as the screen allows.
            *cam = Some(if first.whole && crate::url::presenting() {
                Camera::fit_at_most((scene.width, scene.height), frame_size, LECTURE_SCALE)
            } else {
                first.camera
            });
            *self.followed.borrow_mut() = Some(inputs);
            return;
        }
        // Following: the focus node and the path above it stay in view.
        if *self.follow && self.followed.borrow().as_ref() != Some(&inputs) {
            *self.followed.borrow_mut() = Some(inputs);
            if let (Some(c), Some(index)) = (*cam, index) {
                let target = if whole_path {
                    path_target(scene, index, frame_size, c.scale, true)
                } else {
                    follow_target(scene, index, frame_size, c.scale)
                };
                *cam = Some(
                    c.follow(&target, frame_size, FOLLOW_MARGIN)
                        .settle((scene.width, scene.height), frame_size),
                );
            }
        }
    }

    /// Sets the camera and redraws.
    pub(super) fn setter(&self) -> impl Fn(Camera) + Clone + 'static {
        let (camera, moved) = (self.camera.clone(), self.moved.clone());
        move |next: Camera| {
            *camera.borrow_mut() = Some(next);
            moved.set(*moved + 1);
        }
    }

    /// Moves the camera by hand (kept on the drawing): the following stops.
    pub(super) fn move_by_hand(
        &self,
        scene: &Rc<Scene>,
        frame_size: (f64, f64),
    ) -> Callback<Camera> {
        let (camera_set, follow, scene) = (self.setter(), self.follow.clone(), scene.clone());
        Callback::from(move |next: Camera| {
            follow.set(false);
            camera_set(next.clamp((scene.width, scene.height), frame_size));
        })
    }

    /// Fits the whole drawing in the frame.
    pub(super) fn on_fit(&self, scene: &Rc<Scene>, frame_size: (f64, f64)) -> Callback<()> {
        let (camera_set, scene) = (self.setter(), scene.clone());
        Callback::from(move |()| camera_set(Camera::fit((scene.width, scene.height), frame_size)))
    }

    /// Printing: the whole drawing while the page prints (`fit`), then the camera as it was
    /// (`restore`). Each marks the state and redraws; [`CameraState::update`] places the camera.
    pub(super) fn on_print(&self) -> (Callback<()>, Callback<()>) {
        let fit = {
            let (camera, followed) = (self.camera.clone(), self.followed.clone());
            let (printing, moved) = (self.printing.clone(), self.moved.clone());
            Callback::from(move |()| {
                let mut p = printing.borrow_mut();
                match p.as_mut() {
                    Some(p) => p.back = false,
                    None => {
                        *p = Some(Printing {
                            camera: *camera.borrow(),
                            followed: followed.borrow().clone(),
                            back: false,
                        })
                    }
                }
                moved.set(*moved + 1);
            })
        };
        let (printing, moved) = (self.printing.clone(), self.moved.clone());
        let restore = Callback::from(move |()| {
            if let Some(p) = printing.borrow_mut().as_mut() {
                p.back = true;
            }
            moved.set(*moved + 1);
        });
        (fit, restore)
    }

    /// Turns the following on or off.
    pub(super) fn on_follow(&self) -> Callback<()> {
        let (follow, followed) = (self.follow.clone(), self.followed.clone());
        Callback::from(move |()| {
            // Following again brings the node into view at once.
            *followed.borrow_mut() = None;
            follow.set(!*follow);
        })
    }
}
