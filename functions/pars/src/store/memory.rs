//! Pars in memory, for unit tests of the kinds and handlers.
use super::*;
use fleet_shared::idempotency::{MemoryRecords, Seen};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Mutex;

#[derive(Default)]
pub struct Memory {
    pub locations: Mutex<HashMap<String, Location>>,
    pub orders: Mutex<BTreeMap<OrderRef, FridgeOrder>>,
    pub records: MemoryRecords,
    /// Orders written, counted.
    pub writes: Mutex<usize>,
}

impl Memory {
    pub fn stored(&self, date: &str, order_key: &str) -> Option<FridgeOrder> {
        let key = OrderRef { drop_off_date: date.into(), order_key: order_key.into() };
        self.orders.lock().unwrap().get(&key).cloned()
    }
}

impl Records for Memory {
    async fn get(&self, pk: &str, parts: Vec<String>) -> Result<HashMap<String, Claim>, ApiError> {
        self.records.get(pk, parts).await
    }

    async fn put(&self, claim: &Claim) -> Result<Seen, ApiError> {
        self.records.put(claim).await
    }
}

impl ParsStore for Memory {
    async fn locations(&self, ids: Vec<String>) -> Result<Vec<Location>, ApiError> {
        let all = self.locations.lock().unwrap();
        Ok(ids.iter().collect::<BTreeSet<_>>().into_iter().filter_map(|id| all.get(id).cloned()).collect())
    }

    async fn orders(&self, keys: Vec<OrderRef>) -> Result<Vec<FridgeOrder>, ApiError> {
        let all = self.orders.lock().unwrap();
        Ok(keys.iter().collect::<BTreeSet<_>>().into_iter().filter_map(|k| all.get(k).cloned()).collect())
    }

    async fn orders_of(&self, date: &str) -> Result<Vec<FridgeOrder>, ApiError> {
        Ok(self.orders.lock().unwrap().values().filter(|o| o.drop_off_date == date).cloned().collect())
    }

    async fn order_count(&self, date: &str) -> Result<u64, ApiError> {
        Ok(self.orders_of(date).await?.len() as u64)
    }

    async fn orders_page(
        &self,
        date: &str,
        token: Option<&str>,
        count: usize,
    ) -> Result<(Vec<FridgeOrder>, Option<String>), ApiError> {
        let skip: usize = token.and_then(|t| t.parse().ok()).unwrap_or(0);
        let all = self.orders_of(date).await?;
        let next = (all.len() > skip + count).then(|| (skip + count).to_string());
        Ok((all.into_iter().skip(skip).take(count).collect(), next))
    }

    /// Each order with its record, as one transaction would: neither lands when either exists.
    async fn write_orders(&self, orders: Vec<NewOrder>) -> Vec<Result<(), ApiError>> {
        tokio::task::yield_now().await; // lets racing tries interleave, as on a network
        let mut stored = self.orders.lock().unwrap();
        let mut records = self.records.0.lock().unwrap();
        orders
            .into_iter()
            .map(|o| {
                let key = OrderRef::of(&o.order);
                let record = o.claim.as_ref().map(|c| (c.pk.clone(), c.sk.clone()));
                if stored.contains_key(&key) || record.as_ref().is_some_and(|r| records.contains_key(r)) {
                    return Err(order_exists());
                }
                if let (Some(r), Some(c)) = (record, o.claim) {
                    records.insert(r, c);
                }
                stored.insert(key, o.order);
                *self.writes.lock().unwrap() += 1;
                Ok(())
            })
            .collect()
    }
}
