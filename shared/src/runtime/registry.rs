//! The declaration of a function: what triggers it, what it may do, and the
//! handler. Each area crate lists its functions once in a `FUNCTIONS` slice;
//! the Lambda binaries, the local API, `template.yaml` and the schema check
//! are all derived from those lists.
use crate::resources::{
    Bucket, Table, GRAPHQL_URL, PAGING_TOKEN_SECRET, ROUTING_SERVICE_KEY_PARAMETER, ROUTING_SERVICE_URL, STACK_NAME,
    USER_POOL_ID,
};
use crate::{error::ApiError, identity::Caller, limits, permissions, Deps};
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::{
    collections::{BTreeSet, HashMap},
    future::Future,
    pin::Pin,
};

pub type HandlerFuture = Pin<Box<dyn Future<Output = Result<Value, ApiError>> + Send>>;
pub type HandlerFn = fn(&'static Deps, Input) -> HandlerFuture;

/// A function's handler, and for a typed API handler the shapes of what it
/// takes and answers (`contract::shapes_of`).
#[derive(Clone, Copy)]
pub struct Handler {
    pub call: HandlerFn,
    pub shapes: Option<crate::contract::ShapesFn>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// A field of the GraphQL `Query` type, resolved directly by this Lambda.
    Query(&'static str),
    Mutation(&'static str),
    /// A field of the GraphQL `Subscription` type: its Lambda runs when a
    /// client subscribes (the permission check) and answers null to allow.
    Subscription(&'static str),
    /// An HTTP API route, e.g. `("POST", "/users/permissions")`; path
    /// parameters are written `{name}`.
    Http {
        method: &'static str,
        path: &'static str,
    },
    /// An EventBridge schedule expression, e.g. `rate(1 minute)`.
    Schedule(&'static str),
    /// An SQS event source (batches of up to 10, partial batch responses):
    /// the handler gets the SQS event and answers `batchItemFailures`.
    Queue(crate::resources::Queue),
    /// The DynamoDB streams of these tables (batches, partial batch
    /// responses by sequence number): the handler gets the stream event and
    /// answers `batchItemFailures`.
    Streams(&'static [Table]),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Permission {
    /// The caller needs this action in the permissions table.
    Action(&'static str),
    /// The caller needs any one of these actions (a read that two roles
    /// share, e.g. View Routes for the office and for supervisors).
    AnyOf(&'static [&'static str]),
    /// Any signed-in user (their own flags, service status).
    SignedIn,
    /// Invoked by the platform (a schedule), never by a user: such a
    /// function must have no GraphQL or HTTP trigger (the drift test checks).
    System,
}

/// What the function's IAM role is allowed. Grants are the single source of a
/// function's policies, environment variables and clients.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grant {
    /// `GetItem`: one item by its key.
    GetItems(Table),
    /// `BatchGetItem`: many items by their keys.
    BatchGetItems(Table),
    /// `Query` on the table itself (not its indexes).
    QueryTable(Table),
    /// `Query` on one index of the table, by name.
    QueryIndex(Table, &'static str),
    /// `Scan`: a whole-table read, granted only where one is meant.
    ScanTable(Table),
    /// `PutItem`: a whole item, alone or in a transaction.
    PutItems(Table),
    /// `UpdateItem`: attributes of an item, alone or in a transaction.
    UpdateItems(Table),
    /// `ConditionCheckItem` alone: a transaction's check on a table it does not write.
    CheckItems(Table),
    /// `DeleteItem`.
    DeleteItems(Table),
    /// `BatchWriteItem`: it allows deletes as well as puts, so it is granted alone.
    BatchWriteTable(Table),
    /// `s3:ListBucket`: lists objects, and lets a read of a missing key answer 404 (without it, S3 answers 403).
    ListObjects(Bucket),
    /// `s3:GetObject`: reads objects (and signs presigned GET URLs that work).
    ReadObjects(Bucket),
    /// `s3:PutObject`: writes objects only (a kept upload, a presigned upload URL): no read, no delete.
    WriteBucket(Bucket),
    /// `s3:DeleteObject`.
    DeleteObjects(Bucket),
    ListUsers,
    /// Issues and reads signed `nextToken`s (reads the paging secret's SSM parameter).
    PagingTokens,
    /// Sends messages to a queue (its URL in the environment).
    SendToQueue(crate::resources::Queue),
    /// Sets when a received message of its source queue comes back (a
    /// worker's own backoff): `sqs:ChangeMessageVisibility`, the URL in the environment.
    DelayQueueMessages(crate::resources::Queue),
    /// Calls the external routing service: its base URL in the environment,
    /// its key read from an SSM SecureString on first use.
    RoutingService,
    /// Calls the API's publishing mutations (`appsync:GraphQL` on
    /// `Mutation.{field}`, signed with the role), the API's URL in the environment.
    PublishChanges(&'static str),
    /// Takes a whole file's rows in one request: up to `limits::MAX_FILE_REQUEST_BYTES`
    /// instead of the default bound (no IAM).
    FileUploads,
}

/// The resources a function touches, derived from its declaration.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Needs {
    pub tables: BTreeSet<Table>,
    pub buckets: BTreeSet<Bucket>,
    pub queues: BTreeSet<crate::resources::Queue>,
    pub user_pool: bool,
    pub paging: bool,
    pub routing: bool,
    pub file_uploads: bool,
    /// The GraphQL API's URL, to call its publishing mutations.
    pub graphql: bool,
    /// Tables whose streams invoke the function: their names, to know a
    /// record's table, but no client (it reads the records it is given).
    pub streams: BTreeSet<Table>,
}

impl Needs {
    /// Everything: for tools that seed or inspect the whole stack.
    pub fn all() -> Needs {
        Needs {
            tables: Table::ALL.iter().copied().collect(),
            buckets: Bucket::ALL.iter().copied().collect(),
            queues: crate::resources::Queue::ALL.iter().copied().collect(),
            user_pool: true,
            paging: true,
            routing: true,
            file_uploads: true,
            graphql: true,
            streams: BTreeSet::new(),
        }
    }

    /// The environment variables these needs are read from, in a stable order.
    pub fn env_vars(&self) -> Vec<&'static str> {
        let mut vars: Vec<&'static str> = self.tables.union(&self.streams).map(|t| t.env_var()).collect();
        vars.extend(self.buckets.iter().map(|b| b.env_var()));
        vars.extend(self.queues.iter().map(|q| q.env_var()));
        if self.user_pool {
            vars.push(USER_POOL_ID);
        }
        if self.paging {
            // The secret's name, and the stack's, which its tokens are scoped to.
            vars.extend([PAGING_TOKEN_SECRET, STACK_NAME]);
        }
        if self.routing {
            vars.extend([ROUTING_SERVICE_URL, ROUTING_SERVICE_KEY_PARAMETER]);
        }
        if self.graphql {
            vars.push(GRAPHQL_URL);
        }
        vars
    }
}

pub struct FunctionSpec {
    /// Registry name: the stem of the template's resource names and the
    /// value of `FLEET_FUNCTION` that selects this entry in the binary.
    pub name: &'static str,
    pub trigger: Trigger,
    pub permission: Permission,
    pub grants: &'static [Grant],
    pub handler: Handler,
}

impl FunctionSpec {
    /// The grants of the declaration plus the read the gate makes: one
    /// GetItem of the caller's (user, action) item for an `Action` function,
    /// one BatchGetItem of the alternatives' items for an `AnyOf` one.
    pub fn policies(&self) -> Vec<Grant> {
        let mut grants = self.grants.to_vec();
        let gate = match self.permission {
            Permission::Action(_) => Some(Grant::GetItems(Table::Permissions)),
            Permission::AnyOf(_) => Some(Grant::BatchGetItems(Table::Permissions)),
            Permission::SignedIn | Permission::System => None,
        };
        if let Some(gate) = gate.filter(|g| !grants.contains(g)) {
            grants.push(gate);
        }
        grants
    }

    /// The actions any one of which opens the function (none for a signed-in or system one).
    pub fn actions(&self) -> &[&'static str] {
        match &self.permission {
            Permission::Action(action) => std::slice::from_ref(action),
            Permission::AnyOf(actions) => actions,
            Permission::SignedIn | Permission::System => &[],
        }
    }

    pub fn needs(&self) -> Needs {
        let mut needs = Needs::default();
        if let Trigger::Streams(tables) = self.trigger {
            needs.streams.extend(tables.iter().copied());
        }
        for g in self.policies() {
            match g {
                Grant::GetItems(t)
                | Grant::BatchGetItems(t)
                | Grant::QueryTable(t)
                | Grant::QueryIndex(t, _)
                | Grant::ScanTable(t)
                | Grant::PutItems(t)
                | Grant::UpdateItems(t)
                | Grant::CheckItems(t)
                | Grant::DeleteItems(t)
                | Grant::BatchWriteTable(t) => {
                    needs.tables.insert(t);
                }
                Grant::ListObjects(b) | Grant::ReadObjects(b) | Grant::WriteBucket(b) | Grant::DeleteObjects(b) => {
                    needs.buckets.insert(b);
                }
                Grant::ListUsers => needs.user_pool = true,
                Grant::PagingTokens => needs.paging = true,
                Grant::RoutingService => needs.routing = true,
                Grant::FileUploads => needs.file_uploads = true,
                Grant::PublishChanges(_) => needs.graphql = true,
                Grant::SendToQueue(q) | Grant::DelayQueueMessages(q) => {
                    needs.queues.insert(q);
                }
            }
        }
        needs
    }

    pub fn max_request_bytes(&self) -> usize {
        if self.grants.contains(&Grant::FileUploads) {
            limits::MAX_FILE_REQUEST_BYTES
        } else {
            limits::MAX_REQUEST_BYTES
        }
    }

    /// Called by users through AppSync or the HTTP API (not a system job).
    pub fn is_user_facing(&self) -> bool {
        matches!(
            self.trigger,
            Trigger::Query(_) | Trigger::Mutation(_) | Trigger::Subscription(_) | Trigger::Http { .. }
        )
    }

    /// Checks the input's size, then the caller's permission, then runs the
    /// handler. The only way any adapter (Lambda or local API) calls a handler.
    pub async fn invoke(&self, deps: &'static Deps, mut input: Input) -> Result<Value, ApiError> {
        match self.trigger {
            // Queue events are not user input: bounded as events, each record by its consumer.
            Trigger::Queue(_) => limits::check_queue_event(&input.args)?,
            Trigger::Streams(_) => limits::check_stream_event(&input.args)?,
            _ => limits::check_arguments(&input.args, self.max_request_bytes())?,
        }
        match self.permission {
            Permission::System => {}
            Permission::SignedIn => {
                input.caller()?;
            }
            Permission::Action(action) => permissions::require(deps, input.caller()?, action).await?,
            Permission::AnyOf(actions) => {
                // Kept for the handler: a rule that depends on which one is held need not read it again.
                input.held = Some(permissions::require_any(deps, input.caller()?, actions).await?);
            }
        }
        let sub = input.caller.as_ref().map(|c| c.sub.clone());
        crate::identity::acting_as(sub.as_deref(), (self.handler.call)(deps, input)).await
    }

    /// `PascalCase` logical id stem for template resources: `get_location` -> `GetLocation`.
    pub fn logical_id(&self) -> String {
        self.name
            .split('_')
            .map(|w| {
                let mut c = w.chars();
                c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
            })
            .collect()
    }
}

/// A handler's input, the same whatever the event shape it came from.
#[derive(Clone, Debug, Default)]
pub struct Input {
    pub caller: Option<Caller>,
    /// GraphQL arguments, or the JSON body of an HTTP request (`Null` if none).
    pub args: Value,
    pub path: HashMap<String, String>,
    pub query: HashMap<String, String>,
    /// GraphQL: the selected sub-fields as AppSync lists them (`items/id`); empty when unknown.
    pub selection: Vec<String>,
    /// Which of an `AnyOf` gate's actions the caller holds, as the gate read them (`None`: another gate).
    pub held: Option<Vec<String>>,
}

impl Input {
    pub fn caller(&self) -> Result<&Caller, ApiError> {
        self.caller.as_ref().ok_or(ApiError::Unauthorized)
    }

    /// The permission gate for what a call changes beyond its own action
    /// (e.g. scheduling a change also needs the action making it needs).
    pub async fn require(&self, deps: &Deps, action: &str) -> Result<(), ApiError> {
        permissions::require(deps, self.caller()?, action).await
    }

    /// The fields selected directly under `parent` (`items` -> `id`, `type`...),
    /// or `None` when the selection is unknown (then answer every field).
    pub fn selected_under(&self, parent: &str) -> Option<Vec<&str>> {
        let prefix = format!("{parent}/");
        let fields: Vec<&str> =
            self.selection.iter().filter_map(|p| p.strip_prefix(&prefix)).filter(|f| !f.contains('/')).collect();
        (!fields.is_empty()).then_some(fields)
    }

    /// Parses the arguments at the boundary; serde's message names the field.
    pub fn parse<T: DeserializeOwned>(&self) -> Result<T, ApiError> {
        T::deserialize(&self.args).map_err(|e| ApiError::bad_request(format!("Invalid request: {e}")))
    }

    /// Parses one GraphQL argument (`input`, `filter`...).
    pub fn arg<T: DeserializeOwned>(&self, name: &str) -> Result<T, ApiError> {
        let value = self.args.get(name).cloned().unwrap_or(Value::Null);
        T::deserialize(value).map_err(|e| ApiError::bad_request(format!("Invalid {name}: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logical_ids_are_pascal_case() {
        async fn h(_: &'static Deps, _: Input) -> Result<Value, ApiError> {
            Ok(Value::Null)
        }
        let spec = FunctionSpec {
            name: "read_schedule_change",
            trigger: Trigger::Query("readScheduleChange"),
            permission: Permission::SignedIn,
            grants: &[],
            handler: crate::handler!(h),
        };
        assert_eq!(spec.logical_id(), "ReadScheduleChange");
    }

    #[test]
    fn needs_follow_grants_and_the_gate() {
        async fn h(_: &'static Deps, _: Input) -> Result<Value, ApiError> {
            Ok(Value::Null)
        }
        let spec = FunctionSpec {
            name: "get_location",
            trigger: Trigger::Query("getLocation"),
            permission: Permission::Action("GetSpecificLocation"),
            grants: &[Grant::GetItems(Table::Locations)],
            handler: crate::handler!(h),
        };
        assert_eq!(spec.needs().env_vars(), vec!["LOCATIONS_TABLE", "PERMISSIONS_TABLE"]);
        let signed_in =
            FunctionSpec { permission: Permission::SignedIn, grants: &[Grant::ListUsers, Grant::PagingTokens], ..spec };
        assert_eq!(signed_in.needs().env_vars(), vec!["USER_POOL_ID", "PAGING_TOKEN_SECRET", "STACK_NAME"]);
    }

    #[test]
    fn parse_reports_the_missing_field() {
        #[derive(serde::Deserialize, Debug, schemars::JsonSchema)]
        #[allow(dead_code)]
        struct Body {
            user: String,
            action: String,
        }
        let input = Input { args: serde_json::json!({"user": "u"}), ..Default::default() };
        let err = input.parse::<Body>().unwrap_err();
        assert!(err.to_string().contains("missing field `action`"), "{err}");
    }
}
