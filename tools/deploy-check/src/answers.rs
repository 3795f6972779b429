//! AppSync's answers, as much of them as the check reads, in the shape of the
//! AppSync API's JSON (camelCase, `nextToken` pages): the recorded fixtures
//! deserialise into these, and `aws` builds them from the SDK's output types.
use serde::{Deserialize, Serialize};

/// One resolver of `ListResolvers`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Resolver {
    pub type_name: String,
    pub field_name: String,
    /// None for a pipeline resolver (its functions name the data sources).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data_source_name: Option<String>,
    /// `UNIT` or `PIPELINE`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resolver_arn: Option<String>,
}

/// A `ListResolvers` answer (one type's, one page).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListResolvers {
    #[serde(default)]
    pub resolvers: Vec<Resolver>,
    #[serde(default)]
    pub next_token: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LambdaConfig {
    pub lambda_function_arn: String,
}

/// One data source of `ListDataSources`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DataSource {
    pub name: String,
    /// `AWS_LAMBDA`, `NONE`, `AMAZON_DYNAMODB`, ...
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data_source_arn: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub service_role_arn: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lambda_config: Option<LambdaConfig>,
}

/// A `ListDataSources` answer (one page).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListDataSources {
    #[serde(default)]
    pub data_sources: Vec<DataSource>,
    #[serde(default)]
    pub next_token: Option<String>,
}

/// A Cognito user pool's settings: the default mode's `UserPoolConfig` (with
/// its `defaultAction`) or an additional mode's `CognitoUserPoolConfig`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserPoolConfig {
    pub user_pool_id: String,
    #[serde(default)]
    pub aws_region: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_action: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub app_id_client_regex: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AdditionalAuthenticationProvider {
    pub authentication_type: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_pool_config: Option<UserPoolConfig>,
}

/// The API of `GetGraphqlApi`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GraphqlApi {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub api_id: String,
    pub authentication_type: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_pool_config: Option<UserPoolConfig>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub additional_authentication_providers: Vec<AdditionalAuthenticationProvider>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arn: Option<String>,
}

/// A `GetGraphqlApi` answer.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GetGraphqlApi {
    pub graphql_api: GraphqlApi,
}
