//! Exact fractions for chance nodes: probabilities such as 1/3 and the expected values they make.
//!
//! Floating point would round 1/3 + 1/3 + 1/3 and could then pick the wrong move between two equal
//! expectations; a teaching tool must not. Every operation is checked: a fraction that would need
//! more than 64 bits is an error ([`Overflow`]), never a wrapped or rounded number.

use std::cmp::Ordering;
use std::fmt;

/// A fraction `num / den` in lowest terms with `den > 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    num: i64,
    den: i64,
}

/// A fraction grew beyond 64 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overflow;

impl fmt::Display for Overflow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the exact expected values need fractions larger than 64 bits (the tree's probabilities multiply to too fine a fraction)")
    }
}

fn gcd(mut a: i64, mut b: i64) -> i64 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Ratio {
    /// Zero.
    pub const ZERO: Ratio = Ratio { num: 0, den: 1 };
    /// One.
    pub const ONE: Ratio = Ratio { num: 1, den: 1 };

    /// `num / den` in lowest terms; `None` when `den` is zero.
    pub fn new(num: i64, den: i64) -> Option<Ratio> {
        if den == 0 || num == i64::MIN || den == i64::MIN {
            return None;
        }
        let g = gcd(num, den).max(1);
        let sign = if den < 0 { -1 } else { 1 };
        Some(Ratio {
            num: sign * num / g,
            den: sign * den / g,
        })
    }

    /// A whole number.
    pub fn int(n: i64) -> Ratio {
        Ratio { num: n, den: 1 }
    }

    /// The numerator (the sign is here).
    pub fn numer(self) -> i64 {
        self.num
    }

    /// The denominator, always positive.
    pub fn denom(self) -> i64 {
        self.den
    }

    /// True for a whole number.
    pub fn is_integer(self) -> bool {
        self.den == 1
    }

    /// The nearest `f64` (for display and JSON).
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// `self + other`, exactly.
    pub fn checked_add(self, other: Ratio) -> Result<Ratio, Overflow> {
        let g = gcd(self.den, other.den);
        let (a, b) = (self.den / g, other.den / g);
        let num = self
            .num
            .checked_mul(b)
            .and_then(|x| other.num.checked_mul(a).and_then(|y| x.checked_add(y)))
            .ok_or(Overflow)?;
        let den = self.den.checked_mul(b).ok_or(Overflow)?;
        Ratio::new(num, den).ok_or(Overflow)
    }

    /// `self − other`, exactly.
    pub fn checked_sub(self, other: Ratio) -> Result<Ratio, Overflow> {
        self.checked_add(Ratio {
            num: -other.num,
            den: other.den,
        })
    }

    /// `self × other`, exactly.
    pub fn checked_mul(self, other: Ratio) -> Result<Ratio, Overflow> {
        let g1 = gcd(self.num, other.den).max(1);
        let g2 = gcd(other.num, self.den).max(1);
        let num = (self.num / g1)
            .checked_mul(other.num / g2)
            .ok_or(Overflow)?;
        let den = (self.den / g2)
            .checked_mul(other.den / g1)
            .ok_or(Overflow)?;
        Ratio::new(num, den).ok_or(Overflow)
    }

    /// `self ÷ other`, exactly; `other` must not be zero.
    pub fn checked_div(self, other: Ratio) -> Result<Ratio, Overflow> {
        debug_assert!(other.num != 0, "division by zero");
        let inverse = Ratio::new(other.den, other.num).ok_or(Overflow)?;
        self.checked_mul(inverse)
    }

    /// Reads a probability as a person writes it at the start of `text`: `1/4`, `0.25`, `.25`
    /// or `1`. Returns the fraction and how many characters it took; `None` if `text` does not
    /// start with one, or starts with one no fraction of 64-bit integers holds
    /// ([`Ratio::read_prefix`] says which).
    pub fn parse_prefix(text: &str) -> Option<(Ratio, usize)> {
        Ratio::read_prefix(text).ok().flatten()
    }

    /// As [`Ratio::parse_prefix`], telling apart text that does not start with a number
    /// (`Ok(None)`) from a number written there that cannot be held exactly (`Err`, saying why):
    /// a part above 10¹², more than 12 decimals, a zero denominator, or a value whose decimals
    /// make it too large (`111111111.111111111111` is 111111111111111111111/10¹²).
    pub fn read_prefix(text: &str) -> Result<Option<(Ratio, usize)>, &'static str> {
        const TOO_LARGE: &str = "it is too large to hold exactly (at most 1,000,000,000,000)";
        let bytes = text.as_bytes();
        let digits = |from: usize| {
            bytes[from..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count()
        };
        let whole = digits(0);
        let value = |s: &str| {
            s.parse::<u64>()
                .ok()
                .filter(|&v| v <= 1_000_000_000_000)
                .map(|v| v as i64)
                .ok_or(TOO_LARGE)
        };
        if bytes.get(whole) == Some(&b'/') && whole > 0 {
            let den_len = digits(whole + 1);
            if den_len == 0 {
                return Ok(None);
            }
            let num = value(&text[..whole])?;
            let den = value(&text[whole + 1..whole + 1 + den_len])?;
            let r = Ratio::new(num, den).ok_or("its denominator is 0")?;
            return Ok(Some((r, whole + 1 + den_len)));
        }
        if bytes.get(whole) == Some(&b'.') {
            let frac_len = digits(whole + 1);
            if whole + frac_len == 0 {
                return Ok(None);
            }
            if frac_len > 12 {
                return Err("it has more than 12 decimals");
            }
            let int = if whole == 0 {
                0
            } else {
                value(&text[..whole])?
            };
            let frac = if frac_len == 0 {
                0
            } else {
                value(&text[whole + 1..whole + 1 + frac_len])?
            };
            let scale = 10i64.pow(frac_len as u32);
            let num = int
                .checked_mul(scale)
                .and_then(|n| n.checked_add(frac))
                .ok_or("its digits are too many to hold exactly")?;
            let r = Ratio::new(num, scale).ok_or(TOO_LARGE)?;
            return Ok(Some((r, whole + 1 + frac_len)));
        }
        if whole == 0 {
            return Ok(None);
        }
        Ok(Some((Ratio::int(value(&text[..whole])?), whole)))
    }
}

impl Ord for Ratio {
    fn cmp(&self, other: &Ratio) -> Ordering {
        // a/b vs c/d with b, d > 0: a·d vs c·b, exactly in 128 bits.
        (i128::from(self.num) * i128::from(other.den))
            .cmp(&(i128::from(other.num) * i128::from(self.den)))
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Ratio) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// `3`, `-1/4`.
impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

impl Ratio {
    /// The value as a decimal, exactly (`0.9`, `0.125`), if it has one: if its denominator in
    /// lowest terms has no prime factor but 2 and 5.
    pub fn exact_decimal(self) -> Option<String> {
        let (mut d, mut twos, mut fives) = (self.den, 0u32, 0u32);
        while d % 2 == 0 {
            d /= 2;
            twos += 1;
        }
        while d % 5 == 0 {
            d /= 5;
            fives += 1;
        }
        (d == 1).then(|| self.decimals(twos.max(fives))).flatten()
    }

    /// The value rounded to `places` decimals, as text (`2.33`, `-0.5`, `8`: trailing zeros
    /// dropped), by integer arithmetic alone; `None` if it would overflow.
    pub fn decimals(self, places: u32) -> Option<String> {
        let scale = 10i64.checked_pow(places)?;
        let scaled = self.num.checked_mul(scale)?;
        // Round half away from zero.
        let (q, r) = (scaled / self.den, scaled % self.den);
        let q = if r.abs() >= self.den - r.abs() {
            q + scaled.signum()
        } else {
            q
        };
        let negative = q < 0;
        let q = q.unsigned_abs();
        let (whole, mut frac) = (q / scale as u64, q % scale as u64);
        let mut text = String::new();
        if negative {
            text.push('-');
        }
        text.push_str(&whole.to_string());
        let mut width = places;
        while width > 0 && frac % 10 == 0 {
            frac /= 10;
            width -= 1;
        }
        if width > 0 {
            let digits = frac.to_string();
            text.push('.');
            for _ in digits.len()..width as usize {
                text.push('0');
            }
            text.push_str(&digits);
        }
        Some(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: i64, d: i64) -> Ratio {
        Ratio::new(n, d).unwrap()
    }

    #[test]
    fn arithmetic_is_exact() {
        let third = r(1, 3);
        let sum = third
            .checked_add(third)
            .unwrap()
            .checked_add(third)
            .unwrap();
        assert_eq!(sum, Ratio::ONE);
        assert_eq!(r(3, 4).checked_mul(r(8, 3)).unwrap(), Ratio::int(2));
        assert_eq!(r(1, 2).checked_sub(r(3, 4)).unwrap(), r(-1, 4));
        assert_eq!(r(1, 2).checked_div(r(-1, 4)).unwrap(), Ratio::int(-2));
        assert_eq!(r(2, -4).to_string(), "-1/2");
        assert!(r(1, 3) < r(34, 100));
        assert!(r(-1, 3) > r(-34, 100));
    }

    #[test]
    fn overflow_is_an_error() {
        let tiny = r(1, 1 << 40);
        assert_eq!(tiny.checked_mul(tiny), Err(Overflow));
        let big = r(i64::MAX / 2, 1);
        assert_eq!(
            big.checked_add(big).and_then(|b| b.checked_add(big)),
            Err(Overflow)
        );
    }

    #[test]
    fn comparison_survives_huge_terms() {
        let a = r(i64::MAX / 3, (1 << 60) + 1);
        let b = r(i64::MAX / 3 + 1, (1 << 60) + 1);
        assert!(a < b);
        assert!(r(i64::MAX / 2, 3) > r(i64::MAX / 2, 5));
        assert_eq!(a.cmp(&a), Ordering::Equal);
    }

    #[test]
    fn decimals_round_half_away_from_zero() {
        for (n, d, want) in [
            (7, 3, "2.33"),
            (21, 10, "2.1"),
            (8, 1, "8"),
            (-1, 2, "-0.5"),
            (-7, 3, "-2.33"),
            (2, 3, "0.67"),
            (-2, 3, "-0.67"),
            (1, 200, "0.01"),
            (-1, 300, "0"),
            (999, 1000, "1"),
            (409, 10, "40.9"),
            (1, 20, "0.05"),
        ] {
            assert_eq!(r(n, d).decimals(2).as_deref(), Some(want), "{n}/{d}");
        }
        assert_eq!(r(-123456789, 1).to_string(), "-123456789");
        assert_eq!(r(i64::MAX, 1).to_string(), i64::MAX.to_string());
        assert_eq!(r(i64::MIN + 1, 1).to_string(), (i64::MIN + 1).to_string());
    }

    #[test]
    fn probabilities_as_people_write_them() {
        for (text, want, len) in [
            ("1/4:", r(1, 4), 3),
            ("0.25:", r(1, 4), 4),
            (".5", r(1, 2), 2),
            ("1", Ratio::ONE, 1),
            ("2/6", r(1, 3), 3),
            ("0.1", r(1, 10), 3),
        ] {
            assert_eq!(Ratio::parse_prefix(text), Some((want, len)), "{text}");
        }
        for text in ["/4", "1/0", "1/", ".", "x", "0.1234567890123"] {
            assert_eq!(Ratio::parse_prefix(text), None, "{text}");
        }
        for text in ["/4", "1/", ".", "x", ""] {
            assert_eq!(Ratio::read_prefix(text), Ok(None), "{text}");
        }
        for text in [
            "1/0",
            "0.1234567890123",
            "1000000000001",
            "1/1000000000001",
            // Found by the fuzzer with overflow checks on (issue 40): 111111111 · 10¹² wrapped.
            "111111111.111111111111",
            "1000000000000.999999999999",
        ] {
            assert!(Ratio::read_prefix(text).is_err(), "{text}");
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        /// Any run of digits, dots and slashes: read without overflow, and what is read is the
        /// number written, checked in 128 bits.
        #[test]
        fn any_decimal_is_read_exactly_or_refused(int in 0u64..=1_000_000_000_000, frac in "[0-9]{0,13}") {
            let text = format!("{int}.{frac}");
            match Ratio::read_prefix(&text) {
                Ok(Some((r, len))) => {
                    proptest::prop_assert_eq!(len, text.len());
                    let scale = 10i128.pow(frac.len() as u32);
                    let f: i128 = if frac.is_empty() { 0 } else { frac.parse().unwrap() };
                    let want = i128::from(int) * scale + f;
                    // r = want / scale exactly.
                    proptest::prop_assert_eq!(i128::from(r.numer()) * scale, want * i128::from(r.denom()));
                }
                Ok(None) => proptest::prop_assert!(false, "{text} was not seen as a number"),
                Err(_) => {
                    let fits = frac.len() <= 12
                        && (i128::from(int) * 10i128.pow(frac.len() as u32)) < i128::from(i64::MAX) - 1_000_000_000_000;
                    proptest::prop_assert!(!fits, "{text} refused though it fits");
                }
            }
        }
    }
}
