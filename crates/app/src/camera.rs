//! Where a tree drawing is looked at from: the part of the scene a frame shows, and how it
//! moves — fit, zoom about a point, pan, and follow a node so that it stays in view. Pure and
//! tested natively; the tree view only turns a camera into a transform.
//!
//! A large tree is far wider than tall (15,625 leaves side by side): fitted at one scale it
//! would be a line. Below [`DETAIL_SCALE`], where nodes are specks anyway, the drawing may be
//! stretched upright — its vertical scale is kept up to `DETAIL_SCALE` while the horizontal one
//! shrinks — so a fitted tree shows its shape. At readable scales both are equal.

use crate::scene::{fold_top, shape_reach, type_size, Rect, Scene, FOLD_HEIGHT, PICTURES_BOTTOM};
use arbor_util::clamp;

/// The smallest and largest scale offered (a fitted 100,000-node tree is far smaller than 1%).
pub const MIN_SCALE: f64 = 1e-5;
/// The largest scale.
pub const MAX_SCALE: f64 = 4.0;
/// The largest scale lecture mode draws a whole tree at, to fill a projector's screen.
pub const LECTURE_SCALE: f64 = 2.0;
/// Below this scale nodes are too small to read: they are drawn as specks, and the drawing
/// may be stretched upright.
pub const DETAIL_SCALE: f64 = 0.3;

/// Pixels kept free around the followed node and the path above it.
pub const FOLLOW_MARGIN: f64 = 28.0;

/// The least size, in screen pixels, of any word on a tree at first sight.
pub const READABLE_PX: f64 = 11.0;
/// The least scale at which every word drawn on a tree is [`READABLE_PX`] on screen: the
/// smallest type drawn is a node's name.
pub const READABLE_SCALE: f64 = READABLE_PX / type_size::SMALL;

/// What a new drawing opens on: see [`first_view`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FirstView {
    /// The camera.
    pub camera: Camera,
    /// Whether the whole drawing is in view.
    pub whole: bool,
    /// How many levels, from the root, are in view whole (all of them if `whole`).
    pub levels: usize,
}

/// Pixels kept free around the root and the focus node's path in the first view.
pub const FIRST_MARGIN: f64 = 8.0;

/// The first view of a drawing in a frame of `frame` pixels, whose bottom `corner` pixels may
/// be covered (the overview sits there when part of the tree is out of view):
///
/// - the whole tree, if every word stays readable ([`READABLE_SCALE`]) — never above 100%;
/// - otherwise the root and as many levels below it as fit whole at a readable scale, at the
///   top of the frame and clear of the corner;
/// - either way, the node at `focus` (a scene index) in view with its whole path up to the
///   root, and its children if `answer` (see [`path_target`]): zoomed out for it if it does not
///   fit readably (the root and the current node are never outside the frame; the view then
///   says it is drawn small).
pub fn first_view(
    scene: &Scene,
    frame: (f64, f64),
    corner: f64,
    focus: Option<usize>,
    answer: bool,
) -> FirstView {
    let (w, h) = frame;
    let levels = scene.levels.len();
    // Every node with its words (the drawing's margins may be left out).
    let content = content_area(scene);
    let whole = (w / (content.x1 - content.x0).max(1.0))
        .min(h / (content.y1 - content.y0).max(1.0))
        .min(1.0);
    if whole >= READABLE_SCALE || levels <= 1 {
        // Centred; the whole drawing if it fits at that scale too.
        let (cx, cy) = if w / whole >= scene.width && h / whole >= scene.height {
            (scene.width / 2.0, scene.height / 2.0)
        } else {
            (
                (content.x0 + content.x1) / 2.0,
                (content.y0 + content.y1) / 2.0,
            )
        };
        return FirstView {
            camera: Camera::centred(cx, cy, whole, frame),
            whole: true,
            levels,
        };
    }
    // The room for nodes: above the corner (never less than half the frame).
    let room = (w, (h - corner).max(h / 2.0));
    let (mut camera, shown) = top_levels(scene, room, w);
    if let Some(i) = focus.filter(|&i| i < scene.nodes.len()) {
        // The node and its path up to the root (its answer, if `answer`), zoomed out for if
        // need be.
        let target = path_target(scene, i, room, camera.scale, answer);
        camera = camera.showing(&target, room, FIRST_MARGIN);
    }
    FirstView {
        camera,
        whole: false,
        levels: shown,
    }
}

/// The root and as many levels below it as fit whole in `room` at a readable scale (the first
/// level whatever its scale): a camera at the top of a frame `w` wide, centred on them, and how
/// many levels it shows.
fn top_levels(scene: &Scene, room: (f64, f64), w: f64) -> (Camera, usize) {
    let mut shown = 0;
    let mut scale = 1.0;
    let mut rect = Rect::default();
    // From just above the root (the drawing's top margin left out).
    let top = (node_area(&scene.nodes[0], true).y0 - FIRST_MARGIN).max(0.0);
    let mut band = Rect {
        x0: f64::INFINITY,
        y0: top,
        x1: f64::NEG_INFINITY,
        y1: 0.0,
    };
    for (d, level) in scene.levels.iter().enumerate() {
        // Each node with its outline and its name (on its left: a letter or two).
        for n in &scene.nodes[level.clone()] {
            let area = node_area(n, false);
            band.x0 = band.x0.min(area.x0).max(0.0);
            band.x1 = band.x1.max(area.x1).min(scene.width);
        }
        // Down to just above the next level's words, or the drawing's foot.
        band.y1 = scene
            .levels
            .get(d + 1)
            .map_or(scene.height, |next| scene.nodes[next.start].y - 40.0);
        let s = (room.0 / (band.x1 - band.x0).max(1.0))
            .min(room.1 / (band.y1 - top).max(1.0))
            .min(1.0);
        if d > 0 && s < READABLE_SCALE {
            break;
        }
        (shown, scale, rect) = (d + 1, s, band);
    }
    let camera = Camera {
        x: (rect.x0 + rect.x1) / 2.0 - w / 2.0 / scale,
        y: top,
        scale,
        vscale: scale,
    };
    (camera, shown)
}

/// The part of the scene around node `n` that keeps its words: its outline with its name on
/// the left, on the right (if `words`) its (α, β) window, and below it its picture or fold
/// mark. A node not sized by its values (a search tree's box, `half_width` 0) keeps room for
/// a box and its costs below it.
pub fn node_area(n: &crate::scene::SceneNode, words: bool) -> Rect {
    if n.half_width == 0.0 {
        return Rect {
            x0: n.x - 44.0,
            y0: n.y - 40.0,
            x1: n.x + 44.0,
            y1: n.y + if words { 62.0 } else { 30.0 },
        };
    }
    let (up, mut down) = shape_reach(n.shape);
    if n.picture.is_some() {
        down = down.max(PICTURES_BOTTOM);
    }
    if n.hidden > 0 {
        down = down.max(fold_top(n.picture.is_some()) + FOLD_HEIGHT);
    }
    let half = n.half_width.max(17.0);
    Rect {
        x0: n.x - half - 24.0,
        y0: n.y - up - 2.0,
        x1: n.x + half + if words { 50.0 } else { 6.0 },
        y1: n.y + down + 2.0,
    }
}

/// The least scale the first view and a finished search's answer zoom out to, to keep a path
/// from the root in view: below it nodes are specks, so a path that needs more (a deep node
/// far across a wide tree in a phone's frame) gives way to the node and the ancestors that fit
/// ([`follow_target`]), with the edges up to the root showing the way.
pub const PATH_FLOOR: f64 = DETAIL_SCALE;

/// The scale at which `target` fits `room` with `margin` pixels to spare on every side.
pub fn scale_to_fit(target: &Rect, room: (f64, f64), margin: f64) -> f64 {
    ((room.0 - 2.0 * margin) / (target.x1 - target.x0).max(1e-9))
        .min((room.1 - 2.0 * margin) / (target.y1 - target.y0).max(1e-9))
}

/// What to keep in view around the node at scene index `i`: its whole path up to the root
/// (with its children too if `answer`: a finished search's answer, whose last node's outcomes
/// make its value), if that fits `room` at [`PATH_FLOOR`] or more; else the node with the
/// ancestors that fit at `scale` ([`follow_target`]).
pub fn path_target(scene: &Scene, i: usize, room: (f64, f64), scale: f64, answer: bool) -> Rect {
    let path = if answer {
        answer_area(scene, i)
    } else {
        path_area(scene, i)
    };
    if scale_to_fit(&path, room, FIRST_MARGIN) >= PATH_FLOOR {
        path
    } else {
        follow_target(scene, i, room, scale.max(READABLE_SCALE))
    }
}

/// The answer a finished search shows: the path from the root to the node at scene index `i`
/// ([`path_area`]) and that node's children (a chance node's outcomes, which make its value).
pub fn answer_area(scene: &Scene, i: usize) -> Rect {
    let all = scene.children[i]
        .clone()
        .map(|c| node_area(&scene.nodes[c], false))
        .fold(path_area(scene, i), |a, b| a.union(&b));
    within(scene, all)
}

/// `r` within the drawing: its margins hold the words of the nodes at its edges.
fn within(scene: &Scene, r: Rect) -> Rect {
    Rect {
        x0: r.x0.max(0.0),
        y0: r.y0.max(0.0),
        x1: r.x1.min(scene.width),
        y1: r.y1.min(scene.height),
    }
}

/// Every node of the scene with its words, within the drawing.
pub fn content_area(scene: &Scene) -> Rect {
    let all = scene
        .nodes
        .iter()
        .map(|n| node_area(n, true))
        .reduce(|a, b| a.union(&b))
        .unwrap_or_default();
    within(scene, all)
}

/// The node at scene index `i` and every node on its path up to the root, with their words.
pub fn path_area(scene: &Scene, i: usize) -> Rect {
    let mut rect = node_area(&scene.nodes[i], true);
    let mut at = scene.nodes[i].parent;
    while let Some(p) = at {
        rect = rect.union(&node_area(&scene.nodes[p], true));
        at = scene.nodes[p].parent;
    }
    within(scene, rect)
}

/// A view of the scene: the scene point at the frame's top left, and pixels per scene unit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// Scene x at the frame's left edge.
    pub x: f64,
    /// Scene y at the frame's top edge.
    pub y: f64,
    /// Frame pixels per scene pixel, across.
    pub scale: f64,
    /// Frame pixels per scene pixel, upright: equal to `scale` at readable scales, at most
    /// [`DETAIL_SCALE`] when larger.
    pub vscale: f64,
}

impl Default for Camera {
    fn default() -> Self {
        Camera {
            x: 0.0,
            y: 0.0,
            scale: 1.0,
            vscale: 1.0,
        }
    }
}

/// The upright scale that goes with `scale`, keeping `wanted` (the last upright scale) while
/// the drawing is too small to read.
fn upright(scale: f64, wanted: f64) -> f64 {
    if scale >= DETAIL_SCALE {
        scale
    } else {
        wanted.min(DETAIL_SCALE).max(scale)
    }
}

impl Camera {
    /// The part of the scene a frame of `size` (pixels) shows.
    pub fn view(&self, (w, h): (f64, f64)) -> Rect {
        Rect {
            x0: self.x,
            y0: self.y,
            x1: self.x + w / self.scale,
            y1: self.y + h / self.vscale,
        }
    }

    /// The whole scene (`width` × `height`) in the frame, centred, at whatever scale that
    /// takes (stretched upright to fill the frame's height, if it is too small to read).
    pub fn fit((width, height): (f64, f64), frame: (f64, f64)) -> Camera {
        let tall = frame.1 / height.max(1.0);
        let scale = clamp((frame.0 / width.max(1.0)).min(tall), MIN_SCALE, MAX_SCALE);
        let vscale = upright(scale, tall);
        Camera {
            x: width / 2.0 - frame.0 / 2.0 / scale,
            y: height / 2.0 - frame.1 / 2.0 / vscale,
            scale,
            vscale,
        }
    }

    /// [`Camera::fit`], at a scale of at most `most` (lecture mode enlarges a tree that fits,
    /// within reason).
    pub fn fit_at_most(size: (f64, f64), frame: (f64, f64), most: f64) -> Camera {
        let fit = Camera::fit(size, frame);
        if fit.scale <= most && fit.vscale <= most {
            return fit;
        }
        let (scale, vscale) = (fit.scale.min(most), fit.vscale.min(most));
        Camera {
            x: size.0 / 2.0 - frame.0 / 2.0 / scale,
            y: size.1 / 2.0 - frame.1 / 2.0 / vscale,
            scale,
            vscale,
        }
    }

    /// Centred on scene point (`cx`, `cy`) at `scale`.
    pub fn centred(cx: f64, cy: f64, scale: f64, (w, h): (f64, f64)) -> Camera {
        Camera {
            x: cx - w / 2.0 / scale,
            y: cy - h / 2.0 / scale,
            scale,
            vscale: scale,
        }
    }

    /// The same scales, centred on scene point (`cx`, `cy`).
    pub fn centred_on(&self, cx: f64, cy: f64, (w, h): (f64, f64)) -> Camera {
        Camera {
            x: cx - w / 2.0 / self.scale,
            y: cy - h / 2.0 / self.vscale,
            ..*self
        }
    }

    /// Zoomed by `factor` about the frame point `(px, py)` (pixels from its top left), which
    /// stays where it is.
    pub fn zoom_at(&self, factor: f64, (px, py): (f64, f64)) -> Camera {
        let scale = clamp(self.scale * factor, MIN_SCALE, MAX_SCALE);
        let vscale = upright(scale, self.vscale * factor.max(1.0));
        let (sx, sy) = self.to_scene(px, py);
        Camera {
            x: sx - px / scale,
            y: sy - py / vscale,
            scale,
            vscale,
        }
    }

    /// Moved so the drawing follows a drag of (`dx`, `dy`) pixels.
    pub fn pan(&self, dx: f64, dy: f64) -> Camera {
        Camera {
            x: self.x - dx / self.scale,
            y: self.y - dy / self.vscale,
            ..*self
        }
    }

    /// Kept so that the scene never leaves the frame entirely: at least a quarter of the frame
    /// (or the whole scene, if smaller) stays on the drawing.
    pub fn clamp(&self, (width, height): (f64, f64), (w, h): (f64, f64)) -> Camera {
        let (vw, vh) = (w / self.scale, h / self.vscale);
        let keep_x = (vw / 4.0).min(width);
        let keep_y = (vh / 4.0).min(height);
        Camera {
            x: clamp(self.x, keep_x - vw, width - keep_x),
            y: clamp(self.y, keep_y - vh, height - keep_y),
            ..*self
        }
    }

    /// Along each axis on which the whole drawing fits in the view, the view keeps all of it
    /// (moved as little as it takes); along the others, unchanged. Following a node near an
    /// edge then never pushes part of a drawing that fits out of the frame.
    pub fn settle(&self, (width, height): (f64, f64), (w, h): (f64, f64)) -> Camera {
        let (vw, vh) = (w / self.scale, h / self.vscale);
        let keep = |at: f64, size: f64, room: f64| {
            if room >= size {
                clamp(at, size - room, 0.0)
            } else {
                at
            }
        };
        Camera {
            x: keep(self.x, width, vw),
            y: keep(self.y, height, vh),
            ..*self
        }
    }

    /// A move that brings `target` (scene units) into the frame with `margin` pixels to spare:
    /// none if it is in view; a pan centring it on each axis it pokes out of, if it fits;
    /// otherwise zoomed out until it does (never in).
    pub fn follow(&self, target: &Rect, frame: (f64, f64), margin: f64) -> Camera {
        let (w, h) = frame;
        let need = (
            (target.x1 - target.x0).max(0.0),
            (target.y1 - target.y0).max(0.0),
        );
        let room = ((w - 2.0 * margin).max(1.0), (h - 2.0 * margin).max(1.0));
        let scale = self.scale.min(room.0 / need.0.max(1e-9)).max(MIN_SCALE);
        let vscale = upright(scale, self.vscale)
            .min(room.1 / need.1.max(1e-9))
            .max(MIN_SCALE);
        // Upright, never below the scale across, unless the target's height forces it.
        let scale = scale.min(vscale);
        let (mx, my) = (margin / scale, margin / vscale);
        let (vw, vh) = (w / scale, h / vscale);
        // Keep the camera where it is unless the target pokes out of the view; then centre the
        // target on that axis (a search moves on from there in any direction, so the view moves
        // once per screenful, not at every step, and the node is never left at the frame's edge).
        let x = if scale != self.scale || self.x > target.x0 - mx || self.x + vw < target.x1 + mx {
            (target.x0 + target.x1) / 2.0 - vw / 2.0
        } else {
            self.x
        };
        let y = if vscale != self.vscale || self.y > target.y0 - my || self.y + vh < target.y1 + my
        {
            (target.y0 + target.y1) / 2.0 - vh / 2.0
        } else {
            self.y
        };
        Camera {
            x,
            y,
            scale,
            vscale,
        }
    }

    /// Moved as little as it takes to show `target` (scene units) within `room` (the frame's
    /// top-left part, pixels) with `m` pixels to spare; zoomed out first if it does not fit at
    /// this scale.
    pub fn showing(&self, target: &Rect, room: (f64, f64), m: f64) -> Camera {
        let need = (target.x1 - target.x0, target.y1 - target.y0);
        let scale = self
            .scale
            .min((room.0 - 2.0 * m).max(1.0) / need.0.max(1e-9))
            .min((room.1 - 2.0 * m).max(1.0) / need.1.max(1e-9))
            .max(MIN_SCALE);
        let (vw, vh) = (room.0 / scale, room.1 / scale);
        let (mx, my) = (m / scale, m / scale);
        // At this scale, the view's corner kept, moved only as far as the target needs;
        // zoomed out, the target centred across and at the top.
        let (x, y) = if scale < self.scale {
            ((target.x0 + target.x1 - vw) / 2.0, target.y0 - my)
        } else {
            (
                self.x.min(target.x0 - mx).max(target.x1 + mx - vw),
                self.y.min(target.y0 - my).max(target.y1 + my - vh),
            )
        };
        Camera {
            x,
            y,
            scale,
            vscale: scale,
        }
    }

    /// The frame point (pixels) showing scene point (`x`, `y`).
    pub fn to_frame(&self, x: f64, y: f64) -> (f64, f64) {
        ((x - self.x) * self.scale, (y - self.y) * self.vscale)
    }

    /// The scene point a frame point (pixels) shows.
    pub fn to_scene(&self, px: f64, py: f64) -> (f64, f64) {
        (self.x + px / self.scale, self.y + py / self.vscale)
    }
}

/// The area around a node that following keeps in view: the node with room for its words, and
/// its parent and grandparent as far as they fit in the frame at the present scale (following
/// never zooms out for them: in a wide tree an ancestor can be thousands of pixels away, and the
/// edges up to it show the way).
pub fn follow_target(scene: &Scene, index: usize, frame: (f64, f64), scale: f64) -> Rect {
    let area = |i: usize, words_below: bool| node_area(&scene.nodes[i], words_below);
    let union = |a: Rect, b: Rect| a.union(&b);
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

#[cfg(test)]
mod tests {
    use super::*;
    use arbor_game::RandomSpec;

    fn inside(outer: &Rect, inner: &Rect) -> bool {
        inner.x0 >= outer.x0 - 1e-6
            && inner.x1 <= outer.x1 + 1e-6
            && inner.y0 >= outer.y0 - 1e-6
            && inner.y1 <= outer.y1 + 1e-6
    }

    /// Following a target always leaves it in view (with the margin), moves not at all when it
    /// is already in view, and never zooms in.
    #[test]
    fn settling_keeps_a_drawing_that_fits_whole() {
        let frame = (400.0, 300.0);
        // 200 × 250 fits at scale 1: pushed down by 40, it comes back to show all of it.
        let c = Camera {
            x: -50.0,
            y: 40.0,
            scale: 1.0,
            vscale: 1.0,
        }
        .settle((200.0, 250.0), frame);
        let v = c.view(frame);
        assert!(
            v.x0 <= 0.0 && v.x1 >= 200.0 && v.y0 <= 0.0 && v.y1 >= 250.0,
            "{v:?}"
        );
        assert_eq!(c.x, -50.0, "already whole across: not moved");
        // Too tall to fit: the height is left alone, the width still kept whole.
        let c = Camera {
            x: 30.0,
            y: 500.0,
            scale: 1.0,
            vscale: 1.0,
        }
        .settle((200.0, 900.0), frame);
        assert_eq!((c.x, c.y), (0.0, 500.0));
    }

    #[test]
    fn following_keeps_the_target_in_view() {
        let mut rng = arbor_util::SplitMix64(9);
        let frame = (640.0, 480.0);
        for _ in 0..2000 {
            let scale = [0.05, 0.3, 1.0, 2.0][rng.range(0, 3) as usize];
            let cam = Camera {
                x: rng.range(-2000, 50_000) as f64,
                y: rng.range(-500, 3000) as f64,
                scale,
                vscale: upright(scale, 0.2),
            };
            let (x0, y0) = (rng.range(0, 50_000) as f64, rng.range(0, 3000) as f64);
            let target = Rect {
                x0,
                y0,
                x1: x0 + rng.range(0, 3000) as f64,
                y1: y0 + rng.range(0, 600) as f64,
            };
            let next = cam.follow(&target, frame, 20.0);
            let view = next.view(frame);
            let (mx, my) = (20.0 / next.scale, 20.0 / next.vscale);
            let with_margin = Rect {
                x0: target.x0 - mx + 1e-6,
                y0: target.y0 - my + 1e-6,
                x1: target.x1 + mx - 1e-6,
                y1: target.y1 + my - 1e-6,
            };
            assert!(
                inside(&view, &with_margin),
                "{cam:?} {target:?} -> {next:?}"
            );
            assert!(next.scale <= cam.scale + 1e-12);
            assert!(next.vscale >= next.scale);
            assert!(next.scale < DETAIL_SCALE || next.vscale == next.scale);
            if inside(&cam.view(frame), &with_margin) {
                assert_eq!(next, cam, "in view already: no move");
            }
        }
    }

    #[test]
    fn a_lecture_fit_is_centred_and_never_above_its_largest_scale() {
        for (size, frame) in [
            ((100.0, 50.0), (1200.0, 500.0)),
            ((2000.0, 300.0), (1200.0, 500.0)),
        ] {
            let c = Camera::fit_at_most(size, frame, LECTURE_SCALE);
            assert!(c.scale <= LECTURE_SCALE && c.vscale <= LECTURE_SCALE);
            let v = c.view(frame);
            assert!((v.x0 + v.x1 - size.0).abs() < 1e-9, "centred across");
            assert!((v.y0 + v.y1 - size.1).abs() < 1e-9, "centred down");
            assert!(v.x0 <= 0.0 && v.x1 >= size.0, "the whole width in view");
        }
    }

    #[test]
    fn fit_shows_everything_and_zoom_keeps_its_point() {
        let frame = (600.0, 400.0);
        for size in [(100.0, 50.0), (6_700_000.0, 900.0), (800.0, 5000.0)] {
            let cam = Camera::fit(size, frame);
            let all = Rect {
                x0: 0.0,
                y0: 0.0,
                x1: size.0,
                y1: size.1,
            };
            assert!(inside(&cam.view(frame), &all), "{size:?}");
        }
        // A wide tree fitted is stretched upright, but no more than to a readable scale.
        let wide = Camera::fit((1_000_000.0, 600.0), frame);
        assert!(wide.vscale > wide.scale && wide.vscale <= DETAIL_SCALE);
        let cam = Camera {
            x: 10.0,
            y: 20.0,
            scale: 0.5,
            vscale: 0.5,
        };
        let before = cam.to_scene(120.0, 80.0);
        let after = cam.zoom_at(1.25, (120.0, 80.0)).to_scene(120.0, 80.0);
        assert!((before.0 - after.0).abs() < 1e-9 && (before.1 - after.1).abs() < 1e-9);
        // Panning moves the drawing with the pointer.
        let moved = cam.pan(30.0, -10.0);
        assert_eq!(moved.to_frame(before.0, before.1), (150.0, 70.0));
    }

    fn tree(spec: RandomSpec) -> Scene {
        Scene::of_tree(&spec.generate().expect("a tree"))
    }

    fn spec(depth: u32, branching: u32, seed: u64) -> RandomSpec {
        RandomSpec {
            depth,
            min_branching: branching,
            max_branching: branching,
            low: -99,
            high: 99,
            players: 2,
            seed,
            chance: false,
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn in_view(cam: &Camera, room: (f64, f64), r: &Rect) -> bool {
        inside(&cam.view(room), r)
    }

    /// The textbook's 15-node tree opens whole at 100% on a desk; on a phone it is too wide to
    /// read whole, so the root and the levels that fit open, readable.
    #[test]
    fn a_small_tree_opens_whole_and_a_wide_one_on_its_top_levels() {
        let scene = tree(RandomSpec {
            low: 0,
            high: 9,
            ..spec(3, 2, 1)
        });
        let desk = first_view(&scene, (650.0, 420.0), 60.0, None, false);
        assert!(
            desk.whole && desk.camera.scale >= READABLE_SCALE,
            "{desk:?}"
        );
        let phone = first_view(&scene, (333.0, 360.0), 60.0, None, false);
        assert!(!phone.whole, "{phone:?} for a {} wide tree", scene.width);
        assert!(
            phone.camera.scale >= READABLE_SCALE && phone.levels >= 2,
            "{phone:?}"
        );
    }

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        /// Any tree in any frame: the root is in view, and the focus node with its path; the
        /// words are readable unless the focus's path or a tiny frame forced a smaller scale;
        /// every level said to be shown is in view, above the corner.
        #[test]
        fn the_first_view_shows_the_root_and_the_focus_path(
            depth in 0u32..7,
            branching in 1u32..5,
            seed in 0u64..1000,
            w in 240.0f64..1400.0,
            h in 160.0f64..700.0,
            focus in proptest::option::of(0usize..5000),
            answer in proptest::bool::ANY,
        ) {
            let scene = tree(spec(depth, branching, seed));
            let focus = focus.map(|f| f % scene.nodes.len());
            let corner = (h * 0.26).min(110.0) + 12.0;
            let v = first_view(&scene, (w, h), corner, focus, answer);
            let cam = v.camera;
            let room = (w, if v.whole { h } else { (h - corner).max(h / 2.0) });
            proptest::prop_assert!(cam.scale <= 1.0 && cam.scale == cam.vscale);
            // The root is in view, and the focus node with its whole path, unless that path
            // needs a scale below the floor (then the node is, readable).
            let root = node_area(&scene.nodes[0], false);
            let root = Rect { x0: root.x0.max(0.0), y0: root.y0.max(0.0), x1: root.x1.min(scene.width), y1: root.y1.min(scene.height) };
            let wanted = |f: usize| if answer { answer_area(&scene, f) } else { path_area(&scene, f) };
            let far = focus.map(|f| scale_to_fit(&wanted(f), room, FIRST_MARGIN) < PATH_FLOOR);
            proptest::prop_assert!(far == Some(true) || in_view(&cam, room, &root), "root out of view: {:?}", v);
            if let Some(f) = focus {
                let path = wanted(f);
                let needs = scale_to_fit(&path, room, FIRST_MARGIN);
                if needs >= PATH_FLOOR {
                    proptest::prop_assert!(in_view(&cam, room, &path), "focus {} out of view: {:?}", f, v);
                    // Zoomed out below readable only as far as the path needs.
                    proptest::prop_assert!(cam.scale >= READABLE_SCALE.min(needs) - 1e-9 || v.whole, "{:?} needs {}", v, needs);
                } else {
                    let node = node_area(&scene.nodes[f], true);
                    let node = Rect { x0: node.x0.max(0.0), y0: node.y0.max(0.0), x1: node.x1.min(scene.width), y1: node.y1.min(scene.height) };
                    proptest::prop_assert!(in_view(&cam, room, &node), "focus {} out of view: {:?}", f, v);
                }
            }
            if v.whole {
                let all = content_area(&scene);
                proptest::prop_assert!(cam.scale >= READABLE_SCALE || scene.levels.len() <= 1 || cam.scale >= (w / (all.x1 - all.x0)).min(h / (all.y1 - all.y0)).min(1.0) - 1e-9);
                proptest::prop_assert!(in_view(&cam, (w, h), &all));
            } else {
                if focus.is_none() && v.levels > 1 {
                    proptest::prop_assert!(cam.scale >= READABLE_SCALE, "{:?}", v);
                }
                if focus.is_none() {
                    for n in &scene.nodes[scene.levels[0].start..scene.levels[v.levels - 1].end] {
                        let a = node_area(n, false);
                        let a = Rect { x0: a.x0.max(0.0), y0: a.y0.max(0.0), x1: a.x1.min(scene.width), y1: a.y1 };
                        proptest::prop_assert!(in_view(&cam, room, &a), "{} out of view: {:?}", n.label, v);
                    }
                }
            }
        }
    }
}
