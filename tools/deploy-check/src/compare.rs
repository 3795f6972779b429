//! The check itself: pure functions from what the repository declares
//! (`Expected`) and what AppSync answered (`Deployed`) to the faults. No AWS
//! call here: `aws` reads the answers, the fixture tests record them.
use crate::answers::{DataSource, GraphqlApi, Resolver, UserPoolConfig};
use crate::expected::{ExpectedResolver, TemplateAuth, TemplateMode, TemplateValue};
use apollo_compiler::ast::{FieldDefinition, InputValueDefinition};
use apollo_compiler::collections::IndexMap;
use apollo_compiler::schema::{Component, ExtendedType};
use apollo_compiler::{Name, Node, Schema};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// AppSync's own scalars: its schemas use them undeclared, and its
/// introspection may declare them. Never a difference.
pub const AWS_SCALARS: &[&str] =
    &["AWSDate", "AWSTime", "AWSDateTime", "AWSTimestamp", "AWSEmail", "AWSJSON", "AWSURL", "AWSPhone", "AWSIPAddress"];
/// The emulator's introspection (moto 5.2, `moto/appsync/models.py`) declares
/// these two beside AWS's; AppSync has no such scalars. Ignored as AWS's are:
/// a field of either type would still differ from the schema's.
pub const EMULATOR_SCALARS: &[&str] = &["BigInt", "Double"];
/// GraphQL's own directives, which a parsed schema always has.
const BUILT_IN_DIRECTIVES: &[&str] = &["skip", "include", "deprecated", "specifiedBy", "oneOf", "defer", "stream"];

/// Which part of the check a fault belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    Schema,
    Resolver,
    Auth,
}

/// One difference between the deployed API and the repository, as one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    pub part: Part,
    pub message: String,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let part = match self.part {
            Part::Schema => "schema",
            Part::Resolver => "resolver",
            Part::Auth => "auth",
        };
        write!(f, "{part}: {}", self.message)
    }
}

/// What the template's `!Ref`s of the auth settings name in this stack.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StackRefs {
    /// `!Ref UserPool`.
    pub user_pool_id: String,
    /// `!Ref UserPoolClient`, when known (not checked otherwise).
    pub user_pool_client_id: Option<String>,
    /// `!Ref AWS::Region`, when known.
    pub region: Option<String>,
}

impl StackRefs {
    fn resolve(&self, value: &TemplateValue) -> Option<String> {
        match value {
            TemplateValue::Literal(v) => Some(v.clone()),
            TemplateValue::Ref(name) => match name.as_str() {
                "UserPool" => Some(self.user_pool_id.clone()),
                "UserPoolClient" => self.user_pool_client_id.clone(),
                "AWS::Region" => self.region.clone(),
                _ => None,
            },
            TemplateValue::Other(_) => None,
        }
    }
}

/// What the repository declares.
#[derive(Debug, Clone)]
pub struct Expected<'a> {
    /// infra/schema.graphql's text, and its name for the fault lines.
    pub schema_sdl: &'a str,
    pub schema_label: &'a str,
    pub resolvers: &'a [ExpectedResolver],
    pub auth: &'a TemplateAuth,
    pub stack: &'a StackRefs,
}

/// What AppSync answered. Without resolvers and data sources (the emulator
/// serves neither, `--schema-only`), only the schema and auth are checked.
#[derive(Debug, Clone, Default)]
pub struct Deployed {
    /// `GetIntrospectionSchema`, format SDL.
    pub sdl: String,
    /// `GetGraphqlApi`.
    pub api: GraphqlApi,
    /// `ListResolvers` of the root types, every page.
    pub resolvers: Option<Vec<Resolver>>,
    /// `ListDataSources`, every page.
    pub data_sources: Option<Vec<DataSource>>,
}

/// The faults, and what was compared (for the summary line).
#[derive(Debug, Clone, Default)]
pub struct Report {
    pub faults: Vec<Fault>,
    /// The schema's types (not GraphQL's nor AWS's own).
    pub types: usize,
    /// Fields of its Query, Mutation and Subscription types.
    pub root_fields: usize,
    /// Resolvers found on their data sources; None when not checked.
    pub resolvers: Option<usize>,
    pub data_sources: Option<usize>,
}

pub fn check(expected: &Expected, deployed: &Deployed) -> Report {
    let mut report = Report::default();
    let schema = match parse(expected.schema_sdl, expected.schema_label) {
        Ok(s) => s,
        Err(e) => {
            report.faults.push(fault(Part::Schema, format!("{} does not parse: {e}", expected.schema_label)));
            report.faults.extend(auth_faults(expected.auth, expected.stack, &deployed.api));
            return report;
        }
    };
    report.types = schema.types.iter().filter(|(name, ty)| !ignored_type(name, ty)).count();
    report.root_fields = root_types(&schema).iter().map(|(_, t)| object_fields(&schema, t).len()).sum();
    report.faults.extend(schema_faults(&schema, expected.schema_label, &deployed.sdl));
    if let (Some(resolvers), Some(data_sources)) = (&deployed.resolvers, &deployed.data_sources) {
        report.faults.extend(resolver_faults(
            &schema,
            expected.schema_label,
            expected.resolvers,
            resolvers,
            data_sources,
        ));
        report.resolvers = Some(resolvers.len());
        report.data_sources = Some(data_sources.len());
    }
    report.faults.extend(auth_faults(expected.auth, expected.stack, &deployed.api));
    report
}

fn fault(part: Part, message: impl Into<String>) -> Fault {
    Fault { part, message: message.into() }
}

/// A schema, built without validation: AppSync's SDL may use its directives
/// undeclared, and infra/schema.graphql its scalars.
pub fn parse(sdl: &str, label: &str) -> Result<Schema, String> {
    Schema::parse(sdl, label).map_err(|e| e.errors.to_string())
}

fn ignored_type(name: &Name, ty: &ExtendedType) -> bool {
    ty.is_built_in()
        || (matches!(ty, ExtendedType::Scalar(_))
            && (AWS_SCALARS.contains(&name.as_str()) || EMULATOR_SCALARS.contains(&name.as_str())))
}

fn kind_name(ty: &ExtendedType) -> &'static str {
    match ty {
        ExtendedType::Scalar(_) => "a scalar",
        ExtendedType::Object(_) => "an object type",
        ExtendedType::Interface(_) => "an interface",
        ExtendedType::Union(_) => "a union",
        ExtendedType::Enum(_) => "an enum",
        ExtendedType::InputObject(_) => "an input type",
    }
}

/// The root operation types present: ("Query", name), ("Mutation", ...), ("Subscription", ...).
fn root_types(schema: &Schema) -> Vec<(&'static str, Name)> {
    let def = &schema.schema_definition;
    [("Query", &def.query), ("Mutation", &def.mutation), ("Subscription", &def.subscription)]
        .into_iter()
        .filter_map(|(op, name)| name.as_ref().map(|n| (op, n.name.clone())))
        .collect()
}

fn object_fields<'s>(schema: &'s Schema, type_name: &Name) -> Vec<&'s Name> {
    match schema.types.get(type_name) {
        Some(ExtendedType::Object(o)) => o.fields.keys().collect(),
        _ => vec![],
    }
}

/// Every type, field, argument and their types that differ between the
/// schema and the deployed SDL, ignoring what AppSync adds (its scalars, its
/// `aws_*` directives, their uses) and what GraphQL does not keep
/// (descriptions, order, directive uses).
pub fn schema_faults(expected: &Schema, label: &str, deployed_sdl: &str) -> Vec<Fault> {
    let deployed = match parse(deployed_sdl, "deployed schema") {
        Ok(s) => s,
        Err(e) => return vec![fault(Part::Schema, format!("the deployed schema does not parse: {e}"))],
    };
    let mut out = Vec::new();
    let mut push = |m: String| out.push(fault(Part::Schema, m));
    let (ours, theirs) = (&expected.schema_definition, &deployed.schema_definition);
    for (op, a, b) in [
        ("query", &ours.query, &theirs.query),
        ("mutation", &ours.mutation, &theirs.mutation),
        ("subscription", &ours.subscription, &theirs.subscription),
    ] {
        let (a, b) = (a.as_ref().map(|n| n.name.as_str()), b.as_ref().map(|n| n.name.as_str()));
        if a != b {
            push(format!("the {op} root type is {} in the deployed API, {} in {label}", or_none(b), or_none(a)));
        }
    }
    for (name, ty) in expected.types.iter().filter(|(n, t)| !ignored_type(n, t)) {
        match deployed.types.get(name) {
            None => push(format!("type {name} ({}) is missing from the deployed API", kind_name(ty))),
            Some(other) => type_faults(&mut push, label, name, ty, other),
        }
    }
    for (name, ty) in deployed.types.iter().filter(|(n, t)| !ignored_type(n, t)) {
        if !expected.types.contains_key(name) {
            push(format!("type {name} ({}) is in the deployed API but not in {label}", kind_name(ty)));
        }
    }
    let own_directives = |s: &Schema| -> BTreeMap<String, String> {
        s.directive_definitions
            .iter()
            .filter(|(n, _)| !n.starts_with("aws_") && !BUILT_IN_DIRECTIVES.contains(&n.as_str()))
            .map(|(n, d)| (n.to_string(), d.to_string()))
            .collect()
    };
    let (ours, theirs) = (own_directives(expected), own_directives(&deployed));
    for (name, def) in &ours {
        match theirs.get(name) {
            None => push(format!("directive @{name} is missing from the deployed API")),
            Some(other) if other != def => {
                push(format!("directive @{name} is `{other}` in the deployed API, `{def}` in {label}"))
            }
            Some(_) => {}
        }
    }
    for name in theirs.keys().filter(|n| !ours.contains_key(*n)) {
        push(format!("directive @{name} is in the deployed API but not in {label}"));
    }
    out
}

fn or_none(name: Option<&str>) -> &str {
    name.unwrap_or("absent")
}

fn type_faults(push: &mut impl FnMut(String), label: &str, name: &Name, ours: &ExtendedType, theirs: &ExtendedType) {
    match (ours, theirs) {
        (ExtendedType::Scalar(_), ExtendedType::Scalar(_)) => {}
        (ExtendedType::Object(a), ExtendedType::Object(b)) => {
            interfaces(push, label, name, &a.implements_interfaces, &b.implements_interfaces);
            field_faults(push, label, name, &a.fields, &b.fields);
        }
        (ExtendedType::Interface(a), ExtendedType::Interface(b)) => {
            interfaces(push, label, name, &a.implements_interfaces, &b.implements_interfaces);
            field_faults(push, label, name, &a.fields, &b.fields);
        }
        (ExtendedType::Union(a), ExtendedType::Union(b)) => {
            let (a, b) = (names(a.members.iter().map(|m| &m.name)), names(b.members.iter().map(|m| &m.name)));
            for m in a.difference(&b) {
                push(format!("union {name} has no member {m} in the deployed API"));
            }
            for m in b.difference(&a) {
                push(format!("union {name} has member {m} in the deployed API but not in {label}"));
            }
        }
        (ExtendedType::Enum(a), ExtendedType::Enum(b)) => {
            let (a, b) = (names(a.values.keys()), names(b.values.keys()));
            for v in a.difference(&b) {
                push(format!("enum value {name}.{v} is missing from the deployed API"));
            }
            for v in b.difference(&a) {
                push(format!("enum value {name}.{v} is in the deployed API but not in {label}"));
            }
        }
        (ExtendedType::InputObject(a), ExtendedType::InputObject(b)) => {
            let (a, b): (Vec<_>, Vec<_>) =
                (a.fields.values().map(|f| &f.node).collect(), b.fields.values().map(|f| &f.node).collect());
            input_values(push, label, &format!("input field {name}."), &a, &b);
        }
        _ => push(format!("type {name} is {} in the deployed API, {} in {label}", kind_name(theirs), kind_name(ours))),
    }
}

fn names<'n>(items: impl Iterator<Item = &'n Name>) -> BTreeSet<String> {
    items.map(|n| n.to_string()).collect()
}

fn interfaces(
    push: &mut impl FnMut(String),
    label: &str,
    name: &Name,
    ours: &apollo_compiler::collections::IndexSet<apollo_compiler::schema::ComponentName>,
    theirs: &apollo_compiler::collections::IndexSet<apollo_compiler::schema::ComponentName>,
) {
    let (a, b) = (names(ours.iter().map(|i| &i.name)), names(theirs.iter().map(|i| &i.name)));
    for i in a.difference(&b) {
        push(format!("type {name} does not implement {i} in the deployed API"));
    }
    for i in b.difference(&a) {
        push(format!("type {name} implements {i} in the deployed API but not in {label}"));
    }
}

fn field_faults(
    push: &mut impl FnMut(String),
    label: &str,
    owner: &Name,
    ours: &IndexMap<Name, Component<FieldDefinition>>,
    theirs: &IndexMap<Name, Component<FieldDefinition>>,
) {
    for (name, field) in ours {
        let Some(other) = theirs.get(name) else {
            push(format!("field {owner}.{name}: {} is missing from the deployed API", field.ty));
            continue;
        };
        if field.ty != other.ty {
            push(format!("field {owner}.{name} is {} in the deployed API, {} in {label}", other.ty, field.ty));
        }
        let (a, b): (Vec<_>, Vec<_>) = (field.arguments.iter().collect(), other.arguments.iter().collect());
        input_values(push, label, &format!("argument {owner}.{name}("), &a, &b);
    }
    for (name, field) in theirs.iter().filter(|(n, _)| !ours.contains_key(*n)) {
        push(format!("field {owner}.{name}: {} is in the deployed API but not in {label}", field.ty));
    }
}

/// Arguments or input fields: `prefix` names their owner (`argument Query.x(`, `input field T.`).
fn input_values(
    push: &mut impl FnMut(String),
    label: &str,
    prefix: &str,
    ours: &[&Node<InputValueDefinition>],
    theirs: &[&Node<InputValueDefinition>],
) {
    let close = if prefix.ends_with('(') { ":)" } else { "" };
    fn find<'v>(list: &[&'v Node<InputValueDefinition>], name: &Name) -> Option<&'v Node<InputValueDefinition>> {
        list.iter().find(|v| v.name == *name).copied()
    }
    for value in ours {
        let name = &value.name;
        let Some(other) = find(theirs, name) else {
            push(format!("{prefix}{name}{close} {} is missing from the deployed API", value.ty));
            continue;
        };
        if value.ty != other.ty {
            push(format!("{prefix}{name}{close} is {} in the deployed API, {} in {label}", other.ty, value.ty));
        }
        let default = |v: &InputValueDefinition| v.default_value.as_ref().map(|d| d.to_string());
        if default(value) != default(other) {
            push(format!(
                "{prefix}{name}{close} defaults to {} in the deployed API, {} in {label}",
                default(other).unwrap_or_else(|| "nothing".into()),
                default(value).unwrap_or_else(|| "nothing".into())
            ));
        }
    }
    for value in theirs.iter().filter(|v| find(ours, &v.name).is_none()) {
        push(format!("{prefix}{}{close} {} is in the deployed API but not in {label}", value.name, value.ty));
    }
}

/// Every Query, Mutation and Subscription field of the schema resolved by a
/// unit resolver on the data source the registry names: a Lambda data source,
/// or the NONE one of the publishing mutations; no resolver or data source
/// that the template does not declare.
pub fn resolver_faults(
    schema: &Schema,
    label: &str,
    expected: &[ExpectedResolver],
    resolvers: &[Resolver],
    data_sources: &[DataSource],
) -> Vec<Fault> {
    let mut out = Vec::new();
    let mut push = |m: String| out.push(fault(Part::Resolver, m));
    let sources: BTreeMap<&str, &DataSource> = data_sources.iter().map(|d| (d.name.as_str(), d)).collect();
    let mut used: BTreeSet<&str> = BTreeSet::new();
    let mut fields: BTreeSet<(String, String)> = BTreeSet::new();
    for (op, type_name) in root_types(schema) {
        for field in object_fields(schema, &type_name) {
            fields.insert((type_name.to_string(), field.to_string()));
            let at = format!("{type_name}.{field}");
            let found = resolvers.iter().find(|r| r.type_name == type_name.as_str() && r.field_name == field.as_str());
            // The template's resolver of this field, as the registry implies it.
            let Some(want) = expected.iter().find(|e| e.type_name == op && e.field_name == field.as_str()) else {
                push(format!("{at} has no function in the registry (no data source to expect)"));
                continue;
            };
            let Some(resolver) = found else {
                push(format!(
                    "{at} has no resolver (the registry's {} expects one on data source {})",
                    want.function, want.data_source
                ));
                continue;
            };
            if resolver.kind.as_deref() == Some("PIPELINE") || resolver.data_source_name.is_none() {
                push(format!("{at} is a pipeline resolver, not a unit resolver on {}", want.data_source));
                continue;
            }
            let on = resolver.data_source_name.as_deref().unwrap_or_default();
            used.insert(on);
            match sources.get(on) {
                _ if on != want.data_source => push(format!(
                    "{at} resolves on data source {on}, the registry's {} names {}",
                    want.function, want.data_source
                )),
                None => push(format!("{at} resolves on data source {on}, which ListDataSources does not list")),
                Some(s) if want.pass_through && s.kind != "NONE" => {
                    push(format!("{at}'s data source {on} is of type {}, not NONE", s.kind))
                }
                Some(s) if !want.pass_through && (s.kind != "AWS_LAMBDA" || s.lambda_config.is_none()) => {
                    push(format!("{at}'s data source {on} is of type {}, not AWS_LAMBDA with a function", s.kind))
                }
                _ => {}
            }
        }
    }
    for e in expected {
        if !fields.contains(&(e.type_name.clone(), e.field_name.clone())) {
            push(format!(
                "the registry's {} declares {}.{}, which {label} does not have",
                e.function, e.type_name, e.field_name
            ));
        }
    }
    for r in resolvers {
        if !fields.contains(&(r.type_name.clone(), r.field_name.clone())) {
            push(format!(
                "a resolver on {}.{} (data source {}) resolves no field of {label}",
                r.type_name,
                r.field_name,
                r.data_source_name.as_deref().unwrap_or("none: pipeline")
            ));
        }
    }
    let named: BTreeSet<&str> = expected.iter().map(|e| e.data_source.as_str()).collect();
    for d in data_sources {
        if !named.contains(d.name.as_str()) && !used.contains(d.name.as_str()) {
            push(format!("data source {} ({}) is not the template's: no registry function names it", d.name, d.kind));
        }
    }
    out
}

/// The default auth mode and the additional ones as the template declares
/// them, the `!Ref`s resolved to this stack's pool, client and region.
pub fn auth_faults(template: &TemplateAuth, stack: &StackRefs, api: &GraphqlApi) -> Vec<Fault> {
    let mut out = Vec::new();
    if api.authentication_type != template.default.kind {
        out.push(fault(
            Part::Auth,
            format!(
                "the default auth mode is {}, the template's is {}",
                or_blank(&api.authentication_type),
                template.default.kind
            ),
        ));
    } else {
        pool_faults(&mut out, "the default mode", &template.default, stack, api.user_pool_config.as_ref());
    }
    let mut left: Vec<_> = api.additional_authentication_providers.iter().collect();
    for mode in &template.additional {
        match left.iter().position(|p| p.authentication_type == mode.kind) {
            Some(i) => {
                let provider = left.remove(i);
                let what = format!("the additional mode {}", mode.kind);
                pool_faults(&mut out, &what, mode, stack, provider.user_pool_config.as_ref());
            }
            None => {
                out.push(fault(Part::Auth, format!("the template's additional auth mode {} is missing", mode.kind)))
            }
        }
    }
    for provider in left {
        out.push(fault(
            Part::Auth,
            format!("the additional auth mode {} is not the template's", provider.authentication_type),
        ));
    }
    out
}

fn or_blank(s: &str) -> &str {
    if s.is_empty() {
        "not set"
    } else {
        s
    }
}

fn pool_faults(
    out: &mut Vec<Fault>,
    what: &str,
    mode: &TemplateMode,
    stack: &StackRefs,
    pool: Option<&UserPoolConfig>,
) {
    if mode.user_pool.is_empty() {
        return;
    }
    let Some(pool) = pool else {
        out.push(fault(Part::Auth, format!("{what} has no user pool; the template's is {}", stack.user_pool_id)));
        return;
    };
    for (key, value) in &mode.user_pool {
        let deployed = match key.as_str() {
            "UserPoolId" => Some(pool.user_pool_id.as_str()),
            "AwsRegion" => Some(pool.aws_region.as_str()),
            "DefaultAction" => pool.default_action.as_deref(),
            "AppIdClientRegex" => pool.app_id_client_regex.as_deref(),
            _ => continue,
        };
        let Some(want) = stack.resolve(value) else { continue };
        if deployed != Some(want.as_str()) {
            let how = match value {
                TemplateValue::Ref(name) => format!(" (!Ref {name})"),
                _ => String::new(),
            };
            out.push(fault(
                Part::Auth,
                format!("{what}'s {key} is {}, the template's{how} is {want}", deployed.map_or("not set", or_blank)),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schema(sdl: &str) -> Schema {
        parse(sdl, "schema.graphql").unwrap()
    }

    fn lines(faults: &[Fault]) -> Vec<String> {
        faults.iter().map(|f| f.to_string()).collect()
    }

    #[test]
    fn what_aws_and_the_emulator_add_is_not_a_difference() {
        let ours = schema("type Query { a(x: Int = 3): AWSJSON \"doc\" b: [String!]! }\n");
        let theirs = "schema { query: Query }\ndirective @aws_subscribe(mutations: [String!]!) on FIELD_DEFINITION\ndirective @aws_cognito_user_pools(cognito_groups: [String!]) on FIELD_DEFINITION | OBJECT\ntype Query @aws_cognito_user_pools { b: [String!]! @aws_cognito_user_pools a(x: Int = 3): AWSJSON }\nscalar AWSJSON\nscalar AWSDateTime\nscalar BigInt\nscalar Double\n";
        assert_eq!(lines(&schema_faults(&ours, "schema.graphql", theirs)), Vec::<String>::new());
    }

    #[test]
    fn types_fields_and_arguments_that_differ_are_each_a_fault() {
        let ours = schema("type Query { a(x: Int, y: ID!): String b: Int }\ninput I { p: Int = 1 }\nenum E { A B }\ntype Gone { g: Int }\n");
        let theirs = "type Query { a(x: String, z: Int): String c: Int }\ninput I { p: Int = 2 q: Int }\nenum E { A C }\ntype New { n: Int }\n";
        let found = lines(&schema_faults(&ours, "schema.graphql", theirs));
        for want in [
            "schema: argument Query.a(x:) is String in the deployed API, Int in schema.graphql",
            "schema: argument Query.a(y:) ID! is missing from the deployed API",
            "schema: argument Query.a(z:) Int is in the deployed API but not in schema.graphql",
            "schema: field Query.b: Int is missing from the deployed API",
            "schema: field Query.c: Int is in the deployed API but not in schema.graphql",
            "schema: input field I.p defaults to 2 in the deployed API, 1 in schema.graphql",
            "schema: input field I.q Int is in the deployed API but not in schema.graphql",
            "schema: enum value E.B is missing from the deployed API",
            "schema: enum value E.C is in the deployed API but not in schema.graphql",
            "schema: type Gone (an object type) is missing from the deployed API",
            "schema: type New (an object type) is in the deployed API but not in schema.graphql",
        ] {
            assert!(found.iter().any(|f| f == want), "{want} not in {found:#?}");
        }
        assert_eq!(found.len(), 11, "{found:#?}");
    }

    #[test]
    fn a_publishing_mutation_is_on_a_none_data_source_and_a_subscription_on_its_lambda() {
        let ours =
            schema("type Query { a: Int }\ntype Mutation { publish: Int }\ntype Subscription { changed: Int }\n");
        let expect = |t: &str, f: &str, d: &str, pass_through: bool| ExpectedResolver {
            type_name: t.into(),
            field_name: f.into(),
            data_source: d.into(),
            function: f.into(),
            pass_through,
        };
        let expected = [
            expect("Query", "a", "A", false),
            expect("Mutation", "publish", "Publishing", true),
            expect("Subscription", "changed", "C", false),
        ];
        let lambda = |name: &str| DataSource {
            name: name.into(),
            kind: "AWS_LAMBDA".into(),
            lambda_config: Some(crate::answers::LambdaConfig { lambda_function_arn: "arn:f".into() }),
            ..Default::default()
        };
        let none = DataSource { name: "Publishing".into(), kind: "NONE".into(), ..Default::default() };
        let resolver = |t: &str, f: &str, d: &str| Resolver {
            type_name: t.into(),
            field_name: f.into(),
            data_source_name: Some(d.into()),
            kind: Some("UNIT".into()),
            resolver_arn: None,
        };
        let good = [
            resolver("Query", "a", "A"),
            resolver("Mutation", "publish", "Publishing"),
            resolver("Subscription", "changed", "C"),
        ];
        let sources = [lambda("A"), none.clone(), lambda("C")];
        assert!(resolver_faults(&ours, "s", &expected, &good, &sources).is_empty());
        let faults = resolver_faults(&ours, "s", &expected, &good[..2], &sources);
        assert_eq!(
            lines(&faults),
            ["resolver: Subscription.changed has no resolver (the registry's changed expects one on data source C)"]
        );
        let on_lambda = [lambda("A"), DataSource { name: "Publishing".into(), ..lambda("Publishing") }, lambda("C")];
        assert_eq!(
            lines(&resolver_faults(&ours, "s", &expected, &good, &on_lambda)),
            ["resolver: Mutation.publish's data source Publishing is of type AWS_LAMBDA, not NONE"]
        );
        let subscription_on_none =
            [lambda("A"), none, DataSource { name: "C".into(), kind: "NONE".into(), ..Default::default() }];
        assert_eq!(
            lines(&resolver_faults(&ours, "s", &expected, &good, &subscription_on_none)),
            ["resolver: Subscription.changed's data source C is of type NONE, not AWS_LAMBDA with a function"]
        );
    }
}
