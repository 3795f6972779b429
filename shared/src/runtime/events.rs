//! Adapters from the Lambda event shapes to `Input`, and back. The Lambda
//! `main`s and the local API both go through these functions, so a handler
//! sees the same thing wherever it runs.
use crate::{
    error::ApiError,
    identity::Caller,
    limits, logging,
    registry::{FunctionSpec, Input, Trigger},
    resources::FUNCTION_VAR,
    Deps,
};
pub use aws_lambda_events::event::dynamodb::{Event as DynamoDbEvent, EventRecord as StreamRecord};
pub use aws_lambda_events::event::s3::{S3Event, S3EventRecord};
pub use aws_lambda_events::event::sqs::{SqsBatchResponse, SqsEvent, SqsMessage};
pub use aws_lambda_events::event::streams::{DynamoDbBatchItemFailure, DynamoDbEventResponse};
use lambda_http::aws_lambda_events::{
    apigw::{ApiGatewayV2httpRequest, ApiGatewayV2httpResponse},
    encodings::Body,
    http::{header::CONTENT_TYPE, HeaderMap, HeaderValue},
};
use lambda_runtime::{service_fn, LambdaEvent};
use serde::Deserialize;
use serde_json::Value;

/// The parts of an AppSync direct Lambda resolver event that handlers use.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct AppSyncEvent {
    #[serde(default)]
    pub arguments: Value,
    #[serde(default)]
    pub identity: Option<AppSyncIdentity>,
    #[serde(default)]
    pub info: Option<AppSyncInfo>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct AppSyncIdentity {
    #[serde(default)]
    pub claims: Value,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppSyncInfo {
    pub field_name: String,
    pub parent_type_name: String,
    /// The selected sub-fields as paths (`items`, `items/id`...), fragments expanded.
    #[serde(default)]
    pub selection_set_list: Vec<String>,
}

pub fn appsync_input(event: Value) -> Result<Input, ApiError> {
    let event: AppSyncEvent =
        serde_json::from_value(event).map_err(|e| ApiError::bad_request(format!("Invalid AppSync event: {e}")))?;
    let caller = event.identity.as_ref().and_then(|i| Caller::from_json_claims(&i.claims));
    let args = if event.arguments.is_null() { Value::Object(Default::default()) } else { event.arguments };
    let selection = event.info.map(|i| i.selection_set_list).unwrap_or_default();
    Ok(Input { caller, args, selection, ..Default::default() })
}

pub async fn handle_appsync(
    deps: &'static Deps,
    spec: &'static FunctionSpec,
    event: Value,
    request_id: &str,
) -> Result<Value, ApiError> {
    logging::invoke(spec, deps, appsync_input(event)?, request_id).await
}

pub fn http_input(event: &ApiGatewayV2httpRequest) -> Result<Input, ApiError> {
    let caller = event
        .request_context
        .authorizer
        .as_ref()
        .and_then(|a| a.jwt.as_ref())
        .and_then(|jwt| Caller::from_claims(&jwt.claims));
    let args = match event.body.as_deref().map(str::trim) {
        None | Some("") => Value::Null,
        Some(body) => {
            let text = if event.is_base64_encoded {
                use base64::Engine;
                let bytes = base64::engine::general_purpose::STANDARD
                    .decode(body)
                    .map_err(|_| ApiError::bad_request("Malformed request body"))?;
                String::from_utf8(bytes).map_err(|_| ApiError::bad_request("Malformed request body"))?
            } else {
                body.to_string()
            };
            serde_json::from_str(&text).map_err(|e| ApiError::bad_request(format!("Malformed JSON body: {e}")))?
        }
    };
    // Payload 2.0 joins a repeated name's values with commas, and the event's
    // map splits every value on commas again: join them back, so a value
    // holding commas (`ids=a,b`) reads as API Gateway sent it, not its last part.
    let mut query: std::collections::HashMap<String, String> = Default::default();
    for (k, v) in event.query_string_parameters.iter() {
        match query.get_mut(k) {
            Some(joined) => {
                joined.push(',');
                joined.push_str(v);
            }
            None => {
                query.insert(k.to_string(), v.to_string());
            }
        }
    }
    Ok(Input { caller, args, path: event.path_parameters.clone(), query, selection: Vec::new(), held: None })
}

pub fn http_response(status: u16, body: &Value) -> ApiGatewayV2httpResponse {
    let mut headers = HeaderMap::new();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
    let mut res = ApiGatewayV2httpResponse::default();
    res.status_code = status.into();
    res.headers = headers;
    res.body = Some(Body::Text(body.to_string()));
    res
}

pub async fn handle_http(
    deps: &'static Deps,
    spec: &'static FunctionSpec,
    event: ApiGatewayV2httpRequest,
) -> ApiGatewayV2httpResponse {
    let request_id = event.request_context.request_id.clone().unwrap_or_default();
    // Refused before parsing: a base64 body is 4/3 the size of its bytes.
    if event.body.as_ref().is_some_and(|b| b.len() > spec.max_request_bytes() * 4 / 3 + 4) {
        let e = limits::too_large(spec.max_request_bytes());
        return http_response(e.status(), &e.http_body());
    }
    let result = match http_input(&event) {
        Ok(input) => logging::invoke(spec, deps, input, &request_id).await,
        Err(e) => Err(e),
    };
    match result {
        Ok(body) => http_response(200, &body),
        Err(e) => http_response(e.status(), &e.http_body()),
    }
}

pub type BoxError = lambda_runtime::Error;

/// Entry point of the function binary: runs the registry entry named by
/// `FLEET_FUNCTION`, which template.yaml sets per function.
pub fn start(functions: impl Iterator<Item = &'static FunctionSpec>) -> Result<(), BoxError> {
    let name = std::env::var(FUNCTION_VAR).map_err(|_| format!("{FUNCTION_VAR} is not set"))?;
    let spec = functions
        .into_iter()
        .find(|f| f.name == name)
        .ok_or_else(|| format!("{FUNCTION_VAR}={name} is not a registered function"))?;
    // One thread: a container serves one invocation at a time, and at 256 MB it has a fraction of
    // one vCPU, so worker threads would only cost their start-up (the cold start's exec to the first
    // `invocation/next`). Concurrent reads (`join!`, batches in flight) are I/O and interleave on it.
    tokio::runtime::Builder::new_current_thread().enable_all().build()?.block_on(run(spec))
}

/// Serves invocations of one function until the runtime stops it.
pub async fn run(spec: &'static FunctionSpec) -> Result<(), lambda_runtime::Error> {
    logging::init();
    let deps = Deps::in_function(&spec.needs()).await?;
    match spec.trigger {
        Trigger::Query(_) | Trigger::Mutation(_) | Trigger::Subscription(_) => {
            lambda_runtime::run(service_fn(move |event: LambdaEvent<Value>| async move {
                handle_appsync(deps, spec, event.payload, &event.context.request_id).await
            }))
            .await
        }
        Trigger::Schedule(_) => {
            lambda_runtime::run(service_fn(move |event: LambdaEvent<Value>| async move {
                logging::invoke(spec, deps, Input::default(), &event.context.request_id).await
            }))
            .await
        }
        // The SQS or stream event as it comes; the handler answers the partial batch response.
        Trigger::Queue(_) | Trigger::Streams(_) => {
            lambda_runtime::run(service_fn(move |event: LambdaEvent<Value>| async move {
                logging::invoke(
                    spec,
                    deps,
                    Input { args: event.payload, ..Input::default() },
                    &event.context.request_id,
                )
                .await
            }))
            .await
        }
        Trigger::Http { .. } => {
            lambda_runtime::run(service_fn(move |event: LambdaEvent<ApiGatewayV2httpRequest>| async move {
                Ok::<_, ApiError>(handle_http(deps, spec, event.payload).await)
            }))
            .await
        }
    }
}

/// The records of an SQS event (the typed event of `aws_lambda_events`),
/// as a queue-triggered function receives it in `Input::args`. A record the
/// type cannot read fails the event: SQS redelivers it and, past its
/// receive count, parks it in the dead-letter queue.
pub fn sqs_records(input: &Input) -> Result<Vec<SqsMessage>, ApiError> {
    let event: SqsEvent = serde_json::from_value(input.args.clone())
        .map_err(|e| ApiError::bad_request(format!("not an SQS event: {e}")))?;
    Ok(event.records)
}

/// The records of a DynamoDB stream event (the typed event of
/// `aws_lambda_events`), as a stream-triggered function receives it in
/// `Input::args`. An event the type cannot read fails as a whole: the event
/// source mapping bisects the batch and, past its retries, sends the
/// records' positions to its failure queue.
pub fn stream_records(input: &Input) -> Result<Vec<StreamRecord>, ApiError> {
    let event: DynamoDbEvent = serde_json::from_value(input.args.clone())
        .map_err(|e| ApiError::bad_request(format!("not a DynamoDB stream event: {e}")))?;
    Ok(event.records)
}

/// The S3 records of an S3 event notification, as an SQS body carries it.
pub fn s3_records(body: &str) -> Result<Vec<S3EventRecord>, String> {
    serde_json::from_str::<S3Event>(body).map(|e| e.records).map_err(|e| format!("not an S3 event notification: {e}"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn typed_queue_events_read_what_sqs_and_s3_send() {
        let input = Input {
            args: serde_json::json!({ "Records": [{ "messageId": "m1", "body": "{}", "receiptHandle": "r" }] }),
            ..Input::default()
        };
        let records = sqs_records(&input).unwrap();
        assert_eq!((records[0].message_id.as_deref(), records[0].body.as_deref()), (Some("m1"), Some("{}")));
        // As S3 sends it (the emulator adds what moto leaves out: scripts/local/emulator.py).
        let notice = r#"{"Records":[{"eventVersion":"2.1","eventSource":"aws:s3","awsRegion":"us-east-1",
            "eventTime":"2026-11-23T12:00:00.000Z","eventName":"ObjectCreated:Put","userIdentity":{"principalId":"AWS:x"},
            "requestParameters":{"sourceIPAddress":"127.0.0.1"},"responseElements":{"x-amz-request-id":"r","x-amz-id-2":"i"},
            "s3":{"s3SchemaVersion":"1.0","configurationId":"c","bucket":{"name":"b","ownerIdentity":{"principalId":"x"},
            "arn":"arn:aws:s3:::b"},"object":{"key":"forecast/a.csv","size":5,"eTag":"e","sequencer":"0"}}}]}"#;
        assert_eq!(s3_records(notice).unwrap()[0].s3.object.key.as_deref(), Some("forecast/a.csv"));
        assert!(sqs_records(&Input { args: serde_json::json!({ "Records": 5 }), ..Input::default() }).is_err());
    }

    use super::*;
    use serde_json::json;

    /// Trimmed from the documented AppSync direct Lambda resolver event.
    fn appsync_event() -> Value {
        json!({
            "arguments": { "filter": { "id": "CHI_001" } },
            "identity": {
                "claims": { "sub": "abc-123", "cognito:username": "abc-123", "email": "ops@example.com" },
                "defaultAuthStrategy": "ALLOW", "groups": null,
                "issuer": "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_x",
                "sourceIp": ["1.2.3.4"], "sub": "abc-123", "username": "abc-123"
            },
            "source": null,
            "request": { "headers": {}, "domainName": null },
            "prev": null,
            "info": { "selectionSetList": ["id"], "selectionSetGraphQL": "{ id }",
                      "parentTypeName": "Query", "fieldName": "readScheduleChange", "variables": {} },
            "stash": {}
        })
    }

    #[test]
    fn appsync_event_becomes_input() {
        let input = appsync_input(appsync_event()).unwrap();
        assert_eq!(input.caller.unwrap().email, "ops@example.com");
        assert_eq!(input.args["filter"]["id"], "CHI_001");
    }

    /// Trimmed from the documented HTTP API payload format 2.0 event.
    fn http_event(body: Option<&str>) -> ApiGatewayV2httpRequest {
        let mut e = json!({
            "version": "2.0",
            "routeKey": "POST /users/permissions",
            "rawPath": "/prod/users/permissions",
            "rawQueryString": "a=1",
            "headers": { "content-type": "application/json" },
            "queryStringParameters": { "a": "1" },
            "requestContext": {
                "accountId": "123456789012", "apiId": "api", "domainName": "x", "domainPrefix": "x",
                "http": { "method": "POST", "path": "/prod/users/permissions", "protocol": "HTTP/1.1",
                          "sourceIp": "1.2.3.4", "userAgent": "test" },
                "requestId": "id", "routeKey": "POST /users/permissions", "stage": "prod",
                "time": "12/Mar/2020:19:03:58 +0000", "timeEpoch": 1583348638390i64,
                "authorizer": { "jwt": { "claims": { "sub": "abc-123", "email": "ops@example.com" }, "scopes": null } }
            },
            "isBase64Encoded": false
        });
        if let Some(b) = body {
            e["body"] = json!(b);
        }
        serde_json::from_value(e).unwrap()
    }

    #[test]
    fn http_event_becomes_input() {
        let input = http_input(&http_event(Some(r#"{"user":"u","action":"GetAllLocation"}"#))).unwrap();
        assert_eq!(input.caller.unwrap().sub, "abc-123");
        assert_eq!(input.args["action"], "GetAllLocation");
        assert_eq!(input.query["a"], "1");
    }

    #[test]
    fn a_query_value_with_commas_reads_whole() {
        let mut e = serde_json::to_value(http_event(None)).unwrap();
        e["queryStringParameters"] = json!({ "ids": "u1,u2,u3", "a": "1" });
        let input = http_input(&serde_json::from_value(e).unwrap()).unwrap();
        assert_eq!((input.query["ids"].as_str(), input.query["a"].as_str()), ("u1,u2,u3", "1"));
    }

    #[test]
    fn malformed_json_is_a_bad_request() {
        let err = http_input(&http_event(Some("{not json"))).unwrap_err();
        assert_eq!(err.status(), 400);
        assert!(err.to_string().starts_with("Malformed JSON body"));
    }

    #[test]
    fn base64_body_is_decoded() {
        let mut e = http_event(Some("eyJhIjoxfQ=="));
        e.is_base64_encoded = true;
        assert_eq!(http_input(&e).unwrap().args, json!({"a": 1}));
    }

    #[test]
    fn error_response_carries_status_and_message() {
        let res = http_response(403, &ApiError::Forbidden.http_body());
        assert_eq!(res.status_code, 403);
        match res.body {
            Some(Body::Text(t)) => assert!(t.contains("Error! User Action Prohibited!")),
            other => panic!("{other:?}"),
        }
    }
}
