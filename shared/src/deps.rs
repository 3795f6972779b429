use crate::config::{Config, MissingVar};

/// Configuration and AWS clients, built once per cold start and shared by
/// every invocation (`&'static`, so handler futures need no `Arc`).
pub struct Deps {
    pub config: Config,
    pub dynamo: aws_sdk_dynamodb::Client,
    pub s3: aws_sdk_s3::Client,
    pub sqs: aws_sdk_sqs::Client,
    pub cognito: aws_sdk_cognitoidentityprovider::Client,
}

impl Deps {
    pub async fn from_env() -> Result<&'static Deps, MissingVar> {
        let config = Config::from_env()?;
        let sdk = aws_config::load_from_env().await;
        Ok(Self::from_sdk_config(config, &sdk))
    }

    pub fn from_sdk_config(config: Config, sdk: &aws_config::SdkConfig) -> &'static Deps {
        Box::leak(Box::new(Deps {
            config,
            dynamo: aws_sdk_dynamodb::Client::new(sdk),
            s3: aws_sdk_s3::Client::new(sdk),
            sqs: aws_sdk_sqs::Client::new(sdk),
            cognito: aws_sdk_cognitoidentityprovider::Client::new(sdk),
        }))
    }
}
