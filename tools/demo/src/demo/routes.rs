//! Demo data: two weeks of route stops (DELIVERY and REMOVAL) for the LIVE
//! demo fridges, on their stored routes, and a fridge order for each
//! delivery so View Routes shows tote counts.
use chrono::{Datelike, Duration, Utc, Weekday};
use fleet_shared::entity::assignment::DriverAssignment;
use fleet_shared::entity::fridge_order::{FridgeOrder, OrderDetails};
use fleet_shared::entity::route_stop::{sort_key, RouteStop, StoredStop};
use fleet_shared::entity::Location;
use fleet_shared::{store, ApiError, Deps, Table};
use fn_routes::stops::MAX_STOPS_PER_ROUTE;
use fn_stocking::slips;
use std::collections::BTreeMap;

const ITEMS: &[&str] = &[
    "Chicken Caesar Wrap",
    "Greek Salad",
    "Cold Brew",
    "Overnight Oats",
    "Turkey Club",
    "Fruit Cup",
    "Protein Box",
    "Sparkling Water",
];

/// The region of a demo market (1-locations §9: MW, NE, WC, S).
pub fn region(location_id: &str) -> &'static str {
    match location_id.trim_start_matches("WH_").get(..3).unwrap_or("") {
        "NYC" | "EWR" | "PHL" | "BOS" => "NE",
        "LAX" => "WC",
        "DEN" | "IND" => "S",
        _ => "MW",
    }
}

/// Stops and orders from 3 days ago to 10 days ahead, Monday to Saturday.
pub fn stops_and_orders(locations: &[Location], today: chrono::NaiveDate) -> (Vec<StoredStop>, Vec<FridgeOrder>) {
    let mut routes: BTreeMap<String, Vec<(i64, String)>> = BTreeMap::new();
    for l in locations {
        let Some(route) = l.route() else { continue };
        if l.ops_status() == Some("LIVE") {
            routes.entry(route.to_string()).or_default().push((l.stop().unwrap_or(0), l.id.to_string()));
        }
    }
    let (mut stops, mut orders) = (Vec::new(), Vec::new());
    for offset in -3..=10 {
        let day = today + Duration::days(offset);
        if day.weekday() == Weekday::Sun {
            continue;
        }
        let date = day.format("%Y-%m-%d").to_string();
        for (route, members) in &routes {
            let mut members = members.clone();
            members.sort();
            for (n, (_, id)) in members.iter().take(MAX_STOPS_PER_ROUTE).enumerate() {
                let stop = n as i64 + 1;
                let seed = (day.ordinal() as usize + n * 7 + id.len()) % 17;
                let removal = seed == 0;
                let s = RouteStop {
                    stocking_date: date.clone(),
                    market: region(id).into(),
                    id: id.clone(),
                    route: route.clone(),
                    stop,
                    stocking_index: 1,
                    stop_type: if removal { "REMOVAL" } else { "DELIVERY" }.into(),
                };
                stops.push(StoredStop {
                    route_stop: sort_key(route, stop),
                    stop: s,
                    upload: Some("demo".into()),
                    stocked_time_utc: None,
                    stocked_by: None,
                });
                if !removal {
                    let pars: std::collections::BTreeMap<String, i64> = (0..4 + seed % 4)
                        .map(|i| (ITEMS[(seed + i) % ITEMS.len()].to_string(), 2 + ((seed + i * 3) % 9) as i64))
                        .collect();
                    // Every third stop a JIT order, its first two items the JIT
                    // allocation (the par file's jit rows), for JIT Management.
                    let jit = seed.is_multiple_of(3);
                    let jit_items = if jit { pars.keys().take(2).cloned().collect() } else { vec![] };
                    let mut order = FridgeOrder {
                        order_upload_id: Some("demo".into()),
                        jit,
                        jit_items,
                        ..FridgeOrder::new(&date, id, 1, pars)
                    };
                    // Set as the pars upload sets them, so the demo's slips read like uploaded ones.
                    order.details = Some(OrderDetails {
                        client_code: slips::FRIDGE_CLIENT_CODE.into(),
                        order_owner: slips::PARS_ORDER_OWNER.into(),
                        order_type: slips::FRIDGE_ORDER_TYPE.into(),
                        unique_id: slips::pars_unique_id(&order),
                        ..Default::default()
                    });
                    orders.push(order);
                }
            }
        }
    }
    (stops, orders)
}

pub async fn seed(deps: &'static Deps) -> Result<(), ApiError> {
    let locations = crate::demo::locations::demo_locations();
    let (stops, orders) = stops_and_orders(&locations, Utc::now().date_naive());
    let stops = stops.iter().map(store::to_item).collect::<Result<Vec<_>, _>>()?;
    let orders_typed = orders;
    let orders = orders_typed.iter().map(fleet_shared::order_store::item).collect::<Result<Vec<_>, _>>()?;
    deps.table(Table::LocationRoutes)?.batch_put(stops).await?;
    // Each order's packing slip, as the pars upload writes it with the order.
    let created = fleet_shared::fridge_time::now_text();
    let slips =
        orders_typed.iter().map(|o| slips::of_fridge_order(o, &created).item()).collect::<Result<Vec<_>, _>>()?;
    deps.table(Table::FridgeOrders)?.batch_put(orders).await?;
    deps.table(Table::PackingSlips)?.batch_put(slips).await
}

/// Who drives the demo's routes from yesterday to tomorrow, as the driver
/// simulator plays them: route n of a date (by name) is driver n mod the
/// drivers'. Today's last route is left without a driver: the first demo
/// driver to act on it claims it (issue 38).
pub fn drivers_of(
    stops: &[StoredStop],
    today: chrono::NaiveDate,
    drivers: &[(String, String)],
) -> Vec<DriverAssignment> {
    let mut routes: BTreeMap<&str, std::collections::BTreeSet<&str>> = BTreeMap::new();
    for s in stops {
        routes.entry(s.stop.stocking_date.as_str()).or_default().insert(s.stop.route.as_str());
    }
    let days: Vec<String> = (-1..=1).map(|d| (today + Duration::days(d)).to_string()).collect();
    let mut out = Vec::new();
    for (date, names) in routes.iter().filter(|(d, _)| days.iter().any(|x| x == *d)) {
        let last = names.len().saturating_sub(1);
        for (n, route) in names.iter().enumerate() {
            if drivers.is_empty() || (*date == days[1] && n == last) {
                continue;
            }
            let (sub, email) = &drivers[n % drivers.len()];
            out.push(DriverAssignment {
                stocking_date: date.to_string(),
                route: route.to_string(),
                driver_sub: sub.clone(),
                driver_email: email.clone(),
                // As the screen stores it: the directory's name of the demo driver.
                driver_name: crate::driver_simulator::drivers::DRIVERS
                    .iter()
                    .find(|(_, e)| e == email)
                    .map(|(name, _)| name.to_string()),
                assigned_by: "seed".into(),
                assigned_at: fleet_shared::fridge_time::now_text(),
                source: fleet_shared::entity::assignment::SOURCE_SCREEN.into(),
                version: 1,
                first_action: None,
            });
        }
    }
    out
}

/// Seeds `drivers_of` with a history record each, as the screen writes them.
pub async fn seed_drivers(deps: &'static Deps, drivers: &[(String, String)]) -> Result<(), ApiError> {
    let locations = crate::demo::locations::demo_locations();
    let today = fn_stocking::window::stocking_day(fleet_shared::fridge_time::now());
    let (stops, _) = stops_and_orders(&locations, Utc::now().date_naive());
    let assigned = drivers_of(&stops, today, drivers);
    let history: Vec<_> = assigned
        .iter()
        .map(|a| store::to_item(&fleet_shared::assignment::changed(None, Some(a), "seed", "seed")))
        .collect::<Result<_, _>>()?;
    let items = assigned.iter().map(store::to_item).collect::<Result<Vec<_>, _>>()?;
    deps.table(Table::LocationRoutes)?.batch_put(items).await?;
    deps.table(Table::History)?.batch_put(history).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yesterdays_to_tomorrows_routes_have_drivers_but_todays_last_is_left_to_claim() {
        let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
        let (stops, _) = stops_and_orders(&crate::demo::locations::demo_locations(), today);
        let drivers: Vec<(String, String)> =
            (1..=6).map(|n| (format!("sub-{n}"), format!("driver{n}@fleet.local"))).collect();
        let assigned = drivers_of(&stops, today, &drivers);
        let routes_of = |date: &str| {
            stops
                .iter()
                .filter(|s| s.stop.stocking_date == date)
                .map(|s| s.stop.route.clone())
                .collect::<std::collections::BTreeSet<_>>()
        };
        let today_routes = routes_of("2026-11-24");
        let today_assigned: Vec<&str> =
            assigned.iter().filter(|a| a.stocking_date == "2026-11-24").map(|a| a.route.as_str()).collect();
        assert_eq!(today_assigned.len(), today_routes.len() - 1);
        assert!(!today_assigned.contains(&today_routes.iter().next_back().unwrap().as_str()), "the last is claimable");
        assert!(assigned
            .iter()
            .all(|a| ["2026-11-23", "2026-11-24", "2026-11-25"].contains(&a.stocking_date.as_str())));
        assert_eq!(assigned[0].driver_email, "driver1@fleet.local");
    }

    #[test]
    fn two_weeks_of_stops_in_every_region_with_removals_and_orders() {
        let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
        let (stops, orders) = stops_and_orders(&crate::demo::locations::demo_locations(), today);
        let dates: std::collections::BTreeSet<&str> = stops.iter().map(|s| s.stop.stocking_date.as_str()).collect();
        assert_eq!(dates.len(), 12, "14 days without the two Sundays");
        for region in ["MW", "NE", "WC", "S"] {
            assert!(stops.iter().any(|s| s.stop.market == region), "{region}");
        }
        assert!(stops.iter().any(|s| s.stop.stop_type == "REMOVAL"));
        assert_eq!(orders.len(), stops.iter().filter(|s| s.stop.stop_type == "DELIVERY").count());
        let keys: std::collections::HashMap<(&str, &str), usize> =
            stops.iter().fold(std::collections::HashMap::new(), |mut m, s| {
                *m.entry((s.stop.stocking_date.as_str(), s.route_stop.as_str())).or_default() += 1;
                m
            });
        assert!(keys.values().all(|n| *n == 1), "one item per stop");
    }
}
