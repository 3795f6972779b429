//! The change publisher's mechanism (issue 61), shared by every area that
//! pushes changes to subscribers: a DynamoDB stream batch's changes, each
//! with the sequence number of its first record, sent through a publishing
//! mutation signed with the function's role, and the partial batch response
//! that makes the event source mapping retry from the earliest change that
//! could not be published.
use crate::events::{DynamoDbBatchItemFailure, DynamoDbEventResponse, StreamRecord};
use crate::{ApiError, Deps};
use serde::Serialize;

/// A publishing mutation: its field, and its document (selecting every field
/// of the event, since subscribers get only what it selects).
pub struct Mutation {
    pub field: &'static str,
    pub document: &'static str,
}

#[derive(Serialize)]
struct Variables<'a, C> {
    input: &'a C,
}

/// Each record read by `read` into its change (`None`: it changes nothing a
/// subscriber shows; an error: logged with its reason and skipped, since a
/// retry would hold up its shard's later changes for nothing), with its
/// sequence number.
pub fn read_records<C>(
    records: &[StreamRecord],
    read: impl Fn(&StreamRecord) -> Result<Option<C>, String>,
) -> Vec<(Option<String>, C)> {
    let mut changes = Vec::new();
    for record in records {
        match read(record) {
            Ok(Some(change)) => changes.push((record.change.sequence_number.clone(), change)),
            Ok(None) => {}
            Err(why) => tracing::warn!(event_id = %record.event_id, %why, "stream record not read"),
        }
    }
    changes
}

/// Publishes each change; a change that fails reports its first record.
pub async fn publish<C: Serialize>(
    deps: &Deps,
    mutation: &Mutation,
    changes: Vec<(Option<String>, C)>,
) -> Result<DynamoDbEventResponse, ApiError> {
    let graphql = deps.graphql()?;
    let mut failed = Vec::new();
    for (first_sequence, change) in changes {
        if let Err(e) = graphql.mutate(mutation.field, mutation.document, &Variables { input: &change }).await {
            tracing::error!(error = %e, field = mutation.field, "change not published");
            failed.push(first_sequence);
        }
    }
    let mut response = DynamoDbEventResponse::default();
    if !failed.is_empty() {
        let mut failure = DynamoDbBatchItemFailure::default();
        failure.item_identifier = retry_from(&failed);
        response.batch_item_failures.push(failure);
    }
    Ok(response)
}

/// Where the mapping retries the batch from: the earliest failed change's
/// first record, or the whole batch (no identifier) when one has none.
pub fn retry_from(failed: &[Option<String>]) -> Option<String> {
    // Sequence numbers are decimal strings of up to 40 digits: shorter is earlier.
    let all: Option<Vec<&String>> = failed.iter().map(Option::as_ref).collect();
    all?.into_iter().min_by_key(|s| (s.len(), s.as_str())).cloned()
}

/// The table named in a stream's ARN (`arn:…:table/{name}/stream/{label}`).
pub fn table_of_arn(arn: &str) -> Option<&str> {
    let (_, rest) = arn.split_once(":table/")?;
    Some(rest.split_once("/stream/").map_or(rest, |(name, _)| name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_change_retries_from_the_earliest_record_or_the_whole_batch() {
        assert_eq!(retry_from(&[Some("900".into()), Some("1000".into()), Some("950".into())]).as_deref(), Some("900"));
        assert_eq!(retry_from(&[Some("900".into()), None]), None);
    }

    #[test]
    fn a_stream_arn_names_its_table() {
        assert_eq!(table_of_arn("arn:aws:dynamodb:us-east-1:1:table/T-x/stream/2026-11-28T00:00:00.000"), Some("T-x"));
        assert_eq!(table_of_arn("arn:aws:sqs:us-east-1:1:q"), None);
    }
}
