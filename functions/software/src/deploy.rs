//! A deployment: one software version to a list of fridges. Per fridge
//! (`rollout`), the deployment is recorded first (versions item and history,
//! one transaction, conditional on the record read), then the manifest the
//! agent polls is written; a retried deploy writes nothing twice.
use crate::records;
use crate::rollout::{self, Manifest, Outcome, Plan};
use crate::store::Software;
use crate::{artifacts, fleet, pilots, versions};
use fleet_shared::entity::LocationId;
use fleet_shared::history::{self, Change, Record};
use fleet_shared::ApiError;
use futures::{stream, StreamExt};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Fridges written at once.
const IN_FLIGHT: usize = 8;

/// `updateFridgeArtifacts(artifactType, version, fridges)`, as sent.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeployArgs {
    pub artifact_type: String,
    pub version: String,
    pub fridges: Vec<String>,
}

/// A deployment asked for: a known software, a version named, fridges listed.
pub struct Request {
    pub artifact_type: &'static str,
    pub version: String,
    pub fridges: Vec<LocationId>,
}

impl Request {
    pub fn new(args: &DeployArgs) -> Result<Request, ApiError> {
        let raw_type = args.artifact_type.as_str();
        let artifact_type = versions::ARTIFACT_TYPES.iter().copied().find(|t| *t == raw_type).ok_or_else(|| {
            ApiError::bad_request(format!("Unknown software: {}", fleet_shared::limits::echoed(raw_type)))
        })?;
        let version = args.version.trim().to_string();
        if version.is_empty() {
            return Err(ApiError::bad_request("Choose a version."));
        }
        Ok(Request { artifact_type, version, fridges: pilots::fridge_ids(&args.fridges)? })
    }

    /// The same software, version and fridges always give the same id: the
    /// idempotency key of the per-fridge writes.
    pub fn deployment_id(&self) -> String {
        let mut h = Sha256::new();
        let fridges: Vec<&str> = self.fridges.iter().map(LocationId::as_str).collect();
        h.update(format!("{}|{}|{}", self.artifact_type, self.version, fridges.join(",")));
        h.finalize().iter().take(8).map(|b| format!("{b:02x}")).collect()
    }
}

/// One fridge that now runs the version: the answer of `updateFridgeArtifacts`.
#[derive(Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Deployed {
    pub pk: String,
    pub sk: &'static str,
    pub artifact_type: &'static str,
    pub object_key: String,
}

/// Deploys `request` as `who` at `now`: refused whole (nothing written) for a
/// version not offered or a fridge that is not a location; otherwise each
/// fridge through `rollout`, answering those that run the version now.
pub async fn deploy<S: Software>(store: &S, who: &str, request: Request, now: &str) -> Result<Vec<Deployed>, ApiError> {
    let offered = artifacts::available_for(store, request.artifact_type).await?;
    let release = offered
        .available_versions
        .iter()
        .find(|v| v.version_name == request.version)
        .ok_or_else(|| {
            ApiError::bad_request(format!(
                "Version {} is not an available version of {}.",
                request.version, request.artifact_type
            ))
        })?
        .clone();
    fleet::require_known(store, &request.fridges).await?;
    let mut current = store.records(&request.fridges, request.artifact_type).await?;
    let deployment_id = request.deployment_id();

    let plans: Vec<Plan> = request
        .fridges
        .iter()
        .map(|fridge| Plan {
            manifest: Manifest {
                fridge_id: fridge.to_string(),
                artifact_type: request.artifact_type.to_string(),
                version: release.version_name.clone(),
                artifact_key: format!("{}/{}", request.artifact_type, release.raw_version),
                deployment_id: deployment_id.clone(),
                deployed_by: who.to_string(),
                deployed_at: now.to_string(),
            },
            current: current.remove(fridge).unwrap_or_default(),
        })
        .collect();
    let outcomes: Vec<(Plan, Result<Outcome, ApiError>)> = stream::iter(plans)
        .map(|plan| async move {
            let result = rollout::one(store, &plan).await;
            (plan, result)
        })
        .buffer_unordered(IN_FLIGHT)
        .collect()
        .await;

    let mut deployed = Vec::new();
    let mut summary = Vec::new();
    for (plan, outcome) in outcomes {
        let fridge = plan.manifest.fridge_id;
        match outcome {
            Ok(o) => {
                if let Outcome::Written(old) = o {
                    summary.push(records::change(&fridge, old.as_deref(), Some(&release.version_name), None));
                }
                let object_key = rollout::manifest_key(&fridge, request.artifact_type);
                deployed.push(Deployed {
                    pk: fridge,
                    sk: request.artifact_type,
                    artifact_type: request.artifact_type,
                    object_key,
                });
            }
            // Reported by its absence from the answer (spec §4.1); the reason is logged.
            Err(e) => tracing::warn!(fridge = %fridge, deployment = %deployment_id, error = %e, "fridge not deployed"),
        }
    }
    if !summary.is_empty() {
        // Fridges finish in any order; the record reads in id order.
        summary.sort_by(|a: &Change, b: &Change| a.attribute.cmp(&b.attribute));
        // The deployment as a whole, newest first per software: what Roll back reads.
        let record = Record::new(
            history::entity("deployment", request.artifact_type),
            now,
            who,
            &records::source(&deployment_id),
            summary,
        );
        store.add_history(&[record]).await?;
    }
    deployed.sort_by(|a, b| a.pk.cmp(&b.pk));
    Ok(deployed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rollout::Slot;
    use crate::store::memory::Memory;
    use fleet_shared::error::CHANGED_MEANWHILE;
    use serde_json::{json, Value};
    use std::collections::HashMap;

    const AGENT: &str = "FRIDGE_AGENT";
    const NOW: &str = "2026-11-22T10:00:00.000Z";

    /// Six agent releases in the bucket (1.0.0 is the sixth newest, so not
    /// offered) and three fridges.
    fn fleet() -> Memory {
        let builds = ["1.0.0", "1.1.0", "1.2.0", "1.3.0", "2.0.0", "2.1.0"].map(|v| format!("agent-{v}.jar"));
        Memory {
            builds: HashMap::from([(AGENT.to_string(), builds.to_vec())]),
            locations: ["F1", "F2", "F3"].into_iter().map(LocationId::stored).collect(),
            ..Memory::default()
        }
    }

    /// The arguments as the edge parses them, then checked.
    fn parse(args: Value) -> Result<Request, ApiError> {
        Request::new(&fleet_shared::contract::request(&fleet_shared::Input { args, ..Default::default() })?)
    }

    fn request(version: &str, fridges: &[&str]) -> Request {
        parse(json!({"artifactType": AGENT, "version": version, "fridges": fridges})).unwrap()
    }

    fn pks(deployed: &[Deployed]) -> Vec<&str> {
        deployed.iter().map(|d| d.pk.as_str()).collect()
    }

    fn nothing_written(store: &Memory) -> bool {
        let s = store.state();
        s.versions.is_empty() && s.manifests.is_empty() && s.history.is_empty()
    }

    #[tokio::test]
    async fn a_version_not_offered_is_refused_and_nothing_is_written() {
        let store = fleet();
        for version in ["1.0.0", "9.9.9"] {
            let err = deploy(&store, "a@b", request(version, &["F1"]), NOW).await.unwrap_err();
            assert_eq!(err.to_string(), format!("Version {version} is not an available version of FRIDGE_AGENT."));
        }
        assert!(nothing_written(&store));
    }

    #[tokio::test]
    async fn a_deploy_naming_an_unknown_fridge_is_refused_whole() {
        let store = fleet();
        let err = deploy(&store, "a@b", request("2.1.0", &["F1", "GHOST", "F2"]), NOW).await.unwrap_err();
        assert_eq!(err.to_string(), format!("{} GHOST", fleet::UNKNOWN_FRIDGES));
        assert!(nothing_written(&store));
    }

    #[tokio::test]
    async fn a_deploy_records_and_publishes_each_fridge_and_a_retry_writes_nothing_twice() {
        let store = fleet();
        let first = deploy(&store, "a@b", request("2.0.0", &["F2", "F1"]), NOW).await.unwrap();
        assert_eq!(pks(&first), ["F1", "F2"]);
        assert_eq!(first[0].object_key, "deployments/F1/FRIDGE_AGENT.json");
        let m = store.manifest("F1", AGENT).expect("manifest written");
        assert_eq!((m.version.as_str(), m.artifact_key.as_str()), ("2.0.0", "FRIDGE_AGENT/agent-2.0.0.jar"));
        assert_eq!(store.recorded("F2", AGENT).now.version.as_deref(), Some("2.0.0"));
        let summary = store.history_of("deployment#FRIDGE_AGENT");
        assert_eq!(summary.len(), 1);
        let changes: Vec<(&str, &str, &str)> = summary[0]
            .changes
            .iter()
            .map(|c| (c.attribute.as_str(), c.old_value.as_str(), c.new_value.as_str()))
            .collect();
        assert_eq!(changes, [("F1", "null", "\"2.0.0\""), ("F2", "null", "\"2.0.0\"")]);

        // A retry after a timeout: the same answer, no second record anywhere.
        let again = deploy(&store, "a@b", request("2.0.0", &["F1", "F2"]), NOW).await.unwrap();
        assert_eq!(json!(again), json!(first));
        assert_eq!((store.history_of("location#F1").len(), store.state().history.len()), (1, 3));

        // The next version replaces this one, and the summary says from what.
        deploy(&store, "a@b", request("2.1.0", &["F1"]), NOW).await.unwrap();
        let latest = store.history_of("deployment#FRIDGE_AGENT");
        assert_eq!(latest.len(), 2);
        assert!(latest.iter().any(|r| r.changes[0].old_value == "\"2.0.0\"" && r.changes[0].new_value == "\"2.1.0\""));
        assert_eq!(store.recorded("F1", AGENT).previous.and_then(|p| p.version).as_deref(), Some("2.0.0"));
    }

    #[tokio::test]
    async fn a_fridge_whose_manifest_cannot_be_written_is_left_out_and_its_record_undone() {
        let store = Memory { unpublishable: ["F2".to_string()].into(), ..fleet() };
        let deployed = deploy(&store, "a@b", request("2.0.0", &["F1", "F2"]), NOW).await.unwrap();
        assert_eq!(pks(&deployed), ["F1"], "the failed fridge is reported by its absence");
        assert_eq!((store.manifest("F2", AGENT), store.recorded("F2", AGENT).now), (None, Slot::default()));
        let f2 = store.history_of("location#F2");
        assert_eq!(f2.len(), 2, "recorded, then undone");
        assert_eq!(f2[1].changes[0].reason.as_deref(), Some(rollout::UNDONE));
        let summary = store.history_of("deployment#FRIDGE_AGENT");
        assert_eq!(summary[0].changes.iter().map(|c| c.attribute.as_str()).collect::<Vec<_>>(), ["F1"]);
    }

    #[tokio::test]
    async fn a_fridge_whose_record_changed_since_the_read_is_left_out() {
        let store = fleet();
        deploy(&store, "a@b", request("1.3.0", &["F1"]), NOW).await.unwrap();
        // Read F1 before a racing deployment lands on it.
        let stale = store.records(&[LocationId::stored("F1")], AGENT).await.unwrap();
        deploy(&store, "b@c", request("2.0.0", &["F1"]), NOW).await.unwrap();
        let plan = Plan {
            manifest: Manifest {
                fridge_id: "F1".into(),
                artifact_type: AGENT.into(),
                version: "2.1.0".into(),
                artifact_key: "FRIDGE_AGENT/agent-2.1.0.jar".into(),
                deployment_id: "late".into(),
                deployed_by: "a@b".into(),
                deployed_at: NOW.into(),
            },
            current: stale.get(&LocationId::stored("F1")).cloned().unwrap(),
        };
        assert_eq!(rollout::one(&store, &plan).await.unwrap_err().to_string(), CHANGED_MEANWHILE);
        assert_eq!(store.manifest("F1", AGENT).map(|m| m.version).as_deref(), Some("2.0.0"));
    }

    #[test]
    fn the_deployment_id_follows_the_request_not_the_order_of_fridges() {
        let id = |fridges: Value| {
            parse(json!({"artifactType": "FRIDGE_AGENT", "version": "2.1.0", "fridges": fridges}))
                .unwrap()
                .deployment_id()
        };
        assert_eq!(id(json!(["B", "A"])), id(json!(["A", "B", "A"])));
        assert_ne!(id(json!(["A"])), id(json!(["A", "B"])));
    }

    #[test]
    fn requests_are_checked_at_the_boundary() {
        let err = |v: Value| parse(v).err().map(|e| e.to_string());
        assert_eq!(
            err(json!({"artifactType": "FRIDGE_TOASTER", "version": "1", "fridges": ["A"]})).unwrap(),
            "Unknown software: FRIDGE_TOASTER"
        );
        assert_eq!(
            err(json!({"artifactType": "FRIDGE_AGENT", "version": "", "fridges": ["A"]})).unwrap(),
            "Choose a version."
        );
        assert_eq!(
            err(json!({"artifactType": "FRIDGE_AGENT", "version": "1.0", "fridges": []})).unwrap(),
            "Select at least one fridge."
        );
        let missing = err(json!({"artifactType": "FRIDGE_AGENT", "fridges": ["A"]})).unwrap();
        assert!(missing.contains("missing field `version`"), "{missing}");
    }
}
