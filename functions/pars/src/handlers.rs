//! Pars functions: the dry run of a par file, `uploadParMaps`, `ordersByDay`, `fridgeOrderCounts`,
//! `jitLocations`, the packing report and the kept copy of an uploaded file.
//! Each reads and writes through the store trait (`store::Dynamo` here).
use crate::groups::{GroupResult, ParGroup};
use crate::kind::{self, ParOrders};
use crate::report;
use crate::rules;
use crate::store::{Dynamo, ParsStore};
use fleet_shared::contract::{Ctx, Page};
use fleet_shared::entity::fridge_order::FridgeOrder;
use fleet_shared::entity::{CompactDate, LocationId, StockingDate, UploadId};
use fleet_shared::upload::{self, UploadRequest};
use fleet_shared::{files, limits, ApiError, Bucket, Deps};
use futures::{stream, StreamExt, TryStreamExt};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

pub use crate::kind::ParFile;
pub use crate::rules::CHUNK_GROUPS;

/// Orders per `ordersByDay` page (§9).
pub const ORDERS_PAGE: usize = 1000;
/// Where kept par files go (§4).
pub const ARCHIVE_PREFIX: &str = "par-allocation-uploads";

/// The dry run of a par file: the pipeline's answer, and the orders its
/// valid rows make, in the chunks the browser sends to `uploadParMaps` as
/// they are (the grouping is the server's alone).
#[derive(Debug, Clone, Serialize, PartialEq, schemars::JsonSchema)]
pub struct ParsDryRun {
    #[serde(flatten)]
    pub dry: upload::DryRun,
    /// Each chunk at most `CHUNK_GROUPS` orders: one `uploadParMaps` call.
    pub chunks: Vec<Vec<ParGroup>>,
}

/// POST /pars/dry-run: every par rule over the whole file, errors per row and per order.
pub async fn dry_run(deps: &'static Deps, _: Ctx, req: UploadRequest) -> Result<ParsDryRun, ApiError> {
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

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadParMaps {
    upload_id: UploadId,
    groups: Vec<ParGroup>,
}

/// `uploadParMaps(uploadId, groups)`' answer: per group, and `success` only when every group landed.
#[derive(Debug, Clone, Serialize, PartialEq, schemars::JsonSchema)]
pub struct ParMapsAnswer {
    pub success: bool,
    pub results: Vec<GroupResult>,
}

/// `uploadParMaps(uploadId, groups)`: the pipeline's commit of the orders
/// (`kind::ParOrders`): every rule re-checked, each order written whole
/// with its record where none exists, a retry replayed.
pub async fn upload_par_maps(deps: &'static Deps, _: Ctx, req: UploadParMaps) -> Result<ParMapsAnswer, ApiError> {
    commit_chunk(&Dynamo(deps), &req.upload_id, req.groups).await
}

/// One chunk of `uploadParMaps`: its bounds, the ops locations, then the pipeline's commit.
pub async fn commit_chunk<S: ParsStore>(
    store: &S,
    upload_id: &UploadId,
    chunk: Vec<ParGroup>,
) -> Result<ParMapsAnswer, ApiError> {
    let req = ParOrders::<S>::request(upload_id, &chunk)?;
    let kind = ParOrders { store };
    let out = upload::commit(&kind, &req, store).await?;
    let (success, results) = kind::answer(&chunk, &out);
    Ok(ParMapsAnswer { success, results })
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArchiveRequest {
    upload_id: UploadId,
    file_name: String,
    csv: String,
}

/// Where a kept file went, and whether it was stored.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Kept {
    pub key: String,
    pub stored: bool,
}

/// POST /pars/archive: keeps the uploaded CSV, the browser's own text, under `par-allocation-uploads/` (§4). A
/// failure is only logged.
pub async fn archive(deps: &'static Deps, _: Ctx, req: ArchiveRequest) -> Result<Kept, ApiError> {
    limits::check_len("fileName", &req.file_name, 200)?;
    let key = files::key(ARCHIVE_PREFIX, &req.upload_id, &req.file_name);
    let stored = files::keep(deps.bucket(Bucket::Uploads)?, &key, req.csv).await;
    Ok(Kept { key, stored })
}

/// A date argument as `YYYY-MM-DD` exactly; `name` says which.
/// `ordersByDay`' arguments (`productionDate` is accepted and not read).
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrdersByDayArgs {
    delivery_date: StockingDate,
    #[serde(default)]
    next_token: Option<String>,
    #[serde(default)]
    count: Option<i64>,
}

/// One order as `ordersByDay` lists it: its details, empty when it has none.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderView {
    pub client_code: String,
    pub order_owner: String,
    pub order_type: String,
    pub location_id: String,
    pub unique_id: String,
    pub address_for_delivery: String,
    pub delivery_date: String,
    pub drop_off_date: String,
    pub delivery_special_notes: String,
    pub order_upload_id: Option<String>,
    pub stocking_index: i64,
}

impl From<FridgeOrder> for OrderView {
    fn from(o: FridgeOrder) -> Self {
        let d = o.details.unwrap_or_default();
        OrderView {
            unique_id: if d.unique_id.is_empty() {
                format!("{}#{}", o.drop_off_date, o.order_key)
            } else {
                d.unique_id
            },
            client_code: d.client_code,
            order_owner: d.order_owner,
            order_type: d.order_type,
            location_id: o.location_id,
            address_for_delivery: d.address_for_delivery,
            delivery_date: o.delivery_date,
            drop_off_date: o.drop_off_date,
            delivery_special_notes: d.delivery_special_notes,
            order_upload_id: o.order_upload_id,
            stocking_index: o.stocking_index,
        }
    }
}

/// `ordersByDay(productionDate, deliveryDate, nextToken, count)`: the orders dropping off on `deliveryDate`, paged.
pub async fn orders_by_day(deps: &'static Deps, _: Ctx, args: OrdersByDayArgs) -> Result<Page<OrderView>, ApiError> {
    let date = args.delivery_date.to_string();
    let count = fleet_shared::limits::page_count(args.count, ORDERS_PAGE)?;
    let (orders, next_token) = Dynamo(deps).orders_page(&date, args.next_token.as_deref(), count).await?;
    Ok(Page { items: orders.into_iter().map(OrderView::from).collect(), next_token })
}

/// Dates one `fridgeOrderCounts` call counts at most: a month, past the upload's 15-day look-ahead.
pub const MAX_COUNTED_DATES: usize = 31;
/// Dates counted at once: each is a Query per shard, so this bounds the Queries in flight.
const DATES_AT_ONCE: usize = 3;

/// `fridgeOrderCounts`' arguments.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderCountsArgs {
    delivery_dates: Vec<StockingDate>,
}

/// How many fridge orders drop off on one date.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayOrderCount {
    pub delivery_date: String,
    pub count: u64,
}

/// `fridgeOrderCounts(deliveryDates)`: how many orders drop off on each date, in the order asked. The pars upload's
/// fifteen order lookups (3-planning §2, step 1) in one call: counted where they are stored, no order sent back.
pub async fn fridge_order_counts(
    deps: &'static Deps,
    _: Ctx,
    args: OrderCountsArgs,
) -> Result<Vec<DayOrderCount>, ApiError> {
    order_counts(&Dynamo(deps), &args.delivery_dates).await
}

pub async fn order_counts<S: ParsStore>(store: &S, dates: &[StockingDate]) -> Result<Vec<DayOrderCount>, ApiError> {
    let distinct: std::collections::BTreeSet<&StockingDate> = dates.iter().collect();
    if dates.is_empty() || dates.len() > MAX_COUNTED_DATES || distinct.len() != dates.len() {
        return Err(ApiError::bad_request(format!(
            "deliveryDates must name 1 to {MAX_COUNTED_DATES} dates, each once"
        )));
    }
    stream::iter(dates.iter().copied().map(|date| async move {
        let delivery_date = date.to_string();
        let count = store.order_count(&delivery_date).await?;
        Ok(DayOrderCount { delivery_date, count })
    }))
    .buffered(DATES_AT_ONCE)
    .try_collect()
    .await
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct JitLocationsArgs {
    drop_off_date: StockingDate,
    location: LocationId,
}

/// One item's par at a location and date.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct JitPar {
    pub item_name: String,
    pub count: i64,
    pub over_capacity_amount: f64,
}

/// `jitLocations(dropOffDate, location)`: the pars of one location and date (every stocking index summed).
pub async fn jit_locations(deps: &'static Deps, _: Ctx, args: JitLocationsArgs) -> Result<Vec<JitPar>, ApiError> {
    let date = args.drop_off_date.to_string();
    let orders: Vec<FridgeOrder> =
        Dynamo(deps).orders_of(&date).await?.into_iter().filter(|o| o.location_id == args.location.as_str()).collect();
    let pars = report::location_pars(&orders);
    Ok(pars
        .into_iter()
        .map(|(item_name, (count, over_capacity_amount))| JitPar { item_name, count, over_capacity_amount })
        .collect())
}

#[derive(Deserialize, schemars::JsonSchema)]
pub struct ReportArgs {
    /// `YYYYMMDD`, from the path.
    date: CompactDate,
}

/// `GET /pars/report/{YYYYMMDD}`: per location dropping off that day, its driver (route) and needs, placed in zones and bays.
pub async fn pars_report(deps: &'static Deps, _: Ctx, args: ReportArgs) -> Result<PackingReport, ApiError> {
    packing_report(&Dynamo(deps), &args.date.day().to_string()).await
}

/// The packing report of a drop-off date.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct PackingReport {
    /// `YYYY-MM-DD`.
    pub date: String,
    pub locations: Vec<LocationPacking>,
}

/// One location's driver (its route) and needs; the report's field names are the packing tool's.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct LocationPacking {
    pub location: String,
    pub driver: String,
    /// Units needed per item.
    pub data_ids: BTreeMap<String, i64>,
    pub slots: Vec<report::Slot>,
}

/// The packing report of a drop-off date (`YYYY-MM-DD`).
pub async fn packing_report<S: ParsStore>(store: &S, date: &str) -> Result<PackingReport, ApiError> {
    let orders = store.orders_of(date).await?;
    let needs = report::needs(&orders);
    let located = store.locations(needs.keys().cloned().collect()).await?;
    let drivers: HashMap<String, String> =
        located.iter().map(|l| (l.id.to_string(), l.route().unwrap_or_default().to_string())).collect();
    let locations = needs
        .into_iter()
        .map(|(location, n)| LocationPacking {
            driver: drivers.get(&location).cloned().unwrap_or_default(),
            slots: report::slots(&n),
            data_ids: n,
            location,
        })
        .collect();
    Ok(PackingReport { date: date.to_string(), locations })
}
