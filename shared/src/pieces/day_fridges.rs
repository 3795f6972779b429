//! The fridges that are stops of the current stocking day (issue 61): a
//! supervisor, who handles the day's "Fridge needs the driver" items, reads
//! those fridges' health and commands without GetFridgeHealth. Sending a
//! command still needs its own action and flag.
//!
//! Only such a supervisor's calls read the day, and a container keeps the
//! day's fridge ids for a minute: a stop added meanwhile opens within one.
use crate::{
    assignment::SUPERVISOR_ACTION, contract::Ctx, fridge_time, permissions, route_store, ApiError, Deps, Grant, Table,
};
use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

/// Reads any fridge's health.
pub const HEALTH_ACTION: &str = "GetFridgeHealth";
/// Who may call a fridge's health reads at all: the gate (`Permission::AnyOf`).
pub const HEALTH_READERS: &[&str] = &[HEALTH_ACTION, SUPERVISOR_ACTION];
/// What a handler that calls `require_readable` reads, besides the gate's permissions: the day's stops.
pub const READS_THE_DAY: Grant = Grant::QueryTable(Table::LocationRoutes);
/// How long a container trusts its copy of the day's fridges.
const FRESH_FOR: Duration = Duration::from_secs(60);

/// The day's fridges as a container last read them: (stocking date, read at, ids).
type Copy = (String, Instant, Arc<HashSet<String>>);
static DAY: Mutex<Option<Copy>> = Mutex::const_new(None);

/// Refuses (403) a caller who may not read every one of `locations`: anyone
/// holding GetFridgeHealth may; a supervisor, the stops of the current stocking day.
pub async fn require_readable(deps: &Deps, ctx: &Ctx, locations: &[&str]) -> Result<(), ApiError> {
    let caller = ctx.caller()?;
    // The gate (`HEALTH_READERS`) read it already; a handler behind another gate reads it here.
    let may_read_any = match ctx.gate_found(HEALTH_ACTION) {
        Some(found) => found,
        None => permissions::is_allowed(deps, &caller.sub, HEALTH_ACTION).await?,
    };
    if may_read_any {
        return Ok(());
    }
    let today = fridge_time::stocking_day(fridge_time::now()).to_string();
    if readable(&*fridges_of(deps, &today).await?, locations) {
        Ok(())
    } else {
        tracing::warn!(user = %caller.sub, ?locations, "not a stop of the stocking day");
        Err(ApiError::Forbidden)
    }
}

/// Whether every one of `locations` is among the day's fridges (none asked: yes).
pub fn readable(day: &HashSet<String>, locations: &[&str]) -> bool {
    locations.iter().all(|l| day.contains(*l))
}

/// The fridge ids of `date`'s stops: the container's copy while fresh, else read again.
async fn fridges_of(deps: &Deps, date: &str) -> Result<Arc<HashSet<String>>, ApiError> {
    let mut held = DAY.lock().await;
    if let Some((day, at, ids)) = held.as_ref() {
        if day == date && at.elapsed() < FRESH_FOR {
            return Ok(ids.clone());
        }
    }
    #[derive(serde::Deserialize, schemars::JsonSchema)]
    struct Stop {
        id: String,
    }
    let table = deps.table(Table::LocationRoutes)?;
    let stops: Vec<Stop> = route_store::stops_of_date(&table, date).all().await?;
    let ids = Arc::new(stops.into_iter().map(|s| s.id).collect::<HashSet<_>>());
    *held = Some((date.to_string(), Instant::now(), ids.clone()));
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_days_fridges_are_readable() {
        let day: HashSet<String> = ["A".to_string(), "B".to_string()].into();
        assert!(readable(&day, &["A"]));
        assert!(readable(&day, &["A", "B"]));
        assert!(!readable(&day, &["A", "C"]), "one fridge off the day refuses the call");
        assert!(!readable(&HashSet::new(), &["A"]));
        assert!(readable(&day, &[]));
    }
}
