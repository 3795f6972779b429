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

/// What was wrong with an answer: a 5xx, or a 4xx without a message to show.
fn fault(code: i64, answer: &serde_json::Value) -> bool {
    code >= 500 || (code >= 400 && answer["message"].as_str().is_none_or(|m| m.trim().is_empty()))
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
    assert!(!fault(400, &json!({ "message": "date must be YYYY-MM-DD" })));
    assert!(!fault(200, &json!([])));
}
