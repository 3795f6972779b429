//! The par CSV rules (3-planning §5), each with the spec's message. Pure:
//! the browser's preview is the server's dry run, and `uploadParMaps`
//! re-checks the same rules on the groups it is sent.
use fleet_shared::dates;
use fleet_shared::entity::location::Location;
use fleet_shared::upload::RawRow;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

pub const COLUMNS: &[&str] = &[
    "location",
    "dropOffDate",
    "deliveryDate",
    "stockingIndex",
    "item",
    "par",
    "overCapacityAmount",
    "jit",
    "priorityBoost",
];
pub const ORDER_EXISTS: &str = "There is already a fridge order for this dropOffDate, location, and stockingIndex.";
/// Items one fridge order (a group) may hold: one `uploadParMaps` chunk is 500 groups.
pub const MAX_ITEMS_PER_GROUP: usize = 500;
/// The largest par and over-capacity amount: far above any fridge, inside
/// GraphQL's 32-bit `Int` (so the dry run and `uploadParMaps` agree), and
/// small enough that no tote or report sum can overflow (see `sums_cannot_overflow`).
pub const MAX_PAR: i64 = 9_999;
pub const MAX_OVER_CAPACITY: f64 = 9_999.0;
/// The largest stockingIndex (also a GraphQL `Int`).
pub const MAX_STOCKING_INDEX: i64 = fleet_shared::entity::StockingIndex::MAX;
/// Orders one `uploadParMaps` call takes (§9): the dry run answers the
/// file's orders in chunks of this many, each one call.
pub const CHUNK_GROUPS: usize = 500;

/// The par rules the browser shows (rules.json `pars`): the file's columns
/// and the bounds. The browser sends the chunks the dry run answers, so it
/// needs no grouping or chunk size of its own.
pub fn export() -> Value {
    json!({
        "columns": COLUMNS,
        "chunkGroups": CHUNK_GROUPS,
        "maxItemsPerGroup": MAX_ITEMS_PER_GROUP,
        "maxPar": MAX_PAR,
        "maxOverCapacity": MAX_OVER_CAPACITY,
        "maxStockingIndex": MAX_STOCKING_INDEX,
        "orderExists": ORDER_EXISTS,
    })
}

/// The spec's message for a par that is not a whole number of 0 or more (§5).
pub fn par_message(item: &str) -> String {
    format!("Par issue with {item}. Accepted values any whole number 0 or greater.")
}

/// Why a par cannot be stored, if it cannot.
pub fn par_problem(item: &str, par: i64) -> Option<String> {
    if par < 0 {
        Some(par_message(item))
    } else if par > MAX_PAR {
        Some(format!("Par issue with {item}. A par is at most {MAX_PAR}."))
    } else {
        None
    }
}

/// The spec's message for an over-capacity amount that is not a number of 0 or more (§5).
pub fn over_capacity_message(item: &str) -> String {
    format!("Over Capacity Amount issue with {item}. Accepted values any number 0 or greater.")
}

/// Why an over-capacity amount cannot be stored, if it cannot.
pub fn over_capacity_problem(item: &str, amount: f64) -> Option<String> {
    if !(amount.is_finite() && amount >= 0.0) {
        Some(over_capacity_message(item))
    } else if amount > MAX_OVER_CAPACITY {
        Some(format!("Over Capacity Amount issue with {item}. An over capacity amount is at most {MAX_PAR}."))
    } else {
        None
    }
}

/// Why a stockingIndex cannot be stored, if it cannot.
pub fn stocking_index_problem(text: &str) -> Option<String> {
    match text.parse::<i64>() {
        Ok(n) if (1..=MAX_STOCKING_INDEX).contains(&n) => None,
        _ => Some(format!("stockingIndex '{text}' must be a whole number from 1 to {MAX_STOCKING_INDEX}")),
    }
}

/// What the rules need to know of a location (the ops locations list).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OpsLocation {
    pub kind: String,
    pub routing_tag: Option<String>,
    pub fulfillment_center: Option<String>,
    pub park_to_fridge_instructions: Option<String>,
}

impl OpsLocation {
    /// What the par rules read of a location; a blank tag counts as missing.
    pub fn of(location: &Location) -> OpsLocation {
        let oc = location.operation_configs.as_ref();
        let filled = |s: Option<&str>| s.map(str::trim).filter(|s| !s.is_empty()).map(str::to_string);
        OpsLocation {
            kind: location.kind().to_string(),
            routing_tag: filled(oc.and_then(|o| o.routing_tag.as_deref())),
            fulfillment_center: filled(oc.and_then(|o| o.fulfillment_center.as_deref())),
            park_to_fridge_instructions: filled(oc.and_then(|o| o.park_to_fridge_instructions.as_deref())),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParRow {
    pub location: String,
    pub drop_off_date: String,
    pub delivery_date: String,
    pub stocking_index: i64,
    pub item: String,
    pub par: i64,
    pub over_capacity_amount: f64,
    pub jit: bool,
    pub priority_boost: bool,
}

/// `2026-11-23#CHI_0001#1`: the fridge order a row belongs to.
pub fn group_key(drop_off_date: &str, location: &str, stocking_index: i64) -> String {
    format!("{drop_off_date}#{location}#{stocking_index}")
}

fn text(row: &RawRow, column: &str) -> Option<String> {
    row.values
        .iter()
        .find(|(k, _)| k.trim().trim_start_matches('\u{feff}').eq_ignore_ascii_case(column))
        .and_then(|(_, v)| match v {
            Value::String(s) => Some(s.trim().to_string()),
            Value::Number(n) => Some(n.to_string()),
            Value::Bool(b) => Some(b.to_string()),
            _ => None,
        })
        .filter(|s| !s.is_empty())
}

/// YYYY-MM-DD or M/D/YYYY, a day that exists.
pub fn date(text: &str) -> Option<String> {
    dates::iso_or_us_date(text).map(|d| d.format("%Y-%m-%d").to_string())
}

fn flag(text: Option<&str>) -> Option<bool> {
    match text.map(str::to_ascii_lowercase).as_deref() {
        Some("true") => Some(true),
        Some("false") => Some(false),
        _ => None,
    }
}

/// The location a row names, as the rules read it.
pub fn location_of(row: &RawRow) -> Option<String> {
    text(row, "location")
}

/// The group of a row from its raw cells (empty stockingIndex counts as 1), for the pipeline.
pub fn group_of(row: &RawRow) -> Option<String> {
    let drop = text(row, "dropOffDate")?;
    let index = text(row, "stockingIndex").unwrap_or_else(|| "1".into());
    Some(group_key(&date(&drop).unwrap_or(drop), &text(row, "location")?, index.parse().unwrap_or(1)))
}

/// The cell rules of one row (§5, and the shape every row needs).
pub fn parse(row: &RawRow) -> Result<ParRow, Vec<String>> {
    let mut e = Vec::new();
    // jit is not among them: §5's "jit must be true or false" has its own message for an empty cell too.
    let missing: Vec<&str> = ["location", "dropOffDate", "deliveryDate", "item", "par"]
        .into_iter()
        .filter(|c| text(row, c).is_none())
        .collect();
    for c in &missing {
        e.push(format!("{c} cannot be empty"));
    }
    let item = text(row, "item").unwrap_or_default();
    let day = |c: &str, e: &mut Vec<String>| {
        let t = text(row, c)?;
        let d = date(&t);
        if d.is_none() {
            e.push(format!("{c} '{t}' is not a date"));
        }
        d
    };
    let drop = day("dropOffDate", &mut e);
    let delivery = day("deliveryDate", &mut e);
    let index = match text(row, "stockingIndex") {
        None => Some(1),
        Some(t) => match stocking_index_problem(&t) {
            None => t.parse::<i64>().ok(),
            Some(m) => {
                e.push(m);
                None
            }
        },
    };
    let par = text(row, "par").and_then(|t| match t.parse::<i64>() {
        // Digits beyond 64 bits are a par above the bound, not a malformed one.
        Err(_) if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) => {
            e.extend(par_problem(&item, i64::MAX));
            None
        }
        Err(_) => {
            e.push(par_message(&item));
            None
        }
        Ok(n) => match par_problem(&item, n) {
            None => Some(n),
            Some(m) => {
                e.push(m);
                None
            }
        },
    });
    let over = match text(row, "overCapacityAmount") {
        None => Some(0.0),
        Some(t) => {
            let amount = t.parse::<f64>().unwrap_or(f64::NAN);
            match over_capacity_problem(&item, amount) {
                None => Some(amount),
                Some(m) => {
                    e.push(m);
                    None
                }
            }
        }
    };
    let jit = flag(text(row, "jit").as_deref()).or_else(|| {
        e.push(format!("JIT cannot be applied for {item}. Accepted values are true or false. Please revise the format and resubmit."));
        None
    });
    let boost = match text(row, "priorityBoost") {
        None => Some(false),
        Some(t) => flag(Some(&t)).or_else(|| {
            e.push(format!("priorityBoost cannot be applied for {item}. Accepted values are true, false or empty. Please revise the format and resubmit."));
            None
        }),
    };
    if jit == Some(true) && drop.is_some() && delivery.is_some() && drop != delivery {
        e.push(format!("JIT cannot be applied for {item}. Delivery Date must equal Drop Off Date."));
    }
    match (drop, delivery, index, par, over, jit, boost) {
        (
            Some(drop_off_date),
            Some(delivery_date),
            Some(stocking_index),
            Some(par),
            Some(over_capacity_amount),
            Some(jit),
            Some(priority_boost),
        ) if e.is_empty() => Ok(ParRow {
            location: text(row, "location").unwrap_or_default(),
            drop_off_date,
            delivery_date,
            stocking_index,
            item,
            par,
            over_capacity_amount,
            jit,
            priority_boost,
        }),
        _ => Err(e),
    }
}

/// The location rules (§5): known, with a routing tag, a territory, and for fridges park-to-fridge instructions.
pub fn location_rules(location: &str, ops: Option<&OpsLocation>) -> Vec<String> {
    let Some(l) = ops else { return vec![format!("Location {location} does not exist")] };
    let mut e = Vec::new();
    if l.routing_tag.is_none() {
        e.push(format!("Error with Routing Tag for {location}"));
    }
    if l.fulfillment_center.is_none() {
        e.push(format!("Error with Territory Tag for {location}"));
    }
    if l.kind == "FRIDGE" && l.park_to_fridge_instructions.is_none() {
        e.push(format!("Error with Park To Fridge Instructions Tag for {location}"));
    }
    e
}

/// An error group's title (§5).
pub fn group_title(key: &str) -> String {
    format!("{key} - has an error:")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn row(v: Value) -> RawRow {
        RawRow { row: 2, values: v.as_object().cloned().unwrap() }
    }

    fn good() -> Value {
        json!({ "location": "CHI_1", "dropOffDate": "2026-11-24", "deliveryDate": "2026-11-24", "stockingIndex": "", "item": "Greek Salad",
                "par": "6", "overCapacityAmount": "2", "jit": "TRUE", "priorityBoost": "" })
    }

    #[test]
    fn a_good_row_parses_with_an_empty_index_as_one() {
        let p = parse(&row(good())).unwrap();
        assert_eq!((p.stocking_index, p.par, p.jit, p.priority_boost), (1, 6, true, false));
        assert_eq!(group_of(&row(good())).as_deref(), Some("2026-11-24#CHI_1#1"));
        let mut bom = good();
        bom.as_object_mut().unwrap().insert("\u{feff}location".into(), json!("CHI_1"));
        bom.as_object_mut().unwrap().remove("location");
        assert!(parse(&row(bom)).is_ok(), "a byte-order mark before the first header is ignored");
    }

    #[test]
    fn each_cell_rule_has_the_spec_message() {
        let with = |k: &str, v: &str| {
            let mut r = good();
            r[k] = json!(v);
            parse(&row(r)).unwrap_err()
        };
        assert_eq!(
            with("overCapacityAmount", "-1"),
            ["Over Capacity Amount issue with Greek Salad. Accepted values any number 0 or greater."]
        );
        assert_eq!(with("jit", "yes"), ["JIT cannot be applied for Greek Salad. Accepted values are true or false. Please revise the format and resubmit."]);
        assert_eq!(with("jit", ""), ["JIT cannot be applied for Greek Salad. Accepted values are true or false. Please revise the format and resubmit."]);
        assert_eq!(with("priorityBoost", "maybe"), ["priorityBoost cannot be applied for Greek Salad. Accepted values are true, false or empty. Please revise the format and resubmit."]);
        assert_eq!(
            with("deliveryDate", "2026-11-23"),
            ["JIT cannot be applied for Greek Salad. Delivery Date must equal Drop Off Date."]
        );
        assert_eq!(with("par", "-2"), ["Par issue with Greek Salad. Accepted values any whole number 0 or greater."]);
        assert_eq!(with("par", "six"), ["Par issue with Greek Salad. Accepted values any whole number 0 or greater."]);
        assert_eq!(with("dropOffDate", "2026-02-30"), ["dropOffDate '2026-02-30' is not a date"]);
        assert_eq!(with("item", ""), ["item cannot be empty"]);
    }

    #[test]
    fn par_over_capacity_and_index_are_bounded_so_the_dry_run_and_the_graphql_int_agree() {
        let with = |k: &str, v: &str| {
            let mut r = good();
            r[k] = json!(v);
            parse(&row(r))
        };
        assert_eq!(with("par", "9999").unwrap().par, MAX_PAR);
        assert!(i32::try_from(MAX_PAR).is_ok() && i32::try_from(MAX_STOCKING_INDEX).is_ok());
        for big in ["10000", "9223372036854775807", "99999999999999999999"] {
            assert_eq!(with("par", big).unwrap_err(), ["Par issue with Greek Salad. A par is at most 9999."], "{big}");
        }
        assert_eq!(with("overCapacityAmount", "9999").unwrap().over_capacity_amount, MAX_OVER_CAPACITY);
        assert_eq!(
            with("overCapacityAmount", "1e300").unwrap_err(),
            ["Over Capacity Amount issue with Greek Salad. An over capacity amount is at most 9999."]
        );
        assert_eq!(with("overCapacityAmount", "NaN").unwrap_err(), [over_capacity_message("Greek Salad")]);
        assert_eq!(with("stockingIndex", "999").unwrap().stocking_index, 999);
        for bad in ["1000", "0", "9223372036854775807", "x"] {
            assert_eq!(
                with("stockingIndex", bad).unwrap_err(),
                [format!("stockingIndex '{bad}' must be a whole number from 1 to 999")]
            );
        }
    }

    #[test]
    fn location_rules_name_the_missing_tags() {
        let full = OpsLocation {
            kind: "FRIDGE".into(),
            routing_tag: Some("CHI".into()),
            fulfillment_center: Some("K".into()),
            park_to_fridge_instructions: Some("dock".into()),
        };
        assert!(location_rules("A", Some(&full)).is_empty());
        let bare = OpsLocation { kind: "FRIDGE".into(), ..Default::default() };
        assert_eq!(
            location_rules("A", Some(&bare)),
            [
                "Error with Routing Tag for A",
                "Error with Territory Tag for A",
                "Error with Park To Fridge Instructions Tag for A"
            ]
        );
        let wholesale = OpsLocation {
            kind: "WHOLESALE".into(),
            routing_tag: Some("x".into()),
            fulfillment_center: Some("y".into()),
            park_to_fridge_instructions: None,
        };
        assert!(location_rules("W", Some(&wholesale)).is_empty(), "park-to-fridge is for fridges");
        assert_eq!(location_rules("Z", None), ["Location Z does not exist"]);
        assert_eq!(group_title("2026-11-24#A#1"), "2026-11-24#A#1 - has an error:");
    }

    #[test]
    fn an_ops_location_is_read_from_the_typed_location_and_a_blank_tag_is_missing() {
        let l: Location = serde_json::from_value(json!({ "id": "W", "type": "WHOLESALE", "operationConfigs": {
            "routingTag": " CHI ", "fulfillmentCenter": "  ", "parkToFridgeInstructions": "Dock", "route": "r" } }))
        .unwrap();
        let want = OpsLocation {
            kind: "WHOLESALE".into(),
            routing_tag: Some("CHI".into()),
            fulfillment_center: None,
            park_to_fridge_instructions: Some("Dock".into()),
        };
        assert_eq!(OpsLocation::of(&l), want);
        let bare: Location = serde_json::from_value(json!({ "id": "F" })).unwrap();
        assert_eq!(OpsLocation::of(&bare), OpsLocation { kind: "FRIDGE".into(), ..Default::default() });
    }

    #[test]
    fn dates_are_iso_or_us_and_written_iso() {
        assert_eq!(date("2026-11-24").as_deref(), Some("2026-11-24"));
        assert_eq!(date("11/24/2026").as_deref(), Some("2026-11-24"));
        assert_eq!(date("2026-02-30"), None);
        assert_eq!(date("24.11.2026"), None);
    }

    mod properties {
        use super::*;
        use crate::groups::ParGroup;
        use proptest::prelude::*;

        fn cell() -> impl Strategy<Value = String> {
            prop_oneof![
                Just(String::new()),
                "-?[0-9]{1,25}",
                "[0-9]{1,6}(\\.[0-9]{1,4})?",
                Just("9223372036854775807".to_string()),
                Just("NaN".to_string()),
                Just("inf".to_string()),
                "\\PC{0,12}",
            ]
        }

        proptest! {
            /// Any cells: no panic; a row the dry run accepts is a group `uploadParMaps` accepts
            /// (bounded par, over-capacity amount and index: 32-bit safe).
            #[test]
            fn a_row_the_dry_run_takes_the_commit_takes(
                par in cell(), over in cell(), index in cell(),
                date in prop_oneof![Just("2026-11-24".to_string()), Just("11/24/2026".to_string()), cell()],
                jit in prop_oneof![Just("TRUE".to_string()), Just("false".to_string()), cell()],
            ) {
                let mut r = good();
                r["par"] = json!(par);
                r["overCapacityAmount"] = json!(over);
                r["stockingIndex"] = json!(index);
                r["jit"] = json!(jit);
                r["deliveryDate"] = json!(date.clone());
                r["dropOffDate"] = json!(date);
                let raw = row(r);
                let _ = group_of(&raw);
                if let Ok(p) = parse(&raw) {
                    prop_assert!((0..=MAX_PAR).contains(&p.par));
                    prop_assert!((1..=MAX_STOCKING_INDEX).contains(&p.stocking_index));
                    let ops = OpsLocation { kind: "FRIDGE".into(), routing_tag: Some("r".into()), fulfillment_center: Some("f".into()), park_to_fridge_instructions: Some("p".into()) };
                    let group = ParGroup::of_rows(&[p]).remove(0);
                    prop_assert_eq!(group.check(Some(&ops)), Vec::<String>::new());
                }
            }
        }
    }
}
