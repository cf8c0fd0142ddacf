//! Work spread over this machine's two cores: each item handled on one of two threads, the
//! results in the items' order.

/// Threads at once: the machines Arbor is built and tested on have two cores.
pub const LANES: usize = 2;

/// `work` on every item, [`LANES`] at a time (item *i* on lane *i* mod [`LANES`]); the results
/// in the items' order. A panic in `work` is passed on.
pub fn each<T: Sync, R: Send>(items: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let work = &work;
    let mut out: Vec<(usize, R)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..LANES)
            .map(|lane| {
                s.spawn(move || {
                    (lane..items.len())
                        .step_by(LANES)
                        .map(|i| (i, work(&items[i])))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    out.sort_by_key(|(i, _)| *i);
    out.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_once_in_order_on_both_lanes() {
        let items: Vec<u32> = (0..11).collect();
        let threads = std::sync::Mutex::new(std::collections::HashSet::new());
        let out = each(&items, |&x| {
            threads.lock().unwrap().insert(std::thread::current().id());
            x * 2
        });
        assert_eq!(out, (0..11).map(|x| x * 2).collect::<Vec<_>>());
        assert_eq!(threads.lock().unwrap().len(), LANES);
        assert!(each(&[] as &[u32], |&x| x).is_empty());
    }
}
