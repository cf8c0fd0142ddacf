//! Numbers as the SVG writes them, without float formatting code.

/// An SVG `points` list: offsets around (`x`, `y`).
pub fn points(x: f64, y: f64, offsets: &[(f64, f64)]) -> String {
    offsets
        .iter()
        .map(|(dx, dy)| format!("{},{}", fmt(x + dx), fmt(y + dy)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A coordinate, with one decimal.
pub fn fmt(v: f64) -> String {
    fixed(v, 1)
}

/// `v` with `digits` decimals (at most 6), rounded half away from zero, as `{:.N}` writes it
/// for the values drawn here — by integer arithmetic, so the page's module carries no float
/// formatting code (it is on the critical path to the first tree over a slow network).
pub fn fixed(v: f64, digits: u32) -> String {
    let digits = digits.min(6);
    if !v.is_finite() {
        return if v.is_nan() {
            "NaN".into()
        } else if v > 0.0 {
            "inf".into()
        } else {
            "-inf".into()
        };
    }
    let scale = 10i128.pow(digits);
    let n = (v.abs() * scale as f64).round() as i128;
    let sign = if v.is_sign_negative() { "-" } else { "" };
    if digits == 0 {
        return format!("{sign}{n}");
    }
    format!(
        "{sign}{}.{:0width$}",
        n / scale,
        n % scale,
        width = digits as usize
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_writes_what_the_standard_formatting_writes() {
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        for i in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Values as drawn: coordinates, percentages, seconds; some on exact halves.
            let v = match i % 3 {
                0 => (x % 2_000_000) as f64 / 100.0 - 10_000.0,
                1 => (x % 100_000) as f64 / 1000.0,
                _ => (x % 4000) as f64 / 8.0 - 250.0,
            };
            for d in 0..=4u32 {
                let ours = fixed(v, d);
                let theirs = format!("{v:.*}", d as usize);
                // The standard rounds exact halves to even; ours away from zero: they differ
                // by one unit in the last place at most, and only there.
                if ours != theirs {
                    let (a, b): (f64, f64) = (ours.parse().unwrap(), theirs.parse().unwrap());
                    let unit = 10f64.powi(-(d as i32));
                    assert!(
                        (a - b).abs() <= unit * 1.0001,
                        "{v} to {d}: {ours} vs {theirs}"
                    );
                    let scaled = v.abs() * 10f64.powi(d as i32);
                    assert!(
                        (scaled.fract() - 0.5).abs() < 1e-6,
                        "{v} to {d}: {ours} vs {theirs}"
                    );
                }
            }
        }
        assert_eq!(fixed(-0.04, 1), "-0.0");
        assert_eq!(fixed(12.25, 0), "12");
        assert_eq!(fixed(0.5, 0), "1");
        assert_eq!(fixed(f64::INFINITY, 1), "inf");
    }
}
