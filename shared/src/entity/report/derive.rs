//! Empty channels and stock-outs derived in event time (issue 39).
//!
//! Each fridge's snapshots form a chain of links ordered by the fridge's own
//! time. A row starts at the link that shows a slot (or item) gone after the
//! link before it held some, and ends at the first later link that shows it
//! back. Each link stores, besides its counts, the rows still open after it
//! (`Opens`), so a snapshot in order needs only the link before it.
//!
//! A snapshot that arrives late is put in its place and the chain is walked
//! from it until a later link's open rows come out as stored: from there on
//! nothing can differ. The rows of that window are derived twice, without
//! and with the newcomer, and the difference is answered as writes (links
//! and rows). So any order, duplication or batching of the same snapshots
//! ends in the rows of an in-order delivery, which the property tests prove.
use super::{logical, partition, EmptyChannel, Kind, StockOut, KEEP_DAYS};
use crate::entity::telemetry::InventorySnapshot;
use crate::{dates, fridge_time};
use chrono::Duration;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[cfg(test)]
mod tests;

/// A link's sort key in the fridge's telemetry partition: `inv#{time}`.
pub const LINK_PREFIX: &str = "inv#";
/// The fridge's chain head (its version and any unfinished plan): it sorts
/// after every link, so the query that reads the links after a time reads it too.
pub const HEAD_SK: &str = "inv#~";
/// The parts of an unfinished plan: after the head, outside the links' range.
pub const PLAN_PREFIX: &str = "inv#~plan#";
/// How late a snapshot may arrive and still be derived: the dead-letter
/// queues' retention, so a redrive is derived right. Older ones are parked.
pub const LATE_DAYS: i64 = 14;
/// How long a link is kept (TTL): past `LATE_DAYS`, so the latest late
/// snapshot still finds the link before it.
pub const LINK_DAYS: i64 = 30;

/// What a slot holds in one snapshot. Stored as `[item, units]`, not as a map
/// with named fields: a 30-slot link then stays within one write unit (1 KB),
/// which halves its cost in the placing transaction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(from = "(String, u32)", into = "(String, u32)")]
pub struct Held {
    pub item: String,
    pub units: u32,
}

/// A row open after a link: since when, and the item it names. Stored as
/// `[since, item]`, for the same reason as [`Held`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(from = "(String, String)", into = "(String, String)")]
pub struct Open {
    pub since: String,
    pub item: String,
}

impl From<(String, u32)> for Held {
    fn from((item, units): (String, u32)) -> Self {
        Held { item, units }
    }
}

impl From<Held> for (String, u32) {
    fn from(h: Held) -> Self {
        (h.item, h.units)
    }
}

impl From<(String, String)> for Open {
    fn from((since, item): (String, String)) -> Self {
        Open { since, item }
    }
}

impl From<Open> for (String, String) {
    fn from(o: Open) -> Self {
        (o.since, o.item)
    }
}

/// The rows open after a link: empty channels by slot, stock-outs by item.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Opens {
    #[serde(default)]
    pub empty: BTreeMap<String, Open>,
    #[serde(default)]
    pub out: BTreeMap<String, Open>,
}

/// One snapshot in its fridge's chain.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Link {
    pub location_id: String,
    pub sk: String,
    /// The snapshot's time (`stamp` text, which sorts as time does).
    pub timestamp: String,
    pub slots: BTreeMap<String, Held>,
    #[serde(default)]
    pub open: Opens,
    /// Two different snapshots of one fridge at one time: the larger digest
    /// stands, whichever came first, so the outcome does not follow the order.
    pub digest: String,
    pub expires_at: i64,
}

impl Link {
    /// The link of a snapshot; None when its time is not a time.
    pub fn of(s: &InventorySnapshot) -> Option<Link> {
        let at = dates::instant(&s.timestamp)?;
        let slots: BTreeMap<String, Held> = s
            .slots
            .iter()
            .map(|x| (x.slot.clone(), Held { item: x.item_name.clone(), units: x.units.len() as u32 }))
            .collect();
        Some(Link {
            location_id: s.location_id.to_string(),
            sk: format!("{LINK_PREFIX}{}", s.timestamp),
            timestamp: s.timestamp.clone(),
            digest: digest(&slots),
            slots,
            open: Opens::default(),
            expires_at: (at + Duration::days(LINK_DAYS)).timestamp(),
        })
    }

    /// Units per item over the slots.
    fn by_item(&self) -> BTreeMap<&str, u32> {
        let mut held = BTreeMap::new();
        for h in self.slots.values() {
            *held.entry(h.item.as_str()).or_default() += h.units;
        }
        held
    }
}

/// FNV-1a of the counts: stable across runs and builds, unlike the std hasher.
fn digest(slots: &BTreeMap<String, Held>) -> String {
    let text: String = slots.iter().map(|(s, h)| format!("{s}\u{1f}{}\u{1f}{}\u{1e}", h.item, h.units)).collect();
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3));
    format!("{hash:016x}")
}

/// A row as the derivation knows it: kind, start and slot (or item).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct RowKey {
    pub kind: Kind,
    pub since: String,
    pub what: String,
}

/// A row's item and, when it ended within what was read, its end.
type RowState = (String, Option<String>);

enum Event {
    Start(RowKey, String),
    End(RowKey, String),
}

/// What `cur` shows after `prev` (with the rows open after it): the rows open
/// after `cur`, and the rows it starts and ends. A first link starts nothing:
/// nothing *became* empty. A row open longer than the rows are kept stops
/// being tracked, so a row closed is always a row still kept.
fn step(prev: Option<(&Link, &Opens)>, cur: &Link) -> (Opens, Vec<Event>) {
    let Some((prev, before)) = prev else { return (Opens::default(), Vec::new()) };
    let oldest = dates::instant(&cur.timestamp)
        .map(|t| fridge_time::stamp(t - Duration::days(KEEP_DAYS - 1)))
        .unwrap_or_default();
    let (was, is) = (prev.by_item(), cur.by_item());
    let holds = |slot: &str| cur.slots.get(slot).is_some_and(|h| h.units > 0);
    let (mut open, mut events) = (Opens::default(), Vec::new());
    let key = |kind, since: &str, what: &str| RowKey { kind, since: since.to_string(), what: what.to_string() };
    for (slot, o) in before.empty.iter().filter(|(_, o)| o.since >= oldest) {
        if holds(slot) {
            events.push(Event::End(key(Kind::EmptyChannel, &o.since, slot), cur.timestamp.clone()));
        } else {
            open.empty.insert(slot.clone(), o.clone());
        }
    }
    for (item, o) in before.out.iter().filter(|(_, o)| o.since >= oldest) {
        if is.get(item.as_str()).is_some_and(|n| *n > 0) {
            events.push(Event::End(key(Kind::StockOut, &o.since, item), cur.timestamp.clone()));
        } else {
            open.out.insert(item.clone(), o.clone());
        }
    }
    for (slot, h) in prev.slots.iter().filter(|(slot, h)| h.units > 0 && !holds(slot)) {
        open.empty.insert(slot.clone(), Open { since: cur.timestamp.clone(), item: h.item.clone() });
        events.push(Event::Start(key(Kind::EmptyChannel, &cur.timestamp, slot), h.item.clone()));
    }
    for (item, _) in was.iter().filter(|(item, n)| **n > 0 && is.get(*item).copied().unwrap_or(0) == 0) {
        open.out.insert(item.to_string(), Open { since: cur.timestamp.clone(), item: item.to_string() });
        events.push(Event::Start(key(Kind::StockOut, &cur.timestamp, item), item.to_string()));
    }
    (open, events)
}

fn apply(events: Vec<Event>, rows: &mut BTreeMap<RowKey, RowState>) {
    for e in events {
        match e {
            Event::Start(k, item) => {
                rows.insert(k, (item, None));
            }
            Event::End(k, at) => {
                if let Some(row) = rows.get_mut(&k) {
                    row.1 = Some(at);
                }
            }
        }
    }
}

/// A report row, either kind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum Row {
    Empty(EmptyChannel),
    Out(StockOut),
}

impl Row {
    pub fn key(&self) -> (&str, &str) {
        match self {
            Row::Empty(r) => (&r.pk, &r.sk),
            Row::Out(r) => (&r.pk, &r.sk),
        }
    }

    fn of(location: &str, k: &RowKey, (item, ended): &RowState) -> Row {
        let (pk, sk) = row_key(location, k);
        let expires_at = dates::instant(&k.since).map_or(0, |t| (t + Duration::days(KEEP_DAYS)).timestamp());
        match k.kind {
            Kind::EmptyChannel => {
                let (logical_row, logical_column) = logical(&k.what);
                Row::Empty(EmptyChannel {
                    pk,
                    sk,
                    kiosk_name: location.to_string(),
                    vend_item_name: item.clone(),
                    timestamp: k.since.clone(),
                    slot: k.what.clone(),
                    logical_column,
                    logical_row,
                    ended_at: ended.clone(),
                    expires_at,
                })
            }
            Kind::StockOut => Row::Out(StockOut {
                pk,
                sk,
                location: location.to_string(),
                item: item.clone(),
                timestamp: k.since.clone(),
                ended_at: ended.clone(),
                expires_at,
            }),
        }
    }
}

/// A row's (pk, sk): its Central day's partition, then its start, location and slot or item.
fn row_key(location: &str, k: &RowKey) -> (String, String) {
    let day =
        dates::instant(&k.since).map(|t| t.with_timezone(&fridge_time::CENTRAL.tz).date_naive()).unwrap_or_default();
    (partition(k.kind, day, location), format!("{}#{location}#{}", k.since, k.what))
}

/// One write of a settled placement.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "write", rename_all = "camelCase")]
pub enum Write {
    /// The newcomer's link, whole (over one it replaces at the same time).
    Link {
        link: Link,
    },
    /// A later link's open rows, re-derived.
    Open {
        sk: String,
        open: Opens,
    },
    PutRow {
        row: Row,
    },
    DeleteRow {
        pk: String,
        sk: String,
    },
}

/// Where a snapshot lands in its chain.
#[derive(Debug, Clone, PartialEq)]
pub enum Placed {
    /// The same snapshot is already in the chain: nothing to write.
    Duplicate,
    /// A different snapshot at the same time with a larger digest stands.
    Superseded,
    /// The links read so far do not settle it: read more after them.
    NeedMore,
    Settled(Vec<Write>),
}

/// Places `new` in its chain: `prev` is the stored link before its time,
/// `later` the stored links from its time on, in order, as many as were read;
/// `complete` says there are no more. The writes bring the links and the
/// rows to what an in-order delivery would have made.
pub fn place(prev: Option<&Link>, new: &Link, later: &[Link], complete: bool) -> Placed {
    let (replaced, rest) = match later.first() {
        Some(l) if l.timestamp == new.timestamp => {
            if l.digest == new.digest {
                return Placed::Duplicate;
            }
            if l.digest > new.digest {
                return Placed::Superseded;
            }
            (Some(l), &later[1..])
        }
        _ => (None, later),
    };
    // The rows open before the window are where both derivations start.
    let mut start = BTreeMap::new();
    if let Some(p) = prev {
        for (kind, m) in [(Kind::EmptyChannel, &p.open.empty), (Kind::StockOut, &p.open.out)] {
            for (what, o) in m {
                start.insert(RowKey { kind, since: o.since.clone(), what: what.clone() }, (o.item.clone(), None));
            }
        }
    }
    let (mut old_rows, mut new_rows) = (start.clone(), start);
    let base = prev.map(|p| (p, p.open.clone()));
    let mut old_prev: Option<(&Link, Opens)> = base.clone();
    if let Some(r) = replaced {
        let (open, events) = step(old_prev.as_ref().map(|(l, o)| (*l, o)), r);
        apply(events, &mut old_rows);
        old_prev = Some((r, open));
    }
    let (open, events) = step(base.as_ref().map(|(l, o)| (*l, o)), new);
    apply(events, &mut new_rows);
    let mut placed = new.clone();
    placed.open = open.clone();
    let mut new_prev: (&Link, Opens) = (new, open);
    let mut writes = vec![Write::Link { link: placed }];
    let mut settled = complete;
    for l in rest {
        let (old_open, old_events) = step(old_prev.as_ref().map(|(p, o)| (*p, o)), l);
        let (new_open, new_events) = step(Some((new_prev.0, &new_prev.1)), l);
        apply(old_events, &mut old_rows);
        apply(new_events, &mut new_rows);
        if new_open == l.open && old_open == l.open {
            settled = true;
            break;
        }
        if new_open != l.open {
            writes.push(Write::Open { sk: l.sk.clone(), open: new_open.clone() });
        }
        old_prev = Some((l, old_open));
        new_prev = (l, new_open);
    }
    if !settled {
        return Placed::NeedMore;
    }
    for (k, state) in &new_rows {
        if old_rows.get(k) != Some(state) {
            writes.push(Write::PutRow { row: Row::of(&new.location_id, k, state) });
        }
    }
    for k in old_rows.keys().filter(|k| !new_rows.contains_key(*k)) {
        let (pk, sk) = row_key(&new.location_id, k);
        writes.push(Write::DeleteRow { pk, sk });
    }
    Placed::Settled(writes)
}

/// Fridges' chains and rows in memory: the fake stores' and the property
/// tests' store, applying `place` as the DynamoDB store does.
#[derive(Debug, Default, Clone)]
pub struct Memory {
    /// By (location, sk).
    pub links: BTreeMap<(String, String), Link>,
    /// By (pk, sk).
    pub rows: BTreeMap<(String, String), Row>,
}

impl Memory {
    /// Derives one snapshot; None when its time is not a time.
    pub fn derive(&mut self, snapshot: &InventorySnapshot) -> Option<Placed> {
        let new = Link::of(snapshot)?;
        let location = new.location_id.clone();
        let lo = (location.clone(), LINK_PREFIX.to_string());
        let at = (location.clone(), new.sk.clone());
        let prev = self.links.range(lo..at.clone()).next_back().map(|(_, l)| l.clone());
        let later: Vec<Link> =
            self.links.range(at..).take_while(|((l, _), _)| *l == location).map(|(_, l)| l.clone()).collect();
        let placed = place(prev.as_ref(), &new, &later, true);
        if let Placed::Settled(writes) = &placed {
            self.apply(&location, writes);
        }
        Some(placed)
    }

    pub fn apply(&mut self, location: &str, writes: &[Write]) {
        for w in writes {
            match w {
                Write::Link { link } => {
                    self.links.insert((location.to_string(), link.sk.clone()), link.clone());
                }
                Write::Open { sk, open } => {
                    if let Some(l) = self.links.get_mut(&(location.to_string(), sk.clone())) {
                        l.open = open.clone();
                    }
                }
                Write::PutRow { row } => {
                    let (pk, sk) = row.key();
                    self.rows.insert((pk.to_string(), sk.to_string()), row.clone());
                }
                Write::DeleteRow { pk, sk } => {
                    self.rows.remove(&(pk.clone(), sk.clone()));
                }
            }
        }
    }
}
