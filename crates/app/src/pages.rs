//! The registry of Arbor's pages: one table says, per page, its route, its title, its label in
//! the site's navigation, its card on the home page, its title when embedded, and the URL
//! parameters it reads. The live navigation, the header `index.html` shows while the app loads
//! (written at build from this table), the home page, the teachers' page, the embed snippet's
//! title, the route fuzz target and the end-to-end route sweeps all take their list from here;
//! tests fail when a view is missing from it.

use crate::route::{escape_attribute, Route, View};
use crate::url::{canonical, Param, ReadLink};

/// One page of the site.
#[derive(Clone, Copy, Debug)]
pub struct Page {
    /// Its view, and so its route (`#/` and the view's slug).
    pub view: &'static View,
    /// What it is, for the browser's tab and history (" — Arbor" is added) and its heading.
    pub title: &'static str,
    /// Its label in the site's navigation (`None`: not in it), with the part a narrow screen
    /// drops first ("For teachers" reads "teachers" on a phone).
    pub nav: Option<NavLabel>,
    /// The `title` of an `<iframe>` embedding it.
    pub embed_title: &'static str,
}

/// A navigation label: the words always shown, and a prefix dropped on narrow screens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NavLabel {
    /// Shown before the label on wide screens only ("For ").
    pub long_prefix: &'static str,
    /// Always shown.
    pub label: &'static str,
}

impl NavLabel {
    /// The whole label, as a wide screen shows it.
    pub fn full(&self) -> String {
        format!("{}{}", self.long_prefix, self.label)
    }
}

const fn nav(label: &'static str) -> Option<NavLabel> {
    Some(NavLabel {
        long_prefix: "",
        label,
    })
}

/// Every page, the home page first, then in the navigation's order.
pub const PAGES: &[Page] = &[
    Page {
        view: &View::Home,
        title: "See how AI search thinks",
        nav: None,
        embed_title: "Arbor",
    },
    Page {
        view: &View::AlphaBeta,
        title: "Alpha-beta, step by step",
        nav: nav("Alpha-beta"),
        embed_title: "Arbor: alpha-beta stepper",
    },
    Page {
        view: &View::Chance,
        title: "Chance nodes, step by step",
        nav: nav("Chance"),
        embed_title: "Arbor: chance nodes stepper",
    },
    Page {
        view: &View::Mcts,
        title: "Monte Carlo tree search, step by step",
        nav: nav("MCTS"),
        embed_title: "Arbor: Monte Carlo tree search stepper",
    },
    Page {
        view: &View::Search,
        title: "Search, step by step",
        nav: nav("Search"),
        embed_title: "Arbor: search visualiser",
    },
    Page {
        view: &View::Heuristics,
        title: "Heuristics lab",
        nav: nav("Heuristics"),
        embed_title: "Arbor: heuristics lab",
    },
    Page {
        view: &View::Play,
        title: "Play against the AI",
        nav: nav("Play"),
        embed_title: "Arbor: play against the AI",
    },
    Page {
        view: &View::Practice,
        title: "Practice",
        nav: nav("Practice"),
        embed_title: "Arbor: practice",
    },
    Page {
        view: &View::Teachers,
        title: "For teachers",
        nav: Some(NavLabel {
            long_prefix: "For ",
            label: "teachers",
        }),
        embed_title: "Arbor: for teachers",
    },
    Page {
        view: &View::Tours,
        title: "Guided tours",
        // (In the header's Teach menu, with lecture mode.)
        nav: None,
        embed_title: "Arbor: guided tours",
    },
    Page {
        view: &View::Tour,
        title: "A guided tour",
        nav: None,
        embed_title: "Arbor: a guided tour",
    },
    Page {
        view: &View::Worksheet,
        title: "Worksheet",
        nav: None,
        embed_title: "Arbor: worksheet",
    },
    Page {
        view: &View::Maps,
        title: "Benchmark maps",
        // (Reached from the search page's grid settings and the teachers' page.)
        nav: None,
        embed_title: "Arbor: benchmark maps",
    },
];

/// The registry's entry for a view (`None` for a page not found).
pub fn page(view: &View) -> Option<&'static Page> {
    PAGES.iter().find(|p| p.view == view)
}

/// The name of the part of the app's module that holds `view`'s page (issue 36): its route's
/// first path segment, `home` for the home page. The build names the page's file after it
/// (`part-<name>.bin`) and the app's split point is named so.
pub fn part_name(view: &View) -> String {
    // The benchmark maps page is drawn from the search page's part (its later part, with the
    // grid's tools): each split point costs every page's first visit some 2 KB in the
    // splitter's loader and pieces, so a page closely tied to another shares its part.
    let view = if *view == View::Maps {
        &View::Search
    } else {
        view
    };
    let hash = Route::new(view.clone()).to_hash();
    let path = hash.trim_start_matches("#/");
    let first = path.split(['?', '/']).next().unwrap_or("");
    if first.is_empty() { "home" } else { first }.to_string()
}

/// The later parts a view's first view draws from, beyond its part: the maps page is drawn
/// from the search page's later part (`search_tools`, in `web/src/search/mod.rs`).
pub fn later_parts_drawn(view: &View) -> &'static [&'static str] {
    match view {
        View::Maps => &["search_tools"],
        _ => &[],
    }
}

/// The browser tab's title for a view: what the page is, then Arbor.
pub fn tab_title(view: &View) -> String {
    match (view, page(view)) {
        (View::Home, _) => "Arbor — see how AI search thinks".to_string(),
        (_, Some(p)) => format!("{} — Arbor", p.title),
        _ => "Page not found — Arbor".to_string(),
    }
}

/// One line on what a page is for, on the home page's card (`None`: no card). Kept out of
/// [`PAGES`], which the app's shell holds: only the home page's part carries these words.
pub fn card(view: &View) -> Option<&'static str> {
    Some(match view {
        View::AlphaBeta => "Step minimax and alpha-beta on any tree, with (α, β) at every node and pruned branches cut.",
        View::Chance => "Expectimax and expectiminimax on trees with chance nodes: the expectation forming, Star1 pruning.",
        View::Mcts => "Monte Carlo tree search, phase by phase: UCB1's terms, playouts, and visit shares against minimax.",
        View::Search => "BFS, DFS, iterative deepening, uniform cost, greedy, A* and IDA* on trees, puzzles, the blocks world and grids.",
        View::Heuristics => "Compare heuristics on the sliding puzzle: every estimate beside the true distance, pattern databases, Korf's 100, the textbook's b* table.",
        View::Play => "Tic-tac-toe, connect four and Nim against the AI — then open the tree behind its move.",
        View::Practice => "Predict what the search does — what alpha-beta prunes, the node taken next, a chance node's worth, UCB1's choice — and Arbor checks it against the engine.",
        View::Teachers => "Every view is a link: embed it in a course page, and open every worked example of the course notes.",
        View::Tours => "Guided tours: a worked example stop by stop, with the teacher's words beside it — or write your own and share it.",
        View::Worksheet => "Worksheets to print: alpha-beta, minimax, search orders, expectimax and UCB1 exercises, with the answer key after a page break.",
        View::Maps => "A* and Jump Point Search on the Moving AI benchmark maps, each length checked against the published one.",
        _ => return None,
    })
}

/// Who should start at a page, if anyone: a first step offered on the home page (kept out of
/// [`PAGES`] as [`card`] is).
pub fn start_line(view: &View) -> Option<&'static str> {
    Some(match view {
        View::AlphaBeta => "Students: start here — step the textbook's tree and watch which branches alpha-beta never looks at.",
        View::Teachers => "Teachers: start here — every seed example as a ready link, and how to embed a view in a course page.",
        _ => return None,
    })
}

/// The parameters of a view (the common ones not included). Kept out of [`PAGES`], which the
/// app's shell holds: the shell carries no page's documentation (issue 36).
pub fn params(view: &View) -> &'static [Param] {
    match view {
        View::AlphaBeta => crate::alphabeta::PARAMS,
        View::Chance => crate::chance::PARAMS,
        View::Mcts => crate::mcts::PARAMS,
        View::Search => crate::search::PARAMS,
        View::Heuristics => crate::heuristics::PARAMS,
        View::Play => crate::play::PARAMS,
        View::Practice => crate::practice::PARAMS,
        View::Tour => crate::tours::page::PARAMS,
        View::Worksheet => crate::worksheet::PARAMS,
        View::Maps => crate::maps::PARAMS,
        View::Home | View::Teachers | View::Tours | View::NotFound(_) => &[],
    }
}

/// How a view reads its link into its settings and writes them back (`None`: it has none).
/// Kept out of [`PAGES`] too: a function pointer in the table would bring every page's link
/// parsing into the shell, where nothing calls it (each page reads its link in its own part).
pub fn link_reader(view: &View) -> Option<ReadLink> {
    Some(match view {
        View::AlphaBeta => canonical::<crate::alphabeta::Settings>,
        View::Chance => canonical::<crate::chance::ChanceSettings>,
        View::Mcts => canonical::<crate::mcts::MctsSettings>,
        View::Search => canonical::<crate::search::Settings>,
        View::Heuristics => canonical::<crate::heuristics::page::Settings>,
        View::Play => canonical::<crate::play::Setup>,
        View::Practice => canonical::<crate::practice::Settings>,
        View::Tour => canonical::<crate::tours::page::Settings>,
        View::Worksheet => canonical::<crate::worksheet::Settings>,
        View::Maps => canonical::<crate::maps::Settings>,
        View::Home | View::Teachers | View::Tours | View::NotFound(_) => return None,
    })
}

/// True if `name` is documented for `view`.
pub fn documented(view: &View, name: &str) -> bool {
    params(view)
        .iter()
        .chain(crate::url::COMMON_PARAMS)
        .any(|p| p.name.split(", ").any(|n| n == name))
}

/// Frame sizes offered in the Embed dialog (CSS pixels).
pub const EMBED_SIZES: [(u32, u32); 3] = [(600, 400), (800, 600), (1000, 700)];

/// The `<iframe>` that embeds `route` of the app at `base` (its address without the hash).
/// Everything from the link is escaped for an HTML attribute.
pub fn embed_snippet(base: &str, route: &Route, (width, height): (u32, u32)) -> String {
    let mut route = route.without_embed();
    route.set("embed", "1");
    let title = page(&route.view).map_or("Arbor", |p| p.embed_title);
    format!(
        "<iframe src=\"{}\" width=\"{width}\" height=\"{height}\" title=\"{title}\" \
         style=\"border: 1px solid #d5d9e0; max-width: 100%\" loading=\"lazy\"></iframe>",
        escape_attribute(&format!("{base}{}", route.to_link()))
    )
}

/// The navigation as plain HTML links, for the header `index.html` shows while the app loads
/// (the build writes it there).
pub fn boot_nav_html() -> String {
    PAGES
        .iter()
        .filter_map(|p| {
            let label = p.nav?;
            let href = Route::new(p.view.clone()).to_hash();
            Some(if label.long_prefix.is_empty() {
                format!("<a href=\"{href}\">{}</a>", label.label)
            } else {
                format!(
                    "<a href=\"{href}\"><span class=\"long\">{}</span>{}</a>",
                    label.long_prefix, label.label
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every view a route can name has its page here, once; every page but home is in the
    /// navigation and on the home page, and embeds with its own title.
    /// Each page's part has a name of its own, a Rust identifier (the app's split point is
    /// named so, and the build its file): the home page's is `home`.
    #[test]
    fn every_page_has_a_part_name_of_its_own() {
        // (The maps page is drawn from the search page's part: see `part_name`.)
        let names: Vec<String> = PAGES
            .iter()
            .filter(|p| *p.view != View::Maps)
            .map(|p| part_name(p.view))
            .collect();
        assert_eq!(part_name(&View::Home), "home");
        assert_eq!(part_name(&View::AlphaBeta), "alphabeta");
        assert_eq!(part_name(&View::Maps), "search");
        for n in &names {
            assert!(
                !n.is_empty() && n.bytes().all(|b| b.is_ascii_lowercase()),
                "{n}"
            );
            assert_eq!(names.iter().filter(|m| *m == n).count(), 1, "{n} twice");
        }
    }

    #[test]
    fn every_view_is_registered_once_with_every_part() {
        let views = [
            View::Home,
            View::AlphaBeta,
            View::Chance,
            View::Mcts,
            View::Search,
            View::Heuristics,
            View::Play,
            View::Practice,
            View::Teachers,
            View::Tours,
            View::Tour,
            View::Worksheet,
            View::Maps,
        ];
        // Each view reads back from its slug: a new view must be added to this list.
        for v in &views {
            assert_eq!(&Route::parse(&Route::new(v.clone()).to_hash()).view, v);
        }
        assert_eq!(PAGES.len(), views.len());
        for v in &views {
            assert_eq!(PAGES.iter().filter(|p| p.view == v).count(), 1, "{v:?}");
        }
        // The tours are in the header's Teach menu; a tour and a worksheet are reached from the
        // tours and the teachers' pages (and from their cards); every other page is in the
        // navigation and has a card.
        let reached_otherwise = [
            View::Home,
            View::Tours,
            View::Tour,
            View::Worksheet,
            View::Maps,
        ];
        for p in PAGES.iter().filter(|p| !reached_otherwise.contains(p.view)) {
            assert!(p.nav.is_some(), "{:?} is not in the navigation", p.view);
            assert!(card(p.view).is_some(), "{:?} has no card", p.view);
            assert!(p.embed_title.starts_with("Arbor: "), "{:?}", p.view);
            let nav = boot_nav_html();
            assert!(
                nav.contains(&format!(
                    "href=\"{}\"",
                    Route::new(p.view.clone()).to_hash()
                )),
                "{:?} is not in the loading header's navigation",
                p.view
            );
        }
        assert!(
            PAGES
                .iter()
                .filter(|p| start_line(p.view).is_some())
                .count()
                >= 2
        );
    }

    /// The link a page writes reads back as the same link, without a complaint, whatever link
    /// it was read from (the route fuzz target checks this on random links; these are the ones
    /// it found).
    #[test]
    fn every_page_writes_a_link_it_reads_back() {
        for link in [
            "#/x?problem=puzzle&size=0x4&til&goal=first&h=man",
            "#/x?problem=puzzle&size=9x9",
            "#/x?root=max&preset=seed000-min-root&order=worst&algo=minimax",
            "#/x?game=nim&piles=3,4&think=7&p2=threats6",
        ] {
            for page in PAGES {
                let Some(read) = link_reader(page.view) else {
                    continue;
                };
                let mut route = Route::parse(link);
                route.view = page.view.clone();
                let (written, _) = read(&route);
                let (again, warnings) = read(&Route::parse(&written.to_hash()));
                assert!(
                    warnings.is_empty(),
                    "{link} on {:?}: {warnings:?}",
                    page.view
                );
                assert_eq!(again, written, "{link} on {:?}", page.view);
            }
        }
    }

    /// Every stop of every shipped tour is a link its page reads without a complaint.
    #[test]
    fn every_shipped_tour_stop_reads_without_a_warning() {
        for s in crate::tours::shipped() {
            for (i, stop) in s.tour.stops.iter().enumerate() {
                let route = stop.route();
                let read = link_reader(&route.view)
                    .unwrap_or_else(|| panic!("{} stop {i}: no reader", s.id));
                let (_, warnings) = read(&route);
                assert!(warnings.is_empty(), "{} stop {i}: {warnings:?}", s.id);
            }
        }
    }

    #[test]
    fn every_page_has_its_own_tab_title() {
        let titles: std::collections::HashSet<String> = PAGES
            .iter()
            .map(|p| tab_title(p.view))
            .chain([tab_title(&View::NotFound("x".into()))])
            .collect();
        assert_eq!(titles.len(), PAGES.len() + 1);
        assert!(titles.iter().all(|t| t.contains("Arbor")));
    }

    #[test]
    fn titles_and_snippets_come_from_the_table() {
        assert_eq!(
            tab_title(&View::Chance),
            "Chance nodes, step by step — Arbor"
        );
        assert_eq!(
            tab_title(&View::NotFound("x".into())),
            "Page not found — Arbor"
        );
        let s = embed_snippet(
            "https://c.edu/arbor/",
            &Route::parse("#/heuristics"),
            (600, 400),
        );
        assert!(s.contains("title=\"Arbor: heuristics lab\""), "{s}");
    }

    #[test]
    fn embed_snippets_escape_the_link() {
        let mut route = Route::new(View::AlphaBeta);
        route.set("tree", "[1,\"<b>\"]");
        route.set("step", "2");
        route.set("embed", "1");
        let s = embed_snippet("http://x.org/course/arbor/?a=1&b=2", &route, (600, 400));
        assert_eq!(
            s,
            "<iframe src=\"http://x.org/course/arbor/?a=1&amp;b=2#/alphabeta?tree=[1,%22%3Cb%3E%22]&amp;step=2&amp;embed=1\" \
             width=\"600\" height=\"400\" title=\"Arbor: alpha-beta stepper\" \
             style=\"border: 1px solid #d5d9e0; max-width: 100%\" loading=\"lazy\"></iframe>"
        );
    }
}
