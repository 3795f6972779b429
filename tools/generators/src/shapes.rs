//! The typed edge, checked and exported (issue 40). Every API handler's
//! request and answer have a JSON Schema (`contract::shapes_of`); from them:
//! - each GraphQL field's answer is checked against `infra/schema.graphql`
//!   (`graphql_mismatches`), so a renamed or nullable field fails a test
//!   instead of a screen;
//! - the REST routes' schemas and route table are written for the web app,
//!   which generates its TypeScript types from them (`rest_files`).
use apollo_compiler::{ast::Type, schema::ExtendedType, validation::Valid, Schema as GraphqlSchema};
use fleet_shared::{
    contract::{Generators, Shapes},
    FunctionSpec, Trigger,
};
use schemars::SchemaGenerator;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// Where the web app's REST contract is written (a drift test keeps it equal).
pub const REST_DIR: &str = "web/src/generated/rest";

/// A handler's shapes; `None` for a handler without them (queue, schedule).
fn shapes_of(generators: &mut Generators, spec: &FunctionSpec) -> Option<Shapes> {
    (spec.handler.shapes?)(generators)
}

/// Every GraphQL field whose handler's answer does not fit the schema's type,
/// and every API function without shapes, in words.
pub fn graphql_mismatches<'a>(
    specs: impl Iterator<Item = &'a FunctionSpec>,
    schema: &Valid<GraphqlSchema>,
) -> Vec<String> {
    let mut generators = Generators::default();
    let mut found = Vec::new();
    let mut fields = Vec::new();
    for spec in specs {
        let (type_name, field) = match spec.trigger {
            Trigger::Query(f) => ("Query", f),
            Trigger::Mutation(f) => ("Mutation", f),
            Trigger::Subscription(f) => ("Subscription", f),
            Trigger::Http { .. } => {
                if spec.handler.shapes.is_none() {
                    found.push(format!("{}: an HTTP route without shapes (declare it with typed!)", spec.name));
                }
                continue;
            }
            _ => continue,
        };
        match shapes_of(&mut generators, spec) {
            Some(shapes) => fields.push((type_name, field, spec.name, shapes.response)),
            None => found.push(format!("{}: a GraphQL field without shapes (declare it with typed!)", spec.name)),
        }
    }
    let defs = generators.responses.definitions().clone();
    let checker = Fit { schema, defs: &defs };
    for (type_name, field, name, response) in fields {
        let Some(ExtendedType::Object(object)) = schema.types.get(type_name) else { continue };
        let Some(definition) = object.fields.get(field) else {
            found.push(format!("{type_name}.{field} ({name}): not in the schema"));
            continue;
        };
        checker.fit(&definition.ty, response.as_value(), &format!("{type_name}.{field}"), &mut found);
    }
    found
}

/// Checks a JSON Schema against a GraphQL type.
struct Fit<'a> {
    schema: &'a Valid<GraphqlSchema>,
    defs: &'a Map<String, Value>,
}

/// A JSON Schema reduced to what the check compares.
#[derive(Debug)]
enum Shape<'a> {
    /// `serde_json::Value`: anything.
    Any,
    Scalar(&'static str),
    /// A string limited to these values (a unit enum).
    Strings(Vec<&'a str>),
    Array(&'a Value),
    Object {
        properties: Map<String, Value>,
        required: Vec<String>,
        /// Takes properties it does not name (a flattened map): a schema
        /// field it lacks may be among them.
        open: bool,
    },
    /// An enum with data, or several shapes: each must fit.
    Either(Vec<&'a Value>),
}

impl<'a> Fit<'a> {
    fn resolve(&self, mut s: &'a Value) -> &'a Value {
        while let Some(r) = s.get("$ref").and_then(Value::as_str) {
            match r.strip_prefix("#/$defs/").and_then(|name| self.defs.get(name)) {
                Some(def) => s = def,
                None => break,
            }
        }
        s
    }

    /// Whether the schema lets `null` through, and the shapes it allows besides.
    fn shapes(&self, s: &'a Value) -> (bool, Vec<Shape<'a>>) {
        let s = self.resolve(s);
        if s == &Value::Bool(true) || s.as_object().is_some_and(|o| o.is_empty()) {
            return (true, vec![Shape::Any]);
        }
        if let Some(branches) = s.get("anyOf").or_else(|| s.get("oneOf")).and_then(Value::as_array) {
            let (mut nullable, mut shapes) = (false, Vec::new());
            let non_null: Vec<&Value> = branches
                .iter()
                .filter(|b| {
                    let is_null = self.resolve(b).get("type") == Some(&json!("null"));
                    nullable |= is_null;
                    !is_null
                })
                .collect();
            if let [one] = non_null.as_slice() {
                let (inner_null, inner) = self.shapes(one);
                return (nullable || inner_null, inner);
            }
            shapes.push(Shape::Either(non_null));
            return (nullable, shapes);
        }
        let types: Vec<&str> = match s.get("type") {
            Some(Value::String(t)) => vec![t.as_str()],
            Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
            _ if s.get("const").is_some_and(Value::is_string) => vec!["string"],
            _ if s.get("properties").is_some() => vec!["object"],
            _ => return (true, vec![Shape::Any]),
        };
        let nullable = types.contains(&"null");
        let shapes = types
            .into_iter()
            .filter(|t| *t != "null")
            .map(|t| match t {
                "string" => match s.get("enum").and_then(Value::as_array) {
                    Some(values) => Shape::Strings(values.iter().filter_map(Value::as_str).collect()),
                    None => match s.get("const").and_then(Value::as_str) {
                        Some(one) => Shape::Strings(vec![one]),
                        None => Shape::Scalar("string"),
                    },
                },
                "integer" => Shape::Scalar("integer"),
                "number" => Shape::Scalar("number"),
                "boolean" => Shape::Scalar("boolean"),
                "array" => Shape::Array(s.get("items").unwrap_or(&Value::Bool(true))),
                "object" => Shape::Object {
                    properties: s.get("properties").and_then(Value::as_object).cloned().unwrap_or_default(),
                    required: s
                        .get("required")
                        .and_then(Value::as_array)
                        .map(|r| r.iter().filter_map(|v| v.as_str().map(String::from)).collect())
                        .unwrap_or_default(),
                    open: s.get("additionalProperties").is_some_and(|a| a != &Value::Bool(false)),
                },
                _ => Shape::Any,
            })
            .collect();
        (nullable, shapes)
    }

    fn fit(&self, ty: &Type, s: &'a Value, at: &str, found: &mut Vec<String>) {
        let named = ty.inner_named_type().as_str();
        if named == "AWSJSON" && !matches!(ty, Type::List(_) | Type::NonNullList(_)) {
            return; // any JSON value: AppSync serialises it to a string
        }
        let (nullable, shapes) = self.shapes(s);
        if ty.is_non_null() && nullable && !shapes.iter().all(|s| matches!(s, Shape::Any)) {
            found.push(format!("{at}: the schema says {ty}, but the answer may be null"));
        }
        for shape in shapes {
            self.fit_shape(ty, &shape, at, found);
        }
    }

    fn fit_shape(&self, ty: &Type, shape: &Shape<'a>, at: &str, found: &mut Vec<String>) {
        let mismatch = |found: &mut Vec<String>, what: &str| {
            found.push(format!("{at}: the schema says {ty}, but the answer is {what}"));
        };
        match (ty, shape) {
            (_, Shape::Any) => mismatch(found, "free-form JSON (serde_json::Value)"),
            (Type::List(inner) | Type::NonNullList(inner), Shape::Array(items)) => {
                self.fit(inner, items, &format!("{at}[]"), found)
            }
            (Type::List(_) | Type::NonNullList(_), _) => mismatch(found, "not a list"),
            (_, Shape::Array(_)) => mismatch(found, "a list"),
            (_, Shape::Either(branches)) => {
                for b in branches {
                    self.fit(ty, b, at, found);
                }
            }
            (Type::Named(name) | Type::NonNullNamed(name), shape) => {
                match (self.schema.types.get(name.as_str()), shape) {
                    (Some(ExtendedType::Object(object)), Shape::Object { properties, required, open }) => {
                        for (field, definition) in &object.fields {
                            let at = format!("{at}.{field}");
                            match properties.get(field.as_str()) {
                                Some(property) => {
                                    if definition.ty.is_non_null() && !required.iter().any(|r| r == field.as_str()) {
                                        found.push(format!(
                                            "{at}: the schema says {}, but the answer may leave it out",
                                            definition.ty
                                        ));
                                    }
                                    self.fit(&definition.ty, property, &at, found);
                                }
                                None if definition.ty.is_non_null() || !open => found.push(format!(
                                    "{at}: the schema says {}, but the answer has no such field",
                                    definition.ty
                                )),
                                None => {}
                            }
                        }
                    }
                    (Some(ExtendedType::Object(_)), _) => mismatch(found, "not an object"),
                    (Some(ExtendedType::Enum(e)), Shape::Strings(values)) => {
                        for v in values {
                            if !e.values.contains_key(*v) {
                                found.push(format!("{at}: {v} is not a value of {name}"));
                            }
                        }
                    }
                    (Some(ExtendedType::Enum(_)), Shape::Scalar("string")) => {}
                    (Some(ExtendedType::Enum(_)), _) => mismatch(found, "not a string"),
                    (Some(ExtendedType::Scalar(_)), shape) => {
                        let ok = matches!(
                            (scalar_json_type(name.as_str()), shape),
                            ("string", Shape::Scalar("string") | Shape::Strings(_))
                                | ("integer", Shape::Scalar("integer"))
                                | ("number", Shape::Scalar("integer" | "number"))
                                | ("boolean", Shape::Scalar("boolean"))
                        );
                        if !ok {
                            mismatch(found, &format!("{shape:?}"));
                        }
                    }
                    _ => mismatch(found, &format!("{shape:?}")),
                }
            }
        }
    }
}

/// The JSON type a GraphQL scalar travels as.
fn scalar_json_type(name: &str) -> &'static str {
    match name {
        "Int" | "AWSTimestamp" => "integer",
        "Float" => "number",
        "Boolean" => "boolean",
        _ => "string",
    }
}

/// Request fields whose name says they hold an id, a date or a time (`id`,
/// `date`, `…Id`, `…Date`, `…At`, `…Time`) but whose type is plain text. Such a
/// value parses itself at the edge (`fleet_shared::entity::ids`: its schema has
/// a `format`), or the field says why it stays text, with
/// `#[schemars(extend("x-plain-text" = "why"))]`. Each as `function.path.field`.
///
/// A subscription's answer is the change event its publisher sends back in
/// through a mutation's input, so it is held to the same rule (`…→event`).
pub fn plain_text_request_fields<'a>(specs: impl Iterator<Item = &'a FunctionSpec>) -> Vec<String> {
    let mut generators = Generators::default();
    let mut requests = Vec::new();
    let mut events = Vec::new();
    for spec in specs {
        let Some(shapes) = shapes_of(&mut generators, spec) else { continue };
        if matches!(spec.trigger, Trigger::Subscription(_)) {
            events.push((format!("{}→event", spec.name), shapes.response));
        }
        requests.push((spec.name.to_string(), shapes.request));
    }
    let mut found = std::collections::BTreeSet::new();
    let defs = generators.requests.definitions().clone();
    for (name, request) in &requests {
        plain_text_fields(&defs, request.as_value(), name, &mut found, 0);
    }
    let defs = generators.responses.definitions().clone();
    for (name, event) in &events {
        plain_text_fields(&defs, event.as_value(), name, &mut found, 0);
    }
    found.into_iter().collect()
}

/// Whether a field's name says it holds an id, a date or a time.
fn names_a_parsed_value(field: &str) -> bool {
    ["id", "date", "time"].contains(&field) || ["Id", "Date", "At", "Time"].iter().any(|end| field.ends_with(end))
}

fn resolved<'a>(defs: &'a Map<String, Value>, mut s: &'a Value) -> &'a Value {
    for _ in 0..16 {
        match s.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix("#/$defs/")).and_then(|n| defs.get(n)) {
            Some(def) => s = def,
            None => break,
        }
    }
    s
}

/// Text with no rule of its own: a `string` (or `string`/`null`) with no `format` and no stated reason.
fn is_plain_text(defs: &Map<String, Value>, s: &Value) -> bool {
    let s = resolved(defs, s);
    if s.get("x-plain-text").is_some() || s.get("format").is_some() {
        return false;
    }
    if let Some(branches) = s.get("anyOf").or_else(|| s.get("oneOf")).and_then(Value::as_array) {
        let not_null: Vec<&Value> =
            branches.iter().filter(|b| resolved(defs, b).get("type") != Some(&json!("null"))).collect();
        return matches!(not_null.as_slice(), [one] if is_plain_text(defs, one));
    }
    match s.get("type") {
        Some(Value::String(t)) => t == "string",
        Some(Value::Array(ts)) => ts.contains(&json!("string")) && ts.iter().all(|t| t == "string" || t == "null"),
        _ => false,
    }
}

fn plain_text_fields(
    defs: &Map<String, Value>,
    s: &Value,
    at: &str,
    found: &mut std::collections::BTreeSet<String>,
    depth: usize,
) {
    if depth > 12 {
        return;
    }
    let s = resolved(defs, s);
    for key in ["anyOf", "oneOf", "allOf"] {
        for branch in s.get(key).and_then(Value::as_array).into_iter().flatten() {
            plain_text_fields(defs, branch, at, found, depth + 1);
        }
    }
    if let Some(items) = s.get("items") {
        plain_text_fields(defs, items, &format!("{at}[]"), found, depth + 1);
    }
    for (field, property) in s.get("properties").and_then(Value::as_object).into_iter().flatten() {
        let here = format!("{at}.{field}");
        if names_a_parsed_value(field) && is_plain_text(defs, property) {
            found.insert(here.clone());
        }
        plain_text_fields(defs, property, &here, found, depth + 1);
    }
}

/// The files of the web app's REST contract, by name: the JSON Schemas of
/// every route's request and answer, and the route table.
pub fn rest_files<'a>(specs: impl Iterator<Item = &'a FunctionSpec>) -> BTreeMap<&'static str, String> {
    let mut generators = Generators::default();
    let (mut requests, mut responses, mut routes) = (Map::new(), Map::new(), Vec::new());
    for spec in specs {
        let Trigger::Http { method, path } = spec.trigger else { continue };
        let Some(shapes) = shapes_of(&mut generators, spec) else { continue };
        requests.insert(spec.name.to_string(), shapes.request.to_value());
        responses.insert(spec.name.to_string(), shapes.response.to_value());
        routes.push(format!("  {}: {{ method: '{method}', path: '{path}' }},\n", spec.name));
    }
    let document = |title: &str, properties: Map<String, Value>, generator: &mut SchemaGenerator| {
        let required: Vec<&String> = properties.keys().collect();
        let value = json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": title,
            "description": "Generated from the Rust handlers' types by `fleet-local contract`: do not edit.",
            "type": "object",
            "properties": properties,
            "required": required,
            "additionalProperties": false,
            "$defs": generator.definitions(),
        });
        serde_json::to_string_pretty(&value).expect("a schema serialises") + "\n"
    };
    let routes = format!(
        "// Generated from the Rust registry by `fleet-local contract`: do not edit.\n\
         /** Every REST route of the console, by function name: its method and path. */\n\
         export const REST_ROUTES = {{\n{}}} as const;\n\n\
         export type RestRoute = keyof typeof REST_ROUTES;\n",
        routes.concat()
    );
    BTreeMap::from([
        ("requests.schema.json", document("RestRequests", requests, &mut generators.requests)),
        ("responses.schema.json", document("RestResponses", responses, &mut generators.responses)),
        ("routes.ts", routes),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use schemars::JsonSchema;

    #[derive(serde::Serialize, JsonSchema)]
    #[serde(rename_all = "camelCase")]
    #[allow(dead_code)]
    struct Answer {
        id: String,
        count: Option<i64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        note: Option<String>,
        tags: Vec<String>,
    }

    /// An answer that keeps what it does not name in a flattened map.
    #[derive(serde::Serialize, JsonSchema)]
    #[allow(dead_code)]
    struct OpenAnswer {
        id: String,
        #[serde(flatten)]
        rest: serde_json::Map<String, Value>,
    }

    /// The mismatches of `Answer` against a GraphQL `Answer` type written as `fields`.
    fn mismatches(fields: &str) -> Vec<String> {
        mismatches_of::<Answer>(fields)
    }

    fn mismatches_of<T: JsonSchema>(fields: &str) -> Vec<String> {
        let sdl = format!("type Query {{ answer: Answer! }}\ntype Answer {{ {fields} }}");
        let schema = GraphqlSchema::parse_and_validate(sdl, "test.graphql").unwrap();
        let mut generators = Generators::default();
        let response = generators.responses.subschema_for::<T>();
        let defs = generators.responses.definitions().clone();
        let mut found = Vec::new();
        let ty = Type::NonNullNamed(apollo_compiler::Name::new("Answer").unwrap());
        Fit { schema: &schema, defs: &defs }.fit(&ty, response.as_value(), "Query.answer", &mut found);
        found
    }

    #[derive(serde::Deserialize, JsonSchema)]
    #[serde(rename_all = "camelCase")]
    #[allow(dead_code)]
    struct Probe {
        drop_off_date: String,
        #[schemars(extend("x-plain-text" = "the caller's own label, never parsed"))]
        label_id: String,
        request_id: fleet_shared::entity::RequestId,
        inner: Option<Vec<ProbeInner>>,
        note: String,
    }

    #[derive(serde::Deserialize, JsonSchema)]
    #[serde(rename_all = "camelCase")]
    #[allow(dead_code)]
    struct ProbeInner {
        occurred_at: Option<String>,
        stocking_day: fleet_shared::entity::StockingDate,
    }

    #[test]
    fn a_request_field_of_plain_text_named_as_an_id_date_or_time_is_found() {
        let mut generators = Generators::default();
        let request = generators.requests.subschema_for::<Probe>();
        let defs = generators.requests.definitions().clone();
        let mut found = std::collections::BTreeSet::new();
        plain_text_fields(&defs, request.as_value(), "probe", &mut found, 0);
        assert_eq!(
            found.into_iter().collect::<Vec<_>>(),
            ["probe.dropOffDate", "probe.inner[].occurredAt"],
            "the label says why it is text; the request id and the day parse themselves; a note is no id"
        );
    }

    #[test]
    fn a_fitting_answer_has_no_mismatch() {
        assert_eq!(mismatches("id: ID!, count: Int, note: String, tags: [String!]!"), Vec::<String>::new());
    }

    #[test]
    fn a_schema_field_a_named_answer_lacks_is_named_even_when_nullable() {
        // A renamed field: the schema's name is never in the answer, so it would always be null.
        assert_eq!(
            mismatches("id: ID!, count: Int, note: String, tags: [String!]!, extra: String"),
            ["Query.answer.extra: the schema says String, but the answer has no such field"]
        );
        // An answer with a flattened map may carry it among the rest.
        assert_eq!(mismatches_of::<OpenAnswer>("id: ID!, extra: String"), Vec::<String>::new());
    }

    #[test]
    fn each_kind_of_misfit_is_named() {
        let found = mismatches("id: Int!, count: Int!, note: String!, tags: String, missing: Boolean!");
        assert_eq!(
            found,
            [
                "Query.answer.id: the schema says Int!, but the answer is Scalar(\"string\")",
                "Query.answer.count: the schema says Int!, but the answer may be null",
                "Query.answer.note: the schema says String!, but the answer may leave it out",
                "Query.answer.note: the schema says String!, but the answer may be null",
                "Query.answer.tags: the schema says String, but the answer is a list",
                "Query.answer.missing: the schema says Boolean!, but the answer has no such field",
            ]
        );
    }
}
