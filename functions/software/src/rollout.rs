//! One fridge of a deployment, in the order that keeps the fridge and the
//! answer in agreement: the deployment is recorded first (versions item and
//! history, one transaction), and only then is the manifest the fridge polls
//! written. A record that fails writes no manifest, so a fridge never picks
//! up a deploy reported failed. A manifest that cannot be written undoes the
//! record (back to the state it replaced, kept in the record for that) and
//! puts the replaced manifest back; the fridge is then reported failed.
//!
//! The record holds the manifest itself, so S3 is a copy of the record: after
//! each write the record is read again and, if a newer deployment landed
//! meanwhile, its manifest is written, so the last write is the recorded one.
//! The steps run over `Fridges`, unit-tested with a fake.
use fleet_shared::error::CHANGED_MEANWHILE;
use fleet_shared::ApiError;
use serde::{Deserialize, Serialize};
use std::future::Future;

/// Rounds of "write, then check the record" before giving up on a fridge
/// whose record keeps changing (each round is a newer deployment landing).
const SETTLE_ROUNDS: usize = 4;

/// Why a record was undone, in its history record.
pub const UNDONE: &str = "The deployment manifest could not be written, so the deployment was undone.";

/// The object a fridge's agent polls for one software.
pub fn manifest_key(fridge_id: &str, artifact_type: &str) -> String {
    format!("deployments/{fridge_id}/{artifact_type}.json")
}

/// What the fridge's agent polls, at `manifest_key`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    pub fridge_id: String,
    pub artifact_type: String,
    pub version: String,
    pub artifact_key: String,
    pub deployment_id: String,
    pub deployed_by: String,
    pub deployed_at: String,
}

/// One software on one fridge, as its record holds it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Slot {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deployment: Option<String>,
    /// Absent on records written before manifests were recorded (and seeded ones).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub manifest: Option<Manifest>,
}

/// The record now, and the state the current deployment replaced (what an undo restores).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Current {
    pub now: Slot,
    pub previous: Option<Slot>,
}

/// What the manifest object should be for a slot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Object {
    Put(Manifest),
    /// The fridge has no such software: no manifest.
    Absent,
    /// A version without a recorded manifest (older records): left as it is.
    Unknown,
}

impl Slot {
    pub fn object(&self) -> Object {
        match (&self.manifest, &self.version) {
            (Some(m), _) => Object::Put(m.clone()),
            (None, None) => Object::Absent,
            (None, Some(_)) => Object::Unknown,
        }
    }
}

/// A deployment to one fridge: its manifest, and the record read before.
#[derive(Debug, Clone)]
pub struct Plan {
    pub manifest: Manifest,
    pub current: Current,
}

impl Plan {
    fn fridge(&self) -> &str {
        &self.manifest.fridge_id
    }
    fn artifact_type(&self) -> &str {
        &self.manifest.artifact_type
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Recorded and published now, replacing this version (None: the fridge had none).
    Written(Option<String>),
    /// This deployment had already been recorded (a retry); its manifest is published again.
    AlreadyThere,
}

/// The writes a deployment makes, per fridge.
pub trait Fridges: Sync {
    /// Records `plan.manifest` (versions item and history, one transaction),
    /// on condition that the record is still `plan.current.now`; 409 otherwise.
    fn record(&self, plan: &Plan) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// The fridge's record of one software, read strongly consistent.
    fn current(&self, fridge: &str, artifact_type: &str) -> impl Future<Output = Result<Current, ApiError>> + Send;
    /// Writes the manifest object (Some) or deletes it (None).
    fn publish(
        &self,
        fridge: &str,
        artifact_type: &str,
        manifest: Option<&Manifest>,
    ) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// Sets the record back to `to`, on condition that it still holds
    /// `manifest`'s deployment (409 otherwise), with a history record saying why.
    fn revert(&self, manifest: &Manifest, to: &Slot) -> impl Future<Output = Result<(), ApiError>> + Send;
}

/// Deploys to one fridge. An error means the fridge was not deployed: no
/// manifest of this deployment is left for it to pick up.
pub async fn one<F: Fridges>(f: &F, plan: &Plan) -> Result<Outcome, ApiError> {
    let ours = Some(plan.manifest.deployment_id.as_str());
    let (outcome, undo_to) = if plan.current.now.deployment.as_deref() == ours {
        (Outcome::AlreadyThere, plan.current.previous.clone())
    } else {
        match f.record(plan).await {
            Ok(()) => (Outcome::Written(plan.current.now.version.clone()), Some(plan.current.now.clone())),
            Err(ApiError::Conflict(_)) => {
                // A racing try of this same deployment may have landed first: then this is a retry.
                let now = f.current(plan.fridge(), plan.artifact_type()).await?;
                if now.now.deployment.as_deref() != ours {
                    return Err(ApiError::Conflict(CHANGED_MEANWHILE.into()));
                }
                (Outcome::AlreadyThere, now.previous)
            }
            // Nothing recorded and no manifest written: the fridge keeps what it runs.
            Err(e) => return Err(e),
        }
    };
    match settle(f, plan.fridge(), plan.artifact_type(), Object::Put(plan.manifest.clone())).await {
        Ok(()) => Ok(outcome),
        Err(e) => {
            undo(f, plan, undo_to).await;
            Err(e)
        }
    }
}

/// The manifest could not be written: the record goes back to what this
/// deployment replaced, and so does the manifest (a failed put may still
/// have landed). Failures here are logged; a retry of the same deployment
/// publishes its manifest again and so repairs a record left behind.
async fn undo<F: Fridges>(f: &F, plan: &Plan, to: Option<Slot>) {
    let Some(to) = to else {
        tracing::error!(fridge = plan.fridge(), deployment = %plan.manifest.deployment_id, "manifest not written and no earlier state to restore");
        return;
    };
    match f.revert(&plan.manifest, &to).await {
        Ok(()) => {
            if let Err(e) = settle(f, plan.fridge(), plan.artifact_type(), to.object()).await {
                tracing::error!(fridge = plan.fridge(), error = %e, "earlier manifest not restored");
            }
        }
        // A newer deployment owns the fridge now, and publishes its own manifest.
        Err(ApiError::Conflict(_)) => {}
        Err(e) => {
            tracing::error!(fridge = plan.fridge(), deployment = %plan.manifest.deployment_id, error = %e, "deployment not undone")
        }
    }
}

/// Makes the manifest object what the record says: writes `first`, then reads
/// the record and writes again while it names something else (a deployment
/// that landed meanwhile, whose own write may have come before this one).
/// Only a failure of the first write is an error; later ones are logged,
/// since the record then belongs to another deployment that publishes too.
async fn settle<F: Fridges>(f: &F, fridge: &str, artifact_type: &str, first: Object) -> Result<(), ApiError> {
    let mut wanted = first;
    for round in 0..SETTLE_ROUNDS {
        let written = match &wanted {
            Object::Put(m) => f.publish(fridge, artifact_type, Some(m)).await,
            Object::Absent => f.publish(fridge, artifact_type, None).await,
            Object::Unknown => return Ok(()),
        };
        match written {
            Ok(()) => {}
            Err(e) if round == 0 => return Err(e),
            Err(e) => {
                tracing::warn!(fridge, artifact_type, error = %e, "manifest of a newer deployment not rewritten");
                return Ok(());
            }
        }
        let recorded = match f.current(fridge, artifact_type).await {
            Ok(c) => c.now.object(),
            Err(e) => {
                tracing::warn!(fridge, artifact_type, error = %e, "manifest written, record not re-read");
                return Ok(());
            }
        };
        if recorded == wanted {
            return Ok(());
        }
        wanted = recorded;
    }
    tracing::warn!(fridge, artifact_type, "record still changing after {SETTLE_ROUNDS} manifest writes");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use std::sync::Mutex;

    /// An in-memory record and bucket, with failures to inject.
    #[derive(Default)]
    struct Memory {
        records: Mutex<HashMap<String, Current>>,
        objects: Mutex<HashMap<String, Manifest>>,
        history: Mutex<Vec<String>>,
        fail_record: bool,
        fail_puts: bool,
        /// Lands this deployment on the record right after the first manifest write (a race).
        land_after_first_put: Mutex<Option<Manifest>>,
    }

    impl Memory {
        fn recorded(&self, fridge: &str) -> Current {
            self.records.lock().unwrap().get(fridge).cloned().unwrap_or_default()
        }
        fn object(&self, fridge: &str) -> Option<Manifest> {
            self.objects.lock().unwrap().get(fridge).cloned()
        }
    }

    impl Fridges for Memory {
        async fn record(&self, plan: &Plan) -> Result<(), ApiError> {
            if self.fail_record {
                return Err(ApiError::bad_request("The record is too large to store (at most 400 KB)"));
            }
            let mut records = self.records.lock().unwrap();
            let now = records.get(plan.fridge()).cloned().unwrap_or_default();
            if now.now != plan.current.now {
                return Err(ApiError::Conflict(CHANGED_MEANWHILE.into()));
            }
            let m = plan.manifest.clone();
            let slot =
                Slot { version: Some(m.version.clone()), deployment: Some(m.deployment_id.clone()), manifest: Some(m) };
            records.insert(plan.fridge().into(), Current { now: slot, previous: Some(now.now) });
            self.history.lock().unwrap().push(format!("{} {}", plan.fridge(), plan.manifest.version));
            Ok(())
        }
        async fn current(&self, fridge: &str, _: &str) -> Result<Current, ApiError> {
            Ok(self.recorded(fridge))
        }
        async fn publish(&self, fridge: &str, _: &str, manifest: Option<&Manifest>) -> Result<(), ApiError> {
            if self.fail_puts && manifest.is_some_and(|m| m.deployment_id == "new") {
                return Err(ApiError::Unavailable);
            }
            match manifest {
                Some(m) => self.objects.lock().unwrap().insert(fridge.into(), m.clone()),
                None => self.objects.lock().unwrap().remove(fridge),
            };
            if let Some(newer) = self.land_after_first_put.lock().unwrap().take() {
                let slot = Slot {
                    version: Some(newer.version.clone()),
                    deployment: Some(newer.deployment_id.clone()),
                    manifest: Some(newer),
                };
                let mut records = self.records.lock().unwrap();
                let previous = records.get(fridge).map(|c| c.now.clone());
                records.insert(fridge.into(), Current { now: slot, previous });
            }
            Ok(())
        }
        async fn revert(&self, manifest: &Manifest, to: &Slot) -> Result<(), ApiError> {
            let mut records = self.records.lock().unwrap();
            let now = records.get(&manifest.fridge_id).cloned().unwrap_or_default();
            if now.now.deployment.as_deref() != Some(manifest.deployment_id.as_str()) {
                return Err(ApiError::Conflict(CHANGED_MEANWHILE.into()));
            }
            records.insert(manifest.fridge_id.clone(), Current { now: to.clone(), previous: None });
            self.history.lock().unwrap().push(format!("{} undone", manifest.fridge_id));
            Ok(())
        }
    }

    fn manifest(deployment: &str, version: &str) -> Manifest {
        Manifest {
            fridge_id: "F1".into(),
            artifact_type: "FRIDGE_AGENT".into(),
            version: version.into(),
            artifact_key: format!("FRIDGE_AGENT/agent-{version}.jar"),
            deployment_id: deployment.into(),
            deployed_by: "a@b".into(),
            deployed_at: "2026-11-22T10:00:00.000Z".into(),
        }
    }

    /// F1 runs 1.0.0 from deployment "old", manifest and record in agreement.
    fn running_old() -> (Memory, Current) {
        let fake = Memory::default();
        let old = manifest("old", "1.0.0");
        let current = Current {
            now: Slot { version: Some("1.0.0".into()), deployment: Some("old".into()), manifest: Some(old.clone()) },
            previous: None,
        };
        fake.records.lock().unwrap().insert("F1".into(), current.clone());
        fake.objects.lock().unwrap().insert("F1".into(), old);
        (fake, current)
    }

    #[tokio::test]
    async fn a_deploy_records_then_publishes() {
        let (fake, current) = running_old();
        let plan = Plan { manifest: manifest("new", "2.0.0"), current };
        assert_eq!(one(&fake, &plan).await.unwrap(), Outcome::Written(Some("1.0.0".into())));
        assert_eq!(fake.object("F1"), Some(plan.manifest.clone()));
        assert_eq!(fake.recorded("F1").now.version.as_deref(), Some("2.0.0"));

        // A retry, read after the first landed: the manifest again, no second history.
        let retry = Plan { manifest: plan.manifest.clone(), current: fake.recorded("F1") };
        assert_eq!(one(&fake, &retry).await.unwrap(), Outcome::AlreadyThere);
        assert_eq!(fake.history.lock().unwrap().len(), 1);
    }

    #[tokio::test]
    async fn a_failed_record_leaves_the_manifest_the_fridge_polls_unchanged() {
        let (mut fake, current) = running_old();
        fake.fail_record = true;
        let plan = Plan { manifest: manifest("new", "2.0.0"), current: current.clone() };
        assert!(one(&fake, &plan).await.is_err());
        assert_eq!(fake.object("F1"), Some(manifest("old", "1.0.0")));
        assert_eq!(fake.recorded("F1"), current);
    }

    #[tokio::test]
    async fn a_manifest_that_cannot_be_written_undoes_the_record() {
        let (mut fake, current) = running_old();
        fake.fail_puts = true;
        let plan = Plan { manifest: manifest("new", "2.0.0"), current: current.clone() };
        assert_eq!(one(&fake, &plan).await.unwrap_err(), ApiError::Unavailable);
        assert_eq!(fake.recorded("F1").now, current.now, "the record is back to 1.0.0");
        assert_eq!(fake.object("F1"), Some(manifest("old", "1.0.0")), "and so is the manifest");
        assert_eq!(*fake.history.lock().unwrap(), ["F1 2.0.0", "F1 undone"]);
    }

    #[tokio::test]
    async fn an_undo_of_a_first_deploy_removes_the_manifest() {
        let fake = Memory { fail_puts: true, ..Memory::default() };
        // A put that failed late may still have landed: the undo deletes what is there.
        fake.objects.lock().unwrap().insert("F1".into(), manifest("new", "2.0.0"));
        let plan = Plan { manifest: manifest("new", "2.0.0"), current: Current::default() };
        assert!(one(&fake, &plan).await.is_err());
        assert_eq!((fake.object("F1"), fake.recorded("F1").now), (None, Slot::default()));
    }

    #[tokio::test]
    async fn a_deployment_landing_meanwhile_gets_the_last_manifest_write() {
        let (fake, current) = running_old();
        let newer = manifest("newer", "3.0.0");
        *fake.land_after_first_put.lock().unwrap() = Some(newer.clone());
        let plan = Plan { manifest: manifest("new", "2.0.0"), current };
        assert_eq!(one(&fake, &plan).await.unwrap(), Outcome::Written(Some("1.0.0".into())));
        assert_eq!(fake.object("F1"), Some(newer), "S3 follows the record, not the order of writes");
    }

    #[tokio::test]
    async fn a_record_changed_since_the_read_is_refused_without_a_manifest() {
        let (fake, mut stale) = running_old();
        stale.now = Slot::default();
        let plan = Plan { manifest: manifest("new", "2.0.0"), current: stale };
        assert_eq!(one(&fake, &plan).await.unwrap_err().to_string(), CHANGED_MEANWHILE);
        assert_eq!(fake.object("F1"), Some(manifest("old", "1.0.0")));
    }
}
