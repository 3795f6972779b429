//! Item price calls: the schema id list, the price query, the file's dry run
//! and the price update (batches of 100 rows, answered per row).
use crate::kind::ItemPrices;
use fleet_shared::upload::{self, RawRow, UploadRequest};
use fleet_shared::{names, ApiError, Deps, Input, Table};
use serde::Deserialize;
use serde_json::{json, Value};

fn now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

fn kind(deps: &'static Deps, input: &Input) -> Result<ItemPrices, ApiError> {
    Ok(ItemPrices { deps, user: input.caller()?.display().to_string(), now: now() })
}

/// One stored price as `itemPrices` answers it. `exists` says whether the
/// row holds a price (whole cents of 0 or more); a row without one (written
/// by hand, or damaged) answers `price: null, exists: false`.
fn view(v: &Value) -> Value {
    let cents = v["cents"].as_i64().filter(|c| *c >= 0);
    json!({ "schemaId": v["schemaId"], "item": v["item"], "price": cents.map(|c| c as f64 / 100.0), "exists": cents.is_some() })
}

/// `itemPrices(schemaIds)`: the prices of these schemas (all schemas when none), by schema and item.
pub async fn item_prices(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let ids: Option<Vec<String>> = input.arg("schemaIds")?;
    let t = deps.table(Table::ItemPrices)?;
    let rows: Vec<Value> = match ids.filter(|ids| !ids.is_empty()) {
        None => t.scan_all().await?,
        Some(ids) => {
            fleet_shared::limits::check_count("schemaIds", ids.len(), 100)?;
            let mut all = Vec::new();
            for id in ids {
                all.extend(t.partition::<Value>("schemaId", &id).await?);
            }
            all
        }
    };
    let mut out: Vec<Value> = rows.iter().map(view).collect();
    out.sort_by_key(|v| {
        (v["schemaId"].as_str().unwrap_or_default().to_string(), v["item"].as_str().unwrap_or_default().to_string())
    });
    Ok(Value::Array(out))
}

/// `priceSchemaIds`: every schema id that has prices, sorted (the schemas a
/// price write listed, one query instead of a scan of every price).
pub async fn schema_ids(deps: &'static Deps, _input: Input) -> Result<Value, ApiError> {
    Ok(json!(names::list(deps, names::PRICE_SCHEMAS).await?))
}

/// `POST /prices/dry-run`: the file's rows against the rules and the stored prices.
pub async fn dry_run(deps: &'static Deps, input: Input) -> Result<upload::DryRun, ApiError> {
    let req: UploadRequest = input.parse()?;
    upload::dry_run(&kind(deps, &input)?, &req).await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PriceInput {
    schema_id: String,
    item: String,
    price: String,
    line: u32,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct UpdateArgs {
    upload_id: String,
    file_name: String,
    prices: Vec<PriceInput>,
}

/// `updateItemPrices(uploadId, fileName, prices)`: at most 100 rows, each re-checked and written with its history;
/// answers `{message, errors, rowErrors}`. A retried batch writes nothing twice.
pub async fn update(deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
    let args: UpdateArgs = input.parse()?;
    let rows = args
        .prices
        .iter()
        .map(|p| RawRow {
            row: p.line,
            values: json!({ "schemaId": p.schema_id, "item": p.item, "price": p.price })
                .as_object()
                .cloned()
                .unwrap_or_default(),
        })
        .collect();
    let req = UploadRequest { upload_id: args.upload_id, file_name: args.file_name, rows, groups: None };
    let out = upload::commit(&kind(deps, &input)?, &req, &deps.table(Table::Idempotency)?).await?;
    let (mut row_errors, mut errors) = (Vec::new(), Vec::new());
    for r in out.results.iter().filter(|r| r.status == upload::CommitStatus::Failed) {
        let line = r.row;
        let message = r.message.as_deref().unwrap_or("not written");
        // `errors`: every failure of the batch as 'Line N: message'; `rowErrors`: the same per row.
        errors.push(format!("Line {line}: {message}"));
        if let Some(p) = args.prices.iter().find(|p| p.line == line) {
            row_errors.push(
                json!({ "schemaId": p.schema_id, "item": p.item, "price": p.price, "line": line, "errors": [message] }),
            );
        }
    }
    let written = out.written;
    let message = if row_errors.is_empty() {
        format!("Successfully updated {written} item prices.")
    } else {
        format!("{} of {} rows were not updated.", row_errors.len(), args.prices.len())
    };
    Ok(json!({ "message": message, "errors": errors, "rowErrors": row_errors, "written": written }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exists_is_computed_per_row() {
        let priced = view(&json!({ "schemaId": "MW", "item": "A", "cents": 350 }));
        assert_eq!((priced["price"].as_f64(), &priced["exists"]), (Some(3.5), &json!(true)));
        let free = view(&json!({ "schemaId": "MW", "item": "B", "cents": 0 }));
        assert_eq!(free["exists"], json!(true), "a price of 0 is a price");
        for unpriced in [
            json!({ "schemaId": "MW", "item": "C" }),
            json!({ "schemaId": "MW", "item": "D", "cents": "x" }),
            json!({ "schemaId": "MW", "item": "E", "cents": -5 }),
        ] {
            let v = view(&unpriced);
            assert_eq!((&v["price"], &v["exists"]), (&Value::Null, &json!(false)), "{unpriced}");
        }
    }
}
