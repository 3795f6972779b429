//! Item prices on the upload pipeline: the dry run (Will Update, No Change,
//! Invalid with the diff) and the update, each changed price written with
//! its history record (old → new, who, which file) in one transaction, on the
//! condition that the price is still the one the check saw. Each schema
//! written is listed in NameLists (`priceSchemaIds` reads that list).
use crate::rules::{self, price_text, PriceRow};
use crate::store::{PriceRecord, PriceStore};
use fleet_shared::history::{self, Change, Record};
use fleet_shared::upload::{self, CommitResult, Planned, RawRow, UploadKind, UploadRequest};
use fleet_shared::{ApiError, Deps};
use serde::Deserialize;
use serde_json::Value;
use std::collections::HashMap;

/// Prices written at once by one batch.
const IN_FLIGHT: usize = 8;

/// The price upload over its store: `deps` is the deployed tables (as
/// handlers and tools build it) or, in unit tests, `store::memory::Memory`.
pub struct ItemPrices<S = &'static Deps> {
    pub deps: S,
    pub user: String,
    pub now: String,
}

/// The cents of a stored row the pipeline hands back (`None`: no row, or no price in it).
fn stored_cents(stored: Option<&Value>) -> Option<i64> {
    stored.and_then(|v| PriceRecord::deserialize(v).ok()).and_then(|p| p.cents)
}

impl<S: PriceStore> UploadKind for ItemPrices<S> {
    const SCOPE: &'static str = "prices";
    type Plan = PriceRow;
    type Context = ();

    async fn context(&self, _rows: &[RawRow]) -> Result<(), ApiError> {
        Ok(())
    }

    fn check(&self, row: &RawRow, _: &()) -> Result<(String, PriceRow), Vec<String>> {
        rules::check(&row.values).map(|r| (r.key(), r))
    }

    fn duplicate_message(&self, _row: u32, others: &[u32]) -> String {
        rules::duplicate_message(others)
    }

    async fn load(&self, keys: Vec<String>) -> Result<HashMap<String, Value>, ApiError> {
        let keys: Vec<(String, String)> =
            keys.iter().filter_map(|k| k.split_once('#')).map(|(s, i)| (s.to_string(), i.to_string())).collect();
        let mut found = HashMap::new();
        for p in self.deps.prices_at(&keys).await? {
            found.insert(p.key(), serde_json::to_value(&p).map_err(ApiError::internal)?);
        }
        Ok(found)
    }

    fn compare(&self, plan: &PriceRow, stored: Option<&Value>) -> Result<Vec<Change>, String> {
        let old = stored_cents(stored);
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
        let schemas: Vec<&str> = rows.iter().map(|p| p.plan.schema_id.as_str()).collect();
        self.deps.list_schemas(&schemas).await?;
        Ok(upload::write_each(rows, IN_FLIGHT, |p| async move {
            let outcome = self.write_one(&p, req).await;
            (p, outcome)
        })
        .await)
    }
}

impl<S: PriceStore> ItemPrices<S> {
    async fn write_one(&self, p: &Planned<PriceRow>, req: &UploadRequest) -> Result<(), ApiError> {
        let r = &p.plan;
        let price = PriceRecord {
            schema_id: r.schema_id.clone(),
            item: r.item.clone(),
            cents: Some(r.cents),
            price: Some(price_text(r.cents)),
            upload_marker: Some(req.marker(p.row)),
            updated_by: Some(self.user.clone()),
            updated_at: Some(self.now.clone()),
        };
        let seen = stored_cents(p.stored.as_ref());
        let old = seen.map(price_text).unwrap_or_else(|| "null".into());
        let change = Change { attribute: "price".into(), old_value: old, new_value: price_text(r.cents), reason: None };
        let record =
            Record::new(history::entity("price", &r.key()), &self.now, &self.user, &req.source(p.row), vec![change]);
        fleet_shared::store::on_conflict(self.deps.put(&price, seen, &record, p.claim.as_ref()).await, || {
            ApiError::Conflict(format!(
                "The price of {} in {} was changed meanwhile. Check the file again.",
                r.item, r.schema_id
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::memory::Memory;
    use fleet_shared::upload::{CommitStatus, RowStatus};
    use serde_json::json;

    fn kind(fake: &Memory) -> ItemPrices<&Memory> {
        ItemPrices { deps: fake, user: "ops@example.com".into(), now: "2026-11-23T12:00:00.000Z".into() }
    }

    fn request(upload_id: &str, rows: &[(&str, &str, &str)]) -> UploadRequest {
        let rows = rows
            .iter()
            .enumerate()
            .map(|(i, (s, item, price))| RawRow {
                row: i as u32 + 2,
                values: json!({ "schemaId": s, "item": item, "price": price }).as_object().cloned().unwrap(),
            })
            .collect();
        UploadRequest {
            upload_id: fleet_shared::entity::UploadId::parse(upload_id).unwrap(),
            file_name: "prices.csv".into(),
            rows,
            groups: None,
        }
    }

    #[tokio::test]
    async fn each_changed_price_lands_with_its_history_and_its_schema_listed() {
        let fake = Memory::with(&[("MW", "COLD_BREW", 350), ("MW", "SOUP", 410)]);
        let req = request("u-1", &[("MW", "COLD_BREW", "3.75"), ("MW", "SOUP", "4.10"), ("NE", "WRAP", "6")]);
        let dry = upload::dry_run(&kind(&fake), &req).await.unwrap();
        let statuses: Vec<RowStatus> = dry.rows.iter().map(|r| r.status).collect();
        assert_eq!(statuses, [RowStatus::Change, RowStatus::Unchanged, RowStatus::New]);
        assert!(fake.history.lock().unwrap().is_empty(), "a dry run writes nothing");

        let out = upload::commit(&kind(&fake), &req, &fake.records).await.unwrap();
        let statuses: Vec<CommitStatus> = out.results.iter().map(|r| r.status).collect();
        assert_eq!(statuses, [CommitStatus::Written, CommitStatus::Unchanged, CommitStatus::Written]);
        assert_eq!((fake.cents("MW", "COLD_BREW"), fake.cents("NE", "WRAP")), (Some(375), Some(600)));
        let history = fake.history.lock().unwrap().clone();
        let changes: Vec<(&str, &str, &str, &str)> = history
            .iter()
            .map(|h| {
                (h.entity.as_str(), h.source.as_str(), h.changes[0].old_value.as_str(), h.changes[0].new_value.as_str())
            })
            .collect();
        assert_eq!(
            changes,
            [
                ("price#MW#COLD_BREW", "prices.csv row 2", "3.50", "3.75"),
                ("price#NE#WRAP", "prices.csv row 4", "null", "6.00")
            ]
        );
        let stored = fake.rows.lock().unwrap().get(&("NE".into(), "WRAP".into())).cloned().unwrap();
        assert_eq!(
            (stored.price.as_deref(), stored.upload_marker.as_deref(), stored.updated_by.as_deref()),
            (Some("6.00"), Some("u-1#4"), Some("ops@example.com"))
        );
        assert_eq!(fake.schemas().await.unwrap(), ["MW", "NE"]);
    }

    #[tokio::test]
    async fn a_retried_batch_replays_its_answer_and_never_undoes_a_later_change() {
        let fake = Memory::default();
        let first =
            upload::commit(&kind(&fake), &request("up-a", &[("MW", "P1", "3.50")]), &fake.records).await.unwrap();
        assert_eq!(first.written, 1);
        upload::commit(&kind(&fake), &request("up-b", &[("MW", "P1", "5.25")]), &fake.records).await.unwrap();
        let again =
            upload::commit(&kind(&fake), &request("up-a", &[("MW", "P1", "3.50")]), &fake.records).await.unwrap();
        assert_eq!(again.results, first.results, "the retry replays the first answer");
        assert_eq!(fake.cents("MW", "P1"), Some(525), "and the later change stands");
        assert_eq!(fake.history.lock().unwrap().len(), 2, "the retry recorded nothing");
        let reused = upload::commit(&kind(&fake), &request("up-a", &[("MW", "P1", "9.99")]), &fake.records).await;
        assert_eq!(reused.unwrap_err().status(), 409, "other content under a used id is refused");
        assert_eq!(fake.cents("MW", "P1"), Some(525));
    }

    #[tokio::test]
    async fn a_price_changed_after_the_check_is_not_overwritten() {
        let fake = Memory::with(&[("MW", "P1", 400)]);
        let req = request("u-2", &[("MW", "P1", "3.75")]);
        // What the check saw (3.50) is no longer stored (4.00).
        let seen = json!({ "schemaId": "MW", "item": "P1", "cents": 350 });
        let plan = PriceRow { schema_id: "MW".into(), item: "P1".into(), cents: 375 };
        let planned = Planned { row: 2, key: plan.key(), plan, stored: Some(seen), claim: None };
        let out = kind(&fake).write(vec![planned], &req).await.unwrap();
        assert_eq!(out[0].status, CommitStatus::Failed);
        assert_eq!(
            out[0].message.as_deref(),
            Some("The price of P1 in MW was changed meanwhile. Check the file again.")
        );
        assert_eq!((fake.cents("MW", "P1"), fake.history.lock().unwrap().len()), (Some(400), 0));
    }

    #[test]
    fn stored_cents_read_only_whole_numbers() {
        assert_eq!(stored_cents(Some(&json!({ "schemaId": "MW", "item": "A", "cents": 350 }))), Some(350));
        assert_eq!(stored_cents(Some(&json!({ "schemaId": "MW", "item": "A", "cents": "x" }))), None);
        assert_eq!(stored_cents(Some(&json!({ "schemaId": "MW", "item": "A" }))), None);
        assert_eq!(stored_cents(None), None);
    }
}
