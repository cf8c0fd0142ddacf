//! Permutations ranked: the exact database indexes boards by the rank of their permutation
//! among all of them (its Lehmer code).

use crate::board::SLOTS;

pub(super) fn factorial(n: usize) -> usize {
    (1..=n).product()
}

/// Ordered choices of `k` cells out of `n`.
pub(super) fn placements(n: usize, k: usize) -> u64 {
    (n - k + 1..=n).map(|x| x as u64).product()
}

/// The rank of a permutation of `0..n` among all of them (its Lehmer code), n ≤ 12.
pub(super) fn rank(perm: &[u8]) -> usize {
    let n = perm.len();
    let mut r = 0;
    for i in 0..n {
        let smaller_after = perm[i + 1..].iter().filter(|&&x| x < perm[i]).count();
        r = r * (n - i) + smaller_after;
    }
    r
}

/// The permutation of the given rank (inverse of [`rank`]).
pub(super) fn unrank(mut r: usize, out: &mut [u8]) {
    let n = out.len();
    let mut digits = [0usize; SLOTS];
    for i in (0..n).rev() {
        digits[i] = r % (n - i);
        r /= n - i;
    }
    let mut left: Vec<u8> = (0..n as u8).collect();
    for i in 0..n {
        out[i] = left.remove(digits[i]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_round_trip() {
        let mut out = [0u8; 5];
        for r in 0..120 {
            unrank(r, &mut out);
            assert_eq!(rank(&out), r);
        }
        assert_eq!(rank(&[0, 1, 2, 3]), 0);
        assert_eq!(rank(&[3, 2, 1, 0]), 23);
    }
}
