//! What the page tests share: random tree texts of every size (broken ones too), a page's URL
//! written and read back, and the worker, run natively.

use std::rc::Rc;

use arbor_app::route::Route;
use arbor_app::work::Reply;
use arbor_app::Reducer;
use arbor_game::{GameTree, RandomSpec};
use arbor_worker::WorkerJob;
use proptest::prelude::*;

/// Applies an action, as Yew's `use_reducer` does.
pub fn apply<S: Reducer>(state: Rc<S>, action: S::Action) -> Rc<S> {
    state.reduce(action)
}

/// The route a page's settings write, as the address bar holds it and reads it back.
pub fn through_address(write: impl FnOnce(&mut Route), view: arbor_app::route::View) -> Route {
    let mut route = Route::new(view);
    write(&mut route);
    Route::parse(&route.to_hash())
}

/// `settings` written to the address bar and read back as the page reads a link: the settings
/// read and the route, failing if reading them gave any warning.
pub fn read_back<S: arbor_app::url::UrlSettings>(
    settings: &S,
    view: arbor_app::route::View,
) -> Result<(S, Route), TestCaseError> {
    let route = through_address(|r| settings.to_route(r), view);
    let (read, warnings) = S::from_route(&route);
    prop_assert!(
        warnings.is_empty(),
        "{:?} for {}",
        warnings,
        route.to_hash()
    );
    Ok((read, route))
}

/// The page opened from `route` has nothing to say against it: no notice.
pub fn no_notices(notices: &[String], route: &Route) -> Result<(), TestCaseError> {
    prop_assert!(notices.is_empty(), "{:?} for {}", notices, route.to_hash());
    Ok(())
}

/// A press of the step controls: to the start, back, forward, to the end, play or pause, a
/// seek to any step up to `steps` (past the end too), a change of speed.
pub fn control(steps: usize) -> impl Strategy<Value = arbor_app::control::Control> {
    use arbor_app::control::Control;
    prop_oneof![
        Just(Control::Start),
        Just(Control::Back),
        Just(Control::Forward),
        Just(Control::End),
        Just(Control::TogglePlay),
        (0..steps).prop_map(Control::Seek),
        prop_oneof![Just(60u32), Just(800)].prop_map(Control::Speed),
    ]
}

/// A random tree's text: two players (sometimes three, as utility vectors), 1 to about 1,400
/// nodes, MIN at the root sometimes.
pub fn tree_text() -> impl Strategy<Value = String> {
    (
        0u32..6,
        1u32..4,
        0u32..3,
        any::<u64>(),
        prop::bool::weighted(0.15),
        prop::bool::weighted(0.2),
    )
        .prop_map(|(depth, min_b, extra, seed, three, min_root)| {
            let spec = RandomSpec {
                depth,
                min_branching: min_b,
                max_branching: min_b + extra,
                low: -20,
                high: 20,
                players: if three { 3 } else { 2 },
                seed,
                chance: false,
            };
            let text = spec
                .generate()
                .map(|t| t.to_text())
                .unwrap_or_else(|_| "[1,2]".into());
            if min_root && !three {
                format!("min {text}")
            } else {
                text
            }
        })
}

/// What a person types: a whole tree, a tree with a leaf added after its first (the case a
/// teacher tries first), or a tree cut, with a character dropped or with junk added.
pub fn typed_text() -> impl Strategy<Value = String> {
    (tree_text(), 0u8..6, any::<prop::sample::Index>()).prop_map(|(text, how, at)| {
        let cut = |t: &str| {
            let i = at.index(t.len().max(1));
            t.char_indices()
                .map(|(k, _)| k)
                .take_while(|&k| k <= i)
                .last()
                .unwrap_or(0)
        };
        match how {
            0 | 1 => text,
            2 => add_leaf(&text),
            3 => text[..cut(&text)].to_string(),
            4 => {
                let k = cut(&text);
                let mut t = text.clone();
                if k < t.len() {
                    t.remove(k);
                }
                t
            }
            _ => format!("{text} ]["),
        }
    })
}

/// The tree with `,4` after its first leaf (a tree one node bigger); utility-vector trees as
/// they are.
pub fn add_leaf(text: &str) -> String {
    if text.contains('(') {
        return text.to_string();
    }
    match text.find(|c: char| c.is_ascii_digit()) {
        Some(i) => {
            let end = text[i..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(text.len(), |e| i + e);
            format!("{},4{}", &text[..end], &text[end..])
        }
        None => text.to_string(),
    }
}

/// A tree's text, for comparing trees.
pub fn text_of(tree: &GameTree) -> String {
    tree.to_text()
}

/// The worker's replies to `request`, as the worker would post them (computed natively by the
/// same code, with a clock that advances five milliseconds per reading).
pub fn worker<J: WorkerJob>(request: J) -> Vec<Reply<J::Answer>> {
    let clock = std::cell::Cell::new(0.0);
    let now = || {
        clock.set(clock.get() + 5.0);
        clock.get()
    };
    arbor_worker::replies(request, &now)
}

/// How messages from the worker reach the page: in order, or one of them held back and
/// delivered after a later action (late), or delivered twice.
#[derive(Clone, Copy, Debug)]
pub enum Delivery {
    /// All of them, in order, at once.
    Now,
    /// All but the last, now; the last after the next action.
    LastLate,
    /// All of them twice.
    Twice,
    /// None now: all after the next action.
    AllLate,
}

/// A delivery.
pub fn delivery() -> impl Strategy<Value = Delivery> {
    prop_oneof![
        4 => Just(Delivery::Now),
        1 => Just(Delivery::LastLate),
        1 => Just(Delivery::Twice),
        1 => Just(Delivery::AllLate),
    ]
}

/// A page under test: its state, and the worker's messages held back to arrive after the next
/// action (`wrap` makes a message the page's action).
pub struct Driven<S: Reducer, M> {
    /// The page's state.
    pub s: Rc<S>,
    late: Vec<M>,
    wrap: fn(M) -> S::Action,
}

impl<S: Reducer, M: Clone> Driven<S, M> {
    /// The page in `s`, nothing held back.
    pub fn new(s: S, wrap: fn(M) -> S::Action) -> Self {
        Driven {
            s: Rc::new(s),
            late: Vec::new(),
            wrap,
        }
    }

    /// `action` applied, nothing more.
    pub fn apply(&mut self, action: S::Action) {
        self.s = apply(self.s.clone(), action);
    }

    /// A user's `action`, then the messages held back before it.
    pub fn act(&mut self, action: S::Action) {
        let late = std::mem::take(&mut self.late);
        self.apply(action);
        self.deliver(late);
    }

    /// The worker's `messages`, delivered as `how` says — those held back arrive after the
    /// next action — then the messages held back before.
    pub fn answer(&mut self, messages: Vec<M>, how: Delivery) {
        let late = std::mem::take(&mut self.late);
        let (now, later) = deliver(messages, how);
        self.late.extend(later);
        self.deliver(now);
        self.deliver(late);
    }

    fn deliver(&mut self, messages: Vec<M>) {
        for m in messages {
            self.apply((self.wrap)(m));
        }
    }
}

/// Splits answers into those delivered now and those held for later.
pub fn deliver<T: Clone>(messages: Vec<T>, how: Delivery) -> (Vec<T>, Vec<T>) {
    match how {
        Delivery::Now => (messages, Vec::new()),
        Delivery::LastLate => {
            let mut now = messages;
            let late = now.pop().into_iter().collect();
            (now, late)
        }
        Delivery::Twice => {
            let mut now = messages.clone();
            now.extend(messages);
            (now, Vec::new())
        }
        Delivery::AllLate => (Vec::new(), messages),
    }
}

/// How many random sequences a page's property runs: `default` in the test suite, or
/// `PROPTEST_CASES` when set (a longer hunt: `PROPTEST_CASES=5000 cargo test -p arbor-worker
/// --release --test pages`).
pub fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}
