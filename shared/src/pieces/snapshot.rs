//! Snapshots: a fleet-wide view that a screen filters in the browser, kept as
//! one gzip'd JSON object in the Snapshots bucket (decisions: "Portfolio
//! health reads a snapshot", "The software inventory reads a snapshot").
//! Building one reads the whole table; reading one costs a HeadObject and a
//! presigned GET, whatever the fleet's size. Pure here, so the rules are
//! unit-tested; `snapshot_store` keeps the objects in S3.
use crate::{fridge_time, ApiError};
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{json, Map, Value};
// The objects' kinds, versions and encoding are the store layer's (`snapshot_store`), named here too.
pub use crate::snapshot_store::{gunzip, gzip, Kind, Put, SnapshotObjects, Stored};
use std::future::Future;

/// How long a presigned GET works: one page load.
pub const URL_SECONDS: u64 = 300;

/// Puts a rebuild tries before it gives up (each loses only to a rebuild that landed meanwhile).
const PUT_TRIES: usize = 3;
/// Tries an amend makes before it gives up. A try fails only when another writer's put landed between its read
/// and its put, and each later failure needs a later landing, so among this many concurrent writers every amend
/// lands: a bulk import's batches (a browser sends 3 at once, upload-pipeline.ts), other users' creates and the
/// hourly rebuild. Three tries lost new locations under a bench import of 4 batches at once (issue 63).
const AMEND_TRIES: usize = 8;
/// A stored snapshot stamped further ahead than this is from a skewed clock,
/// not from a rebuild that overlapped this one (none takes this long).
const OVERLAP_SECONDS: i64 = 600;

/// When a rebuild replaces the stored snapshot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    /// Only once the stored one is this many seconds old: a schedule (or the
    /// local scheduler, which ticks faster) rebuilds no more often.
    OlderThan(i64),
    /// Now: the table just changed (a deployment), and its author reloads next.
    Now,
}

/// A view as built from the table: what the object holds, and of how many fridges.
pub struct View<T> {
    pub content: T,
    pub fridges: usize,
}

/// Whether a snapshot built at `as_of` is younger than `seconds` at `now`.
/// One stamped in the future (a skewed clock) is not: it is rebuilt, not kept forever.
pub fn younger_than(as_of: DateTime<Utc>, now: DateTime<Utc>, seconds: i64) -> bool {
    as_of <= now && now.signed_duration_since(as_of).num_seconds() < seconds
}

/// What a rebuild did: kept the stored snapshot (as of when), or wrote one.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rebuilt {
    pub rebuilt: bool,
    pub as_of: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fridges: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bytes: Option<usize>,
}

impl Rebuilt {
    fn kept(s: &Stored) -> Rebuilt {
        Rebuilt { rebuilt: false, as_of: fridge_time::stamp(s.as_of), fridges: None, bytes: None }
    }
}

/// Where to read a snapshot and how old it is (GraphQL `SnapshotLocation`).
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Location {
    pub url: Option<String>,
    pub as_of: Option<String>,
    pub fridges: i64,
}

/// Rebuilds `kind` from `build` unless `when` keeps the stored one; answers what it did.
pub async fn rebuild<T, F>(
    objects: &impl SnapshotObjects,
    kind: Kind,
    when: When,
    now: DateTime<Utc>,
    build: impl Fn() -> F,
) -> Result<Rebuilt, ApiError>
where
    T: Serialize,
    F: Future<Output = Result<View<T>, ApiError>>,
{
    let mut stored = objects.stored(kind).await?;
    if let (When::OlderThan(seconds), Some(s)) = (when, &stored) {
        if younger_than(s.as_of, now, seconds) {
            return Ok(Rebuilt::kept(s));
        }
    }
    let read_as_of = stored.as_ref().map(|s| s.as_of);
    let as_of = fridge_time::stamp(now);
    let (mut view, mut body) = built(kind, &as_of, &build).await?;
    // Newest wins: each put is conditioned on the version read, so a rebuild
    // that overlapped this one and landed first is replaced only by a newer view.
    for _ in 0..PUT_TRIES {
        if let Some(s) = stored.as_ref().filter(|s| newer(s.as_of, now)) {
            return Ok(Rebuilt::kept(s));
        }
        match objects.put(kind, body.clone(), &as_of, view.fridges, stored.as_ref()).await? {
            Put::Landed => {
                let bytes = Some(body.len());
                return Ok(Rebuilt { rebuilt: true, as_of, fridges: Some(view.fridges), bytes });
            }
            Put::Moved => {
                stored = objects.stored(kind).await?;
                // Moved without a newer build: amended (`amend`) while this one read the table, perhaps with a
                // write its read missed. Read the table again rather than put back a view without it.
                if stored.as_ref().map(|s| s.as_of) == read_as_of {
                    (view, body) = built(kind, &as_of, &build).await?;
                }
            }
        }
    }
    Err(ApiError::internal(format!("the {} snapshot kept changing while it was written", kind.key())))
}

/// The view `build` reads, and the object that holds it (gzip'd JSON), stamped `as_of`.
async fn built<T, F>(kind: Kind, as_of: &str, build: &impl Fn() -> F) -> Result<(View<T>, Vec<u8>), ApiError>
where
    T: Serialize,
    F: Future<Output = Result<View<T>, ApiError>>,
{
    let view = build().await?;
    let mut object = Map::new();
    object.insert("asOf".into(), json!(as_of));
    object.insert(kind.field().into(), serde_json::to_value(&view.content).map_err(ApiError::internal)?);
    let body = gzip(&serde_json::to_vec(&object).map_err(ApiError::internal)?)?;
    Ok((view, body))
}

/// Applies `change` to the stored snapshot of `kind` at once, instead of waiting for the next rebuild: a write
/// that the snapshot's readers must see straight away (a new location in the pars screens' list). `change` gets
/// the view as stored and answers how many fridges (or locations) it now holds. The object keeps its `asOf`,
/// the time of its last read of the table, so the schedule still reads the table at its rate; a rebuild that
/// read the table before the write and finds the object amended reads it again (`rebuild`). Conditioned on the
/// version read, retried when another writer moved it. Answers false when there is no snapshot yet: the first
/// rebuild reads the write from the table.
pub async fn amend<T>(
    objects: &impl SnapshotObjects,
    kind: Kind,
    change: impl Fn(&mut T) -> usize,
) -> Result<bool, ApiError>
where
    T: Serialize + serde::de::DeserializeOwned,
{
    for _ in 0..AMEND_TRIES {
        let Some((stored, json)) = objects.read(kind).await? else { return Ok(false) };
        let mut object: Map<String, Value> = serde_json::from_slice(&json).map_err(ApiError::internal)?;
        let view = object.remove(kind.field()).unwrap_or(Value::Null);
        let mut view: T = serde_json::from_value(view).map_err(ApiError::internal)?;
        let fridges = change(&mut view);
        object.insert(kind.field().into(), serde_json::to_value(&view).map_err(ApiError::internal)?);
        let body = gzip(&serde_json::to_vec(&object).map_err(ApiError::internal)?)?;
        let as_of = fridge_time::stamp(stored.as_of);
        if objects.put(kind, body, &as_of, fridges, Some(&stored)).await? == Put::Landed {
            return Ok(true);
        }
    }
    Err(ApiError::internal(format!("the {} snapshot kept changing while it was amended", kind.key())))
}

/// Whether a stored snapshot built at `stored` is at least as new as one
/// built at `now` (and not stamped ahead by a skewed clock).
fn newer(stored: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    stored >= now && stored.signed_duration_since(now).num_seconds() < OVERLAP_SECONDS
}

/// Where to read `kind` and how old it is (`url` null until the first one is built).
pub async fn locate(objects: &impl SnapshotObjects, kind: Kind) -> Result<Location, ApiError> {
    let Some(stored) = objects.stored(kind).await? else {
        return Ok(Location { url: None, as_of: None, fridges: 0 });
    };
    let url = objects.url(kind, URL_SECONDS).await?;
    Ok(Location { url: Some(url), as_of: Some(fridge_time::stamp(stored.as_of)), fridges: stored.fridges })
}

/// The Snapshots bucket in memory, for the tests of every area that keeps a snapshot.
pub mod memory {
    use super::*;
    use std::collections::HashMap;
    use std::sync::Mutex;

    #[derive(Default)]
    pub struct Objects {
        pub objects: Mutex<HashMap<&'static str, (Vec<u8>, Stored)>>,
        /// Versions given so far (the ETags).
        versions: std::sync::atomic::AtomicUsize,
    }

    impl Objects {
        /// The stored object of `kind`, inflated and parsed.
        pub fn json(&self, kind: Kind) -> Option<Value> {
            let objects = self.objects.lock().unwrap();
            let (bytes, _) = objects.get(kind.key())?;
            serde_json::from_slice(&gunzip(bytes).ok()?).ok()
        }
    }

    impl SnapshotObjects for Objects {
        async fn stored(&self, kind: Kind) -> Result<Option<Stored>, ApiError> {
            Ok(self.objects.lock().unwrap().get(kind.key()).map(|(_, s)| s.clone()))
        }
        async fn put(
            &self,
            kind: Kind,
            gzipped: Vec<u8>,
            as_of: &str,
            fridges: usize,
            over: Option<&Stored>,
        ) -> Result<Put, ApiError> {
            let as_of = crate::dates::instant(as_of).ok_or_else(|| ApiError::internal(format!("as of {as_of}")))?;
            let mut objects = self.objects.lock().unwrap();
            if objects.get(kind.key()).map(|(_, s)| &s.etag) != over.map(|s| &s.etag) {
                return Ok(Put::Moved);
            }
            let etag = format!("v{}", self.versions.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1);
            objects.insert(kind.key(), (gzipped, Stored { as_of, fridges: fridges as i64, etag }));
            Ok(Put::Landed)
        }
        async fn url(&self, kind: Kind, _: u64) -> Result<String, ApiError> {
            Ok(format!("https://snapshots/{}", kind.key()))
        }
        async fn read(&self, kind: Kind) -> Result<Option<(Stored, Vec<u8>)>, ApiError> {
            let held = self.objects.lock().unwrap().get(kind.key()).cloned();
            held.map(|(bytes, stored)| Ok((stored, gunzip(&bytes)?))).transpose()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::memory::Objects;
    use super::*;
    use std::io::Read;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn at(s: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + s, 0).unwrap()
    }

    #[test]
    fn gzip_inflates_to_the_same_json() {
        let json = br#"{"asOf":"2026-11-25T00:00:00.000Z","fridges":[]}"#.repeat(50);
        let packed = gzip(&json).unwrap();
        assert!(packed.len() < json.len() / 5, "{} bytes of {}", packed.len(), json.len());
        let mut back = Vec::new();
        flate2::read::GzDecoder::new(packed.as_slice()).read_to_end(&mut back).unwrap();
        assert_eq!(back, json);
    }

    #[test]
    fn a_snapshot_is_young_until_its_age_and_never_when_stamped_ahead() {
        assert!(younger_than(at(0), at(0), 55));
        assert!(younger_than(at(0), at(54), 55));
        assert!(!younger_than(at(0), at(55), 55));
        assert!(!younger_than(at(10), at(0), 55));
    }

    #[tokio::test]
    async fn older_than_keeps_a_young_snapshot_and_now_always_rebuilds() {
        let objects = Objects::default();
        let builds = AtomicUsize::new(0);
        let build = || async {
            builds.fetch_add(1, Ordering::SeqCst);
            Ok(View { content: vec!["CHI_1", "CHI_2"], fridges: 2 })
        };
        let kind = Kind::FridgeSoftware;
        let first = rebuild(&objects, kind, When::OlderThan(55), at(0), build).await.unwrap();
        assert_eq!((first.rebuilt, first.fridges), (true, Some(2)));
        for s in [2, 30, 54] {
            assert!(!rebuild(&objects, kind, When::OlderThan(55), at(s), build).await.unwrap().rebuilt);
        }
        assert_eq!(builds.load(Ordering::SeqCst), 1);
        assert!(rebuild(&objects, kind, When::Now, at(3), build).await.unwrap().rebuilt);
        assert!(rebuild(&objects, kind, When::OlderThan(55), at(60), build).await.unwrap().rebuilt);
        assert_eq!(builds.load(Ordering::SeqCst), 3);
        // Each kind under its own key, the view under its own field.
        assert_eq!(objects.json(kind).unwrap()["artifacts"], json!(["CHI_1", "CHI_2"]));
        assert!(objects.json(Kind::FleetHealth).is_none());
    }

    #[tokio::test]
    async fn of_two_overlapping_rebuilds_the_newer_view_stays_whichever_lands_last() {
        let kind = Kind::FleetHealth;
        let view = |n: usize| move || async move { Ok(View { content: vec![n], fridges: n }) };
        // The older rebuild (t=10) lands last: it finds the newer one and writes nothing.
        let objects = Objects::default();
        let older = rebuild(&objects, kind, When::Now, at(10), || async {
            let newer = rebuild(&objects, kind, When::Now, at(20), view(2)).await.unwrap();
            assert!(newer.rebuilt);
            Ok(View { content: vec![1], fridges: 1 })
        })
        .await
        .unwrap();
        assert_eq!((older.rebuilt, objects.json(kind).unwrap()["fridges"].clone()), (false, json!([2])));
        // The newer rebuild (t=20) lands last, over one that landed while it built: it replaces it.
        let objects = Objects::default();
        let newer = rebuild(&objects, kind, When::Now, at(20), || async {
            rebuild(&objects, kind, When::Now, at(10), view(1)).await.unwrap();
            Ok(View { content: vec![2], fridges: 2 })
        })
        .await
        .unwrap();
        assert_eq!((newer.rebuilt, objects.json(kind).unwrap()["fridges"].clone()), (true, json!([2])));
    }

    #[tokio::test]
    async fn a_snapshot_stamped_far_ahead_is_replaced_not_kept() {
        let objects = Objects::default();
        let kind = Kind::FridgeSoftware;
        rebuild(&objects, kind, When::Now, at(OVERLAP_SECONDS + 100), || async {
            Ok(View { content: [9], fridges: 1 })
        })
        .await
        .unwrap();
        let out = rebuild(&objects, kind, When::Now, at(0), || async { Ok(View { content: [1], fridges: 1 }) }).await;
        assert!(out.unwrap().rebuilt);
        assert_eq!(objects.json(kind).unwrap()["artifacts"], json!([1]));
    }

    #[tokio::test]
    async fn amend_changes_the_stored_view_at_once_and_a_rebuild_that_read_before_it_reads_again() {
        let objects = Objects::default();
        let kind = Kind::OpsLocations;
        let add = |n: u32| {
            move |v: &mut Vec<u32>| {
                v.push(n);
                v.len()
            }
        };
        assert!(!amend(&objects, kind, add(7)).await.unwrap(), "no snapshot yet: nothing to amend");
        assert!(objects.json(kind).is_none());

        let table = std::sync::Mutex::new(vec![1, 2]);
        let listed = || {
            let content = table.lock().unwrap().clone();
            View { fridges: content.len(), content }
        };
        let read = || async { Ok(listed()) };
        rebuild(&objects, kind, When::Now, at(0), read).await.unwrap();
        // A write of 3 amends the snapshot at once; it keeps the time of its last read of the table.
        table.lock().unwrap().push(3);
        assert!(amend(&objects, kind, add(3)).await.unwrap());
        let object = objects.json(kind).unwrap();
        assert_eq!(
            (object["locations"].clone(), object["asOf"].clone()),
            (json!([1, 2, 3]), json!(fridge_time::stamp(at(0))))
        );
        assert_eq!(
            objects.stored(kind).await.unwrap().unwrap(),
            Stored { as_of: at(0), fridges: 3, etag: "v2".into() }
        );

        // A rebuild reads the table (without 4), and 4 is written and amended before it puts its view: the put
        // finds the object amended, so the rebuild reads the table again, 4 included.
        let reads = AtomicUsize::new(0);
        let rebuilt = rebuild(&objects, kind, When::Now, at(10), || async {
            let view = listed();
            if reads.fetch_add(1, Ordering::SeqCst) == 0 {
                table.lock().unwrap().push(4);
                assert!(amend(&objects, kind, add(4)).await.unwrap());
            }
            Ok(view)
        })
        .await
        .unwrap();
        assert_eq!((rebuilt.rebuilt, rebuilt.fridges, reads.load(Ordering::SeqCst)), (true, Some(4), 2));
        let object = objects.json(kind).unwrap();
        assert_eq!(
            (object["locations"].clone(), object["asOf"].clone()),
            (json!([1, 2, 3, 4]), json!(fridge_time::stamp(at(10))))
        );
    }

    #[tokio::test]
    async fn amend_applies_its_change_again_over_a_version_that_moved_while_it_changed() {
        let objects = Objects::default();
        let kind = Kind::OpsLocations;
        rebuild(&objects, kind, When::Now, at(0), || async { Ok(View { content: vec![1], fridges: 1 }) })
            .await
            .unwrap();
        let calls = AtomicUsize::new(0);
        let amended = amend(&objects, kind, |v: &mut Vec<u32>| {
            if calls.fetch_add(1, Ordering::SeqCst) == 0 {
                // Another writer lands between this amend's read and its put.
                objects.objects.lock().unwrap().get_mut(kind.key()).unwrap().1.etag = "another".into();
            }
            v.push(2);
            v.len()
        })
        .await
        .unwrap();
        assert!(amended);
        assert_eq!(calls.load(Ordering::SeqCst), 2, "read again and changed again");
        assert_eq!(objects.json(kind).unwrap()["locations"], json!([1, 2]));
    }

    /// The memory bucket, with a pause after each read: amends run together read the same version, in lockstep.
    struct Lockstep(Objects);

    impl SnapshotObjects for Lockstep {
        async fn stored(&self, kind: Kind) -> Result<Option<Stored>, ApiError> {
            self.0.stored(kind).await
        }
        async fn put(
            &self,
            k: Kind,
            body: Vec<u8>,
            as_of: &str,
            n: usize,
            over: Option<&Stored>,
        ) -> Result<Put, ApiError> {
            self.0.put(k, body, as_of, n, over).await
        }
        async fn url(&self, kind: Kind, seconds: u64) -> Result<String, ApiError> {
            self.0.url(kind, seconds).await
        }
        async fn read(&self, kind: Kind) -> Result<Option<(Stored, Vec<u8>)>, ApiError> {
            let read = self.0.read(kind).await;
            tokio::task::yield_now().await;
            read
        }
    }

    #[tokio::test]
    async fn amends_run_together_all_land_each_with_its_change() {
        let objects = Lockstep(Objects::default());
        let kind = Kind::OpsLocations;
        rebuild(&objects, kind, When::Now, at(0), || async { Ok(View { content: Vec::<u32>::new(), fridges: 0 }) })
            .await
            .unwrap();
        // As many as AMEND_TRIES promises to outlast: a bulk import's batches, creates and a rebuild at once.
        const WRITERS: u32 = 8;
        let writers = (1..=WRITERS).map(|n| {
            let objects = &objects;
            async move {
                amend(objects, kind, move |v: &mut Vec<u32>| {
                    v.push(n);
                    v.len()
                })
                .await
            }
        });
        let landed = futures::future::join_all(writers).await;
        assert!(landed.iter().all(|l| matches!(l, Ok(true))), "{landed:?}");
        let mut held: Vec<u64> = objects.0.json(kind).unwrap()["locations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        held.sort_unstable();
        assert_eq!(held, (1..=u64::from(WRITERS)).collect::<Vec<_>>());
    }

    #[tokio::test]
    async fn locate_answers_no_url_until_the_first_build() {
        let objects = Objects::default();
        let none = locate(&objects, Kind::FleetHealth).await.unwrap();
        assert_eq!(serde_json::to_value(none).unwrap(), json!({ "url": null, "asOf": null, "fridges": 0 }));
        let build = || async { Ok(View { content: [1, 2, 3], fridges: 3 }) };
        rebuild(&objects, Kind::FleetHealth, When::Now, at(0), build).await.unwrap();
        let found = locate(&objects, Kind::FleetHealth).await.unwrap();
        assert_eq!(found.url.as_deref(), Some("https://snapshots/fleet-health.json"));
        assert_eq!(found.fridges, 3);
        assert_eq!(found.as_of, Some(fridge_time::stamp(at(0))));
    }
}
