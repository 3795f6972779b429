//! The office's route settings (issue 59): "Drivers may claim routes without
//! a driver", on by default. `routeSettings` reads it (ViewRoutes);
//! `setRouteClaims` changes it (AssignRoutes), naming the version it read,
//! with its history record and its request's idempotency record in one
//! transaction. The stop gate reads it before any claim
//! (`fleet_shared::assignment`).
use fleet_shared::entity::assignment::{self, RouteSettings};
use fleet_shared::entity::RequestId;
use fleet_shared::history::{Change, Record};
use fleet_shared::idempotency::{self, Claim, Records, Request, Seen};
use fleet_shared::{ApiError, Caller};
use serde::{Deserialize, Serialize};
use std::future::Future;

/// Idempotency scope of `setRouteClaims` requests (ids are the caller's own: `sub:requestId`).
pub const SCOPE: &str = "route-settings";
const SOURCE: &str = "View Routes";

/// The GraphQL `RouteSettings`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsView {
    pub claims_allowed: bool,
    pub version: u64,
    pub changed_by: Option<String>,
    pub changed_at: Option<String>,
}

impl From<&RouteSettings> for SettingsView {
    fn from(s: &RouteSettings) -> Self {
        SettingsView {
            claims_allowed: s.claims_allowed,
            version: s.version,
            changed_by: s.changed_by.clone(),
            changed_at: s.changed_at.clone(),
        }
    }
}

/// `setRouteClaims(input)`'s input.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SetClaimsInput {
    pub claims_allowed: bool,
    /// The version the screen read (0: never changed).
    #[serde(deserialize_with = "fleet_shared::entity::whole::non_negative")]
    pub expected_version: u64,
    pub request_id: RequestId,
}

/// One change of the settings, written only if the stored version is still `read`.
pub struct SettingsChange<'a> {
    pub read: u64,
    pub new: &'a RouteSettings,
    pub record: &'a Record,
    pub claim: &'a Claim,
}

pub trait SettingsStore: Sync {
    /// The settings as stored, strongly consistent (the default when never changed).
    fn settings(&self) -> impl Future<Output = Result<RouteSettings, ApiError>> + Send;
    /// The change with its history record and claim, all or nothing; a Conflict when the version moved.
    fn set_settings(&self, change: &SettingsChange<'_>) -> impl Future<Output = Result<(), ApiError>> + Send;
}

fn changed_meanwhile() -> ApiError {
    ApiError::Conflict("Someone else changed the route settings since you read them. Reload and try again.".to_string())
}

/// `setRouteClaims(input)`: the settings after the change.
pub async fn set_claims<S: SettingsStore, R: Records>(
    store: &S,
    records: &R,
    caller: &Caller,
    input: SetClaimsInput,
    now: &str,
) -> Result<SettingsView, ApiError> {
    let request_id = &input.request_id;
    let content = serde_json::json!({ "claimsAllowed": input.claims_allowed, "expected": input.expected_version });
    let key = format!("{}:{request_id}", caller.sub);
    let request = Request::new(records, SCOPE, &key, &content);
    match request.seen().await? {
        Seen::Replay(first) => return idempotency::replayed(first),
        Seen::Conflict => return Err(idempotency::conflict("This requestId")),
        Seen::New => {}
    }
    let stored = store.settings().await?;
    if stored.version != input.expected_version {
        return Err(changed_meanwhile());
    }
    if stored.claims_allowed == input.claims_allowed {
        // Nothing changes: the answer is what is stored.
        return Ok(SettingsView::from(&stored));
    }
    let who = caller.display();
    let new = RouteSettings {
        claims_allowed: input.claims_allowed,
        version: stored.version + 1,
        changed_by: Some(who.to_string()),
        changed_at: Some(now.to_string()),
    };
    let change = Change {
        attribute: "claimsAllowed".into(),
        old_value: stored.claims_allowed.to_string(),
        new_value: new.claims_allowed.to_string(),
        reason: None,
    };
    let record = Record::new(assignment::settings_entity(), now, who, SOURCE, vec![change]);
    let answer = SettingsView::from(&new);
    let claim = request.claim(
        &serde_json::to_value(&answer).map_err(ApiError::internal)?,
        fleet_shared::fridge_time::now().timestamp(),
    );
    match store.set_settings(&SettingsChange { read: stored.version, new: &new, record: &record, claim: &claim }).await
    {
        Ok(()) => Ok(answer),
        // A racing try of this request, or someone else's change, landed first.
        Err(ApiError::Conflict(_)) => match request.seen().await? {
            Seen::Replay(first) => idempotency::replayed(first),
            _ => Err(changed_meanwhile()),
        },
        Err(e) => Err(e),
    }
}

mod store;

#[cfg(test)]
mod tests {
    use super::*;
    use fleet_shared::idempotency::MemoryRecords;
    use std::sync::Mutex;

    #[derive(Default)]
    struct Memory {
        stored: Mutex<Option<RouteSettings>>,
        history: Mutex<Vec<Record>>,
        records: MemoryRecords,
    }

    impl SettingsStore for Memory {
        async fn settings(&self) -> Result<RouteSettings, ApiError> {
            Ok(self.stored.lock().unwrap().clone().unwrap_or_default())
        }
        async fn set_settings(&self, change: &SettingsChange<'_>) -> Result<(), ApiError> {
            let mut stored = self.stored.lock().unwrap();
            if stored.as_ref().map_or(0, |s| s.version) != change.read {
                return Err(ApiError::Conflict("condition".into()));
            }
            self.records.insert(change.claim)?;
            *stored = Some(change.new.clone());
            self.history.lock().unwrap().push(change.record.clone());
            Ok(())
        }
    }

    fn office() -> Caller {
        Caller { sub: "o".into(), username: "o".into(), email: "ops@x.co".into(), email_verified: true, name: None }
    }

    fn input(allowed: bool, expected: u64, id: &str) -> SetClaimsInput {
        SetClaimsInput {
            claims_allowed: allowed,
            expected_version: expected,
            request_id: RequestId::parse("requestId", id).unwrap(),
        }
    }

    #[tokio::test]
    async fn claims_are_on_by_default_and_each_change_is_in_the_history() {
        let store = Memory::default();
        assert!(store.settings().await.unwrap().claims_allowed, "on by default");
        let off = set_claims(&store, &store.records, &office(), input(false, 0, "r1"), "t1").await.unwrap();
        assert_eq!((off.claims_allowed, off.version, off.changed_by.as_deref()), (false, 1, Some("ops@x.co")));
        let again = set_claims(&store, &store.records, &office(), input(false, 0, "r1"), "t2").await.unwrap();
        assert_eq!(again, off, "a retry answers the first result");
        let reused = set_claims(&store, &store.records, &office(), input(true, 0, "r1"), "t2").await.unwrap_err();
        assert_eq!(reused.status(), 409, "the same id with other content");
        let stale = set_claims(&store, &store.records, &office(), input(true, 0, "r2"), "t2").await.unwrap_err();
        assert_eq!(stale.status(), 409, "a change that read version 0 after version 1 landed");
        let on = set_claims(&store, &store.records, &office(), input(true, 1, "r3"), "t3").await.unwrap();
        assert_eq!((on.claims_allowed, on.version), (true, 2));
        let history = store.history.lock().unwrap().clone();
        let values: Vec<(&str, &str)> =
            history.iter().map(|r| (r.changes[0].old_value.as_str(), r.changes[0].new_value.as_str())).collect();
        assert_eq!(values, [("true", "false"), ("false", "true")]);
        assert!(history.iter().all(|r| r.entity == assignment::settings_entity() && r.who == "ops@x.co"));
    }
}
