//! Pars functions: the dry run of a par file, `uploadParMaps`, `ordersByDay`,
//! `jitLocations`, the packing report and the kept copy of an uploaded file.
use crate::groups::{self, GroupResult, ParGroup};
use crate::report;
use crate::rules::{self, OpsLocation, ParRow, MAX_ITEMS_PER_GROUP, ORDER_EXISTS};
use aws_sdk_s3::primitives::ByteStream;
use fleet_shared::entity::fridge_order::FridgeOrder;
use fleet_shared::history::Change;
use fleet_shared::upload::{self, CommitResult, CommitStatus, Planned, RawRow, UploadKind, UploadRequest};
use fleet_shared::{limits, paging, store, ApiError, Bucket, Deps, Input, Table};
use futures::{stream, StreamExt};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::{BTreeSet, HashMap};

/// Groups one `uploadParMaps` call takes (§9).
pub const CHUNK_GROUPS: usize = 500;
/// Orders per `ordersByDay` page (§9).
pub const ORDERS_PAGE: usize = 1000;
const IN_FLIGHT: usize = 8;

/// The dry run of a par file on the upload pipeline: rows grouped by order.
pub struct ParFile {
    pub ops: HashMap<String, OpsLocation>,
    pub existing: HashMap<String, FridgeOrder>,
}

impl UploadKind for ParFile {
    const SCOPE: &'static str = "pars";
    type Plan = ParRow;
    type Context = ();

    async fn context(&self) -> Result<(), ApiError> {
        Ok(())
    }

    fn group_of(&self, row: &RawRow) -> Option<String> {
        rules::group_of(row)
    }

    fn check(&self, row: &RawRow, _: &()) -> Result<(String, ParRow), Vec<String>> {
        let p = rules::parse(row)?;
        let mut e = rules::location_rules(&p.location, self.ops.get(&p.location));
        let group = rules::group_key(&p.drop_off_date, &p.location, p.stocking_index);
        if self.existing.contains_key(&group) {
            e.push(ORDER_EXISTS.into());
        }
        if e.is_empty() {
            Ok((format!("{group}#{}", p.item), p))
        } else {
            Err(e)
        }
    }

    async fn load(&self, _keys: Vec<String>) -> Result<HashMap<String, Value>, ApiError> {
        Ok(HashMap::new())
    }

    fn compare(&self, _plan: &ParRow, _stored: Option<&Value>) -> Result<Vec<Change>, String> {
        Ok(vec![])
    }

    /// A fridge order lands whole through `uploadParMaps` (one item per
    /// order, not a commit batch): its own bound, with its own message.
    fn max_group_rows(&self) -> usize {
        MAX_ITEMS_PER_GROUP
    }

    fn group_too_large(&self, group: &str, rows: usize, max: usize) -> String {
        format!("{group} has {rows} items; a fridge order holds at most {max}.")
    }

    /// Pars are committed through `uploadParMaps` (spec §7), which the browser
    /// calls with the groups; a pipeline commit of a par file is refused.
    async fn write(&self, rows: Vec<Planned<ParRow>>, _req: &UploadRequest) -> Result<Vec<CommitResult>, ApiError> {
        Ok(rows
            .into_iter()
            .map(|p| CommitResult {
                row: p.row,
                key: Some(p.key),
                status: CommitStatus::Failed,
                message: Some("Pars are uploaded with uploadParMaps".into()),
            })
            .collect())
    }
}

/// POST /pars/dry-run: every par rule over the whole file, errors per row and per order.
pub async fn dry_run(deps: &'static Deps, input: Input) -> Result<upload::DryRun, ApiError> {
    let req: UploadRequest = input.parse()?;
    check_file(deps, &req).await
}

/// The dry run of a par file: the ops locations and the orders it names, read at once, then every rule.
pub async fn check_file(deps: &Deps, req: &UploadRequest) -> Result<upload::DryRun, ApiError> {
    req.check(upload::MAX_FILE_ROWS)?;
    let keys: BTreeSet<String> = req.rows.iter().filter_map(rules::group_of).collect();
    let keys: Vec<String> = keys.into_iter().collect();
    let locations: BTreeSet<String> = req.rows.iter().filter_map(rules::location_of).collect();
    let (ops, existing) = tokio::try_join!(
        groups::ops_locations(deps, locations.iter().map(String::as_str)),
        groups::existing(deps, &keys)
    )?;
    upload::dry_run(&ParFile { ops, existing }, req).await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct UploadParMaps {
    upload_id: String,
    groups: Vec<ParGroup>,
}

/// `uploadParMaps(uploadId, groups)`: re-checks every rule, then writes each
/// group with its conditional put. A chunk answers per group; `success` only
/// when every group landed.
pub async fn upload_par_maps(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let req: UploadParMaps = input.parse()?;
    commit_chunk(deps, &req.upload_id, req.groups).await
}

/// One chunk of `uploadParMaps`: the ops locations, then [`upload_groups`].
pub async fn commit_chunk(deps: &Deps, upload_id: &str, chunk: Vec<ParGroup>) -> Result<Value, ApiError> {
    limits::check_len("uploadId", upload_id, limits::MAX_ID_CHARS)?;
    limits::check_count("groups", chunk.len(), CHUNK_GROUPS)?;
    let ops = groups::ops_locations(deps, chunk.iter().map(|g| g.location.as_str())).await?;
    let results = upload_groups(deps, &ops, upload_id, chunk).await;
    let success = results.iter().all(|r| r.status == "written");
    Ok(json!({ "success": success, "results": results }))
}

/// Checks each group, then writes the valid ones in transactions of up to
/// 100 orders (several at once), answering per group in the order given.
pub async fn upload_groups(
    deps: &Deps,
    ops: &HashMap<String, OpsLocation>,
    upload_id: &str,
    groups: Vec<ParGroup>,
) -> Vec<GroupResult> {
    let mut results: Vec<GroupResult> = groups
        .iter()
        .map(|g| {
            let messages = g.check(ops.get(&g.location));
            GroupResult { key: g.key(), status: if messages.is_empty() { "written" } else { "failed" }, messages }
        })
        .collect();
    // A retry of an order this upload wrote, or its id sent with another order, is told
    // by the order's record when the order's condition fails (`groups::write_together`):
    // no read before writing.
    let valid: Vec<(usize, &ParGroup)> =
        groups.iter().enumerate().filter(|(i, _)| results[*i].messages.is_empty()).collect();
    let refs: Vec<&ParGroup> = valid.iter().map(|(_, g)| *g).collect();
    let batches = groups::transactions(&refs);
    let outcomes: Vec<Vec<Result<(), ApiError>>> = stream::iter(batches)
        .map(|batch| async move { groups::write_together(deps, &batch, upload_id).await })
        .buffered(IN_FLIGHT)
        .collect()
        .await;
    for ((i, _), outcome) in valid.iter().zip(outcomes.into_iter().flatten()) {
        if let Err(e) = outcome {
            results[*i].status = "failed";
            results[*i].messages.push(e.to_string());
        }
    }
    results
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ArchiveRequest {
    upload_id: String,
    file_name: String,
    csv: String,
}

/// POST /pars/archive: keeps the uploaded CSV under `par-allocation-uploads/` (§4). A failure is only logged.
pub async fn archive(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let req: ArchiveRequest = input.parse()?;
    limits::check_len("uploadId", &req.upload_id, limits::MAX_ID_CHARS)?;
    limits::check_len("fileName", &req.file_name, 200)?;
    let key = format!("par-allocation-uploads/{}/{}", req.upload_id, req.file_name.replace('/', "_"));
    let bucket = deps.bucket(Bucket::Uploads)?;
    let stored = bucket
        .client
        .put_object()
        .bucket(bucket.name)
        .key(&key)
        .content_type("text/csv")
        .body(ByteStream::from(req.csv.into_bytes()))
        .send()
        .await;
    if let Err(e) = &stored {
        tracing::error!(key, error = %e, "par file not kept");
    }
    Ok(json!({ "key": key, "stored": stored.is_ok() }))
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
    let t = deps.table(Table::FridgeOrders)?;
    let date_ref = date.as_str();
    let (items, next) = paging::signed_page(
        deps.config.paging_secret()?,
        &format!("orders:{date}"),
        token.as_deref(),
        count,
        |start, limit| async move {
            let out = t
                .client
                .query()
                .table_name(t.name)
                .key_condition_expression("dropOffDate = :d")
                .expression_attribute_values(":d", store::s(date_ref))
                .set_limit(limit)
                .set_exclusive_start_key(start)
                .send()
                .await?;
            Ok((out.items.unwrap_or_default(), out.last_evaluated_key))
        },
    )
    .await?;
    let orders = items.into_iter().map(store::from_item::<FridgeOrder>).collect::<Result<Vec<_>, _>>()?;
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

async fn orders_of(deps: &Deps, date: &str) -> Result<Vec<FridgeOrder>, ApiError> {
    deps.table(Table::FridgeOrders)?.partition("dropOffDate", date).await
}

/// `jitLocations(dropOffDate, location)`: the pars of one location and date (every stocking index summed).
pub async fn jit_locations(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let date = date_arg(&input, "dropOffDate")?;
    let location: String = input.arg("location")?;
    limits::check_len("location", &location, limits::MAX_ID_CHARS)?;
    let orders: Vec<FridgeOrder> =
        orders_of(deps, &date).await?.into_iter().filter(|o| o.location_id == location).collect();
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
    let date = chrono::NaiveDate::parse_from_str(&raw, "%Y%m%d")
        .map_err(|_| ApiError::bad_request("date must be YYYYMMDD"))?
        .format("%Y-%m-%d")
        .to_string();
    let orders = orders_of(deps, &date).await?;
    let needs = report::needs(&orders);
    let keys = needs.keys().map(|id| HashMap::from([("id".to_string(), store::s(id))])).collect();
    let docs = deps.table(Table::Locations)?.batch_get(keys, &["id", "operationConfigs"]).await?;
    let mut drivers = HashMap::new();
    for d in docs {
        let v: Value = store::from_item(d)?;
        drivers.insert(
            v["id"].as_str().unwrap_or_default().to_string(),
            v["operationConfigs"]["route"].as_str().unwrap_or_default().to_string(),
        );
    }
    let locations: Vec<Value> = needs
        .iter()
        .map(|(location, n)| json!({ "location": location, "driver": drivers.get(location).cloned().unwrap_or_default(), "data_ids": n, "slots": report::slots(n) }))
        .collect();
    Ok(json!({ "date": date, "locations": locations }))
}
