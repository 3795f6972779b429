//! What a function's AWS calls cost: each call (attempt) counted by service
//! and operation, and DynamoDB capacity units estimated from the items read
//! and written, by DynamoDB's rounding rules (reads in 4 KB steps, halved when
//! eventually consistent; writes in 1 KB steps; transactions doubled). Every
//! client a function's `Deps` builds carries the counter. The emulator answers
//! `ReturnConsumedCapacity` with constants, so the units are computed here
//! from the request and response bodies instead, the same way on any endpoint.
//! The cost model (docs/capacity.md) is built from these figures.
use crate::runtime::calls::{self, CallLog};
use aws_smithy_runtime_api::box_error::BoxError;
use aws_smithy_runtime_api::client::interceptors::context::{
    BeforeSerializationInterceptorContextRef, BeforeTransmitInterceptorContextRef, FinalizerInterceptorContextRef,
};
use aws_smithy_runtime_api::client::interceptors::Intercept;
use aws_smithy_runtime_api::client::orchestrator::Metadata;
use aws_smithy_runtime_api::client::runtime_components::RuntimeComponents;
use aws_smithy_types::config_bag::{ConfigBag, Storable, StoreReplace};
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Totals so far: calls by `service.Operation`, and capacity units.
#[derive(Debug, Clone, Default, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Totals {
    /// Invocations of the function (each answered through `logging::invoke`).
    pub invocations: u64,
    pub calls: BTreeMap<String, u64>,
    pub read_units: f64,
    pub write_units: f64,
    /// Milliseconds each attempt of an AWS call took, summed over the calls (calls made at once each count).
    pub call_ms: f64,
    /// Milliseconds spent in the function's invocations, summed.
    pub handler_ms: f64,
    /// Milliseconds during which at least one invocation ran (invocations at once counted once).
    pub running_ms: f64,
    /// Milliseconds during which at least one AWS call was in flight (calls at once counted once): against
    /// `running_ms`, the share of the function's time that is its store's (the emulator's, locally).
    pub waiting_ms: f64,
}

impl Totals {
    /// What happened between `before` and these totals.
    pub fn since(&self, before: &Totals) -> Totals {
        let calls = self
            .calls
            .iter()
            .map(|(k, n)| (k.clone(), n.saturating_sub(before.calls.get(k).copied().unwrap_or(0))))
            .filter(|(_, n)| *n > 0)
            .collect();
        Totals {
            invocations: self.invocations.saturating_sub(before.invocations),
            calls,
            read_units: self.read_units - before.read_units,
            write_units: self.write_units - before.write_units,
            call_ms: self.call_ms - before.call_ms,
            handler_ms: self.handler_ms - before.handler_ms,
            running_ms: self.running_ms - before.running_ms,
            waiting_ms: self.waiting_ms - before.waiting_ms,
        }
    }

    pub fn call_count(&self) -> u64 {
        self.calls.values().sum()
    }
}

/// One function's counter, shared by its clients; and where the local API
/// records what each call needs of IAM (`calls`), when it does.
#[derive(Default)]
pub struct Usage(Mutex<Totals>, OnceLock<(&'static str, Arc<CallLog>)>, Mutex<Busy>);

impl std::fmt::Debug for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Usage").field(&self.0).finish()
    }
}

impl Usage {
    /// Records this function's calls into `log` from now on.
    pub fn record_calls(&self, function: &'static str, log: Arc<CallLog>) {
        let _ = self.1.set((function, log));
    }

    pub(crate) fn log_calls(&self, calls: impl FnOnce(&calls::Account) -> Vec<calls::Call>) {
        if let Some((function, log)) = self.1.get() {
            log.record(function, calls(&log.account));
        }
    }

    pub fn totals(&self) -> Totals {
        self.0.lock().map(|t| t.clone()).unwrap_or_default()
    }

    /// Counts one invocation; answers the totals before it.
    pub fn invoked(&self) -> Totals {
        let Ok(mut t) = self.0.lock() else { return Totals::default() };
        let before = t.clone();
        t.invocations += 1;
        if let Ok(mut busy) = self.2.lock() {
            busy.running.start();
        }
        before
    }

    /// One invocation's time, once it has answered.
    pub fn finished(&self, elapsed: Duration) {
        let running = self.2.lock().ok().and_then(|mut busy| busy.running.end());
        if let Ok(mut t) = self.0.lock() {
            t.handler_ms += elapsed.as_secs_f64() * 1000.0;
            t.running_ms += running.unwrap_or_default().as_secs_f64() * 1000.0;
        }
    }

    fn call_sent(&self) {
        if let Ok(mut busy) = self.2.lock() {
            busy.waiting.start();
        }
    }

    fn call_answered(&self) {
        let waited = self.2.lock().ok().and_then(|mut busy| busy.waiting.end());
        if let (Some(waited), Ok(mut t)) = (waited, self.0.lock()) {
            t.waiting_ms += waited.as_secs_f64() * 1000.0;
        }
    }

    /// One call made outside the SDK clients (`aws_json`): counted as the interceptor counts one.
    pub(crate) fn count(&self, call: String, waited: Duration) {
        self.record(call, Units::default(), waited);
    }

    fn record(&self, call: String, units: Units, waited: Duration) {
        if let Ok(mut t) = self.0.lock() {
            *t.calls.entry(call).or_default() += 1;
            t.read_units += units.read;
            t.write_units += units.write;
            t.call_ms += waited.as_secs_f64() * 1000.0;
        }
    }
}

/// The SDK interceptor that feeds a [`Usage`].
#[derive(Debug, Clone)]
pub struct Counter(pub Arc<Usage>);

impl Intercept for Counter {
    fn name(&self) -> &'static str {
        "UsageCounter"
    }

    // Once per operation, sent or presigned: the typed input names the resource.
    // (Not `read_before_execution`: a client's interceptor runs that before the operation's metadata is set.)
    fn read_before_serialization(
        &self,
        context: &BeforeSerializationInterceptorContextRef<'_>,
        _: &RuntimeComponents,
        cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        if let Some(meta) = cfg.load::<Metadata>().filter(|m| !is_dynamodb(m.service())) {
            self.0.log_calls(|account| calls::typed(meta.service(), meta.name(), context.input(), account));
        }
        Ok(())
    }

    // The request body is gone once sent (the connection takes it): keep its JSON for the end of the attempt.
    // DynamoDB's resources are read from it too (one parse, whatever the operation).
    fn read_before_transmit(
        &self,
        context: &BeforeTransmitInterceptorContextRef<'_>,
        _: &RuntimeComponents,
        cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        if let Some(meta) = cfg.load::<Metadata>().filter(|m| is_dynamodb(m.service())) {
            let body = json_of(context.request().body().bytes());
            self.0.log_calls(|account| calls::dynamodb(meta.name(), &body, account));
            cfg.interceptor_state().store_put(SentBody(body));
        }
        cfg.interceptor_state().store_put(Sent(Instant::now()));
        self.0.call_sent();
        Ok(())
    }

    fn read_after_attempt(
        &self,
        context: &FinalizerInterceptorContextRef<'_>,
        _: &RuntimeComponents,
        cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        if cfg.load::<Sent>().is_some() {
            self.0.call_answered();
        }
        let Some(meta) = cfg.load::<Metadata>() else { return Ok(()) };
        // No response: nothing was sent (a presigned URL is built through the same pipeline).
        if context.response().is_none() {
            return Ok(());
        }
        let units = if is_dynamodb(meta.service()) {
            let request = cfg.load::<SentBody>().map_or(&Value::Null, |b| &b.0);
            let response = json_of(context.response().and_then(|r| r.body().bytes()));
            capacity(meta.name(), request, &response)
        } else {
            Units::default()
        };
        let waited = cfg.load::<Sent>().map(|sent| sent.0.elapsed()).unwrap_or_default();
        self.0.record(format!("{}.{}", meta.service(), meta.name()), units, waited);
        Ok(())
    }
}

/// The function's busy time: invocations running, and AWS calls in flight, each counted once while any is.
#[derive(Debug, Default)]
struct Busy {
    running: Clock,
    waiting: Clock,
}

/// A count of things under way, and the time since it left zero.
// tokio's clock: the same as std's, and one a test can pause.
#[derive(Debug, Default)]
struct Clock {
    under_way: u32,
    since: Option<tokio::time::Instant>,
}

impl Clock {
    fn start(&mut self) {
        if self.under_way == 0 {
            self.since = Some(tokio::time::Instant::now());
        }
        self.under_way += 1;
    }

    /// The time just ended, when nothing is under way any more.
    fn end(&mut self) -> Option<Duration> {
        self.under_way = self.under_way.saturating_sub(1);
        if self.under_way > 0 {
            return None;
        }
        self.since.take().map(|since| since.elapsed())
    }
}

/// When an attempt was sent, kept for its end.
#[derive(Debug, Clone, Copy)]
struct Sent(Instant);

impl Storable for Sent {
    type Storer = StoreReplace<Self>;
}

/// The JSON of a DynamoDB request, kept for its attempt's end.
#[derive(Debug, Clone)]
struct SentBody(Value);

impl Storable for SentBody {
    type Storer = StoreReplace<Self>;
}

fn is_dynamodb(service: &str) -> bool {
    service.eq_ignore_ascii_case("dynamodb")
}

fn json_of(body: Option<&[u8]>) -> Value {
    body.and_then(|b| serde_json::from_slice(b).ok()).unwrap_or(Value::Null)
}

/// Capacity units of one call.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Units {
    pub read: f64,
    pub write: f64,
}

const READ_STEP: usize = 4096;
const WRITE_STEP: usize = 1024;

/// The size DynamoDB bills for a value in its JSON form (`{"S": "..."}`).
fn value_size(v: &Value) -> usize {
    let Some((kind, inner)) = v.as_object().and_then(|o| o.iter().next()) else { return 0 };
    match (kind.as_str(), inner) {
        ("S", Value::String(s)) => s.len(),
        // Numbers: about one byte per two significant digits, plus one.
        ("N", Value::String(n)) => n.trim_start_matches(['-', '0']).replace('.', "").len().div_ceil(2) + 1,
        ("B", Value::String(b)) => b.len() * 3 / 4,
        ("BOOL" | "NULL", _) => 1,
        ("SS" | "NS" | "BS", Value::Array(xs)) => xs.iter().map(|x| x.as_str().map_or(0, str::len)).sum(),
        ("L", Value::Array(xs)) => 3 + xs.iter().map(|x| 1 + value_size(x)).sum::<usize>(),
        ("M", Value::Object(m)) => 3 + m.iter().map(|(k, x)| 1 + k.len() + value_size(x)).sum::<usize>(),
        _ => 0,
    }
}

/// The size of an item (`{"name": {"S": ...}, ...}`): names plus values.
pub fn item_size(item: &Value) -> usize {
    item.as_object().map_or(0, |m| m.iter().map(|(k, v)| k.len() + value_size(v)).sum())
}

fn steps(size: usize, step: usize) -> f64 {
    size.div_ceil(step).max(1) as f64
}

fn read_factor(request: &Value) -> f64 {
    if request["ConsistentRead"].as_bool() == Some(true) {
        1.0
    } else {
        0.5
    }
}

fn items(v: &Value) -> &[Value] {
    v.as_array().map_or(&[], Vec::as_slice)
}

/// The size of what an update or transaction entry writes, as far as the
/// request shows it: its key and values (an update of a large item bills the
/// whole item, which the request does not show: a lower bound).
fn written_size(entry: &Value) -> usize {
    item_size(&entry["Key"]) + item_size(&entry["ExpressionAttributeValues"]) + item_size(&entry["Item"])
}

/// The capacity of one DynamoDB call from its request and response bodies.
pub fn capacity(operation: &str, request: &Value, response: &Value) -> Units {
    let read = |r: f64| Units { read: r, write: 0.0 };
    let write = |w: f64| Units { read: 0.0, write: w };
    match operation {
        "GetItem" => read(steps(item_size(&response["Item"]), READ_STEP) * read_factor(request)),
        "Query" | "Scan" => {
            let returned: usize = items(&response["Items"]).iter().map(item_size).sum();
            let (count, scanned) =
                (response["Count"].as_u64().unwrap_or(0), response["ScannedCount"].as_u64().unwrap_or(0));
            // A filter bills the items it dropped too: assume they are the size of those kept.
            let size = if count > 0 && scanned > count {
                (returned as f64 * scanned as f64 / count as f64).min(usize::MAX as f64 / 2.0) as usize
            } else {
                returned
            };
            read(steps(size, READ_STEP) * read_factor(request))
        }
        "BatchGetItem" => {
            let mut units = 0.0;
            if let Some(tables) = response["Responses"].as_object() {
                for (table, found) in tables {
                    let factor = read_factor(&request["RequestItems"][table]);
                    units += items(found).iter().map(|i| steps(item_size(i), READ_STEP) * factor).sum::<f64>();
                }
            }
            read(units)
        }
        "TransactGetItems" => {
            read(items(&response["Responses"]).iter().map(|r| 2.0 * steps(item_size(&r["Item"]), READ_STEP)).sum())
        }
        "PutItem" => write(steps(item_size(&request["Item"]), WRITE_STEP)),
        "UpdateItem" | "DeleteItem" => {
            let returned = item_size(&response["Attributes"]);
            write(steps(returned.max(written_size(request)), WRITE_STEP))
        }
        "BatchWriteItem" => {
            let mut units = 0.0;
            if let Some(tables) = request["RequestItems"].as_object() {
                for entries in tables.values() {
                    units += items(entries)
                        .iter()
                        .map(|e| steps(item_size(&e["PutRequest"]["Item"]), WRITE_STEP))
                        .sum::<f64>();
                }
            }
            // Unprocessed entries are retried, and counted then.
            if let Some(tables) = response["UnprocessedItems"].as_object() {
                for entries in tables.values() {
                    units -= items(entries)
                        .iter()
                        .map(|e| steps(item_size(&e["PutRequest"]["Item"]), WRITE_STEP))
                        .sum::<f64>();
                }
            }
            write(units.max(0.0))
        }
        "TransactWriteItems" => write(
            items(&request["TransactItems"])
                .iter()
                .map(|entry| {
                    let body = ["Put", "Update", "Delete", "ConditionCheck"].iter().find_map(|k| entry.get(*k));
                    2.0 * steps(body.map_or(0, written_size), WRITE_STEP)
                })
                .sum(),
        ),
        _ => Units::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    #[test]
    fn times_add_up_and_a_difference_keeps_only_what_happened_since() {
        let usage = Usage::default();
        usage.invoked();
        usage.count("SSM.GetParameter".into(), Duration::from_millis(4));
        usage.finished(Duration::from_millis(10));
        let before = usage.totals();
        usage.invoked();
        usage.count("cognito-idp.ListUsers".into(), Duration::from_millis(30));
        usage.finished(Duration::from_millis(50));
        let since = usage.totals().since(&before);
        assert_eq!((since.invocations, since.call_ms, since.handler_ms), (1, 30.0, 50.0));
        assert_eq!((usage.totals().call_ms, usage.totals().handler_ms), (34.0, 60.0));
    }

    #[tokio::test(start_paused = true)]
    async fn things_at_once_are_timed_once() {
        let usage = Usage::default();
        let tick = Duration::from_millis(10);
        // Two invocations at once for 10 ms, then one more 10 ms later: 20 ms running, 30 ms of handlers.
        usage.invoked();
        usage.invoked();
        // Two calls at once for 10 ms: 10 ms waiting.
        usage.call_sent();
        usage.call_sent();
        tokio::time::sleep(tick).await;
        usage.call_answered();
        usage.call_answered();
        usage.finished(tick);
        usage.finished(tick);
        tokio::time::sleep(tick).await;
        usage.invoked();
        tokio::time::sleep(tick).await;
        usage.finished(tick);
        let t = usage.totals();
        assert_eq!((t.handler_ms, t.running_ms, t.waiting_ms), (30.0, 20.0, 10.0));
    }

    #[test]
    fn item_sizes_follow_dynamodb_rules() {
        // "id" (2) + "CHI_1" (5); "n" (1) + 12345 (3 digit pairs + 1 = 4); "ok" (2) + 1.
        assert_eq!(
            item_size(&json!({ "id": { "S": "CHI_1" }, "n": { "N": "12345" }, "ok": { "BOOL": true } })),
            7 + 5 + 3
        );
        // A map: 3 + per entry 1 + name + value.
        assert_eq!(item_size(&json!({ "m": { "M": { "a": { "S": "xy" } } } })), 1 + 3 + 1 + 1 + 2);
        assert_eq!(item_size(&json!({ "l": { "L": [{ "NULL": true }, { "S": "abc" }] } })), 1 + 3 + 2 + 4);
    }

    #[test]
    fn reads_round_to_4_kb_and_halve_when_eventually_consistent() {
        let big = json!({ "Item": { "d": { "S": "x".repeat(5000) } } });
        assert_eq!(capacity("GetItem", &json!({}), &big).read, 1.0);
        assert_eq!(capacity("GetItem", &json!({ "ConsistentRead": true }), &big).read, 2.0);
        // Not found still costs the minimum.
        assert_eq!(capacity("GetItem", &json!({}), &json!({})).read, 0.5);
        // A query sums its items before rounding; a filter's dropped items count too.
        let items: Vec<Value> = (0..10).map(|_| json!({ "d": { "S": "x".repeat(999) } })).collect();
        let q = json!({ "Items": items, "Count": 10, "ScannedCount": 20 });
        assert_eq!(capacity("Query", &json!({}), &q).read, 0.5 * 5.0);
    }

    #[test]
    fn writes_round_to_1_kb_and_transactions_double() {
        let put = json!({ "Item": { "d": { "S": "x".repeat(1500) } } });
        assert_eq!(capacity("PutItem", &put, &json!({})).write, 2.0);
        let tx = json!({ "TransactItems": [{ "Put": { "Item": put["Item"] } }, { "ConditionCheck": { "Key": { "id": { "S": "a" } } } }] });
        assert_eq!(capacity("TransactWriteItems", &tx, &json!({})).write, 2.0 * 2.0 + 2.0);
        let batch = json!({ "RequestItems": { "T": [{ "PutRequest": { "Item": { "a": { "S": "b" } } } }, { "DeleteRequest": { "Key": {} } }] } });
        // A put of a small item and a delete: one unit each.
        assert_eq!(capacity("BatchWriteItem", &batch, &json!({ "UnprocessedItems": {} })).write, 2.0);
        assert_eq!(capacity("DescribeTable", &json!({}), &json!({})), Units::default());
    }

    #[test]
    fn totals_since_keep_only_what_changed() {
        let usage = Usage::default();
        usage.record("dynamodb.GetItem".into(), Units { read: 0.5, write: 0.0 }, Duration::ZERO);
        let before = usage.totals();
        usage.record("dynamodb.PutItem".into(), Units { read: 0.0, write: 1.0 }, Duration::ZERO);
        let delta = usage.totals().since(&before);
        assert_eq!(delta.calls, BTreeMap::from([("dynamodb.PutItem".to_string(), 1)]));
        assert_eq!((delta.read_units, delta.write_units, delta.call_count()), (0.0, 1.0, 1));
    }

    /// Any JSON: the shapes DynamoDB uses (keys like `Item`, `S`, `M`) and noise.
    fn any_json() -> impl Strategy<Value = Value> {
        let key = prop::sample::select(vec![
            "Item",
            "Items",
            "S",
            "N",
            "M",
            "L",
            "B",
            "SS",
            "Count",
            "ScannedCount",
            "Responses",
            "RequestItems",
            "PutRequest",
            "TransactItems",
            "Put",
            "Key",
            "x",
        ]);
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            "[-0-9.a-z]{0,12}".prop_map(Value::from)
        ];
        leaf.prop_recursive(4, 64, 6, move |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
                prop::collection::btree_map(key.clone(), inner, 0..6)
                    .prop_map(|m| Value::Object(m.into_iter().map(|(k, v)| (k.to_string(), v)).collect())),
            ]
        })
    }

    proptest! {
        /// Any JSON at all, request or response, gives finite, non-negative units and never panics.
        #[test]
        fn capacity_never_panics(op in prop::sample::select(vec!["GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems", "PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems", "Other"]),
                                 request in any_json(), response in any_json()) {
            let u = capacity(op, &request, &response);
            prop_assert!(u.read.is_finite() && u.read >= 0.0 && u.write.is_finite() && u.write >= 0.0);
        }
    }
}
