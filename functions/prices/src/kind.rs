//! Item prices on the upload pipeline: the dry run (Will Update, No Change,
//! Invalid with the diff) and the update, each changed price written with
//! its history record (old → new, who, which file) in one transaction, on the
//! condition that the price is still the one the check saw. Each schema
//! written is listed in NameLists (`priceSchemaIds` reads that list).
use crate::rules::{self, price_text, PriceRow};
use aws_sdk_dynamodb::types::{AttributeValue, Put, TransactWriteItem};
use fleet_shared::history::{self, Change, Record};
use fleet_shared::upload::{self, CommitResult, Planned, RawRow, UploadKind, UploadRequest};
use fleet_shared::{names, store, ApiError, Deps, Table};
use serde_json::{json, Value};
use std::collections::HashMap;

/// Prices written at once by one batch.
const IN_FLIGHT: usize = 8;

pub struct ItemPrices {
    pub deps: &'static Deps,
    pub user: String,
    pub now: String,
}

fn stored_cents(stored: &Value) -> Option<i64> {
    stored["cents"].as_i64()
}

impl UploadKind for ItemPrices {
    const SCOPE: &'static str = "prices";
    type Plan = PriceRow;
    type Context = ();

    async fn context(&self) -> Result<(), ApiError> {
        Ok(())
    }

    fn check(&self, row: &RawRow, _: &()) -> Result<(String, PriceRow), Vec<String>> {
        rules::check(&row.values).map(|r| (r.key(), r))
    }

    fn duplicate_message(&self, _row: u32, others: &[u32]) -> String {
        rules::duplicate_message(others)
    }

    async fn load(&self, keys: Vec<String>) -> Result<HashMap<String, Value>, ApiError> {
        let t = self.deps.table(Table::ItemPrices)?;
        let keys = keys
            .iter()
            .filter_map(|k| k.split_once('#'))
            .map(|(s, i)| HashMap::from([("schemaId".to_string(), store::s(s)), ("item".to_string(), store::s(i))]))
            .collect();
        let mut found = HashMap::new();
        for item in t.batch_get(keys, &[]).await? {
            let v: Value = store::from_item(item)?;
            found.insert(
                format!("{}#{}", v["schemaId"].as_str().unwrap_or_default(), v["item"].as_str().unwrap_or_default()),
                v,
            );
        }
        Ok(found)
    }

    fn compare(&self, plan: &PriceRow, stored: Option<&Value>) -> Result<Vec<Change>, String> {
        let old = stored.and_then(stored_cents);
        Ok(if old == Some(plan.cents) {
            vec![]
        } else {
            vec![Change {
                attribute: "price".into(),
                old_value: old.map(price_text).unwrap_or_else(|| "null".into()),
                new_value: price_text(plan.cents),
                reason: None,
            }]
        })
    }

    async fn write(&self, rows: Vec<Planned<PriceRow>>, req: &UploadRequest) -> Result<Vec<CommitResult>, ApiError> {
        // Listed first, so `priceSchemaIds` never misses a schema that holds prices.
        names::add(self.deps, names::PRICE_SCHEMAS, rows.iter().map(|p| p.plan.schema_id.as_str())).await?;
        Ok(upload::write_each(rows, IN_FLIGHT, |p| async move {
            let outcome = self.write_one(&p, req).await;
            (p, outcome)
        })
        .await)
    }
}

impl ItemPrices {
    async fn write_one(&self, p: &Planned<PriceRow>, req: &UploadRequest) -> Result<(), ApiError> {
        let marker = req.marker(p.row);
        let t = self.deps.table(Table::ItemPrices)?;
        let r = &p.plan;
        let item = json!({ "schemaId": r.schema_id, "item": r.item, "cents": r.cents, "price": price_text(r.cents),
                           "uploadMarker": marker, "updatedBy": self.user, "updatedAt": self.now });
        let mut put = Put::builder().table_name(t.name).set_item(Some(store::to_item(&item)?));
        put = match p.stored.as_ref().and_then(stored_cents) {
            None => put.condition_expression("attribute_not_exists(#item)").expression_attribute_names("#item", "item"),
            Some(old) => put
                .condition_expression("cents = :old")
                .expression_attribute_values(":old", AttributeValue::N(old.to_string())),
        };
        let old = p.stored.as_ref().and_then(stored_cents).map(price_text).unwrap_or_else(|| "null".into());
        let change = Change { attribute: "price".into(), old_value: old, new_value: price_text(r.cents), reason: None };
        let record =
            Record::new(history::entity("price", &r.key()), &self.now, &self.user, &req.source(p.row), vec![change]);
        let mut items = vec![
            TransactWriteItem::builder().put(put.build().map_err(ApiError::internal)?).build(),
            record.put(self.deps.table(Table::History)?.name)?,
        ];
        if let Some(claim) = &p.claim {
            items.push(claim.put(self.deps.table(Table::Idempotency)?.name)?);
        }
        store::on_conflict(store::transact(t.client, items).await, || {
            ApiError::Conflict(format!(
                "The price of {} in {} was changed meanwhile. Check the file again.",
                r.item, r.schema_id
            ))
        })
    }
}
