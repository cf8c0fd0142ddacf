//! Korf's 100 random 15-puzzles (R. E. Korf, 1985), as the data file gives them: a line each,
//! `number`, the 16 tiles row-major (0 the blank), the optimal length, and the nodes IDA* with
//! Manhattan distance generates (`-` where the reference did not finish). Their goal has the
//! blank first: `0 1 2 … 15`.

/// One instance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KorfInstance {
    /// Its number, 1 to 100.
    pub id: u32,
    /// The tiles, row-major.
    pub tiles: [u8; 16],
    /// The optimal solution's length.
    pub length: u32,
    /// Nodes IDA* with Manhattan distance generates, if the reference finished.
    pub manhattan_nodes: Option<u64>,
}

/// The goal of Korf's instances: the blank first.
pub const KORF_GOAL: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

/// Reads the instances of a data file; lines that are not instances are skipped.
pub fn parse_korf(text: &str) -> Vec<KorfInstance> {
    text.lines()
        .filter_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.len() != 19 {
                return None;
            }
            let numbers: Vec<u64> = words[..18]
                .iter()
                .map(|w| w.parse().ok())
                .collect::<Option<_>>()?;
            let mut tiles = [0u8; 16];
            for (t, &w) in tiles.iter_mut().zip(&numbers[1..17]) {
                *t = u8::try_from(w).ok().filter(|&t| t < 16)?;
            }
            Some(KorfInstance {
                id: numbers[0] as u32,
                tiles,
                length: numbers[17] as u32,
                manhattan_nodes: words[18].parse().ok(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read_and_others_skipped() {
        let text = "1 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3 57 276361933\n\
                    # a comment\n\
                    88 15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4 65 -\n\
                    3 1 2\n";
        let all = parse_korf(text);
        assert_eq!(all.len(), 2);
        assert_eq!(all[0].id, 1);
        assert_eq!(all[0].length, 57);
        assert_eq!(all[0].manhattan_nodes, Some(276_361_933));
        assert_eq!(all[1].manhattan_nodes, None);
        assert_eq!(all[1].tiles[0], 15);
    }
}
