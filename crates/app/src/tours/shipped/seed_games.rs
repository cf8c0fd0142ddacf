//! Tours of the seeds' game trees, on the alpha-beta stepper.

use super::{at, stop, tour, Shipped};

const TUTORIAL: &str = "#/alphabeta?preset=seed003-alphabeta";
const TUTORIAL_MINIMAX: &str = "#/alphabeta?preset=seed003-minimax&algo=minimax";
const AIMA: &str = "#/alphabeta?preset=seed001-aima";

/// Seed 003's alpha-beta worked example.
pub fn alphabeta_worked() -> Shipped {
    Shipped {
        id: "alphabeta-worked",
        source: "Seed 003",
        tour: tour(
            "The alpha-beta tutorial tree",
            "Alpha-beta on the tutorial's tree: which leaves it never looks at, and why.",
            vec![
                stop(&at(TUTORIAL, 0), "MAX moves at A, MIN at B and C, MAX again at D, E, F and G, above eight leaves. Alpha-beta starts with the window (α, β) = (−∞, +∞): nothing is known yet."),
                stop(&at(TUTORIAL, 6), "D has seen both its leaves, 2 and 3, so D = 3. B is a MIN node: it can now hold MAX to 3 or less, so its β drops to 3."),
                stop(&at(TUTORIAL, 9), "E's first leaf gives 5, so MAX at E will get at least 5. MIN at B already has 3 through D and will never let play reach E, so E's second leaf K is pruned unseen."),
                stop(&at(TUTORIAL, 11), "B is finished with value 3, and the root records it: α = 3 at A, a value MAX can already guarantee."),
                stop(&at(TUTORIAL, 17), "F is worth only 1, so MIN at C can keep MAX to 1 or less. MAX already has 3 through B, so C cannot matter: all of G is pruned."),
                stop(&at(TUTORIAL, 19), "The root's value is 3, the same answer minimax gives, along A → B → D → I. Three of the eight leaves (K, N and O) were never examined."),
            ],
        ),
    }
}

/// Seed 003's two tutorial trees: minimax gives A = 4 on the first, alpha-beta A = 3 on the
/// second.
pub fn minimax_vs_alphabeta() -> Shipped {
    Shipped {
        id: "minimax-vs-alphabeta",
        source: "Seed 003",
        tour: tour(
            "Minimax gives A = 4, alpha-beta gives A = 3",
            "The tutorial's two trees: minimax values every node of the first; alpha-beta skips part of the second.",
            vec![
                stop(&at(TUTORIAL_MINIMAX, 6), "Minimax on the first tutorial tree. D is a MAX node over the leaves −1 and 4, so D = 4."),
                stop(&at(TUTORIAL_MINIMAX, 11), "E takes the larger of 2 and 6, so E = 6; MIN at B prefers D's 4, so B = 4."),
                stop(&at(TUTORIAL_MINIMAX, 21), "On the right, F = −3 and G = 7, and MIN at C takes the smaller: C = −3."),
                stop(&at(TUTORIAL_MINIMAX, 22), "The root takes the larger of B = 4 and C = −3, so A = 4. Minimax looked at every one of the eight leaves to be sure."),
                stop(&at(TUTORIAL, 19), "The second tree, by alpha-beta: A = 3, in 19 steps. Leaves K, N and O were pruned, because no value they could hold would change the root."),
                stop("#/alphabeta?preset=seed003-alphabeta&algo=minimax&step=22", "Minimax on the second tree agrees, A = 3, but takes 22 steps: it reads all eight leaves, the pruned ones included."),
            ],
        ),
    }
}

/// Seed 003's move ordering: the same tree in the worst, the tree's own and the best order.
pub fn move_ordering() -> Shipped {
    let worst = "#/alphabeta?preset=seed003-alphabeta&order=worst";
    let best = "#/alphabeta?preset=seed003-alphabeta&order=best";
    Shipped {
        id: "move-ordering",
        source: "Seed 003",
        tour: tour(
            "Move ordering in alpha-beta",
            "The tutorial's tree searched in the worst order, its own order and the best order: the same value, different pruning.",
            vec![
                stop(&at(worst, 11), "In the worst order every node tries its worst child first. The root searches C before B, so after C it is only sure of α = 1."),
                stop(&at(worst, 22), "With such weak bounds nothing is ever cut off: all eight leaves are read, and the search takes 22 steps, exactly as many as minimax on this tree."),
                stop(&at(TUTORIAL, 19), "In the tree's own order, which already puts the best move first at A and at B, alpha-beta prunes K and the whole of G and finishes in 19 steps."),
                stop(&at(best, 9), "In the best order E tries its larger leaf K = 9 first; 9 ≥ β = 3 at once, so this time J is the leaf pruned."),
                stop(&at(best, 19), "The best order reaches the same value, A = 3. Ordering never changes the answer, only how much of the tree is read."),
            ],
        ),
    }
}

/// The textbook's minimax tree (AIMA, figure 5.2), by minimax and by alpha-beta.
pub fn aima_minimax() -> Shipped {
    let minimax = "#/alphabeta?preset=seed001-aima&algo=minimax";
    Shipped {
        id: "aima-minimax",
        source: "AIMA, chapter 5",
        tour: tour(
            "The textbook's minimax tree",
            "MAX over three MIN nodes with leaves 3, 12, 8 / 2, 4, 6 / 14, 5, 2: minimax, then alpha-beta.",
            vec![
                stop(&at(minimax, 0), "MAX at A chooses among three MIN nodes B, C and D, whose leaves are 3, 12, 8; 2, 4, 6; and 14, 5, 2."),
                stop(&at(minimax, 6), "MIN at B takes the smallest of its leaves 3, 12 and 8: B = 3."),
                stop(&at(minimax, 11), "C's leaves are 2, 4 and 6, so C = 2."),
                stop(&at(minimax, 17), "D = 2 as well, so the root is max(3, 2, 2) = 3: MAX's best move leads to B."),
                stop(&at(AIMA, 9), "Alpha-beta on the same tree: after C's first leaf, 2, C is worth at most 2, less than the 3 MAX has through B. C's other leaves, I and J, are pruned."),
                stop(&at(AIMA, 16), "D's leaves come in the order 14, 5, 2, so D's bound drops below 3 only at its last leaf and nothing is pruned there. The root is 3, as minimax said."),
            ],
        ),
    }
}

/// Seed 001's game tree of Nim from 4, and the game from 9.
pub fn nim() -> Shipped {
    let nim4 = "#/alphabeta?preset=seed001-nim4&algo=minimax";
    Shipped {
        id: "nim",
        source: "Seed 001",
        tour: tour(
            "Nim: the player facing a multiple of 4 loses",
            "Minimax on Nim's whole game tree from 4 objects, then the game from 9 with hints.",
            vec![
                stop(&at(nim4, 0), "Nim from 4: each move takes 1, 2 or 3 objects, and whoever takes the last one wins. A leaf is +1 if MAX took the last object and −1 if MIN did."),
                stop(&at(nim4, 8), "At E, MAX is to move with 2 left: taking both wins, so E = +1."),
                stop(&at(nim4, 13), "B is MIN to move with 3 left: MIN takes all three and wins (leaf G), so B = −1. Taking 1 at the start loses for MAX."),
                stop(&at(nim4, 19), "C is MIN to move with 2 left: MIN takes both, so C = −1."),
                stop(&at(nim4, 23), "Taking 3 leaves 1, which MIN takes, so D = −1 too. Every move from 4 loses against best play: the root is −1."),
                stop("#/play?game=nim&piles=9&take=3&p1=human&p2=perfect&hints=1", "The game from 9 against the perfect player, hints on. Taking 1 leaves 8, a multiple of 4, and is the only winning move; keep leaving a multiple of 4 and you win."),
            ],
        ),
    }
}

/// Seed 001's three players: max^n.
pub fn maxn() -> Shipped {
    let maxn = "#/alphabeta?preset=aima-maxn&algo=maxn";
    Shipped {
        id: "maxn",
        source: "Seed 001",
        tour: tour(
            "Three players: max^n",
            "Each player maximises its own component of a utility vector.",
            vec![
                stop(&at(maxn, 0), "Players A, B and C move in turn, and each leaf holds three utilities, one for each player. At its own node, each player picks the child whose vector is best in its own component."),
                stop(&at(maxn, 5), "At D player C compares (1,2,6) and (4,2,3) and keeps (1,2,6): its own component, 6, beats 3."),
                stop(&at(maxn, 11), "At B player B compares D's (1,2,6) with E's (6,1,2) and keeps (1,2,6), since 2 beats 1 in its component."),
                stop(&at(maxn, 21), "On the right, C's child F is worth (1,5,2) and G (5,4,5); player B keeps (1,5,2) for its 5."),
                stop(&at(maxn, 22), "At the root player A sees (1,2,6) and (1,5,2): both give it 1, and the first, through B, is kept. The root's vector is (1,2,6)."),
            ],
        ),
    }
}

/// Seed 001's transposition table, as iterative deepening keeps it.
pub fn transposition_table() -> Shipped {
    let deepening = "#/alphabeta?preset=seed003-alphabeta&algo=deepening";
    Shipped {
        id: "transposition-table",
        source: "Seed 001",
        tour: tour(
            "Remembering positions: the table in iterative deepening",
            "Alpha-beta to depth 1, 2 and 3 on the tutorial tree, each round storing what it learnt in a table.",
            vec![
                stop(&at(deepening, 1), "Iterative deepening runs alpha-beta 1 ply deep, then 2, then 3. Every node it finishes goes into a table with its value and its best move."),
                stop(&at(deepening, 5), "One ply deep, B and C are at the depth limit, so their evaluation (0 here) stands in for them: the root is 0 for now."),
                stop(&at(deepening, 8), "The second round finds A in the table. Its value came from a shallower search and cannot stand in for a deeper one, but its best move is tried first."),
                stop(&at(deepening, 22), "In the last round the table orders B's moves too, from what the 1-ply search of B learnt."),
                stop(&at(deepening, 40), "Three plies reach the leaves: A = 3, as plain alpha-beta found. In a tree each position is reached by one path only; in a game, where moves in another order reach the same position, a stored value from a deep enough search is reused at once."),
            ],
        ),
    }
}

/// Seed 000's alpha-beta example with MIN at the root.
pub fn min_root() -> Shipped {
    let link = "#/alphabeta?preset=seed000-min-root";
    Shipped {
        id: "alphabeta-min-root",
        source: "Seed 000",
        tour: tour(
            "Alpha-beta with MIN at the root",
            "A small tree where MIN moves first: the cutoff happens at a MAX node.",
            vec![
                stop(&at(link, 0), "Here MIN moves at the root A, over two MAX nodes B and C."),
                stop(&at(link, 5), "MAX at B takes the larger of 2 and 4, so B = 4, and MIN at the root can now keep MAX to 4: β = 4."),
                stop(&at(link, 8), "C's first leaf is 6, so MAX at C will get at least 6 ≥ β = 4. MIN would never choose C, so C's other leaf G is pruned."),
                stop(&at(link, 10), "The root is 4, along A → B → E."),
            ],
        ),
    }
}
