//! `fleet-local bench-forecast-writes N`: the forecast ingest's writes of N
//! rows (each row, its history record and its upload record) as the store
//! makes them (`ForecastStore::put_rows`: each row, on condition that it is
//! still as read, with its history and upload record, all or nothing, packed
//! into transactions of up to 100 items, 4 in flight), and in
//! the same run the previous design's one BatchWriteItem stream of all three,
//! into the same emulator; prints both rates and their ratio.
use fleet_shared::history::{self, Change, Record};
use fleet_shared::idempotency::Claim;
use fleet_shared::{store, ApiError, Deps, Table};
use fn_forecast::store::{ForecastRecord, ForecastStore, RowWrite};
use std::time::Instant;

/// The writes of `rows` forecast rows of upload `run`, one unit (and upload record) per row.
fn writes(run: &str, rows: usize) -> Vec<RowWrite> {
    let now = store_now();
    (0..rows)
        .map(|i| {
            let (date, item) = ("2030-01-07".to_string(), format!("BENCH_{run}_{i:06}"));
            let row = ForecastRecord {
                date: date.clone(),
                item: item.clone(),
                quantity: Some(12),
                production_date: Some("2030-01-06".into()),
                upload_marker: Some(format!("bench-{run}#{}", i + 2)),
                updated_by: Some("bench@fleet.local".into()),
                updated_at: Some(now.clone()),
            };
            let change = Change { attribute: item, old_value: "null".into(), new_value: "12".into(), reason: None };
            let history =
                Record::new(history::entity("forecast", &date), &now, "bench@fleet.local", "bench", vec![change]);
            let claim = Claim::new(
                "forecast",
                &format!("bench-{run}"),
                &(i + 2).to_string(),
                "d".into(),
                &serde_json::Value::Null,
                0,
            );
            RowWrite { row, read: None, history, claim: Some(claim) }
        })
        .collect()
}

fn store_now() -> String {
    fleet_shared::fridge_time::stamp(fleet_shared::fridge_time::now())
}

pub async fn forecast_writes(deps: &'static Deps, rows: usize) -> Result<(), ApiError> {
    let run = chrono::Utc::now().format("%H%M%S").to_string();

    // The previous design: rows, history and upload records in one BatchWriteItem stream.
    let (rows_table, history_table, records) =
        (deps.table(Table::ForecastRows)?, deps.table(Table::History)?, deps.table(Table::Idempotency)?);
    let mut requests = Vec::new();
    for w in writes(&format!("{run}b"), rows) {
        requests.push((rows_table.name.to_string(), store::put_request(store::to_item(&w.row)?)?));
        requests.push((history_table.name.to_string(), store::put_request(store::to_item(&w.history)?)?));
        if let Some(claim) = &w.claim {
            requests.push((records.name.to_string(), store::put_request(store::to_item(claim)?)?));
        }
    }
    let started = Instant::now();
    store::batch_write_all(rows_table.client, requests).await?;
    let baseline = started.elapsed().as_secs_f64();

    // The store's writes now.
    let all = writes(&run, rows);
    let started = Instant::now();
    if let Some(failed) = deps.put_rows(all).await?.into_iter().find_map(Result::err) {
        return Err(failed);
    }
    let now = started.elapsed().as_secs_f64();

    let rate = |s: f64| rows as f64 / s.max(1e-9);
    println!("forecast rows written: {rows}");
    println!(
        "  baseline (one BatchWriteItem stream of rows, history, records): {baseline:.2} s, {:.0} rows/s",
        rate(baseline)
    );
    println!(
        "  the store (each row with its history and record, conditional, in transactions of 100 items, 4 in flight): {now:.2} s, {:.0} rows/s",
        rate(now)
    );
    println!("  ratio (store / baseline rate): {:.2}", rate(now) / rate(baseline));
    Ok(())
}
