//! What the repository says the deployed API is: the resolvers the registry
//! implies (as `fleet_generators::template` renders them) and the auth modes
//! of the template's `GraphQLApi` resource.
use fleet_shared::{FunctionSpec, Trigger};

/// The resolver the template declares for a registry function: `TypeName`,
/// `FieldName` and the data source named by the function's logical id
/// (`{id}DataSource`, `Name: {id}`); or, for a publishing mutation a function
/// is granted (`Grant::PublishChanges`), the NONE data source `Publishing`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpectedResolver {
    pub type_name: String,
    pub field_name: String,
    pub data_source: String,
    /// The registry entry's name, for the fault lines.
    pub function: String,
    /// On AppSync's NONE data source (a publishing mutation), not a Lambda one.
    pub pass_through: bool,
}

/// The name of the publishing mutations' NONE data source (`fleet_generators::template`).
pub const PUBLISHING_SOURCE: &str = "Publishing";

/// Every GraphQL function of the registry as its template resolver, and each publishing mutation.
pub fn registry_resolvers<'a>(functions: impl IntoIterator<Item = &'a FunctionSpec>) -> Vec<ExpectedResolver> {
    let mut out: Vec<ExpectedResolver> = Vec::new();
    for spec in functions {
        let resolved = match spec.trigger {
            Trigger::Query(f) => Some(("Query", f)),
            Trigger::Mutation(f) => Some(("Mutation", f)),
            Trigger::Subscription(f) => Some(("Subscription", f)),
            _ => None,
        };
        if let Some((type_name, field)) = resolved {
            out.push(ExpectedResolver {
                type_name: type_name.into(),
                field_name: field.into(),
                data_source: spec.logical_id(),
                function: spec.name.into(),
                pass_through: false,
            });
        }
        for grant in spec.grants {
            let fleet_shared::Grant::PublishChanges(field) = grant else { continue };
            if !out.iter().any(|e| e.type_name == "Mutation" && e.field_name == *field) {
                out.push(ExpectedResolver {
                    type_name: "Mutation".into(),
                    field_name: field.to_string(),
                    data_source: PUBLISHING_SOURCE.into(),
                    function: spec.name.into(),
                    pass_through: true,
                });
            }
        }
    }
    out
}

/// A value of the template: a literal, or `!Ref NAME` (None for anything else, not checked).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TemplateValue {
    Literal(String),
    Ref(String),
    Other(String),
}

impl TemplateValue {
    fn parse(raw: &str) -> Self {
        let raw = raw.trim();
        if let Some(name) = raw.strip_prefix("!Ref ") {
            return TemplateValue::Ref(name.trim().into());
        }
        if raw.starts_with('!') {
            return TemplateValue::Other(raw.into());
        }
        TemplateValue::Literal(raw.trim_matches(|c| c == '\'' || c == '"').into())
    }
}

/// One auth mode as the template declares it: its `AuthenticationType` and,
/// for Cognito, its `UserPoolConfig` keys (`UserPoolId`, `AwsRegion`,
/// `DefaultAction`, `AppIdClientRegex`) as written.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TemplateMode {
    pub kind: String,
    pub user_pool: Vec<(String, TemplateValue)>,
}

impl TemplateMode {
    pub fn pool_value(&self, key: &str) -> Option<&TemplateValue> {
        self.user_pool.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }
}

/// The template's GraphQL auth: the default mode and the additional ones.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TemplateAuth {
    pub default: TemplateMode,
    pub additional: Vec<TemplateMode>,
}

/// The lines of one resource's block of a template (`  Name:` at two spaces),
/// read by indentation as the drift test reads template.yaml.
fn resource_block<'a>(yaml: &'a str, logical_id: &str) -> Option<Vec<&'a str>> {
    let header = format!("  {logical_id}:");
    let mut lines = yaml.lines().skip_while(|l| l.trim_end() != header);
    lines.next()?;
    Some(
        lines
            .take_while(|l| {
                let t = l.trim_start();
                let indent = l.len() - t.len();
                t.is_empty() || t.starts_with('#') || indent > 2
            })
            .collect(),
    )
}

fn key_value(text: &str) -> Option<(&str, &str)> {
    let (k, v) = text.split_once(':')?;
    Some((k.trim(), v.trim()))
}

/// The `GraphQLApi` resource's auth modes (infra/template.base.yaml). `Err`
/// when the template has no such resource or it declares no
/// `AuthenticationType`.
pub fn template_auth(yaml: &str) -> Result<TemplateAuth, String> {
    let block = resource_block(yaml, "GraphQLApi").ok_or("the template has no GraphQLApi resource")?;
    let mut auth = TemplateAuth::default();
    // Where the lines below a key at 6 spaces (a property) belong.
    enum Section {
        DefaultPool,
        Additional,
        Other,
    }
    let mut section = Section::Other;
    let mut in_additional_pool = false;
    for line in block {
        let text = line.trim_start();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let indent = line.len() - text.len();
        match (indent, &section) {
            (6, _) => {
                let Some((key, value)) = key_value(text) else { continue };
                section = match key {
                    "AuthenticationType" => {
                        auth.default.kind = value.into();
                        Section::Other
                    }
                    "UserPoolConfig" => Section::DefaultPool,
                    "AdditionalAuthenticationProviders" => Section::Additional,
                    _ => Section::Other,
                };
            }
            (8, Section::DefaultPool) => {
                if let Some((key, value)) = key_value(text) {
                    auth.default.user_pool.push((key.into(), TemplateValue::parse(value)));
                }
            }
            (8, Section::Additional) if text.starts_with("- ") => {
                auth.additional.push(TemplateMode::default());
                in_additional_pool = false;
                if let Some((key, value)) = key_value(&text[2..]) {
                    additional_key(&mut auth, key, value, &mut in_additional_pool);
                }
            }
            (10, Section::Additional) => {
                if let Some((key, value)) = key_value(text) {
                    additional_key(&mut auth, key, value, &mut in_additional_pool);
                }
            }
            (12, Section::Additional) if in_additional_pool => {
                if let (Some((key, value)), Some(mode)) = (key_value(text), auth.additional.last_mut()) {
                    mode.user_pool.push((key.into(), TemplateValue::parse(value)));
                }
            }
            _ => {}
        }
    }
    if auth.default.kind.is_empty() {
        return Err("the template's GraphQLApi declares no AuthenticationType".into());
    }
    Ok(auth)
}

fn additional_key(auth: &mut TemplateAuth, key: &str, value: &str, in_pool: &mut bool) {
    let Some(mode) = auth.additional.last_mut() else { return };
    *in_pool = false;
    match key {
        "AuthenticationType" => mode.kind = value.into(),
        "UserPoolConfig" => *in_pool = true,
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_base_template_declares_cognito_on_the_stacks_pool_and_iam_besides() {
        let base = include_str!("../../../infra/template.base.yaml");
        let auth = template_auth(base).unwrap();
        assert_eq!(auth.default.kind, "AMAZON_COGNITO_USER_POOLS");
        assert_eq!(auth.default.pool_value("UserPoolId"), Some(&TemplateValue::Ref("UserPool".into())));
        assert_eq!(auth.default.pool_value("AwsRegion"), Some(&TemplateValue::Ref("AWS::Region".into())));
        assert_eq!(auth.default.pool_value("DefaultAction"), Some(&TemplateValue::Literal("ALLOW".into())));
        // The publishers' role signs the publishing mutations (issue 61).
        assert_eq!(auth.additional, [TemplateMode { kind: "AWS_IAM".into(), user_pool: vec![] }], "{auth:?}");
    }

    #[test]
    fn additional_modes_are_read_with_their_pools() {
        let yaml = "Resources:\n  GraphQLApi:\n    Type: AWS::AppSync::GraphQLApi\n    Properties:\n      Name: x\n      AuthenticationType: AMAZON_COGNITO_USER_POOLS\n      UserPoolConfig:\n        UserPoolId: !Ref UserPool\n        DefaultAction: ALLOW\n      AdditionalAuthenticationProviders:\n        - AuthenticationType: AWS_IAM\n        - AuthenticationType: AMAZON_COGNITO_USER_POOLS\n          UserPoolConfig:\n            UserPoolId: !Ref OtherPool\n            AwsRegion: !Ref AWS::Region\n      LogConfig:\n        FieldLogLevel: ERROR\n  Next:\n    Type: AWS::SNS::Topic\n";
        let auth = template_auth(yaml).unwrap();
        assert_eq!(auth.default.user_pool.len(), 2);
        assert_eq!(auth.additional.len(), 2);
        assert_eq!(auth.additional[0], TemplateMode { kind: "AWS_IAM".into(), user_pool: vec![] });
        assert_eq!(auth.additional[1].kind, "AMAZON_COGNITO_USER_POOLS");
        assert_eq!(auth.additional[1].pool_value("UserPoolId"), Some(&TemplateValue::Ref("OtherPool".into())));
        assert!(template_auth("Resources:\n  Other:\n    Type: x\n").is_err());
    }

    #[test]
    fn every_graphql_function_is_expected_on_its_own_data_source() {
        let expected = registry_resolvers(fleet_functions::all());
        let graphql = fleet_functions::all()
            .filter(|f| matches!(f.trigger, Trigger::Query(_) | Trigger::Mutation(_) | Trigger::Subscription(_)));
        let publishing = expected.iter().filter(|e| e.pass_through).count();
        assert_eq!(expected.len() - publishing, graphql.count());
        assert!(publishing >= 2, "publishStockingChange and publishCommandChange: {expected:?}");
        assert!(expected.iter().filter(|e| e.pass_through).all(|e| e.data_source == PUBLISHING_SOURCE));
        let my_access = expected.iter().find(|r| r.field_name == "myAccess").expect("myAccess");
        assert_eq!(my_access.type_name, "Query");
        assert!(expected.iter().all(|r| !r.data_source.contains('_')), "{expected:?}");
        let on = expected.iter().find(|r| r.field_name == "onStockingChanged").expect("onStockingChanged");
        assert_eq!(
            (on.type_name.as_str(), on.pass_through),
            ("Subscription", false),
            "a Lambda resolver checks who subscribes"
        );
    }
}
