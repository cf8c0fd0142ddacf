//! Export: the drawn tree as SVG or PNG (for slides) and the trace as JSON (for students' own
//! code to compare against).
//!
//! The SVG is the drawing on the page, as it is at this step, made standalone: its styles are
//! the page's own `svg.tree` rules with the colour variables resolved, so it looks the same in
//! any viewer. The PNG is that SVG drawn on a canvas at twice the size (less for huge trees).

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

/// Largest PNG, in pixels: browsers refuse bigger canvases.
const MAX_PNG_PIXELS: f64 = 16_000_000.0;
/// Largest PNG side.
const MAX_PNG_SIDE: f64 = 16_000.0;

fn js_error(e: JsValue) -> String {
    e.as_string()
        .or_else(|| {
            e.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| "the browser refused".into())
}

/// The page's CSS rules for tree drawings, with `var(--x)` replaced by the values in force.
fn tree_styles(document: &web_sys::Document) -> String {
    let root = document
        .document_element()
        .and_then(|el| web_sys::window()?.get_computed_style(&el).ok().flatten());
    let mut css = String::new();
    let sheets = document.style_sheets();
    for i in 0..sheets.length() {
        let Some(sheet) = sheets
            .item(i)
            .and_then(|s| s.dyn_into::<web_sys::CssStyleSheet>().ok())
        else {
            continue;
        };
        let Ok(rules) = sheet.css_rules() else {
            continue;
        };
        for j in 0..rules.length() {
            let Some(rule) = rules.item(j) else { continue };
            let text = rule.css_text();
            // Only the drawing's own rules, and not those of hover, focus or pointers.
            if text.starts_with("svg.tree") && !text.contains(":hover") && !text.contains(":focus")
            {
                css.push_str(&text);
                css.push('\n');
            }
        }
    }
    resolve_vars(&css, &|name| {
        root.as_ref()
            .and_then(|s| s.get_property_value(name).ok())
            .map(|v| v.trim().to_string())
    })
}

/// Replaces each `var(--name)` in `css` by `lookup(--name)` (left as it is when unknown).
pub fn resolve_vars(css: &str, lookup: &dyn Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(css.len());
    let mut rest = css;
    while let Some(at) = rest.find("var(") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 4..];
        match after.find(')') {
            Some(end) => {
                let name = after[..end].trim();
                match lookup(name).filter(|v| !v.is_empty()) {
                    Some(v) => out.push_str(&v),
                    None => out.push_str(&rest[at..at + 4 + end + 1]),
                }
                rest = &after[end + 1..];
            }
            None => {
                out.push_str(&rest[at..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The tree drawing matched by `selector`, as a standalone SVG document, and its size.
pub fn svg_document(selector: &str) -> Result<(String, f64, f64), String> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let svg = document
        .query_selector(selector)
        .ok()
        .flatten()
        .ok_or("there is no tree drawn to export")?;
    let copy = svg
        .clone_node_with_deep(true)
        .map_err(js_error)?
        .dyn_into::<web_sys::Element>()
        .map_err(|_| "the drawing could not be copied")?;
    // Natural size, whatever the zoom.
    let view_box = svg.get_attribute("viewBox").unwrap_or_default();
    let dims: Vec<f64> = view_box
        .split_whitespace()
        .filter_map(|v| v.parse().ok())
        .collect();
    let (width, height) = match dims.as_slice() {
        [_, _, w, h] => (*w, *h),
        _ => return Err("the drawing has no size".into()),
    };
    let _ = copy.set_attribute("width", &width.to_string());
    let _ = copy.set_attribute("height", &height.to_string());
    let _ = copy.set_attribute("xmlns", "http://www.w3.org/2000/svg");
    let font = web_sys::window()
        .and_then(|w| w.get_computed_style(&svg).ok().flatten())
        .and_then(|s| s.get_property_value("font-family").ok())
        .unwrap_or_default();
    let _ = copy.set_attribute("font-family", &font);
    // Interaction belongs to the page, not to a slide.
    if let Ok(nodes) = copy.query_selector_all("[tabindex]") {
        for i in 0..nodes.length() {
            if let Some(el) = nodes
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
            {
                let _ = el.remove_attribute("tabindex");
                let _ = el.remove_attribute("role");
            }
        }
    }
    let style = document
        .create_element_ns(Some("http://www.w3.org/2000/svg"), "style")
        .map_err(js_error)?;
    style.set_text_content(Some(&tree_styles(&document)));
    let background = document
        .create_element_ns(Some("http://www.w3.org/2000/svg"), "rect")
        .map_err(js_error)?;
    for (k, v) in [("width", "100%"), ("height", "100%"), ("fill", "#ffffff")] {
        let _ = background.set_attribute(k, v);
    }
    let first = copy.first_child();
    copy.insert_before(&background, first.as_ref())
        .map_err(js_error)?;
    copy.insert_before(&style, Some(&background))
        .map_err(js_error)?;
    let text = web_sys::XmlSerializer::new()
        .and_then(|s| s.serialize_to_string(&copy))
        .map_err(js_error)?;
    Ok((
        format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{text}\n"),
        width,
        height,
    ))
}

/// Offers `blob` as a download called `name`.
fn download_blob(name: &str, blob: &web_sys::Blob) -> Result<(), String> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let url = web_sys::Url::create_object_url_with_blob(blob).map_err(js_error)?;
    let a = document
        .create_element("a")
        .map_err(js_error)?
        .dyn_into::<web_sys::HtmlAnchorElement>()
        .map_err(|_| "no link element")?;
    a.set_href(&url);
    a.set_download(name);
    a.click();
    // Let the download start before the address is revoked.
    gloo_timers::callback::Timeout::new(10_000, move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    })
    .forget();
    Ok(())
}

fn text_blob(text: &str, mime: &str) -> Result<web_sys::Blob, String> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(js_error)
}

/// Offers `text` as a download.
pub fn download_text(name: &str, mime: &str, text: &str) -> Result<(), String> {
    download_blob(name, &text_blob(text, mime)?)
}

/// Draws the SVG on a canvas and offers it as a PNG; `done` gets an error message, if any.
pub fn download_png(
    name: String,
    svg: &str,
    width: f64,
    height: f64,
    done: Callback<Option<String>>,
) -> Result<(), String> {
    let scale = 2f64
        .min((MAX_PNG_PIXELS / (width * height)).sqrt())
        .min(MAX_PNG_SIDE / width.max(height));
    let url = web_sys::Url::create_object_url_with_blob(&text_blob(svg, "image/svg+xml")?)
        .map_err(js_error)?;
    let image = web_sys::HtmlImageElement::new().map_err(js_error)?;
    let img = image.clone();
    let failed = done.clone();
    let src = url.clone();
    let onload = Closure::once(move || {
        let _ = web_sys::Url::revoke_object_url(&src);
        let draw = || -> Result<(), String> {
            let canvas = web_sys::window()
                .and_then(|w| w.document())
                .ok_or("no document")?
                .create_element("canvas")
                .map_err(js_error)?
                .dyn_into::<web_sys::HtmlCanvasElement>()
                .map_err(|_| "no canvas")?;
            canvas.set_width((width * scale).ceil() as u32);
            canvas.set_height((height * scale).ceil() as u32);
            let ctx = canvas
                .get_context("2d")
                .map_err(js_error)?
                .ok_or("no 2d canvas")?
                .dyn_into::<web_sys::CanvasRenderingContext2d>()
                .map_err(|_| "no 2d canvas")?;
            ctx.scale(scale, scale).map_err(js_error)?;
            ctx.draw_image_with_html_image_element_and_dw_and_dh(&img, 0.0, 0.0, width, height)
                .map_err(js_error)?;
            let done = done.clone();
            let on_blob = Closure::once(move |blob: Option<web_sys::Blob>| {
                done.emit(match blob {
                    Some(blob) => download_blob(&name, &blob).err(),
                    None => Some("the picture is too large for this browser".into()),
                });
            });
            canvas
                .to_blob(on_blob.as_ref().unchecked_ref())
                .map_err(js_error)?;
            on_blob.forget();
            Ok(())
        };
        if let Err(e) = draw() {
            done.emit(Some(e));
        }
    });
    let onerror = Closure::once(move || {
        failed.emit(Some(
            "the drawing could not be turned into a picture".into(),
        ));
    });
    image.set_onload(Some(onload.as_ref().unchecked_ref()));
    image.set_onerror(Some(onerror.as_ref().unchecked_ref()));
    onload.forget();
    onerror.forget();
    image.set_src(&url);
    Ok(())
}

/// JSON text of `value` (the browser's own `JSON.stringify`, indented).
pub fn to_json<T: serde::Serialize>(value: &T) -> String {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    value
        .serialize(&serializer)
        .map_err(|e| JsValue::from_str(&e.to_string()))
        .and_then(|v| {
            js_sys::JSON::stringify_with_replacer_and_space(&v, &JsValue::NULL, &JsValue::from(1))
        })
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_else(|| "{\"error\": \"the trace could not be written\"}".into())
}

/// The trace as JSON text, worked out when asked for (its code may have to be fetched first).
pub type TraceJson = Callback<(), std::pin::Pin<Box<dyn std::future::Future<Output = String>>>>;

/// Where a PNG's drawing tells an error, if any.
pub type Report = Callback<Option<String>>;

/// What the export buttons do. Fetched the first time a button is pressed
/// ([`export_code`]): a page's first view carries only the buttons.
pub struct ExportCode {
    /// Offers the drawing `selector` names as `name`.svg.
    pub svg: fn(&str, &str) -> Result<(), String>,
    /// Offers it as `name`.png; the callback gets an error message, if any (drawing a PNG
    /// ends later).
    pub png: fn(&str, &str, Report) -> Result<(), String>,
    /// Offers text as a download: name, type, text.
    pub text: fn(&str, &str, &str) -> Result<(), String>,
}

/// The export code (see [`ExportCode`]).
pub const EXPORT_CODE: ExportCode = ExportCode {
    svg: |selector, name| {
        let (svg, _, _) = svg_document(selector)?;
        download_text(&format!("{name}.svg"), "image/svg+xml", &svg)
    },
    png: |selector, name, done| {
        let (svg, w, h) = svg_document(selector)?;
        download_png(format!("{name}.png"), &svg, w, h, done)
    },
    text: download_text,
};

crate::later::later_part! {
    export;
    components {}
    code {
        export_code -> &'static ExportCode = &EXPORT_CODE;
    }
}

/// Props of [`ExportMenu`].
#[derive(Properties, PartialEq)]
pub struct ExportProps {
    /// CSS selector of the drawing to export.
    pub selector: AttrValue,
    /// File name without extension.
    pub name: AttrValue,
    /// The trace as JSON text (none: nothing to export yet).
    #[prop_or_default]
    pub trace: Option<TraceJson>,
}

/// What a button of the menu exports.
#[derive(Clone, Copy)]
enum Exported {
    Svg,
    Png,
    Trace,
}

/// "Export": SVG, PNG and the trace as JSON.
#[component]
pub fn ExportMenu(props: &ExportProps) -> Html {
    crate::renders::count("ExportMenu");
    let message = use_state(|| None::<String>);
    let report = {
        let message = message.clone();
        Callback::from(move |m: Option<String>| {
            message.set(m.map(|e| format!("Could not export: {e}.")))
        })
    };
    let on = |what: Exported| {
        let (selector, name, report) = (props.selector.clone(), props.name.clone(), report.clone());
        let trace = props.trace.clone();
        Callback::from(move |_: MouseEvent| {
            let (selector, name, report) = (selector.clone(), name.clone(), report.clone());
            let trace = trace.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let Ok(code) = export_code().await else {
                    report.emit(Some(
                        "its code could not be fetched: check the connection".into(),
                    ));
                    return;
                };
                let done = match what {
                    Exported::Svg => (code.svg)(&selector, &name),
                    Exported::Png => (code.png)(&selector, &name, report.clone()),
                    Exported::Trace => match trace {
                        Some(trace) => {
                            let json = trace.emit(()).await;
                            (code.text)(&format!("{name}-trace.json"), "application/json", &json)
                        }
                        None => Ok(()),
                    },
                };
                // A PNG reports when it is drawn.
                if !matches!(what, Exported::Png) || done.is_err() {
                    report.emit(done.err());
                }
            });
        })
    };
    html! {
        <div class="export" role="group" aria-label="Export">
            <span class="export-label">{ "Export:" }</span>
            <button type="button" onclick={on(Exported::Svg)} aria-label="Export SVG" title="The tree as drawn now, as an SVG file">{ "SVG" }</button>
            <button type="button" onclick={on(Exported::Png)} aria-label="Export PNG" title="The tree as drawn now, as a PNG picture">{ "PNG" }</button>
            if props.trace.is_some() {
                <button type="button" onclick={on(Exported::Trace)} aria-label="Export trace (JSON)" title="Every event of the search, as JSON">{ "Trace (JSON)" }</button>
            }
            if let Some(m) = &*message {
                <span class="error" role="alert">{ m.clone() }</span>
            }
        </div>
    }
}
