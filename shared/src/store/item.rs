//! DynamoDB items and the one paging loop: the bottom of the store layer,
//! which everything above it (store, query, paging) uses and which uses none
//! of them.
use crate::error::ApiError;
use aws_sdk_dynamodb::types::AttributeValue;
use serde::{de::DeserializeOwned, Serialize};
use std::{collections::HashMap, future::Future};

pub type Item = HashMap<String, AttributeValue>;
pub type Key = HashMap<String, AttributeValue>;

pub fn to_item<T: Serialize>(value: &T) -> Result<Item, ApiError> {
    Ok(serde_dynamo::to_item(value)?)
}

pub fn from_item<T: DeserializeOwned>(item: Item) -> Result<T, ApiError> {
    Ok(serde_dynamo::from_item(item)?)
}

pub fn s(v: impl Into<String>) -> AttributeValue {
    AttributeValue::S(v.into())
}

/// The one paging loop, for any paged AWS call (a DynamoDB key, a Cognito
/// pagination token...). `fetch(start, remaining)` reads one page (passing
/// `remaining` as the request's `Limit`, so the last key is exact); pages are
/// read until `limit` items or the end. Answers the items and the key to
/// resume from, if any.
pub async fn pages<T, K, F, Fut>(
    start: Option<K>,
    limit: Option<usize>,
    mut fetch: F,
) -> Result<(Vec<T>, Option<K>), ApiError>
where
    F: FnMut(Option<K>, Option<i32>) -> Fut,
    Fut: Future<Output = Result<(Vec<T>, Option<K>), ApiError>>,
{
    let mut items = Vec::new();
    let mut start = start;
    loop {
        let remaining = limit.map(|l| l.saturating_sub(items.len()).min(i32::MAX as usize) as i32);
        let (page, next) = fetch(start, remaining).await?;
        items.extend(page);
        start = next;
        if start.is_none() || limit.is_some_and(|l| items.len() >= l) {
            return Ok((items, start));
        }
    }
}

/// Every item of a query or scan, deserialised.
pub async fn all<T, F, Fut>(fetch: F) -> Result<Vec<T>, ApiError>
where
    T: DeserializeOwned,
    F: FnMut(Option<Key>, Option<i32>) -> Fut,
    Fut: Future<Output = Result<(Vec<Item>, Option<Key>), ApiError>>,
{
    pages(None, None, fetch).await?.0.into_iter().map(from_item).collect()
}
