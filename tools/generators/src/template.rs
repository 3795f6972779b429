//! Renders template.yaml: the hand-written base (`infra/template.base.yaml`:
//! pool, APIs, tables, queues) followed by one function, and for GraphQL one
//! data source and resolver, per registry entry. A test keeps the committed
//! template.yaml equal to this output.
use fleet_shared::{resources, Bucket, FunctionSpec, Grant, Table, Trigger};
use std::fmt::Write;

pub const BASE_PATH: &str = "infra/template.base.yaml";
pub const OUTPUT_PATH: &str = "template.yaml";
/// The one binary every function runs (functions/all); SAM builds it once.
pub const BINARY: &str = "fleet";
/// The SSM SecureString that signs paging tokens, as the stack names it: always
/// its own `/<stack name>/paging-token-secret` (no template parameter, whose
/// default could not name the stack). `PAGING_TOKEN_SECRET` holds this name,
/// never the secret; `STACK_NAME` the stack's name, which the tokens' MAC covers.
pub const PAGING_SECRET_NAME: &str = "!Sub '/${AWS::StackName}/paging-token-secret'";
/// That parameter's ARN, the one resource of a PagingTokens grant.
pub const PAGING_SECRET_ARN: &str =
    "!Sub 'arn:${AWS::Partition}:ssm:${AWS::Region}:${AWS::AccountId}:parameter/${AWS::StackName}/paging-token-secret'";
/// The template parameters of the external routing service: its base URL, and
/// the SSM SecureString holding its key (`ROUTING_SERVICE_KEY_PARAMETER` holds this name).
pub const ROUTING_URL_PARAMETER: &str = "RoutingServiceUrl";
pub const ROUTING_KEY_PARAMETER: &str = "RoutingServiceKeyParameterName";
/// The routing key's SSM name as the stack resolves it: the parameter when
/// set, else the stack's own `/<stack name>/routing-service-key` (so one
/// stack never reads another's key by default).
pub const ROUTING_KEY_NAME: &str = "!If [RoutingKeyParameterNamed, !Ref RoutingServiceKeyParameterName, !Sub '/${AWS::StackName}/routing-service-key']";
/// Where failed invocations of scheduled (asynchronous) functions are parked.
pub const SCHEDULED_FAILURES_QUEUE: &str = "ScheduledFailuresQueue";
/// The topic every dead-letter alarm notifies.
pub const ALARMS_TOPIC: &str = "AlarmsTopic";

/// The buckets the stack names itself (`BucketName` in the base template, a
/// test checks), which the browser reaches through presigned URLs: their CORS
/// names the web app's distribution, which reaches the functions through the
/// HTTP API (/prod/*), so a function, or the CSP, must name them without a
/// `Ref` to them, or CloudFormation would find a cycle.
pub fn stack_named_bucket(b: Bucket) -> Option<&'static str> {
    match b {
        Bucket::Uploads => Some("${AWS::StackName}-${AWS::AccountId}-uploads"),
        Bucket::Snapshots => Some("${AWS::StackName}-${AWS::AccountId}-snapshots"),
        Bucket::Artifacts | Bucket::Routes | Bucket::ItemImages => None,
    }
}

/// A bucket's name inside a `!Sub`: its own name, else its `Ref`.
fn bucket_in_sub(b: Bucket) -> String {
    stack_named_bucket(b).map(str::to_string).unwrap_or_else(|| format!("${{{}}}", b.logical_id()))
}

/// checkov checks that every function fails by design, each with its reason;
/// skipped per resource so that a new kind of resource still fails the run.
const FUNCTION_SKIPS: &[(&str, &str)] = &[
    ("CKV_AWS_117", "Reaches only AWS service endpoints (DynamoDB, S3, SQS, SSM, Cognito) and the external routing service over HTTPS; no VPC resources to reach"),
    (
        "CKV_AWS_115",
        "Bounded by the account's concurrency; reserving per function would cap 70 small functions separately",
    ),
    (
        "CKV_AWS_173",
        "The environment holds resource names only (the paging secret and the routing key are read from SSM); default encryption suffices",
    ),
];

/// Why no function needs a Lambda dead-letter queue of its own. One reason for
/// every trigger, because SAM builds the functions whose `Metadata` is equal
/// once: with a reason per trigger it built the one binary four times over.
const NO_DLQ_REASON: &str = "Invoked synchronously (AppSync, the HTTP API: the caller sees the error) or by an SQS event source (failed records return to the source queue, whose redrive policy parks them); scheduled functions have the ScheduledFailuresQueue as their DeadLetterQueue";

/// The exact actions of each grant (no SAM policy template: those grant
/// delete, batch writes and scans along with what was asked).
pub const GET_ITEMS: &[&str] = &["dynamodb:GetItem"];
pub const BATCH_GET_ITEMS: &[&str] = &["dynamodb:BatchGetItem"];
pub const QUERY_TABLE: &[&str] = &["dynamodb:Query"];
pub const QUERY_INDEX: &[&str] = &["dynamodb:Query"];
pub const SCAN_TABLE: &[&str] = &["dynamodb:Scan"];
pub const PUT_ITEMS: &[&str] = &["dynamodb:PutItem"];
pub const UPDATE_ITEMS: &[&str] = &["dynamodb:UpdateItem"];
pub const CHECK_ITEMS: &[&str] = &["dynamodb:ConditionCheckItem"];
pub const DELETE_ITEMS: &[&str] = &["dynamodb:DeleteItem"];
pub const BATCH_WRITE_TABLE: &[&str] = &["dynamodb:BatchWriteItem"];
pub const LIST_BUCKET: &[&str] = &["s3:ListBucket"];
pub const READ_OBJECTS: &[&str] = &["s3:GetObject"];
pub const WRITE_OBJECTS: &[&str] = &["s3:PutObject"];
pub const DELETE_OBJECTS: &[&str] = &["s3:DeleteObject"];
pub const SEND_MESSAGES: &[&str] = &["sqs:SendMessage"];
pub const DELAY_MESSAGES: &[&str] = &["sqs:ChangeMessageVisibility"];
pub const LIST_USERS: &[&str] = &["cognito-idp:ListUsers"];
pub const GET_PARAMETER: &[&str] = &["ssm:GetParameter"];
pub const PUBLISH_GRAPHQL: &[&str] = &["appsync:GraphQL"];
/// What the event source mapping reads a table's stream with, on the function's role.
pub const READ_STREAM: &[&str] =
    &["dynamodb:DescribeStream", "dynamodb:GetRecords", "dynamodb:GetShardIterator", "dynamodb:ListStreams"];
/// The stream's event source: a bad record is retried twice, bisected, then
/// sent to the failure queue, and never holds its shard's changes for more
/// than 5 minutes (with the defaults, up to a day).
const STREAM_MAPPING: &str = "      StartingPosition: LATEST\n      BatchSize: 100\n      MaximumBatchingWindowInSeconds: 0\n      MaximumRetryAttempts: 2\n      MaximumRecordAgeInSeconds: 300\n      BisectBatchOnFunctionError: true\n      FunctionResponseTypes:\n        - ReportBatchItemFailures\n";
/// The data source of every publishing mutation: AppSync's pass-through.
pub const PUBLISHING_DATA_SOURCE: &str = "PublishingDataSource";
/// What Lambda's event source mapping does with the function's role on its one source queue
/// (AWS's `AWSLambdaSQSQueueExecutionRole` grants these on every queue of the account).
pub const POLL_QUEUE: &[&str] = &["sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:GetQueueAttributes"];
/// The Sid of that statement: the IAM check counts it as the Lambda service's, not the code's.
pub const POLLING_SID: &str = "LambdaEventSourcePolling";

/// One Allow statement: its actions on one resource (a CloudFormation value).
fn statement(actions: &[&str], resource: &str) -> String {
    let actions: String = actions.iter().map(|a| format!("                - {a}\n")).collect();
    format!("        - Statement:\n            - Effect: Allow\n              Action:\n{actions}              Resource: {resource}\n")
}

fn table_arn(t: Table) -> String {
    format!("!GetAtt {}.Arn", t.logical_id())
}

/// What no role may do to the history table: a change's record is kept (the writers use
/// `PutItem` with `attribute_not_exists`; `BatchWriteItem` could delete too).
pub const HISTORY_DELETES: &[&str] =
    &["dynamodb:DeleteItem", "dynamodb:BatchWriteItem", "dynamodb:PartiQLDelete", "dynamodb:DeleteTable"];

/// Every function's Deny of `HISTORY_DELETES`: an Allow added later cannot undo it.
fn deny_history_deletes() -> String {
    let actions: String = HISTORY_DELETES.iter().map(|a| format!("                - {a}\n")).collect();
    format!(
        "        - Statement:\n            - Effect: Deny\n              Action:\n{actions}              Resource: {}\n",
        table_arn(Table::History)
    )
}

/// The streams' reading, and the failure queue's sending, for a function
/// DynamoDB streams invoke: what Lambda's event source mapping uses, on this
/// function's streams alone (SAM's `AWSLambdaDynamoDBExecutionRole` would
/// read any stream). One statement per resource, as the polling one.
fn stream_reading(spec: &FunctionSpec) -> Vec<String> {
    let Trigger::Streams(tables) = spec.trigger else { return Vec::new() };
    let actions: String = READ_STREAM.iter().map(|a| format!("                - {a}\n")).collect();
    let service = |actions: &str, resource: String| {
        format!("        - Statement:\n            - Sid: {POLLING_SID}\n              Effect: Allow\n              Action:\n{actions}              Resource: {resource}\n")
    };
    tables
        .iter()
        .map(|t| service(&actions, format!("!GetAtt {}.StreamArn", t.logical_id())))
        .chain([service("                - sqs:SendMessage\n", format!("!GetAtt {}.Arn", failures_queue(spec)))])
        .collect()
}

/// The queue a stream-triggered function's failed records' positions go to.
pub fn failures_queue(spec: &FunctionSpec) -> String {
    format!("{}FailuresQueue", spec.logical_id())
}

/// The source queue's polling, for a function an SQS event source invokes.
fn polling(spec: &FunctionSpec) -> Option<String> {
    let Trigger::Queue(q) = spec.trigger else { return None };
    let actions: String = POLL_QUEUE.iter().map(|a| format!("                - {a}\n")).collect();
    Some(format!(
        "        - Statement:\n            - Sid: {POLLING_SID}\n              Effect: Allow\n              Action:\n{actions}              Resource: !GetAtt {}.Arn\n",
        q.logical_id()
    ))
}

pub fn policies(spec: &FunctionSpec) -> Vec<String> {
    let bucket = |b: Bucket| format!("!Sub 'arn:${{AWS::Partition}}:s3:::{}'", bucket_in_sub(b));
    let objects = |b: Bucket| format!("!Sub 'arn:${{AWS::Partition}}:s3:::{}/*'", bucket_in_sub(b));
    let grants: Vec<(&[&str], String)> = spec
        .policies()
        .iter()
        .filter_map(|g| {
            Some(match *g {
                Grant::GetItems(t) => (GET_ITEMS, table_arn(t)),
                Grant::BatchGetItems(t) => (BATCH_GET_ITEMS, table_arn(t)),
                Grant::QueryTable(t) => (QUERY_TABLE, table_arn(t)),
                Grant::QueryIndex(t, index) => (QUERY_INDEX, format!("!Sub '${{{}.Arn}}/index/{index}'", t.logical_id())),
                Grant::ScanTable(t) => (SCAN_TABLE, table_arn(t)),
                Grant::PutItems(t) => (PUT_ITEMS, table_arn(t)),
                Grant::UpdateItems(t) => (UPDATE_ITEMS, table_arn(t)),
                Grant::CheckItems(t) => (CHECK_ITEMS, table_arn(t)),
                Grant::DeleteItems(t) => (DELETE_ITEMS, table_arn(t)),
                Grant::BatchWriteTable(t) => (BATCH_WRITE_TABLE, table_arn(t)),
                Grant::ListObjects(b) => (LIST_BUCKET, bucket(b)),
                Grant::ReadObjects(b) => (READ_OBJECTS, objects(b)),
                Grant::WriteBucket(b) => (WRITE_OBJECTS, objects(b)),
                Grant::DeleteObjects(b) => (DELETE_OBJECTS, objects(b)),
                Grant::ListUsers => (LIST_USERS, "!GetAtt UserPool.Arn".to_string()),
                Grant::SendToQueue(q) => (SEND_MESSAGES, format!("!GetAtt {}.Arn", q.logical_id())),
                Grant::DelayQueueMessages(q) => (DELAY_MESSAGES, format!("!GetAtt {}.Arn", q.logical_id())),
                // The one parameter holding the signing secret (aws/ssm key: no KMS grant needed).
                Grant::PagingTokens => (GET_PARAMETER, PAGING_SECRET_ARN.to_string()),
                Grant::RoutingService => (GET_PARAMETER, format!("!Sub ['arn:${{AWS::Partition}}:ssm:${{AWS::Region}}:${{AWS::AccountId}}:parameter${{KeyName}}', {{KeyName: {ROUTING_KEY_NAME}}}]")),
                Grant::PublishChanges(field) => {
                    (PUBLISH_GRAPHQL, format!("!Sub '${{GraphQLApi.Arn}}/types/Mutation/fields/{field}'"))
                }
                Grant::FileUploads => return None, // no IAM
            })
        })
        .collect();
    // One statement per resource, its actions in the order granted: fine-grained
    // grants stay one line each in the registry without growing the role's policy.
    let mut by_resource: Vec<(String, Vec<&str>)> = Vec::new();
    for (actions, resource) in grants {
        let at = match by_resource.iter().position(|(r, _)| *r == resource) {
            Some(at) => at,
            None => {
                by_resource.push((resource, Vec::new()));
                by_resource.len() - 1
            }
        };
        for action in actions {
            if !by_resource[at].1.contains(action) {
                by_resource[at].1.push(action);
            }
        }
    }
    by_resource
        .iter()
        .map(|(resource, actions)| statement(actions, resource))
        .chain(polling(spec))
        .chain(stream_reading(spec))
        .chain([deny_history_deletes()])
        .collect()
}

/// The CloudFormation value of an environment variable a function reads.
pub fn env_value(var: &str) -> String {
    if let Some(t) = Table::ALL.iter().find(|t| t.env_var() == var) {
        return format!("!Ref {}", t.logical_id());
    }
    if let Some(&b) = Bucket::ALL.iter().find(|b| b.env_var() == var) {
        return match stack_named_bucket(b) {
            Some(name) => format!("!Sub '{name}'"),
            None => format!("!Ref {}", b.logical_id()),
        };
    }
    if let Some(q) = fleet_shared::Queue::ALL.iter().find(|q| q.env_var() == var) {
        return format!("!Ref {}", q.logical_id()); // a queue's Ref is its URL
    }
    match var {
        resources::USER_POOL_ID => "!Ref UserPool".into(),
        resources::PAGING_TOKEN_SECRET => PAGING_SECRET_NAME.into(),
        resources::STACK_NAME => "!Ref AWS::StackName".into(),
        resources::ROUTING_SERVICE_URL => format!("!Ref {ROUTING_URL_PARAMETER}"),
        resources::ROUTING_SERVICE_KEY_PARAMETER => ROUTING_KEY_NAME.to_string(),
        resources::GRAPHQL_URL => "!GetAtt GraphQLApi.GraphQLUrl".into(),
        other => panic!("no template value for {other}"),
    }
}

fn function(out: &mut String, spec: &FunctionSpec) {
    let id = spec.logical_id();
    let _ = write!(
        out,
        "  {id}Function:\n    Type: AWS::Serverless::Function\n    Metadata:\n      BuildMethod: rust-cargolambda\n      BuildProperties:\n        Binary: {BINARY}\n      checkov:\n        skip:\n{skips}    Properties:\n      CodeUri: .\n      Description: {desc}\n",
        skips = FUNCTION_SKIPS
            .iter()
            .copied()
            .chain([("CKV_AWS_116", NO_DLQ_REASON)])
            .map(|(id, comment)| format!("          - id: {id}\n            comment: '{}'\n", comment.replace('\'', "''")))
            .collect::<String>(),
        desc = match spec.trigger {
            Trigger::Query(f) => format!("GraphQL Query.{f}"),
            Trigger::Mutation(f) => format!("GraphQL Mutation.{f}"),
            Trigger::Subscription(f) => format!("GraphQL Subscription.{f}"),
            Trigger::Streams(tables) => format!(
                "DynamoDB streams of {}",
                tables.iter().map(|t| t.logical_id()).collect::<Vec<_>>().join(", ")
            ),
            Trigger::Http { method, path } => format!("HTTP {method} {path}"),
            Trigger::Schedule(e) => format!("Scheduled {e}"),
            Trigger::Queue(q) => format!("SQS {}", q.logical_id()),
        }
    );
    // Exactly what the declaration implies: the drift test reads these back.
    let _ =
        write!(out, "      Environment:\n        Variables:\n          {}: {}\n", resources::FUNCTION_VAR, spec.name);
    for var in spec.needs().env_vars() {
        let _ = writeln!(out, "          {var}: {}", env_value(var));
    }
    let policies = policies(spec);
    if !policies.is_empty() {
        out.push_str("      Policies:\n");
        policies.iter().for_each(|p| out.push_str(p));
    }
    match spec.trigger {
        Trigger::Http { method, path } => {
            let _ = write!(out, "      Events:\n        Api:\n          Type: HttpApi\n          Properties:\n            ApiId: !Ref HttpApi\n            Method: {method}\n            Path: {path}\n");
        }
        Trigger::Schedule(expr) => {
            let _ = write!(
                out,
                "      DeadLetterQueue:\n        Type: SQS\n        TargetArn: !GetAtt {SCHEDULED_FAILURES_QUEUE}.Arn\n      Events:\n        Tick:\n          Type: Schedule\n          Properties:\n            Schedule: {expr}\n"
            );
        }
        // Not SAM's `Type: SQS` event: for it SAM attaches AWSLambdaSQSQueueExecutionRole, which may
        // receive and delete on every queue. The mapping itself, and the polling statement on this
        // queue alone (`polling`), grant only what it uses.
        Trigger::Queue(q) => {
            let _ = write!(
                out,
                "  {id}Messages:\n    Type: AWS::Lambda::EventSourceMapping\n    Properties:\n      EventSourceArn: !GetAtt {}.Arn\n      FunctionName: !Ref {id}Function\n      BatchSize: 10\n      FunctionResponseTypes:\n        - ReportBatchItemFailures\n",
                q.logical_id()
            );
        }
        Trigger::Streams(tables) => {
            let queue = failures_queue(spec);
            for t in tables {
                let _ = write!(
                    out,
                    "  {id}{table}Changes:\n    Type: AWS::Lambda::EventSourceMapping\n    Properties:\n      EventSourceArn: !GetAtt {table}.StreamArn\n      FunctionName: !Ref {id}Function\n{STREAM_MAPPING}      DestinationConfig:\n        OnFailure:\n          Destination: !GetAtt {queue}.Arn\n",
                    table = t.logical_id()
                );
            }
            let _ = write!(
                out,
                "  {queue}:\n    Type: AWS::SQS::Queue\n    Metadata:\n      checkov:\n        skip:\n          - id: CKV_AWS_27\n            comment: Encrypted with SSE-SQS (SqsManagedSseEnabled, required by the drift test); this check knows only KmsMasterKeyId\n    Properties:\n      MessageRetentionPeriod: 1209600\n      SqsManagedSseEnabled: true\n  {id}IteratorAgeAlarm:\n    Type: AWS::CloudWatch::Alarm\n    Properties:\n      AlarmDescription: {id} is more than a minute behind its streams; the dashboard's live changes are late\n      Namespace: AWS/Lambda\n      MetricName: IteratorAge\n      Dimensions:\n        - Name: FunctionName\n          Value: !Ref {id}Function\n      Statistic: Maximum\n      Period: 60\n      EvaluationPeriods: 5\n      Threshold: 60000\n      ComparisonOperator: GreaterThanThreshold\n      TreatMissingData: notBreaching\n      AlarmActions:\n        - !Ref {ALARMS_TOPIC}\n      OKActions:\n        - !Ref {ALARMS_TOPIC}\n"
            );
        }
        Trigger::Query(field) | Trigger::Mutation(field) | Trigger::Subscription(field) => {
            let type_name = match spec.trigger {
                Trigger::Query(_) => "Query",
                Trigger::Mutation(_) => "Mutation",
                _ => "Subscription",
            };
            let _ = write!(
                out,
                "  {id}DataSource:\n    Type: AWS::AppSync::DataSource\n    Properties:\n      ApiId: !GetAtt GraphQLApi.ApiId\n      Name: {id}\n      Type: AWS_LAMBDA\n      ServiceRoleArn: !GetAtt AppSyncInvokeRole.Arn\n      LambdaConfig:\n        LambdaFunctionArn: !GetAtt {id}Function.Arn\n  {id}Resolver:\n    Type: AWS::AppSync::Resolver\n    DependsOn: GraphQLSchema\n    Properties:\n      ApiId: !GetAtt GraphQLApi.ApiId\n      TypeName: {type_name}\n      FieldName: {field}\n      DataSourceName: !GetAtt {id}DataSource.Name\n"
            );
        }
    }
}

pub fn render<'a>(base: &str, functions: impl Iterator<Item = &'a FunctionSpec>) -> String {
    let functions: Vec<&FunctionSpec> = functions.collect();
    let mut out = String::from("# GENERATED by `cargo run -p fleet-local -- template` from infra/template.base.yaml\n# and the function registry. Edit those, not this file.\n");
    out.push_str(base.trim_end());
    out.push_str(&crate::web_hosting::response_headers_policy());
    out.push_str(&crate::web_hosting::paths_function());
    out.push_str("\n\n  # AppSync may invoke exactly the resolver functions.\n  AppSyncInvokeRole:\n    Type: AWS::IAM::Role\n    Properties:\n      AssumeRolePolicyDocument:\n        Version: '2012-10-17'\n        Statement:\n          - Effect: Allow\n            Principal:\n              Service: appsync.amazonaws.com\n            Action: sts:AssumeRole\n      Policies:\n        - PolicyName: InvokeResolvers\n          PolicyDocument:\n            Version: '2012-10-17'\n            Statement:\n              - Effect: Allow\n                Action: lambda:InvokeFunction\n                Resource:\n");
    for f in functions
        .iter()
        .filter(|f| matches!(f.trigger, Trigger::Query(_) | Trigger::Mutation(_) | Trigger::Subscription(_)))
    {
        let _ = writeln!(out, "                  - !GetAtt {}Function.Arn", f.logical_id());
    }
    for f in &functions {
        out.push('\n');
        function(&mut out, f);
    }
    publishing(&mut out, &functions);
    for queue in dead_letter_queues(&out) {
        alarms(&mut out, &queue);
    }
    for bucket in Bucket::ALL {
        tls_only(&mut out, bucket.logical_id());
    }
    out
}

/// The publishing mutations the functions call (`Grant::PublishChanges`):
/// each resolved by AppSync's NONE data source, which hands the input back,
/// so AppSync sends it to the field's subscribers.
fn publishing(out: &mut String, functions: &[&FunctionSpec]) {
    let mut fields: Vec<&str> = functions
        .iter()
        .flat_map(|f| f.grants.iter())
        .filter_map(|g| match g {
            Grant::PublishChanges(field) => Some(*field),
            _ => None,
        })
        .collect();
    fields.sort_unstable();
    fields.dedup();
    if fields.is_empty() {
        return;
    }
    let _ = write!(
        out,
        "\n  {PUBLISHING_DATA_SOURCE}:\n    Type: AWS::AppSync::DataSource\n    Properties:\n      ApiId: !GetAtt GraphQLApi.ApiId\n      Name: Publishing\n      Type: NONE\n"
    );
    for field in fields {
        let id: String = field[..1].to_ascii_uppercase() + &field[1..];
        let _ = write!(
            out,
            "  {id}Resolver:\n    Type: AWS::AppSync::Resolver\n    DependsOn: GraphQLSchema\n    Properties:\n      ApiId: !GetAtt GraphQLApi.ApiId\n      TypeName: Mutation\n      FieldName: {field}\n      DataSourceName: !GetAtt {PUBLISHING_DATA_SOURCE}.Name\n      RequestMappingTemplate: |\n        {{\"version\": \"2018-05-29\", \"payload\": $util.toJson($context.arguments.input)}}\n      ResponseMappingTemplate: |\n        $util.toJson($context.result)\n"
        );
    }
}

/// A bucket's policy refusing any request over plain HTTP (issue 59): the
/// web bucket's is hand-written with its CloudFront grant; every function's
/// bucket gets this one.
fn tls_only(out: &mut String, bucket: &str) {
    let _ = write!(
        out,
        "\n  {bucket}TlsOnlyPolicy:\n    Type: AWS::S3::BucketPolicy\n    Properties:\n      Bucket: !Ref {bucket}\n      PolicyDocument:\n        Version: '2012-10-17'\n        Statement:\n          - Sid: TlsOnly\n            Effect: Deny\n            Principal: '*'\n            Action: s3:*\n            Resource:\n              - !GetAtt {bucket}.Arn\n              - !Sub '${{{bucket}.Arn}}/*'\n            Condition:\n              Bool:\n                aws:SecureTransport: 'false'\n"
    );
}

/// Every queue the template parks messages in: a redrive policy's target or a
/// function's `DeadLetterQueue`, so a new one gets its alarms without asking.
pub fn dead_letter_queues(yaml: &str) -> std::collections::BTreeSet<String> {
    yaml.lines()
        .filter_map(|l| {
            let t = l.trim();
            t.strip_prefix("deadLetterTargetArn: !GetAtt ")
                .or_else(|| t.strip_prefix("TargetArn: !GetAtt "))
                .or_else(|| t.strip_prefix("Destination: !GetAtt "))
        })
        .filter_map(|r| r.strip_suffix(".Arn"))
        .map(str::to_string)
        .collect()
}

/// A dead-letter queue's two alarms: anything parked at all, and anything
/// parked for a day (a message expires 14 days after it was first sent).
fn alarms(out: &mut String, queue: &str) {
    for (suffix, metric, threshold, what) in [
        ("Depth", "ApproximateNumberOfMessagesVisible", 0, "Messages are parked in"),
        ("Age", "ApproximateAgeOfOldestMessage", 86_400, "A message has been parked for over a day in"),
    ] {
        let _ = write!(
            out,
            "\n  {queue}{suffix}Alarm:\n    Type: AWS::CloudWatch::Alarm\n    Properties:\n      AlarmDescription: {what} {queue}; scripts/dead-letters.sh lists them with their reasons and redrives them\n      Namespace: AWS/SQS\n      MetricName: {metric}\n      Dimensions:\n        - Name: QueueName\n          Value: !GetAtt {queue}.QueueName\n      Statistic: Maximum\n      Period: 300\n      EvaluationPeriods: 1\n      Threshold: {threshold}\n      ComparisonOperator: GreaterThanThreshold\n      TreatMissingData: notBreaching\n      AlarmActions:\n        - !Ref {ALARMS_TOPIC}\n      OKActions:\n        - !Ref {ALARMS_TOPIC}\n"
        );
    }
}
