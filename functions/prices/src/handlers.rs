//! Item price calls: the schema id list, the price query, the file's dry run
//! and the price update (batches of 100 rows, answered per row).
use crate::kind::ItemPrices;
use crate::store::{PriceRecord, PriceStore};
use fleet_shared::contract::{Ctx, NoArgs};
use fleet_shared::entity::UploadId;
use fleet_shared::idempotency::Records;
use fleet_shared::upload::{self, RawRow, UploadRequest};
use fleet_shared::{ApiError, Deps};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// Schema ids one `itemPrices` call may name.
const MAX_SCHEMA_IDS: usize = 100;

fn kind(deps: &'static Deps, ctx: &Ctx) -> Result<ItemPrices, ApiError> {
    Ok(ItemPrices { deps, user: ctx.caller()?.display().to_string(), now: ctx.now_text() })
}

/// One stored price as `itemPrices` answers it. `exists` says whether the
/// row holds a price (whole cents of 0 or more); a row without one (written
/// by hand, or damaged) answers `price: null, exists: false`.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceView {
    pub schema_id: String,
    pub item: String,
    pub price: Option<f64>,
    pub exists: bool,
}

impl From<&PriceRecord> for PriceView {
    fn from(p: &PriceRecord) -> Self {
        let cents = p.cents.filter(|c| *c >= 0);
        PriceView {
            schema_id: p.schema_id.clone(),
            item: p.item.clone(),
            price: cents.map(|c| c as f64 / 100.0),
            exists: cents.is_some(),
        }
    }
}

/// The prices of these schemas (all schemas when none), by schema and item.
async fn listed(store: &impl PriceStore, ids: Option<Vec<String>>) -> Result<Vec<PriceView>, ApiError> {
    let ids = ids.filter(|ids| !ids.is_empty());
    if let Some(ids) = &ids {
        fleet_shared::limits::check_count("schemaIds", ids.len(), MAX_SCHEMA_IDS)?;
    }
    let mut rows = store.prices(ids.as_deref()).await?;
    rows.sort_by(|a, b| (&a.schema_id, &a.item).cmp(&(&b.schema_id, &b.item)));
    Ok(rows.iter().map(PriceView::from).collect())
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ItemPricesArgs {
    #[serde(default)]
    schema_ids: Option<Vec<String>>,
}

/// `itemPrices(schemaIds)`: the prices of these schemas (all schemas when none), by schema and item.
pub async fn item_prices(deps: &'static Deps, _: Ctx, args: ItemPricesArgs) -> Result<Vec<PriceView>, ApiError> {
    listed(deps, args.schema_ids).await
}

/// `priceSchemaIds`: every schema id that has prices, sorted (the schemas a
/// price write listed, one query instead of a scan of every price).
pub async fn schema_ids(deps: &'static Deps, _: Ctx, _: NoArgs) -> Result<Vec<String>, ApiError> {
    deps.schemas().await
}

/// `POST /prices/dry-run`: the file's rows against the rules and the stored prices.
pub async fn dry_run(deps: &'static Deps, ctx: Ctx, req: UploadRequest) -> Result<upload::DryRun, ApiError> {
    upload::dry_run(&kind(deps, &ctx)?, &req).await
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceInput {
    #[schemars(extend("x-plain-text" = "a file row's cell, checked per row and answered with its line (`PriceRowError`): one bad row does not refuse the file"))]
    schema_id: String,
    item: String,
    price: String,
    #[serde(deserialize_with = "fleet_shared::entity::whole::non_negative")]
    line: u32,
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateArgs {
    upload_id: UploadId,
    file_name: String,
    prices: Vec<PriceInput>,
}

/// A row `updateItemPrices` did not write: the row as sent, and why.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceRowError {
    pub schema_id: String,
    pub item: String,
    pub price: String,
    pub line: u32,
    pub errors: Vec<String>,
}

/// `updateItemPrices`' answer.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceUpdate {
    pub message: String,
    /// Every failure of the batch as 'Line N: message'.
    pub errors: Vec<String>,
    /// The same, per row.
    pub row_errors: Vec<PriceRowError>,
    pub written: usize,
}

/// `updateItemPrices(uploadId, fileName, prices)`: at most 100 rows, each re-checked and written with its history;
/// answers `{message, errors, rowErrors}`. A retried batch writes nothing twice.
pub async fn update(deps: &'static Deps, ctx: Ctx, args: UpdateArgs) -> Result<PriceUpdate, ApiError> {
    update_prices(&kind(deps, &ctx)?, deps, args).await
}

async fn update_prices<S: PriceStore>(
    kind: &ItemPrices<S>,
    records: &impl Records,
    args: UpdateArgs,
) -> Result<PriceUpdate, ApiError> {
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
    let out = upload::commit(kind, &req, records).await?;
    let (mut row_errors, mut errors) = (Vec::new(), Vec::new());
    for r in out.results.iter().filter(|r| r.status == upload::CommitStatus::Failed) {
        let line = r.row;
        let message = r.message.as_deref().unwrap_or("not written");
        errors.push(format!("Line {line}: {message}"));
        if let Some(p) = args.prices.iter().find(|p| p.line == line) {
            row_errors.push(PriceRowError {
                schema_id: p.schema_id.clone(),
                item: p.item.clone(),
                price: p.price.clone(),
                line,
                errors: vec![message.to_string()],
            });
        }
    }
    let written = out.written;
    let message = if row_errors.is_empty() {
        format!("Successfully updated {written} item prices.")
    } else {
        format!("{} of {} rows were not updated.", row_errors.len(), args.prices.len())
    };
    Ok(PriceUpdate { message, errors, row_errors, written })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::store::memory::Memory;
    use serde_json::Value;

    /// A stored row's answer, as the wire has it.
    fn view(v: &Value) -> Value {
        let record: PriceRecord = serde_json::from_value(v.clone()).unwrap();
        json!(PriceView::from(&record))
    }

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

    #[tokio::test]
    async fn prices_are_listed_by_schema_and_item_and_the_schema_count_is_bounded() {
        let fake = Memory::with(&[("NE", "A", 100), ("MW", "B", 200), ("MW", "A", 300)]);
        let all = listed(&fake, None).await.unwrap();
        let keys: Vec<(&str, &str)> = all.iter().map(|p| (p.schema_id.as_str(), p.item.as_str())).collect();
        assert_eq!(keys, [("MW", "A"), ("MW", "B"), ("NE", "A")]);
        assert_eq!(listed(&fake, Some(vec![])).await.unwrap().len(), 3, "none named: all");
        let ne = listed(&fake, Some(vec!["NE".into()])).await.unwrap();
        assert_eq!(json!(ne), json!([{ "schemaId": "NE", "item": "A", "price": 1.0, "exists": true }]));
        let many = (0..=MAX_SCHEMA_IDS).map(|i| i.to_string()).collect();
        assert_eq!(listed(&fake, Some(many)).await.unwrap_err().status(), 400);
    }

    fn args(upload_id: &str, rows: &[(&str, &str, &str, u32)]) -> UpdateArgs {
        let prices = rows
            .iter()
            .map(|(s, i, p, line)| PriceInput {
                schema_id: s.to_string(),
                item: i.to_string(),
                price: p.to_string(),
                line: *line,
            })
            .collect();
        UpdateArgs { upload_id: UploadId::parse(upload_id).unwrap(), file_name: "prices.csv".into(), prices }
    }

    #[tokio::test]
    async fn an_update_answers_each_row_and_lists_its_schemas() {
        let fake = Memory::default();
        let kind = ItemPrices { deps: &fake, user: "ops@example.com".into(), now: "2026-11-23T12:00:00.000Z".into() };
        let batch = [("MW", "COLD_BREW", "3.50", 2), ("MW", "WRAP", "-1", 3), ("NE#2", "SOUP", "4.10", 4)];
        let out = update_prices(&kind, &fake.records, args("u-1", &batch)).await.unwrap();
        assert_eq!(out.message, "2 of 3 rows were not updated.");
        assert_eq!(
            json!(out.errors),
            json!([
                "Line 3: price must be a number of at least 0 with at most 2 decimals",
                "Line 4: schemaId cannot contain '#'"
            ])
        );
        assert_eq!(
            json!(out.row_errors[0]),
            json!({ "schemaId": "MW", "item": "WRAP", "price": "-1", "line": 3, "errors": ["price must be a number of at least 0 with at most 2 decimals"] })
        );
        assert_eq!((out.written, fake.cents("MW", "COLD_BREW")), (1, Some(350)));
        assert_eq!(fake.schemas().await.unwrap(), ["MW"], "only written schemas are listed");
        let ok = update_prices(&kind, &fake.records, args("u-2", &[("MW", "COLD_BREW", "3.75", 2)])).await.unwrap();
        assert_eq!((ok.message.as_str(), ok.errors.len()), ("Successfully updated 1 item prices.", 0));
    }
}
