//! Fridge orders, as far as routes need them: the units ordered per stop of
//! a date, for tote counts. The table is shared with the pars area, which
//! creates orders (one per dropOffDate, location and stockingIndex).
use crate::store::RoutesStore;
use fleet_shared::entity::fridge_order::totes;
use fleet_shared::entity::route_stop::{RouteStop, StoredStop};
use fleet_shared::ApiError;
use serde::Serialize;
use std::collections::HashMap;

/// Units ordered per (location, stockingIndex) dropping off on `date` (one query).
pub async fn units_of_date(store: &impl RoutesStore, date: &str) -> Result<HashMap<(String, i64), i64>, ApiError> {
    let orders = store.orders_of_date(date).await?;
    // Saturating: orders stored before pars were bounded may hold any 64-bit par.
    Ok(orders
        .into_iter()
        .map(|o| ((o.location_id, o.stocking_index), o.pars.values().fold(0i64, |a, p| a.saturating_add(*p))))
        .collect())
}

/// A stop as `locationRoutes` shows it: its totes and its route's when asked (null otherwise).
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RouteWithTotes {
    #[serde(flatten)]
    pub stop: RouteStop,
    pub tote_count_per_stop: Option<i64>,
    pub tote_count_per_route: Option<i64>,
    #[serde(rename = "stockedTimeUTC")]
    pub stocked_time_utc: Option<String>,
}

/// The routes answer: each stop with its totes and its route's, in route and stop order.
/// A stop with no order counts 0.
pub fn routes_with_totes(
    mut stops: Vec<StoredStop>,
    units: Option<&HashMap<(String, i64), i64>>,
) -> Vec<RouteWithTotes> {
    stops.sort_by(|a, b| (&a.stop.route, a.stop.stop).cmp(&(&b.stop.route, b.stop.stop)));
    let per_stop =
        |s: &StoredStop| units.map(|u| totes(u.get(&(s.stop.id.clone(), s.stop.stocking_index)).copied().unwrap_or(0)));
    let mut per_route: HashMap<&str, i64> = HashMap::new();
    for s in &stops {
        let route = per_route.entry(s.stop.route.as_str()).or_default();
        *route = route.saturating_add(per_stop(s).unwrap_or(0));
    }
    stops
        .iter()
        .map(|s| RouteWithTotes {
            tote_count_per_stop: per_stop(s),
            tote_count_per_route: units.and_then(|_| per_route.get(s.stop.route.as_str()).copied()),
            stocked_time_utc: s.stocked_time_utc.clone(),
            stop: s.stop.clone(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::memory::Memory;
    use fleet_shared::entity::fridge_order::{FridgeOrder, UNITS_PER_TOTE};
    use fleet_shared::entity::route_stop::{sort_key, RouteStop};

    fn stop(route: &str, n: i64, id: &str, index: i64) -> StoredStop {
        let stop = RouteStop {
            stocking_date: "2026-11-23".into(),
            market: "MW".into(),
            id: id.into(),
            route: route.into(),
            stop: n,
            stocking_index: index,
            stop_type: "DELIVERY".into(),
        };
        StoredStop { route_stop: sort_key(route, n), stop, upload: None, stocked_time_utc: None, stocked_by: None }
    }

    #[test]
    fn totes_round_up_and_an_empty_order_is_none() {
        assert_eq!((totes(0), totes(1), totes(24), totes(25), totes(-3)), (0, 1, 1, 2, 0));
    }

    #[test]
    fn the_largest_units_never_overflow_a_stop_or_a_route() {
        assert_eq!(totes(i64::MAX), i64::MAX / UNITS_PER_TOTE + 1);
        let units = HashMap::from([(("A".to_string(), 1), i64::MAX), (("B".to_string(), 1), i64::MAX)]);
        let out = routes_with_totes(vec![stop("r1", 1, "A", 1), stop("r1", 2, "B", 1)], Some(&units));
        assert_eq!(out[0].tote_count_per_route, Some(2 * totes(i64::MAX)));
    }

    #[test]
    fn each_stop_and_route_gets_its_totes_and_missing_orders_count_zero() {
        let units = HashMap::from([(("A".to_string(), 1), 30), (("B".to_string(), 2), 24), (("C".to_string(), 1), 5)]);
        let stops = vec![
            stop("r2", 1, "C", 1),
            stop("r1", 2, "B", 2),
            stop("r1", 1, "A", 1),
            stop("r1", 3, "D", 1),
            stop("r2", 2, "B", 1),
        ];
        let out = routes_with_totes(stops, Some(&units));
        let view: Vec<(&str, i64, i64, i64)> = out
            .iter()
            .map(|v| {
                (v.stop.route.as_str(), v.stop.stop, v.tote_count_per_stop.unwrap(), v.tote_count_per_route.unwrap())
            })
            .collect();
        assert_eq!(view, vec![("r1", 1, 2, 3), ("r1", 2, 1, 3), ("r1", 3, 0, 3), ("r2", 1, 1, 1), ("r2", 2, 0, 1)]);
        assert!(
            routes_with_totes(vec![stop("r1", 1, "A", 1)], None)[0].tote_count_per_stop.is_none(),
            "no totes unless asked"
        );
    }

    #[tokio::test]
    async fn the_units_of_a_date_add_up_per_location_and_index() {
        let order = |date: &str, id: &str, index: i64, pars: &[i64]| {
            FridgeOrder::new(date, id, index, pars.iter().enumerate().map(|(i, p)| (format!("item{i}"), *p)))
        };
        let fake = Memory {
            orders: vec![
                order("2026-11-23", "A", 1, &[20, 10]),
                order("2026-11-23", "A", 2, &[i64::MAX, 1]),
                order("2026-11-24", "A", 1, &[5]),
            ],
            ..Memory::default()
        };
        let units = units_of_date(&fake, "2026-11-23").await.unwrap();
        assert_eq!(units, HashMap::from([(("A".to_string(), 1), 30), (("A".to_string(), 2), i64::MAX)]));
    }
}
