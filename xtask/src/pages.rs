//! The build's part in the page registry (`arbor_app::pages`): the header `index.html` shows
//! while the app loads is written from it, and the list of pages the end-to-end sweeps open.

use std::path::Path;

use arbor_app::pages::{boot_nav_html, PAGES};
use arbor_app::route::Route;

/// Where the loading header's navigation goes in `index.html`.
const NAV_OPEN: &str = "<nav aria-label=\"Views\">";

/// Writes the registry's navigation into `dist/index.html` and the page list into
/// `dist/pages.json`.
pub fn write(dist: &Path) -> Result<(), String> {
    let index = dist.join("index.html");
    let html = std::fs::read_to_string(&index).map_err(|e| format!("{}: {e}", index.display()))?;
    let html = with_nav(&html)?;
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

/// Every page as JSON: `[{"route": "#/alphabeta", "title": "…", "nav": "…"}, …]`.
pub fn pages_json() -> String {
    let quote = |s: &str| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
    let items: Vec<String> = PAGES
        .iter()
        .map(|p| {
            format!(
                "{{\"route\": {}, \"title\": {}, \"nav\": {}}}",
                quote(&Route::new(p.view.clone()).to_hash()),
                quote(p.title),
                p.nav.map_or("null".into(), |n| quote(&n.full()))
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
