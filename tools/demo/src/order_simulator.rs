//! The order-system simulator: plays the company's order system (the
//! facility CMS) as the outside world would, sending a stocking day's worth
//! of each order kind for today and tomorrow through the orders queue
//! (wholesale, INTERNAL_ORDER, and client orders of ThirdParty, MenuRD and
//! Pulping), then cancelling a few. Its only links to the console are the
//! queue and the Locations table (to know which locations exist). Nothing is
//! written around the ingest.
use aws_sdk_sqs::types::SendMessageBatchRequestEntry;
use chrono::{Duration, NaiveDate};
use fleet_shared::entity::Location;
use fleet_shared::{Deps, Table};
use fn_stocking::orders::{Cancel, OrderBody, OrderMessage, OrderType, CLIENT_CODES};
use std::collections::{BTreeMap, BTreeSet};

/// Orders of each kind per day.
const PER_KIND: usize = 3;
/// How often the simulator looks for a new day to send.
const CHECK_EVERY: std::time::Duration = std::time::Duration::from_secs(600);

/// The kinds the order system sends: a type, its client code, whether it goes to a wholesale location.
fn kinds() -> Vec<(OrderType, Option<&'static str>, bool)> {
    let mut k = vec![(OrderType::Wholesale, None, true), (OrderType::InternalOrder, None, false)];
    k.extend(CLIENT_CODES.iter().map(|c| (OrderType::Client, Some(*c), false)));
    k
}

/// A day's messages: `PER_KIND` orders of each kind over the locations, then
/// a cancellation of the first order of every other kind. `version` is the
/// sending time, so a later run's messages win over an earlier run's.
pub fn day(
    date: NaiveDate,
    wholesale: &[String],
    fridges: &[String],
    version: i64,
    created: &str,
) -> Vec<OrderMessage> {
    let text = date.format("%Y-%m-%d").to_string();
    let compact = date.format("%Y%m%d").to_string();
    let mut out = Vec::new();
    let mut cancels = Vec::new();
    for (k, (order_type, code, to_wholesale)) in kinds().into_iter().enumerate() {
        let pool = if to_wholesale && !wholesale.is_empty() { wholesale } else { fridges };
        for n in 0..PER_KIND {
            let Some(location) = pool.get((k * PER_KIND + n) % pool.len().max(1)) else { continue };
            let unique_id = format!("CMS-{compact}-{}-{n}", code.unwrap_or(order_type.name()));
            if n == 0 && k % 2 == 1 {
                cancels.push(OrderMessage::Cancel(Cancel { unique_id: unique_id.clone(), version: version + 1 }));
            }
            out.push(OrderMessage::Order(Box::new(OrderBody {
                unique_id,
                version,
                order_type,
                client_code: code.map(str::to_string),
                location_id: location.clone(),
                drop_off_date: text.clone(),
                delivery_date: text.clone(),
                stocking_index: Some(1),
                order_owner: "FacilityCMS".into(),
                address_for_delivery: String::new(),
                delivery_special_notes: String::new(),
                items: BTreeMap::from([("Greek Salad".to_string(), 4 + n as i64), ("Cold Brew".to_string(), 6)]),
                created_at: created.to_string(),
            })));
        }
    }
    out.extend(cancels);
    out
}

/// The ids of wholesale locations and of fridges, in id order.
async fn locations(deps: &Deps) -> (Vec<String>, Vec<String>) {
    let found: Vec<Location> = match deps.table(Table::Locations) {
        Ok(t) => t.scan_projected(&["id", "type"]).await.unwrap_or_else(|e| {
            tracing::error!(error = %e, "order simulator: cannot read the locations");
            vec![]
        }),
        Err(_) => vec![],
    };
    let (mut wholesale, mut fridges) = (BTreeSet::new(), BTreeSet::new());
    for l in found {
        if l.kind() == "FRIDGE" {
            fridges.insert(l.id.to_string());
        } else {
            wholesale.insert(l.id.to_string());
        }
    }
    (wholesale.into_iter().collect(), fridges.into_iter().collect())
}

async fn send(sqs: &aws_sdk_sqs::Client, url: &str, messages: &[OrderMessage]) -> usize {
    let mut sent = 0;
    for chunk in messages.chunks(fleet_shared::limits::SQS_BATCH_MAX) {
        let entries: Vec<SendMessageBatchRequestEntry> = chunk
            .iter()
            .enumerate()
            .filter_map(|(i, m)| {
                let body = serde_json::to_string(m).ok()?;
                SendMessageBatchRequestEntry::builder().id(i.to_string()).message_body(body).build().ok()
            })
            .collect();
        match sqs.send_message_batch().queue_url(url).set_entries(Some(entries)).send().await {
            Ok(out) => sent += out.successful.len(),
            Err(e) => tracing::error!(error = %e, "order simulator: the orders queue refused a batch"),
        }
    }
    sent
}

/// Runs until the process stops: today's and tomorrow's orders (by the
/// stocking day), and each new day's as the clock reaches it.
pub async fn run(deps: &'static Deps) {
    let sqs = aws_sdk_sqs::Client::new(&fleet_shared::sdk::loader().load().await);
    let Ok(url) = std::env::var("QUEUE_URL_OrdersQueue") else {
        tracing::error!("order simulator: no QUEUE_URL_OrdersQueue in the environment");
        return;
    };
    let mut done: BTreeSet<NaiveDate> = BTreeSet::new();
    loop {
        let now = fleet_shared::fridge_time::now();
        let today = fn_stocking::window::stocking_day(now);
        let (wholesale, fridges) = locations(deps).await;
        for date in [today, today + Duration::days(1)] {
            if done.contains(&date) || fridges.is_empty() {
                continue;
            }
            let messages =
                day(date, &wholesale, &fridges, now.timestamp_millis(), &fleet_shared::fridge_time::stamp(now));
            let sent = send(&sqs, &url, &messages).await;
            tracing::info!(%date, sent, "order simulator: a day of orders and cancellations sent");
            if sent == messages.len() {
                done.insert(date);
            }
        }
        tokio::time::sleep(CHECK_EVERY).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_holds_each_kind_and_a_few_cancellations_that_the_ingest_accepts() {
        let date = NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
        let (w, f) = (vec!["WH_1".to_string()], vec!["CHI_1".to_string(), "CHI_2".to_string()]);
        let messages = day(date, &w, &f, 1_000, "2026-11-23T08:00:00.000Z");
        let mut kinds = BTreeSet::new();
        let mut cancels = 0;
        for m in &messages {
            let parsed = fn_stocking::orders::parse(&serde_json::to_string(m).unwrap()).expect("the ingest accepts it");
            match parsed {
                OrderMessage::Order(o) => {
                    kinds.insert((o.order_type.name(), o.client_code()));
                    if o.order_type == OrderType::Wholesale {
                        assert_eq!(o.location_id, "WH_1");
                    }
                }
                OrderMessage::Cancel(c) => {
                    cancels += 1;
                    assert_eq!(c.version, 1_001, "a cancellation is newer than its order");
                }
            }
        }
        assert_eq!(kinds.len(), 5, "{kinds:?}");
        assert_eq!(messages.len(), 5 * PER_KIND + cancels);
        assert!(cancels >= 2);
    }
}
