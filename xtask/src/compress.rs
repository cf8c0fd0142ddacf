//! Precompressed copies of the bundle: `NAME.br` and `NAME.gz` beside every file of `dist/`, at
//! the best levels, so any static host (and `serve`) can send them as they are.

use std::io::Write;
use std::path::{Path, PathBuf};

/// One file's sizes: raw, gzip, brotli (bytes).
pub struct Sizes {
    pub path: PathBuf,
    pub raw: usize,
    pub gzip: usize,
    pub brotli: usize,
}

/// The encodings written, as `Content-Encoding` names and file suffixes, best first.
pub const ENCODINGS: [(&str, &str); 2] = [("br", ".br"), ("gzip", ".gz")];

/// Gzip at level 9.
pub fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    out.write_all(bytes).expect("writing to memory");
    out.finish().expect("writing to memory")
}

/// Brotli at quality 11, window 2^22.
pub fn brotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut w = brotli::CompressorWriter::new(&mut out, 1 << 16, 11, 22);
        w.write_all(bytes).expect("writing to memory");
    }
    out
}

/// Whether a file is worth precompressing (not a compressed copy, not an image format that is
/// compressed already).
pub fn compressible(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("html" | "js" | "mjs" | "wasm" | "bin" | "css" | "svg" | "json" | "txt")
    )
}

/// Writes `.br` and `.gz` beside every compressible file under `dir` (replacing stale ones) and
/// returns the sizes, largest first.
pub fn precompress(dir: &Path) -> Result<Vec<Sizes>, String> {
    let mut files = Vec::new();
    collect(dir, &mut files)?;
    files.retain(|p| compressible(p));
    // Two at a time (brotli at its best level is the slow part), largest first.
    files.sort_by_key(|p| std::cmp::Reverse(std::fs::metadata(p).map_or(0, |m| m.len())));
    let mut sizes = crate::lanes::each(&files, |p| one(p))
        .into_iter()
        .collect::<Result<Vec<_>, _>>()?;
    sizes.sort_by_key(|s| std::cmp::Reverse(s.raw));
    Ok(sizes)
}

/// Writes one file's `.gz` and `.br` copies.
fn one(path: &Path) -> Result<Sizes, String> {
    let raw = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (gz, br) = (gzip(&raw), brotli(&raw));
    for (suffix, bytes) in [(".gz", &gz), (".br", &br)] {
        let mut name = path.to_path_buf().into_os_string();
        name.push(suffix);
        std::fs::write(&name, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(Sizes {
        path: path.to_path_buf(),
        raw: raw.len(),
        gzip: gz.len(),
        brotli: br.len(),
    })
}

pub fn collect(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out)?;
        } else {
            out.push(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn both_encodings_round_trip() {
        let text = "minimax alpha-beta ".repeat(500);
        let mut back = String::new();
        flate2::read::GzDecoder::new(&gzip(text.as_bytes())[..])
            .read_to_string(&mut back)
            .unwrap();
        assert_eq!(back, text);
        let mut back = Vec::new();
        brotli::Decompressor::new(&brotli(text.as_bytes())[..], 4096)
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, text.as_bytes());
    }

    #[test]
    fn every_asset_gets_both_copies_and_copies_are_not_compressed_again() {
        let dir = std::env::temp_dir().join(format!("arbor-precompress-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("snippets")).unwrap();
        std::fs::write(dir.join("index.html"), "<p>hi</p>".repeat(100)).unwrap();
        std::fs::write(dir.join("snippets/a.js"), "let a = 1;".repeat(100)).unwrap();
        std::fs::write(dir.join("logo.png"), [0u8; 64]).unwrap();
        let first = precompress(&dir).unwrap();
        assert_eq!(first.len(), 2);
        assert!(first.iter().all(|s| s.gzip < s.raw && s.brotli < s.raw));
        assert!(dir.join("index.html.br").exists() && dir.join("snippets/a.js.gz").exists());
        assert!(!dir.join("logo.png.gz").exists());
        // Run again (a rebuild): the copies are replaced, not compressed themselves.
        assert_eq!(precompress(&dir).unwrap().len(), 2);
        assert!(!dir.join("index.html.br.gz").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
