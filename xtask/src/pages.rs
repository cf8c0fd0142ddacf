//! The build's part in the page registry (`arbor_app::pages`): the header `index.html` shows
//! while the app loads is written from it, and the list of pages the end-to-end sweeps open.

use std::path::Path;

use arbor_app::pages::{boot_nav_html, later_parts_drawn, part_name, PAGES};
use arbor_app::route::Route;

use crate::split::SplitApp;

/// Where the loading header's navigation goes in `index.html`.
const NAV_OPEN: &str = "<nav aria-label=\"Views\">";

/// Writes the registry's navigation and the split app's start into `dist/index.html`, and the
/// page list into `dist/pages.json`.
pub fn write(dist: &Path, app: &SplitApp) -> Result<(), String> {
    let index = dist.join("index.html");
    let html = std::fs::read_to_string(&index).map_err(|e| format!("{}: {e}", index.display()))?;
    let html = with_nav(&html)?;
    let html = crate::minify::html(&with_app(&html, app)?);
    std::fs::write(&index, html).map_err(|e| format!("{}: {e}", index.display()))?;
    let json = pages_json();
    std::fs::write(dist.join("pages.json"), json).map_err(|e| e.to_string())
}

/// `html` with the loading header's navigation replaced by the registry's.
pub fn with_nav(html: &str) -> Result<String, String> {
    let start = html
        .find(NAV_OPEN)
        .ok_or("index.html has no <nav aria-label=\"Views\"> for the pages")?
        + NAV_OPEN.len();
    let end = html[start..]
        .find("</nav>")
        .ok_or("index.html's navigation is not closed")?
        + start;
    Ok(format!(
        "{}{}{}",
        &html[..start],
        boot_nav_html(),
        &html[end..]
    ))
}

/// Each page's route path (`alphabeta` for `#/alphabeta`, empty for home) and its part's
/// name (`arbor_app::pages::part_name`).
pub fn route_parts() -> Vec<(String, String)> {
    PAGES
        .iter()
        .map(|p| {
            let hash = Route::new(p.view.clone()).to_hash();
            (hash.trim_start_matches("#/").to_string(), part_name(p.view))
        })
        .collect()
}

/// `html` with the split app's start before `</head>`: every page of the registry must have
/// its part.
fn with_app(html: &str, app: &SplitApp) -> Result<String, String> {
    let routes = route_parts();
    for (path, part) in &routes {
        if !app.parts.contains(&format!("part-{part}.bin")) {
            return Err(format!(
                "the page #/{path} has no part {part}: add its split point to web/src/parts.rs"
            ));
        }
    }
    let html = without_trunk_app(html)?;
    let at = html.find("</head>").ok_or("index.html has no </head>")?;
    Ok(format!(
        "{}{}{}",
        &html[..at],
        crate::split::head_html(app, &routes),
        &html[at..]
    ))
}

/// `html` without what Trunk wrote to start its unsplit copy of the app: its module script
/// and its two preloads.
fn without_trunk_app(html: &str) -> Result<String, String> {
    let mut html = html.to_string();
    let script = html
        .find("<script type=\"module\">\nimport init, * as bindings from './arbor-web-")
        .ok_or("index.html has no module script of Trunk's for arbor-web")?;
    let end = html[script..]
        .find("</script>")
        .ok_or("Trunk's module script is not closed")?
        + script
        + "</script>".len();
    html.replace_range(script..end, "");
    for start in [
        "<link rel=\"modulepreload\" href=\"./arbor-web-",
        "<link rel=\"preload\" href=\"./arbor-web-",
    ] {
        let at = html
            .find(start)
            .ok_or_else(|| format!("index.html has no {start}…> of Trunk's"))?;
        let end = html[at..].find('>').ok_or("an unclosed link")? + at + 1;
        html.replace_range(at..end, "");
    }
    Ok(html)
}

/// Every page as JSON: `[{"route": "#/alphabeta", "title": "…", "nav": "…"}, …]`.
pub fn pages_json() -> String {
    let quote = |s: &str| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
    let items: Vec<String> = PAGES
        .iter()
        .map(|p| {
            // The parts its first view is drawn from: its own, and any later part.
            let parts: Vec<String> = std::iter::once(part_name(p.view))
                .chain(later_parts_drawn(p.view).iter().map(|s| s.to_string()))
                .map(|s| quote(&s))
                .collect();
            format!(
                "{{\"route\": {}, \"title\": {}, \"nav\": {}, \"parts\": [{}]}}",
                quote(&Route::new(p.view.clone()).to_hash()),
                quote(p.title),
                p.nav.map_or("null".into(), |n| quote(&n.full())),
                parts.join(", ")
            )
        })
        .collect();
    format!("[\n  {}\n]\n", items.join(",\n  "))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The loading header lists every page of the registry, whatever `index.html` held.
    #[test]
    fn the_loading_header_lists_every_page() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let source = std::fs::read_to_string(root.join("index.html")).unwrap();
        let built = with_nav(&source).unwrap();
        for p in PAGES.iter().filter(|p| p.nav.is_some()) {
            let href = format!("href=\"{}\"", Route::new(p.view.clone()).to_hash());
            assert!(
                built.contains(&href),
                "{href} is missing from the loading header"
            );
        }
        assert!(pages_json().contains("\"route\": \"#/heuristics\""));
    }
}
