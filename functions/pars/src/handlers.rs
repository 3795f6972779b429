//! Pars functions: the dry run of a par file, `uploadParMaps`, `ordersByDay`,
//! `jitLocations`, the packing report and the kept copy of an uploaded file.
//! Each reads and writes through the store trait (`store::Dynamo` here).
use crate::groups::{GroupResult, ParGroup};
use crate::kind::{self, ParOrders};
use crate::report;
use crate::rules;
use crate::store::{Dynamo, ParsStore};
use fleet_shared::entity::fridge_order::FridgeOrder;
use fleet_shared::upload::{self, UploadKind, UploadRequest};
use fleet_shared::{dates, files, limits, ApiError, Bucket, Deps, Input};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::HashMap;

pub use crate::kind::ParFile;
pub use crate::rules::CHUNK_GROUPS;

/// Orders per `ordersByDay` page (§9).
pub const ORDERS_PAGE: usize = 1000;
/// Where kept par files go (§4).
pub const ARCHIVE_PREFIX: &str = "par-allocation-uploads";

/// The dry run of a par file: the pipeline's answer, and the orders its
/// valid rows make, in the chunks the browser sends to `uploadParMaps` as
/// they are (the grouping is the server's alone).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct ParsDryRun {
    #[serde(flatten)]
    pub dry: upload::DryRun,
    /// Each chunk at most `CHUNK_GROUPS` orders: one `uploadParMaps` call.
    pub chunks: Vec<Vec<ParGroup>>,
}

/// POST /pars/dry-run: every par rule over the whole file, errors per row and per order.
pub async fn dry_run(deps: &'static Deps, input: Input) -> Result<ParsDryRun, ApiError> {
    let req: UploadRequest = input.parse()?;
    check_file(&Dynamo(deps), &req).await
}

/// The dry run of a par file: the ops locations and the orders it names, read at once, then every rule.
pub async fn check_file<S: ParsStore>(store: &S, req: &UploadRequest) -> Result<ParsDryRun, ApiError> {
    req.check(upload::MAX_FILE_ROWS)?;
    let kind = ParFile::load(store, &req.rows).await?;
    let (dry, ready) = upload::dry_run_planned(&kind, req).await?;
    let rows: Vec<rules::ParRow> = ready.into_iter().map(|p| p.plan).collect();
    let chunks = ParGroup::of_rows(&rows).chunks(CHUNK_GROUPS).map(<[ParGroup]>::to_vec).collect();
    Ok(ParsDryRun { dry, chunks })
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct UploadParMaps {
    upload_id: String,
    groups: Vec<ParGroup>,
}

/// `uploadParMaps(uploadId, groups)`' answer: per group, and `success` only when every group landed.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct ParMapsAnswer {
    pub success: bool,
    pub results: Vec<GroupResult>,
}

/// `uploadParMaps(uploadId, groups)`: the pipeline's commit of the orders
/// (`kind::ParOrders`): every rule re-checked, each order written whole
/// with its record where none exists, a retry replayed.
pub async fn upload_par_maps(deps: &'static Deps, input: Input) -> Result<ParMapsAnswer, ApiError> {
    let req: UploadParMaps = input.parse()?;
    commit_chunk(&Dynamo(deps), &req.upload_id, req.groups).await
}

/// One chunk of `uploadParMaps`: its bounds, the ops locations, then the pipeline's commit.
pub async fn commit_chunk<S: ParsStore>(
    store: &S,
    upload_id: &str,
    chunk: Vec<ParGroup>,
) -> Result<ParMapsAnswer, ApiError> {
    let req = ParOrders::<S>::request(upload_id, &chunk)?;
    let mut kind = ParOrders { ops: HashMap::new(), store };
    kind.check_batch(&req)?; // before any read
    kind.ops = kind::ops_locations(store, chunk.iter().map(|g| g.location.clone()).collect()).await?;
    let out = upload::commit(&kind, &req, store).await?;
    let (success, results) = kind::answer(&chunk, &out);
    Ok(ParMapsAnswer { success, results })
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ArchiveRequest {
    upload_id: String,
    file_name: String,
    csv: String,
}

/// POST /pars/archive: keeps the uploaded CSV, the browser's own text, under `par-allocation-uploads/` (§4). A
/// failure is only logged.
pub async fn archive(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let req: ArchiveRequest = input.parse()?;
    limits::check_len("uploadId", &req.upload_id, limits::MAX_ID_CHARS)?;
    limits::check_len("fileName", &req.file_name, 200)?;
    let key = files::key(ARCHIVE_PREFIX, &req.upload_id, &req.file_name);
    let stored = files::keep(deps.bucket(Bucket::Uploads)?, &key, req.csv).await;
    Ok(json!({ "key": key, "stored": stored }))
}

fn date_arg(input: &Input, name: &str) -> Result<String, ApiError> {
    let raw: String = input.arg(name)?;
    rules::date(&raw)
        .filter(|d| *d == raw)
        .ok_or_else(|| ApiError::bad_request(format!("{name} must be a date as YYYY-MM-DD")))
}

/// `ordersByDay(productionDate, deliveryDate, nextToken, count)`: the orders dropping off on `deliveryDate`, paged.
pub async fn orders_by_day(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let date = date_arg(&input, "deliveryDate")?;
    let token: Option<String> = input.arg("nextToken")?;
    let count: Option<usize> = input.arg("count")?;
    let count = count.unwrap_or(ORDERS_PAGE);
    if !(1..=ORDERS_PAGE).contains(&count) {
        return Err(ApiError::bad_request(format!("count must be between 1 and {ORDERS_PAGE}")));
    }
    let (orders, next) = Dynamo(deps).orders_page(&date, token.as_deref(), count).await?;
    let items: Vec<Value> = orders
        .iter()
        .map(|o| {
            let d = o.details.clone().unwrap_or_default();
            json!({ "clientCode": d.client_code, "orderOwner": d.order_owner, "orderType": d.order_type, "locationId": o.location_id,
                    "uniqueId": if d.unique_id.is_empty() { format!("{}#{}", o.drop_off_date, o.order_key) } else { d.unique_id },
                    "addressForDelivery": d.address_for_delivery, "deliveryDate": o.delivery_date, "dropOffDate": o.drop_off_date,
                    "deliverySpecialNotes": d.delivery_special_notes, "orderUploadId": o.order_upload_id, "stockingIndex": o.stocking_index })
        })
        .collect();
    Ok(json!({ "items": items, "nextToken": next }))
}

/// `jitLocations(dropOffDate, location)`: the pars of one location and date (every stocking index summed).
pub async fn jit_locations(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let date = date_arg(&input, "dropOffDate")?;
    let location: String = input.arg("location")?;
    limits::check_len("location", &location, limits::MAX_ID_CHARS)?;
    let orders: Vec<FridgeOrder> =
        Dynamo(deps).orders_of(&date).await?.into_iter().filter(|o| o.location_id == location).collect();
    let pars = report::location_pars(&orders);
    Ok(Value::Array(
        pars.into_iter()
            .map(|(item, (count, over))| json!({ "itemName": item, "count": count, "overCapacityAmount": over }))
            .collect(),
    ))
}

/// `GET /pars/report/{YYYYMMDD}`: per location dropping off that day, its driver (route) and needs, placed in zones and bays.
pub async fn pars_report(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let raw = input.path.get("date").cloned().unwrap_or_default();
    let date = dates::compact_date(&raw).ok_or_else(|| ApiError::bad_request("date must be YYYYMMDD"))?;
    packing_report(&Dynamo(deps), &date.format("%Y-%m-%d").to_string()).await
}

/// The packing report of a drop-off date (`YYYY-MM-DD`).
pub async fn packing_report<S: ParsStore>(store: &S, date: &str) -> Result<Value, ApiError> {
    let orders = store.orders_of(date).await?;
    let needs = report::needs(&orders);
    let located = store.locations(needs.keys().cloned().collect()).await?;
    let drivers: HashMap<String, String> =
        located.iter().map(|l| (l.id.to_string(), l.route().unwrap_or_default().to_string())).collect();
    let locations: Vec<Value> = needs
        .iter()
        .map(|(location, n)| json!({ "location": location, "driver": drivers.get(location).cloned().unwrap_or_default(), "data_ids": n, "slots": report::slots(n) }))
        .collect();
    Ok(json!({ "date": date, "locations": locations }))
}
