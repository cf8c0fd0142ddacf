//! Hash routes: every view is a URL of the form `#/<view>?<key>=<value>&…`, so `dist/` needs no
//! server rewrite rules and works under any sub-path. Parsing is pure and never fails: an
//! unknown view is [`View::NotFound`], a malformed query is read as far as it goes, and what
//! could not be read is said in [`Route::problems`].
//!
//! Long values (a large tree's text) are packed into one `z` parameter — raw deflate, then
//! base64url — so links stay short enough to paste; [`Route::parse`] unpacks it, so views never
//! see it. `embed=1` asks for the view without the site's chrome, for an `<iframe>`.

/// The views of the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum View {
    /// The front page.
    Home,
    /// The alpha-beta stepper.
    AlphaBeta,
    /// Chance nodes: expectimax and expectiminimax, stepped.
    Chance,
    /// Monte Carlo tree search, stepped phase by phase.
    Mcts,
    /// Single-agent search.
    Search,
    /// The heuristics lab: estimates against true distance, pattern databases, b*.
    Heuristics,
    /// Games against the AI.
    Play,
    /// Practice: the student predicts, Arbor checks.
    Practice,
    /// How to link, embed and export; every seed example as a link; the URL parameters.
    Teachers,
    /// The guided tours: the shipped ones, and a teacher's own in the making.
    Tours,
    /// One guided tour, stop by stop.
    Tour,
    /// A worksheet of exercises with its answer key.
    Worksheet,
    /// Path-finding on the benchmark maps.
    Maps,
    /// Anything else: the path that was asked for.
    NotFound(String),
}

impl View {
    /// The path segment of the view (`""` for the home page).
    pub fn slug(&self) -> &str {
        match self {
            View::Home => "",
            View::AlphaBeta => "alphabeta",
            View::Chance => "chance",
            View::Mcts => "mcts",
            View::Search => "search",
            View::Heuristics => "heuristics",
            View::Play => "play",
            View::Practice => "practice",
            View::Teachers => "teachers",
            View::Tours => "tours",
            View::Tour => "tour",
            View::Worksheet => "worksheet",
            View::Maps => "maps",
            View::NotFound(path) => path,
        }
    }

    /// The view at a path (without slashes at either end).
    fn of_path(path: &str) -> View {
        match path {
            "" => View::Home,
            "alphabeta" => View::AlphaBeta,
            "chance" => View::Chance,
            "mcts" => View::Mcts,
            "search" => View::Search,
            "heuristics" => View::Heuristics,
            "play" => View::Play,
            "practice" => View::Practice,
            "teachers" => View::Teachers,
            "tours" => View::Tours,
            "tour" => View::Tour,
            "worksheet" => View::Worksheet,
            "maps" => View::Maps,
            other => View::NotFound(decode(other)),
        }
    }
}

/// Values longer than this (encoded) are packed into `z` by [`Route::to_link`].
pub const PACK_VALUES_OVER: usize = 120;
/// The most the packed `z` values of one link may unpack to, all together: a hostile link
/// cannot make the page allocate more.
pub const UNPACKED_LIMIT: usize = 1 << 20;
/// The longest link read (Chromium's own limit on an address is 2 MB); a longer one opens its
/// view with nothing from the query, and says why.
pub const LINK_LIMIT: usize = 2 << 20;

/// A parsed location hash: the view and its query parameters, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// Which view.
    pub view: View,
    /// Decoded `key=value` pairs.
    pub query: Vec<(String, String)>,
    /// What could not be read in the link (shown to the user; the rest of the link still
    /// counts).
    pub problems: Vec<String>,
}

impl Route {
    /// A route with no parameters.
    pub fn new(view: View) -> Route {
        Route {
            view,
            query: Vec::new(),
            problems: Vec::new(),
        }
    }

    /// True when the link asks for the view alone, to sit in an `<iframe>`.
    pub fn embedded(&self) -> bool {
        self.get("embed") == Some("1")
    }

    /// True when the link asks for lecture mode: the view alone, sized for a projector.
    pub fn presenting(&self) -> bool {
        self.get("present") == Some("1")
    }

    /// True when the view is shown without the site's chrome: embedded or in lecture mode.
    pub fn chromeless(&self) -> bool {
        self.embedded() || self.presenting()
    }

    /// The link to share: [`Route::to_hash`], with long values packed into `z`. Short values
    /// stay readable (and editable) beside it.
    pub fn to_link(&self) -> String {
        let long =
            |k: &str, v: &str| k != "embed" && k != "present" && encode(v).len() > PACK_VALUES_OVER;
        if !self.query.iter().any(|(k, v)| long(k, v)) {
            return self.to_hash();
        }
        let packed: Vec<(String, String)> = self
            .query
            .iter()
            .filter(|(k, v)| long(k, v))
            .cloned()
            .collect();
        let mut out = Route::new(self.view.clone());
        out.query.push(("z".into(), pack(&query_string(&packed))));
        out.query
            .extend(self.query.iter().filter(|(k, v)| !long(k, v)).cloned());
        out.to_hash()
    }

    /// The same route without `embed`: the full app's link.
    pub fn without_embed(&self) -> Route {
        let mut out = self.clone();
        out.query.retain(|(k, _)| k != "embed");
        out
    }

    /// Reads a location hash (with or without the leading `#`).
    pub fn parse(hash: &str) -> Route {
        let hash = hash.strip_prefix('#').unwrap_or(hash);
        let (path, query) = match hash.split_once('?') {
            Some((p, q)) => (p, q),
            None => (hash, ""),
        };
        let path = path.trim_matches('/');
        let view = View::of_path(path);
        let mut problems = Vec::new();
        if hash.len() > LINK_LIMIT {
            problems.push(format!(
                "The link is {} KiB long, more than the {} KiB a link may be, so only its view was \
                 read.",
                hash.len() / 1024,
                LINK_LIMIT / 1024
            ));
            return Route {
                view,
                query: Vec::new(),
                problems,
            };
        }
        let out = unpack_query(query, &mut problems);
        let query = last_of_each(out);
        Route {
            view,
            query,
            problems,
        }
    }

    /// The hash that [`Route::parse`] reads back to this route.
    pub fn to_hash(&self) -> String {
        let mut out = match &self.view {
            // A path nobody knows, as typed: escaped, so it reads back the same.
            View::NotFound(path) => format!("#/{}", encode(path)),
            view => format!("#/{}", view.slug()),
        };
        for (i, (k, v)) in self.query.iter().enumerate() {
            out.push(if i == 0 { '?' } else { '&' });
            out.push_str(&encode(k));
            out.push('=');
            out.push_str(&encode(v));
        }
        out
    }

    /// The first value of a parameter.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a parameter (replacing an earlier value), keeping the order of first appearance.
    pub fn set(&mut self, key: &str, value: impl Into<String>) {
        let value = value.into();
        match self.query.iter_mut().find(|(k, _)| k == key) {
            Some(slot) => slot.1 = value,
            None => self.query.push((key.to_string(), value)),
        }
    }
}

/// How long the rest of a burst of address-bar updates waits for the changes to pause before
/// the last is written, in milliseconds.
pub const URL_QUIET_MS: u32 = 250;
/// The longest a change waits in a burst that does not pause (stepping with a key held), in
/// milliseconds.
pub const URL_MAX_WAIT_MS: u32 = 1000;
/// Address-bar updates written at once before a burst waits. Few: Chromium fetches and decodes
/// the page's icon again after each history update (measured on the maps page: a third of a
/// step's time), so stepping writes the address when it pauses, not at every step.
pub const URL_BURST: f64 = 2.0;
/// How fast that budget refills, in updates per second (well under the browser's 20).
pub const URL_PER_SECOND: f64 = 8.0;

/// The budget of immediate address-bar updates: browsers limit how often a page may update its
/// history (Chromium refuses more than 200 updates in ten seconds, and each costs the page
/// time), so a long burst of changes spends [`URL_BURST`] updates, refilled at
/// [`URL_PER_SECOND`]; the rest waits for the burst to pause.
#[derive(Clone, Debug, PartialEq)]
pub struct UrlBudget {
    tokens: f64,
    refilled_at: f64,
}

impl Default for UrlBudget {
    fn default() -> Self {
        UrlBudget {
            tokens: URL_BURST,
            refilled_at: 0.0,
        }
    }
}

impl UrlBudget {
    /// Adds what the time since the last refill earned (`now` in milliseconds).
    pub fn refill(&mut self, now: f64) {
        let gained = (now - self.refilled_at).max(0.0) / 1000.0 * URL_PER_SECOND;
        self.tokens = (self.tokens + gained).min(URL_BURST);
        self.refilled_at = now;
    }

    /// Spends one update if the budget has one.
    pub fn try_spend(&mut self) -> bool {
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Spends one update written late (the last of a burst), going no lower than empty.
    pub fn spend_late(&mut self) {
        self.tokens = (self.tokens - 1.0).max(0.0);
    }
}

/// Escapes text for a double-quoted HTML attribute.
pub fn escape_attribute(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

fn parse_query(query: &str) -> Vec<(String, String)> {
    query
        .split('&')
        .filter(|kv| !kv.is_empty())
        .map(|kv| match kv.split_once('=') {
            Some((k, v)) => (decode(k), decode(v)),
            None => (decode(kv), String::new()),
        })
        .collect()
}

/// The parameters of a query, the packed `z` values unpacked in their place (at most
/// [`UNPACKED_LIMIT`] in all); what could not be unpacked is said in `problems`.
fn unpack_query(query: &str, problems: &mut Vec<String>) -> Vec<(String, String)> {
    let mut out = Vec::new();
    // What the packed values may still unpack to, shared by every `z` of the link.
    let mut room = UNPACKED_LIMIT;
    for (k, v) in parse_query(query) {
        if k != "z" {
            out.push((k, v));
            continue;
        }
        let unpacked = unpack_within(&v, room);
        if let Ok(text) = &unpacked {
            room -= text.len();
        }
        match unpacked {
            // Packed values first; a plain value of the same name, written after, wins.
            Ok(text) => {
                let inner = parse_query(&text);
                if inner.iter().any(|(k, _)| k == "z") {
                    problems
                        .push("The packed part of the link packs itself; it was ignored.".into());
                } else {
                    out.extend(inner);
                }
            }
            Err(e) => {
                let problem = format!(
                    "The packed part of the link (z=…) is damaged — {e} — so it was \
                     ignored; the link may have been cut short when it was copied."
                );
                // Told once, however many copies the link holds.
                if !problems.contains(&problem) {
                    problems.push(problem);
                }
            }
        }
    }
    out
}

/// The parameters with later values overriding earlier ones: the last of each name, in first
/// order.
fn last_of_each(out: Vec<(String, String)>) -> Vec<(String, String)> {
    // An index by name keeps this linear in the number of parameters.
    let mut query: Vec<(String, String)> = Vec::new();
    let mut slot_of: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (k, v) in out {
        match slot_of.get(&k) {
            Some(&i) => query[i].1 = v,
            None => {
                slot_of.insert(k.clone(), query.len());
                query.push((k, v));
            }
        }
    }
    query
}

fn query_string(pairs: &[(String, String)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
        .collect::<Vec<_>>()
        .join("&")
}

/// Raw deflate, then base64url without padding.
pub fn pack(text: &str) -> String {
    base64url(&miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9))
}

/// The inverse of [`pack`], saying what is wrong with a damaged value.
pub fn unpack(packed: &str) -> Result<String, String> {
    unpack_within(packed, UNPACKED_LIMIT)
}

/// [`unpack`], refusing a value that unpacks to more than `room` bytes.
fn unpack_within(packed: &str, room: usize) -> Result<String, String> {
    let bytes = from_base64url(packed)?;
    let text =
        miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, room).map_err(|e| {
            match e.status {
                miniz_oxide::inflate::TINFLStatus::HasMoreOutput if room < UNPACKED_LIMIT => {
                    format!(
                        "with the link's other packed parts it unpacks to more than {} KiB",
                        UNPACKED_LIMIT / 1024
                    )
                }
                miniz_oxide::inflate::TINFLStatus::HasMoreOutput => {
                    format!("it unpacks to more than {} KiB", UNPACKED_LIMIT / 1024)
                }
                miniz_oxide::inflate::TINFLStatus::FailedCannotMakeProgress => {
                    "it ends too soon".to_string()
                }
                _ => "its compressed data is corrupt".to_string(),
            }
        })?;
    String::from_utf8(text).map_err(|_| "it unpacks to something that is not text".to_string())
}

const BASE64URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | (b as u32) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(BASE64URL[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

fn from_base64url(text: &str) -> Result<Vec<u8>, String> {
    let text = text.trim_end_matches('=');
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut bits, mut n) = (0u32, 0u32);
    for (i, c) in text.chars().enumerate() {
        let v = match c {
            'A'..='Z' => c as u32 - 'A' as u32,
            'a'..='z' => c as u32 - 'a' as u32 + 26,
            '0'..='9' => c as u32 - '0' as u32 + 52,
            '-' | '+' => 62,
            '_' | '/' => 63,
            _ => {
                return Err(format!(
                    "character {} ({}) cannot occur in it",
                    i + 1,
                    arbor_util::quote_char(c)
                ))
            }
        };
        n = n << 6 | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((n >> bits) as u8);
            n &= (1 << bits) - 1;
        }
    }
    if text.len() % 4 == 1 {
        return Err("its length is not possible for packed data".into());
    }
    Ok(out)
}

/// Percent-encodes everything but unreserved characters and a few that read well in a URL
/// and are safe inside a hash query (`[ ] , : ( ) { }`).
pub fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            b'[' | b']' | b',' | b':' | b'(' | b')' | b'{' | b'}' => out.push(b as char),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// Decodes a query value: `%XX` escapes and `+` as a space ([`arbor_util::percent_decode`]).
pub fn decode(s: &str) -> String {
    arbor_util::percent_decode(s, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views() {
        assert_eq!(Route::parse("").view, View::Home);
        assert_eq!(Route::parse("#/").view, View::Home);
        assert_eq!(Route::parse("#/alphabeta").view, View::AlphaBeta);
        assert_eq!(Route::parse("#/search/").view, View::Search);
        assert_eq!(Route::parse("#/play?game=c4").view, View::Play);
        assert_eq!(
            Route::parse("#/nowhere%20at%20all").view,
            View::NotFound("nowhere at all".into())
        );
    }

    #[test]
    fn an_unknown_path_reads_back_as_typed() {
        // Found by fuzzing: the path was written unescaped, and its `+` read back as a space.
        let route = Route::parse("#/nowhere%19at%2beta?preset=nope");
        assert_eq!(route.view, View::NotFound("nowhere\u{19}at+eta".into()));
        assert_eq!(Route::parse(&route.to_link()), route);
        assert_eq!(Route::parse(&route.to_hash()), route);
    }

    #[test]
    fn query_round_trip() {
        let mut route = Route::new(View::AlphaBeta);
        route.set("tree", "[[3, 12,8],[2,4,6]] & more=x");
        route.set("step", "12");
        route.set("step", "13");
        let hash = route.to_hash();
        assert_eq!(
            hash,
            "#/alphabeta?tree=[[3,%2012,8],[2,4,6]]%20%26%20more%3Dx&step=13"
        );
        assert_eq!(Route::parse(&hash), route);
        assert_eq!(route.get("step"), Some("13"));
        assert_eq!(route.get("nope"), None);
    }

    #[test]
    fn malformed_escapes_survive() {
        assert_eq!(decode("100%"), "100%");
        assert_eq!(decode("%zz%4"), "%zz%4");
        assert_eq!(decode("%FF%FE"), "\u{FFFD}\u{FFFD}");
        assert_eq!(decode("a+b"), "a b");
        let route = Route::parse("#/alphabeta?=&&x&tree=%5B1%5D");
        assert_eq!(route.get("tree"), Some("[1]"));
        assert_eq!(route.get("x"), Some(""));
    }

    #[test]
    fn base64url_round_trips_every_length() {
        for len in 0..40usize {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + len) as u8).collect();
            let text = base64url(&bytes);
            assert!(text.bytes().all(|b| BASE64URL.contains(&b)));
            assert_eq!(from_base64url(&text).unwrap(), bytes);
        }
        assert_eq!(base64url(b"Man"), "TWFu");
        assert_eq!(base64url(b"Ma"), "TWE");
        assert!(from_base64url("ab!d").unwrap_err().contains("character 3"));
        assert!(from_base64url("abcde").is_err());
    }

    /// A large tree's link: the tree text is packed, the short values stay readable.
    #[test]
    fn long_values_are_packed_and_unpacked() {
        let spec = arbor_game::RandomSpec {
            depth: 6,
            min_branching: 4,
            max_branching: 4,
            low: 0,
            high: 99,
            seed: 7,
            players: 2,
            chance: false,
        };
        let text = spec.generate().unwrap().to_text();
        let mut route = Route::new(View::AlphaBeta);
        route.set("tree", text.clone());
        route.set("algo", "alphabeta-hard");
        route.set("step", "40");
        route.set("embed", "1");
        let plain = route.to_hash();
        let link = route.to_link();
        assert!(link.starts_with("#/alphabeta?z="), "{link}");
        assert!(
            link.ends_with("&algo=alphabeta-hard&step=40&embed=1"),
            "{link}"
        );
        // Near the values' own entropy (4,096 two-digit leaves are 3.4 KB of information).
        assert!(
            link.len() * 10 < plain.len() * 6,
            "{} vs {}",
            link.len(),
            plain.len()
        );
        let back = Route::parse(&link);
        assert!(back.problems.is_empty(), "{:?}", back.problems);
        assert_eq!(back.get("tree"), Some(text.as_str()));
        assert_eq!(back.get("step"), Some("40"));
        assert!(back.embedded());
        // A short link is left as it is.
        let mut short = Route::new(View::AlphaBeta);
        short.set("preset", "seed-003");
        assert_eq!(short.to_link(), short.to_hash());
    }

    #[test]
    fn damaged_packed_links_are_named_and_ignored() {
        let mut route = Route::new(View::AlphaBeta);
        route.set("tree", "[".repeat(10) + &"1,".repeat(200) + &"]".repeat(10));
        route.set("step", "3");
        let link = route.to_link();
        let z = link
            .split(['?', '&'])
            .find_map(|kv| kv.strip_prefix("z="))
            .unwrap()
            .to_string();
        let cases = [
            // Cut short while copying.
            (link.replace(&z, &z[..z.len() / 2]), "damaged"),
            (link.replace(&z, &z[..z.len() / 4 * 2]), "damaged"),
            // A character that base64url has not.
            (
                link.replace(&z, &format!("{}*{}", &z[..4], &z[5..])),
                "cannot occur",
            ),
            // Flipped bits.
            (link.replace(&z, &z.replace(['A', 'B'], "q")), "damaged"),
            // Valid base64 that is not deflate at all.
            (
                "#/alphabeta?z=________________&step=3".to_string(),
                "damaged",
            ),
        ];
        for (hash, why) in cases {
            let r = Route::parse(&hash);
            assert_eq!(r.get("step"), Some("3"), "{hash}");
            assert_eq!(r.get("tree"), None, "{hash}");
            assert_eq!(r.problems.len(), 1, "{hash}");
            assert!(r.problems[0].contains(why), "{hash}: {:?}", r.problems);
        }
    }

    /// A few bytes that would unpack to megabytes are refused, not unpacked.
    #[test]
    fn packed_bombs_are_refused() {
        let bomb = pack(&"a".repeat(4 * UNPACKED_LIMIT));
        assert!(bomb.len() < 8_000, "{}", bomb.len());
        let r = Route::parse(&format!("#/alphabeta?z={bomb}"));
        assert!(r.query.is_empty());
        assert!(
            r.problems[0].contains("more than 1024 KiB"),
            "{:?}",
            r.problems
        );
    }

    /// Found by fuzzing (issue 15): 1,000 copies of one packed value, each unpacking to
    /// almost the limit, made the parser hold a gigabyte. The limit is now the link's.
    #[test]
    fn the_unpacking_limit_is_the_links_not_each_values() {
        let z = pack(&format!("tree={}", "1".repeat(UNPACKED_LIMIT - 10)));
        let hash = format!("#/alphabeta?{}", vec![format!("z={z}"); 1_000].join("&"));
        assert!(hash.len() < LINK_LIMIT);
        let route = Route::parse(&hash);
        assert_eq!(route.get("tree").map(str::len), Some(UNPACKED_LIMIT - 10));
        assert_eq!(route.problems.len(), 1, "{:?}", route.problems);
        assert!(route.problems[0].contains("other packed parts"));
    }

    /// Merging repeated names was quadratic: 100,000 distinct names took 7.7 s.
    #[test]
    fn many_names_are_merged_in_linear_time() {
        let query: Vec<String> = (0..100_000).map(|i| format!("k{i}={i}")).collect();
        let route = Route::parse(&format!("#/search?{}&k5=last", query.join("&")));
        assert_eq!(route.query.len(), 100_000);
        assert_eq!(route.get("k5"), Some("last"));
        assert_eq!(route.query[5].0, "k5");
    }

    #[test]
    fn a_link_past_the_limit_keeps_only_its_view() {
        let hash = format!("#/search?graph={}", "a".repeat(LINK_LIMIT));
        let route = Route::parse(&hash);
        assert_eq!(route.view, View::Search);
        assert!(route.query.is_empty());
        assert!(
            route.problems[0].contains("more than the 2048 KiB"),
            "{:?}",
            route.problems
        );
    }
}
