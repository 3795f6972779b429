//! The fridge inventory view (3-planning §2, §3, §7, §9): the last snapshot
//! the fridge reported in the spec's shape (`inventory.payload.itemsBySlot`,
//! `timestamp`, `location`, `images` and `shelf_life` per item), each unit
//! also with its production and expiry in the fridge's time zone and (beyond
//! the spec) 'At risk': more than 2 hours above 41 °F since production.
use crate::rules::TEMPERATURE_ORANGE_MAX;
use crate::store::{Dynamo, FleetStore};
use crate::telemetry::Unit;
use chrono::{DateTime, Days, Duration, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;
use fleet_shared::contract::Ctx;
use fleet_shared::entity::LocationId;
use fleet_shared::fridge_time::stamp;
use fleet_shared::{ApiError, Deps};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Units are produced at 8:00 PM and expire at 8:00 AM (3-planning §9).
const PRODUCED_AT: (u32, u32) = (20, 0);
const EXPIRES_AT: (u32, u32) = (8, 0);
/// Time above 41 °F after which a unit is at risk.
pub const AT_RISK_MINUTES: i64 = 120;
/// A sample stands for at most this long (a gap in telemetry counts no longer).
const SAMPLE_SPAN_MINUTES: i64 = 15;

fn at(zone: Tz, date: NaiveDate, (h, m): (u32, u32)) -> Option<DateTime<Utc>> {
    zone.from_local_datetime(&date.and_time(NaiveTime::from_hms_opt(h, m, 0)?))
        .earliest()
        .map(|t| t.with_timezone(&Utc))
}

/// When a unit was produced: 8:00 PM on its production date, fridge time.
pub fn produced(zone: Tz, date: NaiveDate) -> Option<DateTime<Utc>> {
    at(zone, date, PRODUCED_AT)
}

/// Expiry: 8:00 AM on the production date + shelf life + 1 day; None without
/// a shelf life, or with one past the calendar (a row stored before the
/// ingest refused those shows UNKNOWN instead of failing the view).
pub fn expiry(zone: Tz, date: NaiveDate, shelf_life_days: Option<u32>) -> Option<DateTime<Utc>> {
    let day = date.checked_add_days(Days::new(u64::from(shelf_life_days?) + 1))?;
    at(zone, day, EXPIRES_AT)
}

/// Minutes above 41 °F since `from`: each sample above counts until the
/// next one, and at most 15 minutes.
pub fn minutes_above(samples: &[(DateTime<Utc>, f64)], from: DateTime<Utc>, now: DateTime<Utc>) -> i64 {
    let mut total = 0;
    for (i, (t, temp)) in samples.iter().enumerate() {
        if *temp <= TEMPERATURE_ORANGE_MAX {
            continue;
        }
        let next = samples.get(i + 1).map(|s| s.0).unwrap_or(now);
        let start = (*t).max(from);
        // Checked: a stored sample's time is text, read back as any instant.
        let span_end = t.checked_add_signed(Duration::minutes(SAMPLE_SPAN_MINUTES)).unwrap_or(*t);
        let end = next.min(span_end);
        if end > start {
            total = i64::saturating_add(total, (end - start).num_minutes());
        }
    }
    total
}

fn text(zone: Tz, t: DateTime<Utc>) -> String {
    t.with_timezone(&zone).format("%m/%d/%Y %-I:%M %p").to_string()
}

/// One unit as the view shows it.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnitView {
    pub vend_item_name: String,
    pub production_date: String,
    pub shelf_life_days: Option<u32>,
    pub production_text: Option<String>,
    pub expiry: Option<String>,
    /// UNKNOWN without a shelf life (or one past the calendar).
    pub expiry_text: String,
    pub at_risk: bool,
}

/// A slot as the spec's `itemsBySlot` shows it.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SlotView {
    pub slot_item_name: String,
    pub items_in_slot: Vec<UnitView>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Payload {
    pub items_by_slot: BTreeMap<String, SlotView>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, schemars::JsonSchema)]
pub struct Snapshot {
    pub payload: Payload,
}

/// `GET /locations/{id}/inventory` in the spec's shape (`shelf_life` is spelled so there).
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct InventoryView {
    pub location: LocationId,
    pub timestamp: Option<String>,
    pub inventory: Snapshot,
    /// Item name to its image URL (null when none).
    pub images: BTreeMap<String, Option<String>>,
    /// Item name to its shelf life in days (null when the fridge reported none).
    pub shelf_life: BTreeMap<String, Option<u32>>,
}

/// One unit as the view shows it: production and expiry in the fridge's
/// zone (UNKNOWN when either is past the calendar) and whether it is at risk.
pub fn unit_view(
    zone: Tz,
    item_name: &str,
    u: &Unit,
    samples: &[(DateTime<Utc>, f64)],
    now: DateTime<Utc>,
) -> UnitView {
    let made = produced(zone, u.production_date);
    let expires = expiry(zone, u.production_date, u.shelf_life_days);
    UnitView {
        vend_item_name: item_name.to_string(),
        production_date: u.production_date.to_string(),
        shelf_life_days: u.shelf_life_days,
        production_text: made.map(|m| text(zone, m)),
        expiry: expires.map(stamp),
        expiry_text: expires.map(|e| text(zone, e)).unwrap_or_else(|| "UNKNOWN".into()),
        at_risk: made.is_some_and(|m| minutes_above(samples, m, now) > AT_RISK_MINUTES),
    }
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct InventoryArgs {
    id: LocationId,
}

/// `GET /locations/{id}/inventory`.
pub async fn view(deps: &'static Deps, ctx: Ctx, args: InventoryArgs) -> Result<InventoryView, ApiError> {
    let id = args.id;
    let store = Dynamo(deps);
    let (location, snapshot) = tokio::try_join!(store.location(&id), store.inventory(&id))?;
    let location = location.ok_or_else(|| ApiError::NotFound(format!("Location {id} not found")))?;
    let zone = location.zone().tz;
    let Some(snapshot) = snapshot else {
        let (images, shelf_life) = (BTreeMap::new(), BTreeMap::new());
        return Ok(InventoryView { location: id, timestamp: None, inventory: Snapshot::default(), images, shelf_life });
    };
    let slots = &snapshot.slots;
    let now = ctx.now;
    let earliest = slots.iter().flat_map(|s| &s.units).filter_map(|u| produced(zone, u.production_date)).min();
    let samples: Vec<(DateTime<Utc>, f64)> = match earliest {
        Some(from) => store.samples_since(&id, from).await?.iter().map(|s| (s.timestamp.at(), s.temperature)).collect(),
        None => vec![],
    };
    let (mut images, mut shelf_life) = (BTreeMap::new(), BTreeMap::new());
    for s in slots {
        if !images.contains_key(&s.item_name) {
            images.insert(s.item_name.clone(), store.image_url(&s.item_name).await);
        }
        // The fridge reports a shelf life per unit; the item's is its first known one.
        let known = s.units.iter().find_map(|u| u.shelf_life_days);
        if known.is_some() || !shelf_life.contains_key(&s.item_name) {
            shelf_life.insert(s.item_name.clone(), known);
        }
    }
    let mut items_by_slot = BTreeMap::new();
    for s in slots {
        let units = s.units.iter().map(|u| unit_view(zone, &s.item_name, u, &samples, now)).collect();
        items_by_slot.insert(s.slot.clone(), SlotView { slot_item_name: s.item_name.clone(), items_in_slot: units });
    }
    Ok(InventoryView {
        location: id,
        timestamp: Some(snapshot.timestamp.clone()),
        inventory: Snapshot { payload: Payload { items_by_slot } },
        images,
        shelf_life,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::America::Chicago;

    fn date(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    #[test]
    fn production_is_8_pm_and_expiry_8_am_after_shelf_life_plus_a_day() {
        let made = produced(Chicago, date("2026-11-20")).unwrap();
        assert_eq!(text(Chicago, made), "11/20/2026 8:00 PM");
        let expires = expiry(Chicago, date("2026-11-20"), Some(3)).unwrap();
        assert_eq!(text(Chicago, expires), "11/24/2026 8:00 AM");
        assert_eq!(expires.to_rfc3339(), "2026-11-24T14:00:00+00:00");
        assert_eq!(expiry(Chicago, date("2026-11-20"), None), None, "an unknown shelf life is UNKNOWN");
    }

    #[test]
    fn a_shelf_life_past_the_calendar_renders_unknown_instead_of_panicking() {
        // A row stored before the ingest refused it (issue 20: every GET of the fridge panicked).
        assert_eq!(expiry(Chicago, date("2026-11-20"), Some(4_000_000_000)), None);
        assert_eq!(expiry(Chicago, NaiveDate::MAX, Some(0)), None);
        let unit = Unit { production_date: date("2026-11-20"), shelf_life_days: Some(u32::MAX) };
        let view = unit_view(Chicago, "GREEK_SALAD", &unit, &[], "2026-11-23T00:00:00Z".parse().unwrap());
        assert_eq!(
            (view.expiry_text.as_str(), view.expiry.as_deref(), view.production_text.as_deref()),
            ("UNKNOWN", None, Some("11/20/2026 8:00 PM"))
        );
        let edge = vec![(DateTime::<Utc>::MAX_UTC, 50.0)];
        assert_eq!(
            minutes_above(&edge, DateTime::<Utc>::MIN_UTC, DateTime::<Utc>::MAX_UTC),
            0,
            "a sample at the end of time spans nothing"
        );
    }

    #[test]
    fn a_unit_is_at_risk_after_more_than_two_hours_above_41_since_production() {
        let t0: DateTime<Utc> = "2026-11-23T00:00:00Z".parse().unwrap();
        let every_15 = |temps: &[f64]| {
            temps.iter().enumerate().map(|(i, t)| (t0 + Duration::minutes(15 * i as i64), *t)).collect::<Vec<_>>()
        };
        let warm = every_15(&[44.0; 9]); // 9 samples: 135 minutes above
        let end = t0 + Duration::minutes(135);
        assert_eq!(minutes_above(&warm, t0, end), 135);
        assert!(minutes_above(&warm, t0, end) > AT_RISK_MINUTES);
        assert_eq!(minutes_above(&warm, t0 + Duration::minutes(60), end), 75, "only since production");
        let mixed = every_15(&[44.0, 37.0, 44.0, 37.0]);
        assert_eq!(minutes_above(&mixed, t0, t0 + Duration::minutes(60)), 30);
        let gap = vec![(t0, 44.0), (t0 + Duration::hours(5), 37.0)];
        assert_eq!(minutes_above(&gap, t0, t0 + Duration::hours(6)), 15, "a sample counts at most 15 minutes");
        assert_eq!(minutes_above(&every_15(&[41.0; 20]), t0, t0 + Duration::hours(6)), 0, "41 is not above 41");
    }
}
