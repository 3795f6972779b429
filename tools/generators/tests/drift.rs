//! The schema, template.yaml, the handler registry and the binaries must
//! describe the same set of functions.
use apollo_compiler::schema::ExtendedType;
use fleet_front_door::graphql;
use fleet_functions as registry;
use fleet_generators::{rules, shapes, template};
use fleet_shared::{Grant, Permission, Trigger};
use std::collections::BTreeSet;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().parent().unwrap()
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

#[test]
fn every_schema_field_has_a_function_and_every_resolver_a_field() {
    let schema = graphql::load_schema(&read("infra/schema.graphql")).unwrap();
    let mut in_schema = BTreeSet::new();
    for type_name in ["Query", "Mutation", "Subscription"] {
        if let Some(ExtendedType::Object(obj)) = schema.types.get(type_name) {
            in_schema.extend(obj.fields.keys().map(|f| format!("{type_name}.{f}")));
        }
    }
    // A publishing mutation has no function: AppSync's NONE data source
    // resolves it, for the function granted to call it.
    let in_registry: BTreeSet<String> = registry::all()
        .flat_map(|f| {
            let published = f.grants.iter().filter_map(|g| match g {
                Grant::PublishChanges(field) => Some(format!("Mutation.{field}")),
                _ => None,
            });
            let resolved = match f.trigger {
                Trigger::Query(n) => Some(format!("Query.{n}")),
                Trigger::Mutation(n) => Some(format!("Mutation.{n}")),
                Trigger::Subscription(n) => Some(format!("Subscription.{n}")),
                _ => None,
            };
            resolved.into_iter().chain(published).collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(in_schema, in_registry, "schema fields vs registered resolvers");
}

/// Each GraphQL field's answer, as its handler's type describes it, fits the
/// schema's type: every non-null field present and never null, scalars matching.
#[test]
fn graphql_answers_fit_the_schema() {
    let schema = graphql::load_schema(&read("infra/schema.graphql")).unwrap();
    let mismatches = shapes::graphql_mismatches(registry::all(), &schema);
    assert!(mismatches.is_empty(), "{} mismatches:\n{}", mismatches.len(), mismatches.join("\n"));
}

/// Every request field named as an id, a date or a time (`id`, `date`,
/// `…Id`, `…Date`, `…At`, `…Time`) parses itself (a newtype of
/// `fleet_shared::entity::ids`, or one of its area's), or says with
/// `x-plain-text` why it stays text. The walk's own test shows it finds a
/// `String` field added for the purpose (`shapes::tests`).
#[test]
fn request_ids_dates_and_times_parse_themselves() {
    let found = shapes::plain_text_request_fields(registry::all());
    assert!(
        found.is_empty(),
        "{} plain-text request fields named as ids, dates or times: parse each at the edge, or say why not:\n{}",
        found.len(),
        found.join("\n")
    );
}

/// Every queue that feeds a function retries enough that throttling alone
/// never parks a good message (AWS advises a `maxReceiveCount` of at least 5;
/// each is `parking::MAX_RECEIVES`, the receive its consumer parks on),
/// and keeps a message hidden at least six times the function's timeout while
/// a batch is handled (Lambda's SQS guide).
#[test]
fn queues_that_feed_functions_retry_enough_and_hide_long_enough() {
    let yaml = read(template::OUTPUT_PATH);
    let timeout: u32 = yaml
        .lines()
        .find_map(|l| l.strip_prefix("    Timeout: "))
        .and_then(|t| t.trim().parse().ok())
        .expect("the functions' global timeout");
    assert!(
        !yaml.lines().any(|l| l.trim_start().starts_with("Timeout: ") && !l.starts_with("    Timeout: ")),
        "one timeout for every function"
    );
    let mut queues = 0;
    // The template's resources: each starts at a line indented two spaces.
    let mut blocks: Vec<String> = Vec::new();
    for line in yaml.lines() {
        if line.starts_with("  ") && !line[2..].starts_with(' ') || blocks.is_empty() {
            blocks.push(String::new());
        }
        if let Some(block) = blocks.last_mut() {
            block.push_str(line);
            block.push('\n');
        }
    }
    // The queues an event source mapping reads into a function (fridges read their command queue themselves).
    let feeding: BTreeSet<&str> =
        yaml.lines().filter_map(|l| l.trim().strip_prefix("EventSourceArn: !GetAtt ")?.strip_suffix(".Arn")).collect();
    let named = |b: &String| b.lines().next().map(|l| l.trim().trim_end_matches(':').to_string()).unwrap_or_default();
    for block in blocks.iter().filter(|b| feeding.contains(named(b).as_str())) {
        let name = named(block);
        let number = |key: &str| -> u32 {
            block.lines().find_map(|l| l.trim().strip_prefix(key)).and_then(|v| v.trim().parse().ok()).unwrap_or(0)
        };
        // The count its consumer parks on (`parking::LastReceive`): at least 5, so throttling alone parks nothing.
        assert_eq!(number("maxReceiveCount: "), fleet_shared::parking::MAX_RECEIVES, "{name} maxReceiveCount");
        assert!(
            number("VisibilityTimeout: ") >= 6 * timeout,
            "{name} VisibilityTimeout {}",
            number("VisibilityTimeout: ")
        );
        queues += 1;
    }
    assert!(queues >= 4, "the telemetry, orders, forecast and route sync queues: {queues}");
}

#[test]
fn the_web_rest_contract_is_generated_from_the_handlers() {
    for (name, text) in shapes::rest_files(registry::all()) {
        let rel = format!("{}/{name}", shapes::REST_DIR);
        assert!(read(&rel) == text, "{rel} is out of date: run `cargo run -p fleet-local -- contract`");
    }
}

#[test]
fn template_yaml_is_generated_from_the_registry() {
    let rendered = template::render(&read(template::BASE_PATH), registry::all());
    assert!(
        read(template::OUTPUT_PATH) == rendered,
        "template.yaml is out of date: run `cargo run -p fleet-local -- template`"
    );
    let yaml = read(template::OUTPUT_PATH);
    for f in registry::all() {
        assert!(
            yaml.contains(&format!("          FLEET_FUNCTION: {}\n", f.name)),
            "{} has no function resource",
            f.name
        );
        if let Trigger::Http { method, path } = f.trigger {
            assert!(
                yaml.contains(&format!("Method: {method}\n            Path: {path}\n")),
                "route {method} {path} missing"
            );
        }
    }
}

/// The block of template.yaml that defines one function resource.
fn function_block<'a>(yaml: &'a str, logical_id: &str) -> &'a str {
    let start =
        yaml.find(&format!("\n  {logical_id}Function:\n")).unwrap_or_else(|| panic!("{logical_id}Function missing"));
    let rest = &yaml[start + 1..];
    // It ends where the next resource (a two-space indented name) begins.
    let len: usize = rest
        .lines()
        .enumerate()
        .take_while(|(i, l)| *i == 0 || l.starts_with("   ") || l.is_empty())
        .map(|(_, l)| l.len() + 1)
        .sum();
    &rest[..len.min(rest.len())]
}

/// The `Environment.Variables` of a function block, as (name, value).
fn env_of(block: &str) -> BTreeSet<(String, String)> {
    let lines = block.lines().skip_while(|l| l.trim() != "Variables:").skip(1);
    let mut vars = BTreeSet::new();
    for line in lines {
        if !line.starts_with("          ") {
            break;
        }
        let (k, v) = line.trim().split_once(": ").expect("NAME: value");
        vars.insert((k.to_string(), v.to_string()));
    }
    vars
}

/// The statements of a function block, as (effect, action, resource);
/// the routing key's SSM parameter by its template parameter's name.
fn statements_of(block: &str) -> BTreeSet<(String, String, String)> {
    let mut out = BTreeSet::new();
    let mut actions: Vec<String> = Vec::new();
    let mut effect = String::new();
    let mut in_actions = false;
    for l in block.lines().map(str::trim) {
        if let Some(e) = l.strip_prefix("Effect: ").or_else(|| l.strip_prefix("- Effect: ")) {
            effect = e.to_string();
        } else if l == "Action:" {
            in_actions = true;
            actions.clear();
        } else if let Some(action) = l.strip_prefix("- ").filter(|_| in_actions) {
            actions.push(action.to_string());
        } else if let Some(resource) = l.strip_prefix("Resource: ") {
            in_actions = false;
            let routing = format!(":parameter${{KeyName}}', {{KeyName: {}}}]", template::ROUTING_KEY_NAME);
            let resource = if resource.ends_with(&routing) {
                template::ROUTING_KEY_PARAMETER.to_string()
            } else {
                resource.to_string()
            };
            out.extend(actions.drain(..).map(|a| (effect.clone(), a, resource.clone())));
            effect.clear();
        } else if l.starts_with("Events:") || l.starts_with("DeadLetterQueue:") {
            break;
        }
    }
    out
}

/// The Allow statements of a function block, as (action, resource) pairs.
fn policies_of(block: &str) -> BTreeSet<(String, String)> {
    statements_of(block).into_iter().filter(|(e, _, _)| e == "Allow").map(|(_, a, r)| (a, r)).collect()
}

/// The Deny statements of a function block, as (action, resource) pairs.
fn denials_of(block: &str) -> BTreeSet<(String, String)> {
    statements_of(block).into_iter().filter(|(e, _, _)| e == "Deny").map(|(_, a, r)| (a, r)).collect()
}

/// What Lambda's polling of its source queue needs, for a function an SQS event source invokes.
fn polled(f: &fleet_shared::FunctionSpec) -> Vec<(String, String)> {
    match f.trigger {
        fleet_shared::Trigger::Queue(q) => ["sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:GetQueueAttributes"]
            .iter()
            .map(|a| (a.to_string(), format!("!GetAtt {}.Arn", q.logical_id())))
            .collect(),
        // The streams it is invoked by, and its failure queue: nothing else.
        fleet_shared::Trigger::Streams(tables) => tables
            .iter()
            .flat_map(|t| {
                ["dynamodb:DescribeStream", "dynamodb:GetRecords", "dynamodb:GetShardIterator", "dynamodb:ListStreams"]
                    .iter()
                    .map(move |a| (a.to_string(), format!("!GetAtt {}.StreamArn", t.logical_id())))
            })
            .chain([("sqs:SendMessage".to_string(), format!("!GetAtt {}FailuresQueue.Arn", f.logical_id()))])
            .collect(),
        _ => vec![],
    }
}

/// What each grant allows, written out here apart from the generator, so a
/// generator that grants more (or a SAM policy template) fails the test.
fn allowed_by(g: Grant) -> Vec<(String, String)> {
    let table = |t: fleet_shared::Table| format!("!GetAtt {}.Arn", t.logical_id());
    // A bucket the stack names is named, never referenced (see presigned_buckets_are_named...).
    let name = |b: fleet_shared::Bucket| {
        template::stack_named_bucket(b).map(str::to_string).unwrap_or_else(|| format!("${{{}}}", b.logical_id()))
    };
    let bucket = |b: fleet_shared::Bucket| format!("!Sub 'arn:${{AWS::Partition}}:s3:::{}'", name(b));
    let objects = |b: fleet_shared::Bucket| format!("!Sub 'arn:${{AWS::Partition}}:s3:::{}/*'", name(b));
    let on = |actions: &[&str], resource: String| -> Vec<(String, String)> {
        actions.iter().map(|a| (a.to_string(), resource.clone())).collect()
    };
    match g {
        Grant::GetItems(t) => on(&["dynamodb:GetItem"], table(t)),
        Grant::BatchGetItems(t) => on(&["dynamodb:BatchGetItem"], table(t)),
        Grant::QueryTable(t) => on(&["dynamodb:Query"], table(t)),
        Grant::QueryIndex(t, i) => on(&["dynamodb:Query"], format!("!Sub '${{{}.Arn}}/index/{i}'", t.logical_id())),
        Grant::ScanTable(t) => on(&["dynamodb:Scan"], table(t)),
        Grant::PutItems(t) => on(&["dynamodb:PutItem"], table(t)),
        Grant::UpdateItems(t) => on(&["dynamodb:UpdateItem"], table(t)),
        Grant::CheckItems(t) => on(&["dynamodb:ConditionCheckItem"], table(t)),
        Grant::DeleteItems(t) => on(&["dynamodb:DeleteItem"], table(t)),
        Grant::BatchWriteTable(t) => on(&["dynamodb:BatchWriteItem"], table(t)),
        Grant::ListObjects(b) => on(&["s3:ListBucket"], bucket(b)),
        Grant::ReadObjects(b) => on(&["s3:GetObject"], objects(b)),
        Grant::WriteBucket(b) => on(&["s3:PutObject"], objects(b)),
        Grant::DeleteObjects(b) => on(&["s3:DeleteObject"], objects(b)),
        Grant::ListUsers => on(&["cognito-idp:ListUsers"], "!GetAtt UserPool.Arn".into()),
        Grant::SendToQueue(q) => on(&["sqs:SendMessage"], format!("!GetAtt {}.Arn", q.logical_id())),
        Grant::DelayQueueMessages(q) => on(&["sqs:ChangeMessageVisibility"], format!("!GetAtt {}.Arn", q.logical_id())),
        // The stack's own parameter, whatever the deployer passes: no parameter names another.
        Grant::PagingTokens => on(
            &["ssm:GetParameter"],
            "!Sub 'arn:${AWS::Partition}:ssm:${AWS::Region}:${AWS::AccountId}:parameter/${AWS::StackName}/paging-token-secret'"
                .into(),
        ),
        Grant::RoutingService => on(&["ssm:GetParameter"], template::ROUTING_KEY_PARAMETER.into()),
        Grant::PublishChanges(field) => {
            on(&["appsync:GraphQL"], format!("!Sub '${{GraphQLApi.Arn}}/types/Mutation/fields/{field}'"))
        }
        Grant::FileUploads => vec![],
    }
}

#[test]
fn each_function_gets_exactly_the_environment_and_policies_its_grants_imply() {
    let yaml = read(template::OUTPUT_PATH);
    let globals = &yaml[yaml.find("Globals:").unwrap()..yaml.find("Outputs:").unwrap()];
    for t in fleet_shared::Table::ALL {
        assert!(!globals.contains(t.env_var()), "{} must not be global: each function gets only its own", t.env_var());
    }
    for f in registry::all() {
        let block = function_block(&yaml, &f.logical_id());
        let mut expected: BTreeSet<(String, String)> =
            f.needs().env_vars().into_iter().map(|v| (v.to_string(), template::env_value(v))).collect();
        expected.insert(("FLEET_FUNCTION".into(), f.name.into()));
        assert_eq!(env_of(block), expected, "environment of {}", f.name);
        let expected: BTreeSet<(String, String)> =
            f.policies().into_iter().flat_map(allowed_by).chain(polled(f)).collect();
        assert_eq!(policies_of(block), expected, "policies of {}", f.name);
        // No role may delete a change's record, whatever it is granted.
        let history_deletes: BTreeSet<(String, String)> =
            ["dynamodb:DeleteItem", "dynamodb:BatchWriteItem", "dynamodb:PartiQLDelete", "dynamodb:DeleteTable"]
                .iter()
                .map(|a| (a.to_string(), "!GetAtt HistoryTable.Arn".to_string()))
                .collect();
        assert_eq!(denials_of(block), history_deletes, "denials of {}", f.name);
        assert!(block.contains(&format!("Binary: {}\n", template::BINARY)), "{} runs the shared binary", f.name);
    }
}

#[test]
fn the_drift_checks_can_fail() {
    // A template where get_location was handed every table would be caught.
    let yaml = read(template::OUTPUT_PATH).replace(
        "          FLEET_FUNCTION: get_location\n",
        "          FLEET_FUNCTION: get_location\n          NAME_LISTS_TABLE: !Ref NameListsTable\n",
    );
    let f = registry::by_name("get_location").unwrap();
    assert_ne!(env_of(function_block(&yaml, &f.logical_id())).len(), f.needs().env_vars().len() + 1);
}

#[test]
fn system_only_functions_have_no_user_trigger() {
    for f in registry::all() {
        if f.permission == Permission::System {
            assert!(!f.is_user_facing(), "{} is system-only but has a GraphQL or HTTP trigger", f.name);
        }
    }
    assert!(registry::all().any(|f| f.permission == Permission::System), "the scheduler is declared system-only");
}

#[test]
fn every_function_name_is_one_registry_entry_of_the_binary() {
    let mut names: Vec<&str> = registry::all().map(|f| f.name).collect();
    let n = names.len();
    names.sort();
    names.dedup();
    assert_eq!(n, names.len(), "function names are unique");
    for (area, _) in registry::areas() {
        assert!(
            !root().join("functions").join(area).join("src/bin").exists(),
            "functions/{area} must not build binaries of its own"
        );
    }
}

#[test]
fn every_permission_action_is_in_the_reference_groups() {
    for f in registry::all() {
        for a in f.actions() {
            assert!(fn_permissions::actions::is_known(a), "{} needs unknown action {a}", f.name);
        }
    }
}

#[test]
fn the_browser_reads_the_same_rules_the_server_checks() {
    assert!(
        read(rules::RULES_PATH) == rules::rules_json(),
        "{} differs from the server's rules: run `cargo run -p fleet-local -- rules`",
        rules::RULES_PATH
    );
}

/// The resources of template.yaml as (logical id, type, block text), read the
/// way the drift checks above read functions: by indentation.
fn resources(yaml: &str) -> Vec<(String, String, String)> {
    let body = &yaml[yaml.find("\nResources:\n").expect("Resources section") + 1..];
    let mut out: Vec<(String, String, String)> = Vec::new();
    for line in body.lines().skip(1) {
        let is_name = line.starts_with("  ")
            && !line.starts_with("   ")
            && line.ends_with(':')
            && !line.trim_start().starts_with('#');
        if is_name {
            out.push((line.trim().trim_end_matches(':').to_string(), String::new(), String::new()));
        } else if let Some(last) = out.last_mut() {
            if let Some(kind) = line.strip_prefix("    Type: ") {
                last.1 = kind.to_string();
            }
            last.2.push_str(line);
            last.2.push('\n');
        }
    }
    out
}

fn assert_dead_letters_watched(yaml: &str) {
    let all = resources(yaml);
    let queues: Vec<_> = all.iter().filter(|r| r.1 == "AWS::SQS::Queue").collect();
    assert!(queues.len() >= 9, "the template's queues were found ({})", queues.len());
    for (id, _, block) in &queues {
        assert!(
            block.contains("      SqsManagedSseEnabled: true\n"),
            "{id} is not encrypted at rest (SqsManagedSseEnabled)"
        );
    }
    // Independently of the generator: every redrive target and function DLQ.
    let mut dlqs = BTreeSet::new();
    for (_, _, block) in &all {
        for l in block.lines() {
            if let Some(rest) = l
                .trim()
                .strip_prefix("deadLetterTargetArn: !GetAtt ")
                .or_else(|| l.trim().strip_prefix("TargetArn: !GetAtt "))
            {
                dlqs.insert(rest.trim_end_matches(".Arn").to_string());
            }
        }
    }
    for q in [
        "TelemetryDeadLetterQueue",
        "ForecastUploadsDeadLetterQueue",
        "FridgeCommandsDeadLetterQueue",
        "InventoryServiceDeadLetterQueue",
        "ScheduledFailuresQueue",
    ] {
        assert!(dlqs.contains(q), "{q} is a dead-letter queue");
    }
    let alarms: Vec<&String> = all.iter().filter(|r| r.1 == "AWS::CloudWatch::Alarm").map(|r| &r.2).collect();
    for q in &dlqs {
        for metric in ["ApproximateNumberOfMessagesVisible", "ApproximateAgeOfOldestMessage"] {
            let found = alarms.iter().any(|a| {
                a.contains(&format!("      MetricName: {metric}\n"))
                    && a.contains(&format!("          Value: !GetAtt {q}.QueueName\n"))
                    && a.contains("      AlarmActions:\n")
            });
            assert!(found, "dead-letter queue {q} has no {metric} alarm");
        }
    }
}

#[test]
fn every_queue_is_encrypted_and_every_dead_letter_queue_has_depth_and_age_alarms() {
    assert_dead_letters_watched(&read(template::OUTPUT_PATH));
}

#[test]
fn the_dead_letter_checks_can_fail() {
    let yaml = read(template::OUTPUT_PATH);
    let unencrypted = yaml.replacen("      SqsManagedSseEnabled: true\n", "", 1);
    assert!(
        std::panic::catch_unwind(|| assert_dead_letters_watched(&unencrypted)).is_err(),
        "a queue without SSE is caught"
    );
    let no_age_alarm = yaml.replacen(
        "      MetricName: ApproximateAgeOfOldestMessage\n",
        "      MetricName: NumberOfMessagesSent\n",
        1,
    );
    assert!(
        std::panic::catch_unwind(|| assert_dead_letters_watched(&no_age_alarm)).is_err(),
        "a missing age alarm is caught"
    );
}

/// Every bucket has a policy that denies any request without TLS.
fn assert_buckets_refuse_plain_http(yaml: &str) {
    let all = resources(yaml);
    let buckets: Vec<&String> = all.iter().filter(|r| r.1 == "AWS::S3::Bucket").map(|r| &r.0).collect();
    assert!(buckets.len() >= 6, "the template's buckets were found ({})", buckets.len());
    let policies: Vec<&String> = all.iter().filter(|r| r.1 == "AWS::S3::BucketPolicy").map(|r| &r.2).collect();
    for bucket in buckets {
        let guarded = policies.iter().any(|p| {
            p.contains(&format!("      Bucket: !Ref {bucket}\n"))
                && p.contains("            Effect: Deny\n")
                && p.contains("                aws:SecureTransport: 'false'\n")
        });
        assert!(guarded, "{bucket} does not refuse plain HTTP (aws:SecureTransport)");
    }
}

#[test]
fn every_bucket_refuses_plain_http() {
    assert_buckets_refuse_plain_http(&read(template::OUTPUT_PATH));
}

#[test]
fn the_plain_http_check_can_fail() {
    let yaml = read(template::OUTPUT_PATH);
    let open = yaml.replacen("      Bucket: !Ref SnapshotsBucket\n", "      Bucket: !Ref SomeOtherBucket\n", 1);
    assert!(std::panic::catch_unwind(|| assert_buckets_refuse_plain_http(&open)).is_err(), "an open bucket is caught");
}

#[test]
fn business_tables_have_point_in_time_recovery_and_scheduled_functions_a_dead_letter_queue() {
    let yaml = read(template::OUTPUT_PATH);
    let all = resources(&yaml);
    // Only the fridges' own latest state and expiring telemetry may go without.
    let exempt = ["FridgeHealthTable", "FridgeInventoryTable", "FridgeTelemetryTable"];
    for (id, _, block) in all.iter().filter(|r| r.1 == "AWS::DynamoDB::Table") {
        let pitr = block.contains("        PointInTimeRecoveryEnabled: true\n");
        assert!(pitr || exempt.contains(&id.as_str()), "{id} has no point-in-time recovery");
        assert!(pitr || block.contains("- id: CKV_AWS_28\n"), "{id} skips point-in-time recovery without a reason");
    }
    for f in registry::all().filter(|f| matches!(f.trigger, Trigger::Schedule(_))) {
        let block = function_block(&yaml, &f.logical_id());
        assert!(
            block.contains(&format!(
                "      DeadLetterQueue:\n        Type: SQS\n        TargetArn: !GetAtt {}.Arn\n",
                template::SCHEDULED_FAILURES_QUEUE
            )),
            "{} has no on-failure queue",
            f.name
        );
    }
    for bucket in ["RoutesBucket", "UploadsBucket", "ItemImagesBucket", "ArtifactsBucket"] {
        let (_, _, block) = all.iter().find(|r| r.0 == bucket).unwrap_or_else(|| panic!("{bucket} missing"));
        assert!(
            block.contains("      VersioningConfiguration:\n        Status: Enabled\n"),
            "{bucket} is not versioned"
        );
    }
}

#[test]
fn every_checkov_skip_carries_a_reason_and_cors_is_not_open() {
    let yaml = read(template::OUTPUT_PATH);
    let lines: Vec<&str> = yaml.lines().collect();
    for (i, l) in lines.iter().enumerate() {
        if l.trim_start().starts_with("- id: CKV") {
            let next = lines.get(i + 1).map(|n| n.trim()).unwrap_or_default();
            assert!(
                next.strip_prefix("comment: ").is_some_and(|c| c.len() > 20),
                "skip without a reason at line {}: {l}",
                i + 1
            );
        }
    }
    let origin = &yaml[yaml.find("  WebOrigin:\n").expect("WebOrigin parameter")..];
    let default = origin.lines().find_map(|l| l.trim().strip_prefix("Default: ")).expect("WebOrigin default");
    assert!(!default.contains('*'), "WebOrigin must not default to any origin: {default}");
    assert!(!yaml.contains("PagingTokenSecret"), "the paging secret is never a template parameter");
}

/// A top-level parameter's block of the rendered template.
fn parameter_block<'a>(yaml: &'a str, name: &str) -> &'a str {
    let start = yaml.find(&format!("\n  {name}:\n")).unwrap_or_else(|| panic!("parameter {name}")) + 1;
    let rest = &yaml[start..];
    // Up to the next line indented less than the parameter's properties.
    let mut end = 0;
    for (n, line) in rest.split_inclusive('\n').enumerate() {
        if n > 0 && !line.starts_with("    ") {
            break;
        }
        end += line.len();
    }
    &rest[..end]
}

#[test]
fn the_routing_key_travels_over_https_and_its_parameter_is_the_stacks_own() {
    let yaml = read(template::OUTPUT_PATH);
    let url = parameter_block(&yaml, template::ROUTING_URL_PARAMETER);
    assert!(url.contains("AllowedPattern: '^https://"), "{url}");
    let key = parameter_block(&yaml, template::ROUTING_KEY_PARAMETER);
    assert!(key.contains("Default: ''"), "a blank default, resolved by stack: {key}");
    assert!(template::ROUTING_KEY_NAME.contains(template::ROUTING_KEY_PARAMETER));
    assert!(template::ROUTING_KEY_NAME.contains("'/${AWS::StackName}/routing-service-key'"));
    assert!(yaml.contains("  RoutingKeyParameterNamed: !Not [!Equals [!Ref RoutingServiceKeyParameterName, '']]\n"));
}

#[test]
fn the_paging_secret_is_the_stacks_own_and_each_pager_knows_its_stack() {
    let yaml = read(template::OUTPUT_PATH);
    // A parameter (its default a literal: it cannot name the stack) could point two stacks at one secret.
    assert!(!yaml.contains("PagingTokenParameterName"), "no parameter names the paging secret");
    assert!(!yaml.contains("/fleet-console/paging-token-secret"), "no fixed name");
    let secret = ("PAGING_TOKEN_SECRET".to_string(), "!Sub '/${AWS::StackName}/paging-token-secret'".to_string());
    let stack = ("STACK_NAME".to_string(), "!Ref AWS::StackName".to_string());
    let mut pagers = 0;
    for f in registry::all() {
        let env = env_of(function_block(&yaml, &f.logical_id()));
        let pages = f.grants.contains(&Grant::PagingTokens);
        assert_eq!((env.contains(&secret), env.contains(&stack)), (pages, pages), "{}", f.name);
        pagers += usize::from(pages);
    }
    assert!(pagers > 10, "{pagers}");
}

#[test]
fn users_cannot_write_their_own_name_or_email() {
    let yaml = read(template::OUTPUT_PATH);
    let client = &yaml[yaml.find("  UserPoolClient:\n").expect("UserPoolClient")..];
    let client = &client[..client[1..].find("\n  GraphQLApi:").expect("next resource")];
    let write = &client[client.find("WriteAttributes:\n").expect("WriteAttributes")..];
    let written: Vec<&str> = write
        .lines()
        .skip(1)
        .take_while(|l| l.trim_start().starts_with("- "))
        .map(|l| l.trim().trim_start_matches("- "))
        .collect();
    // An empty list would let the client write every standard attribute.
    assert!(!written.is_empty(), "WriteAttributes must list something: {client}");
    for attr in ["name", "email", "email_verified", "given_name", "family_name", "preferred_username", "nickname"] {
        assert!(!written.contains(&attr), "users must not write {attr}: {written:?}");
    }
}

#[test]
fn functions_that_only_keep_files_may_not_read_or_delete_them() {
    let yaml = read(template::OUTPUT_PATH);
    for name in ["forecast_upload_url", "pars_archive", "route_schedule_commit"] {
        let f = registry::all().find(|f| f.name == name).unwrap_or_else(|| panic!("{name} is registered"));
        let block = function_block(&yaml, &f.logical_id());
        let actions: BTreeSet<String> = policies_of(block).into_iter().map(|(a, _)| a).collect();
        assert!(actions.contains("s3:PutObject"), "{name} keeps files: {block}");
        assert!(!actions.contains("s3:GetObject") && !actions.contains("s3:DeleteObject"), "{name}: {block}");
    }
}

#[test]
fn sam_builds_the_one_binary_once() {
    // SAM groups functions into one build when their Metadata is equal
    // (samcli FunctionBuildDefinition.__eq__); any difference, even a checkov
    // comment, builds the same binary again, in parallel, on the deployer's machine.
    let yaml = read("template.yaml");
    let metadata: BTreeSet<String> = resources(&yaml)
        .into_iter()
        .filter(|r| r.1 == "AWS::Serverless::Function")
        .map(|(_, _, block)| {
            let start = block.find("    Metadata:\n").expect("a function's Metadata");
            let end = block[start..].find("    Properties:\n").map_or(block.len(), |e| start + e);
            block[start..end].to_string()
        })
        .collect();
    assert_eq!(
        metadata.len(),
        1,
        "functions differ in Metadata, so sam build builds the binary {} times",
        metadata.len()
    );
}

#[test]
fn a_queue_function_is_polled_by_its_own_mapping_and_not_by_sams_sqs_event() {
    let yaml = read(template::OUTPUT_PATH);
    // SAM's `Type: SQS` event would attach AWSLambdaSQSQueueExecutionRole: receive and delete on every queue.
    assert!(!yaml.contains("          Type: SQS\n"), "no function has SAM's SQS event");
    let queued: Vec<_> = registry::all().filter(|f| matches!(f.trigger, fleet_shared::Trigger::Queue(_))).collect();
    assert!(queued.len() >= 4, "the ingests and the route sync worker");
    for f in queued {
        let fleet_shared::Trigger::Queue(q) = f.trigger else { unreachable!() };
        let id = f.logical_id();
        let mapping = format!(
            "  {id}Messages:\n    Type: AWS::Lambda::EventSourceMapping\n    Properties:\n      EventSourceArn: !GetAtt {}.Arn\n      FunctionName: !Ref {id}Function\n",
            q.logical_id()
        );
        assert!(yaml.contains(&mapping), "{} is polled from {} by its mapping", f.name, q.logical_id());
        let block = function_block(&yaml, &id);
        let receive = ("sqs:ReceiveMessage".to_string(), format!("!GetAtt {}.Arn", q.logical_id()));
        assert!(policies_of(block).contains(&receive), "{} may receive from its own queue", f.name);
        assert!(
            !policies_of(block).iter().any(|(a, r)| a == "sqs:ReceiveMessage" && *r != receive.1),
            "{} receives from no other queue",
            f.name
        );
    }
}

#[test]
fn the_denial_check_can_fail() {
    let yaml = read(template::OUTPUT_PATH);
    let f = registry::by_name("get_location").unwrap();
    let block = function_block(&yaml, &f.logical_id()).replace("Effect: Deny", "Effect: Allow");
    assert!(denials_of(&block).is_empty());
    assert!(policies_of(&block).contains(&("dynamodb:DeleteItem".into(), "!GetAtt HistoryTable.Arn".into())));
}

/// The buckets the browser reaches through presigned URLs carry the names the
/// generator gives them, and only their own policies refer to them: a `Ref`
/// from a function would close a cycle (their CORS names the distribution,
/// which reaches the functions through the HTTP API).
fn assert_stack_named_buckets_are_named_not_referenced(yaml: &str) {
    for b in fleet_shared::Bucket::ALL.iter().copied() {
        let Some(name) = template::stack_named_bucket(b) else { continue };
        let id = b.logical_id();
        let all = resources(yaml);
        let own = all.iter().find(|r| r.0 == id).unwrap_or_else(|| panic!("{id} is in the template"));
        assert!(own.2.contains(&format!("      BucketName: !Sub '{name}'\n")), "{id} is named {name}");
        for (other, kind, body) in &all {
            if other == id || kind == "AWS::S3::BucketPolicy" {
                continue;
            }
            for reference in
                [format!("!Ref {id}\n"), format!("${{{id}}}"), format!("${{{id}."), format!("!GetAtt {id}.")]
            {
                assert!(!body.contains(&reference), "{other} refers to {id} ({reference:?}); name it {name}");
            }
        }
    }
}

#[test]
fn presigned_buckets_are_named_by_the_stack_and_never_referenced() {
    assert_stack_named_buckets_are_named_not_referenced(&read(template::OUTPUT_PATH));
}

#[test]
fn the_named_bucket_check_can_fail() {
    let yaml = read(template::OUTPUT_PATH);
    let from = "SNAPSHOTS_BUCKET: !Sub '${AWS::StackName}-${AWS::AccountId}-snapshots'\n";
    assert!(yaml.contains(from), "a function reads the snapshots bucket's name");
    let referenced = yaml.replacen(from, "SNAPSHOTS_BUCKET: !Ref SnapshotsBucket\n", 1);
    assert!(
        std::panic::catch_unwind(|| assert_stack_named_buckets_are_named_not_referenced(&referenced)).is_err(),
        "a function's Ref to the snapshots bucket is caught"
    );
}
