//! A supervisor's revert of a recorded drop status (issue 24, beyond the
//! spec): `revertDropOverride(input {dropOffDate, packingSlipId, reason})`
//! takes a locked Drop Off Summary row back to Pending. It needs its own
//! action (`REVERT_ACTION`, the Stocking Supervisor group) and the
//! 'drop-override' flag, and a reason. The lock is deleted on the condition
//! that it is still the one read (same action), in one transaction with the
//! slip's history record; the DropOverride action itself stays, as every
//! recorded action does. The slip's history (`dropOverrideHistory`) shows the
//! override and the revert.
use crate::drop::{self, SlipLock};
use crate::events::MAX_TEXT_CHARS;
use fleet_shared::entity::{PackingSlipId, StockingDate};
use fleet_shared::{flags, fridge_time, history, limits, store, ApiError, Caller};
use serde::{Deserialize, Serialize};
use std::future::Future;

/// The supervisor action a revert needs.
pub const REVERT_ACTION: &str = "RevertDropOverride";

/// `revertDropOverride(input)`'s arguments.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
pub struct RevertArgs {
    pub input: RevertInput,
}

#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RevertInput {
    drop_off_date: StockingDate,
    packing_slip_id: PackingSlipId,
    reason: String,
}

pub trait RevertStore: Sync {
    fn has_flag(&self, caller: &Caller, flag: &str) -> impl Future<Output = Result<bool, ApiError>> + Send;
    /// The slip's lock, read consistently, if any.
    fn slip_lock(&self, date: &str, slip: &str) -> impl Future<Output = Result<Option<SlipLock>, ApiError>> + Send;
    /// Deletes `lock` if it is still the one recorded by its action, with
    /// `record`, all or nothing; a generic Conflict otherwise.
    fn revert(&self, lock: &SlipLock, record: &history::Record) -> impl Future<Output = Result<(), ApiError>> + Send;
}

/// The answer: the row is Pending again.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reverted {
    pub drop_off_date: String,
    pub packing_slip_id: String,
    /// Always `Pending`.
    pub drop_status: &'static str,
    /// The status the revert took back.
    pub reverted_status: &'static str,
}

/// `revertDropOverride(input)` → `{ dropOffDate, packingSlipId, dropStatus: "Pending", revertedStatus }`.
pub async fn run<S: RevertStore>(
    store: &S,
    caller: &Caller,
    args: RevertInput,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Reverted, ApiError> {
    let date = args.drop_off_date.to_string();
    let slip = args.packing_slip_id.as_str();
    let reason = args.reason.trim();
    if reason.is_empty() {
        return Err(ApiError::bad_request("A reason is required to revert a drop status"));
    }
    limits::check_len("reason", reason, MAX_TEXT_CHARS)?;
    if !store.has_flag(caller, flags::DROP_OVERRIDE).await? {
        return Err(ApiError::Forbidden);
    }
    let lock = store.slip_lock(&date, slip).await?.ok_or_else(|| {
        ApiError::Conflict(format!("Packing slip {slip} on {date} has no recorded drop status to revert"))
    })?;
    let record = lock.reverted(&fridge_time::stamp(now), caller.display(), reason);
    store::on_conflict(store.revert(&lock, &record).await, || {
        ApiError::Conflict(format!("The drop status of packing slip {slip} changed meanwhile; search again"))
    })?;
    Ok(Reverted {
        drop_off_date: date,
        packing_slip_id: slip.to_string(),
        drop_status: drop::PENDING,
        reverted_status: drop::status_name(lock.drop_status),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::DropStatus;
    use std::sync::Mutex;

    #[derive(Default)]
    struct Memory {
        flag: bool,
        lock: Mutex<Option<SlipLock>>,
        history: Mutex<Vec<history::Record>>,
        /// Another override replaced the lock between the read and the delete.
        replaced: bool,
    }

    impl RevertStore for Memory {
        async fn has_flag(&self, _: &Caller, _: &str) -> Result<bool, ApiError> {
            Ok(self.flag)
        }
        async fn slip_lock(&self, _: &str, _: &str) -> Result<Option<SlipLock>, ApiError> {
            Ok(self.lock.lock().unwrap().clone())
        }
        async fn revert(&self, _: &SlipLock, record: &history::Record) -> Result<(), ApiError> {
            if self.replaced {
                return Err(ApiError::Conflict("condition".into()));
            }
            *self.lock.lock().unwrap() = None;
            self.history.lock().unwrap().push(record.clone());
            Ok(())
        }
    }

    fn lock() -> SlipLock {
        SlipLock {
            event_type: drop::SLIP_LOCKS.into(),
            sk: drop::lock_key("2031-05-14", "S1"),
            location_id: "L1".into(),
            stocking_index: Some(1),
            drop_status: DropStatus::Complete,
            status_reason: "Group Drop".into(),
            action_id: "a1".into(),
            created_by: "ops@fleet".into(),
            created_at: "2031-05-14T10:00:00.000Z".into(),
        }
    }

    fn caller() -> Caller {
        Caller {
            sub: "sup".into(),
            username: "sup".into(),
            email: "lead@fleet".into(),
            email_verified: true,
            name: None,
        }
    }

    fn input(reason: &str) -> RevertInput {
        RevertInput {
            drop_off_date: StockingDate::parse("date", "2031-05-14").unwrap(),
            packing_slip_id: PackingSlipId::parse("packingSlipId", "S1").unwrap(),
            reason: reason.into(),
        }
    }

    async fn run<S: RevertStore>(
        store: &S,
        args: RevertInput,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<Reverted, ApiError> {
        super::run(store, &caller(), args, now).await
    }

    fn now() -> chrono::DateTime<chrono::Utc> {
        "2031-05-14T16:00:00Z".parse().unwrap()
    }

    #[tokio::test]
    async fn a_revert_unlocks_the_row_with_its_reason_in_the_history() {
        let store = Memory { flag: true, lock: Mutex::new(Some(lock())), ..Memory::default() };
        let out = run(&store, input("Driver delivered late"), now()).await.unwrap();
        assert_eq!((out.drop_status, out.reverted_status), ("Pending", "Complete"));
        assert!(store.lock.lock().unwrap().is_none());
        let history = store.history.lock().unwrap();
        assert_eq!((history[0].entity.as_str(), history[0].who.as_str()), ("packing-slip#2031-05-14#S1", "lead@fleet"));
        assert_eq!(history[0].changes[0].reason.as_deref(), Some("Driver delivered late"));
        assert!(history[0].changes[0].old_value.contains("Complete"));
    }

    #[tokio::test]
    async fn no_reason_no_flag_no_lock_or_a_changed_lock_is_refused() {
        let store = Memory { flag: true, lock: Mutex::new(Some(lock())), ..Memory::default() };
        assert!(matches!(run(&store, input("  "), now()).await, Err(ApiError::BadRequest(_))));
        let unflagged = Memory { lock: Mutex::new(Some(lock())), ..Memory::default() };
        assert_eq!(run(&unflagged, input("x"), now()).await.unwrap_err(), ApiError::Forbidden);
        let unlocked = Memory { flag: true, ..Memory::default() };
        assert_eq!(run(&unlocked, input("x"), now()).await.unwrap_err().status(), 409);
        let raced = Memory { flag: true, lock: Mutex::new(Some(lock())), replaced: true, ..Memory::default() };
        let err = run(&raced, input("x"), now()).await.unwrap_err();
        assert!(err.to_string().contains("changed meanwhile"), "{err}");
    }

    #[test]
    fn the_override_and_its_revert_are_two_records_of_one_entity() {
        let l = lock();
        let (recorded, reverted) = (l.recorded(), l.reverted("2031-05-14T16:00:00.000Z", "lead@fleet", "late"));
        assert_eq!(recorded.entity, reverted.entity);
        assert_eq!(recorded.changes[0].new_value, reverted.changes[0].old_value);
        assert_eq!(recorded.who, "ops@fleet");
    }
}
