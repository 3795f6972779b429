//! Which IAM action on which resource each AWS call of a function needs, as
//! IAM checks it: a transaction by the action of each of its items (a Put as
//! `dynamodb:PutItem`, a ConditionCheck as `dynamodb:ConditionCheckItem`), an
//! index query on the index's ARN, a presigned URL by the action it signs.
//! The local API records them (`CallLog`) while the tests run, and
//! `scripts/iam/check.py` proves each allowed by the function's role in the
//! translated template: nothing else enforces IAM locally.
use aws_smithy_runtime_api::client::interceptors::context::Input;
use serde::Serialize;
use serde_json::Value;
use std::collections::HashSet;
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

/// One permission a call needs.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Call {
    /// `service:Action`, as IAM names it.
    pub action: String,
    pub resource: String,
}

impl Call {
    fn new(action: impl Into<String>, resource: impl Into<String>) -> Call {
        Call { action: action.into(), resource: resource.into() }
    }
}

/// The region and account the ARNs are written in.
#[derive(Debug, Clone)]
pub struct Account {
    pub region: String,
    pub id: String,
}

impl Account {
    fn table_arn(&self, table: &str) -> String {
        format!("arn:aws:dynamodb:{}:{}:table/{table}", self.region, self.id)
    }
}

/// What a DynamoDB call needs, from its JSON request.
pub fn dynamodb(operation: &str, request: &Value, account: &Account) -> Vec<Call> {
    let on_table = |action: &str, entry: &Value| -> Option<Call> {
        let table = entry["TableName"].as_str()?;
        let arn = match entry["IndexName"].as_str() {
            Some(index) => format!("{}/index/{index}", account.table_arn(table)),
            None => account.table_arn(table),
        };
        Some(Call::new(format!("dynamodb:{action}"), arn))
    };
    let per_table = |action: &str| -> Vec<Call> {
        request["RequestItems"]
            .as_object()
            .map(|tables| {
                tables.keys().map(|t| Call::new(format!("dynamodb:{action}"), account.table_arn(t))).collect()
            })
            .unwrap_or_default()
    };
    let items = || request["TransactItems"].as_array().map_or(&[][..], Vec::as_slice);
    match operation {
        "BatchGetItem" | "BatchWriteItem" => per_table(operation),
        "TransactWriteItems" => items()
            .iter()
            .flat_map(|item| {
                [
                    ("Put", "PutItem"),
                    ("Update", "UpdateItem"),
                    ("Delete", "DeleteItem"),
                    ("ConditionCheck", "ConditionCheckItem"),
                ]
                .into_iter()
                .filter_map(|(kind, action)| item.get(kind).and_then(|entry| on_table(action, entry)))
            })
            .collect(),
        "TransactGetItems" => items().iter().filter_map(|item| on_table("GetItem", item.get("Get")?)).collect(),
        _ => on_table(operation, request).into_iter().collect(),
    }
}

/// What Cognito `ListUsers` on `pool` needs (sent by `aws_json`).
pub fn list_users(pool: &str, account: &Account) -> Call {
    Call::new("cognito-idp:ListUsers", format!("arn:aws:cognito-idp:{}:{}:userpool/{pool}", account.region, account.id))
}

/// What SSM `GetParameter` of `name` (`/a/b`) needs (sent by `aws_json`).
pub fn get_parameter(name: &str, account: &Account) -> Call {
    let name = name.trim_start_matches('/');
    Call::new("ssm:GetParameter", format!("arn:aws:ssm:{}:{}:parameter/{name}", account.region, account.id))
}

/// AppSync's `GraphQL` on one field of the API `api_id` (`Mutation`, `publishStockingChange`).
pub fn appsync_field(api_id: &str, type_name: &str, field: &str, account: &Account) -> Call {
    Call::new(
        "appsync:GraphQL",
        format!("arn:aws:appsync:{}:{}:apis/{api_id}/types/{type_name}/fields/{field}", account.region, account.id),
    )
}

/// An S3 object action (`GetObject`, `PutObject`, `DeleteObject`) on the object's ARN.
pub fn s3_object(action: &str, bucket: &str, key: &str) -> Call {
    Call::new(format!("s3:{action}"), format!("arn:aws:s3:::{bucket}/{key}"))
}

/// An S3 bucket action (`ListBucket`) on the bucket's ARN.
pub fn s3_bucket(action: &str, bucket: &str) -> Call {
    Call::new(format!("s3:{action}"), format!("arn:aws:s3:::{bucket}"))
}

/// What an SQS or S3 call needs, from its typed input (a presigned S3
/// request needs the same as the call it signs).
pub fn typed(service: &str, operation: &str, input: &Input, account: &Account) -> Vec<Call> {
    use aws_sdk_s3::operation as s3;
    use aws_sdk_sqs::operation as sqs;
    let object = |action: &str, bucket: Option<&str>, key: Option<&str>| {
        s3_object(action, bucket.unwrap_or(""), key.unwrap_or(""))
    };
    let queue =
        |action: &str, url: Option<&str>| Call::new(format!("sqs:{action}"), queue_arn(url.unwrap_or(""), account));
    let calls = match service.to_ascii_lowercase().as_str() {
        "sqs" => {
            if let Some(i) = input.downcast_ref::<sqs::send_message::SendMessageInput>() {
                vec![queue("SendMessage", i.queue_url())]
            } else if let Some(i) = input.downcast_ref::<sqs::send_message_batch::SendMessageBatchInput>() {
                vec![queue("SendMessage", i.queue_url())]
            } else if let Some(i) = input.downcast_ref::<sqs::change_message_visibility::ChangeMessageVisibilityInput>()
            {
                vec![queue("ChangeMessageVisibility", i.queue_url())]
            } else {
                Vec::new()
            }
        }
        "s3" => {
            if let Some(i) = input.downcast_ref::<s3::put_object::PutObjectInput>() {
                vec![object("PutObject", i.bucket(), i.key())]
            } else if let Some(i) = input.downcast_ref::<s3::get_object::GetObjectInput>() {
                vec![object("GetObject", i.bucket(), i.key())]
            } else if let Some(i) = input.downcast_ref::<s3::head_object::HeadObjectInput>() {
                // IAM has no action of its own for HeadObject: it needs s3:GetObject.
                vec![object("GetObject", i.bucket(), i.key())]
            } else if let Some(i) = input.downcast_ref::<s3::delete_object::DeleteObjectInput>() {
                vec![object("DeleteObject", i.bucket(), i.key())]
            } else if let Some(i) = input.downcast_ref::<s3::list_objects_v2::ListObjectsV2Input>() {
                vec![s3_bucket("ListBucket", i.bucket().unwrap_or(""))]
            } else {
                Vec::new()
            }
        }
        _ => Vec::new(),
    };
    if calls.is_empty() {
        // Not mapped yet: recorded as is, so the check names it rather than passing it by.
        vec![Call::new(format!("{}:{operation}", service.to_ascii_lowercase()), "*unmapped*")]
    } else {
        calls
    }
}

/// `https://sqs.<region>.amazonaws.com/<account>/<name>` (or the emulator's
/// `http://host/<account>/<name>`) as an ARN.
fn queue_arn(url: &str, account: &Account) -> String {
    let mut parts = url.trim_end_matches('/').rsplit('/');
    let name = parts.next().unwrap_or("");
    let owner = parts.next().filter(|a| !a.is_empty() && a.bytes().all(|b| b.is_ascii_digit())).unwrap_or(&account.id);
    format!("arn:aws:sqs:{}:{owner}:{name}", account.region)
}

/// Appends each (function, action, resource) the first time it is seen, as a
/// JSON line: one file per process, so the API and the test binary never
/// share one, and a killed process has written all it saw.
pub struct CallLog {
    pub account: Account,
    file: Mutex<std::fs::File>,
    seen: Mutex<HashSet<(&'static str, Call)>>,
}

#[derive(Serialize)]
struct Line<'a> {
    function: &'a str,
    action: &'a str,
    resource: &'a str,
}

impl CallLog {
    pub fn create(dir: &Path, account: Account) -> std::io::Result<CallLog> {
        std::fs::create_dir_all(dir)?;
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(dir.join(format!("{}.jsonl", std::process::id())))?;
        Ok(CallLog { account, file: Mutex::new(file), seen: Mutex::default() })
    }

    pub fn record(&self, function: &'static str, calls: Vec<Call>) {
        let Ok(mut seen) = self.seen.lock() else { return };
        let Ok(mut file) = self.file.lock() else { return };
        for call in calls {
            let line = Line { function, action: &call.action, resource: &call.resource };
            if seen.contains(&(function, call.clone())) {
                continue;
            }
            if let Ok(json) = serde_json::to_string(&line) {
                // A failed write loses a record, which the check then cannot see: say so.
                if let Err(e) = writeln!(file, "{json}") {
                    tracing::warn!(error = %e, "could not record a call");
                }
            }
            seen.insert((function, call));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn account() -> Account {
        Account { region: "us-east-1".into(), id: "123456789012".into() }
    }

    fn pairs(calls: Vec<Call>) -> Vec<(String, String)> {
        calls.into_iter().map(|c| (c.action, c.resource)).collect()
    }

    #[test]
    fn an_index_query_needs_the_index_arn() {
        let calls = dynamodb("Query", &json!({ "TableName": "T", "IndexName": "byRoute" }), &account());
        assert_eq!(
            pairs(calls),
            [("dynamodb:Query".into(), "arn:aws:dynamodb:us-east-1:123456789012:table/T/index/byRoute".into())]
        );
    }

    #[test]
    fn a_transaction_needs_the_action_of_each_item() {
        let tx = json!({ "TransactItems": [
            { "Put": { "TableName": "A" } },
            { "ConditionCheck": { "TableName": "B" } },
            { "Delete": { "TableName": "A" } },
        ] });
        let arn = |t: &str| format!("arn:aws:dynamodb:us-east-1:123456789012:table/{t}");
        assert_eq!(
            pairs(dynamodb("TransactWriteItems", &tx, &account())),
            [
                ("dynamodb:PutItem".into(), arn("A")),
                ("dynamodb:ConditionCheckItem".into(), arn("B")),
                ("dynamodb:DeleteItem".into(), arn("A")),
            ]
        );
        let batch = json!({ "RequestItems": { "A": [], "B": [] } });
        assert_eq!(dynamodb("BatchGetItem", &batch, &account()).len(), 2);
    }

    #[test]
    fn a_queue_url_becomes_its_arn() {
        assert_eq!(
            queue_arn("http://127.0.0.1:5699/123456789012/fleet-local-Q.fifo", &account()),
            "arn:aws:sqs:us-east-1:123456789012:fleet-local-Q.fifo"
        );
        assert_eq!(
            queue_arn("https://sqs.us-east-1.amazonaws.com/999999999999/q", &account()),
            "arn:aws:sqs:us-east-1:999999999999:q"
        );
    }

    #[test]
    fn an_sqs_input_names_its_queue_and_an_unmapped_operation_is_kept() {
        use aws_sdk_sqs::operation::{purge_queue::PurgeQueueInput, send_message::SendMessageInput};
        let url = "https://sqs.us-east-1.amazonaws.com/123456789012/q";
        let send = Input::erase(SendMessageInput::builder().queue_url(url).message_body("{}").build().unwrap());
        assert_eq!(
            pairs(typed("sqs", "SendMessage", &send, &account())),
            [("sqs:SendMessage".into(), "arn:aws:sqs:us-east-1:123456789012:q".into())]
        );
        // An operation not mapped is recorded so that the check refuses it.
        let purge = Input::erase(PurgeQueueInput::builder().queue_url(url).build().unwrap());
        assert_eq!(typed("sqs", "PurgeQueue", &purge, &account())[0].resource, "*unmapped*");
    }

    #[test]
    fn the_log_writes_each_call_once() {
        let dir = std::env::temp_dir().join(format!("fleet-calls-{}", std::process::id()));
        let log = CallLog::create(&dir, account()).unwrap();
        let call = || vec![Call::new("dynamodb:GetItem", "arn:t")];
        log.record("f", call());
        log.record("f", call());
        log.record("g", call());
        let text = std::fs::read_to_string(dir.join(format!("{}.jsonl", std::process::id()))).unwrap();
        assert_eq!(text.lines().count(), 2);
        assert!(text.contains(r#"{"function":"f","action":"dynamodb:GetItem","resource":"arn:t"}"#));
        let _ = std::fs::remove_dir_all(dir);
    }
}
