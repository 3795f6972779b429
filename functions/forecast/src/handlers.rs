//! Forecast functions. The browser checks the file in a dry run, PUTs it to
//! a presigned URL; S3 tells the ingest function through a queue; the ingest
//! checks the file again and commits it on the upload pipeline, and the
//! browser follows the upload's state until it is applied or failed with its
//! line errors.
use crate::ingest;
use crate::kind::ForecastUpload;
use crate::store::{ForecastRecord, ForecastStore};
use fleet_shared::contract::Ctx;
use fleet_shared::entity::{LooseDate, UploadId};
use fleet_shared::events::{SqsBatchResponse, SqsEvent};
use fleet_shared::history::{self, Change, Record};
use fleet_shared::upload::{self, UploadRequest};
use fleet_shared::{limits, ApiError, Deps};
use serde::{Deserialize, Serialize};

pub use crate::ingest::{MAX_FILE_BYTES, PREFIX};
pub use crate::store::UploadState;

/// How long a presigned upload URL works.
pub const URL_SECONDS: u64 = 300;
/// Upload records are kept 30 days (DynamoDB TTL).
const KEEP_SECONDS: i64 = 30 * 24 * 3600;

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(transform = fleet_shared::contract::sent_whole)]
pub struct UploadUrlArgs {
    #[serde(default)]
    file_name: Option<String>,
}

/// A presigned PUT and the upload it starts.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadUrl {
    pub url: String,
    pub upload_id: UploadId,
    pub key: String,
    pub expires_in_seconds: u64,
}

/// `GET /forecast/upload/url?fileName=`: a presigned PUT for a new upload (text/csv, 5 minutes).
pub async fn upload_url(deps: &'static Deps, ctx: Ctx, args: UploadUrlArgs) -> Result<UploadUrl, ApiError> {
    let file_name = args.file_name.unwrap_or_else(|| "forecast.csv".into());
    limits::check_len("fileName", &file_name, 200)?;
    if !file_name.to_ascii_lowercase().ends_with(".csv") {
        return Err(ApiError::bad_request("Please upload a .csv file"));
    }
    let upload_id = UploadId::parse(&uuid::Uuid::new_v4().to_string())?;
    let key = format!("{PREFIX}{upload_id}.csv");
    let issued = ctx.now.timestamp();
    let state = UploadState {
        upload_id: upload_id.to_string(),
        state: "waiting".into(),
        user: ctx.caller()?.display().to_string(),
        file_name,
        url_expires_at: issued + URL_SECONDS as i64,
        updated_at: ctx.now_text(),
        expires_at: issued + KEEP_SECONDS,
        ..Default::default()
    };
    deps.save(&state, None).await?;
    let url = deps.upload_url(&key, URL_SECONDS).await?;
    Ok(UploadUrl { url, upload_id, key, expires_in_seconds: URL_SECONDS })
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadStatusArgs {
    upload_id: UploadId,
}

/// Where an upload is, as the browser follows it.
#[derive(Debug, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadStatus {
    pub upload_id: String,
    pub state: String,
    pub errors: Vec<String>,
    pub written: usize,
    pub unchanged: usize,
    pub file_name: String,
    pub updated_at: String,
}

impl From<UploadState> for UploadStatus {
    fn from(s: UploadState) -> Self {
        let UploadState { upload_id, state, errors, written, unchanged, file_name, updated_at, .. } = s;
        UploadStatus { upload_id, state, errors, written, unchanged, file_name, updated_at }
    }
}

/// `GET /forecast/upload/{uploadId}`: where the upload is.
pub async fn upload_status(deps: &'static Deps, _: Ctx, args: UploadStatusArgs) -> Result<UploadStatus, ApiError> {
    let id = args.upload_id;
    let s = deps.load(id.as_str()).await?.ok_or_else(|| ApiError::NotFound(format!("Upload {id} not found")))?;
    Ok(s.into())
}

/// `POST /forecast/dry-run`: the file's rows against the rules and the stored forecast, writing nothing.
pub async fn dry_run(deps: &'static Deps, ctx: Ctx, req: UploadRequest) -> Result<upload::DryRun, ApiError> {
    let kind = ForecastUpload { store: deps, user: ctx.caller()?.display().to_string(), now: ctx.now_text() };
    upload::dry_run(&kind, &req).await
}

/// The SQS-fed ingest of uploaded files (see `ingest::run`): answers the
/// records to redeliver.
pub async fn ingest(deps: &'static Deps, _: Ctx, event: SqsEvent) -> Result<SqsBatchResponse, ApiError> {
    Ok(ingest::run(deps, deps, event.records).await)
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct ForecastViewArgs {
    date: LooseDate,
}

/// One item's quantity as the forecast view lists it: the spec's forecast row (Item, Quantity, Date), with the
/// file's own column names.
#[derive(Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct ViewRow {
    #[serde(rename = "Item")]
    pub item: String,
    #[serde(rename = "Quantity")]
    pub quantity: Option<i64>,
    /// The allocation date, YYYY-MM-DD.
    #[serde(rename = "Date")]
    pub date: String,
}

/// `GET /forecast/view/{date}`: Item, Quantity and Date of a date's rows, by item.
pub async fn view(deps: &'static Deps, _: Ctx, args: ForecastViewArgs) -> Result<Vec<ViewRow>, ApiError> {
    let rows = deps.rows_on(&args.date.day().to_string()).await?;
    Ok(rows.into_iter().map(|r| ViewRow { item: r.item, quantity: r.quantity, date: r.date }).collect())
}

/// A quantity as the view sends it: a whole number, or its text; anything
/// else is refused by the quantity rule rather than by the request's shape.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum QuantityInput {
    Whole(i64),
    Text(String),
    Other(#[schemars(with = "serde_json::Value")] serde::de::IgnoredAny),
}

impl QuantityInput {
    fn whole(&self) -> Option<i64> {
        match self {
            QuantityInput::Whole(q) => Some(*q),
            QuantityInput::Text(s) => s.trim().parse().ok(),
            QuantityInput::Other(_) => None,
        }
    }
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateBody {
    item: String,
    quantity: QuantityInput,
    date: LooseDate,
    /// The quantity the user saw and changed (the Forecast view sends it): a row holding another one now was
    /// changed by someone else meanwhile, and is not overwritten. Without it (the spec's body), the row as read.
    #[serde(default)]
    previous_quantity: Option<i64>,
}

/// The quantity as it was set.
#[derive(Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct QuantitySet {
    pub item: String,
    pub quantity: i64,
    pub date: String,
}

/// `PUT /forecast/update {item, quantity, date}`: one quantity, with its history record, if nobody changed it meanwhile.
pub async fn update(deps: &'static Deps, ctx: Ctx, body: UpdateBody) -> Result<QuantitySet, ApiError> {
    update_quantity(deps, ctx.caller()?.display(), body, &ctx.now_text()).await
}

async fn update_quantity(
    store: &impl ForecastStore,
    who: &str,
    body: UpdateBody,
    at: &str,
) -> Result<QuantitySet, ApiError> {
    limits::check_len("item", &body.item, limits::MAX_NAME_CHARS)?;
    let date = body.date.day().to_string();
    let quantity = body
        .quantity
        .whole()
        .filter(|q| crate::file::quantity_allowed(*q))
        .ok_or_else(|| ApiError::bad_request(format!("Quantity {}", crate::file::quantity_rule())))?;
    let current = store
        .rows_at(&[(date.clone(), body.item.clone())])
        .await?
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::NotFound(format!("No forecast for {} on {date}", body.item)))?;
    let old = current.quantity;
    let changed =
        || ApiError::Conflict(format!("The forecast for {} was changed meanwhile. Reload to see it.", body.item));
    if old == Some(quantity) {
        // Already so: this very edit sent again after its answer was lost, or the same number typed twice.
        return Ok(QuantitySet { item: body.item, quantity, date });
    }
    if body.previous_quantity.is_some_and(|seen| old != Some(seen)) {
        return Err(changed());
    }
    let change = Change {
        attribute: body.item.clone(),
        old_value: serde_json::to_string(&old).unwrap_or_default(),
        new_value: quantity.to_string(),
        reason: None,
    };
    let record = Record::new(history::entity("forecast", &date), at, who, "Forecast view", vec![change]);
    let row = ForecastRecord {
        quantity: Some(quantity),
        updated_by: Some(who.to_string()),
        updated_at: Some(at.to_string()),
        ..current
    };
    fleet_shared::store::on_conflict(store.set_quantity(&row, old, &record).await, changed)?;
    Ok(QuantitySet { item: body.item, quantity, date })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::memory::Memory;

    fn body(quantity: i64, previous: Option<i64>) -> UpdateBody {
        serde_json::from_value(serde_json::json!({
            "item": "Wrap", "quantity": quantity, "date": "2026-11-24", "previousQuantity": previous
        }))
        .unwrap()
    }

    fn store_with(quantity: i64) -> Memory {
        let store = Memory::default();
        let row = ForecastRecord {
            date: "2026-11-24".into(),
            item: "Wrap".into(),
            quantity: Some(quantity),
            ..Default::default()
        };
        store.rows.lock().unwrap().insert((row.date.clone(), row.item.clone()), row);
        store
    }

    fn stored(store: &Memory) -> Option<i64> {
        store.rows.lock().unwrap()[&("2026-11-24".to_string(), "Wrap".to_string())].quantity
    }

    #[tokio::test]
    async fn an_edit_over_a_quantity_changed_since_the_user_saw_it_is_refused_and_changes_nothing() {
        // The user saw 12; an upload made it 14 meanwhile.
        let store = store_with(14);
        let err = update_quantity(&store, "ops@x", body(15, Some(12)), "t").await.unwrap_err();
        assert_eq!(err, ApiError::Conflict("The forecast for Wrap was changed meanwhile. Reload to see it.".into()));
        assert_eq!((stored(&store), store.history.lock().unwrap().len()), (Some(14), 0));
        // Over what it holds, the edit lands with its true history.
        update_quantity(&store, "ops@x", body(15, Some(14)), "t").await.unwrap();
        let history = store.history.lock().unwrap().clone();
        assert_eq!((stored(&store), history.len(), history[0].changes[0].old_value.as_str()), (Some(15), 1, "14"));
    }

    #[tokio::test]
    async fn an_edit_sent_again_after_its_answer_was_lost_is_done_once() {
        let store = store_with(12);
        update_quantity(&store, "ops@x", body(15, Some(12)), "t").await.unwrap();
        let again = update_quantity(&store, "ops@x", body(15, Some(12)), "t").await.unwrap();
        assert_eq!((again.quantity, stored(&store), store.history.lock().unwrap().len()), (15, Some(15), 1));
    }

    #[tokio::test]
    async fn the_files_bound_holds_for_an_edit() {
        let store = store_with(12);
        let err = update_quantity(&store, "ops@x", body(1_000_001, None), "t").await.unwrap_err();
        assert_eq!(err, ApiError::bad_request("Quantity must be a whole number from 0 to 1000000"));
        assert_eq!(stored(&store), Some(12));
    }
}
