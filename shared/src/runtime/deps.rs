use crate::appsync::GraphqlClient;
use crate::aws_json::{JsonClient, UserPool, COGNITO_IDP};
use crate::config::{Config, MissingVar};
use crate::registry::Needs;
use crate::resources::{Bucket, Queue, Table};
use crate::s3::S3Client;
use crate::usage::{Counter, Usage};
use crate::ApiError;
use std::sync::Arc;
use std::time::Duration;

/// A ListUsers page is answered in well under a second; three attempts fit an API call's 30 s.
const USER_POOL_TIMEOUT: Duration = Duration::from_secs(5);

/// One function's configuration and the AWS clients it uses, built once per
/// cold start and shared by every invocation (`&'static`, so handler futures
/// need no `Arc`). A client is built only when the function's grants need it.
pub struct Deps {
    pub config: Config,
    /// What its AWS calls cost so far (every client counts into it).
    pub usage: Arc<Usage>,
    dynamo: Option<aws_sdk_dynamodb::Client>,
    user_pool: Option<UserPool>,
    /// The SDK's Cognito client, for the local tooling's administration (not in the functions' build).
    #[cfg(feature = "cognito-sdk")]
    cognito: Option<aws_sdk_cognitoidentityprovider::Client>,
    s3: Option<S3Client>,
    sqs: Option<aws_sdk_sqs::Client>,
    graphql: Option<GraphqlClient>,
}

/// A queue a function may send to: the client and the queue's URL.
#[derive(Clone, Copy)]
pub struct QueueRef<'a> {
    pub client: &'a aws_sdk_sqs::Client,
    pub url: &'a str,
}

/// A bucket a function may use: the client and the bucket's name.
#[derive(Clone, Copy)]
pub struct BucketRef<'a> {
    pub client: &'a S3Client,
    pub name: &'a str,
}

/// A table a function may use: the client and the table's name.
#[derive(Clone, Copy)]
pub struct TableRef<'a> {
    pub client: &'a aws_sdk_dynamodb::Client,
    pub name: &'a str,
}

impl Deps {
    /// For the tools: the SDK's default chains find region and credentials.
    pub async fn from_env(needs: &Needs) -> Result<&'static Deps, MissingVar> {
        Self::loaded(needs, crate::sdk::loader()).await
    }

    /// For a Lambda function: region and credentials from the environment,
    /// where Lambda puts them (`sdk::function_loader`).
    pub async fn in_function(needs: &Needs) -> Result<&'static Deps, MissingVar> {
        Self::loaded(needs, crate::sdk::function_loader()).await
    }

    async fn loaded(needs: &Needs, loader: aws_config::ConfigLoader) -> Result<&'static Deps, MissingVar> {
        let config = Config::from_env(needs)?;
        Ok(Self::build(config, needs, &loader.load().await))
    }

    pub fn build(config: Config, needs: &Needs, sdk: &aws_config::SdkConfig) -> &'static Deps {
        let usage = Arc::new(Usage::default());
        let counter = Counter(usage.clone());
        let graphql = config.graphql_url().map(|url| GraphqlClient::new(url, sdk).counted(usage.clone()));
        Box::leak(Box::new(Deps {
            config,
            graphql,
            dynamo: (!needs.tables.is_empty()).then(|| {
                aws_sdk_dynamodb::Client::from_conf(
                    aws_sdk_dynamodb::config::Builder::from(sdk).interceptor(counter.clone()).build(),
                )
            }),
            user_pool: needs
                .user_pool
                .then(|| UserPool(JsonClient::new(COGNITO_IDP, sdk, USER_POOL_TIMEOUT).counted(usage.clone()))),
            #[cfg(feature = "cognito-sdk")]
            cognito: needs.user_pool.then(|| {
                aws_sdk_cognitoidentityprovider::Client::from_conf(
                    aws_sdk_cognitoidentityprovider::config::Builder::from(sdk).interceptor(counter.clone()).build(),
                )
            }),
            s3: (!needs.buckets.is_empty()).then(|| S3Client::counted(sdk, usage.clone())),
            sqs: (!needs.queues.is_empty()).then(|| {
                aws_sdk_sqs::Client::from_conf(
                    aws_sdk_sqs::config::Builder::from(sdk).interceptor(counter.clone()).build(),
                )
            }),
            usage,
        }))
    }

    pub fn table(&self, table: Table) -> Result<TableRef<'_>, ApiError> {
        let name = self.config.table(table)?;
        let client = self.dynamo.as_ref().ok_or_else(|| ApiError::internal("no DynamoDB client"))?;
        Ok(TableRef { client, name })
    }

    pub fn bucket(&self, bucket: Bucket) -> Result<BucketRef<'_>, ApiError> {
        let name = self.config.bucket(bucket)?;
        let client = self.s3.as_ref().ok_or_else(|| ApiError::internal("no S3 client"))?;
        Ok(BucketRef { client, name })
    }

    pub fn queue(&self, queue: Queue) -> Result<QueueRef<'_>, ApiError> {
        let url = self.config.queue_url(queue)?;
        let client = self.sqs.as_ref().ok_or_else(|| ApiError::internal("no SQS client"))?;
        Ok(QueueRef { client, url })
    }

    pub fn dynamo(&self) -> Result<&aws_sdk_dynamodb::Client, ApiError> {
        self.dynamo.as_ref().ok_or_else(|| ApiError::internal("function has no table grant"))
    }

    /// The user pool's ListUsers, for a function with the ListUsers grant.
    pub fn user_pool(&self) -> Result<&UserPool, ApiError> {
        self.user_pool.as_ref().ok_or_else(|| ApiError::internal("function has no ListUsers grant"))
    }

    /// The API's GraphQL endpoint, for a function with the PublishChanges grant.
    pub fn graphql(&self) -> Result<&GraphqlClient, ApiError> {
        self.graphql.as_ref().ok_or_else(|| ApiError::internal("function has no PublishChanges grant"))
    }

    #[cfg(feature = "cognito-sdk")]
    pub fn cognito(&self) -> Result<&aws_sdk_cognitoidentityprovider::Client, ApiError> {
        self.cognito.as_ref().ok_or_else(|| ApiError::internal("function has no ListUsers grant"))
    }

    /// Which clients exist: what a cold start pays for (tested per function).
    pub fn clients(&self) -> Vec<&'static str> {
        let mut c = Vec::new();
        if self.dynamo.is_some() {
            c.push("dynamodb");
        }
        if self.user_pool.is_some() {
            c.push("cognito-idp");
        }
        if self.s3.is_some() {
            c.push("s3");
        }
        if self.sqs.is_some() {
            c.push("sqs");
        }
        if self.graphql.is_some() {
            c.push("appsync");
        }
        c
    }
}
