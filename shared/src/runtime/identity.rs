use serde_json::Value;
use std::collections::HashMap;
use std::future::Future;

tokio::task_local! {
    /// The `sub` of the user whose call is running, set by the gate, so every
    /// history record written during the call names its author by id.
    static CALLER_SUB: String;
}

/// Runs `work` as a call of the user `sub` (see `current_sub`).
pub async fn acting_as<F: Future>(sub: Option<&str>, work: F) -> F::Output {
    match sub {
        Some(sub) => CALLER_SUB.scope(sub.to_string(), work).await,
        None => work.await,
    }
}

/// The `sub` of the user whose call is running, if any (none for the platform's own jobs).
pub fn current_sub() -> Option<String> {
    CALLER_SUB.try_with(String::clone).ok()
}

/// Who is calling, from the Cognito token claims that AppSync puts in
/// `identity.claims` or the HTTP API JWT authorizer in `authorizer.jwt.claims`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caller {
    /// Cognito `sub`: the stable user id permissions are keyed by.
    pub sub: String,
    pub username: String,
    /// Empty when the token carries no e-mail (an access token).
    pub email: String,
    /// Whether the pool verified `email` (the `email_verified` claim): only a
    /// verified address keys anything (feature flags).
    pub email_verified: bool,
    /// The pool's `name` attribute (an ID token claim), when the user has one:
    /// what screens show for people, such as the dashboard's Driver column.
    pub name: Option<String>,
}

impl Caller {
    pub fn from_claims(claims: &HashMap<String, String>) -> Option<Caller> {
        let sub = claims.get("sub").filter(|s| !s.is_empty())?.clone();
        let username =
            claims.get("cognito:username").or_else(|| claims.get("username")).cloned().unwrap_or_else(|| sub.clone());
        let email = claims.get("email").cloned().unwrap_or_default();
        // AWS sends a boolean (read here as text); moto sends the string "true".
        let email_verified = claims.get("email_verified").is_some_and(|v| v.eq_ignore_ascii_case("true"));
        let name = claims.get("name").map(|n| n.trim()).filter(|n| !n.is_empty()).map(str::to_string);
        Some(Caller { sub, username, email, email_verified, name })
    }

    /// AppSync claims are JSON values; their string and boolean forms matter here.
    pub fn from_json_claims(claims: &Value) -> Option<Caller> {
        let map = claims.as_object()?;
        let strings = map
            .iter()
            .filter_map(|(k, v)| match v {
                Value::String(s) => Some((k.clone(), s.clone())),
                Value::Bool(b) => Some((k.clone(), b.to_string())),
                _ => None,
            })
            .collect();
        Self::from_claims(&strings)
    }

    /// The e-mail, when the pool verified it; `None` otherwise.
    pub fn verified_email(&self) -> Option<&str> {
        (self.email_verified && !self.email.is_empty()).then_some(self.email.as_str())
    }

    /// The name written into `user` fields of records this caller changes.
    pub fn display(&self) -> &str {
        if self.email.is_empty() {
            &self.username
        } else {
            &self.email
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_the_name_claim_and_ignores_a_blank_one() {
        let named = Caller::from_json_claims(&json!({ "sub": "u-2", "name": "Dana Reyes" })).unwrap();
        assert_eq!(named.name.as_deref(), Some("Dana Reyes"));
        let blank = Caller::from_json_claims(&json!({ "sub": "u-3", "name": "  " })).unwrap();
        assert_eq!(blank.name, None);
    }

    #[test]
    fn reads_appsync_claims() {
        let c = Caller::from_json_claims(&json!({
            "sub": "u-1", "cognito:username": "u-1", "email": "a@b.co", "email_verified": true
        }))
        .unwrap();
        assert_eq!(
            c,
            Caller {
                sub: "u-1".into(),
                username: "u-1".into(),
                email: "a@b.co".into(),
                email_verified: true,
                name: None
            }
        );
        assert_eq!((c.display(), c.verified_email()), ("a@b.co", Some("a@b.co")));
    }

    #[test]
    fn only_a_verified_email_counts_whatever_the_claims_form() {
        let moto: HashMap<String, String> = [("sub", "u"), ("email", "a@b.co"), ("email_verified", "true")]
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        assert_eq!(Caller::from_claims(&moto).unwrap().verified_email(), Some("a@b.co"));
        for unverified in [
            json!({"sub": "u", "email": "a@b.co"}),
            json!({"sub": "u", "email": "a@b.co", "email_verified": false}),
            json!({"sub": "u", "email": "a@b.co", "email_verified": "false"}),
        ] {
            let c = Caller::from_json_claims(&unverified).unwrap();
            assert_eq!((c.verified_email(), c.display()), (None, "a@b.co"), "{unverified}");
        }
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
