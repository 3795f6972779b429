//! A warm container's copy of a view that grows with the fleet (the stocking
//! dashboard's day: every stop and action of a date), brought up to date from
//! what changed since its last read instead of being read whole on every
//! refresh. The caller owns the "what changed" read; this keeps the copies:
//! per key (a date), at most `keep` keys, and read whole again once older
//! than `rebuild_after`, which bounds what a change missed by the delta read
//! (a writer outside the usual path) can cost. Each container has its own
//! copy; a cold one reads whole, so a copy is a saving, never the truth.
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

struct Entry<T> {
    /// When the whole read this copy grew from started.
    built: Instant,
    /// When the read that made this version of the copy started.
    read: Instant,
    copy: Arc<T>,
}

pub struct WarmCopies<T> {
    rebuild_after: Duration,
    keep: usize,
    entries: Mutex<Option<HashMap<String, Entry<T>>>>,
}

/// A held copy, to bring up to date.
pub struct Warm<T> {
    pub built: Instant,
    pub copy: Arc<T>,
}

impl<T> WarmCopies<T> {
    pub const fn new(rebuild_after: Duration, keep: usize) -> Self {
        WarmCopies { rebuild_after, keep, entries: Mutex::new(None) }
    }

    /// The copy of `key`, unless there is none or it is due to be read whole again.
    pub fn get(&self, key: &str) -> Option<Warm<T>> {
        let guard = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        let entry = guard.as_ref()?.get(key)?;
        (entry.built.elapsed() <= self.rebuild_after).then(|| Warm { built: entry.built, copy: entry.copy.clone() })
    }

    /// Keeps `copy` of `key`, made by a read that started at `read` (from a whole read started at
    /// `built`), unless a read that started later has already kept its own: two concurrent
    /// refreshes never let the older read's copy replace the newer one.
    pub fn put(&self, key: &str, built: Instant, read: Instant, copy: T) {
        let mut guard = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        let entries = guard.get_or_insert_with(HashMap::new);
        if entries.get(key).is_some_and(|held| held.read > read) {
            return;
        }
        entries.insert(key.to_string(), Entry { built, read, copy: Arc::new(copy) });
        // The dates a container serves are few (today, tomorrow): the least recently read go first.
        while entries.len() > self.keep {
            let Some(oldest) = entries.iter().min_by_key(|(_, e)| e.read).map(|(k, _)| k.clone()) else { break };
            entries.remove(&oldest);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_is_held_until_it_is_due_to_be_read_whole() {
        let copies = WarmCopies::new(Duration::from_secs(60), 4);
        assert!(copies.get("d").is_none(), "nothing held yet");
        let t0 = Instant::now();
        copies.put("d", t0, t0, 1);
        let warm = copies.get("d").unwrap();
        assert_eq!((*warm.copy, warm.built), (1, t0));

        let due = WarmCopies::new(Duration::ZERO, 4);
        due.put("d", t0, t0, 1);
        std::thread::sleep(Duration::from_millis(2));
        assert!(due.get("d").is_none(), "older than rebuild_after: read whole");
    }

    #[test]
    fn an_older_read_never_replaces_a_newer_one() {
        let copies = WarmCopies::new(Duration::from_secs(60), 4);
        let (older, newer) = (Instant::now(), Instant::now() + Duration::from_millis(5));
        copies.put("d", older, newer, "newer");
        copies.put("d", older, older, "older");
        assert_eq!(*copies.get("d").unwrap().copy, "newer");
    }

    #[test]
    fn at_most_keep_keys_are_held_the_least_recently_read_go() {
        let copies = WarmCopies::new(Duration::from_secs(60), 2);
        let t = Instant::now();
        for (i, key) in ["a", "b", "c"].into_iter().enumerate() {
            let at = t + Duration::from_millis(i as u64);
            copies.put(key, at, at, i);
        }
        assert!(copies.get("a").is_none());
        assert_eq!((copies.get("b").map(|w| *w.copy), copies.get("c").map(|w| *w.copy)), (Some(1), Some(2)));
    }
}
