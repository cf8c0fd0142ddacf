//! A benchmark map drawn on a canvas, up to 1024 × 1024 cells, with the tree view's camera: fit,
//! zoom, pan (drag, pinch, wheel), an overview, and the view following the search.
//!
//! The map is kept as an image one pixel a cell (walls, free cells and each cell's mark); a step
//! changes only the pixels of the cells it changed ([`MapMarks::seek`]), and the frame draws
//! that image through the camera, then the path, the current cell, the start and the goal on
//! top, each at least a few pixels wide whatever the zoom.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::{Clamped, JsCast};
use yew::prelude::*;

use crate::components::tree_view::frame::use_frame_size;
use crate::components::tree_view::gestures::use_gestures;
use crate::components::tree_view::tools::{Drawn, ViewTools};
use arbor_app::camera::{Camera, MAX_SCALE};
use arbor_app::maps::page::Opened;
use arbor_app::maps::record::{Repaint, Shown};
use arbor_app::maps::MapResult;
use arbor_app::same::{same_opt, Same};
use arbor_app::scene::Rect;
use arbor_app::search::CellMark;

/// Props of [`MapCanvas`].
#[derive(Properties, PartialEq)]
pub struct MapCanvasProps {
    /// The map.
    pub map: Rc<Opened>,
    /// The marks at the step shown (the page's cursor, moved before each render).
    pub shown: Same<RefCell<Shown>>,
    /// The search's record and path (none while it runs), compared by identity: comparing a
    /// record of 100,000 steps by value took a step more than a millisecond.
    pub result: Option<Same<MapResult>>,
    /// The step shown.
    pub step: usize,
    /// The start and the goal, (x, y).
    pub ends: ((usize, usize), (usize, usize)),
    /// What the canvas shows, for screen readers.
    pub label: AttrValue,
}

const PAPER: [u8; 3] = [0xff, 0xff, 0xff];
const WALL: [u8; 3] = [0x1d, 0x23, 0x30];
const EXPLORED: [u8; 3] = [0xb9, 0xdc, 0xf2];
const FRONTIER: [u8; 3] = [0x00, 0x72, 0xb2];
const DROPPED: [u8; 3] = [0xd5, 0xd9, 0xe0];
const CURRENT: &str = "#d55e00";
const PATH: &str = "#e69f00";
const START: &str = "#009e73";
const GOAL: &str = "#cc79a7";
const INK: &str = "#1d2330";

/// Scene units a cell: the camera's zoom runs to [`MAX_SCALE`] (400 %) of a unit, so a cell
/// of 16 units can be shown 64 pixels wide.
const UNIT: f64 = 16.0;

/// A map's view, as its tools name it.
struct Map;

impl Drawn for Map {
    const LABEL: &'static str = "View of the map";
    const OVERVIEW: &'static str =
        "The whole map, small, in the frame's corner: click there to move the view";
    const HINTS: [&'static str; 4] = [
        "Part of the map in view: drag, Fit for all, Overview for the whole.",
        "Part of the map in view: drag, Fit for all, Overview for the whole.",
        "Whole map in view.",
        "Whole map in view.",
    ];
    const SMALL: bool = false;
}

/// The image of the map, a pixel a cell, and the marks it shows.
struct Image {
    /// The canvas holding it (not in the page).
    canvas: web_sys::HtmlCanvasElement,
    pixels: Vec<u8>,
    width: usize,
    passable: Vec<bool>,
    map: Rc<Opened>,
}

impl Image {
    fn new(map: &Rc<Opened>, shown: &Shown) -> Option<Image> {
        let (w, h) = (map.map.width(), map.map.height());
        let canvas: web_sys::HtmlCanvasElement = web_sys::window()?
            .document()?
            .create_element("canvas")
            .ok()?
            .dyn_into()
            .ok()?;
        canvas.set_width(w as u32);
        canvas.set_height(h as u32);
        let passable: Vec<bool> = (0..w * h).map(|c| map.map.passable(c % w, c / w)).collect();
        let mut image = Image {
            canvas,
            pixels: vec![0xff; w * h * 4],
            width: w,
            passable,
            map: map.clone(),
        };
        image.repaint(shown);
        Some(image)
    }

    /// Cell `cell`'s pixel for `mark`.
    fn colour(&mut self, cell: usize, mark: CellMark) {
        let rgb = if !self.passable[cell] {
            WALL
        } else {
            match mark {
                CellMark::None => PAPER,
                CellMark::Dropped => DROPPED,
                CellMark::Frontier => FRONTIER,
                _ => EXPLORED,
            }
        };
        self.pixels[cell * 4..cell * 4 + 3].copy_from_slice(&rgb);
    }

    /// Copies the pixels of the rectangle (x0, y0)–(x1, y1) (exclusive) to the canvas: only
    /// those (a step changes a few cells; copying the whole map's pixels cost a step
    /// milliseconds).
    fn put(&self, x0: usize, y0: usize, x1: usize, y1: usize) {
        if x1 <= x0 || y1 <= y0 {
            return;
        }
        let (w, row) = (x1 - x0, self.width * 4);
        let mut rect = Vec::with_capacity(w * (y1 - y0) * 4);
        for y in y0..y1 {
            rect.extend_from_slice(&self.pixels[y * row + x0 * 4..y * row + x1 * 4]);
        }
        let Ok(data) = web_sys::ImageData::new_with_u8_clamped_array_and_sh(
            Clamped(&rect),
            w as u32,
            (y1 - y0) as u32,
        ) else {
            return;
        };
        if let Some(ctx) = context(&self.canvas) {
            let _ = ctx.put_image_data(&data, x0 as f64, y0 as f64);
        }
    }

    /// Every cell's pixel from `shown`.
    fn repaint(&mut self, shown: &Shown) {
        let cells = self.passable.len();
        for cell in 0..cells {
            self.colour(cell, shown.mark(cell));
        }
        self.put(0, 0, self.width, cells / self.width);
    }

    /// The pixels `shown` changed since the image last looked, copied to its canvas.
    fn show(&mut self, shown: &mut Shown) {
        let cells = match shown.take_changes() {
            Repaint::All => return self.repaint(shown),
            Repaint::Cells(cells) => cells,
        };
        let w = self.width;
        let mut dirty = (usize::MAX, usize::MAX, 0, 0);
        for cell in cells {
            self.colour(cell, shown.mark(cell));
            let (x, y) = (cell % w, cell / w);
            dirty = (
                dirty.0.min(x),
                dirty.1.min(y),
                dirty.2.max(x + 1),
                dirty.3.max(y + 1),
            );
        }
        self.put(dirty.0, dirty.1, dirty.2, dirty.3);
    }
}

/// A canvas's 2D context.
fn context(canvas: &web_sys::HtmlCanvasElement) -> Option<web_sys::CanvasRenderingContext2d> {
    canvas.get_context("2d").ok()??.dyn_into().ok()
}

/// A camera of equal scales across and down (a map is never stretched).
fn square(c: Camera) -> Camera {
    Camera {
        vscale: c.scale,
        ..c
    }
}

/// The map canvas, its tools and its overview.
#[component]
pub fn MapCanvas(props: &MapCanvasProps) -> Html {
    crate::renders::count("MapCanvas");
    let frame = use_node_ref();
    let canvas = use_node_ref();
    let size = use_frame_size(&frame, &Same::of(&props.map));
    let content = (
        props.map.map.width() as f64 * UNIT,
        props.map.map.height() as f64 * UNIT,
    );
    let fitted = move |size: (f64, f64)| square(Camera::fit_at_most(content, size, MAX_SCALE));
    let cam = use_state(Camera::default);
    let follow = use_state(|| true);
    let overview = use_state(|| true);
    // The camera is fitted to each new map, and to the frame whenever its size changes.
    {
        let cam = cam.clone();
        use_effect_with((Same::of(&props.map), *size), move |(_, size)| {
            if size.0 > 0.0 {
                cam.set(fitted(*size));
            }
        });
    }
    // Moved by hand, the view stops following.
    let move_to = {
        let (cam, follow) = (cam.clone(), follow.clone());
        Callback::from(move |c: Camera| {
            follow.set(false);
            cam.set(square(c));
        })
    };
    let current = props.result.as_deref().and_then(|r| {
        (props.step > 0)
            .then(|| r.record.taken.get(props.step - 1).copied())
            .flatten()
    });
    use_follow(&cam, *size, content, current, *follow);
    let image = use_mut_ref(|| None::<Image>);
    use_paint(&canvas, &image, props, *cam, *size, current);
    let gestures = use_gestures(&frame, *cam, *size, content, &move_to);
    let view = cam.view(*size);
    let partial = view.x0 > UNIT / 2.0
        || view.y0 > UNIT / 2.0
        || view.x1 < content.0 - UNIT / 2.0
        || view.y1 < content.1 - UNIT / 2.0;
    let on_fit = {
        let (cam, size) = (cam.clone(), *size);
        Callback::from(move |()| cam.set(fitted(size)))
    };
    let on_follow = {
        let follow = follow.clone();
        Callback::from(move |()| follow.set(!*follow))
    };
    let on_overview = {
        let overview = overview.clone();
        Callback::from(move |()| overview.set(!*overview))
    };
    html! {
        <div class="map-view">
            <ViewTools<Map> camera={*cam} frame={*size} on_move={move_to.clone()} on_fit={on_fit}
                on_follow={on_follow} follow={Some(*follow)} partial={partial}
                overview={partial.then_some(*overview)} on_overview={on_overview} />
            <div class="map-frame" ref={frame} role="img" aria-label={props.label.clone()}
                onpointerdown={gestures.onpointerdown} onpointermove={gestures.onpointermove}
                onpointerup={gestures.onpointerup.clone()} onpointercancel={gestures.onpointerup}
                onwheel={gestures.onwheel}>
                <canvas ref={canvas} class="map-canvas" aria-hidden="true"></canvas>
                if partial && *overview {
                    <MapOverview image={image.clone()} content={content} view={view} camera={*cam} frame={*size} on_move={move_to} step={props.step} />
                }
            </div>
        </div>
    }
}

/// While following, a current cell out of view brings the view to it.
#[hook]
fn use_follow(
    cam: &UseStateHandle<Camera>,
    size: (f64, f64),
    content: (f64, f64),
    current: Option<u32>,
    follow: bool,
) {
    let cam = cam.clone();
    let width = (content.0 / UNIT) as usize;
    use_effect_with((current, follow), move |(current, follow)| {
        if let (Some(cell), true) = (current, follow) {
            let (x, y) = (
                (*cell as usize % width) as f64 * UNIT,
                (*cell as usize / width) as f64 * UNIT,
            );
            // The cell and two around it, within the map; then, as the tree view does, the
            // whole map kept in view along each axis on which it fits (a cell at the map's edge
            // does not pan the map away from it).
            let target = Rect {
                x0: (x - 2.0 * UNIT).max(0.0),
                y0: (y - 2.0 * UNIT).max(0.0),
                x1: (x + 3.0 * UNIT).min(content.0),
                y1: (y + 3.0 * UNIT).min(content.1),
            };
            let next = square(cam.follow(&target, size, 8.0)).settle(content, size);
            if next != *cam {
                cam.set(next);
            }
        }
    });
}

/// Paints the frame after each render: the image moved to the step, drawn through the camera,
/// and what goes on top.
#[hook]
fn use_paint(
    canvas: &NodeRef,
    image: &Rc<RefCell<Option<Image>>>,
    props: &MapCanvasProps,
    cam: Camera,
    size: (f64, f64),
    current: Option<u32>,
) {
    let (canvas, image) = (canvas.clone(), image.clone());
    let (map, shown, result, step, ends) = (
        props.map.clone(),
        props.shown.0.clone(),
        props.result.as_ref().map(|r| r.0.clone()),
        props.step,
        props.ends,
    );
    use_effect_with(
        (Same::of(&map), same_opt(&result), step, cam, size, current),
        move |_| {
            let mut held = image.borrow_mut();
            let mut shown = shown.borrow_mut();
            if held.as_ref().is_none_or(|i| !Rc::ptr_eq(&i.map, &map)) {
                *held = Image::new(&map, &shown);
            }
            let Some(img) = held.as_mut() else { return };
            img.show(&mut shown);
            let Some(c) = canvas.cast::<web_sys::HtmlCanvasElement>() else {
                return;
            };
            let end = result
                .as_ref()
                .is_some_and(|r| step >= r.record.steps() && !r.record.cut_short);
            let path = result.as_ref().filter(|_| end).map(|r| r.path.as_slice());
            draw(
                &c,
                img,
                cam,
                size,
                Marks {
                    current,
                    path,
                    ends,
                },
            );
        },
    );
}

/// What is drawn over the image.
struct Marks<'a> {
    current: Option<u32>,
    path: Option<&'a [u32]>,
    ends: ((usize, usize), (usize, usize)),
}

/// Draws the image through the camera on the frame's canvas, then the path, the current
/// cell, the start and the goal.
fn draw(
    c: &web_sys::HtmlCanvasElement,
    img: &Image,
    cam: Camera,
    size: (f64, f64),
    marks: Marks<'_>,
) {
    let ratio = web_sys::window()
        .map_or(1.0, |w| w.device_pixel_ratio())
        .max(1.0);
    let (pw, ph) = ((size.0 * ratio) as u32, (size.1 * ratio) as u32);
    if c.width() != pw || c.height() != ph {
        c.set_width(pw);
        c.set_height(ph);
    }
    let Some(ctx) = context(c) else { return };
    let _ = ctx.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
    ctx.set_fill_style_str("#eef0f4");
    ctx.fill_rect(0.0, 0.0, size.0, size.1);
    // The image is a pixel a cell: a cell is UNIT scene units.
    let k = cam.scale;
    let _ = ctx.set_transform(
        ratio * k * UNIT,
        0.0,
        0.0,
        ratio * k * UNIT,
        -cam.x * k * ratio,
        -cam.y * k * ratio,
    );
    ctx.set_image_smoothing_enabled(false);
    let _ = ctx.draw_image_with_html_canvas_element(&img.canvas, 0.0, 0.0);
    let _ = ctx.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
    overlays(&ctx, img.width, cam, &marks);
}

/// The path, the current cell, the start and the goal, over the map (each a few pixels wide
/// at least, whatever the zoom).
fn overlays(ctx: &web_sys::CanvasRenderingContext2d, w: usize, cam: Camera, marks: &Marks<'_>) {
    // Pixels a cell.
    let k = cam.scale * UNIT;
    let at = |cell: usize| {
        cam.to_frame(
            ((cell % w) as f64 + 0.5) * UNIT,
            ((cell / w) as f64 + 0.5) * UNIT,
        )
    };
    let r = (k * 0.5).max(4.0);
    if let Some(path) = marks.path.filter(|p| p.len() > 1) {
        ctx.set_stroke_style_str(PATH);
        ctx.set_line_width((k / 3.0).max(3.0));
        ctx.set_line_cap("round");
        ctx.set_line_join("round");
        ctx.begin_path();
        for (i, &cell) in path.iter().enumerate() {
            let (x, y) = at(cell as usize);
            if i == 0 {
                ctx.move_to(x, y);
            } else {
                ctx.line_to(x, y);
            }
        }
        ctx.stroke();
    }
    if let Some(cell) = marks.current {
        let (x, y) = at(cell as usize);
        ctx.set_stroke_style_str("#ffffff");
        ctx.set_line_width(5.0);
        ctx.stroke_rect(x - r - 1.0, y - r - 1.0, 2.0 * r + 2.0, 2.0 * r + 2.0);
        ctx.set_stroke_style_str(CURRENT);
        ctx.set_line_width(3.0);
        ctx.stroke_rect(x - r - 1.0, y - r - 1.0, 2.0 * r + 2.0, 2.0 * r + 2.0);
    }
    let ((sx, sy), (gx, gy)) = marks.ends;
    for (cell, colour, start) in [(sy * w + sx, START, true), (gy * w + gx, GOAL, false)] {
        ctx.set_fill_style_str(colour);
        ctx.set_stroke_style_str(INK);
        ctx.set_line_width(1.5);
        crate::components::grid_canvas::end_shape(ctx, at(cell), (k * 0.6).max(7.0), start);
        ctx.fill();
        ctx.stroke();
    }
}

/// Props of [`MapOverview`].
#[derive(Properties)]
struct MapOverviewProps {
    image: Rc<RefCell<Option<Image>>>,
    content: (f64, f64),
    view: Rect,
    camera: Camera,
    frame: (f64, f64),
    on_move: Callback<Camera>,
    /// The step (the overview is repainted with it).
    step: usize,
}

impl PartialEq for MapOverviewProps {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.image, &o.image)
            && self.content == o.content
            && self.view == o.view
            && self.camera == o.camera
            && self.frame == o.frame
            && self.step == o.step
    }
}

/// The whole map, small, in the frame's corner, the part in view outlined; a click there
/// moves the view. (The tree's overview has the same frame; one function for both added
/// 500 bytes to `#/alphabeta`'s first visit, over issue 36's line.)
#[component]
fn MapOverview(props: &MapOverviewProps) -> Html {
    let canvas = use_node_ref();
    let side = (props.frame.0 * 0.3).clamp(60.0, 168.0).round();
    let k = side / props.content.0.max(props.content.1);
    let (w, h) = ((props.content.0 * k).round(), (props.content.1 * k).round());
    {
        let (canvas, image) = (canvas.clone(), props.image.clone());
        use_effect_with((props.step, w as u32, h as u32), move |_| {
            let (Some(c), Some(img)) = (
                canvas.cast::<web_sys::HtmlCanvasElement>(),
                image.borrow().as_ref().map(|i| i.canvas.clone()),
            ) else {
                return;
            };
            let ratio = web_sys::window()
                .map_or(1.0, |w| w.device_pixel_ratio())
                .max(1.0);
            c.set_width((w * ratio) as u32);
            c.set_height((h * ratio) as u32);
            if let Some(ctx) = context(&c) {
                ctx.set_image_smoothing_enabled(true);
                let _ = ctx.draw_image_with_html_canvas_element_and_dw_and_dh(
                    &img,
                    0.0,
                    0.0,
                    w * ratio,
                    h * ratio,
                );
            }
        });
    }
    let v = &props.view;
    let clamp = |a: f64, hi: f64| a.max(0.0).min(hi);
    let (x0, y0, x1, y1) = (
        clamp(v.x0 * k, w),
        clamp(v.y0 * k, h),
        clamp(v.x1 * k, w),
        clamp(v.y1 * k, h),
    );
    let onclick = {
        let (on_move, camera, frame) = (props.on_move.clone(), props.camera, props.frame);
        Callback::from(move |e: MouseEvent| {
            e.stop_propagation();
            on_move.emit(camera.centred_on(
                e.offset_x() as f64 / k,
                e.offset_y() as f64 / k,
                frame,
            ));
        })
    };
    let stop = Callback::from(|e: PointerEvent| e.stop_propagation());
    let px = |v: f64| format!("{}px", v.round() as i64);
    html! {
        <div class="overview map-overview" style={format!("width:{};height:{}", px(w), px(h))} onpointerdown={stop}
            title="The whole map: click to move the view there">
            <canvas ref={canvas} style={format!("width:{};height:{}", px(w), px(h))} {onclick} aria-hidden="true"></canvas>
            <div class="overview-view" aria-hidden="true"
                style={format!("left:{};top:{};width:{};height:{}", px(x0), px(y0), px((x1 - x0).max(2.0)), px((y1 - y0).max(2.0)))}></div>
        </div>
    }
}
