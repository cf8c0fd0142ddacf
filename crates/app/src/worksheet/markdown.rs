//! A sheet as Markdown for course notes: the exercises with their pictures inline (raw HTML),
//! each linked to Practice, then the answer key after a page break.

use super::sheet::Sheet;

/// The page-break marker before the answer key.
pub const PAGE_BREAK: &str = "<div style=\"page-break-before: always\"></div>";

/// The Practice link of an exercise, relative to the site's `index.html`.
fn practice_link(route: &crate::route::Route) -> String {
    format!("index.html{}", route.to_link())
}

/// The sheet as Markdown: title, instructions, the numbered exercises each with its SVG and a
/// link to Practice, then (`with_key`) the answer key after a page break.
pub fn markdown(sheet: &Sheet, with_key: bool) -> String {
    let mut out = format!("# {}\n\n{}\n", sheet.title, sheet.instructions);
    for e in &sheet.exercises {
        out.push_str(&format!("\n## Exercise {}\n\n{}\n\n", e.number, e.question));
        out.push_str(&format!("<div>{}</div>\n\n", e.figure.0));
        if let Some(tree) = &e.tree {
            out.push_str(&format!("Tree: `{tree}`\n\n"));
        }
        out.push_str(&format!(
            "[Check yourself in Practice]({})\n",
            practice_link(&e.practice)
        ));
    }
    if with_key {
        out.push_str(&format!("\n{PAGE_BREAK}\n\n## Answer key\n"));
        for e in &sheet.exercises {
            out.push_str(&format!("\n### Exercise {}\n\n", e.number));
            for line in &e.answer.lines {
                out.push_str(&format!("- {line}\n"));
            }
            if let Some(f) = &e.answer.figure {
                out.push_str(&format!("\n<div>{}</div>\n", f.0));
            }
        }
    }
    out
}
