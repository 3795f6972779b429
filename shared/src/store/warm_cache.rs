//! A warm container's memory of items that change rarely, by id: a read that
//! every invocation repeats (which fridges exist, a location's dashboard
//! fields) costs a call only for ids it has not seen within `ttl`. Ids the
//! loader does not find are not remembered, so a new item shows at once;
//! an edited one shows within `ttl`, when the whole memory is dropped.
use crate::ApiError;
use std::collections::HashMap;
use std::future::Future;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct WarmCache<V> {
    ttl: Duration,
    entries: Mutex<Option<(Instant, HashMap<String, V>)>>,
}

impl<V: Clone> WarmCache<V> {
    pub const fn new(ttl: Duration) -> Self {
        WarmCache { ttl, entries: Mutex::new(None) }
    }

    /// The found values of `ids`: remembered ones, and what `load` answers for the others.
    pub async fn get<F, Fut>(&self, ids: &[String], load: F) -> Result<HashMap<String, V>, ApiError>
    where
        F: FnOnce(Vec<String>) -> Fut,
        Fut: Future<Output = Result<Vec<(String, V)>, ApiError>>,
    {
        let mut out = HashMap::new();
        let missing: Vec<String> = {
            let mut guard = self.entries.lock().unwrap_or_else(|p| p.into_inner());
            let (_, entries) = match &mut *guard {
                Some((at, _)) if at.elapsed() > self.ttl => guard.insert((Instant::now(), HashMap::new())),
                Some(cached) => cached,
                None => guard.insert((Instant::now(), HashMap::new())),
            };
            ids.iter()
                .filter(|id| match entries.get(*id) {
                    Some(v) => {
                        out.insert((*id).clone(), v.clone());
                        false
                    }
                    None => true,
                })
                .cloned()
                .collect()
        };
        if !missing.is_empty() {
            let found = load(missing).await?;
            let mut guard = self.entries.lock().unwrap_or_else(|p| p.into_inner());
            if let Some((_, entries)) = &mut *guard {
                entries.extend(found.iter().cloned());
            }
            out.extend(found);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn ids(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[tokio::test]
    async fn only_unseen_ids_are_loaded_and_unfound_ones_are_asked_again() {
        let cache: WarmCache<u32> = WarmCache::new(Duration::from_secs(60));
        let asked = Mutex::new(Vec::new());
        let load = |missing: Vec<String>| {
            asked.lock().unwrap().push(missing.clone());
            async move { Ok(missing.into_iter().filter(|id| id != "GONE").map(|id| (id, 7)).collect()) }
        };
        let first = cache.get(&ids(&["A", "B", "GONE"]), load).await.unwrap();
        assert_eq!(first.len(), 2);
        let again = cache.get(&ids(&["A", "C", "GONE"]), load).await.unwrap();
        assert_eq!((again.get("A"), again.get("C"), again.get("GONE")), (Some(&7), Some(&7), None));
        assert_eq!(*asked.lock().unwrap(), [ids(&["A", "B", "GONE"]), ids(&["C", "GONE"])]);
        let calls = AtomicUsize::new(0);
        cache
            .get(&ids(&["A", "B"]), |m: Vec<String>| {
                calls.fetch_add(1, Ordering::SeqCst);
                async move { Ok(m.into_iter().map(|id| (id, 0)).collect()) }
            })
            .await
            .unwrap();
        assert_eq!(calls.load(Ordering::SeqCst), 0, "everything remembered: no call");
    }

    #[tokio::test]
    async fn everything_is_read_again_after_the_ttl() {
        let cache: WarmCache<u32> = WarmCache::new(Duration::from_millis(5));
        let load = |m: Vec<String>| async move { Ok(m.into_iter().map(|id| (id, 1)).collect()) };
        cache.get(&ids(&["A"]), load).await.unwrap();
        tokio::time::sleep(Duration::from_millis(10)).await;
        let again = ids(&["A"]);
        let reloaded = cache.get(&again, |m: Vec<String>| async move { Ok(m.into_iter().map(|id| (id, 2)).collect()) });
        assert_eq!(reloaded.await.unwrap()["A"], 2);
    }

    #[tokio::test]
    async fn a_failed_load_answers_the_error_and_remembers_nothing_new() {
        let cache: WarmCache<u32> = WarmCache::new(Duration::from_secs(60));
        let failed = cache.get(&ids(&["A"]), |_| async { Err(ApiError::internal("down")) }).await;
        assert!(failed.is_err());
        let asked = AtomicUsize::new(0);
        cache
            .get(&ids(&["A"]), |m: Vec<String>| {
                asked.fetch_add(1, Ordering::SeqCst);
                async move { Ok(m.into_iter().map(|id| (id, 1)).collect()) }
            })
            .await
            .unwrap();
        assert_eq!(asked.load(Ordering::SeqCst), 1);
    }
}
