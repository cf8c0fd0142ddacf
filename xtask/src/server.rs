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
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut stream = stream;
    loop {
        let mut request_line = String::new();
        if reader.read_line(&mut request_line)? == 0 {
            return Ok(());
        }
        let mut keep_alive = true;
        loop {
            let mut header = String::new();
            if reader.read_line(&mut header)? == 0 || header == "\r\n" || header == "\n" {
                break;
            }
            let lower = header.to_ascii_lowercase();
            if lower.starts_with("connection:") && lower.contains("close") {
                keep_alive = false;
            }
        }
        let mut parts = request_line.split_whitespace();
        let method = parts.next().unwrap_or("");
        let target = parts.next().unwrap_or("/");
        let (status, content_type, body) = match method {
            "GET" | "HEAD" => respond(target, mounts),
            _ => (405, "text/plain", b"method not allowed\n".to_vec()),
        };
        let reason = match status {
            200 => "OK",
            404 => "Not Found",
            _ => "Method Not Allowed",
        };
        write!(
            stream,
            "HTTP/1.1 {status} {reason}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nCache-Control: no-store\r\n{}\r\n",
            body.len(),
            if keep_alive { "" } else { "Connection: close\r\n" }
        )?;
        if method != "HEAD" {
            stream.write_all(&body)?;
        }
        stream.flush()?;
        if !keep_alive {
            return Ok(());
        }
    }
}

fn respond(target: &str, mounts: &[(String, PathBuf)]) -> (u16, &'static str, Vec<u8>) {
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let not_found = (
        404,
        "text/plain",
        format!("not found: {path}\n").into_bytes(),
    );
    let Some((prefix, dir)) = mounts
        .iter()
        .find(|(prefix, _)| path.starts_with(prefix.as_str()) || format!("{path}/") == *prefix)
    else {
        return not_found;
    };
    let rest = path.get(prefix.len()..).unwrap_or("");
    let rest = percent_decode(rest);
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
    match std::fs::read(&file) {
        Ok(body) => (200, content_type(&file), body),
        Err(_) => not_found,
    }
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
            if let Some(b) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "json" => "application/json",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}
