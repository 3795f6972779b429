//! The driver log (3-planning §2 Stocking logs, §3 driver log entry; issue
//! 25): every driver-facing call writes a `request` entry, then a `response`
//! or an `error` entry with the same requestId. One mechanism for every such
//! function (`logged`), so each new driver call logs the same way.
//!
//! Keys: table DriverLog, pk `{day}#{shard}` (the Central day of the entry's
//! time, sharded by fridge so no partition's writes grow with the fleet), sk
//! `{action_time}#{requestId}#{type}`: a range is one sort-key range per day
//! and shard, the shards merged in order (`query::Query::across`).
//! The log is best effort: a failed log write is itself logged and never
//! fails the driver's call. Kept `report::KEEP_DAYS` days (TTL `expiresAt`).
use crate::deps::TableRef;
use crate::entity::report::KEEP_DAYS;
use crate::fridge_time::{self, stamp};
use crate::identity::Caller;
use crate::{shard, store, ApiError};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::future::Future;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct LogEntry {
    /// `{day}#{shard of the fridge}`.
    pub pk: String,
    pub day: String,
    pub sk: String,
    #[serde(rename = "requestId")]
    pub request_id: String,
    /// `request`, `response` or `error`.
    #[serde(rename = "type")]
    pub kind: String,
    /// When it happened (`stamp` text, UTC).
    pub action_time: String,
    /// The caller's Cognito sub (the screen resolves it to an e-mail).
    pub uuid: String,
    pub fridge: String,
    pub operation: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(rename = "expiresAt")]
    pub expires_at: i64,
}

/// An entry as the Driver Log report reads it: the stored names without the
/// keys, `message` null when none.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct LogView {
    #[serde(rename = "requestId")]
    pub request_id: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub action_time: String,
    pub uuid: String,
    pub fridge: String,
    pub operation: String,
    pub message: Option<String>,
}

impl From<LogEntry> for LogView {
    fn from(e: LogEntry) -> Self {
        LogView {
            request_id: e.request_id,
            kind: e.kind,
            action_time: e.action_time,
            uuid: e.uuid,
            fridge: e.fridge,
            operation: e.operation,
            message: e.message,
        }
    }
}

/// What a logged call names.
pub struct Call<'a> {
    pub caller: &'a Caller,
    pub fridge: &'a str,
    pub operation: &'a str,
    pub request_id: &'a str,
}

impl Call<'_> {
    pub fn entry(&self, kind: &str, at: DateTime<Utc>, message: Option<String>) -> LogEntry {
        let action_time = stamp(at);
        let day = at.with_timezone(&fridge_time::CENTRAL.tz).date_naive().to_string();
        LogEntry {
            pk: shard::key(&day, self.fridge),
            day,
            sk: format!("{action_time}#{}#{kind}", self.request_id),
            request_id: self.request_id.to_string(),
            kind: kind.to_string(),
            action_time,
            uuid: self.caller.sub.clone(),
            fridge: self.fridge.to_string(),
            operation: self.operation.to_string(),
            message,
            expires_at: at.timestamp() + KEEP_DAYS * 86_400,
        }
    }
}

/// One entry, put only where none is (issue 59: no role may BatchWriteItem the
/// log, which would allow deletes); an entry already there is this very one
/// (its key is its request, time and kind), so that is no failure.
async fn write(table: &Result<TableRef<'_>, ApiError>, entry: &LogEntry) {
    let written = match (table, store::to_item(entry)) {
        (Ok(t), Ok(item)) => {
            let put = t.client.put_item().table_name(t.name).set_item(Some(item));
            match put.condition_expression("attribute_not_exists(sk)").send().await.map_err(ApiError::from) {
                Ok(_) | Err(ApiError::Conflict(_)) => Ok(()),
                Err(e) => Err(e),
            }
        }
        (Err(e), _) => Err(e.clone()),
        (_, Err(e)) => Err(e),
    };
    if let Err(e) = written {
        tracing::warn!(error = %e, request_id = %entry.request_id, kind = %entry.kind, "driver log entry not written");
    }
}

/// Runs `call`, logging its request (while it runs) and its response or error.
pub async fn logged<T>(
    deps: &crate::Deps,
    call: Call<'_>,
    run: impl Future<Output = Result<T, ApiError>>,
) -> Result<T, ApiError> {
    let table = deps.table(crate::Table::DriverLog);
    let request = call.entry("request", fridge_time::now(), None);
    let ((), out) = tokio::join!(write(&table, &request), run);
    let end = fridge_time::now().max(request_time(&request));
    let entry = match &out {
        Ok(_) => call.entry("response", end, None),
        Err(e) => call.entry("error", end, Some(e.to_string())),
    };
    write(&table, &entry).await;
    out
}

/// The request entry's own time (a response is never logged before it).
fn request_time(request: &LogEntry) -> DateTime<Utc> {
    crate::dates::instant(&request.action_time).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_keys_by_its_central_day_and_sorts_by_time_then_request() {
        let caller = Caller {
            sub: "s-1".into(),
            username: "u".into(),
            email: "d@x.co".into(),
            email_verified: true,
            name: None,
        };
        let call = Call { caller: &caller, fridge: "CHI_1", operation: "LocationStocked", request_id: "r-1" };
        let at = crate::dates::instant("2026-11-25T03:00:00Z").unwrap();
        let e = call.entry("error", at, Some("refused".into()));
        assert_eq!((e.day.as_str(), e.sk.as_str()), ("2026-11-24", "2026-11-25T03:00:00.000Z#r-1#error"));
        assert_eq!(e.pk, shard::key("2026-11-24", "CHI_1"));
        let json = serde_json::to_value(&e).unwrap();
        assert_eq!(
            (json["requestId"].as_str(), json["type"].as_str(), json["action_time"].as_str()),
            (Some("r-1"), Some("error"), Some("2026-11-25T03:00:00.000Z"))
        );
    }
}
