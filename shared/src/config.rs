use crate::resources::{Bucket, Queue, Table, PAGING_TOKEN_SECRET, USER_POOL_ID};
use crate::{registry::Needs, ApiError};
use std::collections::BTreeMap;

/// What one function reads from its environment, parsed once at cold start:
/// exactly the variables its grants imply, nothing more. Endpoints are not
/// here: the SDK reads `AWS_ENDPOINT_URL` itself.
#[derive(Clone, Debug, Default)]
pub struct Config {
    tables: BTreeMap<Table, String>,
    buckets: BTreeMap<Bucket, String>,
    queues: BTreeMap<Queue, String>,
    user_pool_id: Option<String>,
    /// Signs `nextToken`s so a tampered token is refused.
    paging_secret: Option<Vec<u8>>,
}

#[derive(Debug, thiserror::Error)]
#[error("missing environment variable {0}")]
pub struct MissingVar(pub &'static str);

impl Config {
    /// Reads the variables `needs` names through `lookup` (the process
    /// environment in Lambda), failing on the first one missing.
    pub fn load(needs: &Needs, lookup: impl Fn(&str) -> Option<String>) -> Result<Self, MissingVar> {
        let var = |name: &'static str| lookup(name).filter(|v| !v.is_empty()).ok_or(MissingVar(name));
        let mut config = Config::default();
        for table in &needs.tables {
            config.tables.insert(*table, var(table.env_var())?);
        }
        for bucket in &needs.buckets {
            config.buckets.insert(*bucket, var(bucket.env_var())?);
        }
        for queue in &needs.queues {
            config.queues.insert(*queue, var(queue.env_var())?);
        }
        if needs.user_pool {
            config.user_pool_id = Some(var(USER_POOL_ID)?);
        }
        if needs.paging {
            config.paging_secret = Some(var(PAGING_TOKEN_SECRET)?.into_bytes());
        }
        Ok(config)
    }

    pub fn from_env(needs: &Needs) -> Result<Self, MissingVar> {
        Self::load(needs, |name| std::env::var(name).ok())
    }

    /// A table this function declared; using an undeclared one is a bug the
    /// integration tests catch, reported (never panicking) as an internal error.
    pub fn table(&self, table: Table) -> Result<&str, ApiError> {
        self.tables
            .get(&table)
            .map(String::as_str)
            .ok_or_else(|| ApiError::internal(format!("function has no grant for {}", table.logical_id())))
    }

    pub fn bucket(&self, bucket: Bucket) -> Result<&str, ApiError> {
        self.buckets
            .get(&bucket)
            .map(String::as_str)
            .ok_or_else(|| ApiError::internal(format!("function has no grant for {}", bucket.logical_id())))
    }

    /// The URL of a queue this function may send to.
    pub fn queue_url(&self, queue: Queue) -> Result<&str, ApiError> {
        self.queues
            .get(&queue)
            .map(String::as_str)
            .ok_or_else(|| ApiError::internal(format!("function has no grant for {}", queue.logical_id())))
    }

    pub fn user_pool_id(&self) -> Result<&str, ApiError> {
        self.user_pool_id.as_deref().ok_or_else(|| ApiError::internal("function has no ListUsers grant"))
    }

    pub fn paging_secret(&self) -> Result<&[u8], ApiError> {
        self.paging_secret.as_deref().ok_or_else(|| ApiError::internal("function has no PagingTokens grant"))
    }

    pub fn tables(&self) -> impl Iterator<Item = &Table> {
        self.tables.keys()
    }
}
