//! Where item prices are kept: the ItemPrices table (pk schemaId, sk item),
//! the price-schema name list, and the History and Idempotency records a
//! price write lands with. The rules (`kind`, `handlers`) only see
//! `PriceStore`. Its DynamoDB implementation is the deployed `Deps` itself, so
//! the upload kind keeps the `deps` field its callers (tools, tests) build it
//! with; unit tests put the in-memory `memory::Memory` there instead.
use fleet_shared::history::Record;
use fleet_shared::idempotency::Claim;
use fleet_shared::ApiError;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use std::future::Future;

pub mod dynamo;
#[cfg(test)]
pub mod memory;

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
