//! Cognito token checks as AppSync (Cognito user pools auth) and the HTTP API
//! JWT authorizer make them: RS256 signature against the pool's JWKS, expiry,
//! issuer, and the app client (`aud` of an ID token, `client_id` of an access
//! token). The emulator serves the JWKS but signs `iss` in the AWS form, so
//! the JWKS URL and the expected issuer are configured separately.
use jsonwebtoken::{decode, decode_header, jwk::JwkSet, Algorithm, DecodingKey, Validation};
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
        let claims: Map<String, Value> = decode(token, key, &validation).map_err(|e| invalid(&e))?.claims;
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
