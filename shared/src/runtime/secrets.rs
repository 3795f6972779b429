//! The secrets a function reads once per container (the paging-token
//! secret, the routing service's key) and the stack's name: loaded by the
//! config, used by the store layer's token signing (`crate::paging`).
use crate::error::ApiError;
use std::sync::{Arc, OnceLock};

/// The shortest signing secret taken (HMAC-SHA256 wants 32 bytes of key).
pub const MIN_SECRET_LEN: usize = 32;

/// Reads a secret by name: SSM in Lambda and locally, a fake in tests.
pub trait SecretSource: Send + Sync {
    fn fetch(&self, name: &str) -> Result<String, String>;
}

/// The signing secret, named by `PAGING_TOKEN_SECRET` (the stack's own
/// `/<stack name>/paging-token-secret`): read from its source
/// on first use, not at cold start (most invocations sign no token), and then
/// kept for the container. A failed read is not kept: the next use retries.
/// The same lazy read serves any other secret a function needs (the
/// routing service's key), with its own shortest length.
pub struct LazySecret {
    name: String,
    value: OnceLock<Vec<u8>>,
    source: Arc<dyn SecretSource>,
    min_len: usize,
}

impl LazySecret {
    /// The paging secret (at least `MIN_SECRET_LEN` characters).
    pub fn new(name: impl Into<String>, source: Arc<dyn SecretSource>) -> Self {
        Self::with_min_len(name, source, MIN_SECRET_LEN)
    }

    pub fn with_min_len(name: impl Into<String>, source: Arc<dyn SecretSource>, min_len: usize) -> Self {
        LazySecret { name: name.into(), value: OnceLock::new(), source, min_len }
    }

    /// The parameter's name (never the secret).
    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn get(&self) -> Result<&[u8], ApiError> {
        if let Some(v) = self.value.get() {
            return Ok(v);
        }
        let fail = |why: String| {
            tracing::error!(parameter = %self.name, error = %why, "secret unavailable");
            ApiError::internal(format!("secret {} unavailable", self.name))
        };
        let secret = self.source.fetch(&self.name).map_err(fail)?;
        if secret.len() < self.min_len {
            return Err(fail(format!("shorter than {} characters", self.min_len)));
        }
        // Two first uses at once both read; either value is the same secret.
        Ok(self.value.get_or_init(|| secret.into_bytes()))
    }
}

impl std::fmt::Debug for LazySecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LazySecret").field("name", &self.name).field("read", &self.value.get().is_some()).finish()
    }
}

/// An SSM SecureString, decrypted. The caller's API is synchronous, so the
/// one read per container runs on its own thread and runtime: it blocks the
/// invocation that first signs a token (Lambda runs one at a time) for one
/// GetParameter call, bounded by a timeout.
pub struct SsmParameter;

impl SecretSource for SsmParameter {
    fn fetch(&self, name: &str) -> Result<String, String> {
        let name = name.to_string();
        std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| e.to_string())?;
            rt.block_on(async {
                use crate::aws_json::{get_parameter, JsonClient, SSM};
                let sdk = crate::sdk::loader().load().await;
                let client = JsonClient::new(SSM, &sdk, std::time::Duration::from_secs(5));
                get_parameter(&client, &name).await.map_err(|e| e.to_string())
            })
        })
        .join()
        .map_err(|_| "the SSM read stopped".to_string())?
    }
}

/// The name of the stack a function runs in (`STACK_NAME`, CloudFormation's
/// `AWS::StackName`): part of every token's MAC scope, so a token only pages
/// on the stack that issued it, even if two stacks were given one secret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StackName(String);

impl StackName {
    /// A stack's name; blank is none.
    pub fn new(name: impl Into<String>) -> Option<Self> {
        let name = name.into();
        (!name.trim().is_empty()).then_some(StackName(name))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// What signs and checks a stack's tokens: its paging secret and its name.
#[derive(Clone, Copy)]
pub struct PagingKey<'a> {
    secret: &'a [u8],
    stack: &'a StackName,
}

impl<'a> PagingKey<'a> {
    pub fn new(secret: &'a [u8], stack: &'a StackName) -> Self {
        PagingKey { secret, stack }
    }

    pub(crate) fn secret(&self) -> &'a [u8] {
        self.secret
    }

    pub(crate) fn stack(&self) -> &'a StackName {
        self.stack
    }
}

impl std::fmt::Debug for PagingKey<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PagingKey").field("stack", &self.stack).finish_non_exhaustive()
    }
}
