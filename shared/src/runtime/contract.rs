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
        // A string, number or array where the fields should be: said plainly, not as a field named after it.
        other => {
            let kind = match other {
                Value::Array(_) => "an array",
                Value::String(_) => "a string",
                Value::Number(_) => "a number",
                _ => "true or false",
            };
            return Err(ApiError::bad_request(format!("The request must be a JSON object of its fields, not {kind}")));
        }
    };
    for (name, value) in input.path.iter().chain(input.query.iter()) {
        if object.insert(name.clone(), Value::String(value.clone())).is_some() {
            return Err(ApiError::bad_request(format!("Invalid request: {name} is given twice")));
        }
    }
    Ok(Value::Object(object))
}

/// The field's place in a newtype's refusal (`ids.rs`): `request` writes the
/// field's name there, so a value that parses itself is refused with the
/// message its check always gave ("dropOffDate must be a date (YYYY-MM-DD)"),
/// never serde's wording.
pub const FIELD: &str = "{field}";

/// How many missing fields one request may have read as empty (each is one
/// more parse, on the error path only).
const MAX_EMPTY_FILLS: usize = 16;

/// Parses a handler's request at the edge; the error names the field.
///
/// A field that is missing is read again as empty text, so that a value that
/// parses itself answers with its own message (as a `#[serde(default)]`
/// `String` did, before its check); where the empty text parses (a plain
/// string without a default), serde's "missing field" stands.
pub fn request<T: DeserializeOwned>(input: &Input) -> Result<T, ApiError> {
    let mut object = request_object(input)?;
    let mut missing: Option<ApiError> = None;
    for _ in 0..=MAX_EMPTY_FILLS {
        let error = match serde_path_to_error::deserialize::<_, T>(&object) {
            Ok(request) => return missing.map_or(Ok(request), Err),
            Err(error) => error,
        };
        let message = error.inner().to_string();
        if message.contains(FIELD) {
            return Err(ApiError::bad_request(message.replace(FIELD, &field_name(error.path()))));
        }
        let described = || {
            let path = error.path().to_string();
            if path == "." {
                ApiError::bad_request(format!("Invalid request: {message}"))
            } else {
                ApiError::bad_request(format!("Invalid {path}: {message}"))
            }
        };
        match missing_field(&message) {
            Some(name) if fill_empty(&mut object, error.path(), name) => {
                missing.get_or_insert_with(described);
            }
            _ => return Err(missing.unwrap_or_else(described)),
        }
    }
    Err(missing.unwrap_or_else(|| ApiError::bad_request("Invalid request")))
}

/// The name of the field a path ends at (its last key), as the request spells it.
fn field_name(path: &serde_path_to_error::Path) -> String {
    path.iter()
        .rev()
        .find_map(|segment| match segment {
            serde_path_to_error::Segment::Map { key } => Some(key.clone()),
            _ => None,
        })
        .unwrap_or_else(|| "request".to_string())
}

/// The field serde names in "missing field `name`".
fn missing_field(message: &str) -> Option<&str> {
    message.strip_prefix("missing field `")?.strip_suffix('`')
}

/// Puts `name: ""` into the object at `path`; false where the path leads to no object.
fn fill_empty(root: &mut Value, path: &serde_path_to_error::Path, name: &str) -> bool {
    let mut at = root;
    for segment in path.iter() {
        let next = match segment {
            serde_path_to_error::Segment::Map { key } => at.get_mut(key.as_str()),
            serde_path_to_error::Segment::Seq { index } => at.get_mut(*index),
            _ => None,
        };
        let Some(next) = next else { return false };
        at = next;
    }
    match at {
        Value::Object(fields) if !fields.contains_key(name) => {
            fields.insert(name.to_string(), Value::String(String::new()));
            true
        }
        _ => false,
    }
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
    fn a_body_that_is_not_an_object_is_refused_as_such() {
        for (args, kind) in
            [(json!("x"), "a string"), (json!([1]), "an array"), (json!(3), "a number"), (json!(true), "true or false")]
        {
            let err = request::<Req>(&Input { args, ..Default::default() }).unwrap_err();
            assert_eq!(
                (err.status(), err.to_string()),
                (400, format!("The request must be a JSON object of its fields, not {kind}"))
            );
        }
    }

    #[test]
    fn a_value_that_parses_itself_is_refused_in_its_own_words_naming_its_field() {
        #[derive(Debug, serde::Deserialize)]
        #[serde(rename_all = "camelCase")]
        #[allow(dead_code)]
        struct Inner {
            drop_off_date: crate::entity::StockingDate,
            request_id: crate::entity::RequestId,
            note: String,
        }
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Asked {
            input: Inner,
        }
        let refused = |args: Value| request::<Asked>(&Input { args, ..Default::default() }).unwrap_err().to_string();
        let good = json!({ "dropOffDate": "2026-11-28", "requestId": "r-1", "note": "n" });
        let with = |field: &str, value: Value| {
            let mut input = good.clone();
            input[field] = value;
            json!({ "input": input })
        };
        assert_eq!(refused(with("dropOffDate", json!("2026-2-3"))), "dropOffDate must be a date (YYYY-MM-DD)");
        assert_eq!(refused(with("requestId", json!(""))), "requestId cannot be empty");
        assert_eq!(refused(with("requestId", json!("r".repeat(65)))), "requestId must be at most 64 characters");
        // A missing value is read as empty: its own rule answers, as a defaulted String's check did.
        let mut missing = good.clone();
        missing.as_object_mut().unwrap().remove("dropOffDate");
        assert_eq!(refused(json!({ "input": missing })), "dropOffDate must be a date (YYYY-MM-DD)");
        // A plain string without a default keeps serde's word for it.
        let mut no_note = good.clone();
        no_note.as_object_mut().unwrap().remove("note");
        assert_eq!(refused(json!({ "input": no_note })), "Invalid input: missing field `note`");
        // Another shape is still named by its path.
        assert_eq!(
            refused(with("dropOffDate", json!(5))),
            "Invalid input.dropOffDate: invalid type: integer `5`, expected a string"
        );
        let parsed: Asked = request(&Input { args: json!({ "input": good }), ..Default::default() }).unwrap();
        assert_eq!(
            (parsed.input.drop_off_date.to_string(), parsed.input.request_id.as_str()),
            ("2026-11-28".into(), "r-1")
        );
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
