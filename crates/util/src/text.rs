//! Text from links: percent-decoding; numbers and lists of names in words.

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

/// Names in a sentence: "A", "A and B", "A, B and C" (empty for none).
pub fn and_list<S: AsRef<str>>(names: &[S]) -> String {
    match names {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", rest.join(", "), last.as_ref())
        }
    }
}

/// A count with its noun, singular for one: `counted(1, "leaf", "leaves")` → "1 leaf",
/// `counted(1234, …)` → "1,234 leaves".
pub fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", group_thousands(n), if n == 1 { one } else { many })
}

/// A count with its thousands grouped: 1234567 → "1,234,567".
pub fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// True for a character that shows nothing on screen: controls, spaces other than the plain
/// one, and the invisible format characters (zero-width spaces and joiners, direction marks,
/// the byte-order mark, the soft hyphen).
pub fn is_invisible(c: char) -> bool {
    (c.is_whitespace() && c != ' ')
        || c.is_control()
        || matches!(c,
            '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
            | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}'
            | '\u{FFA0}' | '\u{FFF0}'..='\u{FFF8}' | '\u{E0000}'..='\u{E0FFF}')
}

/// Text quoted in a message, with every invisible character ([`is_invisible`]) written as its
/// code point, so the message never quotes something that cannot be seen: `"a\u{200B}"` is
/// shown as `a<U+200B>`.
pub fn shown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_invisible(c) {
            out.push_str(&format!("<U+{:04X}>", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// One character quoted for a message: `'x'`, or its code point when it cannot be seen
/// (`U+200B, an invisible character`).
pub fn quote_char(c: char) -> String {
    if is_invisible(c) {
        format!("U+{:04X} (an invisible character)", c as u32)
    } else {
        format!("'{c}'")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_characters_are_named() {
        assert_eq!(shown("a\u{200B}b"), "a<U+200B>b");
        assert_eq!(shown("a b"), "a b");
        assert_eq!(quote_char('\u{200B}'), "U+200B (an invisible character)");
        assert_eq!(quote_char('\t'), "U+0009 (an invisible character)");
        assert_eq!(quote_char('x'), "'x'");
        assert_eq!(quote_char('é'), "'é'");
    }

    #[test]
    fn thousands_are_grouped() {
        let cases = [
            (0, "0"),
            (999, "999"),
            (1_000, "1,000"),
            (1_234_567, "1,234,567"),
        ];
        for (n, text) in cases {
            assert_eq!(super::group_thousands(n), text);
        }
        assert_eq!(
            super::group_thousands(u64::MAX),
            "18,446,744,073,709,551,615"
        );
    }

    #[test]
    fn names_in_a_sentence() {
        assert_eq!(and_list::<&str>(&[]), "");
        assert_eq!(and_list(&["A"]), "A");
        assert_eq!(and_list(&["A", "B"]), "A and B");
        assert_eq!(
            and_list(&["A".to_string(), "B".into(), "C".into()]),
            "A, B and C"
        );
    }

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
