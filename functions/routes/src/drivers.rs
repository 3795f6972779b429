//! The driver/route upload (1-locations §2.8, §5.4, §6, §7) on the upload
//! pipeline: columns id, route, stop. A FRIDGE location gets `{id, route
//! (lowercased), stop}` through the location update; a WHOLESALE location
//! goes through the wholesale update. Each row is one location's own
//! conditional write with its history record.
use crate::cells;
use crate::store::{Dynamo, RouteAssignment, RoutesStore};
use fleet_shared::entity::Location;
use fleet_shared::history::Change;
use fleet_shared::upload::{self, CommitResult, Planned, RawRow, UploadKind, UploadRequest};
use fleet_shared::ApiError;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::HashMap;

pub const COLUMNS: &[&str] = &["id", "route", "stop"];
/// Locations updated at once by one commit batch.
const IN_FLIGHT: usize = 8;

#[derive(Debug, Clone)]
pub struct DriverRow {
    pub id: String,
    pub route: String,
    pub stop: i64,
}

pub struct DriverRoutes<S = Dynamo> {
    pub store: S,
    pub user: String,
    pub now: String,
}

/// What a row is compared with and written over: the location's kind and
/// its stored route and stop (the pipeline carries it as JSON).
#[derive(Debug, Serialize, Deserialize, schemars::JsonSchema)]
struct Placed {
    #[serde(rename = "type")]
    kind: String,
    route: Option<String>,
    stop: Option<i64>,
}

impl From<&Location> for Placed {
    fn from(l: &Location) -> Self {
        let configs = l.operation_configs.as_ref();
        // The route as stored (a blank one too): the diff shows what is there.
        Placed { kind: l.kind().to_string(), route: configs.and_then(|c| c.route.clone()), stop: l.stop() }
    }
}

fn placed(stored: &Value) -> Result<Placed, String> {
    Placed::deserialize(stored).map_err(|e| e.to_string())
}

/// What the row sets: FRIDGE routes are lowercased (§7), wholesale ones kept.
fn wanted(row: &DriverRow, stored: &Placed) -> (String, i64) {
    let route = if stored.kind == "WHOLESALE" { row.route.clone() } else { row.route.to_lowercase() };
    (route, row.stop)
}

impl<S: RoutesStore> UploadKind for DriverRoutes<S> {
    const SCOPE: &'static str = "drivers";
    /// Writes go through the locations service's own transaction.
    const CLAIMS_IN_WRITE: bool = false;
    type Plan = DriverRow;
    type Context = ();

    async fn context(&self, _rows: &[RawRow]) -> Result<(), ApiError> {
        Ok(())
    }

    fn check(&self, row: &RawRow, _: &()) -> Result<(String, DriverRow), Vec<String>> {
        let mut e = Vec::new();
        let id = cells::required(row, "id", &mut e);
        let route = cells::required(row, "route", &mut e);
        let stop =
            cells::required(row, "stop", &mut e).and_then(|text| location_stop(&text).map_err(|m| e.push(m)).ok());
        match (id, route, stop) {
            (Some(id), Some(route), Some(stop)) if e.is_empty() => Ok((id.clone(), DriverRow { id, route, stop })),
            _ => Err(e),
        }
    }

    async fn load(&self, keys: Vec<String>) -> Result<HashMap<String, Value>, ApiError> {
        let mut found = HashMap::new();
        for l in self.store.locations(keys, &[]).await? {
            found.insert(l.id.to_string(), serde_json::to_value(Placed::from(&l)).map_err(ApiError::internal)?);
        }
        Ok(found)
    }

    fn compare(&self, plan: &DriverRow, stored: Option<&Value>) -> Result<Vec<Change>, String> {
        let stored = placed(stored.ok_or_else(|| format!("Location {} does not exist", plan.id))?)?;
        if !matches!(stored.kind.as_str(), "FRIDGE" | "WHOLESALE") {
            return Err(format!("Location {} is neither a FRIDGE nor a WHOLESALE location", plan.id));
        }
        let (route, stop) = wanted(plan, &stored);
        let mut diff = Vec::new();
        for (attribute, old, new) in
            [("route", json!(stored.route), json!(route)), ("stop", json!(stored.stop), json!(stop))]
        {
            if old != new {
                diff.push(Change {
                    attribute: attribute.into(),
                    old_value: old.to_string(),
                    new_value: new.to_string(),
                    reason: None,
                });
            }
        }
        Ok(diff)
    }

    async fn write(&self, rows: Vec<Planned<DriverRow>>, req: &UploadRequest) -> Result<Vec<CommitResult>, ApiError> {
        Ok(upload::write_each(rows, IN_FLIGHT, |p| async move {
            let outcome = self.write_one(&p, req).await;
            (p, outcome)
        })
        .await)
    }
}

/// A stop as the location's own rule reads it (1-locations §5.2: a whole number 0..1000, with the detail
/// screen's messages), so the dry run refuses what the location update would refuse at commit.
fn location_stop(text: &str) -> Result<i64, String> {
    let attr = fn_locations::attributes::find("stop").ok_or("stop is not a location attribute")?;
    let value = fn_locations::rules::check_value(attr, &json!(text), &fn_locations::rules::Options::default())?;
    value.as_i64().ok_or_else(|| format!("stop should be a whole number, not '{text}'"))
}

impl<S: RoutesStore> DriverRoutes<S> {
    async fn write_one(&self, p: &Planned<DriverRow>, req: &UploadRequest) -> Result<(), ApiError> {
        let stored =
            p.stored.as_ref().ok_or_else(|| ApiError::bad_request(format!("Location {} does not exist", p.plan.id)))?;
        let stored = placed(stored).map_err(ApiError::internal)?;
        let (route, stop) = wanted(&p.plan, &stored);
        self.store
            .assign_route(&RouteAssignment {
                id: &p.plan.id,
                wholesale: stored.kind == "WHOLESALE",
                route: &route,
                stop,
                user: &self.user,
                source: req.source(p.row),
                now: &self.now,
            })
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::memory::Memory;
    use fleet_shared::idempotency::MemoryRecords;
    use fleet_shared::upload::RowStatus;

    fn location(id: &str, kind: &str, route: Option<&str>, stop: Option<i64>) -> (String, Location) {
        let doc = json!({ "id": id, "type": kind, "operationConfigs": { "route": route, "stop": stop } });
        (id.to_string(), serde_json::from_value(doc).unwrap())
    }

    fn request(rows: &[(&str, &str, &str)]) -> UploadRequest {
        let rows = rows
            .iter()
            .enumerate()
            .map(|(i, (id, route, stop))| RawRow {
                row: i as u32 + 2,
                values: json!({ "id": id, "route": route, "stop": stop }).as_object().cloned().unwrap(),
            })
            .collect();
        UploadRequest {
            upload_id: fleet_shared::entity::UploadId::parse("u-1").unwrap(),
            file_name: "drivers.csv".into(),
            rows,
            groups: None,
        }
    }

    fn kind() -> DriverRoutes<Memory> {
        let store = Memory {
            locations: HashMap::from([
                location("CHI_1", "FRIDGE", Some("r1"), Some(3)),
                location("WH_1", "WHOLESALE", None, None),
                location("MKT_1", "MARKET", Some("r1"), Some(1)),
            ]),
            ..Memory::default()
        };
        DriverRoutes { store, user: "ops@x.co".into(), now: "2026-11-23T00:00:00.000Z".into() }
    }

    #[tokio::test]
    async fn fridge_routes_are_lowercased_wholesale_kept_and_other_kinds_refused() {
        let kind = kind();
        let req = request(&[("CHI_1", "R2", "3"), ("WH_1", "East-A", "4"), ("MKT_1", "r1", "1"), ("NOPE", "r1", "1")]);
        let dry = upload::dry_run(&kind, &req).await.unwrap();
        let chi = &dry.rows[0];
        assert_eq!((chi.status, chi.diff.len()), (RowStatus::Change, 1), "only the route changes");
        assert_eq!((chi.diff[0].old_value.as_str(), chi.diff[0].new_value.as_str()), ("\"r1\"", "\"r2\""));
        let wh: Vec<(&str, &str)> =
            dry.rows[1].diff.iter().map(|c| (c.old_value.as_str(), c.new_value.as_str())).collect();
        assert_eq!(wh, [("null", "\"East-A\""), ("null", "4")]);
        assert_eq!(dry.rows[2].messages, ["Location MKT_1 is neither a FRIDGE nor a WHOLESALE location"]);
        assert_eq!(dry.rows[3].messages, ["Location NOPE does not exist"]);

        let committed = upload::commit(&kind, &req, &MemoryRecords::default()).await.unwrap();
        assert_eq!((committed.written, committed.failed), (2, 2));
        assert_eq!(
            *kind.store.assigned.lock().unwrap(),
            [("CHI_1".to_string(), false, "r2".to_string(), 3), ("WH_1".to_string(), true, "East-A".to_string(), 4)]
        );
    }

    #[tokio::test]
    async fn a_stop_is_checked_by_the_location_rule_in_the_dry_run() {
        let kind = kind();
        let req =
            request(&[("CHI_1", "r1", "5000"), ("CHI_1", "r1", "2.5"), ("WH_1", "r1", "-1"), ("CHI_1", "r1", "1000")]);
        let dry = upload::dry_run(&kind, &req).await.unwrap();
        let messages: Vec<&[String]> = dry.rows.iter().map(|r| r.messages.as_slice()).collect();
        assert_eq!(messages[0], ["stop should be a number in the range of 0 to 1000!"]);
        assert_eq!(messages[1], ["stop cannot be a decimal number"]);
        assert_eq!(messages[2], ["stop should be a number in the range of 0 to 1000!"]);
        assert!(messages[3].is_empty(), "1000 is the last stop allowed: {:?}", messages[3]);
    }

    #[tokio::test]
    async fn a_row_that_changes_nothing_is_not_written() {
        let kind = kind();
        let committed = upload::commit(&kind, &request(&[("CHI_1", "R1", "3")]), &MemoryRecords::default()).await;
        assert_eq!(committed.unwrap().written, 0);
        assert!(kind.store.assigned.lock().unwrap().is_empty());
    }
}
