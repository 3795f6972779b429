use serde_json::Value;
use std::collections::HashMap;

/// Who is calling, from the Cognito token claims that AppSync puts in
/// `identity.claims` or the HTTP API JWT authorizer in `authorizer.jwt.claims`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caller {
    /// Cognito `sub`: the stable user id permissions are keyed by.
    pub sub: String,
    pub username: String,
    /// Empty when the token carries no e-mail (an access token).
    pub email: String,
}

impl Caller {
    pub fn from_claims(claims: &HashMap<String, String>) -> Option<Caller> {
        let sub = claims.get("sub").filter(|s| !s.is_empty())?.clone();
        let username = claims
            .get("cognito:username")
            .or_else(|| claims.get("username"))
            .cloned()
            .unwrap_or_else(|| sub.clone());
        let email = claims.get("email").cloned().unwrap_or_default();
        Some(Caller { sub, username, email })
    }

    /// AppSync claims are JSON values; only their string forms matter here.
    pub fn from_json_claims(claims: &Value) -> Option<Caller> {
        let map = claims.as_object()?;
        let strings = map
            .iter()
            .filter_map(|(k, v)| v.as_str().map(|s| (k.clone(), s.to_string())))
            .collect();
        Self::from_claims(&strings)
    }

    /// The name written into `user` fields of records this caller changes.
    pub fn display(&self) -> &str {
        if self.email.is_empty() { &self.username } else { &self.email }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_appsync_claims() {
        let c = Caller::from_json_claims(&json!({
            "sub": "u-1", "cognito:username": "u-1", "email": "a@b.co", "email_verified": true
        }))
        .unwrap();
        assert_eq!(c, Caller { sub: "u-1".into(), username: "u-1".into(), email: "a@b.co".into() });
        assert_eq!(c.display(), "a@b.co");
    }

    #[test]
    fn access_token_claims_have_no_email() {
        let c = Caller::from_json_claims(&json!({"sub": "u-2", "username": "bob"})).unwrap();
        assert_eq!(c.display(), "bob");
    }

    #[test]
    fn no_sub_means_no_caller() {
        assert_eq!(Caller::from_json_claims(&json!({"email": "a@b.co"})), None);
        assert_eq!(Caller::from_json_claims(&json!({"sub": ""})), None);
    }
}
