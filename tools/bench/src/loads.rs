//! `fleet-local bench-upload N`: commits N bulk-location rows through the
//! upload pipeline (batches of 100, 4 in flight, as the browser sends them)
//! and writes the same items (locations and their history records) with a
//! raw BatchWriteItem loop, against the emulator; prints both rates.
use fleet_shared::entity::UploadId;
use fleet_shared::history::{self, Record};
use fleet_shared::upload::{self, RawRow, UploadRequest};
use fleet_shared::{store, ApiError, Deps, Table};
use fn_locations::bulk::BulkLocations;
use futures::stream::{self, StreamExt, TryStreamExt};
use serde_json::{json, Value};
use std::time::Instant;

fn crm_row(id: &str) -> serde_json::Map<String, Value> {
    json!({ "POS_NAME__c": id, "Fridge_State__c": "IL", "Fridge_City__c": "Chicago", "Fridge_Street__c": "100 N Wacker Dr",
        "Fridge_Zipcode__c": "60606", "Sales_Tax_Rate__c": "2.25", "Vertical__c": "Office", "Consumer_Friendly_Location__c": "Lobby",
        "Consumer_Friendly_NAme__c": "Wacker Lobby", "Access_Type__c": "Private", "Stocking_Date__c": "2026-02-02",
        "MALongitude__c": "-87.6369", "MALatitude__c": "41.8837", "Business_Hours__c": "24 Hours" })
    .as_object()
    .cloned()
    .expect("object")
}

/// Commits `rows` new locations (ids `BENCH_P{run}_{i}`) through the upload
/// pipeline as the bulk upload does: batches of `MAX_BATCH_ROWS`, 4 in flight.
/// Answers the seconds it took.
pub async fn commit_locations(deps: &'static Deps, run: &str, rows: usize) -> Result<f64, ApiError> {
    let kind = BulkLocations { deps, user: "bench@fleet.local".into(), now: store_now() };
    let all: Vec<RawRow> =
        (0..rows).map(|i| RawRow { row: i as u32 + 2, values: crm_row(&format!("BENCH_P{run}_{i}")) }).collect();
    let started = Instant::now();
    let upload_id = UploadId::parse(&format!("bench-{run}"))?;
    let batches: Vec<UploadRequest> = all
        .chunks(upload::MAX_BATCH_ROWS)
        .map(|c| UploadRequest {
            upload_id: upload_id.clone(),
            file_name: "bench.csv".into(),
            rows: c.to_vec(),
            groups: None,
        })
        .collect();
    let records = deps.table(Table::Idempotency)?;
    let written: Vec<Result<upload::Committed, ApiError>> =
        stream::iter(batches.iter()).map(|b| upload::commit(&kind, b, &records)).buffer_unordered(4).collect().await;
    let mut ok = 0;
    for w in written {
        ok += w?.written;
    }
    if ok != rows {
        return Err(ApiError::internal(format!("{ok} of {rows} rows written")));
    }
    Ok(started.elapsed().as_secs_f64())
}

pub async fn upload(deps: &'static Deps, rows: usize) -> Result<(), ApiError> {
    let run = chrono::Utc::now().format("%H%M%S").to_string();
    let pipeline = commit_locations(deps, &run, rows).await?;

    // The same items: each location document and its history record.
    let options = fn_locations::store::Dynamo(deps);
    let opts = fn_locations::store::LocationStore::options(&options).await?;
    let mut docs = Vec::new();
    let mut records = Vec::new();
    for i in 0..rows {
        let id = format!("BENCH_R{run}_{i}");
        let p = fn_locations::bulk::payload(&crm_row(&id)).map_err(|m| ApiError::internal(m.join("; ")))?;
        let doc =
            fn_locations::plan::new_location(fn_locations::plan::Origin::Import, &p, &opts, "bench", &store_now())
                .map_err(ApiError::internal)?;
        records.push(store::to_item(&Record::new(
            history::entity("location", &id),
            &store_now(),
            "bench",
            "raw",
            vec![],
        ))?);
        docs.push(store::to_item(&doc)?);
    }
    let started = Instant::now();
    deps.table(Table::Locations)?.batch_put(docs).await?;
    deps.table(Table::History)?.batch_put(records).await?;
    let raw = started.elapsed().as_secs_f64();
    let (p, r) = (rows as f64 / pipeline, rows as f64 / raw);
    println!("upload pipeline commit: {rows} rows in {pipeline:.1} s = {p:.0} rows/s");
    println!("raw BatchWriteItem loop: {rows} rows in {raw:.1} s = {r:.0} rows/s");
    println!("pipeline / raw = {:.2} (target >= 0.5)", p / r);
    Ok(())
}

fn store_now() -> String {
    fleet_shared::fridge_time::now_text()
}

/// `fleet-local bench-fleet N`: adds LIVE fridges, each running a version of
/// every software, until the stack has N fridges (for the software screen's
/// load and search figures). Answers how many were added.
pub async fn fleet(deps: &'static Deps, total: usize) -> Result<usize, ApiError> {
    let existing: Vec<std::collections::HashMap<String, Value>> = deps.table(Table::Locations)?.scan_all().await?;
    let fridges = existing.iter().filter(|l| l.get("type").and_then(Value::as_str) == Some("FRIDGE")).count();
    let add = total.saturating_sub(fridges);
    let ids: Vec<String> = (0..add).map(|i| format!("BENCH_FRIDGE_{i:05}")).collect();
    let locations = ids
        .iter()
        .map(|id| store::to_item(&json!({ "id": id, "type": "FRIDGE", "status": { "ops": "LIVE", "public": "LIVE" }, "prettyName": format!("Bench {id}") })))
        .collect::<Result<Vec<_>, _>>()?;
    let versions = ids
        .iter()
        .enumerate()
        .map(|(n, id)| {
            let mut item = json!({ "fridgeId": id });
            for t in fn_software::versions::ARTIFACT_TYPES {
                item[t] = json!(format!("1.{}.0", n % 5));
            }
            store::to_item(&item)
        })
        .collect::<Result<Vec<_>, _>>()?;
    deps.table(Table::Locations)?.batch_put(locations).await?;
    deps.table(Table::FridgeSoftwareVersions)?.batch_put(versions).await?;
    // As a deployment would: the software screen reads the snapshot.
    let when = fleet_shared::snapshot::When::Now;
    fn_software::inventory::rebuild(deps, deps, when, fleet_shared::fridge_time::now()).await?;
    Ok(add)
}

/// `fleet-local bench-routes DATE N`: N route stops on DATE (20 a route),
/// each with a fridge order, for the routes query figure.
/// The `i`-th stop of a bench day as stored: routes of 20 stops named
/// `{prefix}-NN`, each stop one location's delivery, not yet stocked.
pub fn bench_stop(date: &str, prefix: &str, i: usize, location: &str, market: &str) -> Result<store::Item, ApiError> {
    use fleet_shared::entity::route_stop::{sort_key, RouteStop, StoredStop};
    let (route, stop) = (format!("{prefix}-{:02}", i / 20), (i % 20) as i64 + 1);
    let s = RouteStop {
        stocking_date: date.into(),
        market: market.into(),
        id: location.into(),
        route: route.clone(),
        stop,
        stocking_index: 1,
        stop_type: "DELIVERY".into(),
    };
    store::to_item(&StoredStop {
        route_stop: sort_key(&route, stop),
        stop: s,
        upload: None,
        stocked_time_utc: None,
        stocked_by: None,
    })
}

pub async fn routes(deps: &'static Deps, date: &str, n: usize) -> Result<(), ApiError> {
    use fleet_shared::entity::fridge_order::FridgeOrder;
    let mut stops = Vec::with_capacity(n);
    let mut orders = Vec::with_capacity(n);
    for i in 0..n {
        let id = format!("BENCH_STOP_{i:04}");
        stops.push(bench_stop(date, "bench", i, &id, "MW")?);
        let pars = [("Greek Salad".to_string(), 12), ("Cold Brew".to_string(), 20)];
        let order = FridgeOrder::new(date, &id, 1, pars);
        orders.push(fleet_shared::order_store::item(&order)?);
    }
    deps.table(Table::LocationRoutes)?.batch_put(stops).await?;
    deps.table(Table::FridgeOrders)?.batch_put(orders).await
}

/// `fleet-local bench-pars N`: a par file of N rows (10 items an order, on
/// demo fridges with every tag, on dates of this run) checked by the dry run
/// and committed as `uploadParMaps` does (chunks of 500 orders, 3 chunks at
/// once like the browser); then the same order items with a raw
/// BatchWriteItem loop. Prints both rates and the ratio.
pub async fn pars(deps: &'static Deps, rows: usize) -> Result<(), ApiError> {
    use fleet_shared::entity::location::Location;
    use fn_pars::groups::ParGroup;
    use fn_pars::handlers::commit_chunk;
    use fn_pars::rules::OpsLocation;
    use fn_pars::store::{Dynamo, OrderRef, ParsStore};
    let pars = Dynamo(deps);
    let docs: Vec<Location> = deps.table(Table::Locations)?.scan_projected(&["id", "type", "operationConfigs"]).await?;
    let mut fridges: Vec<String> = docs
        .iter()
        .map(|l| (l.id.to_string(), OpsLocation::of(l)))
        .filter(|(_, o)| o.kind == "FRIDGE" && fn_pars::rules::location_rules("x", Some(o)).is_empty())
        .map(|(id, _)| id)
        .collect();
    fridges.sort();
    let fridges: Vec<String> = fridges.into_iter().take(100).collect();
    let run = chrono::Utc::now().timestamp() % 10_000;
    let day = |offset: usize, salt: i64| {
        (chrono::NaiveDate::from_ymd_opt(2070, 1, 1).unwrap() + chrono::Duration::days(salt * 40 + offset as i64))
            .format("%Y-%m-%d")
            .to_string()
    };
    let row_of = |i: usize, salt: i64| {
        let order = i / 10;
        let (fridge, date) = (&fridges[order % fridges.len()], day(order / fridges.len(), salt));
        json!({ "location": fridge, "dropOffDate": date, "deliveryDate": date, "stockingIndex": "1", "item": format!("Item {}", i % 10),
                "par": "4", "overCapacityAmount": "1", "jit": "false", "priorityBoost": "" }).as_object().cloned().expect("object")
    };
    let raw_rows: Vec<RawRow> = (0..rows).map(|i| RawRow { row: i as u32 + 2, values: row_of(i, run * 2) }).collect();
    let req = UploadRequest {
        upload_id: UploadId::parse(&format!("bench-pars-{run}"))?,
        file_name: "pars.csv".into(),
        rows: raw_rows,
        groups: None,
    };

    // Where the dry run's time goes, measured apart before the timed run.
    let keys: Vec<OrderRef> = req
        .rows
        .iter()
        .filter_map(|r| fn_pars::rules::parse(r).ok())
        .map(|p| OrderRef {
            order_key: fleet_shared::entity::fridge_order::order_key(&p.location, p.stocking_index),
            drop_off_date: p.drop_off_date,
        })
        .collect();
    let t = Instant::now();
    pars.locations(fridges.clone()).await?;
    let ops_s = t.elapsed().as_secs_f64();
    let t = Instant::now();
    pars.orders(keys).await?;
    let existing_s = t.elapsed().as_secs_f64();

    let started = Instant::now();
    // The dry run answers the orders in the chunks the browser sends.
    let dry = fn_pars::handlers::check_file(&pars, &req).await?;
    assert_eq!(dry.dry.summary.invalid, 0, "a valid file: {}", dry.dry.summary_text);
    let checked = started.elapsed().as_secs_f64();
    let orders: usize = dry.chunks.iter().map(Vec::len).sum();
    let upload_id = &req.upload_id;
    let answers: Vec<_> =
        stream::iter(dry.chunks).map(|c| commit_chunk(&pars, upload_id, c)).buffer_unordered(3).try_collect().await?;
    let pipeline = started.elapsed().as_secs_f64();
    assert!(answers.iter().all(|a| a.success), "every order written");
    // The same order items, written raw on the other dates of this run.
    let raw_items = (0..rows)
        .map(|i| RawRow { row: 0, values: row_of(i, run * 2 + 1) })
        .map(|r| fn_pars::rules::parse(&r).expect("valid row"))
        .collect::<Vec<_>>();
    let items = ParGroup::of_rows(&raw_items)
        .iter()
        .map(|g| fleet_shared::order_store::item(&g.order("raw")))
        .collect::<Result<Vec<_>, _>>()?;
    let started = Instant::now();
    deps.table(Table::FridgeOrders)?.batch_put(items).await?;
    let raw = started.elapsed().as_secs_f64();
    let (p, r) = (rows as f64 / pipeline, rows as f64 / raw);
    println!("par file through the pipeline: {rows} rows, {orders} orders in {pipeline:.2} s (dry run {checked:.2} s) = {p:.0} rows/s");
    println!("  apart: ops-location lookup {ops_s:.2} s, existing-order lookup {existing_s:.2} s");
    println!("raw BatchWriteItem loop of the same orders: {rows} rows in {raw:.2} s = {r:.0} rows/s");
    println!("pipeline / raw = {:.2} (target >= 0.5)", p / r);
    Ok(())
}

/// `fleet-local bench-prices N`: stores half of an N-row price file, then
/// times the dry run of the whole file (each row checked, half diffed against
/// a stored price, half new) three times; prints the median (target < 2 s).
pub async fn prices(deps: &'static Deps, rows: usize) -> Result<(), ApiError> {
    use fn_prices::kind::ItemPrices;
    let run = chrono::Utc::now().timestamp() % 100_000;
    let schema = |i: usize| format!("BENCH_{run}_{}", i % 5);
    let item = |i: usize| format!("ITEM_{i:05}");
    let stored = (0..rows / 2)
        .map(|i| store::to_item(&json!({ "schemaId": schema(i), "item": item(i), "cents": 300, "price": "3.00" })))
        .collect::<Result<Vec<_>, _>>()?;
    deps.table(Table::ItemPrices)?.batch_put(stored).await?;
    let file = UploadRequest {
        upload_id: UploadId::parse(&format!("bench-prices-{run}"))?,
        file_name: "prices.csv".into(),
        rows: (0..rows)
            .map(|i| RawRow {
                row: i as u32 + 2,
                values: json!({ "schemaId": schema(i), "item": item(i), "price": "3.25" })
                    .as_object()
                    .cloned()
                    .expect("object"),
            })
            .collect(),
        groups: None,
    };
    let kind = ItemPrices { deps, user: "bench".into(), now: "now".into() };
    let mut times = Vec::new();
    for _ in 0..3 {
        let started = Instant::now();
        let dry = upload::dry_run(&kind, &file).await?;
        times.push(started.elapsed().as_secs_f64());
        assert_eq!((dry.summary.change, dry.summary.new), (rows / 2, rows - rows / 2));
    }
    times.sort_by(f64::total_cmp);
    println!(
        "price file dry run: {rows} rows ({} diffed, {} new), median of 3 = {:.2} s (target < 2 s)",
        rows / 2,
        rows - rows / 2,
        times[1]
    );
    Ok(())
}

/// `fleet-local bench-ingest N`: N heartbeats of N/10 fridges stored two
/// ways into the same emulator in the same run: by the real ingest handler
/// (SQS event records of 10, as the event source mapping sends them, each
/// parsed, checked against the Locations table and written with its
/// temperature sample) and by a raw loop of the same writes: per batch of
/// 10, the samples in one BatchWriteItem and, at the same time, each health
/// item as a newest-wins conditional PutItem (8 in flight), as the handler
/// writes them. Prints both rates and their ratio (target >= 0.5).
pub async fn ingest(
    wiring: &'static fleet_front_door::wiring::Wiring,
    deps: &'static Deps,
    n: usize,
) -> Result<(), ApiError> {
    let run = fleet_shared::fridge_time::now().timestamp() % 100_000;
    let fridges: Vec<String> = (0..(n / 10).max(1)).map(|i| format!("BENCH_{run}_{i:04}")).collect();
    let docs = fridges
        .iter()
        .map(|id| store::to_item(&json!({ "id": id, "status": { "ops": "LIVE" } })))
        .collect::<Result<Vec<_>, _>>()?;
    deps.table(Table::Locations)?.batch_put(docs).await?;
    let start = fleet_shared::fridge_time::now();
    let at = |i: usize| fleet_shared::fridge_time::stamp(start + chrono::Duration::milliseconds(i as i64));
    let body = |i: usize| {
        json!({ "type": "heartbeat", "locationId": fridges[i % fridges.len()], "timestamp": at(i), "temperature": 37.5,
                                  "outOfOrder": false, "hdmi": true, "jofemarState": "STATUS_0_READY", "timezone": "America/Chicago" }).to_string()
    };
    let spec = fleet_functions::by_name("telemetry_ingest").ok_or_else(|| ApiError::internal("no telemetry_ingest"))?;
    let fn_deps = wiring.deps(spec);

    let arn = fleet_front_door::queues::queue_arn("http://localhost/000000000000/TelemetryQueue");
    let started = Instant::now();
    for chunk in (0..n).collect::<Vec<_>>().chunks(fleet_shared::limits::SQS_BATCH_MAX) {
        let records = chunk
            .iter()
            .map(|i| fleet_front_door::queues::record(&format!("b-{i}"), "bench", &body(*i), &arn))
            .collect();
        let out = spec.invoke(fn_deps, fleet_front_door::queues::event(records)).await?;
        if out["batchItemFailures"].as_array().is_some_and(|f| !f.is_empty()) {
            return Err(ApiError::internal(format!("ingest failed records: {out}")));
        }
    }
    let handler_rate = n as f64 / started.elapsed().as_secs_f64();

    // The same items (health per fridge and a sample per message), written
    // raw an hour later, so each health put lands over the handler's as its did.
    let (health, telemetry) = (deps.table(Table::FridgeHealth)?, deps.table(Table::FridgeTelemetry)?);
    let later = |i: usize| at(i + 3_600_000);
    // Per batch: (health items with their time, sample write requests).
    type Batch = (Vec<(String, store::Item)>, Vec<(String, aws_sdk_dynamodb::types::WriteRequest)>);
    let mut batches: Vec<Batch> = Vec::new();
    for chunk in (0..n).collect::<Vec<_>>().chunks(fleet_shared::limits::SQS_BATCH_MAX) {
        let (mut latest, mut history) = (Vec::new(), Vec::new());
        for &i in chunk {
            let id = &fridges[i % fridges.len()];
            let h = json!({ "locationId": id, "timestamp": later(i), "temperature": 37.5, "outOfOrder": false, "hdmi": true, "jofemarState": "STATUS_0_READY", "timezone": "America/Chicago", "receivedAt": later(i) });
            let s = json!({ "locationId": id, "sk": format!("temp#{}", later(i)), "temperature": 37.5, "timestamp": later(i), "expiresAt": 0 });
            latest.push((later(i), store::to_item(&h)?));
            history.push((telemetry.name.to_string(), store::put_request(store::to_item(&s)?)?));
        }
        batches.push((latest, history));
    }
    let client = deps.dynamo()?;
    let started = Instant::now();
    // As the handler does: per batch of 10, one BatchWriteItem of samples
    // alongside the health items' conditional puts (distinct fridges within it).
    for (latest, history) in batches {
        let puts = latest.into_iter().map(|(at, item)| {
            client
                .put_item()
                .table_name(health.name)
                .set_item(Some(item))
                .condition_expression("attribute_not_exists(locationId) OR #ts < :ts")
                .expression_attribute_names("#ts", "timestamp")
                .expression_attribute_values(":ts", store::s(at))
                .send()
        });
        let puts = stream::iter(puts).buffer_unordered(8).collect::<Vec<_>>();
        let samples = store::batch_write_all(client, history);
        let (written, puts) = tokio::join!(samples, puts);
        written?;
        for p in puts {
            p.map_err(ApiError::from)?;
        }
    }
    let raw_rate = n as f64 / started.elapsed().as_secs_f64();
    println!("ingest through the handler: {n} messages at {handler_rate:.0} messages/s");
    println!(
        "raw loop of the same writes: {n} messages at {raw_rate:.0} messages/s (samples batched, health conditional)"
    );
    println!("handler / raw = {:.2} (target >= 0.5)", handler_rate / raw_rate);
    Ok(())
}

/// A bench fridge's heartbeat: its state follows from its id, so a later
/// heartbeat of the same fridge repeats it (`drift` moves the temperature by
/// tenths, what a steady minute does) unless `changed` flips its HDMI.
pub fn heartbeat(id: &str, at: &str, drift: f64, changed: bool) -> Value {
    // FNV-1a: stable across runs and builds, unlike the std hasher.
    let i = id.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3)) as usize;
    let zones = ["America/Chicago", "America/New_York", "America/Denver", "America/Los_Angeles"];
    json!({ "type": "heartbeat", "locationId": id, "timestamp": at, "temperature": 35.0 + (i % 3) as f64 + drift, "temperatureSetpoint": 37.0,
            "outOfOrder": i.is_multiple_of(25), "safetyHold": i.is_multiple_of(30), "inaccessible": i.is_multiple_of(40), "hdmi": i.is_multiple_of(20) == changed, "elo": true,
            "cardReader": !i.is_multiple_of(18), "electricalLayout": true, "activeTicket": false, "timezone": zones[i % 4],
            "jofemarState": if i.is_multiple_of(15) { "STATUS_5_MOTOR_FAULT" } else { "STATUS_0_READY" }, "networkSpeed": { "previousSpeed": 0.3 } })
}

/// `fleet-local bench-health N`: the stack gets N fridges (as `bench-fleet`),
/// each with a heartbeat stored through the real ingest handler, for the
/// portfolio health page's load figure. Answers how many reported.
pub async fn health(
    wiring: &'static fleet_front_door::wiring::Wiring,
    deps: &'static Deps,
    total: usize,
) -> Result<usize, ApiError> {
    fleet(deps, total).await?;
    let locations: Vec<std::collections::HashMap<String, Value>> = deps.table(Table::Locations)?.scan_all().await?;
    let ids: Vec<String> =
        locations.iter().filter_map(|l| l.get("id").and_then(Value::as_str).map(str::to_string)).collect();
    let spec = fleet_functions::by_name("telemetry_ingest").ok_or_else(|| ApiError::internal("no telemetry_ingest"))?;
    let now = fleet_shared::fridge_time::now_text();
    let arn = fleet_front_door::queues::queue_arn("http://localhost/000000000000/TelemetryQueue");
    let chunks: Vec<Vec<fleet_shared::events::SqsMessage>> = ids
        .iter()
        .enumerate()
        .map(|(i, id)| {
            let body = heartbeat(id, &now, 0.0, false);
            fleet_front_door::queues::record(&format!("bh-{i}"), "bench", &body.to_string(), &arn)
        })
        .collect::<Vec<_>>()
        .chunks(fleet_shared::limits::SQS_BATCH_MAX)
        .map(<[_]>::to_vec)
        .collect();
    let deps_of = wiring.deps(spec);
    let results: Vec<Result<Value, ApiError>> = stream::iter(chunks)
        .map(|records| async move { spec.invoke(deps_of, fleet_front_door::queues::event(records)).await })
        .buffer_unordered(4)
        .collect()
        .await;
    for r in results {
        if r?["batchItemFailures"].as_array().is_some_and(|f| !f.is_empty()) {
            return Err(ApiError::internal("some heartbeats were not stored"));
        }
    }
    snapshot_now(wiring, deps).await?;
    Ok(ids.len())
}

/// The fleet health snapshot rebuilt now rather than within the minute: the
/// stored one is forgotten, then the scheduled function runs once. Answers
/// its time (ms), its answer and the AWS calls it made.
pub async fn snapshot_now(
    wiring: &'static fleet_front_door::wiring::Wiring,
    deps: &'static Deps,
) -> Result<(f64, Value, fleet_shared::usage::Totals), ApiError> {
    rebuild_now(wiring, deps, fleet_shared::snapshot::Kind::FleetHealth, "rebuild_fleet_health_snapshot").await
}

/// The snapshot of `kind` rebuilt now by its scheduled function (`rebuild`): the stored one is forgotten
/// first, as a seed's direct writes are not in it. Answers the run's time (ms), its answer and its AWS calls.
pub async fn rebuild_now(
    wiring: &'static fleet_front_door::wiring::Wiring,
    deps: &'static Deps,
    kind: fleet_shared::snapshot::Kind,
    rebuild: &str,
) -> Result<(f64, Value, fleet_shared::usage::Totals), ApiError> {
    deps.forget_snapshot(kind).await?;
    let spec = fleet_functions::by_name(rebuild).ok_or_else(|| ApiError::internal(format!("no {rebuild}")))?;
    let fn_deps = wiring.deps(spec);
    let before = fn_deps.usage.totals();
    let started = Instant::now();
    let answer = spec.invoke(fn_deps, fleet_shared::Input::default()).await?;
    Ok((started.elapsed().as_secs_f64() * 1000.0, answer, fn_deps.usage.totals().since(&before)))
}

/// `n` slot changes of one layout due at one hour (5,000 by default): the
/// planogram scheduler runs, as its schedule would, until every one is
/// applied. Prints each run's changes and time, and the total. The changes are
/// written straight into the table: what is measured is applying them.
pub async fn planogram_scheduler(deps: &'static Deps, n: usize) -> Result<(), ApiError> {
    use fleet_shared::scheduler::{self, ChangeBody, StoredChange};
    use fn_planograms::slots::{self, Scheduled, DUE_SHARD, SCHEDULE_ACTION, TABLE_NAME};
    let layout = format!("BENCH_{}", chrono::Utc::now().timestamp());
    let author = format!("bench-{layout}");
    fleet_shared::names::add(deps, fleet_shared::names::LAYOUTS, [layout.as_str()]).await?;
    let grant = json!({ "user": author, "action": SCHEDULE_ACTION });
    deps.table(Table::Permissions)?.batch_put(vec![store::to_item(&grant)?]).await?;
    let hour = scheduler::iso(chrono::Utc::now() - chrono::Duration::minutes(1));
    let changes = (0..n)
        .map(|i| {
            let slot = format!("{}:{}", i / 50 + 1, i % 50 + 1);
            store::to_item(&StoredChange {
                uuid: scheduler::stable_uuid(&["bench", &layout, &slot]),
                action_time: hour.clone(),
                id: slots::subject(&layout),
                user: "bench@fleet.local".into(),
                user_sub: Some(author.clone()),
                version: 1,
                due_shard: DUE_SHARD.into(),
                change: ChangeBody {
                    id: layout.clone(),
                    table: TABLE_NAME.into(),
                    attribute: slot,
                    value: json!({ "vendItemName": "BENCH_ITEM" }).to_string(),
                },
                failure_reason: None,
                failed_at: None,
                upload_marker: None,
                applied_at: None,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    deps.table(Table::ScheduledChanges)?.batch_put(changes).await?;
    let started = Instant::now();
    let mut applied = 0;
    for run in 1.. {
        let t = Instant::now();
        let out = scheduler::apply_due(
            deps,
            DUE_SHARD,
            &Scheduled(deps, fleet_shared::fridge_time::now_text()),
            fleet_shared::fridge_time::now(),
        )
        .await?;
        let this = out.applied_changes.len();
        println!(
            "run {run}: {this} changes applied in {:.2} s (moved aside {}, failed {})",
            t.elapsed().as_secs_f64(),
            out.moved_aside,
            out.failed
        );
        applied += this;
        if this == 0 || applied >= n {
            break;
        }
    }
    let slots = fn_planograms::slots::current(deps, &layout).await?.len();
    println!(
        "planogram scheduler: {applied} of {n} changes applied ({slots} slots now hold them) in {:.2} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
