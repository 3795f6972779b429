//! The check on recorded AppSync answers (tests/fixtures/verify-deploy): the
//! answers a deploy of this repository gets, in the AppSync API's JSON and
//! SDL, pass; each kind of drift fails with its one fault line.
//!
//! The good answers are made from infra/schema.graphql and the registry by
//! `good_answers` below and kept as files; when the schema or the registry
//! changes, `the_recorded_answers_are_those_of_the_current_schema_and_registry`
//! fails until they are made again:
//! `UPDATE_FIXTURES=1 cargo test -p fleet-deploy-check --test verify_deploy the_recorded`.
use apollo_compiler::ast::{Definition, Directive, Document};
use apollo_compiler::{name, Node};
use fleet_deploy_check::answers::{
    DataSource, GetGraphqlApi, LambdaConfig, ListDataSources, ListResolvers, Resolver, UserPoolConfig,
};
use fleet_deploy_check::expected::{registry_resolvers, template_auth, ExpectedResolver, TemplateAuth};
use fleet_deploy_check::{check, cli, Deployed, Expected, Report, StackRefs};
use std::path::{Path, PathBuf};

const FIXTURES: &str = "tests/fixtures/verify-deploy";
/// The recorded stack: its API, pool, app client and region.
const API_ID: &str = "x7kqbd3f5ngvzlrh2yq4nmw6ae";
const USER_POOL_ID: &str = "us-east-1_Fl33tC0ns";
const CLIENT_ID: &str = "5t1fleetconsole7clientid0a";
const REGION: &str = "us-east-1";
const ACCOUNT: &str = "123456789012";
const STACK: &str = "fleet-console";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn fixture_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURES).join(name)
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(fixture_path(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn schema_sdl() -> String {
    std::fs::read_to_string(root().join("infra/schema.graphql")).expect("infra/schema.graphql")
}

fn auth() -> TemplateAuth {
    template_auth(&std::fs::read_to_string(root().join("infra/template.base.yaml")).unwrap()).unwrap()
}

fn stack() -> StackRefs {
    StackRefs {
        user_pool_id: USER_POOL_ID.into(),
        user_pool_client_id: Some(CLIENT_ID.into()),
        region: Some(REGION.into()),
    }
}

fn registry() -> Vec<ExpectedResolver> {
    registry_resolvers(fleet_functions::all())
}

/// The recorded answers, as the command reads them from AppSync.
fn recorded() -> Deployed {
    let resolvers: Vec<Resolver> = ["Query", "Mutation", "Subscription"]
        .iter()
        .flat_map(|t| {
            let page: ListResolvers = serde_json::from_str(&fixture(&format!("list-resolvers-{t}.json"))).unwrap();
            assert!(page.next_token.is_none());
            page.resolvers
        })
        .collect();
    let sources: ListDataSources = serde_json::from_str(&fixture("list-data-sources.json")).unwrap();
    let api: GetGraphqlApi = serde_json::from_str(&fixture("get-graphql-api.json")).unwrap();
    Deployed {
        sdl: fixture("introspection.graphql"),
        api: api.graphql_api,
        resolvers: Some(resolvers),
        data_sources: Some(sources.data_sources),
    }
}

fn run(deployed: &Deployed, stack: &StackRefs) -> Report {
    let (sdl, resolvers, auth) = (schema_sdl(), registry(), auth());
    let expected =
        Expected { schema_sdl: &sdl, schema_label: "infra/schema.graphql", resolvers: &resolvers, auth: &auth, stack };
    check(&expected, deployed)
}

fn faults(report: &Report) -> Vec<String> {
    report.faults.iter().map(|f| f.to_string()).collect()
}

// --- Making the good answers -----------------------------------------------------------------------------------------

/// AppSync's scalars and directives as its introspection declares them.
const AWS_ADDITIONS: &str = "scalar AWSDate\n\nscalar AWSTime\n\nscalar AWSDateTime\n\nscalar AWSTimestamp\n\nscalar AWSEmail\n\nscalar AWSJSON\n\nscalar AWSURL\n\nscalar AWSPhone\n\nscalar AWSIPAddress\n\ndirective @aws_subscribe(mutations: [String!]!) on FIELD_DEFINITION\n\ndirective @aws_auth(cognito_groups: [String!]!) on FIELD_DEFINITION\n\ndirective @aws_api_key on FIELD_DEFINITION | OBJECT\n\ndirective @aws_iam on FIELD_DEFINITION | OBJECT\n\ndirective @aws_oidc on FIELD_DEFINITION | OBJECT\n\ndirective @aws_lambda on FIELD_DEFINITION | OBJECT\n\ndirective @aws_cognito_user_pools(cognito_groups: [String!]) on FIELD_DEFINITION | OBJECT\n";

/// `GetIntrospectionSchema` (SDL) of the schema deployed as it is: its
/// definitions, each object type marked `@aws_cognito_user_pools`, then
/// AppSync's scalars and directives.
fn introspection(sdl: &str) -> String {
    let mut doc = Document::parse(sdl, "infra/schema.graphql").expect("the schema parses");
    for def in &mut doc.definitions {
        if let Definition::ObjectTypeDefinition(object) = def {
            let directive = Directive { name: name!("aws_cognito_user_pools"), arguments: vec![] };
            object.make_mut().directives.push(Node::new(directive));
        }
    }
    format!("{doc}\n{AWS_ADDITIONS}")
}

fn json(value: &impl serde::Serialize) -> String {
    serde_json::to_string_pretty(value).unwrap() + "\n"
}

/// `value` (an answer's JSON object) with more of AppSync's fields, which the check does not read.
fn with(value: &impl serde::Serialize, more: serde_json::Value) -> serde_json::Value {
    let mut value = serde_json::to_value(value).unwrap();
    if let (Some(object), serde_json::Value::Object(more)) = (value.as_object_mut(), more) {
        object.extend(more);
    }
    value
}

fn api_arn() -> String {
    format!("arn:aws:appsync:{REGION}:{ACCOUNT}:apis/{API_ID}")
}

/// Every answer of a deploy of this repository: (file name, text).
fn good_answers() -> Vec<(String, String)> {
    let expected = registry();
    let mut files = vec![("introspection.graphql".to_string(), introspection(&schema_sdl()))];
    for type_name in ["Query", "Mutation", "Subscription"] {
        let resolvers = expected
            .iter()
            .filter(|e| e.type_name == type_name)
            .map(|e| Resolver {
                type_name: e.type_name.clone(),
                field_name: e.field_name.clone(),
                data_source_name: Some(e.data_source.clone()),
                kind: Some("UNIT".into()),
                resolver_arn: Some(format!("{}/types/{type_name}/resolvers/{}", api_arn(), e.field_name)),
            })
            // A direct Lambda resolver: no mapping templates, no batching.
            .map(|r| with(&r, serde_json::json!({ "maxBatchSize": 0 })))
            .collect::<Vec<_>>();
        let page = serde_json::json!({ "resolvers": resolvers, "nextToken": null });
        files.push((format!("list-resolvers-{type_name}.json"), json(&page)));
    }
    let mut data_sources: Vec<DataSource> = Vec::new();
    for e in &expected {
        if data_sources.iter().any(|d| d.name == e.data_source) {
            continue; // the publishing mutations share their NONE data source
        }
        data_sources.push(if e.pass_through {
            DataSource {
                name: e.data_source.clone(),
                kind: "NONE".into(),
                data_source_arn: Some(format!("{}/datasources/{}", api_arn(), e.data_source)),
                ..Default::default()
            }
        } else {
            DataSource {
                name: e.data_source.clone(),
                kind: "AWS_LAMBDA".into(),
                data_source_arn: Some(format!("{}/datasources/{}", api_arn(), e.data_source)),
                service_role_arn: Some(format!("arn:aws:iam::{ACCOUNT}:role/{STACK}-AppSyncInvokeRole-1B2C3D4E5F6G")),
                lambda_config: Some(LambdaConfig {
                    lambda_function_arn: format!(
                        "arn:aws:lambda:{REGION}:{ACCOUNT}:function:{STACK}-{}Function-a1B2c3D4e5F6",
                        e.data_source
                    ),
                }),
            }
        });
    }
    files.push(("list-data-sources.json".into(), json(&ListDataSources { data_sources, next_token: None })));
    let api = fleet_deploy_check::answers::GraphqlApi {
        name: format!("{STACK}-graphql"),
        api_id: API_ID.into(),
        authentication_type: "AMAZON_COGNITO_USER_POOLS".into(),
        user_pool_config: Some(UserPoolConfig {
            user_pool_id: USER_POOL_ID.into(),
            aws_region: REGION.into(),
            default_action: Some("ALLOW".into()),
            app_id_client_regex: Some(CLIENT_ID.into()),
        }),
        additional_authentication_providers: vec![fleet_deploy_check::answers::AdditionalAuthenticationProvider {
            authentication_type: "AWS_IAM".into(),
            user_pool_config: None,
        }],
        arn: Some(api_arn()),
    };
    let api = with(
        &api,
        serde_json::json!({
            "logConfig": {
                "fieldLogLevel": "ERROR",
                "cloudWatchLogsRoleArn": format!("arn:aws:iam::{ACCOUNT}:role/{STACK}-AppSyncLogsRole-7H8J9K0L1M2N"),
                "excludeVerboseContent": true
            },
            "uris": {
                "GRAPHQL": "https://abcdefghijklmnopqrstuvwxyz.appsync-api.us-east-1.amazonaws.com/graphql",
                "REALTIME": "wss://abcdefghijklmnopqrstuvwxyz.appsync-realtime-api.us-east-1.amazonaws.com/graphql"
            },
            "tags": {},
            "xrayEnabled": false,
            "visibility": "GLOBAL",
            "apiType": "GRAPHQL",
            "introspectionConfig": "ENABLED",
            "queryDepthLimit": 0,
            "resolverCountLimit": 0
        }),
    );
    files.push(("get-graphql-api.json".into(), json(&serde_json::json!({ "graphqlApi": api }))));
    files
}

#[test]
fn the_recorded_answers_are_those_of_the_current_schema_and_registry() {
    let update = std::env::var_os("UPDATE_FIXTURES").is_some();
    let mut stale = vec![];
    for (name, text) in good_answers() {
        if update {
            std::fs::write(fixture_path(&name), &text).unwrap();
        } else if std::fs::read_to_string(fixture_path(&name)).ok().as_deref() != Some(text.as_str()) {
            stale.push(name);
        }
    }
    assert!(
        stale.is_empty(),
        "{stale:?} are not the answers of the current schema and registry: run \
         `UPDATE_FIXTURES=1 cargo test -p fleet-deploy-check --test verify_deploy the_recorded`"
    );
}

// --- The check on them -----------------------------------------------------------------------------------------------

#[test]
fn the_answers_of_a_deploy_of_this_repository_pass() {
    let report = run(&recorded(), &stack());
    assert_eq!(faults(&report), Vec::<String>::new());
    let graphql = registry().len();
    assert_eq!(report.root_fields, graphql, "every root field has its function or its NONE data source");
    let sources: std::collections::BTreeSet<String> = registry().into_iter().map(|e| e.data_source).collect();
    assert_eq!((report.resolvers, report.data_sources), (Some(graphql), Some(sources.len())));
    let line = cli::render(API_ID, "infra/schema.graphql", &stack(), &report);
    assert!(line.starts_with(&format!("verify-deploy: API {API_ID} matches infra/schema.graphql (")), "{line}");
    assert_eq!(line.lines().count(), 1, "{line}");
}

#[test]
fn schema_only_checks_the_schema_and_auth_alone() {
    let deployed = Deployed { resolvers: None, data_sources: None, ..recorded() };
    let report = run(&deployed, &stack());
    assert_eq!(faults(&report), Vec::<String>::new());
    assert!(cli::render(API_ID, "infra/schema.graphql", &stack(), &report).contains("resolvers not checked"));
}

#[test]
fn a_changed_field_type_fails() {
    let mut deployed = recorded();
    assert!(deployed.sdl.contains("\n  myAccess: Access!\n"), "the fixture prints Query.myAccess so");
    deployed.sdl = deployed.sdl.replace("\n  myAccess: Access!\n", "\n  myAccess: Access\n");
    let report = run(&deployed, &stack());
    assert_eq!(
        faults(&report),
        ["schema: field Query.myAccess is Access in the deployed API, Access! in infra/schema.graphql"]
    );
    let out = cli::render(API_ID, "infra/schema.graphql", &stack(), &report);
    assert_eq!(
        out,
        format!("FAIL schema: field Query.myAccess is Access in the deployed API, Access! in infra/schema.graphql\nverify-deploy: 1 fault(s) in API {API_ID}\n")
    );
}

#[test]
fn a_missing_type_an_extra_field_and_a_changed_argument_fail() {
    let mut deployed = recorded();
    let sdl = &deployed.sdl;
    let start = sdl.find("type ServiceStatus ").expect("ServiceStatus");
    let end = start + sdl[start..].find("\n}\n").unwrap() + 3;
    let mut sdl = format!("{}{}", &sdl[..start], &sdl[end..]);
    sdl = sdl.replacen(
        "type Query @aws_cognito_user_pools {\n",
        "type Query @aws_cognito_user_pools {\n  debug: String\n",
        1,
    );
    sdl = sdl.replacen("getLocation(id: ID!)", "getLocation(id: String!)", 1);
    deployed.sdl = sdl;
    let found = faults(&run(&deployed, &stack()));
    for want in [
        "schema: type ServiceStatus (an object type) is missing from the deployed API",
        "schema: field Query.debug: String is in the deployed API but not in infra/schema.graphql",
        "schema: argument Query.getLocation(id:) is String! in the deployed API, ID! in infra/schema.graphql",
    ] {
        assert!(found.iter().any(|f| f == want), "{want} not in {found:#?}");
    }
    assert_eq!(found.len(), 3, "{found:#?}");
}

fn my_access() -> ExpectedResolver {
    registry().into_iter().find(|e| e.field_name == "myAccess").expect("myAccess in the registry")
}

#[test]
fn a_field_without_a_resolver_fails() {
    let mut deployed = recorded();
    deployed.resolvers.as_mut().unwrap().retain(|r| r.field_name != "myAccess");
    let e = my_access();
    assert_eq!(
        faults(&run(&deployed, &stack())),
        [
            format!(
                "resolver: Query.myAccess has no resolver (the registry's {} expects one on data source {})",
                e.function, e.data_source
            ),
            // Its data source is the template's, and still there.
        ]
    );
}

#[test]
fn a_resolver_on_the_wrong_data_source_fails() {
    let mut deployed = recorded();
    let e = my_access();
    let other = registry().into_iter().find(|o| o.field_name != "myAccess").unwrap().data_source;
    for r in deployed.resolvers.as_mut().unwrap().iter_mut().filter(|r| r.field_name == "myAccess") {
        r.data_source_name = Some(other.clone());
    }
    assert_eq!(
        faults(&run(&deployed, &stack())),
        [format!(
            "resolver: Query.myAccess resolves on data source {other}, the registry's {} names {}",
            e.function, e.data_source
        )]
    );
}

#[test]
fn a_missing_or_foreign_data_source_and_a_stray_resolver_fail() {
    let mut deployed = recorded();
    let e = my_access();
    let sources = deployed.data_sources.as_mut().unwrap();
    sources.retain(|d| d.name != e.data_source);
    sources.push(DataSource { name: "Debug".into(), kind: "NONE".into(), ..Default::default() });
    deployed.resolvers.as_mut().unwrap().push(Resolver {
        type_name: "Query".into(),
        field_name: "removedLastYear".into(),
        data_source_name: Some("Debug".into()),
        kind: Some("UNIT".into()),
        resolver_arn: None,
    });
    assert_eq!(
        faults(&run(&deployed, &stack())),
        [
            format!("resolver: Query.myAccess resolves on data source {}, which ListDataSources does not list", e.data_source),
            "resolver: a resolver on Query.removedLastYear (data source Debug) resolves no field of infra/schema.graphql".into(),
            "resolver: data source Debug (NONE) is not the template's: no registry function names it".into(),
        ]
    );
}

#[test]
fn a_wrong_auth_mode_fails() {
    let mut deployed = recorded();
    let wrong: GetGraphqlApi = serde_json::from_str(&fixture("get-graphql-api-wrong-auth.json")).unwrap();
    deployed.api = wrong.graphql_api;
    assert_eq!(
        faults(&run(&deployed, &stack())),
        [
            "auth: the default auth mode is AWS_IAM, the template's is AMAZON_COGNITO_USER_POOLS",
            "auth: the template's additional auth mode AWS_IAM is missing",
            "auth: the additional auth mode AMAZON_COGNITO_USER_POOLS is not the template's",
        ]
    );
}

#[test]
fn another_stacks_pool_or_client_fails() {
    let other =
        StackRefs { user_pool_id: "us-east-1_Other".into(), user_pool_client_id: Some("other".into()), ..stack() };
    assert_eq!(
        faults(&run(&recorded(), &other)),
        [
            format!("auth: the default mode's UserPoolId is {USER_POOL_ID}, the template's (!Ref UserPool) is us-east-1_Other"),
            format!("auth: the default mode's AppIdClientRegex is {CLIENT_ID}, the template's (!Ref UserPoolClient) is other"),
        ]
    );
}
