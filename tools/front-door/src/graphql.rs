//! A GraphQL front door that behaves like AppSync for direct Lambda
//! resolvers: validates each request against infra/schema.graphql, calls the
//! registered function of each root field with an AppSync-shaped event, and
//! shapes the result by the selection set.
use crate::wiring::Wiring;
use apollo_compiler::{
    resolvers::{AsyncObjectValue, AsyncResolvedValue, Execution, FieldError, ResolveInfo},
    schema::ExtendedType,
    validation::Valid,
    ExecutableDocument, Schema,
};
use fleet_functions as registry;
use fleet_shared::events;
use futures::future::BoxFuture;
use serde_json::{json, Map, Value};

/// AppSync's built-in scalars and directives, which its schemas use without declaring.
const APPSYNC_PRELUDE: &str = "scalar AWSJSON\nscalar AWSDateTime\nscalar AWSDate\nscalar AWSTime\nscalar AWSTimestamp\nscalar AWSEmail\nscalar AWSURL\nscalar AWSPhone\nscalar AWSIPAddress\n\
directive @aws_iam on FIELD_DEFINITION | OBJECT\n\
directive @aws_cognito_user_pools(cognito_groups: [String!]) on FIELD_DEFINITION | OBJECT\n\
directive @aws_subscribe(mutations: [String!]!) on FIELD_DEFINITION\n";

/// Separates errorType from message inside a FieldError, which has only a message.
const TYPE_SEP: char = '\u{1f}';

pub fn load_schema(sdl: &str) -> Result<Valid<Schema>, String> {
    Schema::parse_and_validate(format!("{APPSYNC_PRELUDE}{sdl}"), "schema.graphql").map_err(|e| e.errors.to_string())
}

pub struct GraphqlRequest {
    pub query: String,
    pub variables: Map<String, Value>,
    pub operation_name: Option<String>,
}

/// Who called: a user pool token's claims (the default mode) or a SigV4
/// signature (AWS_IAM, the change publisher's role).
#[derive(Clone, Debug)]
pub enum Auth {
    UserPool(Map<String, Value>),
    Iam,
}

/// Whether a field may be called in this auth mode, as AppSync decides it
/// with Cognito as the default mode and AWS_IAM as an additional one: a field
/// without an auth directive takes the default mode only.
pub fn allowed(field: &apollo_compiler::schema::FieldDefinition, auth: &Auth) -> bool {
    let iam = field.directives.get("aws_iam").is_some();
    let pool = field.directives.get("aws_cognito_user_pools").is_some();
    match auth {
        Auth::Iam => iam,
        Auth::UserPool(_) => pool || !iam,
    }
}

/// AppSync's answer to a field the caller's auth mode may not call.
pub fn not_authorized(type_name: &str, field: &str) -> String {
    format!("Unauthorized{TYPE_SEP}Not Authorized to access {field} on type {type_name}")
}

/// The direct Lambda resolver event AppSync sends for one root field.
pub fn appsync_event(
    claims: &Map<String, Value>,
    type_name: &str,
    field: &str,
    arguments: Value,
    selection: Vec<String>,
) -> Value {
    json!({
        "arguments": arguments,
        "identity": {
            "claims": claims,
            "sub": claims.get("sub"),
            "username": claims.get("cognito:username").or(claims.get("username")),
            "issuer": claims.get("iss"),
            "defaultAuthStrategy": "ALLOW",
            "sourceIp": ["127.0.0.1"],
            "groups": null
        },
        "source": null,
        "request": { "headers": {} },
        "prev": null,
        "info": { "parentTypeName": type_name, "fieldName": field, "variables": {}, "selectionSetList": selection },
        "stash": {}
    })
}

/// Returns (HTTP status, body).
pub async fn execute(
    schema: &Valid<Schema>,
    wiring: &'static Wiring,
    auth: Auth,
    hub: &crate::realtime::Hub,
    req: GraphqlRequest,
) -> (u16, Value) {
    let validation_error = |message: String| {
        (400, json!({ "data": null, "errors": [{ "message": message, "errorType": "ValidationError" }] }))
    };
    let doc = match ExecutableDocument::parse_and_validate(schema, &req.query, "request.graphql") {
        Ok(doc) => doc,
        Err(e) => {
            let messages: Vec<String> = e.errors.iter().map(|d| d.error.to_string()).collect();
            return validation_error(messages.join("; "));
        }
    };
    let variables: serde_json_bytes::Map<serde_json_bytes::ByteString, serde_json_bytes::Value> =
        match serde_json_bytes::to_value(&req.variables) {
            Ok(serde_json_bytes::Value::Object(m)) => m,
            _ => return validation_error("variables must be an object".into()),
        };
    let execution = match Execution::new(schema, &doc).operation_name(req.operation_name.as_deref()) {
        Ok(e) => e,
        Err(e) => return validation_error(e.message().to_string()),
    };
    let operation = match doc.operations.get(req.operation_name.as_deref()) {
        Ok(op) => op,
        Err(e) => return validation_error(e.message().to_string()),
    };
    let root = Root { schema, wiring, auth, hub, type_name: operation.object_type().to_string() };
    let response = match execution.raw_variable_values(&variables).execute_async(&root).await {
        Ok(r) => r,
        Err(e) => return validation_error(e.message().to_string()),
    };
    let mut body = serde_json::to_value(&response).unwrap_or(Value::Null);
    if let Some(errors) = body.get_mut("errors").and_then(Value::as_array_mut) {
        for error in errors {
            let message = error["message"].as_str().unwrap_or_default().to_string();
            if let Some((prefix, message)) = message.split_once(TYPE_SEP) {
                // The executor prefixes field errors ("resolver error: ").
                let error_type = prefix.rsplit(' ').next().unwrap_or(prefix);
                error["errorType"] = json!(error_type);
                error["message"] = json!(message);
            }
        }
    }
    (200, body)
}

struct Root<'s> {
    schema: &'s Valid<Schema>,
    wiring: &'static Wiring,
    auth: Auth,
    hub: &'s crate::realtime::Hub,
    type_name: String,
}

impl AsyncObjectValue for Root<'_> {
    fn type_name(&self) -> &str {
        &self.type_name
    }

    fn resolve_field<'a>(
        &'a self,
        info: &'a ResolveInfo<'a>,
    ) -> BoxFuture<'a, Result<AsyncResolvedValue<'a>, FieldError>> {
        Box::pin(async move {
            let field = info.field_name();
            if !allowed(info.field_definition(), &self.auth) {
                return Err(FieldError { message: not_authorized(&self.type_name, field) });
            }
            let arguments = serde_json::to_value(info.arguments()).unwrap_or(Value::Null);
            // A publishing mutation: AppSync's NONE data source hands the input back, and
            // AppSync sends it to the subscribers of the subscriptions that follow the field.
            if crate::realtime::is_publishing(field) {
                let value = arguments.get("input").cloned().unwrap_or(Value::Null);
                self.hub.publish(field, value.clone());
                return Ok(to_resolved(self.schema, &info.field_definition().ty, value));
            }
            let Auth::UserPool(claims) = &self.auth else {
                return Err(FieldError { message: not_authorized(&self.type_name, field) });
            };
            let spec = registry::graphql_field(&self.type_name, field)
                .ok_or_else(|| FieldError { message: format!("No resolver for {}.{field}", self.type_name) })?;
            let event = appsync_event(claims, &self.type_name, field, arguments, selection_list(info));
            let request_id = uuid::Uuid::new_v4().to_string();
            let value = events::handle_appsync(self.wiring.deps(spec), spec, event, &request_id)
                .await
                .map_err(|e| FieldError { message: format!("{}{TYPE_SEP}{e}", e.error_type()) })?;
            Ok(to_resolved(self.schema, &info.field_definition().ty, value))
        })
    }
}

/// A JSON object returned by a resolver, exposed field by field.
struct JsonObject<'s> {
    schema: &'s Valid<Schema>,
    type_name: String,
    fields: Map<String, Value>,
}

impl AsyncObjectValue for JsonObject<'_> {
    fn type_name(&self) -> &str {
        &self.type_name
    }

    fn resolve_field<'a>(
        &'a self,
        info: &'a ResolveInfo<'a>,
    ) -> BoxFuture<'a, Result<AsyncResolvedValue<'a>, FieldError>> {
        Box::pin(async move {
            let value = self.fields.get(info.field_name()).cloned().unwrap_or(Value::Null);
            Ok(to_resolved(self.schema, &info.field_definition().ty, value))
        })
    }
}

fn to_resolved<'a>(schema: &'a Valid<Schema>, ty: &apollo_compiler::ast::Type, value: Value) -> AsyncResolvedValue<'a> {
    use apollo_compiler::ast::Type;
    match (ty, value) {
        (_, Value::Null) => AsyncResolvedValue::null(),
        (Type::List(inner) | Type::NonNullList(inner), Value::Array(items)) => {
            let inner = inner.as_ref().clone();
            AsyncResolvedValue::list(items.into_iter().map(move |v| to_resolved(schema, &inner, v)).collect::<Vec<_>>())
        }
        (ty, value) => {
            let name = ty.inner_named_type();
            match schema.types.get(name) {
                Some(ExtendedType::Object(_)) => match value {
                    Value::Object(fields) => {
                        AsyncResolvedValue::object(JsonObject { schema, type_name: name.to_string(), fields })
                    }
                    _ => AsyncResolvedValue::null(),
                },
                // AppSync serialises AWSJSON results to a JSON string.
                _ if name == "AWSJSON" && !value.is_string() => {
                    AsyncResolvedValue::leaf(bytes(Value::String(value.to_string())))
                }
                // GraphQL result coercion turns an integer into a Float; the executor does not.
                _ if name == "Float" && (value.is_i64() || value.is_u64()) => {
                    AsyncResolvedValue::leaf(bytes(serde_json::json!(value.as_f64())))
                }
                _ => AsyncResolvedValue::leaf(bytes(value)),
            }
        }
    }
}

fn bytes(v: Value) -> serde_json_bytes::Value {
    serde_json_bytes::to_value(v).unwrap_or(serde_json_bytes::Value::Null)
}

/// The field's sub-selection as AppSync's `selectionSetList`: every selected
/// path below the field (`items`, `items/id`), fragments expanded.
fn selection_list(info: &ResolveInfo<'_>) -> Vec<String> {
    fn walk(
        doc: &apollo_compiler::ExecutableDocument,
        set: &apollo_compiler::executable::SelectionSet,
        prefix: &str,
        out: &mut Vec<String>,
    ) {
        use apollo_compiler::executable::Selection;
        for selection in &set.selections {
            match selection {
                Selection::Field(f) => {
                    let path = if prefix.is_empty() { f.name.to_string() } else { format!("{prefix}/{}", f.name) };
                    if !out.contains(&path) {
                        out.push(path.clone());
                    }
                    walk(doc, &f.selection_set, &path, out);
                }
                Selection::InlineFragment(i) => walk(doc, &i.selection_set, prefix, out),
                Selection::FragmentSpread(s) => {
                    if let Some(fragment) = doc.fragments.get(&s.fragment_name) {
                        walk(doc, &fragment.selection_set, prefix, out);
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    for field in info.field_selections() {
        walk(info.document(), &field.selection_set, "", &mut out);
    }
    out
}
