//! The ingest of an uploaded forecast file: S3 tells it through a queue
//! (one S3 notification per record); it reads the file, checks it whole and
//! commits it on the upload pipeline, and keeps the upload's state so the
//! browser can follow it until it is applied or failed with its line errors.
use crate::file;
use crate::kind::ForecastUpload;
use crate::store::{ForecastStore, Unstorable, UploadState};
use fleet_shared::entity::UploadId;
use fleet_shared::events::{s3_records, SqsBatchResponse, SqsMessage};
use fleet_shared::idempotency::Records;
use fleet_shared::parking::LastReceive;
use fleet_shared::upload::{self, UploadRequest, MAX_BATCH_ROWS, MAX_FILE_ROWS};
use fleet_shared::{fridge_time, ApiError};
use serde::Deserialize;
use serde_json::Value;

/// Where uploaded forecast files land: `forecast-uploads/{uploadId}.csv`.
pub const PREFIX: &str = "forecast-uploads/";
pub use crate::store::MAX_FILE_BYTES;
/// Errors kept on a failed upload's record (the item stays far below 400 KB).
const KEPT_ERRORS: usize = 200;

/// S3 object keys arrive URL-encoded in notifications (`+` for a space, `%XX`
/// for a byte); a `%` not followed by two hex digits stays as it is.
fn decode_key(key: &str) -> String {
    let bytes = key.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let escaped = bytes
            .get(i + 1..i + 3)
            .filter(|_| b == b'%')
            .and_then(|hex| std::str::from_utf8(hex).ok())
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match (b, escaped) {
            (_, Some(byte)) => {
                out.push(byte);
                i += 2;
            }
            (b'+', None) => out.push(b' '),
            (b, None) => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// What one queue record asks of the ingest.
#[derive(Debug, PartialEq)]
enum Notice {
    /// The (decoded) keys of the objects an S3 notification names.
    Objects(Vec<String>),
    /// S3's test event, sent when the notification is set up: nothing to do.
    Test,
}

/// The top of a message body: S3's test event, or how many records a
/// notification holds (read before the records themselves).
#[derive(Deserialize, Default)]
struct Outline {
    #[serde(rename = "Event")]
    event: Option<String>,
    #[serde(rename = "Records", default)]
    records: Vec<serde::de::IgnoredAny>,
}

/// Reads a queue record's body, or says why it cannot be read.
fn read_notice(body: &str) -> Result<Notice, String> {
    let json: Value = serde_json::from_str(body).map_err(|_| "the message is not JSON".to_string())?;
    let outline = Outline::deserialize(&json).unwrap_or_default();
    if outline.event.as_deref() == Some("s3:TestEvent") {
        return Ok(Notice::Test);
    }
    if outline.records.is_empty() {
        return Err("the message holds no S3 records".into());
    }
    s3_records(body)?
        .into_iter()
        .map(|r| {
            r.s3.object
                .key
                .filter(|k| !k.is_empty())
                .map(|k| decode_key(&k))
                .ok_or_else(|| "an S3 record names no object key".to_string())
        })
        .collect::<Result<Vec<_>, _>>()
        .map(Notice::Objects)
}

/// Why an object cannot be ingested: `Unreadable` has no upload to tell (the
/// notification is parked at once, with the reason); `Failed` is a passing
/// failure, redelivered, and parked with its error on the queue's last receive.
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
/// event). A record that cannot be read (no notification, no forecast
/// upload) is parked in the dead-letter queue with its reason; one that fails
/// for a passing reason is redelivered, and parked with its last error on the
/// queue's last receive. Nothing is acknowledged unread. A bad or too large
/// file is not a failure of the ingest: its upload is marked failed with the reason.
pub async fn run(store: &impl ForecastStore, records: &impl Records, messages: Vec<SqsMessage>) -> SqsBatchResponse {
    let last_receive = LastReceive::of(&messages);
    let (mut bad, mut retry): (Vec<Unstorable>, Vec<(String, String)>) = (Vec::new(), Vec::new());
    for message in messages {
        let id = message.message_id.unwrap_or_default();
        let body = message.body.unwrap_or_default();
        let keys = match read_notice(&body) {
            Ok(Notice::Test) => continue,
            Ok(Notice::Objects(keys)) => keys,
            Err(reason) => {
                bad.push((id, body, reason));
                continue;
            }
        };
        for key in keys {
            match ingest_object(store, records, &key).await {
                Ok(()) => {}
                Err(Refusal::Unreadable(reason)) => {
                    bad.push((id, body, format!("{key}: {reason}")));
                    break;
                }
                Err(Refusal::Failed(e)) => {
                    tracing::error!(key, error = %e, "forecast file not ingested; left for redelivery");
                    retry.push((id, format!("{key} not ingested: {e}")));
                    break;
                }
            }
        }
    }
    let mut answer = SqsBatchResponse::default();
    let mut again = last_receive.settle(retry, &mut bad);
    again.extend(store.park(&bad).await);
    for id in again {
        answer.add_failure(id);
    }
    answer
}

/// The upload an object key names (`forecast-uploads/{uploadId}.csv`).
fn upload_of(key: &str) -> Option<&str> {
    key.strip_prefix(PREFIX).and_then(|k| k.strip_suffix(".csv")).filter(|id| UploadId::parse(id).is_ok())
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

fn settled(state: &UploadState) -> bool {
    matches!(state.state.as_str(), "applied" | "failed")
}

async fn ingest_object<S: ForecastStore>(store: &S, records: &impl Records, key: &str) -> Result<(), Refusal> {
    let Some(upload_id) = upload_of(key) else {
        return Err(Refusal::Unreadable("not a forecast upload".into()));
    };
    let Some(mut state) = store.load(upload_id).await? else {
        return Err(Refusal::Unreadable("no upload was issued for this object".into()));
    };
    // The state as stored: each save is conditional on it, so two tries of one file never both move it.
    let mut read = state.updated_at.clone();
    let Some((meta, object)) = store.open(key).await? else {
        tracing::warn!(key, "the object is gone; nothing to ingest");
        // A first notice of a file gone unread: the upload says so instead of waiting forever.
        if settled(&state) {
            return Ok(());
        }
        let gone = "The file was gone before it was read. Choose Upload Forecast again.";
        return Ok(finish(store, state, &read, Err(vec![gone.into()])).await?);
    };
    if state.e_tag == meta.e_tag && settled(&state) {
        return Ok(()); // a redelivered notification of a file already handled
    }
    let arrived = meta.modified.unwrap_or(i64::MAX);
    state.e_tag = meta.e_tag;
    state.errors.clear();
    (state.written, state.unchanged) = (0, 0);
    // S3 refuses an expired presigned URL; this guards emulators and clock skew.
    if state.url_expires_at > 0 && arrived > state.url_expires_at {
        let expired = "The upload link expired before the file arrived. Choose Upload Forecast again.";
        return Ok(finish(store, state, &read, Err(vec![expired.into()])).await?);
    }
    // The size is in the answer's headers: a too large body is dropped unread.
    if let Some(reason) = too_large(meta.size) {
        return Ok(finish(store, state, &read, Err(vec![reason])).await?);
    }
    state.state = "received".into();
    state.updated_at = fridge_time::now_text();
    store.save(&state, Some(&read)).await?;
    read = state.updated_at.clone();

    let bytes = store.read(object).await?;
    let rows = match file::raw_rows(&bytes) {
        Ok(rows) if rows.len() > MAX_FILE_ROWS => {
            Err(vec![format!("The file has {} rows; at most {MAX_FILE_ROWS} are taken at once", rows.len())])
        }
        other => other,
    };
    let outcome = match rows {
        Err(errors) => Err(errors),
        Ok(rows) => commit_file(store, records, &state, rows).await?,
    };
    Ok(finish(store, state, &read, outcome).await?)
}

/// Checks the whole file, then commits it in batches; nothing is written when any line is invalid.
async fn commit_file<S: ForecastStore>(
    store: &S,
    records: &impl Records,
    state: &UploadState,
    rows: Vec<upload::RawRow>,
) -> Result<Result<(usize, usize), Vec<String>>, ApiError> {
    let kind = ForecastUpload { store, user: state.user.clone(), now: fridge_time::now_text() };
    // The id came from the object's key, checked when the upload was found (`upload_of`).
    let upload_id = fleet_shared::entity::UploadId::parse(&state.upload_id).map_err(ApiError::internal)?;
    let whole = UploadRequest { upload_id, file_name: state.file_name.clone(), rows, groups: None };
    let dry = upload::dry_run(&kind, &whole).await?;
    let errors = line_errors(&dry.rows);
    if !errors.is_empty() {
        return Ok(Err(errors));
    }
    let (mut written, mut unchanged, mut errors) = (0, 0, Vec::new());
    for chunk in whole.rows.chunks(MAX_BATCH_ROWS) {
        let batch = UploadRequest { rows: chunk.to_vec(), ..whole.clone() };
        let out = upload::commit(&kind, &batch, records).await?;
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
    store: &impl ForecastStore,
    mut state: UploadState,
    read: &str,
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
    state.updated_at = fridge_time::now_text();
    store.save(&state, Some(read)).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{memory::Memory, FileMeta};
    use serde_json::json;

    /// An S3 notification as S3 sends it, naming `key` (as S3 encodes it).
    fn note(key: &str) -> String {
        json!({ "Records": [{
            "eventVersion": "2.1", "eventSource": "aws:s3", "awsRegion": "us-east-1",
            "eventTime": "2026-11-23T12:00:00.000Z", "eventName": "ObjectCreated:Put",
            "userIdentity": { "principalId": "AWS:x" }, "requestParameters": { "sourceIPAddress": "127.0.0.1" },
            "responseElements": { "x-amz-request-id": "r", "x-amz-id-2": "i" },
            "s3": { "s3SchemaVersion": "1.0", "configurationId": "c",
                    "bucket": { "name": "b", "ownerIdentity": { "principalId": "x" }, "arn": "arn:aws:s3:::b" },
                    "object": { "key": key, "size": 5, "eTag": "e", "sequencer": "0" } }
        }] })
        .to_string()
    }

    #[test]
    fn a_notice_is_read_or_refused_with_its_reason() {
        assert_eq!(
            read_notice(&note("forecast-uploads%2Fa-1.csv")),
            Ok(Notice::Objects(vec!["forecast-uploads/a-1.csv".into()]))
        );
        assert_eq!(read_notice(r#"{"Service":"Amazon S3","Event":"s3:TestEvent"}"#), Ok(Notice::Test));
        assert_eq!(read_notice("{not json"), Err("the message is not JSON".into()));
        assert_eq!(read_notice("{}"), Err("the message holds no S3 records".into()));
        assert_eq!(read_notice(r#"{"Records":[]}"#), Err("the message holds no S3 records".into()));
        assert_eq!(read_notice(&note("")), Err("an S3 record names no object key".into()));
        assert!(read_notice(r#"{"Records":[{"s3":{}}]}"#).is_err(), "a record S3 would not send");
        assert_eq!(upload_of("forecast-uploads/ab-1.csv"), Some("ab-1"));
        assert_eq!(upload_of("forecast-uploads/../x.csv"), None);
        assert_eq!(upload_of("other/ab-1.csv"), None);
    }

    #[test]
    fn a_key_with_a_space_arrives_encoded_and_is_decoded() {
        assert_eq!(
            read_notice(&note("forecast-uploads/my+plan%282%29.csv")),
            Ok(Notice::Objects(vec!["forecast-uploads/my plan(2).csv".into()]))
        );
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
        assert_eq!(
            (decode_key("100%"), decode_key("%4"), decode_key("%e2%82%ac")),
            ("100%".into(), "%4".into(), "€".into())
        );
    }

    const CSV: &str =
        "Item,AllocationDate,Quantity,ProductionDate\nWrap,2026/11/24,12,2026/11/23\nSoup,2026/11/24,3,2026/11/23\n";

    fn waiting(fake: &Memory, id: &str) {
        let state = UploadState {
            upload_id: id.into(),
            state: "waiting".into(),
            user: "ops@x.co".into(),
            file_name: "plan.csv".into(),
            url_expires_at: 2_000,
            ..Default::default()
        };
        fake.uploads.lock().unwrap().insert(id.into(), state);
    }

    fn put_file(fake: &Memory, id: &str, text: &str, meta: FileMeta) {
        fake.files.lock().unwrap().insert(format!("{PREFIX}{id}.csv"), (meta, text.as_bytes().to_vec()));
    }

    fn meta(e_tag: &str, size: usize) -> FileMeta {
        FileMeta { e_tag: e_tag.into(), modified: Some(1_000), size: Some(size as i64) }
    }

    fn message(id: &str, key: &str) -> SqsMessage {
        serde_json::from_value(json!({ "messageId": id, "body": note(key) })).unwrap()
    }

    async fn ingest(fake: &Memory, messages: Vec<SqsMessage>) -> Vec<String> {
        let answer = run(fake, &fake.records, messages).await;
        answer.batch_item_failures.into_iter().map(|f| f.item_identifier).collect()
    }

    #[tokio::test]
    async fn a_file_is_read_checked_and_written_once() {
        let fake = Memory::default();
        waiting(&fake, "up-1");
        put_file(&fake, "up-1", CSV, meta("e1", CSV.len()));
        assert!(ingest(&fake, vec![message("m1", "forecast-uploads/up-1.csv")]).await.is_empty());
        let s = fake.state("up-1").unwrap();
        assert_eq!((s.state.as_str(), s.written, s.unchanged, s.e_tag.as_str()), ("applied", 2, 0, "e1"));
        let wrap = fake.rows.lock().unwrap()[&("2026-11-24".to_string(), "Wrap".to_string())].clone();
        assert_eq!((wrap.quantity, wrap.upload_marker.as_deref()), (Some(12), Some("up-1#2")));
        assert_eq!(fake.history.lock().unwrap().len(), 2);
        // A redelivered notice of the same object writes nothing again.
        assert!(ingest(&fake, vec![message("m1", "forecast-uploads/up-1.csv")]).await.is_empty());
        assert_eq!((fake.history.lock().unwrap().len(), *fake.reads.lock().unwrap()), (2, 1));
    }

    #[tokio::test]
    async fn a_state_another_try_moved_meanwhile_is_not_overwritten_and_the_notice_comes_again() {
        let fake = Memory::default();
        waiting(&fake, "up-1");
        put_file(&fake, "up-1", CSV, meta("e1", CSV.len()));
        let theirs = UploadState {
            state: "received".into(),
            e_tag: "e1".into(),
            updated_at: "2026-11-23T12:00:01.000Z".into(),
            ..fake.state("up-1").unwrap()
        };
        *fake.stored_by_another_try.lock().unwrap() = Some(theirs.clone());
        assert_eq!(
            ingest(&fake, vec![message("m1", "forecast-uploads/up-1.csv")]).await,
            ["m1"],
            "left for redelivery"
        );
        assert_eq!(fake.state("up-1"), Some(theirs), "the other try's state stands");
        assert!(fake.rows.lock().unwrap().is_empty());
        // Redelivered, it reads the state as it is now and applies the file.
        assert!(ingest(&fake, vec![message("m1", "forecast-uploads/up-1.csv")]).await.is_empty());
        assert_eq!(fake.state("up-1").unwrap().state, "applied");
        assert_eq!(fake.history.lock().unwrap().len(), 2);
    }

    #[tokio::test]
    async fn a_bad_file_fails_with_its_line_errors_and_writes_nothing() {
        let fake = Memory::default();
        waiting(&fake, "up-1");
        let bad =
            "Item,AllocationDate,Quantity,ProductionDate\nWrap,2026/11/24,12,2026/11/23\n,2026-11-24,x,2026/11/23\n";
        put_file(&fake, "up-1", bad, meta("e1", bad.len()));
        assert!(ingest(&fake, vec![message("m1", "forecast-uploads/up-1.csv")]).await.is_empty());
        let s = fake.state("up-1").unwrap();
        assert_eq!(s.state, "failed");
        assert_eq!(
            s.errors,
            ["Line 3: Item cannot be empty; AllocationDate '2026-11-24' must be YYYY/MM/DD; Quantity 'x' must be a whole number from 0 to 1000000"]
        );
        assert!(fake.rows.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn a_file_late_too_large_or_gone_fails_its_upload_unread() {
        let fake = Memory::default();
        for id in ["late", "huge", "gone"] {
            waiting(&fake, id);
        }
        put_file(&fake, "late", CSV, FileMeta { modified: Some(2_001), ..meta("e1", CSV.len()) });
        put_file(&fake, "huge", CSV, meta("e2", MAX_FILE_BYTES as usize + 1));
        let keys = ["late", "huge", "gone"].map(|id| message(id, &format!("forecast-uploads/{id}.csv")));
        assert!(ingest(&fake, keys.to_vec()).await.is_empty());
        let errors = |id: &str| fake.state(id).map(|s| (s.state, s.errors)).unwrap();
        assert_eq!(
            errors("late"),
            (
                "failed".into(),
                vec!["The upload link expired before the file arrived. Choose Upload Forecast again.".into()]
            )
        );
        assert_eq!(errors("huge").1, [too_large(Some(MAX_FILE_BYTES + 1)).unwrap()]);
        assert_eq!(
            errors("gone").1,
            ["The file was gone before it was read. Choose Upload Forecast again.".to_string()]
        );
        assert_eq!(*fake.reads.lock().unwrap(), 0, "no body was read");
    }

    #[tokio::test]
    async fn a_message_without_an_upload_or_unreadable_is_parked_with_its_reason() {
        let fake = Memory::default();
        let test_event =
            serde_json::from_value(json!({ "messageId": "t", "body": r#"{"Event":"s3:TestEvent"}"# })).unwrap();
        let bad = serde_json::from_value(json!({ "messageId": "b", "body": "{oops" })).unwrap();
        let failed = ingest(&fake, vec![message("stray", "forecast-uploads/no-such-1.csv"), test_event, bad]).await;
        assert!(failed.is_empty(), "never retried: {failed:?}");
        let parked: Vec<(String, String)> =
            fake.parked.lock().unwrap().iter().map(|(id, _, why)| (id.clone(), why.clone())).collect();
        assert_eq!(
            parked,
            [
                ("stray".into(), "forecast-uploads/no-such-1.csv: no upload was issued for this object".into()),
                ("b".into(), "the message is not JSON".into())
            ]
        );
    }

    #[tokio::test]
    async fn a_passing_failure_is_redelivered_and_on_the_queues_last_receive_parked_with_its_error() {
        let fake = Memory::default();
        fake.uploads_down.store(true, std::sync::atomic::Ordering::SeqCst);
        let on = |receive: u32| {
            let mut m = message("m", "forecast-uploads/up-1.csv");
            m.attributes.insert("ApproximateReceiveCount".into(), receive.to_string());
            m
        };
        assert_eq!(ingest(&fake, vec![on(1)]).await, ["m"]);
        assert!(fake.parked.lock().unwrap().is_empty());
        assert!(ingest(&fake, vec![on(fleet_shared::parking::MAX_RECEIVES)]).await.is_empty());
        let parked = fake.parked.lock().unwrap();
        assert_eq!(parked.len(), 1);
        assert!(
            parked[0]
                .2
                .starts_with("still failing on delivery 5, the queue's last: forecast-uploads/up-1.csv not ingested"),
            "{}",
            parked[0].2
        );
    }
}
