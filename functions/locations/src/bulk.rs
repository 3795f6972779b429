//! Bulk location import (1-locations §2.4, §3.4, §5.3) on the upload
//! pipeline: the browser sends the CRM export's rows as they are; the server
//! maps the columns and the CRM spellings, applies the import rules and the
//! create rules, and writes each new location with one conditional put.
use crate::attributes::{LocationView, VERTICALS};
use crate::create_rules::DEFAULT_LAYOUT;
use crate::input::CreateForm;
use crate::ops_snapshot::{self, OpsLocationId};
use crate::plan;
use crate::rules::{self, Options};
use crate::store::{Dynamo, LocationStore, NewLocation};
use fleet_shared::contract::Ctx;
use fleet_shared::entity::Location;
use fleet_shared::history::{self, Change, Record};
use fleet_shared::upload::{self, CommitResult, CommitStatus, Planned, RawRow, UploadKind, UploadRequest};
use fleet_shared::{ApiError, Deps};
use serde_json::{json, Map, Value};
use std::collections::HashMap;

/// CRM export columns and the attribute each maps to (§3.4).
pub const CRM_COLUMNS: &[(&str, &str)] = &[
    ("POS_NAME__c", "id"),
    ("Fridge_State__c", "state"),
    ("Fridge_City__c", "city"),
    ("Fridge_Street__c", "street"),
    ("Fridge_Zipcode__c", "zipCode"),
    ("Sales_Tax_Rate__c", "taxRate"),
    ("Vertical__c", "vertical"),
    ("Consumer_Friendly_Location__c", "directions"),
    ("Consumer_Friendly_NAme__c", "prettyName"),
    ("Access_Type__c", "accessTo"),
    ("Stocking_Date__c", "onlineDate"),
    ("MALongitude__c", "longitude"),
    ("MALatitude__c", "latitude"),
];
pub const ID_COLUMN: &str = "POS_NAME__c";
pub const BUSINESS_HOURS_COLUMN: &str = "Business_Hours__c";
/// Marks a location written by an upload row, so a retried commit finds it.
pub const UPLOAD_MARKER: &str = "lastUpload";

/// The CRM's spellings of a vertical, mapped to the console's (docs/decisions/locations.md, "Bulk import from the CRM").
fn vertical(crm: &str) -> Option<&'static str> {
    let key: String = crm.to_lowercase().chars().filter(|c| c.is_alphanumeric()).collect();
    let alias = match key.as_str() {
        "businessindustry" | "businessandindustry" | "bi" => Some("B&I"),
        "travelleisure" | "travelandleisure" | "travel" | "leisure" => Some("Travel/Leisure"),
        "residential" | "residentialproperty" | "multifamily" => Some("Residential Property"),
        "hospital" | "health" | "healthcare" | "medical" => Some("Healthcare"),
        "school" | "university" | "college" | "education" => Some("Education"),
        _ => None,
    };
    alias.or_else(|| VERTICALS.iter().find(|v| v.to_lowercase() == crm.trim().to_lowercase()).copied())
}

/// 'Private', 'PRIVATE', 'Private Access', 'Closed' ... to Private or Public.
fn access(crm: &str) -> Option<&'static str> {
    let t = crm.trim().to_lowercase();
    if t.starts_with("private") || t == "closed" || t == "restricted" {
        Some("Private")
    } else if t.starts_with("public") || t == "open" {
        Some("Public")
    } else {
        None
    }
}

/// M/D/YYYY (and M/D/YY) or an ISO date-time to YYYY-MM-DD; other text is kept for the date rule to refuse.
fn date(v: &str) -> String {
    let t = v.trim();
    let parts: Vec<&str> = t.split('/').collect();
    if parts.len() == 3 && parts.iter().all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit())) {
        let year = if parts[2].len() == 2 { format!("20{}", parts[2]) } else { parts[2].to_string() };
        return format!("{year}-{:0>2}-{:0>2}", parts[0], parts[1]);
    }
    t.get(..10).filter(|d| t.len() > 10 && rules::is_date(d)).map(str::to_string).unwrap_or_else(|| t.to_string())
}

/// The create payload of one CRM row, or every message that applies.
pub fn payload(values: &Map<String, Value>) -> Result<Map<String, Value>, Vec<String>> {
    let cell = |c: &str| values.get(c).and_then(rules::text_of).unwrap_or_default();
    let mut messages = Vec::new();
    if cell(ID_COLUMN).is_empty() {
        messages.push(format!("{ID_COLUMN} cannot be empty"));
    }
    if values.get(BUSINESS_HOURS_COLUMN).and_then(Value::as_str).map(str::trim) != Some("24 Hours") {
        messages.push("Only 24 Hours fridges are supported".to_string());
    }
    let mut out = Map::new();
    for (column, attr) in CRM_COLUMNS {
        let v = cell(column);
        if v.is_empty() {
            continue;
        }
        let mapped = match *attr {
            "vertical" => match vertical(&v) {
                Some(m) => m.to_string(),
                None => {
                    messages.push(format!("{column} '{v}' is not a known vertical"));
                    continue;
                }
            },
            "accessTo" => match access(&v) {
                Some(m) => m.to_string(),
                None => {
                    messages.push(format!("{column} '{v}' must be Private or Public"));
                    continue;
                }
            },
            "onlineDate" => date(&v),
            "taxRate" => v.trim_end_matches('%').trim().to_string(),
            "state" => v.to_uppercase(),
            _ => v,
        };
        out.insert(attr.to_string(), json!(mapped));
    }
    out.insert("hours".into(), json!(1));
    out.insert("type".into(), json!("FRIDGE"));
    out.insert("layoutName".into(), json!(DEFAULT_LAYOUT));
    if messages.is_empty() {
        Ok(out)
    } else {
        Err(messages)
    }
}

/// A location as the import compares it: its flat view.
fn flat(location: &Location) -> Value {
    Value::Object(LocationView::of(location).flat())
}

/// The attributes an import sets (of a flat view), compared to tell a re-import from a clash.
fn imported(flat: &Value) -> Map<String, Value> {
    CRM_COLUMNS.iter().filter_map(|(_, a)| flat.get(*a).map(|v| (a.to_string(), v.clone()))).collect()
}

pub struct BulkLocations {
    pub deps: &'static Deps,
    pub user: String,
    pub now: String,
}

impl UploadKind for BulkLocations {
    const SCOPE: &'static str = "locations";
    type Plan = Location;
    type Context = Options;

    async fn context(&self, _rows: &[RawRow]) -> Result<Options, ApiError> {
        Dynamo(self.deps).options().await
    }

    fn check(&self, row: &RawRow, options: &Options) -> Result<(String, Location), Vec<String>> {
        let p = payload(&row.values)?;
        let id = CreateForm::of(&p).id().map_err(|e| vec![e.to_string()])?;
        let location =
            plan::new_location(plan::Origin::Import, &p, options, &self.user, &self.now).map_err(|m| vec![m])?;
        Ok((id.to_string(), location))
    }

    async fn load(&self, keys: Vec<String>) -> Result<HashMap<String, Value>, ApiError> {
        let found = Dynamo(self.deps).get_many(keys).await?;
        Ok(found.into_iter().map(|(id, location)| (id, flat(&location))).collect())
    }

    fn compare(&self, plan: &Location, stored: Option<&Value>) -> Result<Vec<Change>, String> {
        match stored {
            None => Ok(vec![]),
            // The same file imported again: nothing to do.
            Some(s) if imported(s) == imported(&flat(plan)) => Ok(vec![]),
            Some(s) => Err(format!("Location {} already exists", s["id"].as_str().unwrap_or_default())),
        }
    }

    /// Each new row is its location, its history record and its upload
    /// record, all or nothing, on the condition that the location still does
    /// not exist (one created since the check fails its own row, not others).
    /// Rows travel several to a transaction.
    async fn write(&self, rows: Vec<Planned<Location>>, req: &UploadRequest) -> Result<Vec<CommitResult>, ApiError> {
        let new: Vec<NewLocation> = rows.iter().map(|p| self.new_location(p, req)).collect();
        let outcomes = Dynamo(self.deps).insert_each(&new).await?;
        let added = new.iter().zip(&outcomes).filter(|(_, outcome)| outcome.is_ok());
        let added = added.map(|(row, _)| OpsLocationId::of(&row.location)).collect();
        ops_snapshot::note_new(self.deps, added).await;
        Ok(rows
            .into_iter()
            .zip(outcomes)
            .map(|(p, outcome)| {
                let (status, message) = match outcome {
                    Ok(()) => (CommitStatus::Written, None),
                    Err(ApiError::Conflict(_)) => {
                        (CommitStatus::Failed, Some(format!("Location {} already exists", p.key)))
                    }
                    Err(e) => (CommitStatus::Failed, Some(e.to_string())),
                };
                CommitResult { row: p.row, key: Some(p.key), status, message }
            })
            .collect())
    }
}

impl BulkLocations {
    /// A row's location (marked with its upload row), its history record and its upload record.
    fn new_location(&self, p: &Planned<Location>, req: &UploadRequest) -> NewLocation {
        let marker = req.marker(p.row);
        let mut location = p.plan.clone();
        // Only the import reads the marker: the entity keeps it among the attributes it does not name.
        location.other.insert(UPLOAD_MARKER.into(), json!(marker));
        let changes = history::diff(&Map::new(), &imported(&flat(&location)), &Map::new());
        let history = Record {
            entity: history::entity("location", &p.key),
            sk: format!("{}#{marker}", self.now),
            at: self.now.clone(),
            who: self.user.clone(),
            who_sub: fleet_shared::identity::current_sub(),
            source: req.source(p.row),
            changes,
        };
        NewLocation { location, history, claim: p.claim.clone() }
    }
}

fn kind(deps: &'static Deps, ctx: &Ctx) -> Result<BulkLocations, ApiError> {
    Ok(BulkLocations { deps, user: ctx.caller()?.display().to_string(), now: ctx.now_text() })
}

/// POST /locations/bulk/dry-run
pub async fn dry_run(deps: &'static Deps, ctx: Ctx, req: UploadRequest) -> Result<upload::DryRun, ApiError> {
    upload::dry_run(&kind(deps, &ctx)?, &req).await
}

/// POST /locations/bulk/commit
pub async fn commit(deps: &'static Deps, ctx: Ctx, req: UploadRequest) -> Result<upload::Committed, ApiError> {
    upload::commit(&kind(deps, &ctx)?, &req, deps).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(v: Value) -> Map<String, Value> {
        v.as_object().cloned().unwrap()
    }

    #[test]
    fn crm_spellings_are_mapped_and_the_import_rules_apply() {
        let p = payload(&row(json!({ "POS_NAME__c": "CHI_1", "Business_Hours__c": "24 Hours", "Vertical__c": "Business & Industry",
            "Access_Type__c": "PUBLIC ACCESS", "Stocking_Date__c": "2/3/2026", "Sales_Tax_Rate__c": "10.25%", "Fridge_State__c": "il" }))).unwrap();
        assert_eq!((p["vertical"].as_str(), p["accessTo"].as_str()), (Some("B&I"), Some("Public")));
        assert_eq!(
            (p["onlineDate"].as_str(), p["taxRate"].as_str(), p["state"].as_str()),
            (Some("2026-02-03"), Some("10.25"), Some("IL"))
        );
        assert_eq!(
            payload(&row(
                json!({ "Vertical__c": "Travel & Leisure", "POS_NAME__c": "X", "Business_Hours__c": "24 Hours" })
            ))
            .unwrap()["vertical"],
            "Travel/Leisure"
        );
        let errs = payload(&row(json!({ "Business_Hours__c": "Mon-Fri", "Vertical__c": "Spaceport" }))).unwrap_err();
        assert_eq!(
            errs,
            vec![
                "POS_NAME__c cannot be empty",
                "Only 24 Hours fridges are supported",
                "Vertical__c 'Spaceport' is not a known vertical"
            ]
        );
    }
}
