//! What of the drawing is in view at a render: the camera, the nodes drawn, and whether they
//! are drawn readable or as specks.

use super::{CULL_ABOVE, PAD};
use arbor_app::camera::{content_area, Camera, DETAIL_SCALE};
use arbor_app::scene::{Rect, Scene};

/// What of the drawing is in view at a render, and how it is drawn.
pub(super) struct Sight {
    /// The camera (a default one until the frame is measured).
    pub cam: Camera,
    /// Whether the camera is set.
    pub has_camera: bool,
    /// The part of the drawing in the frame.
    pub view: Rect,
    /// Whether only the nodes in view are drawn (a big tree).
    pub culled: bool,
    /// Whether the nodes are drawn readable in SVG (else they are specks on the canvas).
    pub detail: bool,
    /// The scene indices of the nodes drawn, in order.
    pub visible: Vec<usize>,
}

impl Sight {
    /// What `camera` shows of `scene` in a frame of `frame_size`.
    pub(super) fn of(scene: &Scene, camera: Option<Camera>, frame_size: (f64, f64)) -> Sight {
        let has_camera = camera.is_some();
        let cam = camera.unwrap_or_default();
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
        Sight {
            cam,
            has_camera,
            view,
            culled,
            detail,
            visible,
        }
    }

    /// Whether the node at scene index `i` is drawn.
    pub(super) fn in_view(&self, i: usize) -> bool {
        !self.culled || self.visible.binary_search(&i).is_ok()
    }

    /// Whether the whole drawing is in the frame: at least every node with its words (the
    /// drawing's empty margins aside).
    pub(super) fn whole(&self, scene: &Scene) -> bool {
        // Within half a pixel: a view fitted to the drawing is whole, rounding aside.
        let e = 0.5;
        let covers = |r: &Rect| {
            self.view.x0 <= r.x0 + e
                && self.view.y0 <= r.y0 + e
                && self.view.x1 >= r.x1 - e
                && self.view.y1 >= r.y1 - e
        };
        // The drawing's bounds first: cheap, and enough for a fitted view.
        let bounds = Rect {
            x0: 0.0,
            y0: 0.0,
            x1: scene.width,
            y1: scene.height,
        };
        covers(&bounds) || covers(&content_area(scene))
    }

    /// The edges drawn (parent, child), when nodes are readable: to each node in view from
    /// its parent, and — in a big tree — from it to its children out of view.
    pub(super) fn edges(&self, scene: &Scene) -> Vec<(usize, usize)> {
        let mut edges: Vec<(usize, usize)> = Vec::new();
        if self.detail {
            for &i in &self.visible {
                if let Some(p) = scene.nodes[i].parent {
                    edges.push((p, i));
                }
                if self.culled {
                    for c in scene.children[i].clone() {
                        if !self.in_view(c) {
                            edges.push((i, c));
                        }
                    }
                }
            }
        }
        edges
    }
}
