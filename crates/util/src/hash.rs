//! A fast, deterministic hasher for search tables (the multiply-rotate hash of the Rust
//! compiler's `FxHasher`): states are hashed millions of times, and nothing here needs
//! protection from crafted keys.

use std::hash::{BuildHasherDefault, Hasher};

/// The hasher.
#[derive(Clone, Copy, Debug, Default)]
pub struct FxHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_u128(&mut self, i: u128) {
        self.add(i as u64);
        self.add((i >> 64) as u64);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// Builds [`FxHasher`]s, for `HashMap<K, V, FxBuildHasher>`.
pub type FxBuildHasher = BuildHasherDefault<FxHasher>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;
    use std::hash::{BuildHasher, Hash};

    #[test]
    fn distinct_keys_spread_over_buckets_and_control_bits() {
        let b = FxBuildHasher::default();
        let h = |x: &dyn Fn(&mut FxHasher)| {
            let mut s = b.build_hasher();
            x(&mut s);
            s.finish()
        };
        let keys: Vec<u64> = (0..10_000u32).map(|i| h(&|s| i.hash(s))).collect();
        let distinct: HashSet<u64> = keys.iter().copied().collect();
        assert_eq!(distinct.len(), 10_000);
        // A hash table reads the low bits for the bucket and the top 7 for its control byte:
        // sequential keys (node ids, cells) must spread over both.
        let low: HashSet<u64> = keys[..1024].iter().map(|k| k & 1023).collect();
        let top: HashSet<u64> = keys[..1024].iter().map(|k| k >> 57).collect();
        assert!(low.len() > 900, "{} of 1024 low buckets", low.len());
        assert!(top.len() > 100, "{} of 128 control values", top.len());
    }
}
