//! A small static file server for `dist/`: enough for `serve` and the end-to-end tests, with
//! nothing to install. Each mount maps a URL prefix to a folder; the longest prefix wins.

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::thread::JoinHandle;

/// A running server.
pub struct Server {
    addr: SocketAddr,
    handle: JoinHandle<()>,
}

impl Server {
    /// Binds `address` (port 0 picks a free port) and serves the mounts on a background thread.
    pub fn start(address: &str, mut mounts: Vec<(String, PathBuf)>) -> Result<Server, String> {
        let listener =
            TcpListener::bind(address).map_err(|e| format!("cannot listen on {address}: {e}"))?;
        let addr = listener.local_addr().map_err(|e| e.to_string())?;
        mounts.sort_by_key(|(prefix, _)| std::cmp::Reverse(prefix.len()));
        let mounts = Arc::new(mounts);
        let handle = std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let mounts = Arc::clone(&mounts);
                std::thread::spawn(move || {
                    let _ = handle(stream, &mounts);
                });
            }
        });
        Ok(Server { addr, handle })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Blocks for as long as the server runs.
    pub fn wait(self) {
        let _ = self.handle.join();
    }
}

fn handle(stream: TcpStream, mounts: &[(String, PathBuf)]) -> std::io::Result<()> {
    stream.set_nodelay(true)?;
    // A connection kept alive and left idle is closed, as servers do: a client that keeps a
    // response unread otherwise keeps its process waiting on the socket.
    stream.set_read_timeout(Some(std::time::Duration::from_secs(10)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut stream = stream;
    loop {
        let mut request_line = String::new();
        if reader.read_line(&mut request_line)? == 0 {
            return Ok(());
        }
        let mut keep_alive = true;
        let mut accepts = String::new();
        let mut if_none_match = String::new();
        loop {
            let mut header = String::new();
            if reader.read_line(&mut header)? == 0 || header == "\r\n" || header == "\n" {
                break;
            }
            let lower = header.to_ascii_lowercase();
            if lower.starts_with("connection:") && lower.contains("close") {
                keep_alive = false;
            }
            if let Some(value) = lower.strip_prefix("accept-encoding:") {
                accepts = value.trim().to_string();
            }
            if let Some(value) = lower.strip_prefix("if-none-match:") {
                if_none_match = value.trim().to_string();
            }
        }
        let mut parts = request_line.split_whitespace();
        let method = parts.next().unwrap_or("");
        let target = parts.next().unwrap_or("/");
        let mut reply = match method {
            "GET" | "HEAD" => respond(target, mounts, &accepts),
            _ => Reply::plain(405, "method not allowed\n"),
        };
        if reply.status == 200 && !reply.etag.is_empty() && if_none_match.contains(&reply.etag) {
            reply.status = 304;
            reply.body.clear();
        }
        let reason = match reply.status {
            200 => "OK",
            304 => "Not Modified",
            404 => "Not Found",
            _ => "Method Not Allowed",
        };
        let encoding = reply
            .encoding
            .map(|e| format!("Content-Encoding: {e}\r\n"))
            .unwrap_or_default();
        let etag = if reply.etag.is_empty() {
            String::new()
        } else {
            format!("ETag: {}\r\n", reply.etag)
        };
        // The head and the body in one write: written in pieces, each small piece after the
        // first waits for the client's delayed acknowledgement (Nagle's algorithm), about 40 ms
        // a request on a connection kept alive.
        let mut out = format!(
            "HTTP/1.1 {} {reason}\r\nContent-Type: {}\r\nContent-Length: {}\r\n{encoding}Vary: Accept-Encoding\r\nCache-Control: {}\r\n{etag}{}\r\n",
            reply.status,
            reply.content_type,
            reply.body.len(),
            reply.cache,
            if keep_alive { "" } else { "Connection: close\r\n" }
        )
        .into_bytes();
        if method != "HEAD" {
            out.extend_from_slice(&reply.body);
        }
        stream.write_all(&out)?;
        stream.flush()?;
        if !keep_alive {
            return Ok(());
        }
    }
}

/// What is sent back.
struct Reply {
    status: u16,
    content_type: &'static str,
    body: Vec<u8>,
    /// The `Content-Encoding`, if the body is a compressed copy.
    encoding: Option<&'static str>,
    cache: &'static str,
    /// A validator (quoted), so a file checked again is not sent again unless it changed.
    etag: String,
}

impl Reply {
    fn plain(status: u16, text: &str) -> Reply {
        Reply {
            status,
            content_type: "text/plain",
            body: text.as_bytes().to_vec(),
            encoding: None,
            cache: "no-store",
            etag: String::new(),
        }
    }
}

/// Files whose names carry a hash of their content never change: a year, immutable. The rest
/// (the page itself, the worker's fixed names) are checked with the server every time.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

/// Whether a file name carries a content hash as Trunk writes it: `name-<hex digits>` before
/// the extension or before `_bg` — a 64-bit hash in hex without leading zeros, so usually 16
/// digits and sometimes fewer (one in sixteen builds has 15).
pub fn content_hashed(name: &str) -> bool {
    let stem = name.split('.').next().unwrap_or("");
    let stem = stem.strip_suffix("_bg").unwrap_or(stem);
    stem.rsplit_once('-').is_some_and(|(_, hash)| {
        (12..=16).contains(&hash.len()) && hash.bytes().all(|b| b.is_ascii_hexdigit())
    })
}

/// The encodings a request's `Accept-Encoding` (lower case) allows, best first, among those
/// `dist/` has copies for.
pub fn acceptable(accepts: &str) -> Vec<(&'static str, &'static str)> {
    let allowed = |name: &str| {
        accepts.split(',').any(|part| {
            let mut it = part.split(';');
            let token = it.next().unwrap_or("").trim();
            let refused = it.any(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    == Some(0.0)
            });
            (token == name || token == "*") && !refused
        })
    };
    crate::compress::ENCODINGS
        .into_iter()
        .filter(|(name, _)| allowed(name))
        .collect()
}

fn respond(target: &str, mounts: &[(String, PathBuf)], accepts: &str) -> Reply {
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let not_found = Reply::plain(404, &format!("not found: {path}\n"));
    let Some((prefix, dir)) = mounts
        .iter()
        .find(|(prefix, _)| path.starts_with(prefix.as_str()) || format!("{path}/") == *prefix)
    else {
        return not_found;
    };
    let rest = path.get(prefix.len()..).unwrap_or("");
    let rest = arbor_util::percent_decode(rest, false);
    let relative = Path::new(&rest);
    if relative
        .components()
        .any(|c| !matches!(c, Component::Normal(_)))
    {
        return not_found;
    }
    let mut file = dir.join(relative);
    if file.is_dir() {
        file = file.join("index.html");
    }
    let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
    // The split app's files are in a folder named by their hash (`app-<hash>/`).
    let in_hashed_folder = relative
        .parent()
        .and_then(|p| p.file_name())
        .and_then(|n| n.to_str())
        .is_some_and(content_hashed);
    let cache = if content_hashed(name) || in_hashed_folder {
        IMMUTABLE
    } else {
        REVALIDATE
    };
    let etag = |encoding: &str| {
        std::fs::metadata(&file)
            .ok()
            .and_then(|m| {
                let since = m
                    .modified()
                    .ok()?
                    .duration_since(std::time::UNIX_EPOCH)
                    .ok()?;
                Some(format!(
                    "\"{:x}-{:x}-{encoding}\"",
                    m.len(),
                    since.as_nanos()
                ))
            })
            .unwrap_or_default()
    };
    for (encoding, suffix) in acceptable(accepts) {
        let mut copy = file.clone().into_os_string();
        copy.push(suffix);
        if let Ok(body) = std::fs::read(&copy) {
            return Reply {
                status: 200,
                content_type: content_type(&file),
                body,
                encoding: Some(encoding),
                cache,
                etag: etag(encoding),
            };
        }
    }
    match std::fs::read(&file) {
        Ok(body) => Reply {
            status: 200,
            content_type: content_type(&file),
            body,
            encoding: None,
            cache,
            etag: etag("identity"),
        },
        Err(_) => not_found,
    }
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        // A page's part: its pieces of wasm end to end (see `split.rs`).
        "bin" => "application/octet-stream",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "json" => "application/json",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trunk_hashed_names_are_recognised() {
        assert!(content_hashed("arbor-web-a15d891923cd99d0_bg.wasm"));
        assert!(content_hashed("arbor-web-a15d891923cd99d0.js"));
        assert!(content_hashed("style-215b12d593ec2969.css"));
        assert!(content_hashed("favicon-a47d59afb7563564.svg"));
        // Leading zeros are not written: 15 digits are a hash too.
        assert!(content_hashed("arbor-web-306eb39d9988ef9_bg.wasm"));
        assert!(!content_hashed("arbor-web-worker.js"));
        assert!(!content_hashed("index.html"));
        assert!(!content_hashed("arbor-worker-search_bg.wasm"));
        assert!(!content_hashed("arbor-worker-heuristics.js"));
        assert!(!content_hashed("arbor-worker_loader.js"));
        assert!(!content_hashed("course-notes.html"));
        assert!(!content_hashed("x-a15d891923cd99dz.js"), "not hex");
    }

    #[test]
    fn the_best_accepted_encoding_comes_first() {
        let names = |a: &str| acceptable(a).iter().map(|e| e.0).collect::<Vec<_>>();
        assert_eq!(names("gzip, deflate, br, zstd"), ["br", "gzip"]);
        assert_eq!(names("gzip"), ["gzip"]);
        assert_eq!(names(""), Vec::<&str>::new());
        assert_eq!(names("br;q=0, gzip;q=0.5"), ["gzip"]);
        assert_eq!(names("*"), ["br", "gzip"]);
        assert_eq!(names("identity"), Vec::<&str>::new());
    }

    #[test]
    fn compressed_copies_are_served_with_their_encoding_and_caching() {
        let dir = std::env::temp_dir().join(format!("arbor-serve-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("index.html"), "<p>page</p>").unwrap();
        std::fs::write(dir.join("app-0123456789abcdef_bg.wasm"), b"\0asm").unwrap();
        std::fs::write(dir.join("app-0123456789abcdef_bg.wasm.br"), b"BR").unwrap();
        std::fs::write(dir.join("app-0123456789abcdef_bg.wasm.gz"), b"GZ").unwrap();
        let mounts = vec![("/".to_string(), dir.clone())];
        let wasm = "/app-0123456789abcdef_bg.wasm";
        let r = respond(wasm, &mounts, "gzip, deflate, br");
        assert_eq!((r.encoding, r.body.as_slice()), (Some("br"), &b"BR"[..]));
        assert_eq!((r.content_type, r.cache), ("application/wasm", IMMUTABLE));
        let r = respond(wasm, &mounts, "gzip");
        assert_eq!((r.encoding, r.body.as_slice()), (Some("gzip"), &b"GZ"[..]));
        let r = respond(wasm, &mounts, "");
        assert_eq!((r.encoding, r.body.as_slice()), (None, &b"\0asm"[..]));
        // The page has no copies here: sent as it is, checked every time.
        let r = respond("/", &mounts, "br");
        assert_eq!((r.status, r.encoding, r.cache), (200, None, REVALIDATE));
        assert_eq!(respond("/../etc/passwd", &mounts, "br").status, 404);
        assert_eq!(respond("/nothing.js", &mounts, "br").status, 404);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
