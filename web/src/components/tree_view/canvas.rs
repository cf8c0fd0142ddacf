//! Specks on a canvas, where the drawing is too small to read, and the frame's natural height.

use super::Painter;
use arbor_app::camera::Camera;
use arbor_app::camera::READABLE_SCALE;
use arbor_app::same::Same;
use arbor_app::scene::Scene;
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The frame's height when nothing limits it: the drawing's height at the scale it starts at
/// (fitted to the frame's width when that is readable).
pub(super) fn natural_height(scene: &Scene, frame_width: f64) -> f64 {
    let fitted = if frame_width > 0.0 && scene.width > 0.0 {
        (frame_width / scene.width).min(1.0)
    } else {
        1.0
    };
    let scale = if fitted >= READABLE_SCALE {
        fitted
    } else {
        1.0
    };
    (scene.height * scale + 8.0).max(160.0)
}

/// Paints the nodes in view as specks (or only those with keys in `only`).
pub(super) fn paint(
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
    let Some(ctx) = context_2d(&canvas, ratio) else {
        return;
    };
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
    let speck = |half: f64| arbor_util::clamp(2.0 * half * cam.scale, 1.5, 24.0);
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

/// What the specks are drawn from.
pub(super) struct Specks {
    /// Whether the nodes are specks at all (too small to read, and a camera set).
    pub on: bool,
    /// The camera.
    pub cam: Camera,
    /// The frame's size.
    pub frame_size: (f64, f64),
    /// Changes whenever a node's look may have.
    pub revision: u64,
    /// The keys whose looks changed since the last revision, if known.
    pub changed: Option<Rc<Vec<usize>>>,
    /// The focus node's key.
    pub focus: Option<usize>,
}

/// Paints the specks on `canvas`: all of them when the view or the tree changed, only the
/// changed ones when a step changed a few.
#[hook]
pub(super) fn use_specks(
    canvas: &NodeRef,
    scene: &Rc<Scene>,
    painter: &Rc<dyn Painter>,
    specks: Specks,
) {
    let painted = use_mut_ref(|| None::<(Same<Scene>, Camera, (f64, f64))>);
    let Specks {
        on,
        cam,
        frame_size,
        revision,
        changed,
        focus,
    } = specks;
    let (canvas, scene, painter) = (canvas.clone(), scene.clone(), painter.clone());
    use_effect_with(
        (
            on,
            Same::of(&scene),
            cam.x.to_bits(),
            cam.y.to_bits(),
            cam.scale.to_bits(),
            frame_size.0.to_bits(),
            frame_size.1.to_bits(),
            revision,
        ),
        move |_| {
            let now = (Same::of(&scene), cam, frame_size);
            if !on {
                *painted.borrow_mut() = None;
                return;
            }
            let same = painted.borrow().as_ref() == Some(&now);
            let only = if same { changed } else { None };
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

/// A canvas's 2D context, drawing in CSS pixels on a canvas sized in device pixels (`ratio`).
pub(crate) fn context_2d(
    canvas: &web_sys::HtmlCanvasElement,
    ratio: f64,
) -> Option<web_sys::CanvasRenderingContext2d> {
    let ctx = canvas
        .get_context("2d")
        .ok()
        .flatten()?
        .dyn_into::<web_sys::CanvasRenderingContext2d>()
        .ok()?;
    let _ = ctx.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
    Some(ctx)
}
