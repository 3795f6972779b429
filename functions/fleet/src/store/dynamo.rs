//! The fleet store in DynamoDB, SQS and S3, and the read side of the fleet
//! screens (health, events, samples, the command list, item pictures).
use super::stored_inventory::StoredInventory;
use super::{CommandRecord, FleetStore, HealthPut, History, Landed, Latest, Unsent, Unstorable};
use aws_sdk_dynamodb::types::{Put, TransactWriteItem};
use aws_sdk_sqs::types::MessageAttributeValue;
use fleet_shared::entity::health::FridgeHealth;
use fleet_shared::entity::report::derive::Placed;
use fleet_shared::entity::telemetry::{
    CommandState, FridgeCommand, InventorySnapshot, TelemetryEvent, TemperatureSample, SAMPLE_PREFIX,
};
use fleet_shared::entity::{Location, LocationId};
use fleet_shared::fridge_time::stamp;
use fleet_shared::idempotency::{self, Claim, Records};
use fleet_shared::location_store;
use fleet_shared::store::{self, Filter, Item, SortKey};
use fleet_shared::warm_cache::WarmCache;
use fleet_shared::{flags, paging, ApiError, Bucket, Caller, Deps, Queue, Table};
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::time::Duration;

/// The fleet tables and queues of a function that granted what it uses.
pub struct Dynamo(pub &'static Deps);

/// How a warm ingest trusts that a location exists.
const CACHE_TTL: Duration = Duration::from_secs(300);
const IMAGE_URL_SECONDS: u64 = 300;

fn key(name: &str, value: &str) -> HashMap<String, aws_sdk_dynamodb::types::AttributeValue> {
    HashMap::from([(name.to_string(), store::s(value))])
}

/// Location ids seen to exist, each with whether it is a test location, per
/// warm container. Unknown ids are asked every time, so a location created a
/// moment ago is accepted.
static KNOWN_LOCATIONS: WarmCache<bool> = WarmCache::new(CACHE_TTL);

impl Records for Dynamo {
    async fn get(&self, pk: &str, parts: Vec<String>) -> Result<HashMap<String, Claim>, ApiError> {
        Records::get(&self.0.table(Table::Idempotency)?, pk, parts).await
    }

    async fn put(&self, claim: &Claim) -> Result<idempotency::Seen, ApiError> {
        Records::put(&self.0.table(Table::Idempotency)?, claim).await
    }
}

impl FleetStore for Dynamo {
    async fn location(&self, id: &LocationId) -> Result<Option<Location>, ApiError> {
        location_store::one(self.0, id.as_str(), &[]).await
    }

    async fn flags(&self, caller: &Caller) -> Result<Vec<String>, ApiError> {
        flags::flags_for(self.0, caller).await
    }

    async fn record_command(
        &self,
        record: &CommandRecord,
        claim: Option<&Claim>,
        pass: Option<&fleet_shared::assignment::Pass>,
    ) -> Result<(), ApiError> {
        let t = self.0.table(Table::QueueMessages)?;
        let put = Put::builder()
            .table_name(t.name)
            .set_item(Some(store::to_item(record)?))
            .condition_expression("attribute_not_exists(id)")
            .build()
            .map_err(ApiError::internal)?;
        let mut items = vec![TransactWriteItem::builder().put(put).build()];
        if let Some(c) = claim {
            items.push(c.put(self.0.config.table(Table::Idempotency)?)?);
        }
        if let Some(pass) = pass {
            items.extend(pass.writes(&self.0.config)?);
        }
        store::transact(t.client, items).await
    }

    async fn command(&self, queue_id: &str, sk: &str) -> Result<Option<CommandRecord>, ApiError> {
        let key = HashMap::from([("id".to_string(), store::s(queue_id)), ("sk".to_string(), store::s(sk))]);
        self.0.table(Table::QueueMessages)?.get(key).await
    }

    async fn send_command(&self, command: &FridgeCommand) -> Result<(), Unsent> {
        let q = self.0.queue(Queue::FridgeCommands).map_err(Unsent::Unknown)?;
        let body = serde_json::to_string(command).map_err(|e| Unsent::Unknown(ApiError::internal(e)))?;
        let attr = MessageAttributeValue::builder()
            .data_type("String")
            .string_value(command.location_id.as_str())
            .build()
            .map_err(|e| Unsent::Unknown(ApiError::internal(e)))?;
        q.client
            .send_message()
            .queue_url(q.url)
            .message_body(body)
            .message_attributes("locationId", attr)
            // One fridge's commands stay in order; a resend of the same message (a
            // retry, the SDK's own after a lost answer) is dropped by the queue.
            .message_group_id(command.location_id.as_str())
            .message_deduplication_id(&command.message_id)
            .send()
            .await
            .map_err(|e| {
                use aws_sdk_sqs::error::ProvideErrorMetadata;
                let status = e.raw_response().map(|r| r.status().as_u16());
                let (code, message) = (e.code().map(str::to_string), e.message().map(str::to_string));
                unsent(status, code.as_deref(), message.as_deref(), ApiError::from(e))
            })?;
        Ok(())
    }

    async fn settle(&self, queue_id: &str, sk: &str, to: &'static str) -> Result<bool, ApiError> {
        let t = self.0.table(Table::QueueMessages)?;
        let out = t
            .client
            .update_item()
            .table_name(t.name)
            .key("id", store::s(queue_id))
            .key("sk", store::s(sk))
            .update_expression("SET #s = :to REMOVE pendingShard")
            .condition_expression("#s = :pending")
            .expression_attribute_names("#s", "state")
            .expression_attribute_values(":to", store::s(to))
            .expression_attribute_values(":pending", store::s(super::PENDING))
            .send()
            .await;
        match out.map_err(ApiError::from) {
            Ok(_) => Ok(true),
            Err(ApiError::Conflict(_)) => Ok(false),
            Err(e) => Err(e),
        }
    }

    async fn overdue(&self, now: &str) -> Result<Vec<CommandRecord>, ApiError> {
        let t = self.0.table(Table::QueueMessages)?;
        let t = &t;
        let reads = super::pending_shards().into_iter().map(|shard| async move {
            let query = t.query("pendingShard", shard).index(super::BY_PENDING);
            query.sort("notAfter", SortKey::AtMost(now.to_string())).all::<CommandRecord>().await
        });
        Ok(futures::future::try_join_all(reads).await?.into_iter().flatten().collect())
    }

    async fn forget(&self, claim: &Claim) -> Result<(), ApiError> {
        idempotency::forget(&self.0.table(Table::Idempotency)?, claim).await
    }

    async fn inventory(&self, id: &LocationId) -> Result<Option<InventorySnapshot>, ApiError> {
        let stored: Option<StoredInventory> =
            self.0.table(Table::FridgeInventory)?.get(key("locationId", id.as_str())).await?;
        Ok(stored.map(InventorySnapshot::from))
    }

    async fn send_swap(&self, body: &Value) -> Result<(), ApiError> {
        let q = self.0.queue(Queue::InventoryService)?;
        q.client.send_message().queue_url(q.url).message_body(body.to_string()).send().await?;
        Ok(())
    }

    async fn known_locations(&self, ids: &[&str]) -> Result<HashMap<String, bool>, ApiError> {
        let ids: Vec<String> = ids.iter().map(|id| id.to_string()).collect();
        KNOWN_LOCATIONS
            .get(&ids, |missing| async move {
                let found: Vec<Location> = location_store::many(self.0, missing, &["id", "type"]).await?;
                Ok(found.iter().map(|l| (l.id.to_string(), l.is_test())).collect())
            })
            .await
    }

    async fn stored_health(&self, ids: &[&str]) -> Result<HashMap<String, FridgeHealth>, ApiError> {
        let keys = ids.iter().map(|id| HashMap::from([("locationId".to_string(), store::s(*id))])).collect();
        let items = self.0.table(Table::FridgeHealth)?.batch_get(keys, &[]).await?;
        let mut out = HashMap::new();
        for item in items {
            // An unreadable record counts as none: the heartbeat replaces it.
            match store::from_item::<FridgeHealth>(item) {
                Ok(h) => {
                    out.insert(h.report.location_id.to_string(), h);
                }
                Err(e) => tracing::warn!(error = %e, "a stored health record is unreadable; it is replaced"),
            }
        }
        Ok(out)
    }

    async fn put_health(&self, health: &FridgeHealth, read: Option<&str>) -> Result<HealthPut, ApiError> {
        let t = self.0.table(Table::FridgeHealth)?;
        let put = t.client.put_item().table_name(t.name).set_item(Some(store::to_item(health)?));
        let put = match read {
            Some(read) => put
                .condition_expression("#ts = :read")
                .expression_attribute_names("#ts", "timestamp")
                .expression_attribute_values(":read", store::s(read)),
            None => put.condition_expression("attribute_not_exists(locationId)"),
        };
        match put.send().await {
            Ok(_) => Ok(HealthPut::Stored),
            Err(e) if e.as_service_error().is_some_and(|e| e.is_conditional_check_failed_exception()) => {
                let key = HashMap::from([("locationId".to_string(), store::s(health.report.location_id.as_str()))]);
                let now: Option<FridgeHealth> = t.get(key).await?;
                Ok(HealthPut::Moved(now.map(Box::new)))
            }
            Err(e) => Err(e.into()),
        }
    }

    async fn put_latest(&self, latest: &Latest) -> Result<Landed, ApiError> {
        let item = match latest {
            Latest::Health(h) => store::to_item(h)?,
            Latest::Inventory(i) => store::to_item(&StoredInventory::from(i))?,
        };
        let t = self.0.table(latest.table())?;
        let out = t
            .client
            .put_item()
            .table_name(t.name)
            .set_item(Some(item))
            .condition_expression("attribute_not_exists(locationId) OR #ts < :ts")
            .expression_attribute_names("#ts", "timestamp")
            .expression_attribute_values(":ts", store::s(latest.at()))
            .send()
            .await;
        match out {
            Ok(_) => Ok(Landed::Stored),
            Err(e) if e.as_service_error().is_some_and(|e| e.is_conditional_check_failed_exception()) => {
                Ok(Landed::Older)
            }
            Err(e) => Err(e.into()),
        }
    }

    async fn derive_inventory(&self, snapshot: &InventorySnapshot) -> Result<Placed, ApiError> {
        super::chain::place(self.0, snapshot).await
    }

    async fn put_history(&self, rows: &[&History]) -> Result<(), ApiError> {
        let table = self.0.config.table(Table::FridgeTelemetry)?;
        let requests = rows
            .iter()
            .map(|row| {
                let item = match row {
                    History::Sample(s) => store::to_item(s)?,
                    History::Event(e) => store::to_item(e)?,
                };
                Ok((table.to_string(), store::put_request(item)?))
            })
            .collect::<Result<Vec<_>, ApiError>>()?;
        store::batch_write_all(self.0.dynamo()?, requests).await
    }

    async fn finish_command(&self, queue_id: &str, sk: &str, state: CommandState, at: &str) -> Result<(), ApiError> {
        let t = self.0.table(Table::QueueMessages)?;
        let out = t
            .client
            .update_item()
            .table_name(t.name)
            .key("id", store::s(queue_id))
            .key("sk", store::s(sk))
            .update_expression("SET #s = :state, doneAt = :at REMOVE pendingShard")
            .condition_expression("attribute_exists(id)")
            .expression_attribute_names("#s", "state")
            .expression_attribute_values(":state", store::s(state.as_str()))
            .expression_attribute_values(":at", store::s(at))
            .send()
            .await;
        match out.map_err(ApiError::from) {
            Ok(_) => Ok(()),
            Err(ApiError::Conflict(_)) => Err(ApiError::bad_request(format!("no command {sk} in {queue_id}"))),
            Err(e) => Err(e),
        }
    }

    async fn park(&self, bad: &[Unstorable]) -> Vec<String> {
        fleet_shared::parking::park(self.0.queue(Queue::TelemetryDeadLetter), bad, "telemetry").await
    }
}

/// The read side of the fleet screens.
impl Dynamo {
    /// Which of these ids are in the Locations table (BatchGetItem, id only).
    pub async fn existing(&self, ids: &[&str]) -> Result<HashSet<String>, ApiError> {
        let found = location_store::known(self.0, ids).await?;
        Ok(found.iter().map(LocationId::to_string).collect())
    }

    /// The health records of these fridges (those that ever reported).
    pub async fn health(&self, ids: &[&str]) -> Result<Vec<FridgeHealth>, ApiError> {
        let keys = ids.iter().map(|id| key("locationId", id)).collect();
        let items = self.0.table(Table::FridgeHealth)?.batch_get(keys, &[]).await?;
        items.into_iter().map(store::from_item).collect()
    }

    /// One page of every fridge's health, behind a signed token.
    pub async fn health_page(
        &self,
        token: Option<&str>,
        count: usize,
    ) -> Result<(Vec<FridgeHealth>, Option<String>), ApiError> {
        let t = self.0.table(Table::FridgeHealth)?;
        let secret = self.0.config.paging_secret()?;
        let (items, next) = paging::signed_page(secret, "fleet-health", token, count, |start, limit| async move {
            t.scan_page(start, limit, &[]).await
        })
        .await?;
        Ok((items.into_iter().map(store::from_item).collect::<Result<_, _>>()?, next))
    }

    /// One page of a fridge's telemetry rows of `kind` (`event`, `segment`),
    /// newest first, of these event types (all when none).
    pub async fn telemetry_page(
        &self,
        location: &LocationId,
        kind: &str,
        types: Vec<String>,
        token: Option<&str>,
        count: usize,
    ) -> Result<(Vec<TelemetryEvent>, Option<String>), ApiError> {
        let secret = self.0.config.paging_secret()?;
        self.0
            .table(Table::FridgeTelemetry)?
            .query("locationId", location.as_str())
            .sort("sk", SortKey::BeginsWith(format!("{kind}#")))
            .filter(Filter::In("eventType".into(), types))
            .newest_first()
            .signed_page(secret, &format!("{kind}:{location}"), token, count)
            .await
    }

    /// A fridge's temperature samples since `from`, oldest first. A row that
    /// is not a sample (no time or temperature) is left out.
    pub async fn samples_since(
        &self,
        location: &LocationId,
        from: chrono::DateTime<chrono::Utc>,
    ) -> Result<Vec<TemperatureSample>, ApiError> {
        let query = self
            .0
            .table(Table::FridgeTelemetry)?
            .query("locationId", location.as_str())
            .sort("sk", SortKey::Between(format!("{SAMPLE_PREFIX}{}", stamp(from)), format!("{SAMPLE_PREFIX}~")));
        let (items, _): (Vec<Item>, _) = store::pages(None, None, |start, _| query.page(start, None)).await?;
        Ok(items.into_iter().filter_map(|i| store::from_item(i).ok()).collect())
    }

    /// One page of a queue's messages, newest first, behind a signed token.
    pub async fn commands_page(
        &self,
        queue_id: &str,
        token: Option<&str>,
        count: usize,
    ) -> Result<(Vec<CommandRecord>, Option<String>), ApiError> {
        let secret = self.0.config.paging_secret()?;
        self.0
            .table(Table::QueueMessages)?
            .query("id", queue_id)
            .newest_first()
            .signed_page(secret, &format!("queue:{queue_id}"), token, count)
            .await
    }

    /// A short-lived link to an item's picture; None when it cannot be made.
    pub async fn image_url(&self, item: &str) -> Option<String> {
        let b = self.0.bucket(Bucket::ItemImages).ok()?;
        let key = format!("items/{item}.svg");
        b.client.presigned_get(b.name, &key, Duration::from_secs(IMAGE_URL_SECONDS)).await.ok()
    }
}

/// A refusal the queue gave for certain (a 4xx other than throttling), or
/// an outcome that is not known (the message may have been taken).
fn unsent(status: Option<u16>, code: Option<&str>, message: Option<&str>, error: ApiError) -> Unsent {
    let throttled = code.is_some_and(|c| c.contains("Throttl"));
    match status {
        Some(s) if (400..500).contains(&s) && !throttled => {
            Unsent::Refused(format!("{}: {}", code.unwrap_or("refused"), message.unwrap_or_default()))
        }
        _ => Unsent::Unknown(error),
    }
}

#[cfg(test)]
mod unsent_tests {
    use super::*;

    #[test]
    fn only_a_definite_refusal_is_refused() {
        let busy = || ApiError::Unavailable;
        assert!(matches!(unsent(Some(400), Some("InvalidParameterValue"), Some("bad"), busy()), Unsent::Refused(_)));
        assert!(matches!(unsent(Some(403), Some("AccessDenied"), None, busy()), Unsent::Refused(_)));
        assert!(matches!(unsent(Some(400), Some("ThrottlingException"), None, busy()), Unsent::Unknown(_)));
        assert!(matches!(unsent(Some(500), Some("InternalError"), None, busy()), Unsent::Unknown(_)));
        assert!(matches!(unsent(None, None, None, busy()), Unsent::Unknown(_)), "a timeout: no answer");
    }
}
