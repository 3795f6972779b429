//! The typed handler contract (issue 40): a handler is
//! `async fn(&'static Deps, Ctx, Req) -> Result<Resp, ApiError>`, declared
//! with `typed!`. `Ctx` is what the edge knows besides the arguments: the
//! caller and the GraphQL selection. `Req` is parsed once, at the edge, from
//! the GraphQL arguments, or from an HTTP call's path and query parameters
//! and its JSON body's fields: a bad shape is a 400 that names the field,
//! never a 500. `Resp` is any `Serialize`.
use crate::{permissions, ApiError, Caller, Deps, Input};
use chrono::{DateTime, Utc};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// What the edge knows about a call besides its arguments.
#[derive(Debug, Clone, Default)]
pub struct Ctx {
    pub caller: Option<Caller>,
    /// GraphQL: the selected sub-fields as AppSync lists them (`items/id`); empty when unknown.
    pub selection: Vec<String>,
    /// The gate's finding: which of its actions the caller holds (`Input::held`).
    pub held: Option<Vec<String>>,
    /// The call's clock: read once at the edge, so every step of one call sees the
    /// same instant, and a test sets the time here.
    pub now: DateTime<Utc>,
}

impl Ctx {
    /// Whether the caller holds `action`, when the gate already read it (an `AnyOf` gate naming
    /// it); `None` when the gate did not.
    pub fn gate_found(&self, action: &str) -> Option<bool> {
        self.held.as_ref().map(|held| held.iter().any(|a| a == action))
    }

    /// [`Ctx::now`] as records store it (`fridge_time::stamp`).
    pub fn now_text(&self) -> String {
        crate::fridge_time::stamp(self.now)
    }

    pub fn caller(&self) -> Result<&Caller, ApiError> {
        self.caller.as_ref().ok_or(ApiError::Unauthorized)
    }

    /// The permission gate for what a call changes beyond its own action.
    pub async fn require(&self, deps: &Deps, action: &str) -> Result<(), ApiError> {
        permissions::require(deps, self.caller()?, action).await
    }
}

/// One page of a list and the token of the next (GraphQL `{items, nextToken}`).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
#[schemars(rename = "{T}Page")]
pub struct Page<T> {
    pub items: Vec<T>,
    pub next_token: Option<String>,
}

/// A page request's only argument.
#[derive(Debug, Clone, Default, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageArgs {
    #[serde(default)]
    pub next_token: Option<String>,
}

/// No arguments (a handler that reads none still states it).
#[derive(Debug, Clone, Copy, Default, serde::Deserialize, schemars::JsonSchema)]
pub struct NoArgs {}

/// The request object of a call: the GraphQL arguments, or an HTTP call's
/// JSON body fields with its path and query parameters (a name given twice
/// is refused rather than one silently winning).
fn request_object(input: &Input) -> Result<Value, ApiError> {
    let mut object = match &input.args {
        Value::Object(m) => m.clone(),
        Value::Null => Map::new(),
        other => Map::from_iter([("body".to_string(), other.clone())]),
    };
    for (name, value) in input.path.iter().chain(input.query.iter()) {
        if object.insert(name.clone(), Value::String(value.clone())).is_some() {
            return Err(ApiError::bad_request(format!("Invalid request: {name} is given twice")));
        }
    }
    Ok(Value::Object(object))
}

/// Parses a handler's request at the edge; the error names the field.
pub fn request<T: DeserializeOwned>(input: &Input) -> Result<T, ApiError> {
    let object = request_object(input)?;
    serde_path_to_error::deserialize(object).map_err(|e| {
        let path = e.path().to_string();
        if path == "." {
            ApiError::bad_request(format!("Invalid request: {}", e.inner()))
        } else {
            ApiError::bad_request(format!("Invalid {path}: {}", e.inner()))
        }
    })
}

/// Splits an input into the context and the parsed request.
pub fn split<T: DeserializeOwned>(input: Input) -> Result<(Ctx, T), ApiError> {
    let request = request(&input)?;
    let now = crate::fridge_time::now();
    Ok((Ctx { caller: input.caller, selection: input.selection, held: input.held, now }, request))
}

/// What a typed API handler takes and answers, as JSON Schemas whose `$ref`s
/// point into the generator's definitions: the GraphQL shape test and the
/// web's generated REST types are both read from them.
pub struct Shapes {
    pub request: schemars::Schema,
    pub response: schemars::Schema,
}

/// The generators of a handler's request (as the edge parses it) and of its
/// answer (as it serialises): `#[serde(default)]` makes a field optional in
/// the first only.
pub struct Generators {
    pub requests: schemars::SchemaGenerator,
    pub responses: schemars::SchemaGenerator,
}

impl Default for Generators {
    fn default() -> Self {
        use schemars::generate::SchemaSettings;
        Generators {
            requests: SchemaSettings::draft2020_12().for_deserialize().into_generator(),
            responses: SchemaSettings::draft2020_12().for_serialize().into_generator(),
        }
    }
}

/// A request schema's transform (`#[schemars(transform = sent_whole)]`):
/// the browser sends every field, so the generated type requires each one,
/// while the server still reads a missing field as empty, so that its rule's
/// message (the spec's), not the parser's, answers a request without it.
pub fn sent_whole(schema: &mut schemars::Schema) {
    let names: Vec<String> = schema
        .get("properties")
        .and_then(Value::as_object)
        .map(|properties| properties.keys().cloned().collect())
        .unwrap_or_default();
    require(schema, names);
}

/// Like `sent_whole` for the named fields only
/// (`#[schemars(transform = sent(&["startTime", "endTime"]))]`): the others may be left out.
pub fn sent(fields: &'static [&'static str]) -> impl FnMut(&mut schemars::Schema) {
    move |schema| require(schema, fields.iter().map(|f| f.to_string()).collect())
}

fn require(schema: &mut schemars::Schema, names: Vec<String>) {
    let mut required: Vec<String> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).map(str::to_string).collect())
        .unwrap_or_default();
    required.extend(names);
    required.sort();
    required.dedup();
    schema.insert("required".into(), Value::Array(required.into_iter().map(Value::String).collect()));
}

/// Adds a handler's request and answer to the generators (`None` when the
/// `shapes` feature is off, as in the Lambda binary).
pub type ShapesFn = fn(&mut Generators) -> Option<Shapes>;

/// The shapes of `f`'s request and answer, inferred from its signature.
pub fn shapes_of<F, Fut, Req, Resp>(_f: F, generators: &mut Generators) -> Option<Shapes>
where
    F: Fn(&'static Deps, Ctx, Req) -> Fut,
    Fut: std::future::Future<Output = Result<Resp, ApiError>>,
    Req: schemars::JsonSchema,
    Resp: schemars::JsonSchema,
{
    #[cfg(feature = "shapes")]
    return Some(Shapes {
        request: generators.requests.subschema_for::<Req>(),
        response: generators.responses.subschema_for::<Resp>(),
    });
    #[cfg(not(feature = "shapes"))]
    {
        let _ = generators;
        None
    }
}

/// Builds a `Handler` from an API handler, an
/// `async fn(&'static Deps, Ctx, Req) -> Result<Resp, ApiError>` whose `Req`
/// and `Resp` derive `schemars::JsonSchema` as well as serde's traits.
#[macro_export]
macro_rules! typed {
    ($f:path) => {{
        fn shapes(generators: &mut $crate::contract::Generators) -> Option<$crate::contract::Shapes> {
            $crate::contract::shapes_of($f, generators)
        }
        $crate::registry::Handler { shapes: Some(shapes), ..$crate::typed_event!($f) }
    }};
}

/// Builds a `Handler` from a queue or schedule handler: typed like an API
/// handler, but its event is the platform's, so it has no shapes.
#[macro_export]
macro_rules! typed_event {
    ($f:path) => {{
        fn boxed(deps: &'static $crate::Deps, input: $crate::Input) -> $crate::registry::HandlerFuture {
            Box::pin(async move {
                let (ctx, request) = $crate::contract::split(input)?;
                let out = $f(deps, ctx, request).await?;
                serde_json::to_value(out).map_err($crate::ApiError::internal)
            })
        }
        $crate::registry::Handler { call: boxed, shapes: None }
    }};
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::collections::HashMap;

    #[derive(Debug, serde::Deserialize, PartialEq, schemars::JsonSchema)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    struct Filter {
        location_ids: Vec<String>,
    }

    #[derive(Debug, serde::Deserialize, PartialEq, schemars::JsonSchema)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    struct Req {
        filter: Filter,
        #[serde(default)]
        next_token: Option<String>,
    }

    #[test]
    fn a_bad_shape_is_a_400_naming_the_field() {
        let input = Input { args: json!({ "filter": { "locationIds": [1] } }), ..Default::default() };
        let err = request::<Req>(&input).unwrap_err().to_string();
        assert!(err.contains("filter.locationIds[0]"), "{err}");
        let input = Input { args: json!({}), ..Default::default() };
        assert!(request::<Req>(&input).unwrap_err().to_string().contains("missing field `filter`"));
    }

    #[test]
    fn path_and_query_parameters_join_the_body_and_a_name_given_twice_is_refused() {
        #[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
        struct Http {
            id: String,
            date: String,
            note: String,
        }
        let input = Input {
            args: json!({ "note": "n" }),
            path: HashMap::from([("id".to_string(), "CHI_1".to_string())]),
            query: HashMap::from([("date".to_string(), "2026-11-25".to_string())]),
            ..Default::default()
        };
        let r: Http = request(&input).unwrap();
        assert_eq!((r.id.as_str(), r.date.as_str(), r.note.as_str()), ("CHI_1", "2026-11-25", "n"));
        let twice = Input { args: json!({ "id": "X" }), ..input };
        assert!(request::<Http>(&twice).unwrap_err().to_string().contains("id is given twice"));
    }
}
