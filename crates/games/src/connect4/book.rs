//! Connect four's opening book: for every position the perfect player can face in the opening,
//! as first or as second player, whatever the opponent plays, the position's result (win, draw
//! or loss for the player to move) and one move that keeps it — all found by Arbor's own solver
//! ([`Solver`], weakly: the sign of the score), offline, by `arbor c4 book`.
//!
//! Why this much and no more: deeper than the book, the solver proves a move in the tab in a
//! fraction of a second (its table kept from move to move, a proof found for one move answers
//! most of the next); shallower, a proof takes minutes. The player needs one proven move per
//! position it can face, not every move's score, so a position where the player is to move
//! holds one move, and the opponent's replies are all followed. A position and its mirror image
//! are one entry.
//!
//! The file: an 8-byte tag, the deepest ply covered (one byte), three zero bytes, the number
//! of entries (u32), a checksum of the entries (FNV-1a, u64), then the entries, little-endian
//! u64s sorted by key: bits 0–48 the position's key ([`Position::key`], the smaller of the
//! position's and its mirror's), bits 49–50 the result plus one, bits 51–53 the move (0-based
//! column, for the position the key names).

use std::collections::{HashMap, HashSet};

use arbor_game::{Budget, Quiet};

use super::game::{Connect4, Eval, LOOKAHEAD_DEPTH};
use super::position::{Position, WIDTH};
use super::solver::Solver;
use crate::ai::{self, Plan};

/// The file's first bytes.
pub const TAG: &[u8; 8] = b"ARBORC4\x01";
const HEADER: usize = 8 + 4 + 4 + 8;
const KEY_BITS: u32 = 49;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;

/// What the book says of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// For the player to move: 1 win, 0 draw, −1 loss, with perfect play by both sides.
    pub result: i32,
    /// A move (0-based column) that keeps the result: in a lost position, any move keeps it,
    /// and the book holds the one its player makes.
    pub mv: u8,
}

/// Why bytes are not a book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError(pub String);

impl std::fmt::Display for BookError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BookError {}

/// The opening book.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    /// Entries sorted by key.
    entries: Vec<u64>,
    plies: u8,
}

/// A position's key in the book, and whether it is its mirror image's.
pub fn book_key(p: &Position) -> (u64, bool) {
    let (key, mirrored) = (p.key(), p.mirrored_key());
    if mirrored < key {
        (mirrored, true)
    } else {
        (key, false)
    }
}

/// A column (0-based) seen in the mirror.
pub fn mirror_column(c: u8) -> u8 {
    WIDTH as u8 - 1 - c
}

fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

fn pack(key: u64, m: BookMove) -> u64 {
    key | ((m.result + 1) as u64) << KEY_BITS | u64::from(m.mv) << (KEY_BITS + 2)
}

fn unpack(entry: u64) -> (u64, BookMove) {
    (
        entry & KEY_MASK,
        BookMove {
            result: ((entry >> KEY_BITS) & 3) as i32 - 1,
            mv: ((entry >> (KEY_BITS + 2)) & 7) as u8,
        },
    )
}

impl Book {
    /// A book of these positions (each in its own orientation; a position given twice, or
    /// with its mirror image, is kept once), covering plies up to `plies`.
    pub fn new(plies: u8, positions: impl IntoIterator<Item = (Position, BookMove)>) -> Book {
        let mut entries: Vec<u64> = positions
            .into_iter()
            .map(|(p, m)| {
                let (key, mirrored) = book_key(&p);
                let mv = if mirrored { mirror_column(m.mv) } else { m.mv };
                pack(key, BookMove { mv, ..m })
            })
            .collect();
        entries.sort_unstable_by_key(|&e| e & KEY_MASK);
        entries.dedup_by_key(|e| *e & KEY_MASK);
        Book { entries, plies }
    }

    /// Positions in the book.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True if the book holds nothing.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The deepest ply (stones on the board) of the positions the book covers.
    pub fn plies(&self) -> u32 {
        u32::from(self.plies)
    }

    /// What the book says of `p`, if it holds it.
    pub fn get(&self, p: &Position) -> Option<BookMove> {
        let (key, mirrored) = book_key(p);
        let i = self
            .entries
            .binary_search_by_key(&key, |&e| e & KEY_MASK)
            .ok()?;
        let (_, m) = unpack(self.entries[i]);
        Some(if mirrored {
            BookMove {
                mv: mirror_column(m.mv),
                ..m
            }
        } else {
            m
        })
    }

    /// Every entry: the position (the orientation the key names) and what the book says.
    pub fn iter(&self) -> impl Iterator<Item = (Position, BookMove)> + '_ {
        self.entries.iter().map(|&e| {
            let (key, m) = unpack(e);
            let p = Position::from_key(key).expect("a book's keys are checked when it is read");
            (p, m)
        })
    }

    /// The book as a file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let body: Vec<u8> = self.entries.iter().flat_map(|e| e.to_le_bytes()).collect();
        let mut out = Vec::with_capacity(HEADER + body.len());
        out.extend_from_slice(TAG);
        out.extend_from_slice(&[self.plies, 0, 0, 0]);
        out.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        out.extend_from_slice(&checksum(&body).to_le_bytes());
        out.extend_from_slice(&body);
        out
    }

    /// Reads a book file, checking everything: the tag, the length, the checksum, the order
    /// of the keys, and that every entry is a position that is not over, no deeper than the
    /// book says, with a result and a legal move.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        let fail = |what: String| Err(BookError(what));
        if bytes.len() < HEADER || &bytes[..8] != TAG {
            return fail("it is not an Arbor connect-four book (its first bytes are wrong)".into());
        }
        let plies = bytes[8];
        let count = u32::from_le_bytes(bytes[12..16].try_into().expect("4 bytes")) as usize;
        let sum = u64::from_le_bytes(bytes[16..24].try_into().expect("8 bytes"));
        let body = &bytes[HEADER..];
        if body.len() != count * 8 {
            return fail(format!(
                "it should hold {count} entries ({} bytes) but holds {} bytes",
                count * 8,
                body.len()
            ));
        }
        if checksum(body) != sum {
            return fail("its checksum does not match: the file is damaged".into());
        }
        let entries: Vec<u64> = body
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        for (i, &e) in entries.iter().enumerate() {
            let (key, m) = unpack(e);
            let bad = |why: &str| fail(format!("entry {}: {why}", i + 1));
            if i > 0 && entries[i - 1] & KEY_MASK >= key {
                return bad("the keys are out of order");
            }
            if e >> (KEY_BITS + 5) != 0 || m.result > 1 {
                return bad("unknown bits are set");
            }
            let Some(p) = Position::from_key(key) else {
                return bad("its key is not a position");
            };
            if p.is_over() || p.moves() > u32::from(plies) {
                return bad("its position is over, or deeper than the book");
            }
            if !p.can_play(usize::from(m.mv)) {
                return bad("its move is into a full column");
            }
        }
        Ok(Book { entries, plies })
    }
}

/// The book's answer for `p` (not over), found by `solver` weakly: a winning move if there is
/// one, else a drawing one, else — every move loses — the move the threat evaluation prefers
/// [`LOOKAHEAD_DEPTH`] plies deep, as the perfect player makes when it cannot find the latest
/// loss in time. Also returns the solver's nodes.
pub fn solve_position(solver: &mut Solver<'_>, p: &Position) -> (BookMove, u64) {
    if let Some(c) = (0..WIDTH).find(|&c| p.is_winning_move(c)) {
        return (
            BookMove {
                result: 1,
                mv: c as u8,
            },
            0,
        );
    }
    let solved = solver
        .solve(p, true)
        .expect("a solve without a budget finishes");
    let mv = match solved.best {
        Some(mv) if solved.score >= 0 => mv,
        _ => lookahead_move(p),
    };
    (
        BookMove {
            result: solved.score,
            mv,
        },
        solved.nodes,
    )
}

/// The threat evaluation's move, searched [`LOOKAHEAD_DEPTH`] plies deep (moves tried in a
/// fixed order, so the choice is the same every time).
pub fn lookahead_move(p: &Position) -> u8 {
    let game = Connect4 {
        eval: Eval::Threats,
    };
    let plan = Plan::new(Some(LOOKAHEAD_DEPTH), 0);
    ai::choose(&game, p, &plan, Budget::unlimited(), &mut Quiet, |_| {})
        .expect("a position that is not over has a move")
        .mv
}

/// Which side the perfect player takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// It plays first (from the empty board).
    First,
    /// It plays second (after any first move).
    Second,
}

/// Walks every position the perfect player can face up to `plies` stones, as `side`,
/// whatever the opponent plays: at the player's positions one move (the one `known` holds,
/// or else the one `solve` finds, which is then added to `known`), at the opponent's every
/// move. Returns the player's positions met, each once (a position and its mirror image are
/// one). `solve` is called once per new position, in the order of a depth-first walk, so that
/// a solver keeping its table from one call to the next finds much of each answer ready.
pub fn walk(
    side: Side,
    plies: u32,
    known: &mut HashMap<u64, BookMove>,
    mut solve: impl FnMut(&Position) -> BookMove,
) -> Vec<(Position, BookMove)> {
    let mut met = HashSet::new();
    let mut out = Vec::new();
    let mut stack = Vec::new();
    let empty = Position::new();
    match side {
        Side::First => stack.push(empty),
        Side::Second => stack.extend((0..WIDTH).rev().map(|c| empty.play(c))),
    }
    while let Some(p) = stack.pop() {
        if p.is_over() || p.moves() > plies {
            continue;
        }
        let (key, mirrored) = book_key(&p);
        if !met.insert(key) {
            continue;
        }
        let m = match known.get(&key) {
            Some(&m) if mirrored => BookMove {
                mv: mirror_column(m.mv),
                ..m
            },
            Some(&m) => m,
            None => {
                let m = solve(&p);
                let stored = if mirrored {
                    BookMove {
                        mv: mirror_column(m.mv),
                        ..m
                    }
                } else {
                    m
                };
                known.insert(key, stored);
                m
            }
        };
        out.push((p, m));
        let q = p.play(usize::from(m.mv));
        if q.is_over() {
            continue;
        }
        stack.extend(
            (0..WIDTH)
                .rev()
                .filter(|&c| q.can_play(c))
                .map(|c| q.play(c)),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_come_back_as_their_positions_and_mirror_images_share_an_entry() {
        let mut p = Position::new();
        for (i, c) in [3, 2, 2, 4, 6, 0, 1, 1, 5].into_iter().enumerate() {
            p = p.play(c);
            assert_eq!(
                Position::from_key(p.key()),
                Some(p),
                "after {} moves",
                i + 1
            );
            let m = Position::from_key(p.mirrored_key()).unwrap();
            assert_eq!(m.mirrored_key(), p.key());
            assert_eq!(book_key(&m).0, book_key(&p).0);
        }
        // A column holding 7 stones, a key above the board, stone counts that do not add up.
        assert_eq!(Position::from_key(0x7F), None);
        assert_eq!(Position::from_key(1 << 49), None);
        assert_eq!(
            Position::from_key(0b10),
            None,
            "the player to move has the only stone"
        );
    }

    fn small_book() -> Book {
        let a = Position::from_moves("44").unwrap();
        let b = Position::from_moves("12").unwrap();
        // b's mirror image, with the move mirrored: the same entry.
        let b2 = Position::from_moves("76").unwrap();
        Book::new(
            2,
            [
                (a, BookMove { result: 1, mv: 3 }),
                (b, BookMove { result: 0, mv: 1 }),
                (b2, BookMove { result: 0, mv: 5 }),
            ],
        )
    }

    #[test]
    fn a_book_reads_back_what_was_written_in_either_orientation() {
        let book = small_book();
        assert_eq!(book.len(), 2);
        let read = Book::from_bytes(&book.to_bytes()).unwrap();
        assert_eq!(read, book);
        let b2 = Position::from_moves("76").unwrap();
        assert_eq!(read.get(&b2), Some(BookMove { result: 0, mv: 5 }));
        let b = Position::from_moves("12").unwrap();
        assert_eq!(read.get(&b), Some(BookMove { result: 0, mv: 1 }));
        assert_eq!(read.get(&Position::from_moves("13").unwrap()), None);
    }

    #[test]
    fn a_damaged_book_is_refused_with_the_reason() {
        let bytes = small_book().to_bytes();
        let err = |b: &[u8]| Book::from_bytes(b).unwrap_err().0;
        assert!(err(b"hello").contains("not an Arbor"));
        assert!(err(&bytes[..bytes.len() - 3]).contains("holds"));
        let mut flipped = bytes.clone();
        *flipped.last_mut().unwrap() ^= 0x10;
        assert!(err(&flipped).contains("checksum"));
        // Entries out of order, with a correct checksum.
        let mut swapped = Book {
            entries: small_book().entries,
            plies: 2,
        };
        swapped.entries.reverse();
        assert!(err(&swapped.to_bytes()).contains("out of order"));
        // A move into a full column.
        let full = Position::from_moves("444444").unwrap();
        let bad = Book::new(6, [(full, BookMove { result: 0, mv: 3 })]);
        assert!(err(&bad.to_bytes()).contains("full column"));
    }

    #[test]
    fn the_walk_follows_one_move_of_the_player_and_every_move_of_the_opponent() {
        // The player always takes the leftmost column it can.
        let mut known = HashMap::new();
        let mut solved = 0;
        let left = |p: &Position| BookMove {
            result: 0,
            mv: (0..WIDTH).find(|&c| p.can_play(c)).unwrap() as u8,
        };
        let met = walk(Side::First, 2, &mut known, |p| {
            solved += 1;
            left(p)
        });
        // The empty board, then column 1 and any of 7 replies: 1 + 7, of which the replies
        // in columns 1–7 after "1" have no mirror images among themselves.
        assert_eq!(met.len(), 8);
        assert_eq!(solved, 8);
        let again = walk(Side::First, 2, &mut known, |_| panic!("all known"));
        assert_eq!(again.len(), 8);
        // As second player: 7 first moves, but 4 up to mirror images.
        let met = walk(Side::Second, 1, &mut HashMap::new(), left);
        assert_eq!(met.len(), 4);
        for (p, m) in met {
            assert_eq!(p.moves(), 1);
            assert!(p.can_play(usize::from(m.mv)));
        }
    }
}
