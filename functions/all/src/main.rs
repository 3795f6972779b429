#![recursion_limit = "256"]
//! The Lambda binary of every function: `FLEET_FUNCTION` (set per function in
//! template.yaml) picks the registry entry; only that function's clients and
//! configuration are built.
fn main() -> Result<(), fleet_shared::events::BoxError> {
    fleet_shared::events::start(fleet_functions::all())
}
