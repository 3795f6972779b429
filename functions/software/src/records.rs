//! `rollout::Fridges` over DynamoDB and S3. Per software, a fridge's versions
//! item holds `{T}` (the version, what the inventory reads), `{T}#deployment`,
//! `{T}#manifest` (what the manifest object must be) and `{T}#previous` (the
//! state that deployment replaced, for an undo).
use crate::artifacts;
use crate::rollout::{Current, Fridges, Manifest, Plan, Slot, UNDONE};
use aws_sdk_dynamodb::types::{AttributeValue, TransactWriteItem, Update};
use fleet_shared::history::{self, Change, Record};
use fleet_shared::store::{self, Item};
use fleet_shared::{ApiError, Bucket, BucketRef, Deps, Table, TableRef};
use std::collections::HashMap;

pub struct Records<'a> {
    versions: TableRef<'a>,
    history: TableRef<'a>,
    bucket: BucketRef<'a>,
}

impl<'a> Records<'a> {
    pub fn new(deps: &'a Deps) -> Result<Records<'a>, ApiError> {
        Ok(Records {
            versions: deps.table(Table::FridgeSoftwareVersions)?,
            history: deps.table(Table::History)?,
            bucket: deps.bucket(Bucket::Artifacts)?,
        })
    }

    /// Per fridge, its record of one software (fridges without an item are left out).
    pub async fn read(&self, fridges: &[String], artifact_type: &str) -> Result<HashMap<String, Current>, ApiError> {
        let keys = fridges.iter().map(|id| key(id)).collect();
        Ok(self
            .versions
            .batch_get(keys, &[])
            .await?
            .into_iter()
            .filter_map(|item| Some((item.get("fridgeId")?.as_s().ok()?.clone(), current_of(&item, artifact_type))))
            .collect())
    }
}

fn key(fridge: &str) -> HashMap<String, AttributeValue> {
    HashMap::from([("fridgeId".to_string(), store::s(fridge))])
}

/// The attribute names of one software, as expression placeholders.
fn names(artifact_type: &str) -> HashMap<String, String> {
    HashMap::from([
        ("#version".to_string(), artifact_type.to_string()),
        ("#deployment".to_string(), format!("{artifact_type}#deployment")),
        ("#manifest".to_string(), format!("{artifact_type}#manifest")),
        ("#previous".to_string(), format!("{artifact_type}#previous")),
    ])
}

fn current_of(item: &Item, artifact_type: &str) -> Current {
    let text = |k: &str| item.get(k).and_then(|v| v.as_s().ok()).cloned();
    let manifest =
        item.get(&format!("{artifact_type}#manifest")).and_then(|v| serde_dynamo::from_attribute_value(v.clone()).ok());
    let previous =
        item.get(&format!("{artifact_type}#previous")).and_then(|v| serde_dynamo::from_attribute_value(v.clone()).ok());
    Current {
        now: Slot { version: text(artifact_type), deployment: text(&format!("{artifact_type}#deployment")), manifest },
        previous,
    }
}

fn value<T: serde::Serialize>(v: &T) -> Result<AttributeValue, ApiError> {
    serde_dynamo::to_attribute_value(v).map_err(ApiError::internal)
}

pub fn source(deployment_id: &str) -> String {
    format!("Fridge software deployment {deployment_id}")
}

/// One fridge's change of version, as history shows it (JSON text, `null` for none).
pub fn change(attribute: &str, old: Option<&str>, new: Option<&str>, reason: Option<&str>) -> Change {
    let text = |v: Option<&str>| serde_json::to_string(&v).unwrap_or_else(|_| "null".into());
    Change {
        attribute: attribute.to_string(),
        old_value: text(old),
        new_value: text(new),
        reason: reason.map(str::to_string),
    }
}

impl Records<'_> {
    /// The fridge's history record of a change made by this deployment, at `at`.
    fn history_item(
        &self,
        m: &Manifest,
        at: &str,
        old: Option<&str>,
        new: Option<&str>,
        reason: Option<&str>,
    ) -> Result<TransactWriteItem, ApiError> {
        let changes = vec![change(&format!("software.{}", m.artifact_type), old, new, reason)];
        Record::new(history::entity("location", &m.fridge_id), at, &m.deployed_by, &source(&m.deployment_id), changes)
            .put(self.history.name)
    }
}

impl Fridges for Records<'_> {
    async fn record(&self, plan: &Plan) -> Result<(), ApiError> {
        let m = &plan.manifest;
        let before = &plan.current.now;
        let mut values = HashMap::from([
            (":version".to_string(), store::s(&m.version)),
            (":deployment".to_string(), store::s(&m.deployment_id)),
            (":manifest".to_string(), value(m)?),
            (":previous".to_string(), value(before)?),
            (":now".to_string(), store::s(&m.deployed_at)),
            (":who".to_string(), store::s(&m.deployed_by)),
        ]);
        // Optimistic: the record must still be what was read, so `previous` is exactly what this replaces.
        let condition = match &before.deployment {
            Some(d) => {
                values.insert(":before".to_string(), store::s(d));
                "#deployment = :before"
            }
            None => "attribute_not_exists(#deployment)",
        };
        let update = Update::builder()
            .table_name(self.versions.name)
            .set_key(Some(key(&m.fridge_id)))
            .update_expression(
                "SET #version = :version, #deployment = :deployment, #manifest = :manifest, #previous = :previous, updatedAt = :now, updatedBy = :who",
            )
            .condition_expression(condition)
            .set_expression_attribute_names(Some(names(&m.artifact_type)))
            .set_expression_attribute_values(Some(values))
            .build()
            .map_err(ApiError::internal)?;
        let history = self.history_item(m, &m.deployed_at, before.version.as_deref(), Some(&m.version), None)?;
        store::transact(self.versions.client, vec![TransactWriteItem::builder().update(update).build(), history]).await
    }

    async fn current(&self, fridge: &str, artifact_type: &str) -> Result<Current, ApiError> {
        let out = self
            .versions
            .client
            .get_item()
            .table_name(self.versions.name)
            .set_key(Some(key(fridge)))
            .consistent_read(true)
            .send()
            .await?;
        Ok(out.item.map(|item| current_of(&item, artifact_type)).unwrap_or_default())
    }

    async fn publish(&self, fridge: &str, artifact_type: &str, manifest: Option<&Manifest>) -> Result<(), ApiError> {
        let object = artifacts::manifest_key(fridge, artifact_type);
        match manifest {
            Some(m) => {
                artifacts::put_manifest(self.bucket, &object, &serde_json::to_value(m).map_err(ApiError::internal)?)
                    .await
            }
            None => {
                self.bucket.client.delete_object().bucket(self.bucket.name).key(object).send().await?;
                Ok(())
            }
        }
    }

    async fn revert(&self, m: &Manifest, to: &Slot) -> Result<(), ApiError> {
        // Later than the deployment's own record, so history reads in order.
        let at = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
        let mut values = HashMap::from([
            (":ours".to_string(), store::s(&m.deployment_id)),
            (":now".to_string(), store::s(&at)),
            (":who".to_string(), store::s(&m.deployed_by)),
        ]);
        let mut set = vec!["updatedAt = :now", "updatedBy = :who"];
        let mut remove = vec!["#previous"];
        // Each attribute back to its earlier value, or removed where it had none.
        for (name, assign, placeholder, v) in [
            ("#version", "#version = :version", ":version", to.version.as_ref().map(store::s)),
            ("#deployment", "#deployment = :deployment", ":deployment", to.deployment.as_ref().map(store::s)),
            ("#manifest", "#manifest = :manifest", ":manifest", to.manifest.as_ref().map(value).transpose()?),
        ] {
            match v {
                Some(v) => {
                    values.insert(placeholder.to_string(), v);
                    set.push(assign);
                }
                None => remove.push(name),
            }
        }
        let update = Update::builder()
            .table_name(self.versions.name)
            .set_key(Some(key(&m.fridge_id)))
            .update_expression(format!("SET {} REMOVE {}", set.join(", "), remove.join(", ")))
            .condition_expression("#deployment = :ours")
            .set_expression_attribute_names(Some(names(&m.artifact_type)))
            .set_expression_attribute_values(Some(values))
            .build()
            .map_err(ApiError::internal)?;
        let history = self.history_item(m, &at, Some(&m.version), to.version.as_deref(), Some(UNDONE))?;
        store::transact(self.versions.client, vec![TransactWriteItem::builder().update(update).build(), history]).await
    }
}
