//! Forecast functions. The browser checks the file in a dry run, PUTs it to
//! a presigned URL; S3 tells the ingest function through a queue; the ingest
//! checks the file again and commits it on the upload pipeline, and the
//! browser follows the upload's state until it is applied or failed with its
//! line errors.
use crate::ingest;
use crate::kind::ForecastUpload;
use crate::store::{ForecastRecord, ForecastStore};
use fleet_shared::contract::Ctx;
use fleet_shared::entity::UploadId;
use fleet_shared::events::{SqsBatchResponse, SqsEvent};
use fleet_shared::history::{self, Change, Record};
use fleet_shared::upload::{self, UploadRequest};
use fleet_shared::{dates, fridge_time, limits, ApiError, Deps, Input, Table};
use serde::Deserialize;
use serde_json::{json, Value};

pub use crate::ingest::{MAX_FILE_BYTES, PREFIX};
pub use crate::store::UploadState;

/// How long a presigned upload URL works.
pub const URL_SECONDS: u64 = 300;
/// Upload records are kept 30 days (DynamoDB TTL).
const KEEP_SECONDS: i64 = 30 * 24 * 3600;

/// `GET /forecast/upload/url?fileName=`: a presigned PUT for a new upload (text/csv, 5 minutes).
pub async fn upload_url(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let file_name = input.query.get("fileName").cloned().unwrap_or_else(|| "forecast.csv".into());
    limits::check_len("fileName", &file_name, 200)?;
    if !file_name.to_ascii_lowercase().ends_with(".csv") {
        return Err(ApiError::bad_request("Please upload a .csv file"));
    }
    let upload_id = uuid::Uuid::new_v4().to_string();
    let key = format!("{PREFIX}{upload_id}.csv");
    let issued = fridge_time::now().timestamp();
    let state = UploadState {
        upload_id: upload_id.clone(),
        state: "waiting".into(),
        user: input.caller()?.display().to_string(),
        file_name,
        url_expires_at: issued + URL_SECONDS as i64,
        updated_at: fridge_time::now_text(),
        expires_at: issued + KEEP_SECONDS,
        ..Default::default()
    };
    deps.save(&state).await?;
    let url = deps.upload_url(&key, URL_SECONDS).await?;
    Ok(json!({ "url": url, "uploadId": upload_id, "key": key, "expiresInSeconds": URL_SECONDS }))
}

/// `GET /forecast/upload/{uploadId}`: where the upload is.
pub async fn upload_status(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let raw = input.path.get("uploadId").cloned().unwrap_or_default();
    // One message for every refused id, a long one too (the pipeline's own check words length apart).
    let id = UploadId::parse(&raw).map_err(|_| ApiError::bad_request("uploadId must be letters, digits and dashes"))?;
    let s = deps.load(id.as_str()).await?.ok_or_else(|| ApiError::NotFound(format!("Upload {id} not found")))?;
    Ok(
        json!({ "uploadId": s.upload_id, "state": s.state, "errors": s.errors, "written": s.written, "unchanged": s.unchanged,
               "fileName": s.file_name, "updatedAt": s.updated_at }),
    )
}

/// `POST /forecast/dry-run`: the file's rows against the rules and the stored forecast, writing nothing.
pub async fn dry_run(deps: &'static Deps, input: Input) -> Result<upload::DryRun, ApiError> {
    let req: UploadRequest = input.parse()?;
    let kind =
        ForecastUpload { store: deps, user: input.caller()?.display().to_string(), now: fridge_time::now_text() };
    upload::dry_run(&kind, &req).await
}

/// The SQS-fed ingest of uploaded files (see `ingest::run`): answers the
/// records to redeliver.
pub async fn ingest(deps: &'static Deps, _: Ctx, event: SqsEvent) -> Result<SqsBatchResponse, ApiError> {
    Ok(ingest::run(deps, &deps.table(Table::Idempotency)?, event.records).await)
}

fn view_date(input: &Input) -> Result<String, ApiError> {
    let raw = input.path.get("date").cloned().unwrap_or_default();
    dates::iso_date(&raw)
        .map(|d| d.format("%Y-%m-%d").to_string())
        .ok_or_else(|| ApiError::bad_request("date must be YYYY-MM-DD"))
}

/// `GET /forecast/view/{date}`: Item and Quantity of a date, by item.
pub async fn view(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let date = view_date(&input)?;
    let rows = deps.rows_on(&date).await?;
    Ok(Value::Array(rows.iter().map(|r| json!({ "Item": r.item, "Quantity": r.quantity })).collect()))
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
    update_quantity(deps, input.caller()?.display(), body).await
}

async fn update_quantity(store: &impl ForecastStore, who: &str, body: UpdateBody) -> Result<Value, ApiError> {
    limits::check_len("item", &body.item, limits::MAX_NAME_CHARS)?;
    let date = dates::iso_date(&body.date)
        .ok_or_else(|| ApiError::bad_request("date must be YYYY-MM-DD"))?
        .format("%Y-%m-%d")
        .to_string();
    let quantity = body
        .quantity
        .as_i64()
        .or_else(|| body.quantity.as_str().and_then(|s| s.trim().parse().ok()))
        .filter(|q| *q >= 0)
        .ok_or_else(|| ApiError::bad_request("Quantity must be a whole number of 0 or more"))?;
    let current = store
        .rows_at(&[(date.clone(), body.item.clone())])
        .await?
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::NotFound(format!("No forecast for {} on {date}", body.item)))?;
    let at = fridge_time::now_text();
    let old = current.quantity;
    let change = Change {
        attribute: body.item.clone(),
        old_value: serde_json::to_string(&old).unwrap_or_default(),
        new_value: quantity.to_string(),
        reason: None,
    };
    let record = Record::new(history::entity("forecast", &date), &at, who, "Forecast view", vec![change]);
    let row = ForecastRecord {
        quantity: Some(quantity),
        updated_by: Some(who.to_string()),
        updated_at: Some(at.clone()),
        ..current
    };
    fleet_shared::store::on_conflict(store.set_quantity(&row, old, &record).await, || {
        ApiError::Conflict(format!("The forecast for {} was changed meanwhile. Reload to see it.", body.item))
    })?;
    Ok(json!({ "item": body.item, "quantity": quantity, "date": date }))
}
