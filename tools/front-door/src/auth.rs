//! Cognito token checks as AppSync (Cognito user pools auth) and the HTTP API
//! JWT authorizer make them: RS256 signature against the pool's JWKS, expiry,
//! issuer, and the app client (`aud` of an ID token, `client_id` of an access
//! token). The emulator serves the JWKS but signs `iss` in the AWS form, so
//! the JWKS URL and the expected issuer are configured separately.
use jsonwebtoken::{decode, decode_header, errors::ErrorKind, jwk::JwkSet, Algorithm, DecodingKey, Validation};
use serde_json::{Map, Value};
use std::collections::HashMap;

pub struct Verifier {
    keys: HashMap<String, DecodingKey>,
    issuer: String,
    client_id: String,
}

#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("no token")]
    Missing,
    /// AppSync answers an expired token with its own message ("Token has expired.").
    #[error("token has expired")]
    Expired,
    #[error("invalid token: {0}")]
    Invalid(String),
}

impl Verifier {
    pub fn from_jwks(jwks: &JwkSet, issuer: &str, client_id: &str) -> Result<Self, String> {
        let mut keys = HashMap::new();
        for jwk in &jwks.keys {
            let kid = jwk.common.key_id.clone().unwrap_or_default();
            keys.insert(kid, DecodingKey::from_jwk(jwk).map_err(|e| e.to_string())?);
        }
        Ok(Self { keys, issuer: issuer.to_string(), client_id: client_id.to_string() })
    }

    pub fn fetch(jwks_url: &str, issuer: &str, client_id: &str) -> Result<Self, String> {
        let jwks: JwkSet =
            ureq::get(jwks_url).call().map_err(|e| e.to_string())?.into_json().map_err(|e| e.to_string())?;
        Self::from_jwks(&jwks, issuer, client_id)
    }

    /// Accepts `Authorization: <jwt>` (AppSync) and `Authorization: Bearer <jwt>` (HTTP API).
    pub fn verify_header(&self, header: Option<&str>) -> Result<Map<String, Value>, AuthError> {
        let raw = header.map(str::trim).filter(|h| !h.is_empty()).ok_or(AuthError::Missing)?;
        let token = raw.strip_prefix("Bearer ").or_else(|| raw.strip_prefix("bearer ")).unwrap_or(raw).trim();
        self.verify(token)
    }

    pub fn verify(&self, token: &str) -> Result<Map<String, Value>, AuthError> {
        let invalid = |e: &dyn std::fmt::Display| AuthError::Invalid(e.to_string());
        let header = decode_header(token).map_err(|e| invalid(&e))?;
        let key = self.keys.get(header.kid.as_deref().unwrap_or_default()).ok_or_else(|| invalid(&"unknown key id"))?;
        let mut validation = Validation::new(Algorithm::RS256);
        validation.set_issuer(&[&self.issuer]);
        validation.validate_aud = false; // checked below: access tokens carry client_id instead
        validation.set_required_spec_claims(&["exp", "iss", "sub"]);
        // No grace after `exp` (the library's default is 60 s): a short-lived token in a test expires when
        // it says, and a client that reuses one is caught.
        validation.leeway = 0;
        let claims: Map<String, Value> = decode(token, key, &validation)
            .map_err(|e| match e.kind() {
                ErrorKind::ExpiredSignature => AuthError::Expired,
                _ => invalid(&e),
            })?
            .claims;
        let client = match claims.get("token_use").and_then(Value::as_str) {
            Some("id") => claims.get("aud"),
            Some("access") => claims.get("client_id"),
            _ => return Err(invalid(&"token_use must be id or access")),
        };
        if client.and_then(Value::as_str) != Some(self.client_id.as_str()) {
            return Err(invalid(&"token was issued to another client"));
        }
        Ok(claims)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jsonwebtoken::{encode, EncodingKey, Header};
    use serde_json::json;
    use std::time::{SystemTime, UNIX_EPOCH};

    // A key pair made for these tests only (openssl genrsa 2048, PKCS#1 DER); it signs nothing else.
    const PRIVATE: &[u8] = include_bytes!("testdata/test-signing-key.der");
    const PUBLIC: &[u8] = include_bytes!("testdata/test-signing-key.pub.der");
    const ISSUER: &str = "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_test";

    fn verifier() -> Verifier {
        let keys = HashMap::from([("k1".to_string(), DecodingKey::from_rsa_der(PUBLIC))]);
        Verifier { keys, issuer: ISSUER.into(), client_id: "web".into() }
    }

    fn now() -> i64 {
        SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() as i64
    }

    fn token(claims: Value) -> String {
        let mut header = Header::new(Algorithm::RS256);
        header.kid = Some("k1".into());
        encode(&header, &claims, &EncodingKey::from_rsa_der(PRIVATE)).unwrap()
    }

    fn access(exp: i64, client: &str) -> String {
        token(json!({ "iss": ISSUER, "sub": "u1", "exp": exp, "token_use": "access", "client_id": client }))
    }

    #[test]
    fn a_live_token_of_the_client_passes_with_or_without_bearer() {
        let t = access(now() + 60, "web");
        assert_eq!(verifier().verify(&t).unwrap()["sub"], "u1");
        assert!(verifier().verify_header(Some(&format!("Bearer {t}"))).is_ok());
        let id = token(json!({ "iss": ISSUER, "sub": "u1", "exp": now() + 60, "token_use": "id", "aud": "web" }));
        assert!(verifier().verify(&id).is_ok());
    }

    #[test]
    fn a_token_past_its_exp_is_expired_at_once_with_no_grace() {
        assert!(matches!(verifier().verify(&access(now() - 2, "web")), Err(AuthError::Expired)));
        assert!(matches!(verifier().verify(&access(now() - 3600, "web")), Err(AuthError::Expired)));
    }

    #[test]
    fn another_clients_token_a_wrong_issuer_or_no_token_is_refused() {
        assert!(matches!(verifier().verify(&access(now() + 60, "other")), Err(AuthError::Invalid(_))));
        let foreign = token(
            json!({ "iss": "https://elsewhere", "sub": "u1", "exp": now() + 60, "token_use": "access", "client_id": "web" }),
        );
        assert!(matches!(verifier().verify(&foreign), Err(AuthError::Invalid(_))));
        assert!(matches!(verifier().verify_header(None), Err(AuthError::Missing)));
        assert!(matches!(verifier().verify_header(Some("  ")), Err(AuthError::Missing)));
        assert!(matches!(verifier().verify("not.a.jwt"), Err(AuthError::Invalid(_))));
    }
}
