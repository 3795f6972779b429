use aws_sdk_dynamodb::error::ProvideErrorMetadata;
use serde_json::json;

pub const PROHIBITED: &str = "Error! User Action Prohibited!";

/// The one error type of every handler. It is mapped exactly twice: to the
/// Lambda error AppSync shows as a GraphQL error (`errorType`, `errorMessage`)
/// and to an HTTP status with a JSON body `{ "errorType", "message" }`.
#[derive(Debug, Clone, thiserror::Error, PartialEq)]
pub enum ApiError {
    /// Invalid input; the message is shown to the user as is.
    #[error("{0}")]
    BadRequest(String),
    #[error("Unauthorized")]
    Unauthorized,
    #[error("{}", PROHIBITED)]
    Forbidden,
    /// Forbidden for a reason the caller should read (not their route, say).
    #[error("{0}")]
    Refused(String),
    #[error("{0}")]
    NotFound(String),
    /// A write refused because the record exists or changed meanwhile.
    #[error("{0}")]
    Conflict(String),
    /// The request is over a size bound (`limits`).
    #[error("{0}")]
    PayloadTooLarge(String),
    /// Throttled or a conflicting transaction in flight: worth retrying.
    #[error("The service is busy, please try again in a moment")]
    Unavailable,
    /// Details are logged, never shown.
    #[error("Internal error, please try again or report to the Technology team")]
    Internal(String),
}

impl ApiError {
    pub fn bad_request(msg: impl Into<String>) -> Self {
        Self::BadRequest(msg.into())
    }

    pub fn internal(err: impl std::fmt::Display) -> Self {
        let detail = err.to_string();
        tracing::error!(%detail, "internal error");
        Self::Internal(detail)
    }

    pub fn error_type(&self) -> &'static str {
        match self {
            Self::BadRequest(_) => "BadRequest",
            Self::Unauthorized => "Unauthorized",
            Self::Forbidden | Self::Refused(_) => "Forbidden",
            Self::NotFound(_) => "NotFound",
            Self::Conflict(_) => "Conflict",
            Self::PayloadTooLarge(_) => "PayloadTooLarge",
            Self::Unavailable => "Unavailable",
            Self::Internal(_) => "InternalError",
        }
    }

    pub fn status(&self) -> u16 {
        match self {
            Self::BadRequest(_) => 400,
            Self::Unauthorized => 401,
            Self::Forbidden | Self::Refused(_) => 403,
            Self::NotFound(_) => 404,
            Self::Conflict(_) => 409,
            Self::PayloadTooLarge(_) => 413,
            Self::Unavailable => 503,
            Self::Internal(_) => 500,
        }
    }

    pub fn http_body(&self) -> serde_json::Value {
        json!({ "errorType": self.error_type(), "message": self.to_string() })
    }
}

impl From<ApiError> for lambda_runtime::Diagnostic {
    fn from(err: ApiError) -> Self {
        lambda_runtime::Diagnostic { error_type: err.error_type().to_string(), error_message: err.to_string() }
    }
}

/// Every AWS SDK error (one `SdkError` type across services) is classified
/// once: request-caused failures become 4xx with a clear message, capacity
/// trouble 503, and only the rest 500.
impl<E, R> From<aws_sdk_dynamodb::error::SdkError<E, R>> for ApiError
where
    E: std::error::Error + ProvideErrorMetadata + 'static,
    R: std::fmt::Debug,
{
    fn from(err: aws_sdk_dynamodb::error::SdkError<E, R>) -> Self {
        use aws_sdk_dynamodb::error::DisplayErrorContext;
        let code = err.code().unwrap_or_default().to_string();
        let message = err.message().unwrap_or_default().to_string();
        classify(&code, &message).unwrap_or_else(|| Self::internal(DisplayErrorContext(&err)))
    }
}

pub const CHANGED_MEANWHILE: &str = "The record was changed by someone else meanwhile. Reload and try again.";

/// The user-facing error for an AWS error code and message, when the request
/// (not the service) caused it.
pub fn classify(code: &str, message: &str) -> Option<ApiError> {
    let lower = message.to_lowercase();
    let err = match code {
        "ConditionalCheckFailedException" => ApiError::Conflict(CHANGED_MEANWHILE.into()),
        "TransactionCanceledException" if lower.contains("conditionalcheckfailed") => {
            ApiError::Conflict(CHANGED_MEANWHILE.into())
        }
        "TransactionCanceledException" if lower.contains("validationerror") => {
            ApiError::bad_request("The data store refused the request as invalid")
        }
        "ValidationException" | "TransactionCanceledException" if lower.contains("item size") => {
            ApiError::bad_request("The record is too large to store (at most 400 KB)")
        }
        "ValidationException" if lower.contains("key") && (lower.contains("size") || lower.contains("length")) => {
            ApiError::bad_request("A key value is too long")
        }
        "ValidationException" if lower.contains("empty") => ApiError::bad_request("A key value cannot be empty"),
        "ValidationException" => {
            tracing::warn!(%message, "request refused by the data store");
            ApiError::bad_request("The data store refused the request as invalid")
        }
        "ItemCollectionSizeLimitExceededException" => ApiError::bad_request("Too much data stored under one key"),
        "ProvisionedThroughputExceededException"
        | "ThrottlingException"
        | "RequestLimitExceeded"
        | "TransactionConflictException"
        | "TransactionInProgressException" => ApiError::Unavailable,
        _ => return None,
    };
    Some(err)
}

/// A failed S3, Cognito or SSM call (`aws_http`): the service's fault or the
/// function's, never the request's, so a 500 with the reason in the log.
impl From<crate::aws_http::CallFailed> for ApiError {
    fn from(err: crate::aws_http::CallFailed) -> Self {
        Self::internal(err)
    }
}

impl From<serde_dynamo::Error> for ApiError {
    fn from(err: serde_dynamo::Error) -> Self {
        Self::internal(err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_to_lambda_diagnostic_with_the_user_message() {
        let d: lambda_runtime::Diagnostic = ApiError::Forbidden.into();
        assert_eq!(d.error_type, "Forbidden");
        assert_eq!(d.error_message, "Error! User Action Prohibited!");
        let d: lambda_runtime::Diagnostic = ApiError::bad_request("zipCode cannot be empty").into();
        assert_eq!((d.error_type.as_str(), d.error_message.as_str()), ("BadRequest", "zipCode cannot be empty"));
    }

    #[test]
    fn maps_to_http_status_and_json_body() {
        assert_eq!(ApiError::Forbidden.status(), 403);
        assert_eq!(ApiError::Conflict("x".into()).status(), 409);
        assert_eq!(ApiError::Unauthorized.status(), 401);
        let body = ApiError::NotFound("Location X not found".into()).http_body();
        assert_eq!(body["message"], "Location X not found");
        assert_eq!(body["errorType"], "NotFound");
    }

    #[test]
    fn request_caused_store_errors_are_4xx() {
        let c = |code: &str, msg: &str| classify(code, msg).map(|e| e.status());
        assert_eq!(
            c(
                "ValidationException",
                "One or more parameter values were invalid: An AttributeValue may not contain an empty string"
            ),
            Some(400)
        );
        assert_eq!(
            c("ValidationException", "Size of hashkey has exceeded the maximum size limit of 2048 bytes"),
            Some(400)
        );
        assert_eq!(c("ValidationException", "Item size has exceeded the maximum allowed size"), Some(400));
        assert_eq!(c("ConditionalCheckFailedException", "The conditional request failed"), Some(409));
        assert_eq!(c("TransactionCanceledException", "Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed, None]"), Some(409));
        assert_eq!(c("ThrottlingException", ""), Some(503));
        assert_eq!(c("InternalServerError", "boom"), None);
    }

    #[test]
    fn internal_errors_hide_their_detail() {
        let e = ApiError::internal("connection refused to 10.0.0.1");
        assert!(!e.to_string().contains("10.0.0.1"));
        assert_eq!(e.status(), 500);
    }
}
