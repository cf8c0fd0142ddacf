//! Hash routes: every view is a URL of the form `#/<view>?<key>=<value>&…`, so `dist/` needs no
//! server rewrite rules and works under any sub-path. Parsing is pure and never fails: an
//! unknown view is [`View::NotFound`], a malformed query is read as far as it goes.

/// The views of the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum View {
    /// The front page.
    Home,
    /// The alpha-beta stepper.
    AlphaBeta,
    /// Single-agent search.
    Search,
    /// Games against the AI.
    Play,
    /// Anything else: the path that was asked for.
    NotFound(String),
}

impl View {
    /// The path segment of the view (`""` for the home page).
    pub fn slug(&self) -> &str {
        match self {
            View::Home => "",
            View::AlphaBeta => "alphabeta",
            View::Search => "search",
            View::Play => "play",
            View::NotFound(path) => path,
        }
    }
}

/// A parsed location hash: the view and its query parameters, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// Which view.
    pub view: View,
    /// Decoded `key=value` pairs.
    pub query: Vec<(String, String)>,
}

impl Route {
    /// A route with no parameters.
    pub fn new(view: View) -> Route {
        Route {
            view,
            query: Vec::new(),
        }
    }

    /// Reads a location hash (with or without the leading `#`).
    pub fn parse(hash: &str) -> Route {
        let hash = hash.strip_prefix('#').unwrap_or(hash);
        let (path, query) = match hash.split_once('?') {
            Some((p, q)) => (p, q),
            None => (hash, ""),
        };
        let path = path.trim_matches('/');
        let view = match path {
            "" => View::Home,
            "alphabeta" => View::AlphaBeta,
            "search" => View::Search,
            "play" => View::Play,
            other => View::NotFound(decode(other)),
        };
        let query = query
            .split('&')
            .filter(|kv| !kv.is_empty())
            .map(|kv| match kv.split_once('=') {
                Some((k, v)) => (decode(k), decode(v)),
                None => (decode(kv), String::new()),
            })
            .collect();
        Route { view, query }
    }

    /// The hash that [`Route::parse`] reads back to this route.
    pub fn to_hash(&self) -> String {
        let mut out = format!("#/{}", self.view.slug());
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

/// Puts `route` in the address bar without a new history entry or a `hashchange` (so the view
/// keeps its state): how views keep their URL in step with what they show.
pub fn replace_url(route: &Route) {
    let hash = route.to_hash();
    let Some(window) = web_sys::window() else {
        return;
    };
    if window.location().hash().unwrap_or_default() == hash {
        return;
    }
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&hash));
    }
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

/// Decodes `%XX` escapes and `+` as a space; malformed escapes are kept as they are and
/// invalid UTF-8 becomes U+FFFD, so any input decodes to something printable.
pub fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' if i + 2 < bytes.len()
                && hex(bytes[i + 1]).is_some()
                && hex(bytes[i + 2]).is_some() =>
            {
                out.push(hex(bytes[i + 1]).unwrap_or(0) * 16 + hex(bytes[i + 2]).unwrap_or(0));
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
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
}
