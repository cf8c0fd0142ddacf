//! A path-finding grid drawn on a canvas (fluid at 100 × 100): walls, weighted cells, the start
//! and the goal, and — while a search is stepped — each cell's mark (frontier, explored, the
//! current node, the path). Marks differ by shape as well as colour: the frontier is a ring, an
//! explored cell is filled, the current one thickly outlined, the path a line through the cells.
//!
//! It reports pointer presses and drags by cell (mouse, pen and touch alike), and keeps a
//! keyboard cursor: arrow keys move it, Space or Enter acts on its cell.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use arbor_app::same::{same_opt, Same};
use arbor_app::search::CellMark;
use arbor_puzzles::Grid;

/// Props of [`GridCanvas`].
#[derive(Properties, PartialEq)]
pub struct GridCanvasProps {
    /// The grid.
    pub grid: Rc<Grid>,
    /// Each cell's mark at the step shown (none while editing).
    #[prop_or_default]
    pub marks: Option<Rc<Vec<CellMark>>>,
    /// The path found, cell by cell, start first (drawn as a line).
    #[prop_or_default]
    pub path: Option<Rc<Vec<usize>>>,
    /// The keyboard cursor.
    #[prop_or_default]
    pub cursor: Option<usize>,
    /// A press on a cell.
    #[prop_or_default]
    pub on_down: Option<Callback<usize>>,
    /// The pointer moved onto another cell while pressed.
    #[prop_or_default]
    pub on_drag: Option<Callback<usize>>,
    /// The press ended.
    #[prop_or_default]
    pub on_up: Option<Callback<()>>,
    /// A key on the canvas: the key's name.
    #[prop_or_default]
    pub on_key: Option<Callback<KeyboardEvent>>,
    /// What the canvas shows, for screen readers.
    pub label: AttrValue,
}

const INK: &str = "#1d2330";
const PAPER: &str = "#ffffff";
const LINE: &str = "#d5d9e0";
const EXPLORED: &str = "#b9dcf2";
const FRONTIER: &str = "#0072b2";
const CURRENT: &str = "#d55e00";
const PATH: &str = "#e69f00";
const START: &str = "#009e73";
const GOAL: &str = "#cc79a7";

/// The side of a cell in CSS pixels for a grid this wide (the canvas scales with its box).
fn cell_px(grid: &Grid) -> f64 {
    arbor_util::clamp(720.0 / grid.width().max(grid.height()) as f64, 6.0, 36.0).floor()
}

/// The cell under a pointer event, from its position in the canvas's box.
fn cell_at(e: &PointerEvent, grid: &Grid) -> Option<usize> {
    let canvas: web_sys::HtmlElement = e.target()?.dyn_into().ok()?;
    let rect = canvas.get_bounding_client_rect();
    let (w, h) = (rect.width(), rect.height());
    if w <= 0.0 || h <= 0.0 {
        return None;
    }
    let x = ((e.client_x() as f64 - rect.left()) / w * grid.width() as f64).floor();
    let y = ((e.client_y() as f64 - rect.top()) / h * grid.height() as f64).floor();
    (x >= 0.0 && y >= 0.0 && (x as usize) < grid.width() && (y as usize) < grid.height())
        .then(|| y as usize * grid.width() + x as usize)
}

/// The canvas.
#[component]
pub fn GridCanvas(props: &GridCanvasProps) -> Html {
    crate::renders::count("GridCanvas");
    let canvas = use_node_ref();
    let pressed = use_mut_ref(|| None::<usize>);
    use_paint(&canvas, props);
    let grid = props.grid.clone();
    let px = cell_px(&grid);
    let (w, h) = (px * grid.width() as f64, px * grid.height() as f64);
    let onpointerdown = press(&grid, &pressed, props.on_down.clone());
    let onpointermove = drag(&grid, &pressed, props.on_drag.clone());
    let up = release(&pressed, props.on_up.clone());
    let onkeydown = props.on_key.clone().map(keys);
    let editable = props.on_down.is_some();
    html! {
        <canvas ref={canvas} class={classes!("grid-canvas", editable.then_some("editable"))}
            width={w.to_string()} height={h.to_string()}
            style={format!("aspect-ratio: {} / {}", grid.width(), grid.height())}
            role="img" aria-label={props.label.clone()} tabindex={editable.then_some("0")}
            {onpointerdown} {onpointermove} onpointerup={up.clone()} onpointercancel={up}
            {onkeydown}>
        </canvas>
    }
}

/// Paints the grid on `canvas` after each render that changed the grid, its marks, the path
/// or the cursor.
#[hook]
fn use_paint(canvas: &NodeRef, props: &GridCanvasProps) {
    let canvas = canvas.clone();
    let (grid, marks, path, cursor) = (
        props.grid.clone(),
        props.marks.clone(),
        props.path.clone(),
        props.cursor,
    );
    use_effect_with(
        (Same::of(&grid), same_opt(&marks), same_opt(&path), cursor),
        move |_| {
            if let Some(c) = canvas.cast::<web_sys::HtmlCanvasElement>() {
                paint(&c, &grid, marks.as_deref(), path.as_deref(), cursor);
            }
        },
    );
}

/// A press on a cell: the pointer is captured (a drag keeps reporting here) and `on` told.
fn press(
    grid: &Rc<Grid>,
    pressed: &Rc<RefCell<Option<usize>>>,
    on: Option<Callback<usize>>,
) -> Callback<PointerEvent> {
    let (grid, pressed) = (grid.clone(), pressed.clone());
    Callback::from(move |e: PointerEvent| {
        let Some(on) = &on else { return };
        if let Some(cell) = cell_at(&e, &grid) {
            e.prevent_default();
            if let Some(t) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            {
                let _ = t.set_pointer_capture(e.pointer_id());
            }
            *pressed.borrow_mut() = Some(cell);
            on.emit(cell);
        }
    })
}

/// A pressed pointer moving onto another cell: `on` told of each new cell.
fn drag(
    grid: &Rc<Grid>,
    pressed: &Rc<RefCell<Option<usize>>>,
    on: Option<Callback<usize>>,
) -> Callback<PointerEvent> {
    let (grid, pressed) = (grid.clone(), pressed.clone());
    Callback::from(move |e: PointerEvent| {
        let (Some(on), Some(last)) = (&on, *pressed.borrow()) else {
            return;
        };
        if let Some(cell) = cell_at(&e, &grid).filter(|&c| c != last) {
            *pressed.borrow_mut() = Some(cell);
            on.emit(cell);
        }
    })
}

/// The press ending (or cancelled): `on` told once.
fn release(
    pressed: &Rc<RefCell<Option<usize>>>,
    on: Option<Callback<()>>,
) -> Callback<PointerEvent> {
    let pressed = pressed.clone();
    Callback::from(move |_: PointerEvent| {
        if pressed.borrow_mut().take().is_some() {
            if let Some(on) = &on {
                on.emit(());
            }
        }
    })
}

/// Keys on the canvas, passed to `on`; the arrows, Space and Enter do nothing else (no
/// scrolling).
fn keys(on: Callback<KeyboardEvent>) -> Callback<KeyboardEvent> {
    Callback::from(move |e: KeyboardEvent| {
        if matches!(
            e.key().as_str(),
            "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight" | " " | "Enter"
        ) {
            e.prevent_default();
            e.stop_propagation();
        }
        on.emit(e);
    })
}

/// Paints the grid: its cells, the lines between them, the path, the current cell, the start
/// and the goal, and the cursor.
fn paint(
    canvas: &web_sys::HtmlCanvasElement,
    grid: &Grid,
    marks: Option<&Vec<CellMark>>,
    path: Option<&Vec<usize>>,
    cursor: Option<usize>,
) {
    let px = cell_px(grid);
    let Some(ctx) = prepare(canvas, grid, px) else {
        return;
    };
    let pen = Pen {
        ctx: &ctx,
        px,
        width: grid.width(),
    };
    pen.cells(grid, marks);
    pen.lines(grid);
    if let Some(path) = path.filter(|p| p.len() > 1) {
        pen.path(path);
    }
    if let Some(cell) = marks.and_then(|m| m.iter().position(|&k| k == CellMark::Current)) {
        pen.current(cell);
    }
    pen.ends(grid);
    if let Some(cell) = cursor {
        pen.cursor(cell);
    }
}

/// Sizes the canvas for the screen's pixels and clears it to paper, with the type set for the
/// cells' numbers and letters: its context, if it has one.
fn prepare(
    canvas: &web_sys::HtmlCanvasElement,
    grid: &Grid,
    px: f64,
) -> Option<web_sys::CanvasRenderingContext2d> {
    let ratio = web_sys::window()
        .map_or(1.0, |w| w.device_pixel_ratio())
        .max(1.0);
    let (w, h) = (px * grid.width() as f64, px * grid.height() as f64);
    canvas.set_width((w * ratio) as u32);
    canvas.set_height((h * ratio) as u32);
    let ctx = crate::components::tree_view::canvas::context_2d(canvas, ratio)?;
    ctx.set_fill_style_str(PAPER);
    ctx.fill_rect(0.0, 0.0, w, h);
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    ctx.set_font(&format!(
        "700 {}px system-ui, sans-serif",
        (px * 0.55).floor()
    ));
    Some(ctx)
}

/// The outline of the start's triangle (`start`) or the goal's diamond, of "radius" `r` about
/// `(cx, cy)`, as a path to fill (and stroke): the grid's and the benchmark maps' alike.
pub(crate) fn end_shape(
    ctx: &web_sys::CanvasRenderingContext2d,
    (cx, cy): (f64, f64),
    r: f64,
    start: bool,
) {
    ctx.begin_path();
    ctx.move_to(cx, cy - r);
    if start {
        ctx.line_to(cx + r, cy + r * 0.8);
        ctx.line_to(cx - r, cy + r * 0.8);
    } else {
        ctx.line_to(cx + r, cy);
        ctx.line_to(cx, cy + r);
        ctx.line_to(cx - r, cy);
    }
    ctx.close_path();
}

/// A canvas context with the grid's measures: cells `px` wide, `width` to a row.
struct Pen<'a> {
    ctx: &'a web_sys::CanvasRenderingContext2d,
    px: f64,
    width: usize,
}

impl Pen<'_> {
    /// A cell's top left corner.
    fn corner(&self, cell: usize) -> (f64, f64) {
        (
            (cell % self.width) as f64 * self.px,
            (cell / self.width) as f64 * self.px,
        )
    }

    /// A cell's centre.
    fn centre(&self, cell: usize) -> (f64, f64) {
        let px = self.px;
        (
            (cell % self.width) as f64 * px + px / 2.0,
            (cell / self.width) as f64 * px + px / 2.0,
        )
    }

    /// Every cell: a wall in ink, a weighted cell in grey with its weight when there is room,
    /// and each cell's mark.
    fn cells(&self, grid: &Grid, marks: Option<&Vec<CellMark>>) {
        let (ctx, px, width) = (self.ctx, self.px, self.width);
        let text = px >= 14.0;
        for cell in 0..width * grid.height() {
            let (x, y) = ((cell % width) as f64 * px, (cell / width) as f64 * px);
            let weight = grid.weight(cell);
            let mark = marks.and_then(|m| m.get(cell).copied()).unwrap_or_default();
            if weight == 0 {
                ctx.set_fill_style_str(INK);
                ctx.fill_rect(x, y, px, px);
                continue;
            }
            if weight > 1 {
                // Heavier cells darker grey.
                let g = 235 - (weight as u32 - 1) * 16;
                ctx.set_fill_style_str(&format!("rgb({g},{g},{g})"));
                ctx.fill_rect(x, y, px, px);
            }
            match mark {
                CellMark::Explored | CellMark::Path | CellMark::Current => {
                    ctx.set_fill_style_str(EXPLORED);
                    ctx.fill_rect(x + 1.0, y + 1.0, px - 2.0, px - 2.0);
                }
                CellMark::Frontier => {
                    ctx.set_stroke_style_str(FRONTIER);
                    ctx.set_line_width((px / 8.0).max(1.0));
                    ctx.begin_path();
                    let _ = ctx.arc(
                        x + px / 2.0,
                        y + px / 2.0,
                        px * 0.3,
                        0.0,
                        std::f64::consts::TAU,
                    );
                    ctx.stroke();
                }
                CellMark::Dropped => {
                    ctx.set_stroke_style_str("#9aa3b2");
                    ctx.set_line_width(1.0);
                    ctx.begin_path();
                    ctx.move_to(x + px * 0.25, y + px * 0.25);
                    ctx.line_to(x + px * 0.75, y + px * 0.75);
                    ctx.stroke();
                }
                CellMark::None => {}
            }
            if weight > 1 && text {
                ctx.set_fill_style_str(INK);
                let _ = ctx.fill_text(&weight.to_string(), x + px / 2.0, y + px / 2.0);
            }
        }
    }

    /// The lines between cells, when cells are big enough to see them.
    fn lines(&self, grid: &Grid) {
        let (ctx, px) = (self.ctx, self.px);
        if px < 8.0 {
            return;
        }
        let (w, h) = (px * grid.width() as f64, px * grid.height() as f64);
        ctx.set_stroke_style_str(LINE);
        ctx.set_line_width(1.0);
        ctx.begin_path();
        for i in 0..=self.width {
            ctx.move_to(i as f64 * px + 0.5, 0.0);
            ctx.line_to(i as f64 * px + 0.5, h);
        }
        for j in 0..=grid.height() {
            ctx.move_to(0.0, j as f64 * px + 0.5);
            ctx.line_to(w, j as f64 * px + 0.5);
        }
        ctx.stroke();
    }

    /// The path found, a line through its cells' centres.
    fn path(&self, path: &[usize]) {
        let ctx = self.ctx;
        ctx.set_stroke_style_str(PATH);
        ctx.set_line_width((self.px / 3.0).max(2.0));
        ctx.set_line_cap("round");
        ctx.set_line_join("round");
        ctx.begin_path();
        let (x0, y0) = self.centre(path[0]);
        ctx.move_to(x0, y0);
        for &c in &path[1..] {
            let (x, y) = self.centre(c);
            ctx.line_to(x, y);
        }
        ctx.stroke();
    }

    /// The current cell, thickly outlined.
    fn current(&self, cell: usize) {
        let (ctx, px) = (self.ctx, self.px);
        let (x, y) = self.corner(cell);
        ctx.set_stroke_style_str(CURRENT);
        ctx.set_line_width((px / 5.0).max(2.0));
        ctx.stroke_rect(x + 1.5, y + 1.5, px - 3.0, px - 3.0);
    }

    /// The start: a triangle; the goal: a diamond; lettered when there is room.
    fn ends(&self, grid: &Grid) {
        let (ctx, px) = (self.ctx, self.px);
        let text = px >= 14.0;
        for (cell, colour, letter) in [
            (grid.start_cell() as usize, START, "S"),
            (grid.goal() as usize, GOAL, "G"),
        ] {
            let (cx, cy) = self.centre(cell);
            ctx.set_fill_style_str(colour);
            end_shape(ctx, (cx, cy), px * 0.45, letter == "S");
            ctx.fill();
            if text {
                ctx.set_fill_style_str(INK);
                let _ = ctx.fill_text(letter, cx, cy + px * 0.08);
            }
        }
    }

    /// The keyboard cursor: ink dashes on white, not the orange of the node a step is about,
    /// and seen on a wall as on a free cell.
    fn cursor(&self, cell: usize) {
        let (ctx, px) = (self.ctx, self.px);
        let (x, y) = self.corner(cell);
        ctx.set_stroke_style_str(PAPER);
        ctx.set_line_width(3.0);
        ctx.stroke_rect(x + 1.5, y + 1.5, px - 3.0, px - 3.0);
        ctx.set_stroke_style_str(INK);
        ctx.set_line_width(2.0);
        let _ = ctx.set_line_dash(&js_sys::Array::of2(&3.0.into(), &2.0.into()));
        ctx.stroke_rect(x + 1.5, y + 1.5, px - 3.0, px - 3.0);
        let _ = ctx.set_line_dash(&js_sys::Array::new());
    }
}
