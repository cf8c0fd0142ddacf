//! Steps of a stepper: runs of recorded events, each begun by an event that starts one.

use std::ops::Range;

/// Splits `count` events into steps: `starts(i, last)` gives the tag of the step event `i`
/// begins (`last`: the tag of the step before it), or `None` when the event belongs to the step
/// before. Events before the first step belong to none.
///
/// ```
/// // Words start at capitals: "aBcdEf" → "Bcd", "Ef".
/// let text = b"aBcdEf";
/// let steps = arbor_util::group_steps(text.len(), |i, _| text[i].is_ascii_uppercase().then_some(i));
/// assert_eq!(steps, [(1..4, 1), (4..6, 4)]);
/// ```
pub fn group_steps<T>(
    count: usize,
    mut starts: impl FnMut(usize, Option<&T>) -> Option<T>,
) -> Vec<(Range<usize>, T)> {
    let mut steps: Vec<(Range<usize>, T)> = Vec::new();
    for i in 0..count {
        match starts(i, steps.last().map(|(_, t)| t)) {
            Some(tag) => steps.push((i..i + 1, tag)),
            None => {
                if let Some((events, _)) = steps.last_mut() {
                    events.end = i + 1;
                }
            }
        }
    }
    steps
}
