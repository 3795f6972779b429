//! The route-stop schedule upload (1-locations §2.8, §5.4, §7) on the upload
//! pipeline. Rows are grouped by date and route; each group replaces that
//! route's stops on that date in one transaction, so it lands whole or not at
//! all. The file is first kept in the routes bucket under `routes-upload/`.
use crate::cells::{self, cell};
use crate::stops::{self, RouteStop, StoredStop, MARKETS, STOP_TYPES};
use aws_sdk_s3::primitives::ByteStream;
use fleet_shared::history::{self, Change, Record};
use fleet_shared::idempotency::Claim;
use fleet_shared::upload::{CommitResult, CommitStatus, Planned, RawRow, UploadKind, UploadRequest};
use fleet_shared::{ApiError, Bucket, Deps, Table};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};

pub const COLUMNS: &[&str] = &["date", "market", "id", "route", "stop", "stockingIndex", "stopType"];

pub struct RouteSchedule {
    pub deps: &'static Deps,
    pub user: String,
    pub now: String,
    /// Location id -> type, for every id the request names.
    pub known: HashMap<String, String>,
}

/// `2026-11-23#r12`: the group of a row, from its raw cells.
fn group_key(date: &str, route: &str) -> String {
    format!("{date}#{route}")
}

impl UploadKind for RouteSchedule {
    const SCOPE: &'static str = "routes";
    type Plan = RouteStop;
    type Context = ();

    async fn context(&self) -> Result<(), ApiError> {
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
                let key = format!("{stocking_date}#{}", stops::sort_key(&route, stop));
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
            for s in stops::of_route(self.deps, &date, &route).await? {
                found.insert(
                    format!("{date}#{}", s.route_stop),
                    serde_json::to_value(&s.stop).map_err(ApiError::internal)?,
                );
            }
        }
        Ok(found)
    }

    fn compare(&self, plan: &RouteStop, stored: Option<&Value>) -> Result<Vec<Change>, String> {
        let new = serde_json::to_value(plan).map_err(|e| e.to_string())?;
        Ok(["id", "market", "stockingIndex", "stopType"]
            .iter()
            .filter(|a| stored.is_none_or(|s| s.get(**a) != new.get(**a)))
            .map(|a| Change {
                attribute: a.to_string(),
                old_value: stored.and_then(|s| s.get(*a)).cloned().unwrap_or(Value::Null).to_string(),
                new_value: new[*a].to_string(),
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

impl RouteSchedule {
    /// Replaces one route on one date; `false` when it already is the file's.
    async fn replace(
        &self,
        date: &str,
        route: &str,
        new: &[RouteStop],
        req: &UploadRequest,
        claim: Option<&Claim>,
    ) -> Result<bool, ApiError> {
        let old = stops::by_key(stops::of_route(self.deps, date, route).await?);
        let same = old.len() == new.len()
            && new.iter().all(|s| old.get(&stops::sort_key(route, s.stop)).is_some_and(|o| &o.stop == s));
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
        let extra = match claim {
            Some(c) => vec![c.put(self.deps.table(Table::Idempotency)?.name)?],
            None => vec![],
        };
        match stops::replace_route(self.deps, date, route, new, &req.upload_id, &record, extra).await {
            Err(e) => {
                tracing::warn!(date, route, upload = %req.upload_id, error = %e, "route not replaced");
                Err(e)
            }
            ok => ok.map(|()| true),
        }
    }
}

/// One change per stop position: `r12 stop 3`, old → new `ID (TYPE)`.
fn route_changes(route: &str, old: &HashMap<String, StoredStop>, new: &[RouteStop]) -> Vec<Change> {
    let text = |s: Option<&RouteStop>| {
        s.map(|s| json!(format!("{} ({})", s.id, s.stop_type)).to_string()).unwrap_or_else(|| "null".into())
    };
    let mut positions: Vec<i64> = old.values().map(|o| o.stop.stop).chain(new.iter().map(|s| s.stop)).collect();
    positions.sort_unstable();
    positions.dedup();
    positions
        .into_iter()
        .filter_map(|n| {
            let before = old.get(&stops::sort_key(route, n)).map(|o| &o.stop);
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

/// Keeps the file as sent under `routes-upload/` (§7); a failure is only logged (§8).
pub async fn keep_file(deps: &Deps, req: &UploadRequest) {
    let mut csv = COLUMNS.join(",");
    for r in &req.rows {
        let line: Vec<String> = COLUMNS.iter().map(|c| csv_field(&cell(r, c).unwrap_or_default())).collect();
        csv.push('\n');
        csv.push_str(&line.join(","));
    }
    let key = format!("routes-upload/{}/{}", req.upload_id, req.file_name.replace('/', "_"));
    let stored = match deps.bucket(Bucket::Routes) {
        Ok(b) => b
            .client
            .put_object()
            .bucket(b.name)
            .key(&key)
            .content_type("text/csv")
            .body(ByteStream::from(csv.into_bytes()))
            .send()
            .await
            .map(|_| ())
            .map_err(|e| e.to_string()),
        Err(e) => Err(e.to_string()),
    };
    if let Err(error) = stored {
        tracing::error!(key, error, "route file not stored");
    }
}

fn csv_field(v: &str) -> String {
    if v.contains([',', '"', '\n']) {
        format!("\"{}\"", v.replace('"', "\"\""))
    } else {
        v.to_string()
    }
}
