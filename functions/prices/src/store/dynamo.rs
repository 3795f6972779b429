//! The price store over DynamoDB: the deployed `Deps` itself.
use super::{PriceRecord, PriceStore};
use fleet_shared::history::Record;
use fleet_shared::idempotency::Claim;
use fleet_shared::{names, store, ApiError, Deps, Table};
use std::collections::HashMap;

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
