//! The route-stop schedule upload (1-locations §2.8, §5.4, §7) on the upload
//! pipeline. Rows are grouped by date and route; each group replaces that
//! route's stops on that date in one transaction, so it lands whole or not at
//! all. Each commit batch is kept in the routes bucket under `routes-upload/`.
use crate::cells::{self, cell};
use crate::stops::{self, MARKETS, STOP_TYPES};
use crate::store::{Dynamo, RoutesStore};
use fleet_shared::entity::route_stop::{sort_key, RouteStop, StoredStop};
use fleet_shared::history::{self, Change, Record};
use fleet_shared::idempotency::Claim;
use fleet_shared::upload::{CommitResult, CommitStatus, Planned, RawRow, UploadKind, UploadRequest};
use fleet_shared::{files, ApiError, Bucket, Deps};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};

pub const COLUMNS: &[&str] = &["date", "market", "id", "route", "stop", "stockingIndex", "stopType"];

pub struct RouteSchedule<S = Dynamo> {
    pub store: S,
    pub user: String,
    pub now: String,
    /// Location id -> type, for every id the request names.
    pub known: HashMap<String, String>,
}

/// `2026-11-23#r12`: the group of a row, from its raw cells.
fn group_key(date: &str, route: &str) -> String {
    format!("{date}#{route}")
}

impl<S: RoutesStore> UploadKind for RouteSchedule<S> {
    const SCOPE: &'static str = "routes";
    type Plan = RouteStop;
    type Context = ();

    async fn context(&self, _rows: &[RawRow]) -> Result<(), ApiError> {
        Ok(())
    }

    fn group_of(&self, row: &RawRow) -> Option<String> {
        let date = cells::date(row, "date", &mut Vec::new()).or_else(|| cell(row, "date"))?;
        Some(group_key(&date, &cell(row, "route")?.to_lowercase()))
    }

    /// `load` answers every stop of a touched route: one the file lacks is removed.
    fn group_of_key(&self, key: &str) -> Option<String> {
        key.rsplit_once('#').map(|(group, _stop)| group.to_string())
    }

    fn max_group_rows(&self) -> usize {
        stops::MAX_STOPS_PER_ROUTE
    }

    fn group_too_large(&self, group: &str, rows: usize, _max: usize) -> String {
        let (date, route) = group.split_once('#').unwrap_or((group, ""));
        stops::too_many_stops(date, route, rows)
    }

    fn check(&self, row: &RawRow, _: &()) -> Result<(String, RouteStop), Vec<String>> {
        let mut e = Vec::new();
        let date = cells::date(row, "date", &mut e);
        let market = cells::required(row, "market", &mut e).map(|m| m.to_uppercase());
        let id = cells::required(row, "id", &mut e);
        let route = cells::required(row, "route", &mut e).map(|r| r.to_lowercase());
        let stop = cells::whole(row, "stop", &mut e);
        let index = cells::whole(row, "stockingIndex", &mut e);
        let stop_type = cells::required(row, "stopType", &mut e).map(|t| t.to_uppercase());
        if let Some(m) = market.as_deref().filter(|m| !MARKETS.contains(m)) {
            e.push(format!("market '{m}' must be one of {}", MARKETS.join(", ")));
        }
        if route.as_deref().is_some_and(|r| r.contains('#')) {
            e.push("route cannot contain '#'".to_string());
        }
        if let Some(t) = stop_type.as_deref().filter(|t| !STOP_TYPES.contains(t)) {
            e.push(format!("stopType '{t}' must be one of {}", STOP_TYPES.join(", ")));
        }
        if let Some(id) = id.as_deref().filter(|id| !self.known.contains_key(*id)) {
            e.push(format!("Location {id} does not exist"));
        }
        match (date, market, id, route, stop, index, stop_type) {
            (
                Some(stocking_date),
                Some(market),
                Some(id),
                Some(route),
                Some(stop),
                Some(stocking_index),
                Some(stop_type),
            ) if e.is_empty() => {
                let key = format!("{stocking_date}#{}", sort_key(&route, stop));
                Ok((key, RouteStop { stocking_date, market, id, route, stop, stocking_index, stop_type }))
            }
            _ => Err(e),
        }
    }

    async fn load(&self, keys: Vec<String>) -> Result<HashMap<String, Value>, ApiError> {
        let mut routes: Vec<(String, String)> = keys
            .iter()
            .filter_map(|k| {
                k.split_once('#')
                    .map(|(d, rs)| (d.to_string(), rs.rsplit_once('#').map(|(r, _)| r).unwrap_or(rs).to_string()))
            })
            .collect();
        routes.sort();
        routes.dedup();
        let mut found = HashMap::new();
        for (date, route) in routes {
            for s in self.store.stops_of_route(&date, &route).await? {
                found.insert(
                    format!("{date}#{}", s.route_stop),
                    serde_json::to_value(&s.stop).map_err(ApiError::internal)?,
                );
            }
        }
        Ok(found)
    }

    fn compare(&self, plan: &RouteStop, stored: Option<&Value>) -> Result<Vec<Change>, String> {
        let old: [Option<Value>; 4] = match stored.map(RouteStop::deserialize).transpose() {
            Ok(Some(s)) => compared(&s).map(|(_, v)| Some(v)),
            Ok(None) => Default::default(),
            Err(e) => return Err(e.to_string()),
        };
        Ok(compared(plan)
            .into_iter()
            .zip(old)
            .filter(|((_, new), old)| old.as_ref() != Some(new))
            .map(|((attribute, new), old)| Change {
                attribute: attribute.to_string(),
                old_value: old.unwrap_or(Value::Null).to_string(),
                new_value: new.to_string(),
                reason: None,
            })
            .collect())
    }

    /// Per group: unchanged when the stored route is exactly the file's, else
    /// replaced in one transaction. A group that fails says why on each row.
    async fn write(&self, rows: Vec<Planned<RouteStop>>, req: &UploadRequest) -> Result<Vec<CommitResult>, ApiError> {
        let mut groups: BTreeMap<(String, String), Vec<Planned<RouteStop>>> = BTreeMap::new();
        for p in rows {
            groups.entry((p.plan.stocking_date.clone(), p.plan.route.clone())).or_default().push(p);
        }
        let mut results = Vec::new();
        for ((date, route), group) in groups {
            let new: Vec<RouteStop> = group.iter().map(|p| p.plan.clone()).collect();
            let claim = group.iter().find_map(|p| p.claim.as_ref());
            let outcome = self.replace(&date, &route, &new, req, claim).await;
            for p in group {
                let (status, message) = match &outcome {
                    Ok(true) => (CommitStatus::Written, None),
                    Ok(false) => (CommitStatus::Unchanged, None),
                    Err(e) => (CommitStatus::Failed, Some(e.to_string())),
                };
                results.push(CommitResult { row: p.row, key: Some(p.key), status, message });
            }
        }
        Ok(results)
    }
}

/// What a stop's diff shows, in order (its route and number are its key).
fn compared(s: &RouteStop) -> [(&'static str, Value); 4] {
    [
        ("id", json!(s.id)),
        ("market", json!(s.market)),
        ("stockingIndex", json!(s.stocking_index)),
        ("stopType", json!(s.stop_type)),
    ]
}

impl<S: RoutesStore> RouteSchedule<S> {
    /// Replaces one route on one date; `false` when it already is the file's.
    async fn replace(
        &self,
        date: &str,
        route: &str,
        new: &[RouteStop],
        req: &UploadRequest,
        claim: Option<&Claim>,
    ) -> Result<bool, ApiError> {
        let old = stops::by_key(self.store.stops_of_route(date, route).await?);
        let same = old.len() == new.len()
            && new.iter().all(|s| old.get(&sort_key(route, s.stop)).is_some_and(|o| &o.stop == s));
        if same {
            return Ok(false);
        }
        let record = Record::new(
            history::entity("routes", date),
            &self.now,
            &self.user,
            &format!("{} (route {route})", req.file_name),
            route_changes(route, &old, new),
        );
        let claims = claim.map(std::slice::from_ref).unwrap_or_default();
        match stops::replace(&self.store, date, route, new, &req.upload_id, &record, claims).await {
            Err(e) => {
                tracing::warn!(date, route, upload = %req.upload_id, error = %e, "route not replaced");
                Err(e)
            }
            ok => ok.map(|()| true),
        }
    }
}

/// One change per stop position: `r12 stop 3`, old → new `ID (TYPE)`.
pub(crate) fn route_changes(route: &str, old: &HashMap<String, StoredStop>, new: &[RouteStop]) -> Vec<Change> {
    let text = |s: Option<&RouteStop>| {
        s.map(|s| json!(format!("{} ({})", s.id, s.stop_type)).to_string()).unwrap_or_else(|| "null".into())
    };
    let mut positions: Vec<i64> = old.values().map(|o| o.stop.stop).chain(new.iter().map(|s| s.stop)).collect();
    positions.sort_unstable();
    positions.dedup();
    positions
        .into_iter()
        .filter_map(|n| {
            let before = old.get(&sort_key(route, n)).map(|o| &o.stop);
            let after = new.iter().find(|s| s.stop == n);
            (before != after).then(|| Change {
                attribute: format!("{route} stop {n}"),
                old_value: text(before),
                new_value: text(after),
                reason: None,
            })
        })
        .collect()
}

/// The name a commit batch is kept under: the file's own for the batch
/// holding row 2 (the first data row), `{stem}.rows-{first}-{last}.csv` for
/// any other, so the batches of one file never overwrite each other and a
/// retried batch overwrites only its own copy.
pub fn kept_name(file_name: &str, rows: &[RawRow]) -> String {
    let (Some(first), Some(last)) = (rows.iter().map(|r| r.row).min(), rows.iter().map(|r| r.row).max()) else {
        return file_name.to_string();
    };
    if rows.iter().any(|r| r.row == 2) {
        return file_name.to_string();
    }
    let stem = file_name.rsplit_once('.').map_or(file_name, |(stem, _)| stem);
    format!("{stem}.rows-{first}-{last}.csv")
}

/// Keeps a commit batch's rows as a CSV under `routes-upload/` (§7); kept on
/// commit, never on the dry run. Best effort: a failure is only logged (§8).
pub async fn keep_batch(deps: &Deps, req: &UploadRequest) {
    let key = files::key("routes-upload", &req.upload_id, &kept_name(&req.file_name, &req.rows));
    match deps.bucket(Bucket::Routes).and_then(|b| Ok((b, fleet_shared::upload::csv_of(COLUMNS, &req.rows)?))) {
        // `keep` logs its own failure.
        Ok((bucket, text)) => {
            files::keep(bucket, &key, text).await;
        }
        Err(error) => tracing::error!(key, %error, "route file not kept"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::memory::Memory;
    use fleet_shared::upload::{self, RowStatus};

    const DATE: &str = "2026-11-23";

    fn row(n: u32, id: &str, route: &str, stop: &str, kind: &str) -> RawRow {
        let values = json!({ "date": DATE, "market": "mw", "id": id, "route": route, "stop": stop,
                             "stockingIndex": "1", "stopType": kind });
        RawRow { row: n, values: values.as_object().cloned().unwrap() }
    }

    /// A commit body as the browser sends it: the rows and each group's row count.
    fn request(upload_id: &str, rows: Vec<RawRow>) -> UploadRequest {
        let mut groups = BTreeMap::new();
        for r in &rows {
            *groups.entry(format!("{DATE}#{}", cell(r, "route").unwrap().to_lowercase())).or_default() += 1;
        }
        UploadRequest {
            upload_id: fleet_shared::entity::UploadId::parse(upload_id).unwrap(),
            file_name: "routes.csv".into(),
            rows,
            groups: Some(groups),
        }
    }

    fn kind() -> RouteSchedule<Memory> {
        let known = ["A", "B", "C"].map(|id| (id.to_string(), "FRIDGE".to_string())).into();
        RouteSchedule {
            store: Memory::default(),
            user: "ops@x.co".into(),
            now: "2026-11-23T00:00:00.000Z".into(),
            known,
        }
    }

    #[tokio::test]
    async fn a_retried_commit_replays_its_answer_and_writes_nothing_more() {
        let kind = kind();
        let req = request("u-1", vec![row(2, "A", "R1", "1", "delivery"), row(3, "B", "r1", "2", "DELIVERY")]);
        let first = upload::commit(&kind, &req, &kind.store.records).await.unwrap();
        assert_eq!((first.written, first.failed), (2, 0), "{first:?}");
        assert_eq!(
            kind.store.route(DATE, "r1"),
            [(1, "A".into(), "DELIVERY".into()), (2, "B".into(), "DELIVERY".into())]
        );
        let again = upload::commit(&kind, &req, &kind.store.records).await.unwrap();
        assert_eq!(again, first, "a retry is answered what the first try answered");
        assert_eq!(kind.store.history.lock().unwrap().len(), 1, "and adds no history");
        // The same upload id with other content is refused, and changes nothing.
        let other = request("u-1", vec![row(2, "C", "r1", "1", "DELIVERY"), row(3, "B", "r1", "2", "DELIVERY")]);
        assert_eq!(upload::commit(&kind, &other, &kind.store.records).await.unwrap_err().status(), 409);
        assert_eq!(kind.store.route(DATE, "r1")[0].1, "A");
    }

    #[tokio::test]
    async fn the_dry_run_diffs_a_stop_against_the_stored_route_and_the_commit_replaces_it() {
        let kind = kind();
        let first = request("u-1", vec![row(2, "A", "g1", "1", "DELIVERY"), row(3, "B", "g1", "2", "DELIVERY")]);
        upload::commit(&kind, &first, &kind.store.records).await.unwrap();
        let second = request("u-2", vec![row(2, "C", "g1", "1", "DELIVERY"), row(3, "A", "g1", "2", "REMOVAL")]);
        let dry = upload::dry_run(&kind, &second).await.unwrap();
        let diff: Vec<(&str, &str, &str)> = dry.rows[0]
            .diff
            .iter()
            .map(|c| (c.attribute.as_str(), c.old_value.as_str(), c.new_value.as_str()))
            .collect();
        assert_eq!(diff, [("id", "\"A\"", "\"C\"")]);
        assert_eq!((dry.rows[1].status, dry.rows[1].diff.len()), (RowStatus::Change, 2), "id and stopType");
        assert_eq!(upload::commit(&kind, &second, &kind.store.records).await.unwrap().written, 2);
        assert_eq!(
            kind.store.route(DATE, "g1"),
            [(1, "C".into(), "DELIVERY".into()), (2, "A".into(), "REMOVAL".into())]
        );
        let history = kind.store.history.lock().unwrap();
        let changes: Vec<(&str, &str)> =
            history[1].changes.iter().map(|c| (c.attribute.as_str(), c.new_value.as_str())).collect();
        assert_eq!(changes, [("g1 stop 1", "\"C (DELIVERY)\""), ("g1 stop 2", "\"A (REMOVAL)\"")]);
    }

    #[test]
    fn each_commit_batch_is_kept_under_its_own_name() {
        let rows = |ns: &[u32]| -> Vec<RawRow> { ns.iter().map(|n| row(*n, "A", "r1", "1", "DELIVERY")).collect() };
        assert_eq!(kept_name("routes.csv", &rows(&[3, 2, 4])), "routes.csv", "the batch holding row 2");
        assert_eq!(kept_name("routes.csv", &rows(&[502, 501, 900])), "routes.rows-501-900.csv");
        assert_eq!(kept_name("week 48", &rows(&[7])), "week 48.rows-7-7.csv");
        assert_eq!(
            files::key("routes-upload", "u-1", &kept_name("a/b.csv", &rows(&[9]))),
            "routes-upload/u-1/a_b.rows-9-9.csv"
        );
    }
}
