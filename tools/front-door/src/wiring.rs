//! Each function's own configuration and clients, as each Lambda function
//! gets them on AWS: built from the function's declared needs only, so a
//! handler that reaches for an undeclared table fails locally too.
use fleet_functions as registry;
use fleet_shared::calls::{Account, CallLog};
use fleet_shared::{config::MissingVar, Config, Deps, FunctionSpec};
use std::{collections::HashMap, sync::Arc};

/// The folder where each function's AWS calls are recorded (`fleet_shared::calls`),
/// for the IAM check that follows the tests; unset, nothing is recorded.
pub const CALLS_DIR_VAR: &str = "FLEET_CALLS_DIR";
/// The account the recorded ARNs name; the emulator's when unset.
const ACCOUNT_VAR: &str = "AWS_ACCOUNT_ID";
const EMULATOR_ACCOUNT: &str = "123456789012";

pub struct Wiring {
    by_name: HashMap<&'static str, &'static Deps>,
}

impl Wiring {
    pub async fn from_env() -> Result<&'static Wiring, MissingVar> {
        let sdk = fleet_shared::sdk::loader().load().await;
        let log = call_log();
        let mut by_name = HashMap::new();
        for spec in registry::all() {
            let needs = spec.needs();
            let deps = Deps::build(Config::from_env(&needs)?, &needs, &sdk);
            if let Some(log) = &log {
                deps.usage.record_calls(spec.name, log.clone());
            }
            by_name.insert(spec.name, deps);
        }
        Ok(Box::leak(Box::new(Wiring { by_name })))
    }

    pub fn deps(&self, spec: &FunctionSpec) -> &'static Deps {
        self.by_name[spec.name]
    }
}

fn call_log() -> Option<Arc<CallLog>> {
    let dir = std::env::var_os(CALLS_DIR_VAR)?;
    let account = Account {
        region: std::env::var("AWS_REGION").unwrap_or_else(|_| "us-east-1".into()),
        id: std::env::var(ACCOUNT_VAR).unwrap_or_else(|_| EMULATOR_ACCOUNT.into()),
    };
    match CallLog::create(std::path::Path::new(&dir), account) {
        Ok(log) => Some(Arc::new(log)),
        Err(e) => {
            tracing::warn!(error = %e, "calls are not recorded");
            None
        }
    }
}
