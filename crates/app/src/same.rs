//! Identity that cannot be mistaken: an `Rc` compared by what it points at.
//!
//! The views memoise on "is this the same run (tree, scene, record) as last time?". Keying
//! that on an address taken with `Rc::as_ptr` is wrong: once the old value is dropped, the
//! allocator may give its address to the next one, and a new, larger tree is then taken for the
//! old one — its marks read from the old run's frames, past their end. [`Same`] keeps the `Rc`
//! it compares, so the old value lives as long as the comparison may be made and no other value
//! can share its address.

use std::fmt;
use std::ops::Deref;
use std::rc::Rc;

/// An `Rc` whose equality is identity: two `Same` are equal when they hold the same
/// allocation, whatever the values inside. It holds the `Rc`, so the address cannot be reused
/// while the `Same` lives.
pub struct Same<T: ?Sized>(pub Rc<T>);

impl<T: ?Sized> Same<T> {
    /// The same value, by identity.
    pub fn of(rc: &Rc<T>) -> Same<T> {
        Same(rc.clone())
    }
}

impl<T: ?Sized> Clone for Same<T> {
    fn clone(&self) -> Self {
        Same(self.0.clone())
    }
}

impl<T: ?Sized> PartialEq for Same<T> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl<T: ?Sized> Eq for Same<T> {}

impl<T: ?Sized> Deref for Same<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: ?Sized> fmt::Debug for Same<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Same({:p})", Rc::as_ptr(&self.0))
    }
}

/// An optional [`Same`]: equal when both are absent or both hold the same allocation.
pub fn same_opt<T: ?Sized>(a: &Option<Rc<T>>) -> Option<Same<T>> {
    a.as_ref().map(Same::of)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_values_in_two_allocations_are_not_the_same() {
        let a = Rc::new(vec![1, 2, 3]);
        let b = Rc::new(vec![1, 2, 3]);
        assert!(Same::of(&a) == Same::of(&a.clone()));
        assert!(Same::of(&a) != Same::of(&b));
        assert_eq!(same_opt::<Vec<i32>>(&None), None);
        assert_eq!(same_opt(&Some(a.clone())), Some(Same(a)));
    }

    /// The failure it exists for: an address taken from a dropped value is given to the next
    /// value of the same size, so comparing addresses calls two values the same. A `Same`
    /// keeps the first alive, and the second never gets its address.
    #[test]
    fn a_kept_value_never_shares_its_address_with_a_new_one() {
        let mut reused = 0;
        let mut kept_apart = 0;
        for i in 0..1_000u64 {
            let first = Rc::new([i; 8]);
            let address = Rc::as_ptr(&first) as usize;
            drop(first);
            let second = Rc::new([i + 1; 8]);
            if Rc::as_ptr(&second) as usize == address {
                reused += 1;
            }
            let first = Rc::new([i; 8]);
            let held = Same::of(&first);
            drop(first);
            let second = Rc::new([i + 1; 8]);
            if held == Same::of(&second) {
                panic!("a held value shared its address");
            }
            kept_apart += 1;
        }
        // The allocator does hand out a freed address again (which is why addresses are no
        // identity); if it never did here, the first half of the test proved nothing.
        assert!(reused > 0, "the allocator never reused an address");
        assert_eq!(kept_apart, 1_000);
    }
}
