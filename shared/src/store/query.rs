//! The one paged Query of the store layer. An area describes what it reads
//! (partition, sort-key condition, index, order, filter) and asks for every
//! item, one raw page, or one page behind a signed token; the SDK request,
//! its placeholders and the paging loop are written here once.
use crate::item::{self as store, Item, Key};
use crate::merge::{self, Merge};
use crate::{deps::TableRef, error::ApiError, paging};
use aws_sdk_dynamodb::types::{AttributeValue, Select};
use serde::de::DeserializeOwned;
use std::collections::HashMap;

/// A condition on the sort key.
#[derive(Clone, Debug, PartialEq)]
pub enum SortKey {
    BeginsWith(String),
    Between(String, String),
    AtMost(String),
    AtLeast(String),
}

/// A filter applied after the key condition (it costs the read of what it drops).
#[derive(Clone, Debug, PartialEq)]
pub enum Filter {
    /// The attribute is one of these values; no filter when the list is empty.
    In(String, Vec<String>),
    /// The attribute does not begin with this prefix.
    NotBeginsWith(String, String),
}

#[derive(Clone)]
pub struct Query<'a> {
    table: TableRef<'a>,
    index: Option<String>,
    partition: (String, AttributeValue),
    sort: Option<(String, SortKey)>,
    filter: Option<Filter>,
    newest_first: bool,
    consistent: bool,
}

impl<'a> TableRef<'a> {
    /// A query of the partition whose key `key` is `value`.
    pub fn query(&self, key: &str, value: impl Into<String>) -> Query<'a> {
        Query {
            table: *self,
            index: None,
            partition: (key.to_string(), store::s(value)),
            sort: None,
            filter: None,
            newest_first: false,
            consistent: false,
        }
    }
}

impl<'a> Query<'a> {
    /// Reads a secondary index instead of the table.
    pub fn index(mut self, name: &str) -> Self {
        self.index = Some(name.to_string());
        self
    }

    pub fn sort(mut self, key: &str, condition: SortKey) -> Self {
        self.sort = Some((key.to_string(), condition));
        self
    }

    pub fn filter(mut self, filter: Filter) -> Self {
        self.filter = match filter {
            Filter::In(_, ref values) if values.is_empty() => None,
            f => Some(f),
        };
        self
    }

    /// Descending sort-key order (the newest first where the sort key is a time).
    pub fn newest_first(mut self) -> Self {
        self.newest_first = true;
        self
    }

    /// A strongly consistent read: it sees every write that succeeded before it.
    pub fn consistent(mut self) -> Self {
        self.consistent = true;
        self
    }

    /// The expression, names and values of this query. Every name goes
    /// through a placeholder, as attribute names may be reserved words.
    fn expressions(&self) -> (String, Option<String>, HashMap<String, String>, HashMap<String, AttributeValue>) {
        let mut names = HashMap::from([("#pk".to_string(), self.partition.0.clone())]);
        let mut values = HashMap::from([(":pk".to_string(), self.partition.1.clone())]);
        let mut key = "#pk = :pk".to_string();
        if let Some((name, condition)) = &self.sort {
            names.insert("#sk".into(), name.clone());
            let mut value = |placeholder: &str, v: &str| values.insert(placeholder.into(), store::s(v));
            key.push_str(&match condition {
                SortKey::BeginsWith(p) => {
                    value(":sk", p);
                    " AND begins_with(#sk, :sk)".to_string()
                }
                SortKey::Between(a, b) => {
                    value(":sk", a);
                    value(":sk2", b);
                    " AND #sk BETWEEN :sk AND :sk2".to_string()
                }
                SortKey::AtMost(v) => {
                    value(":sk", v);
                    " AND #sk <= :sk".to_string()
                }
                SortKey::AtLeast(v) => {
                    value(":sk", v);
                    " AND #sk >= :sk".to_string()
                }
            });
        }
        let filter = self.filter.as_ref().map(|f| match f {
            Filter::In(name, list) => {
                names.insert("#f".into(), name.clone());
                let placeholders: Vec<String> = (0..list.len()).map(|i| format!(":f{i}")).collect();
                for (p, v) in placeholders.iter().zip(list) {
                    values.insert(p.clone(), store::s(v));
                }
                format!("#f IN ({})", placeholders.join(", "))
            }
            Filter::NotBeginsWith(name, prefix) => {
                names.insert("#f".into(), name.clone());
                values.insert(":f".into(), store::s(prefix));
                "NOT begins_with(#f, :f)".to_string()
            }
        });
        (key, filter, names, values)
    }

    /// The SDK request of this query: table, index, key condition, filter, order and consistency.
    fn request(&self) -> aws_sdk_dynamodb::operation::query::builders::QueryFluentBuilder {
        let (key, filter, names, values) = self.expressions();
        self.table
            .client
            .query()
            .table_name(self.table.name)
            .set_index_name(self.index.clone())
            .key_condition_expression(key)
            .set_filter_expression(filter)
            .set_expression_attribute_names(Some(names))
            .set_expression_attribute_values(Some(values))
            .scan_index_forward(!self.newest_first)
            .consistent_read(self.consistent)
    }

    /// One page from `start`, of at most `limit` items read.
    pub async fn page(&self, start: Option<Key>, limit: Option<i32>) -> Result<(Vec<Item>, Option<Key>), ApiError> {
        let out = self.request().set_limit(limit).set_exclusive_start_key(start).send().await?;
        Ok((out.items.unwrap_or_default(), out.last_evaluated_key))
    }

    /// Every item the query matches, deserialised.
    pub async fn all<T: DeserializeOwned>(&self) -> Result<Vec<T>, ApiError> {
        store::all(|start, _| self.page(start, None)).await
    }

    /// How many items the query matches, page by page (`Select: COUNT`): DynamoDB reads them as for `all`,
    /// but sends no item back.
    pub async fn count(&self) -> Result<u64, ApiError> {
        let (mut total, mut start) = (0u64, None);
        loop {
            let out = self.request().select(Select::Count).set_exclusive_start_key(start).send().await?;
            total += u64::try_from(out.count).unwrap_or(0);
            match out.last_evaluated_key {
                Some(next) if !next.is_empty() => start = Some(next),
                _ => return Ok(total),
            }
        }
    }

    /// One page of at most `count` items behind a token signed for `scope`,
    /// and the token of the next page.
    pub async fn signed_page<T: DeserializeOwned>(
        &self,
        key: paging::PagingKey<'_>,
        scope: &str,
        token: Option<&str>,
        count: usize,
    ) -> Result<(Vec<T>, Option<String>), ApiError> {
        paging::signed_page_of(key, scope, token, count, |start, limit| self.page(start, limit)).await
    }
}

/// One query over several partitions (the shards of a key, `shard`), merged
/// in sort order (`merge`): the parts are read in parallel.
#[derive(Clone)]
pub struct Across<'a> {
    parts: Vec<Query<'a>>,
    merge: Merge,
}

impl<'a> Query<'a> {
    /// This query over each of `partitions` instead of its own (whose value is
    /// then never read: `""` will do), merged by the string attribute `order`; `keys` are the attributes of a key to resume
    /// after an item (the table's, and the index's when reading one).
    pub fn across(self, partitions: Vec<String>, order: &str, keys: &[&str]) -> Across<'a> {
        let merge = Merge {
            order: order.to_string(),
            keys: keys.iter().map(|k| k.to_string()).collect(),
            descending: self.newest_first,
        };
        let parts = partitions
            .into_iter()
            .map(|p| Query { partition: (self.partition.0.clone(), store::s(p)), ..self.clone() })
            .collect();
        Across { parts, merge }
    }
}

impl Across<'_> {
    /// Strongly consistent reads of every part.
    pub fn consistent(mut self) -> Self {
        self.parts = self.parts.into_iter().map(Query::consistent).collect();
        self
    }

    /// One merged page from `cursor`, of at most `limit` items.
    pub async fn page(&self, cursor: Option<Key>, limit: Option<i32>) -> Result<(Vec<Item>, Option<Key>), ApiError> {
        merge::page(&self.merge, self.parts.len(), cursor, limit, |p, start, l| self.parts[p].page(start, l)).await
    }

    /// Every item of every part, deserialised, in merged order.
    pub async fn all<T: DeserializeOwned>(&self) -> Result<Vec<T>, ApiError> {
        store::all(|start, limit| self.page(start, limit)).await
    }

    /// `all`, with a part longer than one page read past its first page in slices of its sort key (the merge's
    /// order attribute) side by side, cut at `bounds` (`merge::sliced`): a part of one page is one call, as in
    /// `all`; one of several 1 MB pages is read in about two pages' time, not a page after another. Parts that
    /// have a sort condition of their own, or read newest first, are read as `all` reads them.
    pub async fn all_sliced<T: DeserializeOwned>(&self, bounds: &[String]) -> Result<Vec<T>, ApiError> {
        if self.merge.descending || self.parts.iter().any(|p| p.sort.is_some()) {
            return self.all().await;
        }
        let order = self.merge.order.as_str();
        let reads = self.parts.iter().map(|part| {
            merge::sliced(order, bounds, move |slice, start| {
                let query = match slice {
                    Some(condition) => part.clone().sort(order, condition),
                    None => part.clone(),
                };
                async move { query.page(start, None).await }
            })
        });
        let mut items: Vec<Item> = futures::future::try_join_all(reads).await?.into_iter().flatten().collect();
        // Each part comes in order; a stable sort merges them as `all` does (a tie: the earlier part first).
        items.sort_by(|a, b| merge::order_of(a, order).cmp(merge::order_of(b, order)));
        items.into_iter().map(store::from_item).collect()
    }

    /// How many items every part matches, the parts counted in parallel.
    pub async fn count(&self) -> Result<u64, ApiError> {
        let counts = futures::future::try_join_all(self.parts.iter().map(Query::count)).await?;
        Ok(counts.into_iter().sum())
    }

    /// One page of at most `count` items behind a token signed for `scope`.
    pub async fn signed_page<T: DeserializeOwned>(
        &self,
        key: paging::PagingKey<'_>,
        scope: &str,
        token: Option<&str>,
        count: usize,
    ) -> Result<(Vec<T>, Option<String>), ApiError> {
        paging::signed_page_of(key, scope, token, count, |start, limit| self.page(start, limit)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> TableRef<'static> {
        let config = aws_sdk_dynamodb::Config::builder().behavior_version_latest().build();
        let client: &'static aws_sdk_dynamodb::Client =
            Box::leak(Box::new(aws_sdk_dynamodb::Client::from_conf(config)));
        TableRef { client, name: "T" }
    }

    #[test]
    fn every_name_goes_through_a_placeholder() {
        let q = table()
            .query("date", "2026-11-23")
            .sort("sk", SortKey::Between("temp#a".into(), "temp#~".into()))
            .filter(Filter::In("eventType".into(), vec!["A".into(), "B".into()]));
        let (key, filter, names, values) = q.expressions();
        assert_eq!(key, "#pk = :pk AND #sk BETWEEN :sk AND :sk2");
        assert_eq!(filter.as_deref(), Some("#f IN (:f0, :f1)"));
        assert_eq!((names["#pk"].as_str(), names["#sk"].as_str(), names["#f"].as_str()), ("date", "sk", "eventType"));
        assert_eq!(values.len(), 5);
    }

    #[test]
    fn an_empty_in_list_filters_nothing() {
        let q = table().query("id", "x").filter(Filter::In("t".into(), vec![]));
        let (key, filter, names, _) = q.expressions();
        assert_eq!((key.as_str(), filter, names.len()), ("#pk = :pk", None, 1));
    }
}
