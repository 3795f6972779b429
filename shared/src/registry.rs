//! The declaration of a function: what triggers it, what it may do, and the
//! handler. Each area crate lists its functions once in a `FUNCTIONS` slice;
//! the Lambda binaries, the local API, `template.yaml` and the schema check
//! are all derived from those lists.
use crate::{error::ApiError, identity::Caller, permissions, Deps};
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::{collections::HashMap, future::Future, pin::Pin};

pub type HandlerFuture = Pin<Box<dyn Future<Output = Result<Value, ApiError>> + Send>>;
pub type Handler = fn(&'static Deps, Input) -> HandlerFuture;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// A field of the GraphQL `Query` type, resolved directly by this Lambda.
    Query(&'static str),
    Mutation(&'static str),
    /// An HTTP API route, e.g. `("POST", "/users/permissions")`; path
    /// parameters are written `{name}`.
    Http { method: &'static str, path: &'static str },
    /// An EventBridge schedule expression, e.g. `rate(1 minute)`.
    Schedule(&'static str),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Permission {
    /// The caller needs this action in the permissions table.
    Action(&'static str),
    /// Any signed-in user (their own flags, service status).
    SignedIn,
    /// Invoked by the scheduler, never by a user.
    System,
}

/// What the function's IAM role is allowed, by logical id in template.yaml.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grant {
    ReadTable(&'static str),
    WriteTable(&'static str),
    CrudTable(&'static str),
    ListUsers,
}

pub struct FunctionSpec {
    /// Binary name, also the stem of the template's resource names.
    pub name: &'static str,
    pub trigger: Trigger,
    pub permission: Permission,
    pub grants: &'static [Grant],
    pub handler: Handler,
}

impl FunctionSpec {
    /// Checks the caller's permission, then runs the handler. The only way
    /// any adapter (Lambda or local API) calls a handler.
    pub async fn invoke(&self, deps: &'static Deps, input: Input) -> Result<Value, ApiError> {
        match self.permission {
            Permission::System => {}
            Permission::SignedIn => {
                input.caller()?;
            }
            Permission::Action(action) => permissions::require(deps, input.caller()?, action).await?,
        }
        (self.handler)(deps, input).await
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
}

impl Input {
    pub fn caller(&self) -> Result<&Caller, ApiError> {
        self.caller.as_ref().ok_or(ApiError::Unauthorized)
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
        async fn h(_: &'static Deps, _: Input) -> Result<Value, ApiError> { Ok(Value::Null) }
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
    fn parse_reports_the_missing_field() {
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct Body { user: String, action: String }
        let input = Input { args: serde_json::json!({"user": "u"}), ..Default::default() };
        let err = input.parse::<Body>().unwrap_err();
        assert!(err.to_string().contains("missing field `action`"), "{err}");
    }
}
