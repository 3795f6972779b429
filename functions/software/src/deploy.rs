//! A deployment: one software version to a list of fridges. Per fridge, the
//! manifest the agent polls is written, then its versions item and its
//! history record in one transaction, conditional on the deployment not
//! having landed already, so a retried deploy writes nothing twice.
use crate::{artifacts, fleet, pilots, versions};
use aws_sdk_dynamodb::types::{TransactWriteItem, Update};
use fleet_shared::history::{self, Change, Record};
use fleet_shared::{store, ApiError, Bucket, Deps, Table};
use futures::{stream, StreamExt};
use serde::Serialize;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::collections::HashMap;

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

enum Outcome {
    /// Written now, replacing this version (None: the fridge had none).
    Written(Option<String>),
    /// This deployment had already landed (a retry).
    AlreadyThere,
}

pub async fn deploy(deps: &Deps, who: &str, request: Request, now: &str) -> Result<Vec<Deployed>, ApiError> {
    let bucket = deps.bucket(Bucket::Artifacts)?;
    let offered = artifacts::available_for(bucket, request.artifact_type).await?;
    let release = offered
        .available_versions
        .iter()
        .find(|v| v.version_name == request.version)
        .ok_or_else(|| ApiError::bad_request(format!("Version {} is not an available version of {}.", request.version, request.artifact_type)))?
        .clone();
    fleet::require_known(deps, &request.fridges).await?;
    let current = fleet::current_versions(deps, &request.fridges).await?;
    let deployment_id = request.deployment_id();

    let outcomes: Vec<(String, Result<Outcome, ApiError>)> = stream::iter(request.fridges.clone())
        .map(|fridge| {
            let old = current.get(&fridge).and_then(|c| c.get(request.artifact_type)).cloned();
            let manifest = json!({
                "fridgeId": fridge, "artifactType": request.artifact_type, "version": release.version_name,
                "artifactKey": format!("{}/{}", request.artifact_type, release.raw_version),
                "deploymentId": deployment_id, "deployedBy": who, "deployedAt": now,
            });
            let (deployment_id, version) = (deployment_id.as_str(), release.version_name.as_str());
            async move {
                let result = deploy_one(deps, &fridge, request.artifact_type, version, old, deployment_id, &manifest, who, now).await;
                (fridge, result)
            }
        })
        .buffer_unordered(IN_FLIGHT)
        .collect()
        .await;

    let mut deployed = Vec::new();
    let mut summary = Vec::new();
    for (fridge, outcome) in outcomes {
        match outcome {
            Ok(o) => {
                if let Outcome::Written(old) = o {
                    summary.push(change(&fridge, old.as_deref(), &release.version_name));
                }
                let object_key = artifacts::manifest_key(&fridge, request.artifact_type);
                deployed.push(Deployed { pk: fridge, sk: request.artifact_type, artifact_type: request.artifact_type, object_key });
            }
            // Reported by its absence from the answer (spec §4.1); the reason is logged.
            Err(e) => tracing::warn!(fridge = %fridge, deployment = %deployment_id, error = %e, "fridge not deployed"),
        }
    }
    if !summary.is_empty() {
        summary.sort_by(|a, b| a.attribute.cmp(&b.attribute)); // fridges finish in any order; the record reads in id order
        // The deployment as a whole, newest first per software: what Roll back reads.
        let record = Record::new(history::entity("deployment", request.artifact_type), now, who, &source(&deployment_id), summary);
        deps.table(Table::History)?.batch_put(vec![store::to_item(&record)?]).await?;
    }
    deployed.sort_by(|a, b| a.pk.cmp(&b.pk));
    Ok(deployed)
}

fn source(deployment_id: &str) -> String {
    format!("Fridge software deployment {deployment_id}")
}

fn change(attribute: &str, old: Option<&str>, new: &str) -> Change {
    let text = |v: Option<&str>| serde_json::to_string(&v).unwrap_or_else(|_| "null".into());
    Change { attribute: attribute.to_string(), old_value: text(old), new_value: text(Some(new)), reason: None }
}

#[allow(clippy::too_many_arguments)]
async fn deploy_one(
    deps: &Deps,
    fridge: &str,
    artifact_type: &str,
    version: &str,
    old: Option<String>,
    deployment_id: &str,
    manifest: &Value,
    who: &str,
    now: &str,
) -> Result<Outcome, ApiError> {
    let key = artifacts::manifest_key(fridge, artifact_type);
    artifacts::put_manifest(deps.bucket(Bucket::Artifacts)?, &key, manifest).await?;
    let versions = deps.table(Table::FridgeSoftwareVersions)?;
    let update = Update::builder()
        .table_name(versions.name)
        .key("fridgeId", store::s(fridge))
        .update_expression("SET #version = :version, #deployment = :deployment, updatedAt = :now, updatedBy = :who")
        .condition_expression("attribute_not_exists(#deployment) OR #deployment <> :deployment")
        .set_expression_attribute_names(Some(HashMap::from([
            ("#version".to_string(), artifact_type.to_string()),
            ("#deployment".to_string(), format!("{artifact_type}#deployment")),
        ])))
        .set_expression_attribute_values(Some(HashMap::from([
            (":version".to_string(), store::s(version)),
            (":deployment".to_string(), store::s(deployment_id)),
            (":now".to_string(), store::s(now)),
            (":who".to_string(), store::s(who)),
        ])))
        .build()
        .map_err(ApiError::internal)?;
    let record = Record::new(
        history::entity("location", fridge),
        now,
        who,
        &source(deployment_id),
        vec![change(&format!("software.{artifact_type}"), old.as_deref(), version)],
    );
    let items = vec![TransactWriteItem::builder().update(update).build(), record.put(deps.table(Table::History)?.name)?];
    match store::transact(deps.dynamo()?, items).await {
        Ok(()) => Ok(Outcome::Written(old)),
        Err(ApiError::Conflict(_)) => Ok(Outcome::AlreadyThere),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deployment_id_follows_the_request_not_the_order_of_fridges() {
        let parse = |fridges: Value| Request::parse(&json!({"artifactType": "FRIDGE_AGENT", "version": "2.1.0", "fridges": fridges})).unwrap();
        assert_eq!(parse(json!(["B", "A"])).deployment_id(), parse(json!(["A", "B", "A"])).deployment_id());
        assert_ne!(parse(json!(["A"])).deployment_id(), parse(json!(["A", "B"])).deployment_id());
    }

    #[test]
    fn requests_are_checked_at_the_boundary() {
        let err = |v: Value| Request::parse(&v).err().map(|e| e.to_string());
        assert_eq!(err(json!({"artifactType": "FRIDGE_TOASTER", "version": "1", "fridges": ["A"]})).unwrap(), "Unknown software: FRIDGE_TOASTER");
        assert_eq!(err(json!({"artifactType": "FRIDGE_AGENT", "version": "", "fridges": ["A"]})).unwrap(), "Choose a version.");
        assert_eq!(err(json!({"artifactType": "FRIDGE_AGENT", "version": "1.0", "fridges": []})).unwrap(), "Select at least one fridge.");
    }
}
