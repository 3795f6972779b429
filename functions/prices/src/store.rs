//! Where item prices are kept: the ItemPrices table (pk schemaId, sk item),
//! the price-schema name list, and the History and Idempotency records a
//! price write lands with. The rules (`kind`, `handlers`) only see
//! `PriceStore`. Its DynamoDB implementation is the deployed `Deps` itself, so
//! the upload kind keeps the `deps` field its callers (tools, tests) build it
//! with; unit tests put the in-memory `fake::Fake` there instead.
use fleet_shared::history::Record;
use fleet_shared::idempotency::Claim;
use fleet_shared::{names, store, ApiError, Deps, Table};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use std::collections::HashMap;
use std::future::Future;

/// One stored price row, in the stored shape.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PriceRecord {
    pub schema_id: String,
    pub item: String,
    /// Whole cents. A row written by hand may hold anything here (or
    /// nothing): what is not a whole number reads as no price.
    #[serde(default, deserialize_with = "whole_number", skip_serializing_if = "Option::is_none")]
    pub cents: Option<i64>,
    /// The price as shown and exported ('5.00').
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub price: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upload_marker: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub updated_by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub updated_at: Option<String>,
}

fn whole_number<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    Ok(Option::<Value>::deserialize(d)?.and_then(|v| v.as_i64()))
}

impl PriceRecord {
    /// `{schemaId}#{item}`, the key the upload pipeline knows a row by.
    pub fn key(&self) -> String {
        format!("{}#{}", self.schema_id, self.item)
    }
}

pub trait PriceStore: Sync {
    /// Every price of these schemas, schema by schema; every price when `None`.
    fn prices(&self, schemas: Option<&[String]>) -> impl Future<Output = Result<Vec<PriceRecord>, ApiError>> + Send;
    /// The prices stored under these `(schemaId, item)` keys (absent ones left out).
    fn prices_at(&self, keys: &[(String, String)]) -> impl Future<Output = Result<Vec<PriceRecord>, ApiError>> + Send;
    /// The schema ids that hold prices, sorted.
    fn schemas(&self) -> impl Future<Output = Result<Vec<String>, ApiError>> + Send;
    /// Lists these schema ids (one already listed stays as it is).
    fn list_schemas(&self, schemas: &[&str]) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// Writes `price` with its history record and, when given, the upload's
    /// claim, all or nothing, only if the stored cents are still `seen`
    /// (`None`: no row). The generic Conflict when anything moved.
    fn put(
        &self,
        price: &PriceRecord,
        seen: Option<i64>,
        history: &Record,
        claim: Option<&Claim>,
    ) -> impl Future<Output = Result<(), ApiError>> + Send;
}

impl<T: PriceStore + ?Sized> PriceStore for &T {
    fn prices(&self, schemas: Option<&[String]>) -> impl Future<Output = Result<Vec<PriceRecord>, ApiError>> + Send {
        (**self).prices(schemas)
    }
    fn prices_at(&self, keys: &[(String, String)]) -> impl Future<Output = Result<Vec<PriceRecord>, ApiError>> + Send {
        (**self).prices_at(keys)
    }
    fn schemas(&self) -> impl Future<Output = Result<Vec<String>, ApiError>> + Send {
        (**self).schemas()
    }
    fn list_schemas(&self, schemas: &[&str]) -> impl Future<Output = Result<(), ApiError>> + Send {
        (**self).list_schemas(schemas)
    }
    fn put(
        &self,
        price: &PriceRecord,
        seen: Option<i64>,
        history: &Record,
        claim: Option<&Claim>,
    ) -> impl Future<Output = Result<(), ApiError>> + Send {
        (**self).put(price, seen, history, claim)
    }
}

/// Prices in DynamoDB.
impl PriceStore for Deps {
    async fn prices(&self, schemas: Option<&[String]>) -> Result<Vec<PriceRecord>, ApiError> {
        let t = self.table(Table::ItemPrices)?;
        let Some(schemas) = schemas else { return t.scan_all().await };
        let mut all = Vec::new();
        for schema in schemas {
            all.extend(t.partition::<PriceRecord>("schemaId", schema).await?);
        }
        Ok(all)
    }

    async fn prices_at(&self, keys: &[(String, String)]) -> Result<Vec<PriceRecord>, ApiError> {
        let keys = keys
            .iter()
            .map(|(s, i)| HashMap::from([("schemaId".to_string(), store::s(s)), ("item".to_string(), store::s(i))]))
            .collect();
        self.table(Table::ItemPrices)?.batch_get(keys, &[]).await?.into_iter().map(store::from_item).collect()
    }

    async fn schemas(&self) -> Result<Vec<String>, ApiError> {
        names::list(self, names::PRICE_SCHEMAS).await
    }

    async fn list_schemas(&self, schemas: &[&str]) -> Result<(), ApiError> {
        names::add(self, names::PRICE_SCHEMAS, schemas.iter().copied()).await
    }

    async fn put(
        &self,
        price: &PriceRecord,
        seen: Option<i64>,
        history: &Record,
        claim: Option<&Claim>,
    ) -> Result<(), ApiError> {
        use aws_sdk_dynamodb::types::{AttributeValue, Put, TransactWriteItem};
        let t = self.table(Table::ItemPrices)?;
        let put = Put::builder().table_name(t.name).set_item(Some(store::to_item(price)?));
        let put = match seen {
            None => put.condition_expression("attribute_not_exists(#item)").expression_attribute_names("#item", "item"),
            Some(old) => put
                .condition_expression("cents = :old")
                .expression_attribute_values(":old", AttributeValue::N(old.to_string())),
        };
        let mut items = vec![
            TransactWriteItem::builder().put(put.build().map_err(ApiError::internal)?).build(),
            history.put(self.table(Table::History)?.name)?,
        ];
        if let Some(claim) = claim {
            items.push(claim.put(self.table(Table::Idempotency)?.name)?);
        }
        store::transact(t.client, items).await
    }
}

/// Prices in memory, for the rules' unit tests.
#[cfg(test)]
pub mod fake {
    use super::*;
    use fleet_shared::idempotency::MemoryRecords;
    use std::collections::{BTreeMap, BTreeSet};
    use std::sync::Mutex;

    #[derive(Default)]
    pub struct Fake {
        pub rows: Mutex<BTreeMap<(String, String), PriceRecord>>,
        pub history: Mutex<Vec<Record>>,
        pub schemas: Mutex<BTreeSet<String>>,
        /// The upload records, shared with the pipeline as its `Records`.
        pub records: MemoryRecords,
    }

    impl Fake {
        pub fn with(rows: &[(&str, &str, i64)]) -> Fake {
            let fake = Fake::default();
            for (schema, item, cents) in rows {
                let row = PriceRecord {
                    schema_id: schema.to_string(),
                    item: item.to_string(),
                    cents: Some(*cents),
                    ..Default::default()
                };
                fake.rows.lock().unwrap().insert((row.schema_id.clone(), row.item.clone()), row);
            }
            fake
        }

        pub fn cents(&self, schema: &str, item: &str) -> Option<i64> {
            self.rows.lock().unwrap().get(&(schema.to_string(), item.to_string())).and_then(|r| r.cents)
        }
    }

    fn changed_meanwhile() -> ApiError {
        ApiError::Conflict(fleet_shared::error::CHANGED_MEANWHILE.into())
    }

    impl PriceStore for Fake {
        async fn prices(&self, schemas: Option<&[String]>) -> Result<Vec<PriceRecord>, ApiError> {
            let rows = self.rows.lock().unwrap();
            Ok(rows.values().filter(|r| schemas.is_none_or(|s| s.contains(&r.schema_id))).cloned().collect())
        }

        async fn prices_at(&self, keys: &[(String, String)]) -> Result<Vec<PriceRecord>, ApiError> {
            let rows = self.rows.lock().unwrap();
            Ok(keys.iter().filter_map(|k| rows.get(k).cloned()).collect())
        }

        async fn schemas(&self) -> Result<Vec<String>, ApiError> {
            Ok(self.schemas.lock().unwrap().iter().cloned().collect())
        }

        async fn list_schemas(&self, schemas: &[&str]) -> Result<(), ApiError> {
            self.schemas.lock().unwrap().extend(schemas.iter().map(|s| s.to_string()));
            Ok(())
        }

        async fn put(
            &self,
            price: &PriceRecord,
            seen: Option<i64>,
            history: &Record,
            claim: Option<&Claim>,
        ) -> Result<(), ApiError> {
            let mut rows = self.rows.lock().unwrap();
            let key = (price.schema_id.clone(), price.item.clone());
            // The conditions of the transaction, checked before anything lands.
            let holds = match (seen, rows.get(&key)) {
                (None, stored) => stored.is_none(),
                (Some(old), stored) => stored.and_then(|s| s.cents) == Some(old),
            };
            if !holds {
                return Err(changed_meanwhile());
            }
            if let Some(claim) = claim {
                self.records.insert(claim)?;
            }
            rows.insert(key, price.clone());
            self.history.lock().unwrap().push(history.clone());
            Ok(())
        }
    }
}
