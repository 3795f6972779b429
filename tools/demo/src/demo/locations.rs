//! Demo data for the local stack: about 300 locations across markets, time
//! zones and statuses, the three name lists, and pending scheduled changes.
//! Locations go through the same `plan::new_location` as real creates.
use fleet_shared::entity::Location;
use fleet_shared::{history, names, store as dynamo, ApiError, Deps, Input, Table};
use fn_locations::{plan, rules::Options, schedule};
use serde_json::{json, Map, Value};

struct Market {
    code: &'static str,
    city: &'static str,
    state: &'static str,
    zip: &'static str,
    time_zone: &'static str,
    lat: f64,
    lon: f64,
    count: usize,
}

const MARKETS: &[Market] = &[
    Market {
        code: "CHI",
        city: "Chicago",
        state: "IL",
        zip: "60601",
        time_zone: "CHICAGO",
        lat: 41.8781,
        lon: -87.6298,
        count: 90,
    },
    Market {
        code: "MKE",
        city: "Milwaukee",
        state: "WI",
        zip: "53202",
        time_zone: "CHICAGO",
        lat: 43.0389,
        lon: -87.9065,
        count: 25,
    },
    Market {
        code: "IND",
        city: "Indianapolis",
        state: "IN",
        zip: "46204",
        time_zone: "INDIANAPOLIS",
        lat: 39.7684,
        lon: -86.1581,
        count: 25,
    },
    Market {
        code: "NYC",
        city: "New York",
        state: "NY",
        zip: "10001",
        time_zone: "NEWYORK",
        lat: 40.7128,
        lon: -74.0060,
        count: 50,
    },
    Market {
        code: "EWR",
        city: "Newark",
        state: "NJ",
        zip: "07102",
        time_zone: "NEWYORK",
        lat: 40.7357,
        lon: -74.1724,
        count: 20,
    },
    Market {
        code: "PHL",
        city: "Philadelphia",
        state: "PA",
        zip: "19103",
        time_zone: "NEWYORK",
        lat: 39.9526,
        lon: -75.1652,
        count: 20,
    },
    Market {
        code: "BOS",
        city: "Boston",
        state: "MA",
        zip: "02110",
        time_zone: "NEWYORK",
        lat: 42.3601,
        lon: -71.0589,
        count: 15,
    },
    Market {
        code: "DEN",
        city: "Denver",
        state: "CO",
        zip: "80202",
        time_zone: "DENVER",
        lat: 39.7392,
        lon: -104.9903,
        count: 20,
    },
    Market {
        code: "LAX",
        city: "Los Angeles",
        state: "CA",
        zip: "90012",
        time_zone: "LOSANGELES",
        lat: 34.0522,
        lon: -118.2437,
        count: 25,
    },
];

pub const LAYOUTS: &[&str] =
    &["STANDARD_6x5", "STANDARD_5x4", "TALL_6x6", "BEVERAGE_HEAVY", "BREAKFAST_FOCUS", "HOSPITAL_24H"];
pub const FRIDGE_SCHEMAS: &[&str] = &["MW_COMPACT", "NE_STANDARD", "WC_STANDARD", "LITE_FRIDGE"];
pub const PRICE_MAP_TEMPLATES: &[&str] = &["PMT_PREMIUM", "PMT_HOSPITAL", "PMT_CAMPUS", "PMT_AIRPORT"];
const SITES: &[&str] = &[
    "Tower Lobby",
    "Medical Center",
    "Distribution Hub",
    "Tech Campus",
    "Law Offices",
    "University Hall",
    "Terminal B",
    "Fitness Club",
    "Innovation Lab",
    "Residences",
    "Call Center",
    "Warehouse",
    "City Hall Annex",
    "Research Park",
];
const GATEWAYS: &[&str] = &["New card reader", "Old card reader", "Fully subsidized fridge", "Standard experience"];
const TIERS: &[&str] = &["Platinum", "Gold", "Silver", "Bronze"];

/// Small deterministic generator so every seed is the same.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[(self.next() as usize) % items.len()]
    }
    fn frac(&mut self) -> f64 {
        (self.next() % 10_000) as f64 / 10_000.0
    }
}

pub fn demo_locations() -> Vec<Location> {
    let options = Options::from_lists(
        LAYOUTS.iter().map(|s| s.to_string()).collect(),
        FRIDGE_SCHEMAS.iter().map(|s| s.to_string()).collect(),
        PRICE_MAP_TEMPLATES.iter().map(|s| s.to_string()).collect(),
    );
    let mut rng = Lcg(2026);
    let mut docs = Vec::new();
    for m in MARKETS {
        for n in 1..=m.count {
            let wholesale = n % 12 == 0;
            let id = if wholesale { format!("WH_{}_{n:03}", m.code) } else { format!("{}_{n:04}", m.code) };
            let site = rng.pick(SITES);
            let roll = rng.next() % 10;
            let status = match roll {
                0 => "DEAD",
                1 | 2 => "OFFLINE",
                _ => "LIVE",
            };
            let route = format!("{}-{:02}", m.code.to_lowercase(), 1 + rng.next() % 8);
            let mut p: Map<String, Value> = json!({
                "id": id, "type": if wholesale { "WHOLESALE" } else { "FRIDGE" },
                "street": format!("{} {} St", 100 + rng.next() % 900, rng.pick(&["Main", "Lake", "Market", "Oak", "State", "Park", "Elm"])),
                "city": m.city, "state": m.state, "zipCode": m.zip,
                "directions": format!("{site}, {} floor, next to the elevators", rng.pick(&["ground", "2nd", "3rd", "lower"])),
                "prettyName": format!("{} {site}", m.city),
                "latitude": format!("{:.4}", m.lat + rng.frac() * 0.2 - 0.1),
                "longitude": format!("{:.4}", m.lon + rng.frac() * 0.2 - 0.1),
                "layoutName": rng.pick(LAYOUTS), "fridgeSchema": format!("{}/latest", rng.pick(FRIDGE_SCHEMAS)),
                "onlineDate": format!("2025-{:02}-{:02}", 1 + rng.next() % 12, 1 + rng.next() % 28),
                // A dead fridge is marked so below: no console write sets DEAD (§4).
                "status": if status == "DEAD" { "OFFLINE" } else { status },
                "publicStatus": if status == "LIVE" { "LIVE" } else { "OFFLINE" },
                "prod": if status == "LIVE" { 1 } else { 0 }, "reserve": (rng.next() % 2),
                "route": route, "stop": 1 + rng.next() % 20, "timeZone": created_zone(m.time_zone),
                "percentage": format!("{}", rng.next() % 15), "vertical": rng.pick(&["Office", "Healthcare", "Education", "Airport", "B&I", "Retail"]),
                "ip": format!("10.{}.{}.{}", 1 + rng.next() % 200, rng.next() % 255, 1 + rng.next() % 250),
                "serialPort": rng.pick(&["ttyS0", "ttyS1", "ttyUSB0"]), "hostname": format!("{}.fleet.internal", id.to_lowercase()),
                "fridgeModel": rng.pick(&["FC-600", "FC-800", "LITE-2"]), "paymentGateway": rng.pick(GATEWAYS),
                "accountTier": rng.pick(TIERS), "fulfillmentCenter": format!("{} Kitchen", m.city),
                "opportunityName": format!("{} - {site}", m.city), "routingTag": m.code,
                "parkToFridgeInstructions": "Loading dock on the north side; badge in at security",
            })
            .as_object()
            .cloned()
            .expect("object");
            // A few locations lack a tag the par rules need, so each par error can be seen.
            for (every, key) in [(23, "routingTag"), (29, "fulfillmentCenter"), (31, "parkToFridgeInstructions")] {
                if n % every == 5 {
                    p.remove(key);
                }
            }
            if n % 7 == 0 {
                p.extend(json!({ "hours": 0, "fromMon": "07:00", "toMon": "19:00", "fromTue": "07:00", "toTue": "19:00",
                    "fromWed": "07:00", "toWed": "19:00", "fromThu": "07:00", "toThu": "19:00", "fromFri": "07:00", "toFri": "17:00",
                    "fromSat": "09:00", "toSat": "13:00", "fromSun": "09:00", "toSun": "13:00" }).as_object().cloned().expect("object"));
            }
            // As the CRM import makes them (its defaults by state fill in what a row lacks).
            let mut doc = plan::new_location(plan::Origin::Import, &p, &options, "seed", "2026-01-01T00:00:00.000Z")
                .expect("demo location is valid");
            if status == "DEAD" {
                doc.status_mut().ops = Some("DEAD".into());
            }
            // Set afterwards, as the detail screen would: a new location is not offered INDIANAPOLIS (§3.1).
            doc.time_zone = Some(m.time_zone.into());
            docs.push(doc);
        }
    }
    docs
}

/// The zone a location is created in: INDIANAPOLIS is chosen later on the detail screen (§3.1), CHICAGO until then.
fn created_zone(zone: &str) -> &str {
    if zone == "INDIANAPOLIS" {
        "CHICAGO"
    } else {
        zone
    }
}

/// Seeds the demo set; the pending changes are scheduled as the admin, so
/// the scheduler's permission re-check passes when they come due.
pub async fn seed(deps: &'static Deps, admin_sub: &str, admin_email: &str) -> Result<(), ApiError> {
    let mut lists = Vec::new();
    lists.extend(LAYOUTS.iter().map(|n| names::item(names::LAYOUTS, n)));
    lists.extend(FRIDGE_SCHEMAS.iter().map(|n| names::item(names::FRIDGE_SCHEMAS, n)));
    lists.extend(PRICE_MAP_TEMPLATES.iter().map(|n| names::item(names::PRICE_MAP_TEMPLATES, n)));
    deps.table(Table::NameLists)?.batch_put(lists).await?;

    // Demo locations and their 'created' history records are written directly
    // (seeding may); what users do later goes through the write path.
    let docs = demo_locations();
    let items = docs.iter().map(dynamo::to_item).collect::<Result<Vec<_>, _>>()?;
    deps.table(Table::Locations)?.batch_put(items).await?;
    // Listed as the write path lists them (LogiNext's fulfillment centers).
    let centers = docs.iter().filter_map(Location::fulfillment_center);
    names::add(deps, names::FULFILLMENT_CENTERS, centers).await?;
    let created = docs
        .iter()
        .map(|d| {
            let (id, at) = (d.id.as_str(), d.created_at.as_deref().unwrap_or_default());
            let flat = fn_locations::attributes::LocationView::of(d).flat();
            let fields: Map<String, Value> = ["prettyName", "street", "city", "state", "status", "route"]
                .iter()
                .filter_map(|k| flat.get(*k).map(|v| (k.to_string(), v.clone())))
                .collect();
            let changes = history::diff(&Map::new(), &fields, &Map::new());
            dynamo::to_item(&history::Record::new(history::entity("location", id), at, "seed", "Demo data", changes))
        })
        .collect::<Result<Vec<_>, _>>()?;
    deps.table(Table::History)?.batch_put(created).await?;

    // A few pending changes, through the real create path; one allocation
    // lands after its 6 pm deadline, so the detail page shows the warning.
    let in_days = |d: i64| {
        (fleet_shared::fridge_time::now() + chrono::Duration::days(d))
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    };
    let late_evening =
        format!("{}T19:00", (fleet_shared::fridge_time::now() + chrono::Duration::days(2)).format("%Y-%m-%d"));
    let offline = demo_locations()
        .into_iter()
        .find(|d| d.id.as_str().starts_with("CHI_") && d.ops().and_then(|o| o.prod) == Some(0))
        .map(|d| d.id.to_string())
        .expect("an unallocated Chicago fridge in the demo set");
    let caller = fleet_shared::Caller {
        sub: admin_sub.into(),
        username: admin_sub.into(),
        email: admin_email.into(),
        email_verified: true,
        name: None,
    };
    let changes = json!({ "input": [
        { "location": "CHI_0001", "attribute": "percentage", "value": "5", "dateTime": in_days(3) },
        { "location": "CHI_0001", "attribute": "layoutName", "value": "\"TALL_6x6\"", "dateTime": in_days(7) },
        { "location": "CHI_0002", "attribute": "prod", "value": "0", "dateTime": in_days(2) },
        { "location": "CHI_0002", "attribute": "updateReason", "value": "{\"prod\":\"Holiday Break\"}", "dateTime": in_days(2) },
        { "location": "NYC_0003", "attribute": "status", "value": "\"OFFLINE\"", "dateTime": in_days(5) },
        { "location": offline, "attribute": "prod", "value": "1", "localDateTime": late_evening },
        { "location": offline, "attribute": "updateReason", "value": "{\"prod\":\"First Stocking\"}", "localDateTime": late_evening },
    ]});
    let (ctx, args) =
        fleet_shared::contract::split(Input { caller: Some(caller), args: changes, ..Default::default() })?;
    schedule::create(deps, ctx, args).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_set_is_realistic() {
        let docs: Vec<Location> = super::demo_locations();
        assert!((280..=320).contains(&docs.len()), "{}", docs.len());
        let count = |f: &dyn Fn(&Location) -> bool| docs.iter().filter(|d| f(d)).count();
        assert!(count(&|d| d.kind() == "WHOLESALE") > 10);
        assert!(count(&|d| d.ops_status() == Some("DEAD")) > 5);
        assert!(count(&|d| d.ops_status() == Some("OFFLINE")) > 20);
        assert!(count(&|d| d.time_zone.as_deref() == Some("LOSANGELES")) > 10);
        assert!(count(&|d| d.time_zone.as_deref() == Some("INDIANAPOLIS")) > 10);
    }
}
