//! The overview in the frame's corner: the whole tree, the part in view marked; a click or a drag there moves the view.

use crate::components::tree_svg::{fixed, fmt};
use arbor_app::camera::Camera;
use arbor_app::same::Same;
use arbor_app::scene::{Rect, Scene};
use std::rc::Rc;
use yew::prelude::*;

use super::canvas::context_2d;

#[derive(Properties)]
pub(super) struct OverviewProps {
    pub scene: Rc<Scene>,
    pub view: Rect,
    pub focus: Option<usize>,
    pub frame: (f64, f64),
    pub camera: Camera,
    pub on_move: Callback<Camera>,
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
pub(super) const OVERVIEW_WIDTH: f64 = 168.0;

/// The overview's size in a frame of `frame` pixels: never more than about a third of the
/// frame across and a quarter of it down, its height following the tree's shape.
pub(super) fn overview_size(scene: &Scene, frame: (f64, f64)) -> (f64, f64) {
    let most_w = OVERVIEW_WIDTH.min((frame.0 * 0.34).max(60.0)).round();
    let most_h = 110f64.min((frame.1 * 0.26).max(24.0));
    (
        most_w,
        arbor_util::clamp(most_w * scene.height / scene.width.max(1.0), 24.0, most_h).round(),
    )
}

/// The whole tree, small, with the part in view marked; a click moves the view there.
#[component]
pub(super) fn Overview(props: &OverviewProps) -> Html {
    crate::renders::count("Overview");
    let canvas = use_node_ref();
    let scene = &props.scene;
    let (w, h) = overview_size(scene, props.frame);
    let k = (w / scene.width.max(1.0)).min(h / scene.height.max(1.0));
    {
        let (canvas, scene) = (canvas.clone(), scene.clone());
        let size = (w as u32, h as u32);
        use_effect_with((Same::of(&scene), size), move |_| {
            // After the drawing itself is painted; and thinned to what the overview's pixels
            // can show: per level, one edge per pixel column.
            let timer = gloo_timers::callback::Timeout::new(30, move || {
                let Some(c) = canvas.cast::<web_sys::HtmlCanvasElement>() else {
                    return;
                };
                let ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
                c.set_width((w * ratio) as u32);
                c.set_height((h * ratio) as u32);
                let Some(ctx) = context_2d(&c, ratio) else {
                    return;
                };
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
