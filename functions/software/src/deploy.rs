//! A deployment: one software version to a list of fridges. Per fridge
//! (`rollout`), the deployment is recorded first (versions item and history,
//! one transaction, conditional on the record read), then the manifest the
//! agent polls is written; a retried deploy writes nothing twice.
use crate::records::{self, Records};
use crate::rollout::{self, Manifest, Outcome, Plan};
use crate::{artifacts, fleet, pilots, versions};
use fleet_shared::history::{self, Change, Record};
use fleet_shared::{store, ApiError, Bucket, Deps, Table};
use futures::{stream, StreamExt};
use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

/// Fridges written at once.
const IN_FLIGHT: usize = 8;

pub struct Request {
    pub artifact_type: &'static str,
    pub version: String,
    pub fridges: Vec<String>,
}

impl Request {
    pub fn parse(args: &Value) -> Result<Request, ApiError> {
        let raw_type = args.get("artifactType").and_then(Value::as_str).unwrap_or_default();
        let artifact_type = versions::ARTIFACT_TYPES
            .iter()
            .copied()
            .find(|t| *t == raw_type)
            .ok_or_else(|| ApiError::bad_request(format!("Unknown software: {raw_type}")))?;
        let version = args.get("version").and_then(Value::as_str).map(str::trim).unwrap_or_default().to_string();
        if version.is_empty() {
            return Err(ApiError::bad_request("Choose a version."));
        }
        Ok(Request { artifact_type, version, fridges: pilots::fridge_ids(args.get("fridges"))? })
    }

    /// The same software, version and fridges always give the same id: the
    /// idempotency key of the per-fridge writes.
    pub fn deployment_id(&self) -> String {
        let mut h = Sha256::new();
        h.update(format!("{}|{}|{}", self.artifact_type, self.version, self.fridges.join(",")));
        h.finalize().iter().take(8).map(|b| format!("{b:02x}")).collect()
    }
}

/// One fridge that now runs the version: the answer of `updateFridgeArtifacts`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Deployed {
    pub pk: String,
    pub sk: &'static str,
    pub artifact_type: &'static str,
    pub object_key: String,
}

pub async fn deploy(deps: &Deps, who: &str, request: Request, now: &str) -> Result<Vec<Deployed>, ApiError> {
    let bucket = deps.bucket(Bucket::Artifacts)?;
    let offered = artifacts::available_for(bucket, request.artifact_type).await?;
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
    fleet::require_known(deps, &request.fridges).await?;
    let target = Records::new(deps)?;
    let mut current = target.read(&request.fridges, request.artifact_type).await?;
    let deployment_id = request.deployment_id();

    let plans: Vec<Plan> = request
        .fridges
        .iter()
        .map(|fridge| Plan {
            manifest: Manifest {
                fridge_id: fridge.clone(),
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
    let target = &target;
    let outcomes: Vec<(Plan, Result<Outcome, ApiError>)> = stream::iter(plans)
        .map(|plan| async move {
            let result = rollout::one(target, &plan).await;
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
                let object_key = artifacts::manifest_key(&fridge, request.artifact_type);
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
        summary.sort_by(|a: &Change, b: &Change| a.attribute.cmp(&b.attribute)); // fridges finish in any order; the record reads in id order
                                                                                 // The deployment as a whole, newest first per software: what Roll back reads.
        let record = Record::new(
            history::entity("deployment", request.artifact_type),
            now,
            who,
            &records::source(&deployment_id),
            summary,
        );
        deps.table(Table::History)?.batch_put(vec![store::to_item(&record)?]).await?;
    }
    deployed.sort_by(|a, b| a.pk.cmp(&b.pk));
    Ok(deployed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_deployment_id_follows_the_request_not_the_order_of_fridges() {
        let parse = |fridges: Value| {
            Request::parse(&json!({"artifactType": "FRIDGE_AGENT", "version": "2.1.0", "fridges": fridges})).unwrap()
        };
        assert_eq!(parse(json!(["B", "A"])).deployment_id(), parse(json!(["A", "B", "A"])).deployment_id());
        assert_ne!(parse(json!(["A"])).deployment_id(), parse(json!(["A", "B"])).deployment_id());
    }

    #[test]
    fn requests_are_checked_at_the_boundary() {
        let err = |v: Value| Request::parse(&v).err().map(|e| e.to_string());
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
    }
}
