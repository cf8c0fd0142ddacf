//! A transposition table: results of searched positions, keyed by the game's hash (Zobrist keys
//! for real games), so a position reached again — by another move order, or in the next
//! iteration of iterative deepening — need not be searched again.
//!
//! Slots are compact (a 32-bit check, the value, one byte of depth, one of bound and age, and
//! the best move): 12 bytes for a game whose moves are bytes, and 8 in a [`Narrow`] slot, for
//! a game whose values fit in a byte too (connect four's solver, whose searches wait on the
//! memory more than on anything else). A position is known by
//! its slot (the key's low `bits` bits) and the 32 bits above them: a game whose keys differ in
//! their low `bits + 32` bits — connect four's 49-bit keys, with at least 17 bits of slots —
//! never has two positions taken for one.

use crate::observe::Bound;

/// What the table remembers of a position. Values are from the point of view of the player to
/// move at that position (the negamax convention of the search that fills it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry<M> {
    /// The position's key.
    pub key: u64,
    /// The value found.
    pub value: i32,
    /// Whether `value` is exact, a lower bound or an upper bound.
    pub bound: Bound,
    /// Plies searched below the position (`u32::MAX` for a search to the end of the game).
    /// Depths from 255 up to (not including) `u32::MAX` are kept as 254.
    pub depth: u32,
    /// The best move found, tried first next time.
    pub best: Option<M>,
}

/// How a table keeps one entry in a slot. [`Wide`] holds any game's entries; [`Narrow`] holds,
/// in 8 bytes, those of a game whose moves and values fit in a byte (connect four's solver):
/// twice the positions of a wide table in the same memory, and so in the processor's cache.
/// The table does the rest (which slot, the check, ages and what replaces what), the same for
/// both.
pub trait Slot<M>: Copy {
    /// A slot that holds nothing (age 0).
    const EMPTY: Self;
    /// A slot holding an entry: its check (the key's 32 bits above the slot index), value,
    /// depth (255 for the end of the game), meta (bound and age) and best move; `None` if the
    /// value or move does not fit in this kind of slot (the entry is then not kept: a table is
    /// only a cache).
    fn pack(check: u32, value: i32, depth: u8, meta: u8, best: Option<M>) -> Option<Self>;
    /// The key's 32 bits above the slot index.
    fn check(&self) -> u32;
    /// The value.
    fn value(&self) -> i32;
    /// The depth.
    fn depth(&self) -> u8;
    /// The bound in the low two bits, the age above.
    fn meta(&self) -> u8;
    /// Marks the slot empty.
    fn empty(&mut self);
    /// The best move.
    fn best(&self) -> Option<M>;
}

/// A slot for any game: the value as it is, the best move as the game names it.
#[derive(Clone, Copy, Debug)]
pub struct Wide<M> {
    check: u32,
    value: i32,
    depth: u8,
    meta: u8,
    best: Option<M>,
}

impl<M: Copy> Slot<M> for Wide<M> {
    const EMPTY: Self = Wide {
        check: 0,
        value: 0,
        depth: 0,
        meta: 0,
        best: None,
    };

    #[inline(always)]
    fn pack(check: u32, value: i32, depth: u8, meta: u8, best: Option<M>) -> Option<Self> {
        Some(Wide {
            check,
            value,
            depth,
            meta,
            best,
        })
    }

    #[inline(always)]
    fn check(&self) -> u32 {
        self.check
    }

    #[inline(always)]
    fn value(&self) -> i32 {
        self.value
    }

    #[inline(always)]
    fn depth(&self) -> u8 {
        self.depth
    }

    #[inline(always)]
    fn meta(&self) -> u8 {
        self.meta
    }

    #[inline(always)]
    fn empty(&mut self) {
        self.meta = 0;
    }

    #[inline(always)]
    fn best(&self) -> Option<M> {
        self.best
    }
}

/// An 8-byte slot for a game whose values lie in −128..=127 and whose moves are bytes below
/// 255 (connect four's solver: scores within ±21, columns 0–6). An entry outside that is not
/// kept.
#[derive(Clone, Copy, Debug)]
pub struct Narrow {
    check: u32,
    value: i8,
    depth: u8,
    meta: u8,
    /// The move, or 255 for none.
    best: u8,
}

impl Slot<u8> for Narrow {
    const EMPTY: Self = Narrow {
        check: 0,
        value: 0,
        depth: 0,
        meta: 0,
        best: u8::MAX,
    };

    #[inline(always)]
    fn pack(check: u32, value: i32, depth: u8, meta: u8, best: Option<u8>) -> Option<Self> {
        let best = match best {
            Some(u8::MAX) => return None,
            Some(m) => m,
            None => u8::MAX,
        };
        Some(Narrow {
            check,
            value: i8::try_from(value).ok()?,
            depth,
            meta,
            best,
        })
    }

    #[inline(always)]
    fn check(&self) -> u32 {
        self.check
    }

    #[inline(always)]
    fn value(&self) -> i32 {
        i32::from(self.value)
    }

    #[inline(always)]
    fn depth(&self) -> u8 {
        self.depth
    }

    #[inline(always)]
    fn meta(&self) -> u8 {
        self.meta
    }

    #[inline(always)]
    fn empty(&mut self) {
        self.meta = 0;
    }

    #[inline(always)]
    fn best(&self) -> Option<u8> {
        (self.best != u8::MAX).then_some(self.best)
    }
}

const FULL_DEPTH: u8 = u8::MAX;
/// Ages run 1..=MAX_AGE; clearing moves to the next, and only wraps with a real sweep.
const MAX_AGE: u8 = 63;

fn bound_bits(bound: Bound) -> u8 {
    match bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    }
}

fn bound_of(bits: u8) -> Bound {
    match bits & 3 {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    }
}

/// A fixed-size table of `2^bits` slots; a new entry replaces the old one in its slot unless the
/// old one was searched deeper for the same position. Its slots are [`Wide`] unless chosen
/// otherwise.
#[derive(Clone, Debug)]
pub struct Table<M, S = Wide<M>> {
    slots: Vec<S>,
    bits: u32,
    mask: u64,
    age: u8,
    /// Slots used since the last sweep (a table set to fewer bits uses only the first ones).
    used: usize,
    marker: std::marker::PhantomData<M>,
}

impl<M: Copy, S: Slot<M>> Table<M, S> {
    /// A table with `2^bits` slots (`bits` at most 30).
    pub fn new(bits: u32) -> Self {
        let bits = bits.min(30);
        Table {
            slots: vec![S::EMPTY; 1usize << bits],
            bits,
            mask: (1u64 << bits) - 1,
            age: 1,
            used: 1usize << bits,
            marker: std::marker::PhantomData,
        }
    }

    /// Uses `2^bits` slots from now on (growing the memory the first time it is asked for
    /// more), and empties the table: a position's slot and check depend on the size.
    pub fn set_bits(&mut self, bits: u32) {
        let bits = bits.min(30);
        let len = 1usize << bits;
        if self.slots.len() < len {
            self.slots.resize(len, S::EMPTY);
        }
        self.bits = bits;
        self.mask = (1u64 << bits) - 1;
        self.used = self.used.max(len);
        self.clear();
    }

    /// Number of slots in use.
    pub fn len(&self) -> usize {
        1usize << self.bits
    }

    /// Never true: a table has at least one slot.
    pub fn is_empty(&self) -> bool {
        false
    }

    #[inline(always)]
    fn check(&self, key: u64) -> u32 {
        (key >> self.bits) as u32
    }

    /// The entry for `key`, if the table holds one.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let slot = &self.slots[(key & self.mask) as usize];
        if slot.meta() >> 2 != self.age || slot.check() != self.check(key) {
            return None;
        }
        Some(Entry {
            key,
            value: slot.value(),
            bound: bound_of(slot.meta()),
            depth: match slot.depth() {
                FULL_DEPTH => u32::MAX,
                d => u32::from(d),
            },
            best: slot.best(),
        })
    }

    /// Stores an entry.
    #[inline]
    pub fn store(&mut self, entry: Entry<M>) {
        let check = self.check(entry.key);
        let depth = if entry.depth == u32::MAX {
            FULL_DEPTH
        } else {
            entry.depth.min(u32::from(FULL_DEPTH) - 1) as u8
        };
        let age = self.age;
        let slot = &mut self.slots[(entry.key & self.mask) as usize];
        if slot.meta() >> 2 == age && slot.check() == check && slot.depth() > depth {
            return;
        }
        let meta = age << 2 | bound_bits(entry.bound);
        if let Some(packed) = S::pack(check, entry.value, depth, meta, entry.best) {
            *slot = packed;
        }
    }

    /// Empties the table. Usually this only moves it to a new age, which makes every slot of
    /// the old ones stale, so clearing costs nothing; every 63rd time the slots are swept.
    pub fn clear(&mut self) {
        if self.age == MAX_AGE {
            for slot in &mut self.slots[..self.used] {
                slot.empty();
            }
            self.age = 1;
            self.used = 1usize << self.bits;
        } else {
            self.age += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_set_to_more_bits_and_back_forgets_and_never_brings_back_a_stale_entry() {
        let entry = |key: u64, value: i32| Entry {
            key,
            value,
            bound: Bound::Exact,
            depth: 3,
            best: Some(1u8),
        };
        let mut t: Table<u8> = Table::new(4);
        t.store(entry(0x1234_5671, 7));
        t.set_bits(10);
        assert_eq!(t.len(), 1024);
        assert_eq!(t.probe(0x1234_5671), None, "a new size starts empty");
        // Keys that share a slot at 4 bits do not at 10.
        t.store(entry(0x1234_5671, 8));
        t.store(entry(0x1234_5671 + 16, 9));
        assert_eq!(t.probe(0x1234_5671).unwrap().value, 8);
        assert_eq!(t.probe(0x1234_5671 + 16).unwrap().value, 9);
        // A key stored only in the large part of the table.
        let far = 0x00ab_c3f0;
        assert!(far & 1023 >= 16);
        t.store(entry(far, 5));
        t.set_bits(4);
        assert_eq!(t.len(), 16);
        assert_eq!(t.probe(0x1234_5671), None);
        // Ages wrap many times over (with sweeps) while the table is small; growing again
        // never finds the old entry, whatever the age.
        for round in 0..200 {
            t.clear();
            t.set_bits(10);
            assert_eq!(t.probe(far), None, "round {round}");
            t.set_bits(4);
        }
    }

    #[test]
    fn stores_and_finds() {
        let mut t: Table<u8> = Table::new(4);
        let e = Entry {
            key: 0x1234_5671,
            value: 7,
            bound: Bound::Exact,
            depth: 3,
            best: Some(2),
        };
        t.store(e);
        assert_eq!(t.probe(e.key), Some(e));
        // Same slot, other key: not found.
        assert_eq!(t.probe(e.key + 16), None);
        // A shallower result for the same position does not replace a deeper one.
        t.store(Entry {
            depth: 1,
            value: 0,
            ..e
        });
        assert_eq!(t.probe(e.key).unwrap().value, 7);
        // Another position in the slot replaces it.
        t.store(Entry {
            key: e.key + 16,
            ..e
        });
        assert_eq!(t.probe(e.key), None);
        t.clear();
        assert_eq!(t.probe(e.key + 16), None);
    }

    #[test]
    fn depths_and_bounds_survive_packing() {
        let mut t: Table<u8> = Table::new(3);
        for (i, (depth, bound)) in [
            (u32::MAX, Bound::Lower),
            (254, Bound::Upper),
            (1000, Bound::Exact),
            (0, Bound::Upper),
        ]
        .into_iter()
        .enumerate()
        {
            let key = i as u64 | 0xABCD_0000_0000;
            t.store(Entry {
                key,
                value: -(i as i32),
                bound,
                depth,
                best: None,
            });
            let got = t.probe(key).unwrap();
            assert_eq!(got.bound, bound);
            assert_eq!(got.value, -(i as i32));
            assert_eq!(got.depth, if depth == 1000 { 254 } else { depth });
        }
    }

    #[test]
    fn a_narrow_slot_keeps_what_fits_in_8_bytes_and_nothing_else() {
        assert_eq!(std::mem::size_of::<Narrow>(), 8);
        let mut t: Table<u8, Narrow> = Table::new(4);
        let e = Entry {
            key: 0x00AB_CDEF_0123,
            value: -21,
            bound: Bound::Lower,
            depth: u32::MAX,
            best: Some(6),
        };
        t.store(e);
        assert_eq!(t.probe(e.key), Some(e));
        let no_move = Entry {
            key: e.key + 1,
            value: 127,
            bound: Bound::Upper,
            depth: 7,
            best: None,
        };
        t.store(no_move);
        assert_eq!(t.probe(no_move.key), Some(no_move));
        // A value or a move that a byte cannot hold is not kept: the slot (which another
        // position's entry would take over) keeps what it had.
        let other = e.key + 16;
        for too_big in [
            Entry { value: 128, ..e },
            Entry { value: -129, ..e },
            Entry {
                best: Some(u8::MAX),
                ..e
            },
        ] {
            t.store(Entry {
                key: other,
                ..too_big
            });
            assert_eq!(t.probe(other), None, "{too_big:?}");
            assert_eq!(t.probe(e.key), Some(e), "{too_big:?}");
        }
        t.store(Entry { key: other, ..e });
        assert_eq!(t.probe(other), Some(Entry { key: other, ..e }));
        assert_eq!(t.probe(e.key), None);
    }

    #[test]
    fn clearing_many_times_forgets_every_time() {
        let mut t: Table<u8> = Table::new(2);
        let e = Entry {
            key: 5,
            value: 1,
            bound: Bound::Exact,
            depth: 1,
            best: None,
        };
        for _ in 0..200 {
            assert_eq!(t.probe(5), None);
            t.store(e);
            assert!(t.probe(5).is_some());
            t.clear();
        }
    }
}
