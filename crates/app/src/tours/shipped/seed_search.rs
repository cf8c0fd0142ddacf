//! Tours of the seeds' searches, and Romania, on the search page.

use super::{at, stop, tour, Shipped};

/// Seed 000's iterative deepening on the tree A … S.
pub fn iterative_deepening() -> Shipped {
    let dls = "#/search?preset=seed000-tree&algo=dls&depth=3";
    let ids = "#/search?preset=seed000-tree&algo=iddfs";
    Shipped {
        id: "iterative-deepening",
        source: "Seed 000",
        tour: tour(
            "Iterative deepening on the tree A … S",
            "Depth-limited search, then iterative deepening, looking for R.",
            vec![
                stop(&at(dls, 23), "Depth-limited search with limit 3 takes A B E I F J K C G L D H M N and gives up: the goal R is at depth 4, below the limit."),
                stop(&at(ids, 8), "Iterative deepening runs depth-limited search with limits 0, 1, 2, … in turn. With limit 1 it takes A, then B, C and D, whose children are not generated."),
                stop(&at(ids, 22), "Each new limit starts again from A: the shallow nodes are generated afresh in every round."),
                stop(&at(ids, 44), "The round with limit 3 ends at N without finding R, in the same order as the depth-limited search."),
                stop(&at(ids, 59), "With limit 4, K's children O and P are generated at last."),
                stop(&at(ids, 68), "R is taken at depth 4, after A B E I F J K O P C G L R. Like breadth-first search, iterative deepening finds the shallowest goal, but it keeps only one path and its siblings in memory."),
            ],
        ),
    }
}

/// Seed 002's blocks world by A*.
pub fn blocks_world() -> Shipped {
    let near = "#/search?problem=blocks&algo=astar";
    let near_bfs = "#/search?problem=blocks&algo=bfs";
    let far = "#/search?problem=blocks&blocks=4x4%20A(1,2)%20B(1,3)%20C(4,3)%20%40(2,1)%20goal%20A(2,2)%20B(2,3)%20C(2,4)&algo=astar";
    Shipped {
        id: "blocks-world",
        source: "Seed 002",
        tour: tour(
            "The blocks world by A*",
            "The coursework's two starts: A* with the blocks' distances to their goal cells, against breadth-first search.",
            vec![
                stop(&at(near, 2), "The first start. A* scores a state by f = g + h, where h adds up how far each block is from its goal cell: here only C is out of place, one cell away, so h = 1."),
                stop(&at(near, 16), "A* reaches the goal at depth 3. The heuristic said 1, because it does not count the agent's own walking: it underestimates, which is what keeps A*'s answer optimal."),
                stop(&at(near_bfs, 40), "Breadth-first search finds the same 3-move plan, but takes 20 nodes from its queue where A* took 8."),
                stop(&at(far, 2), "The second start: the blocks' distances add up to h = 5."),
                stop(&at(far, 1520), "The optimal plan is 16 moves. At the end hundreds of frontier nodes share f = 16, and A*'s tie rule takes the one with h = 0, the goal."),
            ],
        ),
    }
}

/// Seed 004's 8-puzzle: A* with Manhattan distance, against breadth-first search.
pub fn npuzzle() -> Shipped {
    let astar = "#/search?problem=puzzle&size=3x3&tiles=8,1,3,4,0,2,7,6,5&algo=astar";
    let bfs = "#/search?problem=puzzle&size=3x3&tiles=8,1,3,4,0,2,7,6,5&algo=bfs";
    Shipped {
        id: "npuzzle",
        source: "Seed 004",
        tour: tour(
            "Solving the 8-puzzle",
            "A* with Manhattan distance on the seed's 8-puzzle, and breadth-first search on the same start.",
            vec![
                stop(&at(astar, 2), "A* on the 8-puzzle. Manhattan distance adds up how many rows and columns each tile is from its goal square: 10 for this start, so f = 0 + 10."),
                stop(&at(astar, 4), "Ties are common: #3 and #4 both have f = 10 and h = 9, and the tie goes to the one that joined the frontier first."),
                stop(&at(astar, 42), "In graph search a state may sit in the frontier twice. #26's state was later reached by a cheaper path, so this older entry is skipped."),
                stop(&at(astar, 75), "A* stops at a 14-move solution. Manhattan distance never overestimates, so no shorter solution exists."),
                stop(&at(bfs, 10822), "Breadth-first search also finds 14 moves, but only after taking thousands of nodes level by level, where A* took a few dozen."),
            ],
        ),
    }
}

/// Romania (AIMA, chapter 3): uniform cost, greedy best-first and A*.
pub fn romania() -> Shipped {
    let ucs = "#/search?preset=romania&algo=ucs";
    let greedy = "#/search?preset=romania&algo=greedy";
    let astar = "#/search?preset=romania&algo=astar";
    Shipped {
        id: "romania",
        source: "AIMA, chapter 3",
        tour: tour(
            "Arad to Bucharest: uniform cost, greedy and A*",
            "Three ways to order the frontier on the textbook's map of Romania.",
            vec![
                stop(&at(ucs, 17), "Uniform cost takes the cheapest path first. Expanding Fagaras (g = 239) generates Bucharest, at cost 450, but a goal is only recognised when it is taken from the frontier, so the search goes on."),
                stop(&at(ucs, 21), "Expanding Pitesti (g = 317) generates Bucharest again, by a cheaper path."),
                stop(&at(ucs, 26), "Bucharest is taken with g = 418, by Sibiu, Rimnicu Vilcea and Pitesti: the cheapest route, after 13 nodes were taken."),
                stop(&at(greedy, 8), "Greedy best-first follows the straight-line distance h alone: Arad, Sibiu, Fagaras, Bucharest. Only 4 nodes are taken, but the route costs 450, not the cheapest."),
                stop(&at(astar, 10), "A* orders the frontier by f = g + h. It took Rimnicu Vilcea (f = 413), then Fagaras (415), and now Pitesti (417)."),
                stop(&at(astar, 12), "A* takes Bucharest with f = 418 and returns the cheapest route, as uniform cost did, after taking 6 nodes instead of 13."),
            ],
        ),
    }
}
