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
use fleet_shared::entity::{RequestId, RouteDate, RouteName};
use fleet_shared::history::{Change, Record};
use fleet_shared::idempotency::{self, Claim, Records, Request, Seen};
use fleet_shared::upload::{self, CommitResult, Planned, RawRow, UploadKind, UploadRequest};
use fleet_shared::{limits, ApiError, Caller};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{HashMap, HashSet};
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
    /// Their name, when the directory has one: the dashboard shows people by name.
    #[serde(default)]
    pub name: Option<String>,
    /// Whether they hold the driver's actions (`DRIVER_ACTIONS`): only such a user drives a route.
    #[serde(default)]
    pub drives: bool,
}

/// The actions a route's driver holds (issue 59): without them the driver app could do nothing there.
pub const DRIVER_ACTIONS: [&str; 2] = ["FridgeTasks", "VanTasks"];

/// The Permissions table's index by action (`action` HASH, `user` RANGE, keys only): who holds an
/// action, read without a scan of the table (issue 59, `routeDriverChoices`).
pub const BY_ACTION: &str = "byAction";

/// The most distinct driver e-mails one assignments file may name: the whole directory is read
/// once for the file, then the found users' driver actions in one batched read, which stays
/// small only while the file names few users.
pub const MAX_FILE_EMAILS: usize = 200;

/// A user of the directory (Cognito), as the routes area reads one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PoolUser {
    pub sub: String,
    pub email: String,
    pub name: Option<String>,
}

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
    /// Every user of the directory: one paged Cognito ListUsers, every page read.
    fn directory(&self) -> impl Future<Output = Result<Vec<PoolUser>, ApiError>> + Send;
    /// Which of these users hold every driver action (`DRIVER_ACTIONS`), in batched reads.
    fn drivers_among(&self, subs: &[String]) -> impl Future<Output = Result<HashSet<String>, ApiError>> + Send;
    /// Every user who holds `action` (the `BY_ACTION` index).
    fn holders(&self, action: &str) -> impl Future<Output = Result<HashSet<String>, ApiError>> + Send;
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
        driver_name: driver.name.clone(),
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
pub async fn list<S: DriverStore>(store: &S, date: RouteDate) -> Result<Vec<AssignmentView>, ApiError> {
    let date = date.to_string();
    Ok(store.drivers_of_date(&date).await?.iter().map(AssignmentView::from).collect())
}

#[derive(Debug, Clone, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AssignInput {
    pub stocking_date: RouteDate,
    pub route: RouteName,
    /// Null or empty: the route has no driver.
    #[serde(default)]
    pub driver_email: Option<String>,
    /// The version the screen read (0: none assigned).
    #[serde(deserialize_with = "fleet_shared::entity::whole::non_negative")]
    pub expected_version: u64,
    pub request_id: RequestId,
}

/// `assignRouteDriver(input)`: the route's new assignment, or null when unassigned.
pub async fn assign<S: DriverStore, R: Records>(
    store: &S,
    records: &R,
    caller: &Caller,
    input: AssignInput,
    now: &str,
) -> Result<Option<AssignmentView>, ApiError> {
    let (date, route) = (input.stocking_date.to_string(), input.route.to_string());
    let email = match input.driver_email.as_deref().map(str::trim).filter(|e| !e.is_empty()) {
        Some(raw) => Some(email_of(raw).map_err(ApiError::BadRequest)?),
        None => None,
    };
    let request_id = &input.request_id;
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
/// the rules run (`known`, by `resolve`).
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

/// The refusal of a file naming more than `MAX_FILE_EMAILS` users.
pub fn too_many_emails(count: usize) -> String {
    format!("A file can name at most {MAX_FILE_EMAILS} distinct driver e-mails; this one names {count}.")
}

/// Each of a file's e-mails' users (keyed as `email_of` keys them): one read of the whole
/// directory, matched by e-mail whatever its case there, then one batched read of the found
/// users' driver actions. A file of more than `MAX_FILE_EMAILS` e-mails is refused (400).
pub async fn resolve<S: DriverStore>(store: &S, emails: Vec<String>) -> Result<HashMap<String, Driver>, ApiError> {
    if emails.len() > MAX_FILE_EMAILS {
        return Err(ApiError::BadRequest(too_many_emails(emails.len())));
    }
    if emails.is_empty() {
        return Ok(HashMap::new());
    }
    let wanted: HashSet<&str> = emails.iter().map(String::as_str).collect();
    let mut found: HashMap<String, PoolUser> = HashMap::new();
    for user in store.directory().await? {
        let key = user.email.trim().to_lowercase();
        if wanted.contains(key.as_str()) {
            // The first of two users with one e-mail, as the single look-up takes it.
            found.entry(key).or_insert(user);
        }
    }
    if found.is_empty() {
        return Ok(HashMap::new());
    }
    let subs: Vec<String> = found.values().map(|u| u.sub.clone()).collect();
    let drives = store.drivers_among(&subs).await?;
    Ok(found
        .into_iter()
        .map(|(key, u)| {
            let drives = drives.contains(&u.sub);
            (key, Driver { sub: u.sub, email: u.email, name: u.name, drives })
        })
        .collect())
}

/// One user the office may make a route's driver (`routeDriverChoices`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct DriverChoice {
    pub sub: String,
    /// What the e-mail field takes.
    pub email: String,
    /// Their name in the directory, if it has one (the screen shows the e-mail then).
    pub name: Option<String>,
}

/// `routeDriverChoices`: every user of the directory who holds every driver action, by name
/// (then e-mail). The holders come from the `BY_ACTION` index, one Query an action,
/// intersected; their e-mails and names from one paged read of the directory.
pub async fn choices<S: DriverStore>(store: &S) -> Result<Vec<DriverChoice>, ApiError> {
    let holding = futures::future::try_join_all(DRIVER_ACTIONS.map(|a| store.holders(a)));
    let (holding, directory) = futures::try_join!(holding, store.directory())?;
    let mut holding = holding.into_iter();
    let first = holding.next().unwrap_or_default();
    let drivers: HashSet<String> = holding.fold(first, |all, next| all.intersection(&next).cloned().collect());
    let mut seen = HashSet::new();
    let mut out: Vec<DriverChoice> = directory
        .into_iter()
        .filter(|u| drivers.contains(&u.sub) && !u.email.trim().is_empty() && seen.insert(u.sub.clone()))
        .map(|u| DriverChoice {
            sub: u.sub,
            email: u.email,
            name: u.name.map(|n| n.trim().to_string()).filter(|n| !n.is_empty()),
        })
        .collect();
    let shown = |c: &DriverChoice| c.name.as_deref().unwrap_or(&c.email).to_lowercase();
    out.sort_by(|a, b| shown(a).cmp(&shown(b)).then_with(|| a.email.cmp(&b.email)));
    Ok(out)
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
pub fn history_entity(date: RouteDate, route: &RouteName) -> String {
    assignment::history_entity(&date.to_string(), route)
}

mod store;
#[cfg(test)]
mod tests;
