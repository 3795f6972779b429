//! Issuing a code (`POST /coupons`). A code is written with a condition that
//! no code has it; the request's idempotency record (its id is chosen by the
//! browser per GENERATE CODE) is written in the same transaction, so a
//! retried request answers the code it already made instead of making a
//! second one, and the id reused for another coupon is refused.
use crate::codes;
use crate::rules::{self, CouponRequest, CouponType};
use crate::store::{CouponStore, Stored};
use fleet_shared::entity::RequestId;
use fleet_shared::idempotency::{self, Request, Seen};
use fleet_shared::{fridge_time, ApiError, Caller};
use serde::{Deserialize, Serialize};

/// Codes drawn before giving up on collisions (each one is ~10^-14 likely).
pub const ATTEMPTS: usize = 5;

/// `POST /coupons`'s body: the coupon, and the id naming this request (a retry sends it again).
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GenerateArgs {
    #[serde(flatten)]
    pub coupon: CouponRequest,
    #[serde(default, deserialize_with = "fleet_shared::entity::ids::blank_is_none")]
    pub request_id: Option<RequestId>,
}

/// A code as `GET /coupons/mine` lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct View {
    pub coupon_code: String,
    pub reason: String,
    pub value: String,
    #[serde(rename = "type")]
    pub kind: CouponType,
    pub start_date: String,
    pub end_date: String,
    pub created_at: String,
    pub redeemed: bool,
}

pub fn view(code: &Stored) -> View {
    View {
        coupon_code: code.code.clone(),
        reason: code.reason.clone(),
        value: code.display.clone(),
        kind: code.kind,
        start_date: code.start_date.clone(),
        end_date: code.end_date.clone(),
        created_at: code.created_at.clone(),
        redeemed: code.redeemed,
    }
}

/// The answer of `POST /coupons`: the code's view with the spec's `statusCode`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Issued {
    pub status_code: u16,
    #[serde(flatten)]
    pub coupon: View,
}

fn answer(code: &Stored) -> Issued {
    Issued { status_code: 200, coupon: view(code) }
}

fn reused() -> ApiError {
    idempotency::conflict("This requestId")
}

/// `{imageName, type, value, startDate, endDate, requestId?}` → `{statusCode, couponCode, ...}`.
pub async fn generate<S: CouponStore>(store: &S, caller: &Caller, args: GenerateArgs) -> Result<Issued, ApiError> {
    let coupon = rules::check(&args.coupon).map_err(|e| ApiError::bad_request(e.join("; ")))?;
    let request_id = args.request_id.as_deref();
    // The content is the coupon asked for, without the id naming the request.
    let key = request_id.map(|id| format!("{}:{id}", caller.sub));
    let request = key.as_deref().map(|k| Request::new(store, "coupons", k, &args.coupon));
    if let Some(r) = &request {
        match r.seen().await? {
            Seen::Replay(first) => return idempotency::replayed(first),
            Seen::Conflict => return Err(reused()),
            Seen::New => {}
        }
    }
    for _ in 0..ATTEMPTS {
        let code = Stored {
            code: codes::generate().map_err(ApiError::internal)?,
            reason: coupon.reason.clone(),
            category: "Customer Service".into(),
            code_type: "Single Use Code".into(),
            quantity: 1,
            kind: coupon.kind,
            value: coupon.value,
            display: coupon.display.clone(),
            start_date: coupon.start.to_string(),
            end_date: coupon.end.to_string(),
            created_by: caller.display().to_string(),
            created_by_sub: caller.sub.clone(),
            created_at: fridge_time::now_text(),
            redeemed: false,
        };
        let issued = answer(&code);
        let claim = match &request {
            Some(r) => {
                let first = serde_json::to_value(&issued).map_err(ApiError::internal)?;
                Some(r.claim(&first, fridge_time::now().timestamp()))
            }
            None => None,
        };
        match store.insert(&code, claim.as_ref()).await {
            Ok(()) => return Ok(issued),
            Err(ApiError::Conflict(_)) => {
                // Either a racing try of this request landed, or (once in ~10^14) the code exists: find out which.
                if let Some(r) = &request {
                    match r.seen().await? {
                        Seen::Replay(first) => return idempotency::replayed(first),
                        Seen::Conflict => return Err(reused()),
                        Seen::New => {}
                    }
                }
                tracing::warn!("coupon code collision; drawing another");
            }
            Err(e) => return Err(e),
        }
    }
    Err(ApiError::Unavailable)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::memory::Memory;
    use chrono::TimeZone;
    use fleet_shared::fridge_time::ClockAt;
    use fleet_shared::{contract, limits, Input};
    use serde_json::{json, Value};

    fn caller() -> Caller {
        Caller {
            sub: "sub-1".into(),
            username: "agent".into(),
            email: "agent@fleet".into(),
            email_verified: true,
            name: None,
        }
    }

    /// The body with `extra` fields, as the edge parses it.
    fn read(extra: Value) -> Result<GenerateArgs, ApiError> {
        let mut args = json!({ "imageName": "Quality: Item expired", "type": "AMOUNT", "value": 5,
                               "startDate": "2026-11-22", "endDate": "2026-12-22" });
        args.as_object_mut().unwrap().extend(extra.as_object().cloned().unwrap());
        contract::request(&Input { args, ..Input::default() })
    }

    fn input(extra: Value) -> GenerateArgs {
        read(extra).unwrap()
    }

    #[tokio::test]
    async fn a_code_is_stored_with_its_reason_value_validity_and_creator() {
        let _clock = ClockAt::new(chrono::Utc.with_ymd_and_hms(2026, 11, 22, 15, 0, 0).unwrap());
        let store = Memory::default();
        let out = generate(&store, &caller(), input(json!({}))).await.unwrap();
        let stored = store.codes();
        assert_eq!(stored.len(), 1);
        let c = &stored[0];
        assert_eq!((out.status_code, out.coupon.coupon_code.as_str()), (200, c.code.as_str()));
        assert_eq!(
            (c.reason.as_str(), c.kind, c.value, c.display.as_str(), c.start_date.as_str(), c.end_date.as_str()),
            ("Quality: Item expired", CouponType::Amount, 5, "$5", "2026-11-22", "2026-12-22")
        );
        assert_eq!(
            (c.created_by.as_str(), c.created_by_sub.as_str(), c.created_at.as_str(), c.redeemed),
            ("agent@fleet", "sub-1", "2026-11-22T15:00:00.000Z", false)
        );
        assert_eq!(store.mine("sub-1", 50).await.unwrap(), stored);
    }

    #[tokio::test]
    async fn a_refused_request_writes_nothing() {
        let store = Memory::default();
        let err = generate(&store, &caller(), input(json!({ "endDate": "2026-11-21" }))).await.unwrap_err();
        assert_eq!(err.to_string(), "End date cannot be before start date");
        // A bad requestId is refused where the request is read: it never reaches `generate`.
        let long = "r".repeat(limits::MAX_ID_CHARS + 1);
        let err = read(json!({ "requestId": long })).err().map(|e| e.to_string());
        assert_eq!(err, Some(format!("requestId must be at most {} characters", limits::MAX_ID_CHARS)));
        assert!(store.codes().is_empty());
    }

    #[tokio::test]
    async fn a_retried_request_answers_its_first_code_and_its_id_is_not_reused() {
        let store = Memory::default();
        let first = generate(&store, &caller(), input(json!({ "requestId": "r-1" }))).await.unwrap();
        assert_eq!(generate(&store, &caller(), input(json!({ "requestId": "r-1" }))).await.unwrap(), first);
        assert_eq!(store.codes().len(), 1);
        let other = generate(&store, &caller(), input(json!({ "requestId": "r-2" }))).await.unwrap();
        assert_ne!(other.coupon.coupon_code, first.coupon.coupon_code);
        let err = generate(&store, &caller(), input(json!({ "requestId": "r-1", "value": 8 }))).await.unwrap_err();
        assert_eq!(
            err.to_string(),
            "This requestId was already used with other content. Send new content with a new id."
        );
        // Without an id, every call is a new code.
        generate(&store, &caller(), input(json!({}))).await.unwrap();
        generate(&store, &caller(), input(json!({}))).await.unwrap();
        assert_eq!(store.codes().len(), 4);
    }

    #[tokio::test]
    async fn a_collision_draws_another_code_up_to_the_attempts() {
        let store = Memory { collisions: (ATTEMPTS - 1).into(), ..Memory::default() };
        generate(&store, &caller(), input(json!({ "requestId": "r-1" }))).await.unwrap();
        assert_eq!(store.codes().len(), 1);
        let store = Memory { collisions: ATTEMPTS.into(), ..Memory::default() };
        assert_eq!(generate(&store, &caller(), input(json!({}))).await.unwrap_err(), ApiError::Unavailable);
        assert!(store.codes().is_empty());
    }

    #[tokio::test]
    async fn a_racing_try_of_the_same_request_is_answered_the_code_it_made() {
        let store = Memory::default();
        // The other try drew its code and landed between this one's lookup and its write.
        let winner = Memory::default();
        let first = generate(&winner, &caller(), input(json!({ "requestId": "r-1" }))).await.unwrap();
        let claim = winner.records.0.lock().unwrap().values().next().cloned().unwrap();
        *store.racing.lock().unwrap() = Some((winner.codes()[0].clone(), claim));
        assert_eq!(generate(&store, &caller(), input(json!({ "requestId": "r-1" }))).await.unwrap(), first);
        assert_eq!(store.codes().len(), 1, "no second code");
    }

    #[tokio::test]
    async fn the_answer_and_the_request_digest_keep_their_shape() {
        let store = Memory::default();
        let out = json!(generate(&store, &caller(), input(json!({}))).await.unwrap());
        let mut keys: Vec<&str> = out.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort();
        assert_eq!(
            keys,
            ["couponCode", "createdAt", "endDate", "reason", "redeemed", "startDate", "statusCode", "type", "value"]
        );
        assert_eq!((out["statusCode"].as_i64(), out["value"].as_str()), (Some(200), Some("$5")));
        // The idempotency records already written digest the body without its requestId.
        let body = json!({ "imageName": "Quality: Item expired", "type": "AMOUNT", "value": 5,
                           "startDate": "2026-11-22", "endDate": "2026-12-22" });
        assert_eq!(idempotency::digest(&input(json!({ "requestId": "r-1" })).coupon), idempotency::digest(&body));
    }
}
