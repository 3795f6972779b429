use serde_json::json;

pub const PROHIBITED: &str = "Error! User Action Prohibited!";

/// The one error type of every handler. It is mapped exactly twice: to the
/// Lambda error AppSync shows as a GraphQL error (`errorType`, `errorMessage`)
/// and to an HTTP status with a JSON body `{ "errorType", "message" }`.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ApiError {
    /// Invalid input; the message is shown to the user as is.
    #[error("{0}")]
    BadRequest(String),
    #[error("Unauthorized")]
    Unauthorized,
    #[error("{}", PROHIBITED)]
    Forbidden,
    #[error("{0}")]
    NotFound(String),
    /// A write refused because the record exists or changed meanwhile.
    #[error("{0}")]
    Conflict(String),
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
            Self::Forbidden => "Forbidden",
            Self::NotFound(_) => "NotFound",
            Self::Conflict(_) => "Conflict",
            Self::Internal(_) => "InternalError",
        }
    }

    pub fn status(&self) -> u16 {
        match self {
            Self::BadRequest(_) => 400,
            Self::Unauthorized => 401,
            Self::Forbidden => 403,
            Self::NotFound(_) => 404,
            Self::Conflict(_) => 409,
            Self::Internal(_) => 500,
        }
    }

    pub fn http_body(&self) -> serde_json::Value {
        json!({ "errorType": self.error_type(), "message": self.to_string() })
    }
}

impl From<ApiError> for lambda_runtime::Diagnostic {
    fn from(err: ApiError) -> Self {
        lambda_runtime::Diagnostic {
            error_type: err.error_type().to_string(),
            error_message: err.to_string(),
        }
    }
}

impl<E, R> From<aws_sdk_dynamodb::error::SdkError<E, R>> for ApiError
where
    E: std::error::Error + 'static,
    R: std::fmt::Debug,
{
    fn from(err: aws_sdk_dynamodb::error::SdkError<E, R>) -> Self {
        use aws_sdk_dynamodb::error::DisplayErrorContext;
        Self::internal(DisplayErrorContext(&err))
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
    fn internal_errors_hide_their_detail() {
        let e = ApiError::internal("connection refused to 10.0.0.1");
        assert!(!e.to_string().contains("10.0.0.1"));
        assert_eq!(e.status(), 500);
    }
}
