//! Worksheet pictures as standalone SVG markup: a tree laid out by [`arbor_layout::tidy`],
//! black on white, MAX as ▲, MIN as ▼, chance nodes as ○, leaves as boxes with their values,
//! search nodes as circles (the goal a double circle); pruned edges dashed so the picture reads
//! in black and white; text in the system's sans-serif font; no scripts.

/// A standalone SVG picture: the markup of one `<svg>` element with `viewBox`, `width` and
/// `height`, `role="img"`, an `aria-label` and a `<title>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Svg(pub String);

/// How a node is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A MAX node: a triangle pointing up.
    Max,
    /// A MIN node: a triangle pointing down.
    Min,
    /// A chance node: a circle.
    Chance,
    /// A game tree's leaf: a box holding its value.
    Leaf,
    /// A search node: a circle holding its name.
    Node,
    /// A search problem's goal: a double circle.
    Goal,
}

/// A tree to draw, node by node (node 0 the root; every other node a child of one node).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Picture {
    /// What the picture shows, for the `<title>` and `aria-label`.
    pub title: String,
    /// Each node's children, left to right.
    pub children: Vec<Vec<usize>>,
    /// Each node's shape.
    pub shape: Vec<Shape>,
    /// The text in (or at) each node: a leaf's value, a value in the key, a search node's name.
    pub text: Vec<String>,
    /// A small name beside each node (its label), or nothing.
    pub name: Vec<String>,
    /// Small text below each node: a leaf's number, a heuristic value, an expansion's place.
    pub note: Vec<String>,
    /// The text on the edge into each node: a probability, a step cost.
    pub edge: Vec<String>,
    /// Whether the edge into each node (and the node) is drawn dashed: pruned.
    pub dashed: Vec<bool>,
}

impl Picture {
    /// A picture of `n` nodes with the given children, every other field empty (to fill in).
    pub fn new(title: impl Into<String>, children: Vec<Vec<usize>>, shape: Vec<Shape>) -> Self {
        let n = children.len();
        Picture {
            title: title.into(),
            children,
            shape,
            text: vec![String::new(); n],
            name: vec![String::new(); n],
            note: vec![String::new(); n],
            edge: vec![String::new(); n],
            dashed: vec![false; n],
        }
    }
}

/// Pixels between neighbouring nodes.
const UNIT: f64 = 46.0;
/// Pixels between levels.
const LEVEL: f64 = 72.0;
/// Pixels around the tree.
const MARGIN: f64 = 34.0;
/// The font: the system's sans-serif.
const FONT: &str = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/// Escapes text for XML: `&`, `<`, `>`, `"` and `'`.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Control characters are not allowed in XML 1.0.
            c if c.is_control() && c != '\n' && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

/// A number for an SVG attribute: at most one decimal.
fn n(v: f64) -> String {
    let t = format!("{:.1}", v);
    t.strip_suffix(".0").map_or(t.clone(), str::to_string)
}

/// The picture as one line of SVG markup (no line breaks, so it sits in Markdown as raw HTML).
pub fn draw(p: &Picture) -> Svg {
    let layout = arbor_layout::tidy(&p.children);
    let width = layout.width * UNIT + 2.0 * MARGIN;
    let height = f64::from(layout.height) * LEVEL + 2.0 * MARGIN + 14.0;
    let at = |i: usize| {
        (
            MARGIN + layout.x[i] * UNIT,
            MARGIN + 6.0 + f64::from(layout.depth[i]) * LEVEL,
        )
    };
    let title = escape(&p.title);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" \
         role=\"img\" aria-label=\"{title}\" style=\"max-width:100%;height:auto\">\
         <title>{title}</title><rect width=\"100%\" height=\"100%\" fill=\"white\"/>\
         <g font-family=\"{font}\" font-size=\"13\" text-anchor=\"middle\" fill=\"black\" stroke-linejoin=\"round\">",
        w = n(width),
        h = n(height),
        font = escape(FONT),
    );
    for (parent, kids) in p.children.iter().enumerate() {
        for &c in kids {
            out.push_str(&edge(p, at(parent), at(c), c));
        }
    }
    for i in 0..p.children.len() {
        out.push_str(&node(p, at(i), i));
    }
    out.push_str("</g></svg>");
    Svg(out)
}

/// The edge from a parent at `a` to child `c` at `b`, with its label.
fn edge(p: &Picture, a: (f64, f64), b: (f64, f64), c: usize) -> String {
    let dash = if p.dashed[c] {
        " stroke-dasharray=\"5 4\""
    } else {
        ""
    };
    let mut out = format!(
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"black\" stroke-width=\"1.3\"{dash}/>",
        n(a.0),
        n(a.1 + 14.0),
        n(b.0),
        n(b.1 - 14.0)
    );
    if !p.edge[c].is_empty() {
        let (mx, my) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        // Beside the edge, on the side away from the parent's centre line.
        let (dx, anchor) = if b.0 < a.0 - 0.5 {
            (-5.0, "end")
        } else {
            (5.0, "start")
        };
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"{anchor}\" stroke=\"white\" \
             stroke-width=\"3\" paint-order=\"stroke\">{}</text>",
            n(mx + dx),
            n(my + 4.0),
            escape(&p.edge[c])
        ));
    }
    out
}

/// A node's outline at `(x, y)` drawn with `style`, and the baseline of the text inside it.
fn outline(shape: Shape, (x, y): (f64, f64), style: &str) -> (String, f64) {
    match shape {
        Shape::Max => (
            format!(
                "<polygon points=\"{},{} {},{} {},{}\" {style}/>",
                n(x),
                n(y - 16.0),
                n(x - 18.0),
                n(y + 13.0),
                n(x + 18.0),
                n(y + 13.0)
            ),
            y + 9.0,
        ),
        Shape::Min => (
            format!(
                "<polygon points=\"{},{} {},{} {},{}\" {style}/>",
                n(x - 18.0),
                n(y - 13.0),
                n(x + 18.0),
                n(y - 13.0),
                n(x),
                n(y + 16.0)
            ),
            y - 1.0,
        ),
        Shape::Chance | Shape::Node => (
            format!("<circle cx=\"{}\" cy=\"{}\" r=\"14\" {style}/>", n(x), n(y)),
            y + 4.5,
        ),
        Shape::Goal => (
            format!(
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"14\" {style}/><circle cx=\"{x}\" cy=\"{y}\" r=\"10.5\" {style}/>",
                x = n(x),
                y = n(y)
            ),
            y + 4.5,
        ),
        Shape::Leaf => (
            format!(
                "<rect x=\"{}\" y=\"{}\" width=\"30\" height=\"22\" {style}/>",
                n(x - 15.0),
                n(y - 11.0)
            ),
            y + 4.5,
        ),
    }
}

/// Node `i` at `(x, y)`: its shape, text, name and note.
fn node(p: &Picture, (x, y): (f64, f64), i: usize) -> String {
    let dash = if p.dashed[i] {
        " stroke-dasharray=\"4 3\""
    } else {
        ""
    };
    let style = format!("fill=\"white\" stroke=\"black\" stroke-width=\"1.5\"{dash}");
    let (shape, text_y) = outline(p.shape[i], (x, y), &style);
    let mut out = shape;
    if !p.text[i].is_empty() {
        let size = if p.text[i].chars().count() > 3 {
            " font-size=\"10\""
        } else {
            ""
        };
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\"{size}>{}</text>",
            n(x),
            n(text_y),
            escape(&p.text[i])
        ));
    }
    if !p.name[i].is_empty() {
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"end\" font-style=\"italic\">{}</text>",
            n(x - 19.0),
            n(y - 8.0),
            escape(&p.name[i])
        ));
    }
    if !p.note[i].is_empty() {
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"10\" font-style=\"italic\">{}</text>",
            n(x),
            n(y + 28.0),
            escape(&p.note[i])
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_for_xml() {
        assert_eq!(
            escape("a < b & \"c\" > 'd'"),
            "a &lt; b &amp; &quot;c&quot; &gt; &#39;d&#39;"
        );
        assert_eq!(escape("≤3 ▲"), "≤3 ▲");
        assert_eq!(escape("x\u{1}y"), "xy");
    }

    /// Whether `svg` is one `<svg>` element whose tags nest and close, with no `<` or `&` in
    /// text other than tags and entities: well-formed enough to paste into HTML or Markdown.
    fn well_formed(svg: &str) -> Result<(), String> {
        let mut stack: Vec<&str> = Vec::new();
        let mut rest = svg;
        let mut first = true;
        while let Some(open) = rest.find('<') {
            let text = &rest[..open];
            if let Some(amp) = text.find('&') {
                let entity = &text[amp..];
                if !["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"]
                    .iter()
                    .any(|e| entity.starts_with(e))
                {
                    return Err(format!("a bare & in {text}"));
                }
            }
            if !first && stack.is_empty() {
                return Err(format!("text or tags after the root: {rest}"));
            }
            let close = rest[open..].find('>').ok_or("an unclosed tag")? + open;
            let tag = &rest[open + 1..close];
            if tag.contains('<') {
                return Err(format!("< inside a tag: {tag}"));
            }
            if let Some(name) = tag.strip_prefix('/') {
                if stack.pop() != Some(name) {
                    return Err(format!("</{name}> closes nothing open"));
                }
            } else if !tag.ends_with('/') {
                let name = tag.split(' ').next().unwrap_or("");
                if first && name != "svg" {
                    return Err(format!("the root is <{name}>"));
                }
                stack.push(name);
            }
            first = false;
            rest = &rest[close + 1..];
        }
        if !stack.is_empty() || !rest.is_empty() {
            return Err(format!("left open: {stack:?}"));
        }
        Ok(())
    }

    /// Every picture of every kind of sheet at every level.
    #[test]
    fn every_sheet_picture_is_well_formed() {
        for kind in crate::worksheet::KINDS {
            for level in crate::worksheet::LEVELS {
                let settings = crate::worksheet::Settings {
                    kind,
                    level,
                    n: 5,
                    ..Default::default()
                };
                for e in crate::worksheet::sheet(&settings).exercises {
                    for Svg(svg) in std::iter::once(&e.figure).chain(&e.answer.figure) {
                        assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>"));
                        assert!(svg.contains(" viewBox=\"0 0 ") && svg.contains("<title>"));
                        assert!(!svg.contains("<script"));
                        assert!(!svg
                            .split(' ')
                            .any(|w| w.starts_with("on") && w.contains('=')));
                        well_formed(svg).unwrap_or_else(|e| panic!("{e} in {svg}"));
                    }
                }
            }
        }
        assert!(well_formed("<svg><g></svg>").is_err());
        assert!(well_formed("<svg>a & b</svg>").is_err());
        assert!(well_formed("<svg><text>1</text></svg><p/>").is_err());
    }

    #[test]
    fn a_picture_is_one_standalone_svg() {
        let mut p = Picture::new(
            "A <tree> & more",
            vec![vec![1, 2], vec![], vec![]],
            vec![Shape::Max, Shape::Leaf, Shape::Leaf],
        );
        p.text = vec![String::new(), "3".into(), "<9>".into()];
        p.dashed[2] = true;
        p.edge[1] = "1/2".into();
        let Svg(svg) = draw(&p);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 "));
        assert!(svg.ends_with("</svg>"));
        assert!(!svg.contains('\n'));
        assert!(svg.contains("role=\"img\""));
        assert!(svg.contains("aria-label=\"A &lt;tree&gt; &amp; more\""));
        assert!(svg.contains("<title>A &lt;tree&gt; &amp; more</title>"));
        assert!(svg.contains("&lt;9&gt;") && !svg.contains("<9>"));
        assert!(svg.contains("stroke-dasharray"));
        assert!(!svg.contains("<script"));
        well_formed(&svg).unwrap();
        // The picture holds the whole tree: width and height match the viewBox.
        let view = svg.split("viewBox=\"").nth(1).unwrap();
        let dims: Vec<&str> = view.split('"').next().unwrap().split(' ').collect();
        assert!(svg.contains(&format!("width=\"{}\" height=\"{}\"", dims[2], dims[3])));
    }
}
