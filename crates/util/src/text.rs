//! Text from links: percent-decoding.

/// Decodes `%XX` escapes (and `+` as a space when `plus_is_space`, as in a query string);
/// malformed escapes are kept as they are and invalid UTF-8 becomes U+FFFD, so any input decodes
/// to something printable.
pub fn percent_decode(s: &str, plus_is_space: bool) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = match bytes.get(i..i + 3) {
            Some([b'%', hi, lo]) => hex(*hi).zip(hex(*lo)).map(|(hi, lo)| hi * 16 + lo),
            _ => None,
        };
        match (escaped, bytes[i]) {
            (Some(b), _) => {
                out.push(b);
                i += 3;
            }
            (None, b'+') if plus_is_space => {
                out.push(b' ');
                i += 1;
            }
            (None, b) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex(b: u8) -> Option<u8> {
    (b as char).to_digit(16).map(|d| d as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_plus_and_malformed_input() {
        assert_eq!(percent_decode("a%20b%2Cc", false), "a b,c");
        assert_eq!(percent_decode("a+b", true), "a b");
        assert_eq!(percent_decode("a+b", false), "a+b");
        assert_eq!(percent_decode("%E2%88%9E", false), "∞");
        // Kept as they are: a lone %, a bad digit, an escape cut short.
        assert_eq!(percent_decode("100%", false), "100%");
        assert_eq!(percent_decode("%zz%4", false), "%zz%4");
        assert_eq!(percent_decode("%41", false), "A");
        // Invalid UTF-8 is replaced, not refused.
        assert_eq!(percent_decode("%FF", false), "\u{FFFD}");
    }
}
