//! Every REST route takes bad input with a 4xx and its words, never a 500: the HTTP API passes a client's
//! path, query and body through unchecked, so each route is called, as the admin (who holds every action),
//! with what a careless or hostile client sends: a body that is not JSON, JSON that is not an object, path
//! parameters that are no id at all, and query values of the wrong kind. Nothing valid is sent, so nothing is
//! written (a refused write leaves nothing behind: each area's own tests check that for its rules).
use crate::common;
use common::*;
use fleet_shared::Trigger;

/// A path parameter no route takes as an id: a traversal, control and markup characters, and 3,000 bytes.
fn hostile_param() -> String {
    format!("../..%2F\u{0}<script>'\"{}", "x".repeat(3000))
}

/// Query values of the wrong kind for the names the routes read (dates, pages, limits, ids, flags).
const BAD_QUERY: &[(&str, &str)] = &[
    ("date", "2026-13-45"),
    ("startDate", "yesterday"),
    ("endDate", "9999999999999999999999"),
    ("startTime", "-1e400"),
    ("endTime", "NaN"),
    ("nextToken", "%%not-a-token"),
    ("limit", "-99999999999999999999"),
    ("ids", ",,,"),
    ("fileName", "../../etc/passwd"),
    ("locationId", ""),
    ("all", "maybe"),
];

/// One call's bad input: what it is, and the body, path parameters and query it sends.
struct Try<'a> {
    input: &'static str,
    body: Option<&'a str>,
    params: &'a [(&'a str, &'a str)],
    query: &'a [(&'a str, &'a str)],
}

struct Refusal {
    route: String,
    input: &'static str,
    code: i64,
    answer: serde_json::Value,
}

/// A refusal long enough to have quoted a 3,000-byte value whole: values are echoed clipped (`limits::echoed`).
const LONGEST_MESSAGE: usize = 600;

/// What was wrong with a refusal's words: none, or a bad value quoted whole.
fn wordless_or_flooded(message: Option<&str>) -> bool {
    message.is_none_or(|m| m.trim().is_empty() || m.chars().count() > LONGEST_MESSAGE)
}

/// What was wrong with an answer: a 5xx, or a 4xx without a message to show (or one flooded by its input).
fn fault(code: i64, answer: &serde_json::Value) -> bool {
    code >= 500 || (code >= 400 && wordless_or_flooded(answer["message"].as_str()))
}

#[tokio::test]
async fn every_route_answers_bad_input_with_a_4xx_and_its_words_never_a_500() {
    let admin = admin().await;
    let mut faults = Vec::new();
    let mut calls = 0;
    for spec in fleet_functions::all() {
        let Trigger::Http { method, path } = spec.trigger else { continue };
        let names: Vec<&str> =
            path.split('/').filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}'))).collect();
        let hostile = hostile_param();
        let plain: Vec<(&str, &str)> = names.iter().map(|n| (*n, "x")).collect();
        let bad_params: Vec<(&str, &str)> = names.iter().map(|n| (*n, hostile.as_str())).collect();
        let sends_body = method != "GET" && method != "DELETE";
        let mut tries = Vec::new();
        if sends_body {
            tries.push(Try {
                input: "a body that is not JSON",
                body: Some("{\"unclosed\": [1, 2"),
                params: &plain,
                query: &[],
            });
            tries.push(Try {
                input: "JSON that is not an object",
                body: Some("\"just a string\""),
                params: &plain,
                query: &[],
            });
            tries.push(Try { input: "an array body", body: Some("[null, 1, {}]"), params: &plain, query: &[] });
        }
        if !names.is_empty() {
            let body = sends_body.then_some("\"x\"");
            tries.push(Try { input: "path parameters that are no id", body, params: &bad_params, query: &[] });
        }
        if !sends_body {
            tries.push(Try { input: "query values of the wrong kind", body: None, params: &plain, query: BAD_QUERY });
        }
        for t in tries {
            let (code, answer) = http_query(spec.name, Some(&admin), t.body, t.params, t.query).await;
            calls += 1;
            if fault(code, &answer) {
                faults.push(Refusal { route: format!("{method} {path}"), input: t.input, code, answer });
            }
        }
    }
    assert!(calls >= 60, "the registry's routes were called ({calls} calls)");
    let report: Vec<String> =
        faults.iter().map(|f| format!("{} with {}: {} {}", f.route, f.input, f.code, f.answer)).collect();
    assert!(report.is_empty(), "{} answers were a 5xx or said nothing:\n{}", report.len(), report.join("\n"));
}

#[test]
fn a_5xx_or_a_wordless_4xx_is_a_fault() {
    use serde_json::json;
    assert!(fault(500, &json!({ "message": "Internal error" })));
    assert!(fault(400, &json!({})));
    assert!(fault(404, &json!({ "message": " " })));
    assert!(fault(400, &json!({ "message": format!("Unknown software: {}", "x".repeat(3000)) })));
    assert!(!fault(400, &json!({ "message": "date must be YYYY-MM-DD" })));
    assert!(!fault(200, &json!([])));
}

/// One way of filling a GraphQL argument: every text the same bad value, every number the same extreme.
#[derive(Clone, Copy)]
struct Fill {
    what: &'static str,
    text: fn() -> String,
    int: i64,
}

const FILLS: &[Fill] = &[
    Fill { what: "hostile text and the largest Int", text: hostile_param, int: i32::MAX as i64 },
    Fill { what: "malformed text and a negative Int", text: || "2026-13-45T99:99%%".to_string(), int: -1 },
    Fill { what: "empty text and zero", text: String::new, int: 0 },
];

/// A value of `ty` as the schema allows it (so AppSync would pass it on), every leaf filled by `fill`.
fn value_of(schema: &apollo_compiler::Schema, ty: &apollo_compiler::ast::Type, fill: Fill) -> serde_json::Value {
    use apollo_compiler::schema::ExtendedType;
    use serde_json::{json, Value};
    if ty.is_list() {
        return json!([value_of(schema, ty.item_type(), fill)]);
    }
    match (ty.inner_named_type().as_str(), schema.types.get(ty.inner_named_type())) {
        ("Int", _) => json!(fill.int),
        ("Float", _) => json!(1e308),
        ("Boolean", _) => json!(true),
        (_, Some(ExtendedType::Enum(e))) => json!(e.values.keys().next().map(|k| k.as_str())),
        (_, Some(ExtendedType::InputObject(input))) => Value::Object(
            input.fields.iter().map(|(name, f)| (name.to_string(), value_of(schema, &f.ty, fill))).collect(),
        ),
        ("AWSJSON", _) => json!(format!("{{\"x\": {}}}", json!((fill.text)()))),
        _ => json!((fill.text)()),
    }
}

/// Every query and mutation, called with every argument (optional ones too) filled badly: the field's own
/// checks must refuse what AppSync's types let through (a 3,000-byte id, a page token that is no token, a month
/// 13, a negative count or version) with a 4xx in its own words, never a 500. A mutation must refuse: every
/// text it is sent, ids included, is bad, so taking it would be writing it.
#[tokio::test]
async fn every_query_and_mutation_answers_bad_arguments_with_a_4xx_in_its_own_words_never_a_500() {
    let sdl = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../infra/schema.graphql")).unwrap();
    let schema = apollo_compiler::Schema::parse(&sdl, "schema.graphql").unwrap_or_else(|e| e.partial);
    let admin = admin().await;
    let (mut calls, mut faults) = (0, Vec::new());
    let fields = ["Query", "Mutation"].into_iter().flat_map(|root| {
        let object = schema.get_object(root).unwrap_or_else(|| panic!("a {root} type"));
        object.fields.iter().map(move |(field, def)| (root, field, def))
    });
    for (root, field, def) in fields {
        let Some(spec) = fleet_functions::graphql_field(root, field.as_str()) else { continue };
        let tries: &[Fill] = if def.arguments.is_empty() { &FILLS[..1] } else { FILLS };
        for fill in tries {
            let args: serde_json::Map<_, _> =
                def.arguments.iter().map(|a| (a.name.to_string(), value_of(&schema, &a.ty, *fill))).collect();
            calls += 1;
            match gql(spec.name, &admin, args.into()).await {
                // Every text a mutation is sent is bad, its ids too: taking it would be writing it.
                Ok(written) if root == "Mutation" => {
                    faults.push(format!("{root}.{field} with {}: took it, answering {written}", fill.what))
                }
                Ok(_) => {}
                Err(e) => {
                    // serde's words ("invalid value: integer `-1`, expected usize") mean the field reads a
                    // narrower type than the schema lets through: its own rule should have answered.
                    let message = e.to_string();
                    if e.status() >= 500 || wordless_or_flooded(Some(&message)) || message.contains("invalid value:") {
                        faults.push(format!("{root}.{field} with {}: {} {e}", fill.what, e.status()));
                    }
                }
            }
        }
    }
    assert!(calls >= 150, "the schema's queries and mutations were called ({calls} calls)");
    assert!(
        faults.is_empty(),
        "{} answers were a 5xx, said nothing, spoke serde or took a mutation's bad input:\n{}",
        faults.len(),
        faults.join("\n")
    );
}
