//! Tours of games played (tic-tac-toe, connect four), of expectimax and of one MCTS iteration.

use super::{at, stop, tour, Shipped};

/// Seed 000's ideal tic-tac-toe player (and seed 002's computer playing O).
pub fn ideal_tictactoe() -> Shipped {
    Shipped {
        id: "ideal-tictactoe",
        source: "Seed 000",
        tour: tour(
            "The ideal tic-tac-toe player",
            "A perfect player that prefers quick wins and slow losses, seen through its hints.",
            vec![
                stop("#/play?game=ttt&p1=human&p2=perfect&hints=1", "You play X against the perfect player, which searches to the end of the game and scores a win higher the sooner it comes. With hints on, every first move shows as a draw: neither side can force a win."),
                stop("#/play?game=ttt&p1=perfect&p2=human&hints=1&moves=5", "X has taken the centre and O is to move. The hints show that the corners draw and the edges lose: after an edge reply, X can force a win."),
                stop("#/play?game=ttt&p1=perfect&p2=human&hints=1&moves=125", "X holds a corner and the centre and threatens the far corner 9. O loses whatever it plays, but blocking at 9 loses later than any other move. Scoring a loss higher the later it comes makes the ideal player block rather than give up."),
                stop("#/play?game=ttt&first=o&p1=perfect&p2=human", "Here the computer plays O and moves first, as in seed 002. Try to beat it: a perfect player never loses at tic-tac-toe."),
            ],
        ),
    }
}

/// Seed 004's connect-four heuristic.
pub fn connect_four_heuristic() -> Shipped {
    Shipped {
        id: "connect-four-heuristic",
        source: "Seed 004",
        tour: tour(
            "Connect four with the seed's heuristic",
            "A depth-limited minimax player that scores runs of two and three in a row.",
            vec![
                stop("#/play?game=c4&p1=human&p2=seed4", "You move first against the seed's player. It looks 4 plies ahead and scores the positions there: each run of two in a row counts 1, each run of three counts 3, its own runs minus yours; four in a row is a win."),
                stop("#/play?game=c4&p1=human&p2=seed4&moves=1122", "After moves in columns 1, 1, 2 and 2, each side has one run of two along its row, so the heuristic calls the position even: 1 − 1 = 0."),
                stop("#/play?game=c4&p1=seed4&p2=human&moves=11223", "The first player now has three in a row along the bottom. The seed counts one run of three (3), plus one of the two runs of two inside it (1): 4 against the second player's 1, so +3 for the first player. The three threatens column 4, and the second player must block there."),
            ],
        ),
    }
}

/// An expectimax tree (the classic one with three chance nodes).
pub fn expectimax() -> Shipped {
    let link = "#/chance?preset=cs188-expectimax";
    let bounded = "#/chance?preset=cs188-expectimax&bounds=0,15";
    Shipped {
        id: "expectimax",
        source: "Classic",
        tour: tour(
            "Expectimax: averaging over chance",
            "MAX over three chance nodes with equally likely outcomes; then pruning when the leaves' range is known.",
            vec![
                stop(&at(link, 0), "MAX at A chooses among three chance nodes B, C and D. A chance node is worth the expected value of its children, each weighted by its probability, here 1/3 each."),
                stop(&at(link, 6), "B averages its leaves 3, 12 and 9: B = 8, and A's best so far is 8."),
                stop(&at(link, 11), "C averages 2, 4 and 6: C = 4, worse for MAX than B."),
                stop(&at(link, 17), "D averages 15, 6 and 0 to 7. MAX takes the best expectation: A = 8, by B. Without bounds on the leaves every leaf must be read, since one unseen leaf can move an average any distance."),
                stop(&at(bounded, 10), "If every leaf is known to lie in [0, 15], C can stop after 2 and 4: even if J were 15, C would be at most 7, below the 8 MAX has. J is pruned."),
            ],
        ),
    }
}

/// One iteration of Monte Carlo tree search, phase by phase.
pub fn mcts_iteration() -> Shipped {
    let link = "#/mcts?tree=[[3,12,8],[2,4,6],[14,5,2]]&n=20&seed=1";
    Shipped {
        id: "mcts-iteration",
        source: "Classic",
        tour: tour(
            "One iteration of Monte Carlo tree search",
            "Selection, expansion, simulation and backpropagation on the textbook's minimax tree.",
            vec![
                stop(&at(link, 13), "Iteration 4 of MCTS on the textbook tree. Each of the root's three moves has been tried once, so from now on the root selects with UCB1."),
                stop(&at(link, 14), "Selection: UCB1 adds to each child's mean reward an exploration bonus that shrinks as the child is visited. B scores highest, 0.5 + 1.48 = 1.98."),
                stop(&at(link, 15), "Expansion: B has moves not tried yet; one of them, E, drawn at random, joins the tree."),
                stop(&at(link, 16), "Simulation: E is a leaf with utility 3, so there is nothing to play out. Scaled to [0, 1] over the leaves' range, 2 to 14, the reward for MAX is 0.08."),
                stop(&at(link, 17), "Backpropagation: each node on the path gains a visit and the reward of the player who moved into it: 0.08 for MAX's move to B, 0.92 for MIN's move to E."),
            ],
        ),
    }
}
