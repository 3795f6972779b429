//! The dashboard's push (issue 61) over the wire: the local API's real-time
//! endpoint speaking AppSync's WebSocket protocol (plain and over TLS on the
//! API's own port), the publishing mutation signed with SigV4 as the
//! publisher signs it, the subscription's permission check, and the
//! emulator's streams read into change events.
use crate::common;
use base64::Engine;
use common::*;
use fleet_front_door::{listener, server};
use futures::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tokio_tungstenite::tungstenite::{client::IntoClientRequest, http::HeaderValue, Message};

/// The local API in-process on a free port, TLS and plain on the same port, as `fleet-local serve` runs it.
async fn start() -> (String, tokio_rustls::rustls::pki_types::CertificateDer<'static>) {
    let state = local_api_state().await;
    let (tls, cert) = listener::acceptor(None).unwrap();
    let tcp = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = tcp.local_addr().unwrap();
    tokio::spawn(listener::serve(tcp, server::router_for(state, None), tls, std::future::pending()));
    (format!("127.0.0.1:{}", addr.port()), cert)
}

/// A user's token as aws-amplify sends it on subscriptions: the access token.
async fn access_token(email_var: &str) -> String {
    sign_in(email_var).await.1
}

fn header_protocol(token: &str, host: &str) -> String {
    let header = json!({ "Authorization": token, "host": host }).to_string();
    format!("header-{}", base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(header))
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A WebSocket as aws-amplify opens it: the `graphql-ws` and `header-…` subprotocols.
async fn open(host: &str, token: &str) -> Socket {
    let mut request = format!("ws://{host}/graphql/realtime").into_client_request().unwrap();
    let protocols = format!("graphql-ws,{}", header_protocol(token, host));
    request.headers_mut().insert("sec-websocket-protocol", HeaderValue::from_str(&protocols).unwrap());
    let (socket, response) = tokio_tungstenite::connect_async(request).await.unwrap();
    assert_eq!(response.headers().get("sec-websocket-protocol").unwrap(), "graphql-ws");
    socket
}

async fn send(socket: &mut Socket, message: Value) {
    socket.send(Message::text(message.to_string())).await.unwrap();
}

/// The next JSON message, skipping keep-alives.
async fn next(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(15), socket.next()).await.expect("a message in time");
        match message {
            Some(Ok(Message::Text(text))) => {
                let value: Value = serde_json::from_str(&text).unwrap();
                if value["type"] != "ka" {
                    return value;
                }
            }
            Some(Ok(Message::Close(_))) | None => return json!({ "type": "closed" }),
            Some(Ok(_)) => continue,
            Some(Err(e)) => return json!({ "type": "closed", "error": e.to_string() }),
        }
    }
}

const SUBSCRIPTION: &str =
    "subscription On($d: String!) { onStockingChanged(dropOffDate: $d) { dropOffDate route kind changedAt } }";

fn start_message(id: &str, date: &str, token: &str, host: &str) -> Value {
    json!({
        "id": id,
        "type": "start",
        "payload": {
            "data": json!({ "query": SUBSCRIPTION, "variables": { "d": date } }).to_string(),
            "extensions": { "authorization": { "Authorization": token, "host": host } }
        }
    })
}

fn change(date: &str, route: &str) -> Value {
    json!({ "dropOffDate": date, "route": route, "locationId": null, "stockingIndex": null, "kind": "ACTION", "changedAt": "2026-11-28T10:00:00.000Z" })
}

/// The publisher's call: the publishing mutation, signed with the stack's credentials.
async fn publish(host: &str, input: Value) -> Result<(), String> {
    let sdk = fleet_shared::sdk::loader().load().await;
    let client = fleet_shared::appsync::GraphqlClient::new(&format!("http://{host}/graphql"), &sdk);
    let query = "mutation P($input: StockingChangeInput!) { publishStockingChange(input: $input) { dropOffDate route locationId stockingIndex kind changedAt } }";
    client.mutate("publishStockingChange", query, &json!({ "input": input })).await.map_err(|e| e.to_string())
}

#[tokio::test]
async fn a_published_change_reaches_the_subscribers_of_its_date_with_the_fields_they_selected() {
    let (host, _) = start().await;
    let token = access_token("DEMO_ADMIN_EMAIL").await;
    let mut socket = open(&host, &token).await;
    send(&mut socket, json!({ "type": "connection_init" })).await;
    let ack = next(&mut socket).await;
    assert_eq!(
        (ack["type"].as_str(), ack["payload"]["connectionTimeoutMs"].as_u64()),
        (Some("connection_ack"), Some(300_000))
    );
    send(&mut socket, start_message("s1", "2031-01-02", &token, &host)).await;
    assert_eq!(next(&mut socket).await, json!({ "type": "start_ack", "id": "s1" }));

    publish(&host, change("2031-01-03", "R9")).await.expect("another date is published too");
    publish(&host, change("2031-01-02", "R1")).await.expect("signed with the stack's key");
    let data = next(&mut socket).await;
    assert_eq!(data["type"], "data", "{data}");
    assert_eq!(data["id"], "s1");
    assert_eq!(
        data["payload"]["data"]["onStockingChanged"],
        json!({ "dropOffDate": "2031-01-02", "route": "R1", "kind": "ACTION", "changedAt": "2026-11-28T10:00:00.000Z" }),
        "its own date only, and only the fields it selected"
    );

    send(&mut socket, json!({ "type": "stop", "id": "s1" })).await;
    assert_eq!(next(&mut socket).await, json!({ "type": "complete", "id": "s1" }));
    publish(&host, change("2031-01-02", "R2")).await.unwrap();
    send(&mut socket, json!({ "type": "bogus", "id": "x" })).await;
    let after_stop = next(&mut socket).await;
    assert_eq!(after_stop["type"], "error", "no data after stop: {after_stop}");
    assert_eq!(after_stop["payload"]["errors"][0]["errorType"], "UnsupportedOperation");
}

#[tokio::test]
async fn a_user_token_may_not_publish_and_an_unsigned_or_badly_signed_call_is_refused() {
    let (host, _) = start().await;
    let url = format!("http://{host}/graphql");
    let id = sign_in("DEMO_ADMIN_EMAIL").await.0;
    let query = json!({ "query": "mutation P($input: StockingChangeInput!) { publishStockingChange(input: $input) { dropOffDate } }", "variables": { "input": change("2031-01-02", "R1") } });
    let (status, body) = tokio::task::spawn_blocking({
        let (url, id, query) = (url.clone(), id.clone(), query.clone());
        move || match ureq::post(&url).set("Authorization", &id).send_json(query) {
            Ok(r) => (r.status(), r.into_json::<Value>().unwrap()),
            Err(ureq::Error::Status(s, r)) => (s, r.into_json::<Value>().unwrap()),
            Err(e) => panic!("{e}"),
        }
    })
    .await
    .unwrap();
    assert_eq!(status, 200);
    assert_eq!(body["errors"][0]["errorType"], "Unauthorized", "{body}");
    assert_eq!(body["errors"][0]["message"], "Not Authorized to access publishStockingChange on type Mutation");
    let forged = "AWS4-HMAC-SHA256 Credential=test/20261128/us-east-1/appsync/aws4_request, SignedHeaders=host;x-amz-date, Signature=00";
    let status = tokio::task::spawn_blocking(move || {
        match ureq::post(&url).set("Authorization", forged).set("x-amz-date", "20261128T100000Z").send_json(query) {
            Ok(r) => r.status(),
            Err(ureq::Error::Status(s, _)) => s,
            Err(e) => panic!("{e}"),
        }
    })
    .await
    .unwrap();
    assert_eq!(status, 401, "a signature that does not match");
}

#[tokio::test]
async fn a_subscription_is_refused_without_the_permission_a_bad_token_or_a_valid_query() {
    let (host, _) = start().await;
    let admin = access_token("DEMO_ADMIN_EMAIL").await;
    let restricted = access_token("DEMO_RESTRICTED_EMAIL").await;
    let mut socket = open(&host, &restricted).await;
    send(&mut socket, json!({ "type": "connection_init" })).await;
    assert_eq!(next(&mut socket).await["type"], "connection_ack");
    send(&mut socket, start_message("r1", "2031-01-02", &restricted, &host)).await;
    let refused = next(&mut socket).await;
    assert_eq!(refused["type"], "error");
    assert_eq!(refused["id"], "r1");
    assert_eq!(refused["payload"]["errors"][0]["message"], "Error! User Action Prohibited!");
    send(&mut socket, start_message("r2", "2031-01-02", "not-a-token", &host)).await;
    assert_eq!(next(&mut socket).await["payload"]["errors"][0]["errorType"], "UnauthorizedException");
    let mut bad = start_message("r3", "2031-01-02", &admin, &host);
    bad["payload"]["data"] = json!(json!({ "query": "subscription { onNothing { x } }" }).to_string());
    send(&mut socket, bad).await;
    assert_eq!(next(&mut socket).await["payload"]["errors"][0]["errorType"], "ValidationError");
    let mut no_date = start_message("r4", "2031-01-02", &admin, &host);
    no_date["payload"]["data"] = json!(json!({ "query": SUBSCRIPTION, "variables": {} }).to_string());
    send(&mut socket, no_date).await;
    assert_eq!(next(&mut socket).await["payload"]["errors"][0]["errorType"], "ValidationError", "a missing argument");
    send(&mut socket, start_message("r5", "2031-13-40", &admin, &host)).await;
    let bad_date = next(&mut socket).await;
    assert_eq!(bad_date["payload"]["errors"][0]["message"], "dropOffDate must be a date (YYYY-MM-DD)");

    // A connection with a bad token is refused at connection_init.
    let mut refused = open(&host, "not-a-token").await;
    send(&mut refused, json!({ "type": "connection_init" })).await;
    let error = next(&mut refused).await;
    assert_eq!(error["type"], "connection_error");
    assert_eq!(error["payload"]["errors"][0]["errorType"], "UnauthorizedException");
}

#[tokio::test]
async fn a_driver_who_sees_only_their_routes_may_not_subscribe_to_the_whole_day() {
    let driver = user_with(&["GetCheckPointStatus", "FridgeTasks"]).await;
    let refused = gql("subscribe_stocking_changes", &driver, json!({ "dropOffDate": "2031-01-02" })).await.unwrap_err();
    assert_eq!(refused.to_string(), "Error! User Action Prohibited!");
    let supervisor = user_with(&["GetCheckPointStatus", "FridgeTasks", "SuperviseStocking"]).await;
    let allowed = gql("subscribe_stocking_changes", &supervisor, json!({ "dropOffDate": "2031-01-02" })).await;
    assert_eq!(allowed.unwrap(), Value::Null, "null lets the subscription in");
}

#[tokio::test]
async fn a_connection_that_never_initialises_is_closed_and_the_endpoint_speaks_tls_on_the_same_port() {
    let (host, cert) = start().await;
    let token = access_token("DEMO_ADMIN_EMAIL").await;
    // wss:// on the API's port, trusting the run's certificate, as a browser told to trust it.
    let mut roots = tokio_rustls::rustls::RootCertStore::empty();
    roots.add(cert).unwrap();
    let _ = tokio_rustls::rustls::crypto::ring::default_provider().install_default();
    let config = tokio_rustls::rustls::ClientConfig::builder().with_root_certificates(roots).with_no_client_auth();
    let tcp = tokio::net::TcpStream::connect(&host).await.unwrap();
    let name = tokio_rustls::rustls::pki_types::ServerName::try_from("127.0.0.1").unwrap();
    let tls =
        tokio_rustls::TlsConnector::from(Arc::new(config)).connect(name, tcp).await.expect("TLS on the API's port");
    let mut request = format!("wss://{host}/graphql/realtime").into_client_request().unwrap();
    let protocols = format!("graphql-ws,{}", header_protocol(&token, &host));
    request.headers_mut().insert("sec-websocket-protocol", HeaderValue::from_str(&protocols).unwrap());
    let (mut socket, _) = tokio_tungstenite::client_async(request, tls).await.expect("a WebSocket over TLS");
    let started = std::time::Instant::now();
    let closed = loop {
        match tokio::time::timeout(Duration::from_secs(15), socket.next()).await.expect("closed in time") {
            Some(Ok(Message::Text(text))) => {
                let v: Value = serde_json::from_str(&text).unwrap();
                assert_eq!(v["type"], "connection_error", "{v}");
            }
            Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break started.elapsed(),
            Some(Ok(_)) => {}
        }
    };
    assert!(closed >= fleet_front_door::realtime::INIT_TIMEOUT - Duration::from_millis(500), "{closed:?}");
}

#[tokio::test]
async fn a_route_assignment_comes_out_of_the_emulators_stream_as_an_assignment_change() {
    use aws_sdk_dynamodbstreams::types::ShardIteratorType;
    let sdk = fleet_shared::sdk::loader().load().await;
    let streams = aws_sdk_dynamodbstreams::Client::new(&sdk);
    let table = std::env::var(fleet_shared::Table::LocationRoutes.env_var()).unwrap();
    let listed = streams.list_streams().table_name(&table).send().await.unwrap();
    let arn = listed.streams().last().and_then(|s| s.stream_arn()).expect("LocationRoutes has a stream").to_string();
    let described = streams.describe_stream().stream_arn(&arn).send().await.unwrap();
    let mut iterators = Vec::new();
    for shard in described.stream_description().unwrap().shards() {
        let it = streams
            .get_shard_iterator()
            .stream_arn(&arn)
            .shard_id(shard.shard_id().unwrap())
            .shard_iterator_type(ShardIteratorType::Latest)
            .send()
            .await
            .unwrap();
        iterators.push(it.shard_iterator().unwrap().to_string());
    }
    let route = unique("LIVE");
    put_driver("2031-01-05", &route, &demo_driver(1).await).await;
    let tables = fn_stocking::live::StreamTable::names(|t| std::env::var(t.env_var()).ok());
    let mut found = None;
    for iterator in iterators {
        let page = streams.get_records().shard_iterator(iterator).send().await.unwrap();
        for record in page.records() {
            let record = fleet_front_door::streams::record_of(record, &arn).expect("a stream record");
            if let Ok(Some(change)) = fn_stocking::live::change_of(&tables, &record) {
                if change.route.as_deref() == Some(route.as_str()) {
                    found = Some(change);
                }
            }
        }
    }
    let change = found.expect("the assignment's record");
    assert_eq!(change.kind, fn_stocking::live::ChangeKind::Assignment);
    assert_eq!(change.drop_off_date.to_string(), "2031-01-05");
}
