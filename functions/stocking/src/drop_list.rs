//! `dropOffSummary(dropOffDate)`: the Drop Off Summary's rows (2-fleet §2.5,
//! §4.5, §5; issue 24) in one answer: the date's packing slips less the §5
//! exclusions, each with its route, its location's type and its recorded drop
//! status (the slip's lock, `drop::SlipLock`). Reads: the date's slips, the
//! date's locks, the date's route stops and the stocking day's actions (one
//! paged Query each), and the slips' location types (BatchGetItem of at most
//! 100 keys). Behind GetCheckPointStatus and the 'drop-override' flag.
use crate::drop::{self, DayFacts, SlipLock};
use crate::events::ActionData;
use crate::record::StoredAction;
use crate::slips::PackingSlip;
use fleet_shared::entity::route_stop::StoredStop;
use fleet_shared::entity::StockingDate;
use fleet_shared::{flags, ApiError, Caller};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::future::Future;

/// The locationType of a row (2-fleet §3).
pub const WHOLESALE: &str = "WHOLESALE";
pub const FRIDGE: &str = "FRIDGE";
pub const UNKNOWN: &str = "UNKNOWN";
pub use crate::drop::{status_name, PENDING};

/// One row, as the browser reads it.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Row {
    /// `date#locationId&slip#stockingIndex` (2-fleet §3).
    pub extended_id: String,
    pub location_id: String,
    pub location_type: &'static str,
    /// The route of the location's stop with this stocking index that date, if routed.
    pub route_id: Option<String>,
    pub packing_slip_id: String,
    pub stocking_index: i64,
    /// When the order was made (the slip's createDate).
    pub pick_date: String,
    /// Pending, Complete or Not Delivering.
    pub drop_status: String,
    pub status_reason: Option<String>,
    /// Who recorded the status.
    pub created_by: Option<String>,
    /// A recorded status locks the row (§4.5).
    pub locked: bool,
}

/// What one date's rows are made from.
#[derive(Default)]
pub struct Day {
    pub slips: Vec<PackingSlip>,
    pub locks: Vec<SlipLock>,
    pub stops: Vec<StoredStop>,
    /// The stocking day's actions, parsed.
    pub actions: Vec<(String, ActionData)>,
    /// location id -> its `type`, for the locations that exist.
    pub types: HashMap<String, String>,
}

fn location_type(kind: Option<&String>) -> &'static str {
    match kind.map(String::as_str) {
        Some(FRIDGE) => FRIDGE,
        Some(WHOLESALE) => WHOLESALE,
        _ => UNKNOWN,
    }
}

/// The §5 list of a date: every slip that is not excluded by what it is, not
/// at a location reported unreachable that day, and not already stocked (its
/// stop's stockedTimeUTC, or a LocationStocked or DropOffComplete action of
/// its stocking index). Sorted by location, then stocking index.
pub fn rows(date: &str, day: &Day) -> Vec<Row> {
    let facts = DayFacts::of(&day.actions, &day.stops);
    let routes: HashMap<(&str, i64), &str> =
        day.stops.iter().map(|s| ((s.stop.id.as_str(), s.stop.stocking_index), s.stop.route.as_str())).collect();
    let locks: HashMap<&str, &SlipLock> = day.locks.iter().map(|l| (l.sk.as_str(), l)).collect();

    let mut rows: Vec<Row> = day
        .slips
        .iter()
        .filter(|s| drop::excluded(s).is_none())
        .filter(|s| facts.excludes(&s.location_id, s.stocking_index).is_none())
        .map(|s| {
            let lock = locks.get(drop::lock_key(date, &s.unique_id).as_str()).copied();
            Row {
                extended_id: format!("{date}#{}&{}#{}", s.location_id, s.unique_id, s.stocking_index),
                location_id: s.location_id.clone(),
                location_type: location_type(day.types.get(&s.location_id)),
                route_id: routes.get(&(s.location_id.as_str(), s.stocking_index)).map(|r| r.to_string()),
                packing_slip_id: s.unique_id.clone(),
                stocking_index: s.stocking_index,
                pick_date: s.create_date.clone(),
                drop_status: lock.map_or(PENDING.to_string(), |l| status_name(l.drop_status).to_string()),
                status_reason: lock.map(|l| l.status_reason.clone()),
                created_by: lock.map(|l| l.created_by.clone()),
                locked: lock.is_some(),
            }
        })
        .collect();
    rows.sort_by(|a, b| {
        (&a.location_id, a.stocking_index, &a.packing_slip_id).cmp(&(
            &b.location_id,
            b.stocking_index,
            &b.packing_slip_id,
        ))
    });
    rows
}

/// The reads of one date.
pub trait DropListStore: Sync {
    fn has_flag(&self, caller: &Caller, flag: &str) -> impl Future<Output = Result<bool, ApiError>> + Send;
    fn slips(&self, date: &str) -> impl Future<Output = Result<Vec<PackingSlip>, ApiError>> + Send;
    fn locks(&self, date: &str) -> impl Future<Output = Result<Vec<SlipLock>, ApiError>> + Send;
    fn stops(&self, date: &str) -> impl Future<Output = Result<Vec<StoredStop>, ApiError>> + Send;
    fn actions(&self, day: &str) -> impl Future<Output = Result<Vec<StoredAction>, ApiError>> + Send;
    /// location id -> type, for at most 100 ids (one call).
    fn types(&self, ids: &[String]) -> impl Future<Output = Result<HashMap<String, String>, ApiError>> + Send;
}

/// `dropOffSummary(dropOffDate)`'s argument.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryArgs {
    pub drop_off_date: StockingDate,
}

/// `dropOffSummary`'s answer.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub drop_off_date: String,
    /// Rows without a recorded status.
    pub unconfirmed: usize,
    pub rows: Vec<Row>,
}

/// `dropOffSummary(dropOffDate)` → `{ dropOffDate, unconfirmed, rows }`.
pub async fn summary<S: DropListStore>(store: &S, caller: &Caller, args: SummaryArgs) -> Result<Summary, ApiError> {
    let date = args.drop_off_date.to_string();
    if !store.has_flag(caller, flags::DROP_OVERRIDE).await? {
        return Err(ApiError::Forbidden);
    }
    let (slips, locks, stops, actions) =
        tokio::try_join!(store.slips(&date), store.locks(&date), store.stops(&date), store.actions(&date))?;
    let mut ids: Vec<String> = slips.iter().map(|s| s.location_id.clone()).collect();
    ids.sort();
    ids.dedup();
    let mut types = HashMap::new();
    for chunk in ids.chunks(100) {
        types.extend(store.types(chunk).await?);
    }
    let actions = drop::parsed(actions);
    let rows = rows(&date, &Day { slips, locks, stops, actions, types });
    let unconfirmed = rows.iter().filter(|r| !r.locked).count();
    Ok(Summary { drop_off_date: date, unconfirmed, rows })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::DropStatus;
    use crate::events::{DropOffComplete, LocationStocked, LocationUnreachable};
    use fleet_shared::entity::route_stop::RouteStop;

    const DATE: &str = "2031-05-14";

    fn slip(id: &str, location: &str, index: i64, kind: &str, code: &str, status: &str) -> PackingSlip {
        PackingSlip {
            drop_off_date: DATE.into(),
            unique_id: id.into(),
            location_id: location.into(),
            stocking_index: index,
            create_date: "2031-05-13T15:00:00.000Z".into(),
            kind: kind.into(),
            client_code: code.into(),
            status: status.into(),
            source: "ORDER_SYSTEM".into(),
            version: 1,
        }
    }

    fn stop(location: &str, route: &str, index: i64, stocked: Option<&str>) -> StoredStop {
        StoredStop {
            stop: RouteStop {
                stocking_date: DATE.into(),
                market: "MW".into(),
                id: location.into(),
                route: route.into(),
                stop: 1,
                stocking_index: index,
                stop_type: "DELIVERY".into(),
            },
            route_stop: format!("{route}#0001"),
            upload: None,
            stocked_time_utc: stocked.map(str::to_string),
            stocked_by: None,
        }
    }

    fn day() -> Day {
        Day {
            slips: vec![
                slip("keep", "W1", 1, "WHOLESALE", "Acme", "ACTIVE"),
                slip("fridge", "F1", 1, "FRIDGE", "Fridge", "ACTIVE"),
                slip("internal", "W1", 2, "INTERNAL_ORDER", "Acme", "ACTIVE"),
                slip("third", "W1", 3, "CLIENT", "ThirdParty", "ACTIVE"),
                slip("menu", "W1", 4, "CLIENT", "MenuRD", "ACTIVE"),
                slip("pulp", "W1", 5, "CLIENT", "Pulping", "ACTIVE"),
                slip("deleted", "W1", 6, "WHOLESALE", "Acme", "DELETED"),
                slip("unreachable", "U1", 1, "WHOLESALE", "Acme", "ACTIVE"),
                slip("stopstocked", "S1", 1, "FRIDGE", "Fridge", "ACTIVE"),
                slip("actstocked", "S2", 1, "FRIDGE", "Fridge", "ACTIVE"),
                slip("dropped", "S3", 2, "WHOLESALE", "Acme", "ACTIVE"),
                slip("second", "S3", 1, "WHOLESALE", "Acme", "ACTIVE"),
                slip("ghost", "GONE", 1, "WHOLESALE", "Acme", "ACTIVE"),
            ],
            stops: vec![stop("W1", "r1", 1, None), stop("S1", "r2", 1, Some("2031-05-14T15:00:00.000Z"))],
            actions: vec![
                (
                    "U1".into(),
                    ActionData::LocationUnreachable(LocationUnreachable {
                        reason: "Gate".into(),
                        stocking_index: None,
                    }),
                ),
                (
                    "S2".into(),
                    ActionData::LocationStocked(LocationStocked {
                        stocking_index: 1,
                        temperature: None,
                        packing_slip_id: None,
                    }),
                ),
                (
                    "S3".into(),
                    ActionData::DropOffComplete(DropOffComplete { stocking_index: 2, packing_slip_id: None }),
                ),
            ],
            types: HashMap::from([
                ("W1".into(), "WHOLESALE".into()),
                ("F1".into(), "FRIDGE".into()),
                ("S3".into(), "WHOLESALE".into()),
            ]),
            locks: vec![],
        }
    }

    #[test]
    fn every_exclusion_of_section_5_leaves_its_slip_out() {
        let ids: Vec<String> = rows(DATE, &day()).into_iter().map(|r| r.packing_slip_id).collect();
        // Sorted by location: F1, GONE, S3 (index 1), W1.
        assert_eq!(ids, ["fridge", "ghost", "second", "keep"]);
    }

    #[test]
    fn a_row_has_its_extended_id_route_type_and_pending_status() {
        let rows = rows(DATE, &day());
        let keep = rows.iter().find(|r| r.packing_slip_id == "keep").unwrap();
        assert_eq!(keep.extended_id, "2031-05-14#W1&keep#1");
        assert_eq!((keep.route_id.as_deref(), keep.location_type), (Some("r1"), WHOLESALE));
        assert_eq!((keep.drop_status.as_str(), keep.locked), (PENDING, false));
        let types: Vec<(&str, &str)> = rows.iter().map(|r| (r.packing_slip_id.as_str(), r.location_type)).collect();
        assert!(types.contains(&("fridge", FRIDGE)) && types.contains(&("ghost", UNKNOWN)), "{types:?}");
        assert_eq!(rows.iter().find(|r| r.packing_slip_id == "ghost").unwrap().route_id, None, "not routed");
    }

    #[test]
    fn a_recorded_status_locks_its_row() {
        let mut day = day();
        day.locks.push(SlipLock {
            event_type: drop::SLIP_LOCKS.into(),
            sk: drop::lock_key(DATE, "keep"),
            location_id: "W1".into(),
            stocking_index: Some(1),
            drop_status: DropStatus::NotDelivering,
            status_reason: "Missing Totes".into(),
            action_id: "a".into(),
            created_by: "ops@fleet.local".into(),
            created_at: "2031-05-14T10:00:00.000Z".into(),
        });
        let rows = rows(DATE, &day);
        let keep = rows.iter().find(|r| r.packing_slip_id == "keep").unwrap();
        assert_eq!(
            (keep.drop_status.as_str(), keep.status_reason.as_deref(), keep.created_by.as_deref(), keep.locked),
            ("Not Delivering", Some("Missing Totes"), Some("ops@fleet.local"), true)
        );
        assert_eq!(rows.iter().filter(|r| !r.locked).count(), 3);
    }

    #[test]
    fn unreachable_for_one_stocking_index_leaves_the_other_in() {
        let mut day = day();
        day.actions = vec![(
            "S3".into(),
            ActionData::LocationUnreachable(LocationUnreachable { reason: "Gate".into(), stocking_index: Some(2) }),
        )];
        let ids: Vec<String> =
            rows(DATE, &day).into_iter().filter(|r| r.location_id == "S3").map(|r| r.packing_slip_id).collect();
        assert_eq!(ids, ["second"]);
    }
}
