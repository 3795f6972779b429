//! The schema, template.yaml, the handler registry and the binaries must
//! describe the same set of functions.
use apollo_compiler::schema::ExtendedType;
use fleet_local::{graphql, registry, template};
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
    for type_name in ["Query", "Mutation"] {
        if let Some(ExtendedType::Object(obj)) = schema.types.get(type_name) {
            in_schema.extend(obj.fields.keys().map(|f| format!("{type_name}.{f}")));
        }
    }
    let in_registry: BTreeSet<String> = registry::all()
        .filter_map(|f| match f.trigger {
            Trigger::Query(n) => Some(format!("Query.{n}")),
            Trigger::Mutation(n) => Some(format!("Mutation.{n}")),
            _ => None,
        })
        .collect();
    assert_eq!(in_schema, in_registry, "schema fields vs registered resolvers");
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
        assert!(yaml.contains(&format!("          FLEET_FUNCTION: {}\n", f.name)), "{} has no function resource", f.name);
        if let Trigger::Http { method, path } = f.trigger {
            assert!(yaml.contains(&format!("Method: {method}\n            Path: {path}\n")), "route {method} {path} missing");
        }
    }
}

/// The block of template.yaml that defines one function resource.
fn function_block<'a>(yaml: &'a str, logical_id: &str) -> &'a str {
    let start = yaml.find(&format!("\n  {logical_id}Function:\n")).unwrap_or_else(|| panic!("{logical_id}Function missing"));
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

/// The policies of a function block, as (policy, table).
fn policies_of(block: &str) -> BTreeSet<(String, String)> {
    let lines: Vec<&str> = block.lines().collect();
    let mut out = BTreeSet::new();
    for (i, l) in lines.iter().enumerate() {
        let t = l.trim();
        if let Some(policy) = t.strip_prefix("- ").and_then(|p| p.strip_suffix("Policy:")) {
            let next = lines[i + 1].trim();
            let table = next
                .trim_start_matches("TableName: !Ref ")
                .trim_start_matches("BucketName: !Ref ")
                .trim_start_matches("QueueName: !GetAtt ")
                .trim_end_matches(".QueueName")
                .to_string();
            out.insert((policy.to_string(), table));
        } else if t == "Action: cognito-idp:ListUsers" {
            out.insert(("ListUsers".into(), "UserPool".into()));
        }
    }
    out
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
        let expected: BTreeSet<(String, String)> = f
            .policies()
            .into_iter()
            .filter_map(|g| match g {
                Grant::ReadTable(t) => Some(("DynamoDBRead".to_string(), t.logical_id().to_string())),
                Grant::WriteTable(t) => Some(("DynamoDBWrite".to_string(), t.logical_id().to_string())),
                Grant::CrudTable(t) => Some(("DynamoDBCrud".to_string(), t.logical_id().to_string())),
                Grant::ReadBucket(b) => Some(("S3Read".to_string(), b.logical_id().to_string())),
                Grant::CrudBucket(b) => Some(("S3Crud".to_string(), b.logical_id().to_string())),
                Grant::ListUsers => Some(("ListUsers".to_string(), "UserPool".to_string())),
                Grant::SendToQueue(q) => Some(("SQSSendMessage".to_string(), q.logical_id().to_string())),
                Grant::PagingTokens | Grant::FileUploads => None,
            })
            .collect();
        assert_eq!(policies_of(block), expected, "policies of {}", f.name);
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
        assert!(!root().join("functions").join(area).join("src/bin").exists(), "functions/{area} must not build binaries of its own");
    }
}

#[test]
fn every_permission_action_is_in_the_reference_groups() {
    for f in registry::all() {
        if let fleet_shared::Permission::Action(a) = f.permission {
            assert!(fn_permissions::actions::is_known(a), "{} needs unknown action {a}", f.name);
        }
    }
}

#[test]
fn the_browser_reads_the_same_rules_the_server_checks() {
    assert!(
        read(fleet_local::RULES_PATH) == fleet_local::rules_json(),
        "{} differs from the server's rules: run `cargo run -p fleet-local -- rules`",
        fleet_local::RULES_PATH
    );
}
