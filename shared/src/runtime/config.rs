use crate::resources::{
    Bucket, Queue, Table, GRAPHQL_URL, PAGING_TOKEN_SECRET, ROUTING_SERVICE_KEY_PARAMETER, ROUTING_SERVICE_URL,
    STACK_NAME, USER_POOL_ID,
};
use crate::secrets::{LazySecret, PagingKey, SecretSource, SsmParameter, StackName};
use crate::{registry::Needs, ApiError};
use std::collections::BTreeMap;
use std::sync::Arc;

/// What one function reads from its environment, parsed once at cold start:
/// exactly the variables its grants imply, nothing more. Endpoints are not
/// here: the SDK reads `AWS_ENDPOINT_URL` itself.
#[derive(Clone, Debug, Default)]
pub struct Config {
    tables: BTreeMap<Table, String>,
    buckets: BTreeMap<Bucket, String>,
    queues: BTreeMap<Queue, String>,
    user_pool_id: Option<String>,
    /// Signs `nextToken`s so a tampered token, or another stack's, is refused.
    paging: Option<Paging>,
    routing: Option<RoutingService>,
    /// The GraphQL API's URL, for a function that calls its publishing mutations.
    graphql_url: Option<String>,
}

/// What a function with the PagingTokens grant signs tokens with: the secret
/// (the environment names an SSM SecureString, read on first use) and the
/// stack's name, which every token's MAC covers.
#[derive(Clone, Debug)]
struct Paging {
    secret: Arc<LazySecret>,
    stack: StackName,
}

/// The external routing service: its base URL, and its key, an SSM
/// SecureString read on first use (never in the template or environment).
#[derive(Clone, Debug)]
pub struct RoutingService {
    pub base_url: String,
    pub key: Arc<LazySecret>,
}

/// The shortest routing-service key taken: a blank or truncated parameter is refused.
const MIN_ROUTING_KEY_LEN: usize = 16;

#[derive(Debug, thiserror::Error)]
#[error("missing environment variable {0}")]
pub struct MissingVar(pub &'static str);

impl Config {
    /// Reads the variables `needs` names through `lookup` (the process
    /// environment in Lambda), failing on the first one missing.
    pub fn load(needs: &Needs, lookup: impl Fn(&str) -> Option<String>) -> Result<Self, MissingVar> {
        Self::load_with(needs, lookup, Arc::new(SsmParameter))
    }

    /// `load`, reading the paging secret from `secrets` instead of SSM.
    pub fn load_with(
        needs: &Needs,
        lookup: impl Fn(&str) -> Option<String>,
        secrets: Arc<dyn SecretSource>,
    ) -> Result<Self, MissingVar> {
        let var = |name: &'static str| lookup(name).filter(|v| !v.is_empty()).ok_or(MissingVar(name));
        let mut config = Config::default();
        for table in needs.tables.union(&needs.streams) {
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
            let secret = Arc::new(LazySecret::new(var(PAGING_TOKEN_SECRET)?, secrets.clone()));
            // `var` takes no blank value, so a name is there.
            let stack = StackName::new(var(STACK_NAME)?).ok_or(MissingVar(STACK_NAME))?;
            config.paging = Some(Paging { secret, stack });
        }
        if needs.routing {
            let key = LazySecret::with_min_len(var(ROUTING_SERVICE_KEY_PARAMETER)?, secrets, MIN_ROUTING_KEY_LEN);
            config.routing = Some(RoutingService {
                base_url: var(ROUTING_SERVICE_URL)?.trim_end_matches('/').to_string(),
                key: Arc::new(key),
            });
        }
        if needs.graphql {
            config.graphql_url = Some(var(GRAPHQL_URL)?);
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

    /// The paging key: the secret, read from SSM by the first call in a
    /// container (one GetParameter), then from memory, and the stack's name.
    pub fn paging_secret(&self) -> Result<PagingKey<'_>, ApiError> {
        let paging = self.paging.as_ref().ok_or_else(|| ApiError::internal("function has no PagingTokens grant"))?;
        Ok(PagingKey::new(paging.secret.get()?, &paging.stack))
    }

    /// The routing service of a function with the RoutingService grant.
    pub fn routing_service(&self) -> Result<&RoutingService, ApiError> {
        self.routing.as_ref().ok_or_else(|| ApiError::internal("function has no RoutingService grant"))
    }

    /// The GraphQL API's URL of a function with the PublishChanges grant.
    pub fn graphql_url(&self) -> Option<&str> {
        self.graphql_url.as_deref()
    }

    pub fn tables(&self) -> impl Iterator<Item = &Table> {
        self.tables.keys()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    struct Counting(AtomicUsize);

    impl SecretSource for Counting {
        fn fetch(&self, name: &str) -> Result<String, String> {
            self.0.fetch_add(1, Ordering::SeqCst);
            Ok(format!("secret-behind-{name}-padded-to-32-characters"))
        }
    }

    fn paging_env(stack: &'static str) -> impl Fn(&str) -> Option<String> {
        move |name: &str| match name {
            PAGING_TOKEN_SECRET => Some("/fleet/paging".to_string()),
            STACK_NAME => Some(stack.to_string()),
            _ => None,
        }
    }

    #[test]
    fn the_environment_names_the_parameter_and_loading_reads_no_secret() {
        let needs = Needs { paging: true, ..Needs::default() };
        let source = Arc::new(Counting(AtomicUsize::new(0)));
        let config = Config::load_with(&needs, paging_env("fleet"), source.clone()).unwrap();
        assert_eq!(source.0.load(Ordering::SeqCst), 0, "a cold start reads no secret");
        let key = |c: &Config| crate::paging::encode(c.paging_secret().unwrap(), "s", &Default::default());
        let first = key(&config);
        // The secret the parameter holds, scoped to this stack: a clone (each Deps' copy) shares the cached value.
        let fleet = StackName::new("fleet").unwrap();
        let expected = crate::paging::PagingKey::new(b"secret-behind-/fleet/paging-padded-to-32-characters", &fleet);
        assert_eq!(first, crate::paging::encode(expected, "s", &Default::default()));
        assert_eq!(key(&config.clone()), first);
        assert_eq!(source.0.load(Ordering::SeqCst), 1, "read once per container");
    }

    #[test]
    fn the_stack_s_name_comes_from_the_environment_and_scopes_its_tokens() {
        let needs = Needs { paging: true, ..Needs::default() };
        let source = Arc::new(Counting(AtomicUsize::new(0)));
        let prod = Config::load_with(&needs, paging_env("fleet-console"), source.clone()).unwrap();
        let staging = Config::load_with(&needs, paging_env("fleet-console-staging"), source.clone()).unwrap();
        let token = crate::paging::encode(staging.paging_secret().unwrap(), "s", &Default::default());
        let refused = crate::paging::decode(prod.paging_secret().unwrap(), "s", &token).unwrap_err();
        assert_eq!(refused, ApiError::bad_request(crate::paging::INVALID_TOKEN), "same secret, another stack");
        // Without the stack's name a function that pages does not start.
        let no_stack = |name: &str| (name == PAGING_TOKEN_SECRET).then(|| "/fleet/paging".to_string());
        let missing = Config::load_with(&needs, no_stack, source).unwrap_err();
        assert_eq!(missing.to_string(), "missing environment variable STACK_NAME");
    }

    #[test]
    fn without_the_grant_there_is_no_secret_and_nothing_is_read() {
        let source = Arc::new(Counting(AtomicUsize::new(0)));
        let config = Config::load_with(&Needs::default(), |_| None, source.clone()).unwrap();
        assert!(config.paging_secret().is_err());
        assert_eq!(source.0.load(Ordering::SeqCst), 0);
        let needs = Needs { paging: true, ..Needs::default() };
        assert!(Config::load_with(&needs, |_| None, source).is_err(), "a missing variable fails the cold start");
    }

    #[test]
    fn the_routing_service_is_its_url_and_a_key_read_on_first_use() {
        let needs = Needs { routing: true, ..Needs::default() };
        let source = Arc::new(Counting(AtomicUsize::new(0)));
        let env = |name: &str| match name {
            ROUTING_SERVICE_URL => Some("https://routing.example.com/".to_string()),
            ROUTING_SERVICE_KEY_PARAMETER => Some("/fleet/routing".to_string()),
            _ => None,
        };
        let config = Config::load_with(&needs, env, source.clone()).unwrap();
        let routing = config.routing_service().unwrap();
        assert_eq!((routing.base_url.as_str(), source.0.load(Ordering::SeqCst)), ("https://routing.example.com", 0));
        assert!(routing.key.get().unwrap().starts_with(b"secret-behind-/fleet/routing"));
        assert!(Config::load_with(&Needs::default(), env, source).unwrap().routing_service().is_err());
    }
}
