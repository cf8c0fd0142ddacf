//! Move lists reused across a search.

/// One move list per ply, reused from search to search so that a search allocates only while
/// it goes deeper than it has been before.
#[derive(Clone, Debug)]
pub struct MoveLists<M>(Vec<Vec<M>>);

impl<M> Default for MoveLists<M> {
    fn default() -> Self {
        MoveLists(Vec::new())
    }
}

impl<M> MoveLists<M> {
    /// The empty list for `ply`, lent out until [`MoveLists::give_back`].
    pub fn take(&mut self, ply: u32) -> Vec<M> {
        let ply = ply as usize;
        if self.0.len() <= ply {
            self.0.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.0[ply]);
        moves.clear();
        moves
    }

    /// Returns the list for `ply`, keeping its allocation.
    pub fn give_back(&mut self, ply: u32, moves: Vec<M>) {
        self.0[ply as usize] = moves;
    }
}
