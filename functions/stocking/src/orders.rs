//! What the order system (the facility CMS) sends through the orders queue,
//! as typed messages with their limits, and the stored order each becomes.
//!
//! A message is an `ORDER` (a new order, or a later version of one) or a
//! `CANCEL`. Every message names its order (`uniqueId`) and its `version`:
//! the order system raises it on each change, so the newest wins and a
//! redelivered or older message changes nothing (`supersedes`).
use chrono::NaiveDate;
use fleet_shared::{dates, limits};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Longest id (uniqueId, locationId), owner or client code a message may carry.
pub const MAX_ID: usize = fleet_shared::limits::MAX_ORDER_ID_CHARS;
/// Longest free text (address, notes).
pub const MAX_TEXT: usize = 1_000;
/// Most items on one order, and most units of one item.
pub const MAX_ITEMS: usize = 500;
pub const MAX_UNITS: i64 = 10_000;
/// Highest stocking index a location has on one date.
pub const MAX_STOCKING_INDEX: i64 = 20;

/// Status of an order and of its slip: a cancellation sets `DELETED`.
pub const ACTIVE: &str = "ACTIVE";
pub const DELETED: &str = "DELETED";

/// The order types the order system sends (the pars upload's are `FRIDGE`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum OrderType {
    /// An order of a wholesale customer (a WHOLESALE location).
    Wholesale,
    /// The company's own internal order.
    InternalOrder,
    /// An order of a client (clientCode ThirdParty, MenuRD or Pulping).
    Client,
}

impl OrderType {
    pub fn name(self) -> &'static str {
        match self {
            OrderType::Wholesale => "WHOLESALE",
            OrderType::InternalOrder => "INTERNAL_ORDER",
            OrderType::Client => "CLIENT",
        }
    }

    /// The client code an order of this type carries when the message names
    /// none (a client order must name its own).
    fn default_client_code(self) -> Option<&'static str> {
        match self {
            OrderType::Wholesale => Some("Wholesale"),
            OrderType::InternalOrder => Some("Internal"),
            OrderType::Client => None,
        }
    }
}

/// The client codes of client orders (issue 23).
pub const CLIENT_CODES: &[&str] = &["ThirdParty", "MenuRD", "Pulping"];

/// One message of the orders queue.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum OrderMessage {
    // Boxed: an order is far larger than a cancellation.
    Order(Box<OrderBody>),
    Cancel(Cancel),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OrderBody {
    pub unique_id: String,
    pub version: i64,
    pub order_type: OrderType,
    #[serde(default)]
    pub client_code: Option<String>,
    pub location_id: String,
    pub drop_off_date: String,
    pub delivery_date: String,
    #[serde(default)]
    pub stocking_index: Option<i64>,
    #[serde(default)]
    pub order_owner: String,
    #[serde(default)]
    pub address_for_delivery: String,
    #[serde(default)]
    pub delivery_special_notes: String,
    /// Units per item.
    #[serde(default)]
    pub items: BTreeMap<String, i64>,
    /// When the order system created the order (the slip's createDate).
    pub created_at: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Cancel {
    pub unique_id: String,
    pub version: i64,
}

impl OrderMessage {
    pub fn unique_id(&self) -> &str {
        match self {
            OrderMessage::Order(o) => &o.unique_id,
            OrderMessage::Cancel(c) => &c.unique_id,
        }
    }

    pub fn version(&self) -> i64 {
        match self {
            OrderMessage::Order(o) => o.version,
            OrderMessage::Cancel(c) => c.version,
        }
    }

    pub fn location_id(&self) -> Option<&str> {
        match self {
            OrderMessage::Order(o) => Some(&o.location_id),
            OrderMessage::Cancel(_) => None,
        }
    }
}

fn id(field: &str, value: &str) -> Result<(), String> {
    if value.trim().is_empty() || value.trim() != value {
        return Err(format!("{field} must be a non-empty id without surrounding spaces"));
    }
    if value.chars().any(char::is_control) {
        return Err(format!("{field} cannot hold control characters"));
    }
    limits::check_len(field, value, MAX_ID).map_err(|e| e.to_string())
}

fn date(field: &str, value: &str) -> Result<NaiveDate, String> {
    fleet_shared::entity::StockingDate::of(value)
        .map(|d| d.date())
        .ok_or_else(|| format!("{field} must be a date (YYYY-MM-DD)"))
}

/// A message from its body, checked whole, or why it can never be stored.
pub fn parse(body: &str) -> Result<OrderMessage, String> {
    let message: OrderMessage = serde_json::from_str(body).map_err(|e| format!("not an order message: {e}"))?;
    id("uniqueId", message.unique_id())?;
    if message.version() < 1 {
        return Err("version must be a positive integer".into());
    }
    if let OrderMessage::Order(o) = &message {
        id("locationId", &o.location_id)?;
        let (drop, delivery) = (date("dropOffDate", &o.drop_off_date)?, date("deliveryDate", &o.delivery_date)?);
        if delivery > drop {
            return Err("deliveryDate cannot be after dropOffDate".into());
        }
        if let Some(i) = o.stocking_index {
            if !(1..=MAX_STOCKING_INDEX).contains(&i) {
                return Err(format!("stockingIndex must be between 1 and {MAX_STOCKING_INDEX}"));
            }
        }
        match (o.order_type, o.client_code.as_deref()) {
            (OrderType::Client, Some(code)) if CLIENT_CODES.contains(&code) => {}
            (OrderType::Client, _) => {
                return Err(format!("a CLIENT order needs a clientCode of {}", CLIENT_CODES.join(", ")))
            }
            (_, Some(code)) => id("clientCode", code)?,
            (_, None) => {}
        }
        if !o.order_owner.is_empty() {
            id("orderOwner", &o.order_owner)?;
        }
        limits::check_len("addressForDelivery", &o.address_for_delivery, MAX_TEXT).map_err(|e| e.to_string())?;
        limits::check_len("deliverySpecialNotes", &o.delivery_special_notes, MAX_TEXT).map_err(|e| e.to_string())?;
        limits::check_count("items", o.items.len(), MAX_ITEMS).map_err(|e| e.to_string())?;
        for (item, units) in &o.items {
            id("item", item)?;
            if !(0..=MAX_UNITS).contains(units) {
                return Err(format!("units of {item} must be between 0 and {MAX_UNITS}"));
            }
        }
        dates::instant(&o.created_at).ok_or("createdAt must be a date and time with its offset")?;
    }
    Ok(message)
}

/// An order of the order system, as stored (pk uniqueId): its newest version.
/// A cancellation that arrives before its order is stored too (status
/// DELETED, no location), so the older order message loses to it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoredOrder {
    pub unique_id: String,
    pub version: i64,
    pub status: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<OrderBody>,
    /// When this version was stored.
    pub received_at: String,
}

impl StoredOrder {
    pub fn drop_off_date(&self) -> Option<&str> {
        self.order.as_ref().map(|o| o.drop_off_date.as_str())
    }
}

/// Whether a message changes the stored order: only a higher version does
/// (a redelivered or older message is a no-op).
pub fn supersedes(message: &OrderMessage, stored: Option<&StoredOrder>) -> bool {
    stored.is_none_or(|s| message.version() > s.version)
}

/// The order a message makes of the stored one.
pub fn apply(message: &OrderMessage, stored: Option<&StoredOrder>, received_at: &str) -> StoredOrder {
    match message {
        OrderMessage::Order(o) => StoredOrder {
            unique_id: o.unique_id.clone(),
            version: o.version,
            status: ACTIVE.into(),
            order: Some((**o).clone()),
            received_at: received_at.into(),
        },
        OrderMessage::Cancel(c) => StoredOrder {
            unique_id: c.unique_id.clone(),
            version: c.version,
            status: DELETED.into(),
            order: stored.and_then(|s| s.order.clone()),
            received_at: received_at.into(),
        },
    }
}

impl OrderBody {
    /// The client code the slip carries: the message's, else the type's.
    pub fn client_code(&self) -> String {
        self.client_code
            .clone()
            .or_else(|| self.order_type.default_client_code().map(str::to_string))
            .unwrap_or_default()
    }
}

#[cfg(test)]
pub mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::{json, Value};

    pub fn order(unique_id: &str, version: i64, date: &str) -> Value {
        json!({ "type": "ORDER", "uniqueId": unique_id, "version": version, "orderType": "WHOLESALE",
                "locationId": "W_1", "dropOffDate": date, "deliveryDate": date, "stockingIndex": 1,
                "items": { "APPLE": 3 }, "createdAt": "2026-11-23T08:00:00Z" })
    }

    fn with(mut v: Value, field: &str, value: Value) -> String {
        v[field] = value;
        v.to_string()
    }

    #[test]
    fn each_kind_of_message_parses() {
        let base = order("O-1", 1, "2026-11-24");
        assert!(parse(&base.to_string()).is_ok());
        let internal = with(base.clone(), "orderType", json!("INTERNAL_ORDER"));
        assert!(parse(&internal).is_ok());
        for code in CLIENT_CODES {
            let mut v = base.clone();
            v["orderType"] = json!("CLIENT");
            v["clientCode"] = json!(code);
            let Ok(OrderMessage::Order(o)) = parse(&v.to_string()) else { panic!("{code} parses") };
            assert_eq!(o.client_code(), *code);
        }
        let cancel = json!({ "type": "CANCEL", "uniqueId": "O-1", "version": 2 }).to_string();
        assert_eq!(parse(&cancel), Ok(OrderMessage::Cancel(Cancel { unique_id: "O-1".into(), version: 2 })));
    }

    #[test]
    fn bad_messages_are_refused_with_their_reason() {
        let base = order("O-1", 1, "2026-11-24");
        let cases = [
            (with(base.clone(), "orderType", json!("FRIDGE")), "not an order message"),
            (with(base.clone(), "orderType", json!("CLIENT")), "a CLIENT order needs a clientCode"),
            (with(base.clone(), "dropOffDate", json!("11/24/2026")), "dropOffDate must be a date"),
            (with(base.clone(), "deliveryDate", json!("2026-11-25")), "deliveryDate cannot be after"),
            (with(base.clone(), "version", json!(0)), "version must be a positive"),
            (with(base.clone(), "uniqueId", json!(" ")), "uniqueId must be a non-empty id"),
            (with(base.clone(), "stockingIndex", json!(99)), "stockingIndex must be between"),
            (with(base.clone(), "items", json!({ "A": -1 })), "units of A must be between"),
            (with(base.clone(), "createdAt", json!("yesterday")), "createdAt must be a date"),
            (with(base.clone(), "surprise", json!(1)), "unknown field"),
            ("{".to_string(), "not an order message"),
        ];
        for (body, reason) in cases {
            let err = parse(&body).expect_err(&body);
            assert!(err.contains(reason), "{body}: {err}");
        }
        let long = with(base, "uniqueId", json!("x".repeat(MAX_ID + 1)));
        assert!(parse(&long).is_err(), "an id over the limit");
    }

    #[test]
    fn only_a_higher_version_supersedes() {
        let m = |v| parse(&order("O-1", v, "2026-11-24").to_string()).unwrap();
        let stored = apply(&m(2), None, "t");
        assert!(supersedes(&m(1), None));
        assert!(!supersedes(&m(2), Some(&stored)), "a redelivered message changes nothing");
        assert!(!supersedes(&m(1), Some(&stored)), "an older one neither");
        assert!(supersedes(&m(3), Some(&stored)));
    }

    #[test]
    fn a_cancellation_keeps_the_order_and_marks_it_deleted() {
        let o = parse(&order("O-1", 1, "2026-11-24").to_string()).unwrap();
        let stored = apply(&o, None, "t");
        let cancelled =
            apply(&OrderMessage::Cancel(Cancel { unique_id: "O-1".into(), version: 2 }), Some(&stored), "u");
        assert_eq!((cancelled.status.as_str(), cancelled.drop_off_date()), (DELETED, Some("2026-11-24")));
        let early = apply(&OrderMessage::Cancel(Cancel { unique_id: "O-2".into(), version: 5 }), None, "u");
        assert_eq!((early.status.as_str(), early.order), (DELETED, None), "a tombstone an older order loses to");
    }

    proptest! {
        /// Any message the order system could send round-trips through its JSON text;
        /// any text at all is either a message or a reason, never a panic.
        #[test]
        fn messages_round_trip_and_any_text_is_answered(
            unique_id in "[A-Za-z0-9-]{1,40}", version in 1i64..1_000_000, day in 1u32..28,
            index in 1i64..=MAX_STOCKING_INDEX, units in 0i64..=MAX_UNITS, code in 0usize..3,
            cancel in any::<bool>(), noise in ".{0,200}",
        ) {
            let date = format!("2026-11-{day:02}");
            let message = if cancel {
                OrderMessage::Cancel(Cancel { unique_id, version })
            } else {
                OrderMessage::Order(Box::new(OrderBody {
                    unique_id, version, order_type: OrderType::Client,
                    client_code: CLIENT_CODES.get(code).map(|c| c.to_string()),
                    location_id: "L_1".into(), drop_off_date: date.clone(), delivery_date: date,
                    stocking_index: Some(index), order_owner: String::new(), address_for_delivery: String::new(),
                    delivery_special_notes: String::new(), items: BTreeMap::from([("ITEM".to_string(), units)]),
                    created_at: "2026-11-01T00:00:00Z".into(),
                }))
            };
            let text = serde_json::to_string(&message).unwrap();
            prop_assert_eq!(parse(&text), Ok(message));
            let _ = parse(&noise);
        }
    }
}
