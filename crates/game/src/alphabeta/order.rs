//! Move ordering: the options' order of a node's moves, by the game's evaluation or by true
//! values computed once (the best and worst orders of a drawn tree).

use super::{below, AlphaBeta, Ordering};
use crate::game::{Game, INF};
use crate::table::Slot;

impl<'g, G: Game, S: Slot<G::Move>> AlphaBeta<'g, G, S> {
    /// Puts `moves` in the options' order: a stable sort, best key first, so moves with equal
    /// keys keep the game's order. Ordering by the evaluation makes every child: they are left
    /// in `children`, in the moves' new order (otherwise `children` stays empty).
    pub(super) fn order(
        &mut self,
        state: &G::State,
        remaining: u32,
        colour: i32,
        moves: &mut [G::Move],
        children: &mut Vec<G::State>,
    ) {
        match self.options.ordering {
            Ordering::Natural => {}
            Ordering::Reversed => moves.reverse(),
            Ordering::Evaluation | Ordering::Best | Ordering::Worst => {
                let evaluation = self.options.ordering == Ordering::Evaluation;
                let mut keyed = std::mem::take(&mut self.keyed);
                keyed.clear();
                let mut made = std::mem::take(&mut self.spare);
                made.clear();
                for (i, &m) in moves.iter().enumerate() {
                    let child = self.game.result(state, m);
                    let score = match self.options.ordering {
                        Ordering::Evaluation => colour * self.game.evaluate(&child),
                        Ordering::Best => colour * self.true_value(&child, below(remaining)),
                        _ => -colour * self.true_value(&child, below(remaining)),
                    };
                    keyed.push((i64::from(score), m, i as u32));
                    if evaluation {
                        made.push(child);
                    }
                }
                if keyed.len() <= 16 {
                    // Insertion sort: no allocation, and fastest for a handful of moves.
                    for i in 1..keyed.len() {
                        let item = keyed[i];
                        let mut j = i;
                        while j > 0 && keyed[j - 1].0 < item.0 {
                            keyed[j] = keyed[j - 1];
                            j -= 1;
                        }
                        keyed[j] = item;
                    }
                } else {
                    keyed.sort_by_key(|&(k, _, _)| std::cmp::Reverse(k));
                }
                for (slot, &(_, m, _)) in moves.iter_mut().zip(keyed.iter()) {
                    *slot = m;
                }
                if evaluation {
                    children.extend(keyed.iter().map(|&(_, _, i)| made[i as usize].clone()));
                }
                self.keyed = keyed;
                self.spare = made;
            }
        }
    }

    /// The minimax value (MAX's view) of `state` searched `remaining` plies deep, computed once
    /// and remembered. Not counted in the statistics: it stands for perfect knowledge.
    fn true_value(&mut self, state: &G::State, remaining: u32) -> i32 {
        let key = (self.game.hash(state), remaining);
        if let Some(&v) = self.oracle.get(&key) {
            return v;
        }
        let v = if self.game.is_terminal(state) {
            self.game.utility(state)
        } else if remaining == 0 {
            self.game.evaluate(state)
        } else {
            let maximizing = self.game.to_move(state) == 0;
            let mut moves = Vec::new();
            self.game.actions(state, &mut moves);
            let mut best = if maximizing { -INF } else { INF };
            for m in moves {
                let child = self.game.result(state, m);
                let v = self.true_value(&child, below(remaining));
                best = if maximizing { best.max(v) } else { best.min(v) };
            }
            best
        };
        self.oracle.insert(key, v);
        v
    }
}
