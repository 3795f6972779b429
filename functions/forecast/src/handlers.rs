//! Forecast functions. The browser checks the file in a dry run, PUTs it to
//! a presigned URL; S3 tells the ingest function through a queue; the ingest
//! checks the file again and commits it on the upload pipeline, and the
//! browser follows the upload's state until it is applied or failed with its
//! line errors.
use crate::file;
use crate::kind::ForecastUpload;
use aws_sdk_dynamodb::types::{TransactWriteItem, Update};
use aws_sdk_s3::presigning::PresigningConfig;
use fleet_shared::history::{self, Change, Record};
use fleet_shared::upload::{self, UploadRequest, MAX_BATCH_ROWS, MAX_FILE_ROWS};
use fleet_shared::{limits, store, ApiError, Bucket, Deps, Input, Table};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::Duration;

pub const PREFIX: &str = "forecast-uploads/";
/// How long a presigned upload URL works.
pub const URL_SECONDS: u64 = 300;
/// Upload records are kept 30 days (DynamoDB TTL).
const KEEP_SECONDS: i64 = 30 * 24 * 3600;
/// Errors kept on a failed upload's record (the item stays far below 400 KB).
const KEPT_ERRORS: usize = 200;

#[derive(Debug, Clone, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct UploadState {
    pub upload_id: String,
    /// waiting (URL issued), received, applied or failed.
    pub state: String,
    #[serde(default)]
    pub errors: Vec<String>,
    /// Rows written, and rows the store already held.
    #[serde(default)]
    pub written: usize,
    #[serde(default)]
    pub unchanged: usize,
    #[serde(default)]
    pub user: String,
    #[serde(default)]
    pub file_name: String,
    /// Unix seconds after which the presigned URL no longer works.
    #[serde(default)]
    pub url_expires_at: i64,
    /// The S3 object version this state describes (a redelivery finds it).
    #[serde(default)]
    pub e_tag: String,
    pub updated_at: String,
    pub expires_at: i64,
}

pub(crate) fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

fn upload_id_ok(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

pub async fn save(deps: &Deps, s: &UploadState) -> Result<(), ApiError> {
    deps.table(Table::ForecastUploads)?.batch_put(vec![store::to_item(s)?]).await
}

pub async fn load(deps: &Deps, id: &str) -> Result<Option<UploadState>, ApiError> {
    deps.table(Table::ForecastUploads)?.get(HashMap::from([("uploadId".to_string(), store::s(id))])).await
}

/// `GET /forecast/upload/url?fileName=`: a presigned PUT for a new upload (text/csv, 5 minutes).
pub async fn upload_url(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let file_name = input.query.get("fileName").cloned().unwrap_or_else(|| "forecast.csv".into());
    limits::check_len("fileName", &file_name, 200)?;
    if !file_name.to_ascii_lowercase().ends_with(".csv") {
        return Err(ApiError::bad_request("Please upload a .csv file"));
    }
    let upload_id = uuid::Uuid::new_v4().to_string();
    let key = format!("{PREFIX}{upload_id}.csv");
    let issued = chrono::Utc::now().timestamp();
    let state = UploadState {
        upload_id: upload_id.clone(),
        state: "waiting".into(),
        user: input.caller()?.display().to_string(),
        file_name,
        url_expires_at: issued + URL_SECONDS as i64,
        updated_at: now(),
        expires_at: issued + KEEP_SECONDS,
        ..Default::default()
    };
    save(deps, &state).await?;
    let bucket = deps.bucket(Bucket::Uploads)?;
    let presigned = bucket
        .client
        .put_object()
        .bucket(bucket.name)
        .key(&key)
        .content_type("text/csv")
        .presigned(PresigningConfig::expires_in(Duration::from_secs(URL_SECONDS)).map_err(ApiError::internal)?)
        .await
        .map_err(ApiError::internal)?;
    Ok(json!({ "url": presigned.uri(), "uploadId": upload_id, "key": key, "expiresInSeconds": URL_SECONDS }))
}

/// `GET /forecast/upload/{uploadId}`: where the upload is.
pub async fn upload_status(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let id = input.path.get("uploadId").cloned().unwrap_or_default();
    if !upload_id_ok(&id) {
        return Err(ApiError::bad_request("uploadId must be letters, digits and dashes"));
    }
    let s = load(deps, &id).await?.ok_or_else(|| ApiError::NotFound(format!("Upload {id} not found")))?;
    Ok(
        json!({ "uploadId": s.upload_id, "state": s.state, "errors": s.errors, "written": s.written, "unchanged": s.unchanged,
               "fileName": s.file_name, "updatedAt": s.updated_at }),
    )
}

/// `POST /forecast/dry-run`: the file's rows against the rules and the stored forecast, writing nothing.
pub async fn dry_run(deps: &'static Deps, input: Input) -> Result<upload::DryRun, ApiError> {
    let req: UploadRequest = input.parse()?;
    let kind = ForecastUpload { deps, user: input.caller()?.display().to_string(), now: now() };
    upload::dry_run(&kind, &req).await
}

/// S3 object keys arrive URL-encoded in notifications.
fn decode_key(key: &str) -> String {
    let bytes = key.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                match u8::from_str_radix(std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("zz"), 16) {
                    Ok(b) => {
                        out.push(b);
                        i += 2;
                    }
                    Err(_) => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The largest forecast file the ingest reads. A 10,000-row file is about
/// 0.5 MB; a larger object is refused from its size alone, never read.
pub const MAX_FILE_BYTES: i64 = 5 * 1024 * 1024;

/// What one queue record asks of the ingest.
#[derive(Debug, PartialEq)]
enum Notice {
    /// The (decoded) keys of the objects an S3 notification names.
    Objects(Vec<String>),
    /// S3's test event, sent when the notification is set up: nothing to do.
    Test,
}

/// Reads a queue record's body, or says why it cannot be read.
fn read_notice(body: &str) -> Result<Notice, String> {
    let v: Value = serde_json::from_str(body).map_err(|_| "the message is not JSON".to_string())?;
    if v.get("Event").and_then(Value::as_str) == Some("s3:TestEvent") {
        return Ok(Notice::Test);
    }
    let records = v
        .get("Records")
        .and_then(Value::as_array)
        .filter(|r| !r.is_empty())
        .ok_or("the message holds no S3 records")?;
    records
        .iter()
        .map(|r| {
            r.pointer("/s3/object/key")
                .and_then(Value::as_str)
                .filter(|k| !k.is_empty())
                .map(decode_key)
                .ok_or_else(|| "an S3 record names no object key".to_string())
        })
        .collect::<Result<Vec<_>, _>>()
        .map(Notice::Objects)
}

/// Why an object cannot be ingested: `Unreadable` has no upload to tell
/// (the record is reported for redelivery, so after three tries it is in the
/// dead-letter queue); `Failed` is a passing failure, retried the same way.
enum Refusal {
    Unreadable(String),
    Failed(ApiError),
}

impl From<ApiError> for Refusal {
    fn from(e: ApiError) -> Self {
        Refusal::Failed(e)
    }
}

/// The SQS-fed ingest: each record is an S3 notification (or S3's test
/// event). A record that fails for a passing reason, or that cannot be read
/// (no notification, no forecast upload), is reported for redelivery and
/// after three tries lands in the dead-letter queue, its reason in the log;
/// nothing is acknowledged unread. A bad or too large file is not a failure
/// of the ingest: its upload is marked failed with the reason.
pub async fn ingest(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let mut failures = Vec::new();
    for record in input.args["Records"].as_array().cloned().unwrap_or_default() {
        let id = record["messageId"].as_str().unwrap_or_default().to_string();
        let keys = match read_notice(record["body"].as_str().unwrap_or("")) {
            Ok(Notice::Test) => continue,
            Ok(Notice::Objects(keys)) => keys,
            Err(reason) => {
                tracing::error!(message_id = %id, %reason, "forecast notification unreadable; left for the dead-letter queue");
                failures.push(json!({ "itemIdentifier": id }));
                continue;
            }
        };
        for key in keys {
            match ingest_object(deps, &key).await {
                Ok(()) => {}
                Err(Refusal::Unreadable(reason)) => {
                    tracing::error!(message_id = %id, key, %reason, "forecast notification unreadable; left for the dead-letter queue");
                    failures.push(json!({ "itemIdentifier": id }));
                    break;
                }
                Err(Refusal::Failed(e)) => {
                    tracing::error!(key, error = %e, "forecast file not ingested; left for redelivery");
                    failures.push(json!({ "itemIdentifier": id }));
                    break;
                }
            }
        }
    }
    Ok(json!({ "batchItemFailures": failures }))
}

/// The upload an object key names (`forecast-uploads/{uploadId}.csv`).
fn upload_of(key: &str) -> Option<&str> {
    key.strip_prefix(PREFIX).and_then(|k| k.strip_suffix(".csv")).filter(|id| upload_id_ok(id))
}

/// The reason an object of `size` bytes is refused, if it is.
fn too_large(size: Option<i64>) -> Option<String> {
    match size {
        Some(n) if (0..=MAX_FILE_BYTES).contains(&n) => None,
        Some(n) => Some(format!(
            "The file is {n} bytes; at most {MAX_FILE_BYTES} bytes (5 MB) are read. Split it and upload each part."
        )),
        None => Some("The file's size is unknown, so it was not read. Upload it again.".into()),
    }
}

async fn ingest_object(deps: &'static Deps, key: &str) -> Result<(), Refusal> {
    let Some(upload_id) = upload_of(key) else {
        return Err(Refusal::Unreadable("not a forecast upload".into()));
    };
    let Some(mut state) = load(deps, upload_id).await? else {
        return Err(Refusal::Unreadable("no upload was issued for this object".into()));
    };
    let bucket = deps.bucket(Bucket::Uploads)?;
    let object = match bucket.client.get_object().bucket(bucket.name).key(key).send().await {
        Ok(o) => o,
        Err(e) if e.as_service_error().is_some_and(|s| s.is_no_such_key()) => {
            tracing::warn!(key, "the object is gone; nothing to ingest");
            // A first notice of a file gone unread: the upload says so instead of waiting forever.
            if matches!(state.state.as_str(), "applied" | "failed") {
                return Ok(());
            }
            return Ok(finish(
                deps,
                state,
                Err(vec!["The file was gone before it was read. Choose Upload Forecast again.".into()]),
            )
            .await?);
        }
        Err(e) => return Err(ApiError::internal(e).into()),
    };
    let e_tag = object.e_tag().unwrap_or_default().trim_matches('"').to_string();
    if state.e_tag == e_tag && matches!(state.state.as_str(), "applied" | "failed") {
        return Ok(()); // a redelivered notification of a file already handled
    }
    let arrived = object.last_modified().map(|t| t.secs()).unwrap_or(i64::MAX);
    state.e_tag = e_tag;
    state.errors.clear();
    (state.written, state.unchanged) = (0, 0);
    // S3 refuses an expired presigned URL; this guards emulators and clock skew.
    if state.url_expires_at > 0 && arrived > state.url_expires_at {
        return Ok(finish(
            deps,
            state,
            Err(vec!["The upload link expired before the file arrived. Choose Upload Forecast again.".into()]),
        )
        .await?);
    }
    // The size is in the answer's headers: a too large body is dropped unread.
    if let Some(reason) = too_large(object.content_length()) {
        return Ok(finish(deps, state, Err(vec![reason])).await?);
    }
    state.state = "received".into();
    state.updated_at = now();
    save(deps, &state).await?;

    let bytes = object.body.collect().await.map_err(ApiError::internal)?.into_bytes();
    let rows = match file::raw_rows(&bytes) {
        Ok(rows) if rows.len() > MAX_FILE_ROWS => {
            Err(vec![format!("The file has {} rows; at most {MAX_FILE_ROWS} are taken at once", rows.len())])
        }
        other => other,
    };
    let outcome = match rows {
        Err(errors) => Err(errors),
        Ok(rows) => commit_file(deps, &state, rows).await?,
    };
    Ok(finish(deps, state, outcome).await?)
}

/// Checks the whole file, then commits it in batches; nothing is written when any line is invalid.
async fn commit_file(
    deps: &'static Deps,
    state: &UploadState,
    rows: Vec<upload::RawRow>,
) -> Result<Result<(usize, usize), Vec<String>>, ApiError> {
    let kind = ForecastUpload { deps, user: state.user.clone(), now: now() };
    let whole =
        UploadRequest { upload_id: state.upload_id.clone(), file_name: state.file_name.clone(), rows, groups: None };
    let dry = upload::dry_run(&kind, &whole).await?;
    let errors = line_errors(&dry.rows);
    if !errors.is_empty() {
        return Ok(Err(errors));
    }
    let (mut written, mut unchanged, mut errors) = (0, 0, Vec::new());
    for chunk in whole.rows.chunks(MAX_BATCH_ROWS) {
        let batch = UploadRequest { rows: chunk.to_vec(), ..whole.clone() };
        let out = upload::commit(&kind, &batch, &deps.table(Table::Idempotency)?).await?;
        for r in out.results {
            match r.status {
                upload::CommitStatus::Written => written += 1,
                upload::CommitStatus::Unchanged => unchanged += 1,
                upload::CommitStatus::Failed => {
                    errors.push(format!("Line {}: {}", r.row, r.message.as_deref().unwrap_or("not written")))
                }
            }
        }
    }
    Ok(if errors.is_empty() { Ok((written, unchanged)) } else { Err(errors) })
}

/// 'Line N: message; message' for each row of a dry run with messages.
fn line_errors(rows: &[upload::RowReport]) -> Vec<String> {
    rows.iter()
        .filter(|r| !r.messages.is_empty())
        .map(|r| format!("Line {}: {}", r.row, r.messages.join("; ")))
        .collect()
}

async fn finish(
    deps: &Deps,
    mut state: UploadState,
    outcome: Result<(usize, usize), Vec<String>>,
) -> Result<(), ApiError> {
    match outcome {
        Ok((written, unchanged)) => {
            state.state = "applied".into();
            (state.written, state.unchanged) = (written, unchanged);
        }
        Err(mut errors) => {
            let total = errors.len();
            if total > KEPT_ERRORS {
                errors.truncate(KEPT_ERRORS);
                errors.push(format!("…and {} more lines with errors", total - KEPT_ERRORS));
            }
            state.state = "failed".into();
            state.errors = errors;
        }
    }
    state.updated_at = now();
    save(deps, &state).await
}

fn view_date(input: &Input) -> Result<String, ApiError> {
    let raw = input.path.get("date").cloned().unwrap_or_default();
    chrono::NaiveDate::parse_from_str(&raw, "%Y-%m-%d")
        .map(|d| d.format("%Y-%m-%d").to_string())
        .map_err(|_| ApiError::bad_request("date must be YYYY-MM-DD"))
}

async fn rows_of(deps: &Deps, date: &str) -> Result<Vec<Value>, ApiError> {
    deps.table(Table::ForecastRows)?.partition("date", date).await
}

/// `GET /forecast/view/{date}`: Item and Quantity of a date, by item.
pub async fn view(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let date = view_date(&input)?;
    let rows = rows_of(deps, &date).await?;
    Ok(Value::Array(rows.iter().map(|r| json!({ "Item": r["item"], "Quantity": r["quantity"] })).collect()))
}

#[derive(Deserialize)]
struct UpdateBody {
    item: String,
    quantity: Value,
    date: String,
}

/// `PUT /forecast/update {item, quantity, date}`: one quantity, with its history record, if nobody changed it meanwhile.
pub async fn update(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let body: UpdateBody = input.parse()?;
    limits::check_len("item", &body.item, limits::MAX_NAME_CHARS)?;
    let date = chrono::NaiveDate::parse_from_str(&body.date, "%Y-%m-%d")
        .map_err(|_| ApiError::bad_request("date must be YYYY-MM-DD"))?
        .format("%Y-%m-%d")
        .to_string();
    let quantity = body
        .quantity
        .as_i64()
        .or_else(|| body.quantity.as_str().and_then(|s| s.trim().parse().ok()))
        .filter(|q| *q >= 0)
        .ok_or_else(|| ApiError::bad_request("Quantity must be a whole number of 0 or more"))?;
    let t = deps.table(Table::ForecastRows)?;
    let key = HashMap::from([("date".to_string(), store::s(&date)), ("item".to_string(), store::s(&body.item))]);
    let current: Value = t
        .get(key.clone())
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("No forecast for {} on {date}", body.item)))?;
    let old = current["quantity"].clone();
    let who = input.caller()?.display().to_string();
    let at = now();
    let update = Update::builder()
        .table_name(t.name)
        .set_key(Some(key))
        .update_expression("SET quantity = :q, updatedBy = :who, updatedAt = :at")
        .condition_expression("quantity = :old")
        .expression_attribute_values(":q", aws_sdk_dynamodb::types::AttributeValue::N(quantity.to_string()))
        .expression_attribute_values(":old", aws_sdk_dynamodb::types::AttributeValue::N(old.to_string()))
        .expression_attribute_values(":who", store::s(&who))
        .expression_attribute_values(":at", store::s(&at))
        .build()
        .map_err(ApiError::internal)?;
    let change = Change {
        attribute: body.item.clone(),
        old_value: old.to_string(),
        new_value: quantity.to_string(),
        reason: None,
    };
    let record = Record::new(history::entity("forecast", &date), &at, &who, "Forecast view", vec![change]);
    let items =
        vec![TransactWriteItem::builder().update(update).build(), record.put(deps.table(Table::History)?.name)?];
    store::on_conflict(store::transact(t.client, items).await, || {
        ApiError::Conflict(format!("The forecast for {} was changed meanwhile. Reload to see it.", body.item))
    })?;
    Ok(json!({ "item": body.item, "quantity": quantity, "date": date }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_is_read_or_refused_with_its_reason() {
        let note = |key: &str| json!({ "Records": [{ "s3": { "object": { "key": key } } }] }).to_string();
        assert_eq!(
            read_notice(&note("forecast-uploads%2Fa-1.csv")),
            Ok(Notice::Objects(vec!["forecast-uploads/a-1.csv".into()]))
        );
        assert_eq!(read_notice(r#"{"Service":"Amazon S3","Event":"s3:TestEvent"}"#), Ok(Notice::Test));
        assert_eq!(read_notice("{not json"), Err("the message is not JSON".into()));
        assert_eq!(read_notice("{}"), Err("the message holds no S3 records".into()));
        assert_eq!(read_notice(r#"{"Records":[]}"#), Err("the message holds no S3 records".into()));
        assert_eq!(read_notice(&note("")), Err("an S3 record names no object key".into()));
        assert_eq!(upload_of("forecast-uploads/ab-1.csv"), Some("ab-1"));
        assert_eq!(upload_of("forecast-uploads/../x.csv"), None);
        assert_eq!(upload_of("other/ab-1.csv"), None);
    }

    #[test]
    fn an_object_over_the_size_limit_is_refused_unread() {
        assert_eq!(too_large(Some(0)), None);
        assert_eq!(too_large(Some(MAX_FILE_BYTES)), None);
        assert_eq!(
            too_large(Some(MAX_FILE_BYTES + 1)).as_deref(),
            Some("The file is 5242881 bytes; at most 5242880 bytes (5 MB) are read. Split it and upload each part.")
        );
        assert!(too_large(None).is_some());
    }

    #[test]
    fn notification_keys_are_decoded() {
        assert_eq!(decode_key("forecast-uploads%2Fabc-1.csv"), "forecast-uploads/abc-1.csv");
        assert_eq!(decode_key("a+b%20c%zz"), "a b c%zz");
    }
}
