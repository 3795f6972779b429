//! `fleet-local bench-stocking-day DATE STOPS`: the figures of the Drop Off
//! Summary and JIT Management lists (issue 24). DATE gets STOPS locations of
//! its own (half FRIDGE, half WHOLESALE), a route stop, a fridge order (every
//! other one a JIT order) and a packing slip each, written directly (a far
//! date no simulator plays); then `dropOffSummary` and `jitManagement` are
//! answered in process against the emulator, 21 times each, timed.
use fleet_shared::entity::fridge_order::FridgeOrder;
use fleet_shared::{contract, store, ApiError, Caller, Deps, Input, Table};
use fn_stocking::slips::PackingSlip;
use fn_stocking::store::Dynamo;
use serde_json::{json, Value};
use std::future::Future;
use std::time::Instant;

const ITEMS: &[&str] = &["Salad", "Soup", "Wrap", "Water", "Juice", "Yogurt"];

async fn seed(deps: &'static Deps, date: &str, stops: usize) -> Result<(), ApiError> {
    let (mut locations, mut routes, mut orders, mut slips) = (vec![], vec![], vec![], vec![]);
    for i in 0..stops {
        let id = format!("BSD_{i:04}");
        let kind = if i % 2 == 0 { "FRIDGE" } else { "WHOLESALE" };
        locations.push(store::to_item(&json!({ "id": id, "type": kind }))?);
        routes.push(crate::loads::bench_stop(date, "bsd", i, &id, ["MW", "NE", "WC", "S"][i / 20 % 4])?);
        let jit = i % 2 == 0;
        let pars = ITEMS.iter().enumerate().map(|(n, item)| (item.to_string(), 2 + n as i64));
        orders.push(fleet_shared::order_store::item(&FridgeOrder {
            order_upload_id: Some("bench".into()),
            jit,
            jit_items: if jit { vec!["Salad".into(), "Soup".into()] } else { vec![] },
            ..FridgeOrder::new(date, &id, 1, pars)
        })?);
        slips.push(
            PackingSlip {
                drop_off_date: date.into(),
                unique_id: format!("bsd-slip-{i}"),
                location_id: id,
                stocking_index: 1,
                create_date: format!("{date}T06:00:00.000Z"),
                kind: kind.into(),
                client_code: "Acme".into(),
                status: "ACTIVE".into(),
                source: "ORDER_SYSTEM".into(),
                version: 1,
            }
            .item()?,
        );
    }
    deps.table(Table::Locations)?.batch_put(locations).await?;
    deps.table(Table::LocationRoutes)?.batch_put(routes).await?;
    deps.table(Table::FridgeOrders)?.batch_put(orders).await?;
    deps.table(Table::PackingSlips)?.batch_put(slips).await?;
    Ok(())
}

/// Answers `run` 21 times; prints the first answer and the median and slowest of the rest.
async fn time<F, Fut>(name: &str, rows: usize, run: F) -> Result<(), ApiError>
where
    F: Fn() -> Fut,
    Fut: Future<Output = Result<Value, ApiError>>,
{
    let mut times = Vec::new();
    for _ in 0..21 {
        let t0 = Instant::now();
        let out = run().await?;
        times.push(t0.elapsed().as_secs_f64() * 1000.0);
        let got = out["rows"].as_array().map_or(0, Vec::len);
        if got != rows {
            return Err(ApiError::internal(format!("{name}: expected {rows} rows, got {got}")));
        }
    }
    let mut again = times[1..].to_vec();
    again.sort_by(f64::total_cmp);
    println!(
        "{name} in process with {rows} rows: first {:.0} ms, median {:.0} ms, slowest {:.0} ms over {} more loads (target < 1000 ms)",
        times[0],
        again[again.len() / 2],
        again[again.len() - 1],
        again.len()
    );
    Ok(())
}

pub async fn run(deps: &'static Deps, date: &str, stops: usize, admin_email: &str) -> Result<(), ApiError> {
    seed(deps, date, stops).await?;
    println!("stocking day: {stops} locations, route stops, fridge orders and packing slips on {date}");
    // The lists check the caller's flags by their verified e-mail: the demo admin holds both.
    let caller = Caller {
        sub: "bench".into(),
        username: "bench".into(),
        email: admin_email.into(),
        email_verified: true,
        name: None,
    };
    let store = Dynamo(deps);
    // Each list as its handler runs it: parsed at the edge, answered as JSON.
    let drop = Input { args: json!({ "dropOffDate": date }), ..Input::default() };
    time("dropOffSummary", stops, || async {
        let args = contract::request(&drop)?;
        as_json(fn_stocking::drop_list::summary(&store, &caller, args).await?)
    })
    .await?;
    let jit = Input { args: json!({ "input": { "dropOffDate": date } }), ..Input::default() };
    time("jitManagement", stops, || async {
        let args: fn_stocking::jit::ListArgs = contract::request(&jit)?;
        as_json(fn_stocking::jit::list(&store, &caller, args.input).await?)
    })
    .await?;
    Ok(())
}

fn as_json(answer: impl serde::Serialize) -> Result<serde_json::Value, ApiError> {
    serde_json::to_value(answer).map_err(ApiError::internal)
}
