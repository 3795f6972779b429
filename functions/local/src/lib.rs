//! Local stand-ins for what AWS runs: the AppSync and HTTP API front doors
//! (with Cognito token checks), the EventBridge schedule, plus demo seeding
//! and the generation of template.yaml from the function registry.
pub mod auth;
pub mod bench;
pub mod demo;
pub mod graphql;
pub use fleet_functions as registry;
pub mod queues;
pub mod seed;
pub mod server;
pub mod simulator;
pub mod template;
pub mod wiring;

/// Where the browser reads the server's field rules from.
pub const RULES_PATH: &str = "web/src/generated/rules.json";

/// The server's rule table as the committed JSON text.
pub fn rules_json() -> String {
    let mut rules = fn_locations::create_rules::export();
    rules["coupon"] = fn_coupons::rules::export();
    rules["planogram"] = fn_planograms::rules::export();
    rules["fleetHealth"] = fn_fleet::rules::export();
    serde_json::to_string_pretty(&rules).expect("rules serialise") + "\n"
}
