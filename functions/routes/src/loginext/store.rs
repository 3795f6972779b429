//! The sync jobs' store: a job and its request's idempotency record land in
//! one transaction; each date's outcome is written once; the messages go to
//! the route-sync queue, a retried one comes back after a backoff, and an
//! unreadable one is parked with its reason.
use super::job::{DateOutcome, SyncJob, KIND, RECENT};
use crate::store::Dynamo;
use aws_sdk_dynamodb::types::{AttributeValue, Put, TransactWriteItem};
use aws_sdk_sqs::types::SendMessageBatchRequestEntry;
use fleet_shared::idempotency::{self, Claim};
use fleet_shared::parking::{self, Unstorable};
use fleet_shared::store;
use fleet_shared::{ApiError, Queue, Table};
use std::collections::HashMap;
use std::future::Future;

pub trait SyncStore: Sync {
    /// Records a new job with its request's record; a Conflict when either exists.
    fn create(&self, job: &SyncJob, claim: &Claim) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// Removes a request's record (its job could not be queued), so a retry starts anew.
    fn forget(&self, claim: &Claim) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// Sends the message bodies (all, or an error).
    fn enqueue(&self, bodies: Vec<String>) -> impl Future<Output = Result<(), ApiError>> + Send;
    fn job(&self, job_key: &str) -> impl Future<Output = Result<Option<SyncJob>, ApiError>> + Send;
    /// The newest jobs first.
    fn recent(&self) -> impl Future<Output = Result<Vec<SyncJob>, ApiError>> + Send;
    /// Writes a date's outcome unless it has one: `false` when it had.
    fn finish_date(
        &self,
        job_key: &str,
        date: &str,
        outcome: &DateOutcome,
    ) -> impl Future<Output = Result<bool, ApiError>> + Send;
    /// Notes a failure the queue will retry (shown while the job runs).
    fn note_error(&self, job_key: &str, error: &str) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// Makes a failed message visible again after `seconds`.
    fn retry_after(&self, receipt: &str, seconds: i32) -> impl Future<Output = Result<(), ApiError>> + Send;
    /// Parks unreadable messages; answers the ids that could not be parked.
    fn park(&self, bad: &[Unstorable]) -> impl Future<Output = Vec<String>> + Send;
}

fn job_key(job_key: &str) -> HashMap<String, AttributeValue> {
    HashMap::from([("kind".to_string(), store::s(KIND)), ("jobKey".to_string(), store::s(job_key))])
}

impl SyncStore for Dynamo {
    async fn create(&self, job: &SyncJob, claim: &Claim) -> Result<(), ApiError> {
        let put = Put::builder()
            .table_name(self.0.table(Table::RouteSyncJobs)?.name)
            .set_item(Some(store::to_item(job)?))
            .condition_expression("attribute_not_exists(jobKey)")
            .build()
            .map_err(ApiError::internal)?;
        let items =
            vec![TransactWriteItem::builder().put(put).build(), claim.put(self.0.table(Table::Idempotency)?.name)?];
        store::transact(self.0.dynamo()?, items).await
    }

    async fn forget(&self, claim: &Claim) -> Result<(), ApiError> {
        idempotency::forget(&self.0.table(Table::Idempotency)?, claim).await
    }

    async fn enqueue(&self, bodies: Vec<String>) -> Result<(), ApiError> {
        let q = self.0.queue(Queue::RouteSync)?;
        for chunk in bodies.chunks(fleet_shared::limits::SQS_BATCH_MAX) {
            let entries = chunk
                .iter()
                .enumerate()
                .map(|(i, body)| SendMessageBatchRequestEntry::builder().id(i.to_string()).message_body(body).build())
                .collect::<Result<Vec<_>, _>>()
                .map_err(ApiError::internal)?;
            let out = q
                .client
                .send_message_batch()
                .queue_url(q.url)
                .set_entries(Some(entries))
                .send()
                .await
                .map_err(|e| ApiError::internal(format!("the sync could not be queued: {e}")))?;
            if let Some(f) = out.failed.first() {
                return Err(ApiError::internal(format!("the sync could not be queued: {}", f.code)));
            }
        }
        Ok(())
    }

    async fn job(&self, key: &str) -> Result<Option<SyncJob>, ApiError> {
        self.0.table(Table::RouteSyncJobs)?.get(job_key(key)).await
    }

    async fn recent(&self) -> Result<Vec<SyncJob>, ApiError> {
        let t = self.0.table(Table::RouteSyncJobs)?;
        let (items, _) = t.query("kind", KIND).newest_first().page(None, Some(RECENT)).await?;
        items.into_iter().map(store::from_item).collect()
    }

    async fn finish_date(&self, key: &str, date: &str, outcome: &DateOutcome) -> Result<bool, ApiError> {
        let t = self.0.table(Table::RouteSyncJobs)?;
        let value = AttributeValue::M(store::to_item(outcome)?);
        let written = t
            .client
            .update_item()
            .table_name(t.name)
            .set_key(Some(job_key(key)))
            .update_expression("SET outcomes.#date = :outcome")
            .condition_expression("attribute_exists(jobKey) AND attribute_not_exists(outcomes.#date)")
            .expression_attribute_names("#date", date)
            .expression_attribute_values(":outcome", value)
            .send()
            .await
            .map_err(ApiError::from);
        match written {
            Ok(_) => Ok(true),
            Err(ApiError::Conflict(_)) => Ok(false),
            Err(e) => Err(e),
        }
    }

    async fn note_error(&self, key: &str, error: &str) -> Result<(), ApiError> {
        let t = self.0.table(Table::RouteSyncJobs)?;
        t.client
            .update_item()
            .table_name(t.name)
            .set_key(Some(job_key(key)))
            .update_expression("SET lastError = :error")
            .condition_expression("attribute_exists(jobKey)")
            .expression_attribute_values(":error", store::s(error))
            .send()
            .await?;
        Ok(())
    }

    async fn retry_after(&self, receipt: &str, seconds: i32) -> Result<(), ApiError> {
        let q = self.0.queue(Queue::RouteSync)?;
        q.client
            .change_message_visibility()
            .queue_url(q.url)
            .receipt_handle(receipt)
            .visibility_timeout(seconds)
            .send()
            .await
            .map_err(|e| ApiError::internal(format!("visibility not changed: {e}")))?;
        Ok(())
    }

    async fn park(&self, bad: &[Unstorable]) -> Vec<String> {
        parking::park(self.0.queue(Queue::RouteSyncDeadLetter), bad, "route sync message").await
    }
}
