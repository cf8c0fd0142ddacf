//! The app in a real browser (wasm-bindgen-test in headless Chromium).

#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Opens `hash` and mounts the app in a fresh element, then lets Yew render.
async fn mount(hash: &str) -> web_sys::Element {
    let window = web_sys::window().unwrap();
    window.location().set_hash(hash).unwrap();
    let document = window.document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<arbor_web::App>::with_root(root.clone()).render();
    yew::scheduler::flush().await;
    root
}

#[wasm_bindgen_test]
async fn home_draws_the_minimax_tree_the_core_solved() {
    let root = mount("#/").await;
    let node = |path: &str| {
        root.query_selector(&format!("svg.tree [data-node='{path}']"))
            .unwrap()
            .unwrap_or_else(|| panic!("node {path} is not drawn in {}", root.inner_html()))
    };
    assert_eq!(node("r").get_attribute("data-value").as_deref(), Some("4"));
    assert_eq!(
        node("r.1").get_attribute("data-value").as_deref(),
        Some("-3")
    );
    assert_eq!(
        node("r.1.1").get_attribute("data-value").as_deref(),
        Some("7")
    );
    assert!(node("r.0").get_attribute("class").unwrap().contains("min"));
    assert!(node("r").get_attribute("class").unwrap().contains("max"));
    let nav = root.query_selector("header nav").unwrap().unwrap();
    let text = nav.text_content().unwrap();
    for view in ["Alpha-beta", "Search", "Play"] {
        assert!(text.contains(view), "{text}");
    }
}

#[wasm_bindgen_test]
async fn an_unknown_hash_is_not_found_and_shown_as_text() {
    let root = mount("#/%3Cb%3Ebold%3C%2Fb%3E").await;
    let main = root.query_selector("main").unwrap().unwrap();
    assert!(main.text_content().unwrap().contains("<b>bold</b>"));
    assert!(main.query_selector("b").unwrap().is_none());
}

#[wasm_bindgen_test]
async fn play_draws_each_board_with_named_cells_and_a_status() {
    let root = mount("#/play?game=ttt&p1=human&p2=human&moves=5").await;
    let names: Vec<String> = (0..9)
        .map(|i| {
            root.query_selector(&format!(".ttt-board [data-cell='{i}']"))
                .unwrap()
                .unwrap()
                .get_attribute("aria-label")
                .unwrap()
        })
        .collect();
    assert_eq!(names[0], "Row 1, column 1");
    assert_eq!(names[4], "Row 2, column 2, X");
    let status = root.query_selector("[role=status]").unwrap().unwrap();
    assert_eq!(
        status.text_content().unwrap(),
        "X played row 2, column 2. O to move."
    );

    let root = mount("#/play?game=c4&p1=human&p2=human&moves=4444").await;
    let column = root
        .query_selector(".c4-board [data-column='4']")
        .unwrap()
        .unwrap();
    assert_eq!(
        column.get_attribute("aria-label").unwrap(),
        "Drop in column 4"
    );
    assert_eq!(
        root.query_selector_all(".c4-board .slot.first")
            .unwrap()
            .length(),
        2
    );

    let root = mount("#/play?game=nim&piles=3,4,5&take=any&p1=human&p2=human").await;
    assert!(root
        .query_selector("button[aria-label='Take 5 from pile 3']")
        .unwrap()
        .is_some());
}

/// A tree view is not shown before it is placed. While its frame has no size yet (here, in an
/// element not laid out) its viewBox is empty: Chromium and Firefox draw such a drawing as
/// nothing, WebKit at the drawing's own coordinates, where a reader's click could land a moment
/// before the tree jumps into place. Laid out, it is measured, placed and shown.
#[wasm_bindgen_test]
async fn a_tree_view_is_hidden_until_its_frame_is_measured() {
    let window = web_sys::window().unwrap();
    let document = window.document().unwrap();
    let root = document.create_element("div").unwrap();
    root.set_attribute("style", "display: none").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    window
        .location()
        .set_hash("#/alphabeta?tree=%5B%5B3%2C12%2C8%5D%2C%5B2%2C4%2C6%5D%5D")
        .unwrap();
    yew::Renderer::<arbor_web::App>::with_root(root.clone()).render();
    yew::scheduler::flush().await;
    let drawn = || {
        root.query_selector(".tree-frame svg.tree")
            .unwrap()
            .unwrap_or_else(|| panic!("no tree view in {}", root.inner_html()))
    };
    let hidden = |svg: &web_sys::Element| {
        svg.get_attribute("style")
            .is_some_and(|s| s.contains("visibility: hidden"))
    };
    let empty_view = |svg: &web_sys::Element| {
        let view = svg.get_attribute("viewBox").unwrap_or_default();
        view.split_whitespace()
            .skip(2)
            .any(|v| v.parse::<f64>().map_or(true, |s| s <= 0.0))
    };
    let first = drawn();
    assert!(
        empty_view(&first) && hidden(&first),
        "unmeasured: {}",
        first.outer_html()
    );
    // Laid out: at each frame until it is shown, never shown unplaced.
    root.set_attribute("style", "width: 900px").unwrap();
    let mut shown = false;
    for _ in 0..600 {
        let svg = drawn();
        assert!(
            hidden(&svg) || !empty_view(&svg),
            "shown unplaced: {}",
            svg.outer_html()
        );
        if !hidden(&svg) {
            shown = true;
            break;
        }
        // The next frame: the frame's size comes by its ResizeObserver.
        let frame = js_sys::Promise::new(&mut |ok, _| {
            window.request_animation_frame(&ok).unwrap();
        });
        wasm_bindgen_futures::JsFuture::from(frame).await.unwrap();
        yew::scheduler::flush().await;
    }
    assert!(shown, "the tree view was never shown");
}
