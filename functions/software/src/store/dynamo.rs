//! The software store over DynamoDB and S3. Per software, a fridge's versions
//! item holds `{T}` (the version, what the inventory reads), `{T}#deployment`,
//! `{T}#manifest` (what the manifest object must be) and `{T}#previous` (the
//! state that deployment replaced, for an undo). Builds and the manifests the
//! agents poll are objects of the artifacts bucket.
use super::Software;
use crate::pilots::{Pilot, Save};
use crate::records;
use crate::rollout::{self, Current, Fridges, Manifest, Plan, Slot, UNDONE};
use aws_sdk_dynamodb::types::{AttributeValue, TransactWriteItem, Update};
use fleet_shared::entity::LocationId;
use fleet_shared::history::Record;
use fleet_shared::location_store;
use fleet_shared::s3::PutOptions;
use fleet_shared::store::{self, Key};
use fleet_shared::{fridge_time, ApiError, Bucket, Deps, Table};
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};

/// The software store of a function that granted the tables and bucket it uses.
pub struct Dynamo(pub &'static Deps);

/// A versions item, read as JSON values (its attribute names depend on the software).
type Row = HashMap<String, Value>;

fn key(fridge: &str) -> Key {
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

fn current_of(row: &Row, artifact_type: &str) -> Current {
    let text = |k: &str| row.get(k).and_then(Value::as_str).map(str::to_string);
    let manifest = row.get(&format!("{artifact_type}#manifest")).and_then(|v| serde_json::from_value(v.clone()).ok());
    let previous = row.get(&format!("{artifact_type}#previous")).and_then(|v| serde_json::from_value(v.clone()).ok());
    Current {
        now: Slot { version: text(artifact_type), deployment: text(&format!("{artifact_type}#deployment")), manifest },
        previous,
    }
}

fn value<T: serde::Serialize>(v: &T) -> Result<AttributeValue, ApiError> {
    serde_dynamo::to_attribute_value(v).map_err(ApiError::internal)
}

impl Dynamo {
    fn history_table(&self) -> Result<&str, ApiError> {
        self.0.config.table(Table::History)
    }

    /// The update of a versions item and the fridge's history record, all or nothing.
    async fn update_with_history(&self, update: Update, history: &Record) -> Result<(), ApiError> {
        let items = vec![TransactWriteItem::builder().update(update).build(), history.put(self.history_table()?)?];
        store::transact(self.0.dynamo()?, items).await
    }
}

impl Fridges for Dynamo {
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
            .table_name(self.0.config.table(Table::FridgeSoftwareVersions)?)
            .set_key(Some(key(&m.fridge_id)))
            .update_expression(
                "SET #version = :version, #deployment = :deployment, #manifest = :manifest, \
                 #previous = :previous, updatedAt = :now, updatedBy = :who",
            )
            .condition_expression(condition)
            .set_expression_attribute_names(Some(names(&m.artifact_type)))
            .set_expression_attribute_values(Some(values))
            .build()
            .map_err(ApiError::internal)?;
        let history = records::fridge_record(m, &m.deployed_at, before.version.as_deref(), Some(&m.version), None);
        self.update_with_history(update, &history).await
    }

    async fn current(&self, fridge: &str, artifact_type: &str) -> Result<Current, ApiError> {
        let row: Option<Row> = self.0.table(Table::FridgeSoftwareVersions)?.get(key(fridge)).await?;
        Ok(row.map(|row| current_of(&row, artifact_type)).unwrap_or_default())
    }

    async fn publish(&self, fridge: &str, artifact_type: &str, manifest: Option<&Manifest>) -> Result<(), ApiError> {
        let bucket = self.0.bucket(Bucket::Artifacts)?;
        let object = rollout::manifest_key(fridge, artifact_type);
        match manifest {
            Some(m) => {
                let body = serde_json::to_vec_pretty(m).map_err(ApiError::internal)?;
                let options = PutOptions { content_type: Some("application/json"), ..PutOptions::default() };
                bucket.client.put_object(bucket.name, &object, body, &options).await?;
            }
            None => {
                bucket.client.delete_object(bucket.name, &object).await?;
            }
        }
        Ok(())
    }

    async fn revert(&self, m: &Manifest, to: &Slot) -> Result<(), ApiError> {
        // Later than the deployment's own record, so history reads in order.
        let at = fridge_time::now_text();
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
            .table_name(self.0.config.table(Table::FridgeSoftwareVersions)?)
            .set_key(Some(key(&m.fridge_id)))
            .update_expression(format!("SET {} REMOVE {}", set.join(", "), remove.join(", ")))
            .condition_expression("#deployment = :ours")
            .set_expression_attribute_names(Some(names(&m.artifact_type)))
            .set_expression_attribute_values(Some(values))
            .build()
            .map_err(ApiError::internal)?;
        let history = records::fridge_record(m, &at, Some(&m.version), to.version.as_deref(), Some(UNDONE));
        self.update_with_history(update, &history).await
    }
}

impl Software for Dynamo {
    /// ListObjectsV2 under `{artifact_type}/`, page by page.
    async fn builds(&self, artifact_type: &str) -> Result<Vec<String>, ApiError> {
        let bucket = self.0.bucket(Bucket::Artifacts)?;
        let prefix = format!("{artifact_type}/");
        let prefix = prefix.as_str();
        let (names, _) = store::pages(None, None, |token: Option<String>, _| async move {
            let page = bucket.client.list_objects_v2(bucket.name, prefix, token.as_deref()).await?;
            let names = page.keys.iter().filter_map(|k| k.strip_prefix(prefix)).map(str::to_string).collect::<Vec<_>>();
            Ok((names, page.next_token))
        })
        .await?;
        Ok(names)
    }

    async fn known(&self, ids: &[LocationId]) -> Result<BTreeSet<LocationId>, ApiError> {
        location_store::known(self.0, ids).await
    }

    async fn records(
        &self,
        fridges: &[LocationId],
        artifact_type: &str,
    ) -> Result<HashMap<LocationId, Current>, ApiError> {
        let keys = fridges.iter().map(|id| key(id.as_str())).collect();
        let found = self.0.table(Table::FridgeSoftwareVersions)?.batch_get(keys, &[]).await?;
        let mut records = HashMap::new();
        for item in found {
            let row: Row = store::from_item(item)?;
            if let Some(fridge) = row.get("fridgeId").and_then(Value::as_str) {
                records.insert(LocationId::stored(fridge), current_of(&row, artifact_type));
            }
        }
        Ok(records)
    }

    async fn add_history(&self, records: &[Record]) -> Result<(), ApiError> {
        let items = records.iter().map(store::to_item).collect::<Result<_, _>>()?;
        // Added, never overwritten: conditional puts (BatchWriteItem's grant would allow deletes).
        self.0.table(Table::History)?.put_each_new(items, "entity").await
    }

    async fn pilot(&self, id: &str) -> Result<Option<Pilot>, ApiError> {
        self.0.table(Table::FridgeSoftwarePilots)?.get(HashMap::from([("id".to_string(), store::s(id))])).await
    }

    async fn pilots(&self) -> Result<Vec<Pilot>, ApiError> {
        self.0.table(Table::FridgeSoftwarePilots)?.scan_all().await
    }

    async fn put_pilot(&self, save: &Save) -> Result<(), ApiError> {
        let table = self.0.table(Table::FridgeSoftwarePilots)?;
        let mut values = HashMap::new();
        let condition = match save.loaded {
            None => "attribute_not_exists(id)",
            // Pilots saved before versions read as version 0.
            Some(0) => "attribute_exists(id) AND (attribute_not_exists(#version) OR #version = :loaded)",
            Some(_) => "#version = :loaded",
        };
        if let Some(loaded) = save.loaded {
            values.insert(":loaded".to_string(), AttributeValue::N(loaded.to_string()));
        }
        table
            .client
            .put_item()
            .table_name(table.name)
            .set_item(Some(store::to_item(&save.pilot)?))
            .condition_expression(condition)
            .set_expression_attribute_names(
                save.loaded.map(|_| HashMap::from([("#version".to_string(), "version".to_string())])),
            )
            .set_expression_attribute_values(Some(values).filter(|v| !v.is_empty()))
            .send()
            .await?;
        Ok(())
    }
}

/// Every row of the versions table (`inventory::Row`), reading only `projection`; `consistent` after a change.
pub async fn inventory_rows(
    deps: &Deps,
    projection: &[&str],
    consistent: bool,
) -> Result<Vec<HashMap<String, Value>>, ApiError> {
    let table = deps.table(Table::FridgeSoftwareVersions)?;
    if consistent {
        table.scan_projected_consistent(projection).await
    } else {
        table.scan_projected(projection).await
    }
}
