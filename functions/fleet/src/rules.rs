//! Fleet health rules shared with the browser through rules.json: the §4.3
//! colour thresholds, the §4.4 vending state labels, the fridge commands with
//! the feature flag each needs (§6), and the §8 texts.
use serde_json::{json, Value};

/// Temperature (°F): green at or below, orange at or below, red above.
pub const TEMPERATURE_GREEN_MAX: f64 = 38.0;
pub const TEMPERATURE_ORANGE_MAX: f64 = 41.0;
/// Network speed is good below this.
pub const NETWORK_SPEED_GOOD_BELOW: f64 = 0.5;
/// A hold or out-of-order turned off less than this ago is orange.
pub const RECENT_HOURS: i64 = 24;
/// Shows and allows every command (§6).
pub const ADMIN_FLAG: &str = "feature-flag-admin";
/// The queue a fridge's commands go to: messages are listed under `location#QUEUE`.
pub const COMMAND_QUEUE: &str = "commands";

pub use fleet_shared::entity::health::VENDING_STATE_LABELS;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A one-off reset or restart.
    Reset,
    /// ENABLE or DISABLE.
    Toggle,
    /// The computer swap: a message to the inventory service, not the fridge.
    Swap,
}

#[derive(Debug, PartialEq)]
pub struct Command {
    pub key: &'static str,
    pub label: &'static str,
    /// The queue message resource (none for the swap).
    pub resource: &'static str,
    /// The fixed operation of a reset (toggles carry ENABLE/DISABLE).
    pub operation: Option<&'static str>,
    pub kind: Kind,
    pub flag: &'static str,
}

pub const COMMANDS: &[Command] = &[
    Command {
        key: "DisplayServices",
        label: "DisplayServices",
        resource: "ServiceRestart",
        operation: Some("DisplayServices"),
        kind: Kind::Reset,
        flag: "fridge-command-display-services",
    },
    Command {
        key: "ReactUI",
        label: "ReactUI",
        resource: "ServiceRestart",
        operation: Some("ReactUI"),
        kind: Kind::Reset,
        flag: "fridge-command-react-ui",
    },
    Command {
        key: "Jofemar",
        label: "Jofemar",
        resource: "VendingUnitReset",
        operation: None,
        kind: Kind::Reset,
        flag: "fridge-command-jofemar",
    },
    Command {
        key: "OutOfOrder",
        label: "Out of Order",
        resource: "OutOfOrder",
        operation: None,
        kind: Kind::Toggle,
        flag: "fridge-command-out-of-order",
    },
    Command {
        key: "FoodSafetyHold",
        label: "Food Safety Hold",
        resource: "SafetyHold",
        operation: None,
        kind: Kind::Toggle,
        flag: "fridge-command-safety-hold",
    },
    Command {
        key: "ComputerSwap",
        label: "Computer Swap",
        resource: "",
        operation: None,
        kind: Kind::Swap,
        flag: "fridge-command-computer-swap",
    },
];

pub const RESOURCES: &[&str] = &["ServiceRestart", "VendingUnitReset", "SafetyHold", "OutOfOrder"];

/// The command a queue message payload asks for, or why it is not one.
pub fn command_of(resource: &str, operation: Option<&str>) -> Result<(&'static Command, Option<&'static str>), String> {
    if !RESOURCES.contains(&resource) {
        return Err(format!("Unknown command resource {resource}. Use one of: {}.", RESOURCES.join(", ")));
    }
    let operation = operation.filter(|o| !o.is_empty());
    for c in COMMANDS.iter().filter(|c| c.resource == resource) {
        match (c.kind, operation) {
            (Kind::Toggle, Some("ENABLE")) => return Ok((c, Some("ENABLE"))),
            (Kind::Toggle, Some("DISABLE")) => return Ok((c, Some("DISABLE"))),
            (Kind::Reset, op) if op == c.operation => return Ok((c, c.operation)),
            _ => {}
        }
    }
    let allowed: Vec<String> = COMMANDS
        .iter()
        .filter(|c| c.resource == resource)
        .flat_map(|c| match c.kind {
            Kind::Toggle => vec!["ENABLE".to_string(), "DISABLE".to_string()],
            _ => vec![c.operation.unwrap_or("none").to_string()],
        })
        .collect();
    Err(format!("Unknown operation {} for {resource}. Use: {}.", operation.unwrap_or("none"), allowed.join(", ")))
}

/// True when these flags allow the command (§6: the admin flag allows every one).
pub fn allowed(flags: &[String], command: &Command) -> bool {
    flags.iter().any(|f| f == ADMIN_FLAG || f == command.flag)
}

pub mod messages {
    pub const HEALTH_LOAD_FAILED: &str = "Oops, there was an error loading your request.";
    pub const SWAP_DONE: &str = "Computer swap completed successfully";
    pub const SWAP_QUEUE_FAILED: &str = "Oops, there was an error when creating the inventory service queue message.";
    pub const SWAP_REQUEST_FAILED: &str = "Oops, there was an error with making computer swap complete request.";
    pub const WITHIN_FIVE_MINUTES: &str = "This command should be processed within 5 minutes.";
    pub const NO_DATA: &str = "No data";
    pub const NONE_IN_STOCK: &str = "None in stock";
}

pub fn export() -> Value {
    let commands: Vec<Value> = COMMANDS
        .iter()
        .map(|c| json!({ "key": c.key, "label": c.label, "resource": c.resource, "operation": c.operation,
                         "kind": match c.kind { Kind::Reset => "reset", Kind::Toggle => "toggle", Kind::Swap => "swap" }, "flag": c.flag }))
        .collect();
    json!({
        "temperatureGreenMax": TEMPERATURE_GREEN_MAX, "temperatureOrangeMax": TEMPERATURE_ORANGE_MAX,
        "networkSpeedGoodBelow": NETWORK_SPEED_GOOD_BELOW, "recentHours": RECENT_HOURS,
        "vendingStateLabels": VENDING_STATE_LABELS.iter().map(|(s, l)| (s.to_string(), json!(l))).collect::<serde_json::Map<_, _>>(),
        "adminFlag": ADMIN_FLAG, "commands": commands, "commandQueue": COMMAND_QUEUE,
        "healthBatch": crate::HEALTH_PAGE_BATCH, "dashboardBatch": crate::MAX_HEALTH_IDS,
        "messages": {
            "healthLoadFailed": messages::HEALTH_LOAD_FAILED, "swapDone": messages::SWAP_DONE,
            "swapQueueFailed": messages::SWAP_QUEUE_FAILED, "swapRequestFailed": messages::SWAP_REQUEST_FAILED,
            "withinFiveMinutes": messages::WITHIN_FIVE_MINUTES, "noData": messages::NO_DATA, "noneInStock": messages::NONE_IN_STOCK,
            "resetDone": "Reset {label} successful", "toggleDone": "{label} {operation}D successfully", "resetFailed": "There was an issue resetting the {label}",
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_name_exactly_one_command() {
        assert_eq!(command_of("OutOfOrder", Some("ENABLE")).unwrap().0.key, "OutOfOrder");
        assert_eq!(command_of("SafetyHold", Some("DISABLE")).unwrap(), (&COMMANDS[4], Some("DISABLE")));
        assert_eq!(command_of("ServiceRestart", Some("ReactUI")).unwrap().0.key, "ReactUI");
        assert_eq!(command_of("VendingUnitReset", None).unwrap().0.key, "Jofemar");
        assert_eq!(
            command_of("Reboot", None).unwrap_err(),
            "Unknown command resource Reboot. Use one of: ServiceRestart, VendingUnitReset, SafetyHold, OutOfOrder."
        );
        assert_eq!(
            command_of("OutOfOrder", Some("TOGGLE")).unwrap_err(),
            "Unknown operation TOGGLE for OutOfOrder. Use: ENABLE, DISABLE."
        );
        assert_eq!(
            command_of("ServiceRestart", None).unwrap_err(),
            "Unknown operation none for ServiceRestart. Use: DisplayServices, ReactUI."
        );
    }

    #[test]
    fn the_admin_flag_allows_every_command_and_others_their_own() {
        let ooo = &COMMANDS[3];
        assert!(allowed(&[ADMIN_FLAG.to_string()], ooo));
        assert!(allowed(&["fridge-command-out-of-order".to_string()], ooo));
        assert!(!allowed(&["fridge-command-safety-hold".to_string(), "drop-override".to_string()], ooo));
    }
}
