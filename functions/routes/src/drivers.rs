//! The driver/route upload (1-locations §2.8, §5.4, §6, §7) on the upload
//! pipeline: columns id, route, stop. A FRIDGE location gets `{id, route
//! (lowercased), stop}` through the location update; a WHOLESALE location
//! goes through the wholesale update. Each row is one location's own
//! conditional write with its history record.
use crate::cells;
use fleet_shared::history::Change;
use fleet_shared::upload::{self, CommitResult, Planned, RawRow, UploadKind, UploadRequest};
use fleet_shared::{store, ApiError, Deps, Table};
use fn_locations::attributes::flatten;
use fn_locations::service::{self, Author};
use fn_locations::store::Dynamo;
use serde_json::{json, Map, Value};
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

pub struct DriverRoutes {
    pub deps: &'static Deps,
    pub user: String,
    pub now: String,
}

fn kind_of(stored: &Value) -> &str {
    stored.get("type").and_then(Value::as_str).unwrap_or("FRIDGE")
}

/// What the row sets: FRIDGE routes are lowercased (§7), wholesale ones kept.
fn wanted(row: &DriverRow, stored: &Value) -> (String, i64) {
    let route = if kind_of(stored) == "WHOLESALE" { row.route.clone() } else { row.route.to_lowercase() };
    (route, row.stop)
}

impl UploadKind for DriverRoutes {
    const SCOPE: &'static str = "drivers";
    /// Writes go through the locations service's own transaction.
    const CLAIMS_IN_WRITE: bool = false;
    type Plan = DriverRow;
    type Context = ();

    async fn context(&self) -> Result<(), ApiError> {
        Ok(())
    }

    fn check(&self, row: &RawRow, _: &()) -> Result<(String, DriverRow), Vec<String>> {
        let mut e = Vec::new();
        let id = cells::required(row, "id", &mut e);
        let route = cells::required(row, "route", &mut e);
        let stop = cells::whole(row, "stop", &mut e);
        match (id, route, stop) {
            (Some(id), Some(route), Some(stop)) if e.is_empty() => Ok((id.clone(), DriverRow { id, route, stop })),
            _ => Err(e),
        }
    }

    async fn load(&self, keys: Vec<String>) -> Result<HashMap<String, Value>, ApiError> {
        let t = self.deps.table(Table::Locations)?;
        let keys = keys.into_iter().map(|k| HashMap::from([("id".to_string(), store::s(k))])).collect();
        let items = t.batch_get(keys, &[]).await?;
        let mut found = HashMap::new();
        for item in items {
            let doc: Value = store::from_item(item)?;
            let flat = flatten(&doc);
            found.insert(flat["id"].as_str().unwrap_or_default().to_string(), flat);
        }
        Ok(found)
    }

    fn compare(&self, plan: &DriverRow, stored: Option<&Value>) -> Result<Vec<Change>, String> {
        let stored = stored.ok_or_else(|| format!("Location {} does not exist", plan.id))?;
        if !matches!(kind_of(stored), "FRIDGE" | "WHOLESALE") {
            return Err(format!("Location {} is neither a FRIDGE nor a WHOLESALE location", plan.id));
        }
        let (route, stop) = wanted(plan, stored);
        let mut diff = Vec::new();
        for (attribute, new) in [("route", json!(route)), ("stop", json!(stop))] {
            let old = stored.get(attribute).cloned().unwrap_or(Value::Null);
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

impl DriverRoutes {
    async fn write_one(&self, p: &Planned<DriverRow>, req: &UploadRequest) -> Result<(), ApiError> {
        let stored =
            p.stored.as_ref().ok_or_else(|| ApiError::bad_request(format!("Location {} does not exist", p.plan.id)))?;
        let author = Author { user: self.user.clone(), source: req.source(p.row) };
        let (route, stop) = wanted(&p.plan, stored);
        let store = Dynamo(self.deps);
        if kind_of(stored) == "WHOLESALE" {
            service::update_wholesale(&store, &p.plan.id, &route, stop, &author, &self.now).await?;
        } else {
            let body: Map<String, Value> =
                json!({ "id": p.plan.id, "route": route, "stop": stop }).as_object().cloned().unwrap_or_default();
            service::update(&store, body, &author, &self.now).await?;
        }
        Ok(())
    }
}
