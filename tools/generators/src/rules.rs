//! The server's field rules and call actions as `web/src/generated/rules.json`:
//! the browser reads them instead of copying the server's checks.
/// Where the browser reads the server's field rules from.
pub const RULES_PATH: &str = "web/src/generated/rules.json";

/// The permission action each call needs (a GraphQL field by name, a REST route
/// as `METHOD /path`), from the registry: the browser's screens and buttons ask
/// for the action of the call they make, so they never copy the permission table.
fn call_actions() -> serde_json::Value {
    use fleet_shared::Trigger;
    let mut actions = serde_json::Map::new();
    for f in fleet_functions::all() {
        // One action as its name; alternatives (any one opens the call) as a list.
        let action = match f.actions() {
            [] => continue,
            [one] => serde_json::Value::from(*one),
            any => serde_json::Value::from(any.to_vec()),
        };
        let call = match &f.trigger {
            Trigger::Query(name) | Trigger::Mutation(name) | Trigger::Subscription(name) => name.to_string(),
            Trigger::Http { method, path } => format!("{method} {path}"),
            _ => continue,
        };
        actions.insert(call, action);
    }
    // createDriverAction's action depends on its event type (`EventType::action`):
    // each type is its own call, `createDriverAction:<eventType>`.
    for kind in fn_stocking::events::EventType::ALL {
        actions.insert(format!("createDriverAction:{}", kind.name()), serde_json::Value::from(kind.action()));
    }
    serde_json::Value::Object(actions)
}

/// The server's rule table as the committed JSON text.
pub fn rules_json() -> String {
    use fn_locations::attributes::{self, Kind};
    use fn_locations::rules::{check_hours_edit, check_value, Options, HOST_MARKER, INVALID_OPTION, REASON_EMPTY};
    use serde_json::{json, Map, Value};

    use fn_locations::rules::IPV4_PATTERN;

    /// A detail edit's messages, worded by the server's own check (`check_value`)
    /// answering a probe, so the browser shows what a Save would answer.
    fn edit_messages(attr: &attributes::Attr) -> Value {
        // Written by their own editors: the hours' messages are `editChecks.hours`.
        if matches!(attr.kind, Kind::Schedule | Kind::Hours | Kind::WorkHours) {
            return json!({});
        }
        let answer = |probe: Value| check_value(attr, &probe, &Options::default()).err();
        let mut m = Map::new();
        let mut put = |key: &str, message: Option<String>| {
            if let Some(message) = message {
                m.insert(key.into(), json!(message));
            }
        };
        put("empty", answer(Value::Null));
        match attr.kind {
            // A non-number answers the range message, as an out-of-range number does (§5.2).
            Kind::Int { .. } => {
                put("range", answer(json!("x")));
                put("decimal", answer(json!("0.5")));
            }
            Kind::Float { .. } => put("range", answer(json!("x"))),
            Kind::Ip | Kind::Date | Kind::Choice(_) | Kind::Search(_) => put("invalid", answer(json!("x"))),
            _ => {}
        }
        Value::Object(m)
    }

    /// A message of the hours editor with the day it names as `{day}`.
    fn hours_message(work_hours: Value) -> Option<String> {
        let err = check_hours_edit("id", &json!({ "is24Hours": false, "workHours": work_hours })).err()?;
        Some(err.replace("Monday", "{day}"))
    }

    let mut rules = fn_locations::create_rules::export();
    if let Some(edit) = rules.get_mut("edit").and_then(Value::as_array_mut) {
        for rule in edit.iter_mut() {
            let attr = rule.get("field").and_then(Value::as_str).and_then(attributes::find);
            if let Some(attr) = attr {
                rule["messages"] = edit_messages(attr);
            }
        }
    }
    rules["options"]["serialPorts"] = json!(attributes::SERIAL_PORTS);
    rules["options"]["liveOffline"] = json!(attributes::LIVE_OFFLINE);
    rules["editChecks"] = json!({
        "hostMarker": HOST_MARKER,
        "ipPattern": IPV4_PATTERN,
        "reasonEmpty": REASON_EMPTY,
        "invalidOption": INVALID_OPTION,
        "hours": {
            "choose24": check_hours_edit("{id}", &json!({})).err(),
            "noDay": hours_message(json!({})),
            "bothOrNeither": hours_message(json!({ "Monday": [["08:00", ""]] })),
            "startBeforeEnd": hours_message(json!({ "Monday": [["09:00", "08:00"]] })),
        },
    });
    rules["pars"] = fn_pars::rules::export();
    rules["forecast"] = fn_forecast::file::export();
    rules["coupon"] = fn_coupons::rules::export();
    rules["planogram"] = fn_planograms::rules::export();
    rules["fleetHealth"] = fn_fleet::rules::export();
    rules["softwarePilot"] = fn_software::pilots::export();
    rules["dropOverride"] = json!({
        "completeReasons": fn_stocking::events::COMPLETE_REASONS,
        "notDeliveringReasons": fn_stocking::events::NOT_DELIVERING_REASONS,
    });
    rules["loginext"] = fn_routes::loginext::export();
    rules["reports"] = fn_reports::range::export();
    rules["attention"] = fn_stocking::attention::RULES.export();
    rules["attention"]["noteMaxChars"] = fn_stocking::acknowledge::NOTE_MAX_CHARS.into();
    rules["jit"] = json!({ "reasons": fn_stocking::jit::REASONS, "maxUpdates": fn_stocking::jit::MAX_UPDATES });
    // The ids the server parses at its edge (`fleet_shared::entity::ids`), for the web's parse functions.
    rules["ids"] = json!({
        "maxChars": fleet_shared::limits::MAX_ID_CHARS,
        "orderMaxChars": fleet_shared::limits::MAX_ORDER_ID_CHARS,
    });
    rules["actions"] = call_actions();
    serde_json::to_string_pretty(&rules).expect("rules serialise") + "\n"
}
