//! A transposition table: results of searched positions, keyed by the game's hash (Zobrist keys
//! for real games), so a position reached again — by another move order, or in the next
//! iteration of iterative deepening — need not be searched again.

use crate::observe::Bound;

/// What the table remembers of a position. Values are from the point of view of the player to
/// move at that position (the negamax convention of the search that fills it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry<M> {
    /// The full key, to tell apart positions that share a slot.
    pub key: u64,
    /// The value found.
    pub value: i32,
    /// Whether `value` is exact, a lower bound or an upper bound.
    pub bound: Bound,
    /// Plies searched below the position (`u32::MAX` for a search to the end of the game).
    pub depth: u32,
    /// The best move found, tried first next time.
    pub best: Option<M>,
}

/// A fixed-size table of `2^bits` slots; a new entry replaces the old one in its slot unless the
/// old one was searched deeper for the same position.
#[derive(Clone, Debug)]
pub struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: u64,
}

impl<M: Copy> Table<M> {
    /// A table with `2^bits` slots (`bits` at most 30).
    pub fn new(bits: u32) -> Self {
        let bits = bits.min(30);
        Table {
            slots: vec![None; 1usize << bits],
            mask: (1u64 << bits) - 1,
        }
    }

    /// The entry for `key`, if the table holds one.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        match self.slots[(key & self.mask) as usize] {
            Some(e) if e.key == key => Some(e),
            _ => None,
        }
    }

    /// Stores an entry.
    #[inline]
    pub fn store(&mut self, entry: Entry<M>) {
        let slot = &mut self.slots[(entry.key & self.mask) as usize];
        if let Some(old) = slot {
            if old.key == entry.key && old.depth > entry.depth {
                return;
            }
        }
        *slot = Some(entry);
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
