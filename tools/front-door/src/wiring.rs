//! Each function's own configuration and clients, as each Lambda function
//! gets them on AWS: built from the function's declared needs only, so a
//! handler that reaches for an undeclared table fails locally too.
use fleet_functions as registry;
use fleet_shared::{config::MissingVar, Config, Deps, FunctionSpec};
use std::collections::HashMap;

pub struct Wiring {
    by_name: HashMap<&'static str, &'static Deps>,
}

impl Wiring {
    pub async fn from_env() -> Result<&'static Wiring, MissingVar> {
        let sdk = aws_config::load_from_env().await;
        let mut by_name = HashMap::new();
        for spec in registry::all() {
            let needs = spec.needs();
            by_name.insert(spec.name, Deps::build(Config::from_env(&needs)?, &needs, &sdk));
        }
        Ok(Box::leak(Box::new(Wiring { by_name })))
    }

    pub fn deps(&self, spec: &FunctionSpec) -> &'static Deps {
        self.by_name[spec.name]
    }
}
