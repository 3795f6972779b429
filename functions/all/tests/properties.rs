//! Property tests of every upload kind's row rules and of the request bounds:
//! whatever cells a CSV or XLSX row holds, a row is accepted or refused with
//! messages (a 4xx, never a panic). No emulator: rules only.
//! `PROPTEST_CASES` raises the case count (scripts/fuzz.sh).
use fleet_shared::upload::{RawRow, UploadKind, UploadRequest};
use fleet_shared::{limits, Caller, Config, Deps, Needs};
use fn_locations::bulk::BulkLocations;
use fn_locations::rules::Options;
use fn_pars::handlers::ParFile;
use fn_planograms::kind::PlanogramUpload;
use fn_prices::kind::ItemPrices;
use fn_routes::drivers::DriverRoutes;
use fn_routes::route_schedule::RouteSchedule;
use proptest::prelude::*;
use serde_json::{Map, Value};
use std::collections::{HashMap, HashSet};

/// Deps without a network: the rules never call out.
fn deps() -> &'static Deps {
    let sdk = aws_config::SdkConfig::builder().behavior_version(aws_config::BehaviorVersion::latest()).build();
    Deps::build(Config::default(), &Needs::default(), &sdk)
}

fn caller() -> Caller {
    Caller { sub: "sub".into(), username: "sub".into(), email: "ops@x.co".into(), email_verified: true, name: None }
}

/// Cell text as files hold it: plausible values of every column, and noise.
fn cell() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        "[ ]{0,2}-?[0-9]{1,20}(\\.[0-9]{0,4})?[ ]{0,2}",
        "(19|20|21|99)[0-9]{2}[-/][0-9]{1,2}[-/][0-9]{1,2}",
        "[0-9]{1,2}/[0-9]{1,2}/[0-9]{2,6}( [0-9]{1,2}:[0-9]{2}(:[0-9]{2})?)?",
        "\\+?[0-9]{6}-12-31T00:00:00Z",
        "(CREATE|UPDATE|DELIVERY|REMOVAL|MW|NE|true|false|FRIDGE|WHOLESALE|24 Hours)",
        "[A-Z_]{1,12}(#[a-z]{0,3})?",
        "[1-9]:[1-9]",
        "\\PC{0,40}",
    ]
}

const COLUMNS: &[&str] = &[
    "date",
    "market",
    "id",
    "route",
    "stop",
    "stockingIndex",
    "stopType",
    "schemaId",
    "item",
    "price",
    "requestType",
    "layoutName",
    "slot",
    "vendItemName",
    "physicalFridgeConfig",
    "activeHour",
    "POS_NAME__c",
    "Business_Hours__c",
    "Vertical__c",
    "Stocking_Date__c",
    "Sales_Tax_Rate__c",
    "location",
    "deliveryDate",
    "dropOffDate",
    "par",
    "overCapacityAmount",
    "jit",
    "priorityBoost",
    "quantity",
    "productionDate",
];

fn row() -> impl Strategy<Value = RawRow> {
    (
        2u32..20_000,
        proptest::collection::vec((proptest::sample::select(COLUMNS), cell()), 0..12),
        proptest::collection::vec(("\\PC{0,8}", cell()), 0..3),
    )
        .prop_map(|(row, known, odd)| {
            let mut values = Map::new();
            for (k, v) in known.into_iter().map(|(k, v)| (k.to_string(), v)).chain(odd) {
                values.insert(k, Value::String(v));
            }
            RawRow { row, values }
        })
}

/// A row's check answers a key and plan, or at least one message; never panics.
fn checks<K: UploadKind>(kind: &K, ctx: &K::Context, row: &RawRow) -> Result<(), TestCaseError> {
    if let Err(messages) = kind.check(row, ctx) {
        prop_assert!(!messages.is_empty() && messages.iter().all(|m| !m.is_empty()), "a refusal says why: {row:?}");
    }
    Ok(())
}

proptest! {
    #[test]
    fn every_upload_kind_takes_any_row_without_panicking(row in row()) {
        let deps = deps();
        let known = HashMap::from([("CHI_1".to_string(), "FRIDGE".to_string())]);
        checks(&RouteSchedule { store: fn_routes::store::Dynamo(deps), user: "u".into(), now: "t".into(), known }, &(), &row)?;
        checks(&DriverRoutes { store: fn_routes::store::Dynamo(deps), user: "u".into(), now: "t".into() }, &(), &row)?;
        checks(&ItemPrices { deps, user: "u".into(), now: "t".into() }, &(), &row)?;
        checks(&BulkLocations { deps, user: "u".into(), now: "t".into() }, &Options::from_lists(vec!["L1".into()], vec![], vec![]), &row)?;
        let layouts: HashSet<String> = ["L1".to_string()].into();
        checks(&PlanogramUpload { deps, caller: caller(), now: chrono::Utc::now() }, &layouts, &row)?;
        let pars_store = fn_pars::store::Dynamo(deps);
        let pars = ParFile { ops: HashMap::new(), existing: HashMap::new(), store: &pars_store };
        checks(&pars, &(), &row)?;
        let _ = RouteSchedule { store: fn_routes::store::Dynamo(deps), user: "u".into(), now: "t".into(), known: HashMap::new() }.group_of(&row);
    }

    #[test]
    fn an_upload_request_is_bounded_or_refused_with_a_4xx(rows in proptest::collection::vec(row(), 0..30), id in "\\PC{0,80}") {
        // Read as the edge reads it: the upload id parses itself, then the request's bounds.
        let rows: Vec<Value> = rows.into_iter().map(|r| serde_json::json!({ "row": r.row, "values": r.values })).collect();
        let args = serde_json::json!({ "uploadId": id, "fileName": "f.csv", "rows": rows });
        let read = fleet_shared::contract::request::<UploadRequest>(&fleet_shared::Input { args, ..Default::default() });
        match read {
            Ok(req) => {
                if let Err(e) = req.check(25) {
                    prop_assert!((400..500).contains(&e.status()), "{e}");
                }
            }
            Err(e) => prop_assert!((400..500).contains(&e.status()) && !e.to_string().contains("{field}"), "{e}"),
        }
    }

    #[test]
    fn any_request_json_is_bounded_or_refused_with_a_4xx(text in "\\PC{0,300}", depth in 0usize..40, long in 0usize..12_000) {
        let mut v = serde_json::json!({ "a": text, "b": "x".repeat(long) });
        for _ in 0..depth {
            v = serde_json::json!([v]);
        }
        for max in [limits::MAX_REQUEST_BYTES, limits::MAX_FILE_REQUEST_BYTES] {
            if let Err(e) = limits::check_arguments(&v, max) {
                prop_assert!((400..500).contains(&e.status()));
            }
        }
        prop_assert!(limits::check_queue_event(&v).is_ok());
    }
}
