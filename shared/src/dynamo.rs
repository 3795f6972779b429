//! DynamoDB helpers over serde_dynamo.
use crate::error::ApiError;
use aws_sdk_dynamodb::{
    types::{AttributeValue, PutRequest, WriteRequest},
    Client,
};
use serde::{de::DeserializeOwned, Serialize};
use std::{collections::HashMap, time::Duration};

pub type Item = HashMap<String, AttributeValue>;

pub fn to_item<T: Serialize>(value: &T) -> Result<Item, ApiError> {
    Ok(serde_dynamo::to_item(value)?)
}

pub fn from_item<T: DeserializeOwned>(item: Item) -> Result<T, ApiError> {
    Ok(serde_dynamo::from_item(item)?)
}

pub fn s(v: impl Into<String>) -> AttributeValue {
    AttributeValue::S(v.into())
}

/// Writes all items in batches of 25, retrying unprocessed ones with backoff.
pub async fn batch_put(client: &Client, table: &str, items: Vec<Item>) -> Result<(), ApiError> {
    for chunk in items.chunks(25) {
        let mut pending: Vec<WriteRequest> = chunk
            .iter()
            .map(|item| {
                let put = PutRequest::builder().set_item(Some(item.clone())).build().map_err(ApiError::internal)?;
                Ok(WriteRequest::builder().put_request(put).build())
            })
            .collect::<Result<_, ApiError>>()?;
        let mut attempt = 0u32;
        while !pending.is_empty() {
            let out = client.batch_write_item().request_items(table, pending).send().await?;
            pending = out.unprocessed_items.and_then(|mut m| m.remove(table)).unwrap_or_default();
            if !pending.is_empty() {
                attempt += 1;
                if attempt > 8 {
                    return Err(ApiError::internal(format!("{} items still unprocessed", pending.len())));
                }
                tokio::time::sleep(Duration::from_millis(50 << attempt.min(5))).await;
            }
        }
    }
    Ok(())
}

/// Reads every page of a scan (used for small reference tables).
pub async fn scan_all(client: &Client, table: &str) -> Result<Vec<Item>, ApiError> {
    let mut items = Vec::new();
    let mut start = None;
    loop {
        let out = client.scan().table_name(table).set_exclusive_start_key(start).send().await?;
        items.extend(out.items.unwrap_or_default());
        start = out.last_evaluated_key;
        if start.is_none() {
            return Ok(items);
        }
    }
}

pub fn is_conditional_failure<R>(
    err: &aws_sdk_dynamodb::error::SdkError<aws_sdk_dynamodb::operation::put_item::PutItemError, R>,
) -> bool {
    matches!(err.as_service_error(), Some(e) if e.is_conditional_check_failed_exception())
}
