//! The alpha-beta stepper page: its settings (all in the URL), state and reducer.

use crate::url::UrlSettings;
use std::collections::BTreeSet;
use std::rc::Rc;

use arbor_game::{GameTree, NodeId, Ordering, RandomSpec, RootPlayer};

use crate::alphabeta::{self, Algorithm, Run, Settings, Source};
use crate::control::{changes, ticks, Control, Playback};
use crate::route::Route;
use crate::scene::GamePicture;

/// The stepper's state: the settings (all in the URL) and what is derived from them.
#[derive(Clone)]
pub struct State {
    /// The settings, all in the URL.
    pub settings: Settings,
    /// The tree being searched.
    pub tree: Rc<GameTree>,
    /// The engine's recorded run on it, and the step.
    pub run: Rc<Run>,
    /// The text box, which may hold a tree that does not parse; `None` until asked for, for a
    /// tree too large to write out at once.
    pub text: Option<String>,
    /// What is wrong with the text box's tree, if anything.
    pub text_error: Option<String>,
    /// Stepping on its own (Play).
    pub playing: bool,
    /// Milliseconds between steps while playing.
    pub speed: u32,
    /// Inner nodes folded in the drawing.
    pub collapsed: Rc<BTreeSet<NodeId>>,
    /// The leaf whose value is being edited.
    pub editing: Option<NodeId>,
    /// Notes for the reader: what a link got wrong, what was changed.
    pub notices: Vec<String>,
    /// The random-tree form.
    pub random: RandomSpec,
    /// Whether the move-order comparison is open.
    pub compare: bool,
    /// The search behind a game move: its pictures and source, once the worker sent them.
    pub game: Option<Rc<GameData>>,
    /// Waiting for the worker to record a game's search.
    pub loading: bool,
}

/// The tree of a game's search, beyond the tree itself.
pub struct GameData {
    /// The position at each node, drawn.
    pub pictures: Rc<Vec<Rc<GamePicture>>>,
    /// Nodes recorded, and nodes the search entered beyond the record.
    pub recorded: usize,
    /// Nodes the search entered beyond the record.
    pub omitted: u64,
    /// Leading iterations not recorded (the search was too big to record whole).
    pub skipped: u32,
}

/// What can happen on the page.
pub enum Action {
    /// A step control.
    Control(Control),
    /// The play timer fired.
    Tick,
    /// Choose the search.
    Algorithm(Algorithm),
    /// Choose the move order.
    Ordering(Ordering),
    /// Set or clear the depth limit.
    Depth(Option<u32>),
    /// MAX or MIN at the root.
    MinRoot(bool),
    /// Load a preset.
    Preset(&'static str),
    /// Edit the random-tree form.
    RandomForm(RandomSpec),
    /// Build the random tree the form describes.
    Generate,
    /// The text box changed.
    Text(String),
    /// Write a large tree out as text, in the text box.
    WriteText,
    /// Open (or close) the editor for a leaf.
    EditLeaf(Option<NodeId>),
    /// Give a leaf a new value.
    SetLeaf(NodeId, i32),
    /// Collapse or expand an inner node.
    ToggleCollapse(NodeId),
    /// Show every level, or only the first few.
    Levels(Option<u32>),
    /// Show or hide the order comparison.
    Compare(bool),
    /// The worker recorded the game's search.
    GameLoaded(Box<crate::alphabeta::ExplainedView>),
    /// The worker could not.
    GameFailed(String),
}

impl State {
    /// The page as the route opens it.
    pub fn new(route: &Route) -> State {
        let (mut settings, mut notices) = Settings::from_route(route);
        if let Source::Game(_) = &settings.source {
            return State::awaiting_game(settings, notices);
        }
        let (tree, text_error) = tree_or_fallback(&settings, &mut notices);
        let text = match &settings.source {
            Source::Text(t) => Some(t.clone()),
            _ => eager_text(&tree),
        };
        if let (Some(_), Some(t)) = (&text_error, &text) {
            // Keep the broken text in the box, but search the fallback tree.
            settings.source = Source::Text(t.clone());
        }
        let random = match &settings.source {
            Source::Random(spec) => *spec,
            _ => RandomSpec::default(),
        };
        let tree = Rc::new(tree);
        let mut state = State {
            tree: tree.clone(),
            run: Rc::new(alphabeta::run_shared(
                tree,
                settings.algorithm,
                settings.ordering,
                settings.depth,
            )),
            settings,
            text,
            text_error,
            playing: false,
            speed: 800,
            collapsed: Rc::new(BTreeSet::new()),
            editing: None,
            notices,
            random,
            compare: true,
            game: None,
            loading: false,
        };
        if state.settings.step > state.run.replay.len() {
            state.notices.push(format!(
                "The link asks for step {}, but this search has {} steps; showing the last.",
                state.settings.step,
                state.run.replay.len()
            ));
            state.settings.step = state.run.replay.len();
        }
        state
    }

    /// The page of a link to a game's search, waiting for the worker to record it: a
    /// placeholder tree until then.
    fn awaiting_game(settings: Settings, notices: Vec<String>) -> State {
        let tree = GameTree::parse("0").expect("a constant tree");
        State {
            run: Rc::new(alphabeta::run(
                &tree,
                Algorithm::Minimax,
                Ordering::Natural,
                None,
            )),
            tree: Rc::new(tree),
            settings,
            text: Some(String::new()),
            text_error: None,
            playing: false,
            speed: 800,
            collapsed: Rc::new(BTreeSet::new()),
            editing: None,
            notices,
            random: RandomSpec::default(),
            compare: false,
            game: None,
            loading: true,
        }
    }

    /// Re-runs the search after the tree or the options changed, keeping the step if it
    /// still exists.
    fn rerun(&mut self) {
        if self.game.is_some() || self.loading {
            return;
        }
        let s = &self.settings;
        self.run = Rc::new(alphabeta::run_shared(
            self.tree.clone(),
            s.algorithm,
            s.ordering,
            s.depth,
        ));
        self.settings.step = self.settings.step.min(self.run.replay.len());
        self.playing = false;
    }

    /// Changes a setting and runs the search again from step 0.
    fn search_again(&mut self, change: impl FnOnce(&mut Settings)) {
        change(&mut self.settings);
        self.settings.step = 0;
        self.rerun();
    }

    fn playback(&mut self) -> Playback<'_> {
        Playback {
            step: &mut self.settings.step,
            playing: &mut self.playing,
            speed: &mut self.speed,
        }
    }

    /// Searches a new tree from the start.
    fn set_tree(&mut self, tree: GameTree, source: Source) {
        let tree = tree.with_root_player(if self.settings.min_root {
            RootPlayer::Min
        } else {
            RootPlayer::Max
        });
        self.tree = Rc::new(tree);
        self.settings.source = source;
        self.settings.step = 0;
        self.collapsed = Rc::new(BTreeSet::new());
        self.editing = None;
        self.rerun();
    }

    /// Whether `id` is a leaf of the tree shown.
    fn is_leaf(&self, id: NodeId) -> bool {
        id.index() < self.tree.len() && self.tree.node(id).is_leaf()
    }

    /// Whether `id` is an inner node of the tree shown.
    fn is_inner(&self, id: NodeId) -> bool {
        id.index() < self.tree.len() && !self.tree.node(id).is_leaf()
    }

    /// Unfolds the ancestors of the node the current step is about, so stepping never goes
    /// out of sight.
    fn reveal_current(&mut self) {
        let step = self.settings.step;
        let Some(node) = step
            .checked_sub(1)
            .and_then(|i| self.run.replay.steps().get(i))
            .and_then(|s| s.node)
        else {
            return;
        };
        let mut hidden_by = Vec::new();
        let mut at = self.tree.node(node).parent;
        while let Some(p) = at {
            if self.collapsed.contains(&p) {
                hidden_by.push(p);
            }
            at = self.tree.node(p).parent;
        }
        if !hidden_by.is_empty() {
            let mut set = (*self.collapsed).clone();
            for p in hidden_by {
                set.remove(&p);
                // Keep the unfolded node's other children folded.
                for &c in &self.tree.node(p).children {
                    if !self.tree.node(c).is_leaf() {
                        set.insert(c);
                    }
                }
            }
            // The path itself stays open.
            let mut at = Some(node);
            while let Some(p) = at {
                if p != node {
                    set.remove(&p);
                }
                at = self.tree.node(p).parent;
            }
            self.collapsed = Rc::new(set);
        }
    }
}

/// The tree the settings name, or if it cannot be read, the first preset's (with a notice) and
/// what was wrong.
fn tree_or_fallback(settings: &Settings, notices: &mut Vec<String>) -> (GameTree, Option<String>) {
    match settings.tree() {
        Ok(tree) => (tree, None),
        Err(e) => {
            notices.push(format!("The tree in the link could not be read: {e}. Showing a preset instead; fix the text below to use it."));
            let fallback = Settings::default();
            let tree = fallback
                .tree()
                .unwrap_or_else(|_| GameTree::parse("[1,2]").expect("a constant tree"));
            (tree, Some(e))
        }
    }
}

/// The inner nodes at depth `levels`: folding them shows that many levels.
fn collapse_below(tree: &GameTree, levels: u32) -> BTreeSet<NodeId> {
    tree.nodes()
        .iter()
        .enumerate()
        .filter(|(_, n)| n.depth == levels && !n.is_leaf())
        .map(|(i, _)| NodeId(i as u32))
        .collect()
}

impl crate::Reducer for State {
    type Action = Action;

    fn ignores(&self, action: &Action) -> bool {
        let s = &self.settings;
        match action {
            Action::Control(c) => {
                !changes(s.step, self.playing, self.speed, self.run.replay.len(), *c)
            }
            Action::Tick => !ticks(self.playing),
            Action::Algorithm(a) => *a == s.algorithm,
            Action::Ordering(o) => *o == s.ordering,
            Action::Depth(d) => *d == s.depth,
            Action::MinRoot(m) => *m == s.min_root,
            Action::RandomForm(spec) => *spec == self.random,
            Action::EditLeaf(id) => id.filter(|&id| self.is_leaf(id)) == self.editing,
            Action::Compare(on) => *on == self.compare,
            Action::ToggleCollapse(id) => !self.is_inner(*id),
            _ => false,
        }
    }

    fn apply(&mut self, action: Action) {
        let len = self.run.replay.len();
        let action_kind = match &action {
            Action::Control(_) | Action::GameLoaded(_) => ActionKind::Step,
            _ => ActionKind::Other,
        };
        match action {
            Action::Control(c) => self.playback().apply(c, len),
            Action::Tick => {
                self.playback().tick(len);
                self.reveal_current();
            }
            Action::Algorithm(a) => self.search_again(|settings| settings.algorithm = a),
            Action::Ordering(o) => self.search_again(|settings| settings.ordering = o),
            Action::Depth(d) => self.search_again(|settings| settings.depth = d),
            Action::MinRoot(min) => self.set_min_root(min),
            Action::Preset(id) => self.load_preset(id),
            Action::RandomForm(spec) => self.random = spec,
            Action::Generate => self.generate(),
            Action::Text(text) => self.set_text(text),
            Action::WriteText => self.text = Some(self.tree.to_text()),
            // A click may arrive after the tree changed: only a leaf of this tree is edited.
            Action::EditLeaf(id) => self.editing = id.filter(|&id| self.is_leaf(id)),
            Action::SetLeaf(id, value) => self.set_leaf(id, value),
            Action::ToggleCollapse(id) => self.toggle_collapse(id),
            Action::Levels(levels) => {
                self.collapsed = Rc::new(match levels {
                    Some(l) => collapse_below(&self.tree, l),
                    None => BTreeSet::new(),
                });
            }
            Action::Compare(on) => self.compare = on,
            Action::GameLoaded(view) => self.game_loaded(view),
            Action::GameFailed(e) => {
                self.loading = false;
                self.notices.push(format!(
                    "The search behind this move could not be recorded: {e}"
                ));
            }
        }
        if matches!(action_kind, ActionKind::Step) {
            self.reveal_current();
        }
    }
}

/// What each action does, one method per action (see [`State`]'s reducer).
impl State {
    /// Puts MAX or MIN at the root and searches again from the start (a typed tree's text
    /// says so too).
    fn set_min_root(&mut self, min: bool) {
        self.settings.min_root = min;
        let tree = self.tree.with_root_player(if min {
            RootPlayer::Min
        } else {
            RootPlayer::Max
        });
        if let Source::Text(_) = self.settings.source {
            let text = tree.to_text();
            self.settings.source = Source::Text(text.clone());
            self.text = Some(text);
        }
        self.tree = Rc::new(tree);
        self.settings.step = 0;
        self.rerun();
    }

    /// Searches the preset `id` (nothing happens for an unknown one).
    fn load_preset(&mut self, id: &'static str) {
        if let Some(p) = arbor_game::presets::preset(id) {
            if let Ok(tree) = GameTree::parse(p.text) {
                self.text = eager_text(&tree);
                self.text_error = None;
                self.settings.min_root = Source::Preset(p.id).root_is_min();
                self.set_tree(tree, Source::Preset(p.id));
            }
        }
    }

    /// Searches the random tree the form describes, or says why there is none.
    fn generate(&mut self) {
        match self.random.generate() {
            Ok(tree) => {
                self.text = eager_text(&tree);
                self.text_error = None;
                let spec = self.random;
                self.set_tree(tree, Source::Random(spec));
            }
            Err(e) => self.text_error = Some(format!("Random tree: {e}")),
        }
    }

    /// Keeps the text box's new text, and searches its tree if it reads as one.
    fn set_text(&mut self, text: String) {
        match GameTree::parse(&text) {
            Ok(tree) => {
                self.text_error = None;
                self.settings.min_root = tree.root_player() == RootPlayer::Min;
                self.set_tree(tree, Source::Text(text.clone()));
            }
            Err(e) => self.text_error = Some(e.to_string()),
        }
        self.text = Some(text);
    }

    /// Gives leaf `id` a new value (two-player trees) and searches again, keeping the step;
    /// the leaf's editor closes.
    fn set_leaf(&mut self, id: NodeId, value: i32) {
        let payoff = if self.tree.players() > 2 {
            None
        } else {
            Some(vec![value])
        };
        if let Some(Ok(tree)) = payoff.map(|p| self.tree.with_payoff(id, p)) {
            let step = self.settings.step;
            let text = tree.to_text();
            self.text_error = None;
            self.tree = Rc::new(tree);
            self.settings.source = Source::Text(text.clone());
            self.text = Some(text);
            self.rerun();
            self.settings.step = step.min(self.run.replay.len());
        }
        self.editing = None;
    }

    /// Folds or unfolds inner node `id` (nothing for any other node).
    fn toggle_collapse(&mut self, id: NodeId) {
        if !self.is_inner(id) {
            return;
        }
        let mut set = (*self.collapsed).clone();
        if !set.remove(&id) {
            set.insert(id);
        }
        self.collapsed = Rc::new(set);
    }

    /// Shows the game's search the worker recorded (if the page still shows a game), its
    /// first level unfolded; or says why it cannot be shown.
    fn game_loaded(&mut self, view: Box<crate::alphabeta::ExplainedView>) {
        self.loading = false;
        match (alphabeta::run_game(&view), &self.settings.source) {
            (Ok((tree, run)), Source::Game(_)) => {
                let pictures: Vec<Rc<GamePicture>> =
                    view.pictures.into_iter().map(Rc::new).collect();
                self.game = Some(Rc::new(GameData {
                    pictures: Rc::new(pictures),
                    recorded: view.trace.nodes.len(),
                    omitted: view.trace.omitted,
                    skipped: view.trace.skipped,
                }));
                self.collapsed = Rc::new(collapse_below(&tree, 1));
                self.tree = Rc::new(tree);
                self.run = Rc::new(run);
                if self.settings.step > self.run.replay.len() {
                    self.settings.step = self.run.replay.len();
                }
            }
            (Err(e), _) => self
                .notices
                .push(format!("The search could not be shown: {e}")),
            _ => {}
        }
    }
}

/// Trees up to this many nodes are written out in the text box at once; larger ones when asked
/// (a 100,000-node tree is half a megabyte of text).
const EAGER_TEXT: usize = 5_000;

/// The tree's text for the text box, if it is small enough to write out at once.
fn eager_text(tree: &GameTree) -> Option<String> {
    (tree.len() <= EAGER_TEXT).then(|| tree.to_text())
}

/// Whether an action moves the step (and so may need folded nodes opened).
enum ActionKind {
    /// It moves the step.
    Step,
    /// It does not.
    Other,
}

crate::stepped_page!(State, crate::alphabeta::Settings);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::route::View;
    use crate::Reducer;

    fn step(s: State, a: Action) -> State {
        Rc::into_inner(Rc::new(s).reduce(a)).expect("the only reference")
    }

    fn page(tree: &str) -> State {
        let mut route = Route::new(View::AlphaBeta);
        route.set("tree", tree);
        State::new(&route)
    }

    /// Minimax written out here, MAX at the root: the oracle for edited trees.
    fn minimax(tree: &GameTree, n: NodeId, max: bool) -> i32 {
        let node = tree.node(n);
        if node.children.is_empty() {
            return node.payoff[0];
        }
        let values = node.children.iter().map(|&c| minimax(tree, c, !max));
        if max {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }

    #[test]
    fn step_jump_and_play_stay_within_the_run() {
        let mut s = page("[[3,12,8],[2,4,6],[14,5,2]]");
        let len = s.run.replay.len();
        assert!(len > 5);
        s = step(s, Action::Control(Control::Forward));
        assert_eq!(s.settings.step, 1);
        s = step(s, Action::Control(Control::End));
        assert_eq!(s.settings.step, len);
        s = step(s, Action::Control(Control::Forward));
        assert_eq!(s.settings.step, len);
        s = step(s, Action::Control(Control::Seek(3)));
        assert_eq!(s.settings.step, 3);
        s = step(s, Action::Control(Control::TogglePlay));
        assert!(s.playing);
        for _ in 0..len {
            s = step(s, Action::Tick);
        }
        assert_eq!(s.settings.step, len);
        assert!(!s.playing, "playing stops at the end");
        s = step(s, Action::Control(Control::Start));
        assert_eq!(s.settings.step, 0);
    }

    #[test]
    fn editing_a_leaf_reruns_the_search_on_the_new_tree_and_keeps_the_step() {
        let mut s = page("[[3,12,8],[2,4,6],[14,5,2]]");
        assert_eq!(s.run.result, "3");
        s = step(s, Action::Control(Control::Seek(4)));
        // Every leaf in turn gets a value that changes the root's or not; the run agrees with
        // minimax written out here.
        let leaves: Vec<NodeId> = (0..s.tree.len() as u32)
            .map(NodeId)
            .filter(|&n| s.tree.node(n).children.is_empty())
            .collect();
        for (i, &leaf) in leaves.iter().enumerate() {
            s = step(s, Action::EditLeaf(Some(leaf)));
            assert_eq!(s.editing, Some(leaf));
            let value = [20, -3, 7][i % 3];
            s = step(s, Action::SetLeaf(leaf, value));
            assert_eq!(s.editing, None);
            assert_eq!(s.tree.node(leaf).payoff, vec![value]);
            let want = minimax(&s.tree, s.tree.root(), true);
            let want = want.to_string().replace('-', "−");
            assert_eq!(s.run.result, want, "after leaf {i} = {value}");
            assert_eq!(s.settings.step, 4.min(s.run.replay.len()));
            // The link holds the edited tree.
            assert!(
                matches!(&s.settings.source, Source::Text(t) if GameTree::parse(t).unwrap().to_text() == s.tree.to_text())
            );
        }
    }

    #[test]
    fn folding_toggles_a_node_and_levels_fold_a_whole_depth() {
        let mut s = page("[[3,12,8],[2,4,6],[14,5,2]]");
        let b = s.tree.node(s.tree.root()).children[0];
        s = step(s, Action::ToggleCollapse(b));
        assert!(s.collapsed.contains(&b));
        s = step(s, Action::ToggleCollapse(b));
        assert!(!s.collapsed.contains(&b));
        s = step(s, Action::Levels(Some(1)));
        let depth_one: BTreeSet<NodeId> = s
            .tree
            .node(s.tree.root())
            .children
            .iter()
            .copied()
            .collect();
        assert_eq!(*s.collapsed, depth_one);
        s = step(s, Action::Levels(None));
        assert!(s.collapsed.is_empty());
    }

    #[test]
    fn a_bad_tree_text_is_named_and_the_last_good_tree_stays() {
        let mut s = page("[[3,12,8],[2,4,6],[14,5,2]]");
        let before = s.tree.to_text();
        s = step(s, Action::Text("[[3, 12".into()));
        assert!(s.text_error.is_some());
        assert_eq!(s.tree.to_text(), before);
        s = step(s, Action::Text("[1, [2, 3]]".into()));
        assert!(s.text_error.is_none());
        assert_eq!(s.run.result, "2");
        // A recorded game's search that failed is said, not silently dropped.
        s = step(s, Action::GameFailed("worker gone".into()));
        assert!(s.notices.iter().any(|n| n.contains("worker gone")));
    }
}
