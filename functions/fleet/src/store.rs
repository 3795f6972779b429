//! Fleet tables: times as sortable ISO text, telemetry expiry, and the warm
//! cache of known location ids the ingest checks each message against.
use chrono::{DateTime, Utc};
use fleet_shared::{store, ApiError, Deps, Table};
use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// How long telemetry (events, samples) is kept.
pub const KEEP_DAYS: i64 = 30;
/// How long a warm ingest trusts that a location exists.
const CACHE_TTL: Duration = Duration::from_secs(300);

/// Fixed-width UTC text (`YYYY-MM-DDTHH:MM:SS.mmmZ`): for the years
/// 0000–9999 it sorts as time does, which the newest-wins conditions rely on
/// (the ingest refuses times outside its window, so stored ones are in range).
pub fn iso(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// The TTL attribute (epoch seconds) of an item reported at `t`; None when
/// `t` is so far out that the expiry is past chrono's range.
pub fn expires_at(t: DateTime<Utc>) -> Option<i64> {
    t.checked_add_signed(chrono::Duration::days(KEEP_DAYS)).map(|e| e.timestamp())
}

/// Location ids seen to exist, per warm container. Unknown ids are asked
/// every time, so a location created a moment ago is accepted.
pub struct LocationCache {
    known: Mutex<(Instant, HashSet<String>)>,
}

impl LocationCache {
    pub fn get() -> &'static LocationCache {
        static CACHE: OnceLock<LocationCache> = OnceLock::new();
        CACHE.get_or_init(|| LocationCache { known: Mutex::new((Instant::now(), HashSet::new())) })
    }

    /// The ids among `ids` that are locations.
    pub async fn known(&self, deps: &Deps, ids: HashSet<&str>) -> Result<HashSet<String>, ApiError> {
        let missing: Vec<&str> = {
            let mut guard = self.known.lock().unwrap_or_else(|p| p.into_inner());
            if guard.0.elapsed() > CACHE_TTL {
                *guard = (Instant::now(), HashSet::new());
            }
            ids.iter().copied().filter(|id| !guard.1.contains(*id)).collect()
        };
        if !missing.is_empty() {
            let found = existing(deps, &missing).await?;
            self.known.lock().unwrap_or_else(|p| p.into_inner()).1.extend(found);
        }
        let guard = self.known.lock().unwrap_or_else(|p| p.into_inner());
        Ok(ids.into_iter().filter(|id| guard.1.contains(*id)).map(str::to_string).collect())
    }
}

/// Which of these ids are in the Locations table (BatchGetItem, id only).
pub async fn existing(deps: &Deps, ids: &[&str]) -> Result<HashSet<String>, ApiError> {
    let keys = ids.iter().map(|id| HashMap::from([("id".to_string(), store::s(*id))])).collect();
    let items = deps.table(Table::Locations)?.batch_get(keys, &["id"]).await?;
    Ok(items.into_iter().filter_map(|mut i| i.remove("id")?.as_s().ok().cloned()).collect())
}
