//! Who drives which route (issue 38, beyond the spec): the office sets a
//! route's driver on a stocking date on the View Routes screen
//! (`assignRouteDriver`, one route) or by a CSV of `date, route, driverEmail`
//! through the upload pipeline, with a dry run. A driver's first stop-bound
//! action on an unassigned route claims it (`fleet_shared::assignment`).
//! Every change names the version it read, and lands with its history
//! record (who, when, old -> new) and, from a request or upload, its
//! idempotency record, in one transaction.
use crate::cells;
use fleet_shared::entity::assignment::{self, DriverAssignment, SOURCE_SCREEN, SOURCE_UPLOAD};
use fleet_shared::history::{Change, Record};
use fleet_shared::idempotency::{self, Claim, Records, Request, Seen};
use fleet_shared::upload::{self, CommitResult, Planned, RawRow, UploadKind, UploadRequest};
use fleet_shared::{limits, ApiError, Caller};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashMap;
use std::future::Future;

pub const COLUMNS: &[&str] = &["date", "route", "driverEmail"];
/// Idempotency scope of `assignRouteDriver` requests (ids are the caller's own: `sub:requestId`).
pub const SCOPE: &str = "route-driver";
/// Routes written at once by one upload batch.
const IN_FLIGHT: usize = 8;

/// A Cognito user, as an assignment names them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Driver {
    pub sub: String,
    pub email: String,
    /// Whether they hold the driver's actions (`DRIVER_ACTIONS`): only such a user drives a route.
    #[serde(default)]
    pub drives: bool,
}

/// The actions a route's driver holds (issue 59): without them the driver app could do nothing there.
pub const DRIVER_ACTIONS: [&str; 2] = ["FridgeTasks", "VanTasks"];

/// The refusal of a user who cannot drive (the screen's and the CSV's).
pub fn cannot_drive(email: &str) -> String {
    format!("{email} cannot drive a route: they do not hold the driver's actions (FridgeTasks, VanTasks).")
}

/// One change of a route's driver: the new one (`None` unassigns), written
/// only if the stored version is still `read`.
pub struct DriverChange<'a> {
    pub date: &'a str,
    pub route: &'a str,
    pub read: Option<u64>,
    pub new: Option<&'a DriverAssignment>,
    pub record: &'a Record,
    pub claim: Option<&'a Claim>,
}

pub trait DriverStore: Sync {
    /// The user with this e-mail, if any (Cognito ListUsers).
    fn user_by_email(&self, email: &str) -> impl Future<Output = Result<Option<Driver>, ApiError>> + Send;
    /// Every route driver of a date, in route order.
    fn drivers_of_date(&self, date: &str) -> impl Future<Output = Result<Vec<DriverAssignment>, ApiError>> + Send;
    /// One route's driver, strongly consistent.
    fn driver(
        &self,
        date: &str,
        route: &str,
    ) -> impl Future<Output = Result<Option<DriverAssignment>, ApiError>> + Send;
    /// The change with its history record and claim, all or nothing; a Conflict when the version moved.
    fn set_driver(&self, change: &DriverChange<'_>) -> impl Future<Output = Result<(), ApiError>> + Send;
}

/// A stocking date as the routes store it (YYYY-MM-DD).
fn date_of(field: &str, raw: &str) -> Result<String, String> {
    cells::parse_date(field, raw.trim()).map(|d| d.to_string())
}

/// A route name: what the route upload accepts (no '#', which keys use).
fn route_of(raw: &str) -> Result<String, String> {
    fleet_shared::entity::route_stop::route_name(raw)
}

/// An e-mail as Cognito keys it: trimmed and lowercased.
pub fn email_of(raw: &str) -> Result<String, String> {
    let email = raw.trim().to_lowercase();
    if email.chars().count() > limits::MAX_NAME_CHARS || !email.contains('@')
        // Quotes and backslashes would break the directory's filter; no address needs them.
        || email.contains(|c: char| c.is_whitespace() || c == '"' || c == '\\')
    {
        return Err(format!("driverEmail {} is not an e-mail address", raw.chars().take(80).collect::<String>()));
    }
    Ok(email)
}

fn no_user(email: &str) -> String {
    format!("No user has the e-mail {email}")
}

fn changed_meanwhile(date: &str, route: &str) -> ApiError {
    ApiError::Conflict(format!(
        "The driver of route {route} on {date} was changed by someone else meanwhile; reload the routes and try again"
    ))
}

/// The next assignment of a route (its version one more than the stored one).
fn next(
    date: &str,
    route: &str,
    driver: &Driver,
    stored: Option<&DriverAssignment>,
    who: &str,
    source: &str,
    now: &str,
) -> DriverAssignment {
    DriverAssignment {
        stocking_date: date.to_string(),
        route: route.to_string(),
        driver_sub: driver.sub.clone(),
        driver_email: driver.email.clone(),
        assigned_by: who.to_string(),
        assigned_at: now.to_string(),
        source: source.to_string(),
        version: stored.map_or(1, |s| s.version + 1),
        first_action: None,
    }
}

/// The GraphQL `RouteAssignment`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignmentView {
    pub stocking_date: String,
    pub route: String,
    pub driver_email: String,
    pub driver_sub: String,
    pub assigned_by: String,
    pub assigned_at: String,
    pub source: String,
    pub version: u64,
    /// A claim's first action, in words.
    pub first_action: Option<String>,
}

impl From<&DriverAssignment> for AssignmentView {
    fn from(a: &DriverAssignment) -> Self {
        AssignmentView {
            stocking_date: a.stocking_date.clone(),
            route: a.route.clone(),
            driver_email: a.driver_email.clone(),
            driver_sub: a.driver_sub.clone(),
            assigned_by: a.assigned_by.clone(),
            assigned_at: a.assigned_at.clone(),
            source: a.source.clone(),
            version: a.version,
            first_action: a.first_action.clone(),
        }
    }
}

/// `routeAssignments(stockingDate)`.
pub async fn list<S: DriverStore>(store: &S, raw_date: &str) -> Result<Vec<AssignmentView>, ApiError> {
    let date = date_of("stockingDate", raw_date).map_err(ApiError::BadRequest)?;
    Ok(store.drivers_of_date(&date).await?.iter().map(AssignmentView::from).collect())
}

#[derive(Debug, Clone, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AssignInput {
    pub stocking_date: String,
    pub route: String,
    /// Null or empty: the route has no driver.
    #[serde(default)]
    pub driver_email: Option<String>,
    /// The version the screen read (0: none assigned).
    pub expected_version: u64,
    pub request_id: String,
}

/// `assignRouteDriver(input)`: the route's new assignment, or null when unassigned.
pub async fn assign<S: DriverStore, R: Records>(
    store: &S,
    records: &R,
    caller: &Caller,
    input: AssignInput,
    now: &str,
) -> Result<Option<AssignmentView>, ApiError> {
    let date = date_of("stockingDate", &input.stocking_date).map_err(ApiError::BadRequest)?;
    let route = route_of(&input.route).map_err(ApiError::BadRequest)?;
    let email = match input.driver_email.as_deref().map(str::trim).filter(|e| !e.is_empty()) {
        Some(raw) => Some(email_of(raw).map_err(ApiError::BadRequest)?),
        None => None,
    };
    let request_id = input.request_id.trim();
    if request_id.is_empty() {
        return Err(ApiError::bad_request("requestId cannot be empty"));
    }
    limits::check_len("requestId", request_id, limits::MAX_ID_CHARS)?;
    let content =
        serde_json::json!({ "date": date, "route": route, "email": email, "expected": input.expected_version });
    let key = format!("{}:{request_id}", caller.sub);
    let request = Request::new(records, SCOPE, &key, &content);
    match request.seen().await? {
        Seen::Replay(first) => return serde_json::from_value(first).map_err(ApiError::internal),
        Seen::Conflict => return Err(idempotency::conflict("This requestId")),
        Seen::New => {}
    }
    let driver = match &email {
        Some(e) => {
            let user = store.user_by_email(e).await?.ok_or_else(|| ApiError::bad_request(no_user(e)))?;
            if !user.drives {
                return Err(ApiError::bad_request(cannot_drive(&user.email)));
            }
            Some(user)
        }
        None => None,
    };
    let stored = store.driver(&date, &route).await?;
    if stored.as_ref().map_or(0, |s| s.version) != input.expected_version {
        return Err(changed_meanwhile(&date, &route));
    }
    let who = caller.display();
    let new = driver.as_ref().map(|d| next(&date, &route, d, stored.as_ref(), who, SOURCE_SCREEN, now));
    if new.as_ref().map(|n| &n.driver_sub) == stored.as_ref().map(|s| &s.driver_sub) {
        // The same driver again: nothing changes, and the answer is what is stored.
        return Ok(stored.as_ref().map(AssignmentView::from));
    }
    let record = fleet_shared::assignment::changed(stored.as_ref(), new.as_ref(), who, SOURCE_SCREEN);
    let answer = new.as_ref().map(AssignmentView::from);
    let answer_json = serde_json::to_value(&answer).map_err(ApiError::internal)?;
    let claim = request.claim(&answer_json, fleet_shared::fridge_time::now().timestamp());
    let change = DriverChange {
        date: &date,
        route: &route,
        read: stored.as_ref().map(|s| s.version),
        new: new.as_ref(),
        record: &record,
        claim: Some(&claim),
    };
    match store.set_driver(&change).await {
        Ok(()) => Ok(answer),
        // A racing try of this request, or someone else's change, landed first.
        Err(ApiError::Conflict(_)) => match request.seen().await? {
            Seen::Replay(first) => serde_json::from_value(first).map_err(ApiError::internal),
            _ => Err(changed_meanwhile(&date, &route)),
        },
        Err(e) => Err(e),
    }
}

/// The assignments upload: the rows' e-mails are resolved to users before
/// the rules run (`known`, one look-up per distinct e-mail).
pub struct DriverUpload<'a, S> {
    pub store: &'a S,
    pub user: String,
    pub now: String,
    pub known: HashMap<String, Driver>,
}

#[derive(Debug, Clone)]
pub struct UploadRow {
    pub date: String,
    pub route: String,
    pub driver: Driver,
}

/// The distinct e-mails of an upload's rows, as keyed (bad ones are the rules' to report).
pub fn emails_of(req: &UploadRequest) -> Vec<String> {
    let mut emails: Vec<String> =
        req.rows.iter().filter_map(|r| cells::cell(r, "driverEmail")).filter_map(|e| email_of(&e).ok()).collect();
    emails.sort();
    emails.dedup();
    emails
}

/// Each of these e-mails' users, a few look-ups at once.
pub async fn resolve<S: DriverStore>(store: &S, emails: Vec<String>) -> Result<HashMap<String, Driver>, ApiError> {
    use futures::{stream, StreamExt, TryStreamExt};
    let found: Vec<Option<Driver>> = stream::iter(emails)
        .map(|e| async move { store.user_by_email(&e).await })
        .buffered(IN_FLIGHT)
        .try_collect()
        .await?;
    Ok(found.into_iter().flatten().map(|d| (d.email.clone(), d)).collect())
}

fn stored_of(value: Option<&Value>) -> Result<Option<DriverAssignment>, String> {
    value.map(|v| DriverAssignment::deserialize(v).map_err(|e| e.to_string())).transpose()
}

impl<S: DriverStore> UploadKind for DriverUpload<'_, S> {
    const SCOPE: &'static str = "route-drivers";
    type Plan = UploadRow;
    type Context = ();

    async fn context(&self, _rows: &[RawRow]) -> Result<(), ApiError> {
        Ok(())
    }

    fn check(&self, row: &RawRow, _: &()) -> Result<(String, UploadRow), Vec<String>> {
        let mut errors = Vec::new();
        let mut field = |column: &str, parse: &dyn Fn(&str) -> Result<String, String>| match cells::cell(row, column) {
            None => {
                errors.push(format!("{column} is required"));
                None
            }
            Some(raw) => parse(&raw).map_err(|e| errors.push(e)).ok(),
        };
        let date = field("date", &|raw| date_of("date", raw));
        let route = field("route", &route_of);
        let email = field("driverEmail", &email_of);
        let driver = email.and_then(|e| {
            let found = self.known.get(&e).cloned();
            match &found {
                None => errors.push(no_user(&e)),
                Some(d) if !d.drives => errors.push(cannot_drive(&d.email)),
                Some(_) => {}
            }
            found.filter(|d| d.drives)
        });
        match (date, route, driver) {
            (Some(date), Some(route), Some(driver)) if errors.is_empty() => {
                Ok((format!("{date}#{route}"), UploadRow { date, route, driver }))
            }
            _ => Err(errors),
        }
    }

    async fn load(&self, keys: Vec<String>) -> Result<HashMap<String, Value>, ApiError> {
        use futures::{stream, StreamExt, TryStreamExt};
        let reads =
            keys.into_iter().filter_map(|k| k.split_once('#').map(|(d, r)| (k.clone(), d.to_string(), r.to_string())));
        let found: Vec<(String, Option<DriverAssignment>)> = stream::iter(reads)
            .map(|(key, date, route)| async move { Ok::<_, ApiError>((key, self.store.driver(&date, &route).await?)) })
            .buffered(IN_FLIGHT)
            .try_collect()
            .await?;
        found
            .into_iter()
            .filter_map(|(k, a)| a.map(|a| serde_json::to_value(&a).map(|v| (k, v)).map_err(ApiError::internal)))
            .collect()
    }

    fn compare(&self, plan: &UploadRow, stored: Option<&Value>) -> Result<Vec<Change>, String> {
        let stored = stored_of(stored)?;
        if stored.as_ref().is_some_and(|s| s.driver_sub == plan.driver.sub) {
            return Ok(Vec::new());
        }
        let old = serde_json::json!(stored.map(|s| s.driver_email)).to_string();
        let new = serde_json::json!(plan.driver.email).to_string();
        Ok(vec![Change { attribute: "driver".into(), old_value: old, new_value: new, reason: None }])
    }

    async fn write(&self, rows: Vec<Planned<UploadRow>>, req: &UploadRequest) -> Result<Vec<CommitResult>, ApiError> {
        Ok(upload::write_each(rows, IN_FLIGHT, |p| async move {
            let outcome = self.write_one(&p, req).await;
            (p, outcome)
        })
        .await)
    }
}

impl<S: DriverStore> DriverUpload<'_, S> {
    async fn write_one(&self, p: &Planned<UploadRow>, req: &UploadRequest) -> Result<(), ApiError> {
        let stored = stored_of(p.stored.as_ref()).map_err(ApiError::internal)?;
        let r = &p.plan;
        let new = next(&r.date, &r.route, &r.driver, stored.as_ref(), &self.user, SOURCE_UPLOAD, &self.now);
        let mut record = fleet_shared::assignment::changed(stored.as_ref(), Some(&new), &self.user, SOURCE_UPLOAD);
        record.source = req.source(p.row);
        let change = DriverChange {
            date: &r.date,
            route: &r.route,
            read: stored.as_ref().map(|s| s.version),
            new: Some(&new),
            record: &record,
            claim: p.claim.as_ref(),
        };
        fleet_shared::store::on_conflict(self.store.set_driver(&change).await, || changed_meanwhile(&r.date, &r.route))
    }
}

/// The history entity of a route's driver, for `routeDriverHistory`.
pub fn history_entity(raw_date: &str, raw_route: &str) -> Result<String, ApiError> {
    let date = date_of("stockingDate", raw_date).map_err(ApiError::BadRequest)?;
    let route = route_of(raw_route).map_err(ApiError::BadRequest)?;
    Ok(assignment::history_entity(&date, &route))
}

mod store;
#[cfg(test)]
mod tests;
