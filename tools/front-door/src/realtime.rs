//! AppSync's real-time endpoint, locally (issue 61): the WebSocket protocol
//! of "Building a real-time WebSocket client in AWS AppSync" at
//! `/graphql/realtime`, where aws-amplify looks for it. The authorization
//! comes in the `header-<base64url JSON>` subprotocol (or the older `header`
//! query parameter), each `start` carries its own, and the subscription
//! field's resolver runs at `start`, as on AWS: an error refuses it.
//!
//! A publishing mutation's result goes to every subscription that follows
//! it (`@aws_subscribe`) and whose arguments equal the result's fields.
use crate::auth::AuthError;
use crate::graphql::{self, Auth};
use crate::server::AppState;
use apollo_compiler::executable::{Selection, Value as GqlValue};
use apollo_compiler::ExecutableDocument;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use base64::Engine;
use fleet_functions as registry;
use fleet_shared::events;
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast;

/// What the `connection_ack` tells the client: with no `ka` for this long, it reconnects.
pub const CONNECTION_TIMEOUT_MS: u64 = 300_000;
/// How often the server says it is alive (AppSync: every minute).
const KEEP_ALIVE: Duration = Duration::from_secs(60);
/// A connection that sends no `connection_init` within this is closed.
pub const INIT_TIMEOUT: Duration = Duration::from_secs(10);
/// The largest message taken from a client (AppSync's 240 kB payload quota).
pub const MAX_MESSAGE_BYTES: usize = 240 * 1024;
/// Published changes a slow connection may fall behind by before it skips
/// some: it never holds up the others, nor buffers without limit.
const BACKLOG: usize = 1024;

/// The publishing mutations: resolved by AppSync's NONE data source.
pub fn is_publishing(field: &str) -> bool {
    registry::all().any(|f| f.grants.iter().any(|g| matches!(g, fleet_shared::Grant::PublishChanges(p) if *p == field)))
}

/// One published result, to the subscriptions that follow its mutation.
#[derive(Clone, Debug)]
pub struct Published {
    pub mutation: String,
    pub value: Value,
}

pub struct Hub {
    sender: broadcast::Sender<Arc<Published>>,
}

impl Default for Hub {
    fn default() -> Self {
        Hub { sender: broadcast::channel(BACKLOG).0 }
    }
}

impl Hub {
    pub fn publish(&self, mutation: &str, value: Value) {
        // No receiver is not an error: nobody is subscribed.
        let _ = self.sender.send(Arc::new(Published { mutation: mutation.to_string(), value }));
    }

    fn subscribe(&self) -> broadcast::Receiver<Arc<Published>> {
        self.sender.subscribe()
    }
}

/// The authorization a client sends: `{"Authorization": token, "host": ...}`.
fn authorization_of(header_json: &[u8]) -> Option<String> {
    let value: Value = serde_json::from_slice(header_json).ok()?;
    value.get("Authorization").or_else(|| value.get("authorization"))?.as_str().map(str::to_string)
}

/// The authorization of the connection request: the `header-` subprotocol, or the `header` query parameter.
pub fn connection_authorization(headers: &HeaderMap, query: &HashMap<String, String>) -> Option<String> {
    let protocols = headers.get("sec-websocket-protocol").and_then(|v| v.to_str().ok()).unwrap_or_default();
    if let Some(encoded) = protocols.split(',').map(str::trim).find_map(|p| p.strip_prefix("header-")) {
        let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(encoded.trim_end_matches('=')).ok()?;
        return authorization_of(&bytes);
    }
    let encoded = query.get("header")?;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(encoded)
        .or_else(|_| base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(encoded.trim_end_matches('=')))
        .ok()?;
    authorization_of(&bytes)
}

pub async fn route(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let authorization = connection_authorization(&headers, &query);
    upgrade
        .protocols(["graphql-ws"])
        .max_message_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| connection(state, socket, authorization))
}

fn error_payload(error_type: &str, message: &str) -> Value {
    json!({ "errors": [{ "errorType": error_type, "message": message }] })
}

/// One subscription of a connection.
struct Subscription {
    field: String,
    mutations: Vec<String>,
    arguments: Map<String, Value>,
    selected: Vec<String>,
}

impl Subscription {
    /// The `data` message for a published result, if this subscription follows it.
    fn data_for(&self, published: &Published) -> Option<Value> {
        if !self.mutations.contains(&published.mutation) {
            return None;
        }
        let result = published.value.as_object()?;
        if self.arguments.iter().any(|(k, v)| result.get(k) != Some(v)) {
            return None;
        }
        let fields: Map<String, Value> =
            self.selected.iter().map(|f| (f.clone(), result.get(f).cloned().unwrap_or(Value::Null))).collect();
        Some(json!({ "data": { self.field.clone(): fields } }))
    }
}

/// AppSync's words for a refused token: an expired one has its own, which clients read to fetch a fresh one.
fn refusal(error: &AuthError) -> &'static str {
    match error {
        AuthError::Expired => "Token has expired.",
        _ => "You are not authorized to make this call.",
    }
}

async fn send(socket: &mut WebSocket, message: Value) -> bool {
    socket.send(Message::Text(Utf8Bytes::from(message.to_string()))).await.is_ok()
}

async fn close(socket: &mut WebSocket, code: u16, reason: &'static str) {
    let _ = socket.send(Message::Close(Some(CloseFrame { code, reason: Utf8Bytes::from_static(reason) }))).await;
}

async fn connection(state: Arc<AppState>, mut socket: WebSocket, authorization: Option<String>) {
    // connection_init first, within the timeout.
    let init = tokio::time::timeout(INIT_TIMEOUT, socket.recv()).await;
    let initialised = match init {
        Ok(Some(Ok(Message::Text(text)))) => {
            serde_json::from_str::<Value>(&text).ok().and_then(|v| v["type"].as_str().map(str::to_string))
                == Some("connection_init".into())
        }
        _ => false,
    };
    if !initialised {
        let _ = send(&mut socket, json!({ "type": "connection_error", "payload": error_payload("ConnectionTimeout", "No connection_init received.") })).await;
        close(&mut socket, 1000, "no connection_init").await;
        return;
    }
    if let Err(e) = state.verifier.verify_header(authorization.as_deref()) {
        tracing::info!(error = %e, "real-time connection refused");
        let _ = send(
            &mut socket,
            json!({ "type": "connection_error", "payload": error_payload("UnauthorizedException", refusal(&e)) }),
        )
        .await;
        close(&mut socket, 1000, "unauthorized").await;
        return;
    }
    if !send(
        &mut socket,
        json!({ "type": "connection_ack", "payload": { "connectionTimeoutMs": CONNECTION_TIMEOUT_MS } }),
    )
    .await
    {
        return;
    }
    let mut published = state.hub.subscribe();
    let mut subscriptions: HashMap<String, Subscription> = HashMap::new();
    let mut keep_alive = tokio::time::interval(KEEP_ALIVE);
    loop {
        tokio::select! {
            _ = keep_alive.tick() => {
                if !send(&mut socket, json!({ "type": "ka" })).await { return; }
            }
            received = published.recv() => match received {
                Ok(p) => {
                    for (id, s) in &subscriptions {
                        if let Some(payload) = s.data_for(&p) {
                            if !send(&mut socket, json!({ "type": "data", "id": id, "payload": payload })).await { return; }
                        }
                    }
                }
                // Too slow: it skipped some; the browser's next full read has them.
                Err(broadcast::error::RecvError::Lagged(n)) => tracing::warn!(skipped = n, "a real-time connection fell behind"),
                Err(broadcast::error::RecvError::Closed) => return,
            },
            message = socket.recv() => {
                let Some(Ok(message)) = message else { return };
                let text = match message {
                    Message::Text(text) => text,
                    Message::Close(_) => return,
                    _ => continue,
                };
                let reply = handle(&state, &mut subscriptions, &text).await;
                for r in reply {
                    if !send(&mut socket, r).await { return; }
                }
            }
        }
    }
}

/// One client message: the replies it gets.
async fn handle(state: &AppState, subscriptions: &mut HashMap<String, Subscription>, text: &str) -> Vec<Value> {
    let Ok(message) = serde_json::from_str::<Value>(text) else {
        return vec![
            json!({ "type": "error", "payload": error_payload("MalformedMessage", "The message is not JSON.") }),
        ];
    };
    let id = message["id"].as_str().unwrap_or_default().to_string();
    match message["type"].as_str() {
        Some("start") => match start(state, &message["payload"]).await {
            Ok(subscription) if !id.is_empty() => {
                subscriptions.insert(id.clone(), subscription);
                vec![json!({ "type": "start_ack", "id": id })]
            }
            Ok(_) => vec![
                json!({ "type": "error", "payload": error_payload("MalformedMessage", "A start message needs an id.") }),
            ],
            Err((error_type, message)) => {
                vec![json!({ "type": "error", "id": id, "payload": error_payload(&error_type, &message) })]
            }
        },
        Some("stop") => {
            subscriptions.remove(&id);
            vec![json!({ "type": "complete", "id": id })]
        }
        Some("connection_init") => vec![],
        _ => vec![
            json!({ "type": "error", "id": id, "payload": error_payload("UnsupportedOperation", "Unknown message type.") }),
        ],
    }
}

/// A `start`: its token, its subscription, and the field's resolver.
async fn start(state: &AppState, payload: &Value) -> Result<Subscription, (String, String)> {
    let refused = |t: &str, m: &str| (t.to_string(), m.to_string());
    let token = payload["extensions"]["authorization"]["Authorization"].as_str();
    let claims = state.verifier.verify_header(token).map_err(|e| refused("UnauthorizedException", refusal(&e)))?;
    let data: Value = payload["data"]
        .as_str()
        .and_then(|d| serde_json::from_str(d).ok())
        .ok_or_else(|| refused("MalformedMessage", "payload.data must be a JSON string with the query."))?;
    let query = data["query"].as_str().unwrap_or_default();
    let variables = data["variables"].as_object().cloned().unwrap_or_default();
    let doc = ExecutableDocument::parse_and_validate(&state.schema, query, "subscription.graphql").map_err(|e| {
        let messages: Vec<String> = e.errors.iter().map(|d| d.error.to_string()).collect();
        refused("ValidationError", &messages.join("; "))
    })?;
    let operation = doc
        .operations
        .get(data["operationName"].as_str())
        .map_err(|e| refused("ValidationError", &e.message().to_string()))?;
    // The executor would coerce variables; here they are read by hand, so a missing one is refused here.
    for definition in &operation.variables {
        let missing = variables.get(definition.name.as_str()).is_none_or(Value::is_null);
        if definition.ty.is_non_null() && definition.default_value.is_none() && missing {
            let message =
                format!("Variable '{}' has coerced Null value for NonNull type '{}'", definition.name, definition.ty);
            return Err(refused("ValidationError", &message));
        }
    }
    if operation.object_type().as_str() != "Subscription" {
        return Err(refused("ValidationError", "Only subscriptions are started here."));
    }
    let Some(Selection::Field(field)) = operation.selection_set.selections.first() else {
        return Err(refused("ValidationError", "The subscription selects no field."));
    };
    let name = field.name.to_string();
    let definition = &field.definition;
    if !graphql::allowed(definition, &Auth::UserPool(claims.clone())) {
        return Err(refused("Unauthorized", &format!("Not Authorized to access {name} on type Subscription")));
    }
    let mutations: Vec<String> = definition
        .directives
        .get("aws_subscribe")
        .and_then(|d| d.specified_argument_by_name("mutations"))
        .and_then(|v| v.as_list())
        .map(|l| l.iter().filter_map(|m| m.as_str().map(str::to_string)).collect())
        .unwrap_or_default();
    let mut arguments = Map::new();
    for argument in &field.arguments {
        let value = match argument.value.as_ref() {
            GqlValue::Variable(v) => variables.get(v.as_str()).cloned().unwrap_or(Value::Null),
            GqlValue::String(s) => Value::String(s.to_string()),
            GqlValue::Int(i) => i.try_to_i32().map(Value::from).unwrap_or(Value::Null),
            GqlValue::Boolean(b) => Value::Bool(*b),
            _ => Value::Null,
        };
        if !value.is_null() {
            arguments.insert(argument.name.to_string(), value);
        }
    }
    let selected: Vec<String> = field.selection_set.fields().map(|f| f.name.to_string()).collect();
    let spec = registry::graphql_field("Subscription", &name)
        .ok_or_else(|| refused("ValidationError", &format!("No resolver for Subscription.{name}")))?;
    let event =
        graphql::appsync_event(&claims, "Subscription", &name, Value::Object(arguments.clone()), selected.clone());
    let request_id = uuid::Uuid::new_v4().to_string();
    events::handle_appsync(state.wiring.deps(spec), spec, event, &request_id)
        .await
        .map_err(|e| refused(e.error_type(), &e.to_string()))?;
    Ok(Subscription { field: name, mutations, arguments, selected })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_authorization_comes_from_the_subprotocol_or_the_query() {
        let header = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(br#"{"Authorization":"tok","host":"h"}"#);
        let mut headers = HeaderMap::new();
        headers.insert("sec-websocket-protocol", format!("graphql-ws, header-{header}").parse().unwrap());
        assert_eq!(connection_authorization(&headers, &HashMap::new()).as_deref(), Some("tok"));
        let old = base64::engine::general_purpose::STANDARD.encode(br#"{"Authorization":"old"}"#);
        let query = HashMap::from([("header".to_string(), old), ("payload".to_string(), "e30=".to_string())]);
        assert_eq!(connection_authorization(&HeaderMap::new(), &query).as_deref(), Some("old"));
        assert_eq!(connection_authorization(&HeaderMap::new(), &HashMap::new()), None);
    }

    #[test]
    fn a_published_result_reaches_the_subscriptions_of_its_mutation_and_arguments_with_their_fields() {
        let s = Subscription {
            field: "onStockingChanged".into(),
            mutations: vec!["publishStockingChange".into()],
            arguments: Map::from_iter([("dropOffDate".to_string(), json!("2026-11-28"))]),
            selected: vec!["dropOffDate".into(), "route".into()],
        };
        let p = |m: &str, date: &str| Published {
            mutation: m.into(),
            value: json!({ "dropOffDate": date, "route": "R1", "kind": "ACTION" }),
        };
        assert_eq!(
            s.data_for(&p("publishStockingChange", "2026-11-28")),
            Some(json!({ "data": { "onStockingChanged": { "dropOffDate": "2026-11-28", "route": "R1" } } }))
        );
        assert_eq!(s.data_for(&p("publishStockingChange", "2026-11-29")), None, "another date");
        assert_eq!(s.data_for(&p("otherMutation", "2026-11-28")), None, "another mutation");
    }
}
