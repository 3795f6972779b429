//! The AppSync calls: each answer turned into `answers`' types, so the check
//! (`compare`) never sees the SDK. One client, built as the other tools build
//! theirs (`fleet_shared::sdk::loader`: region, credentials and
//! `AWS_ENDPOINT_URL` from the environment).
use crate::answers::{
    AdditionalAuthenticationProvider, DataSource, GraphqlApi, LambdaConfig, Resolver, UserPoolConfig,
};
use crate::compare::Deployed;
use aws_sdk_appsync::error::DisplayErrorContext;
use aws_sdk_appsync::types::{self, OutputType};
use aws_sdk_appsync::Client;

/// The AppSync client, and the region it calls (what the template's `!Ref AWS::Region` is).
pub async fn client() -> (Client, Option<String>) {
    let config = fleet_shared::sdk::loader().load().await;
    let region = config.region().map(|r| r.to_string());
    (Client::new(&config), region)
}

fn failed(what: &str, e: impl std::error::Error) -> String {
    format!("{what} failed: {}", DisplayErrorContext(e))
}

/// Reads the deployed API: its schema (SDL) and settings, and unless
/// `schema_only` the resolvers of its root types and its data sources, every page.
pub async fn read(client: &Client, api_id: &str, schema_only: bool) -> Result<Deployed, String> {
    let api = client.get_graphql_api().api_id(api_id).send().await.map_err(|e| failed("GetGraphqlApi", e))?;
    let api = api.graphql_api().map(graphql_api).ok_or("GetGraphqlApi answered no API")?;
    let schema = client
        .get_introspection_schema()
        .api_id(api_id)
        .format(OutputType::Sdl)
        .include_directives(true)
        .send()
        .await
        .map_err(|e| failed("GetIntrospectionSchema", e))?;
    let sdl = schema.schema().map(|b| String::from_utf8_lossy(b.as_ref()).into_owned()).unwrap_or_default();
    let mut deployed = Deployed { sdl, api, resolvers: None, data_sources: None };
    if schema_only {
        return Ok(deployed);
    }
    // The root types the deployed schema has (ListResolvers refuses a type it does not).
    let roots: Vec<String> = match crate::compare::parse(&deployed.sdl, "deployed schema") {
        Ok(schema) => {
            let def = &schema.schema_definition;
            [&def.query, &def.mutation, &def.subscription].into_iter().flatten().map(|n| n.name.to_string()).collect()
        }
        Err(_) => vec!["Query".into(), "Mutation".into()],
    };
    let mut resolvers = Vec::new();
    for type_name in roots {
        let page = client.list_resolvers().api_id(api_id).type_name(&type_name).into_paginator().items().send();
        let found = page.try_collect().await.map_err(|e| failed(&format!("ListResolvers of {type_name}"), e))?;
        resolvers.extend(found.iter().map(resolver));
    }
    let sources = client.list_data_sources().api_id(api_id).into_paginator().items().send();
    let sources = sources.try_collect().await.map_err(|e| failed("ListDataSources", e))?;
    deployed.resolvers = Some(resolvers);
    deployed.data_sources = Some(sources.iter().map(data_source).collect());
    Ok(deployed)
}

fn resolver(r: &types::Resolver) -> Resolver {
    Resolver {
        type_name: r.type_name().unwrap_or_default().into(),
        field_name: r.field_name().unwrap_or_default().into(),
        data_source_name: r.data_source_name().map(Into::into),
        kind: r.kind().map(|k| k.as_str().into()),
        resolver_arn: r.resolver_arn().map(Into::into),
    }
}

fn data_source(d: &types::DataSource) -> DataSource {
    DataSource {
        name: d.name().unwrap_or_default().into(),
        kind: d.r#type().map(|t| t.as_str().to_string()).unwrap_or_default(),
        data_source_arn: d.data_source_arn().map(Into::into),
        service_role_arn: d.service_role_arn().map(Into::into),
        lambda_config: d.lambda_config().map(|l| LambdaConfig { lambda_function_arn: l.lambda_function_arn().into() }),
    }
}

fn graphql_api(a: &types::GraphqlApi) -> GraphqlApi {
    GraphqlApi {
        name: a.name().unwrap_or_default().into(),
        api_id: a.api_id().unwrap_or_default().into(),
        authentication_type: a.authentication_type().map(|t| t.as_str().to_string()).unwrap_or_default(),
        user_pool_config: a.user_pool_config().map(|p| UserPoolConfig {
            user_pool_id: p.user_pool_id().into(),
            aws_region: p.aws_region().into(),
            default_action: Some(p.default_action().as_str().into()),
            app_id_client_regex: p.app_id_client_regex().map(Into::into),
        }),
        additional_authentication_providers: a
            .additional_authentication_providers()
            .iter()
            .map(|p| AdditionalAuthenticationProvider {
                authentication_type: p.authentication_type().map(|t| t.as_str().to_string()).unwrap_or_default(),
                user_pool_config: p.user_pool_config().map(|c| UserPoolConfig {
                    user_pool_id: c.user_pool_id().into(),
                    aws_region: c.aws_region().into(),
                    default_action: None,
                    app_id_client_regex: c.app_id_client_regex().map(Into::into),
                }),
            })
            .collect(),
        arn: a.arn().map(Into::into),
    }
}
