//! JIT Management through the AppSync adapter against the emulator (issue
//! 24): orders made by the real pars upload (uploadParMaps, the `jit`
//! column), the test's own route stops on a date of its own, each §4.6 lock,
//! JIT off clearing the order's JIT allocation items (seen in the tote
//! counts and the pars of the location), the history, and callers refused.
use crate::common;
use common::*;
use fleet_shared::{ApiError, Caller, Table};
use serde_json::{json, Value};

/// Reading and changing orders, with the flag given per test.
const ACTIONS: &[&str] = &["GetPars", "UploadPars"];

async fn fridge() -> String {
    par_ready_fridge("JIT").await
}

/// One order through the pars upload: `jit_items` are the rows that said jit.
async fn order(location: &str, date: &str, items: &[(&str, i64)], jit_items: &[&str]) {
    let group = json!({ "location": location, "deliveryDate": date, "dropOffDate": date, "jit": !jit_items.is_empty(),
        "stockingIndex": null, "jitItems": jit_items,
        "parsAndItems": items.iter().map(|(i, p)| json!({ "pars": p, "itemName": i })).collect::<Vec<_>>(),
        "overCapacityAmountsAndItems": [], "priorityBoostItems": [] });
    let args = json!({ "uploadId": unique("up").replace('_', "-"), "groups": [group] });
    let out = gql("upload_par_maps", &admin().await, args).await.unwrap();
    assert_eq!(out["results"][0]["status"], "written", "{out}");
}

async fn stop(date: &str, location: &str, route: &str, n: i64, stocked: Option<&str>) {
    put_stop(date, location, (route, n), "NE", stocked).await;
}

async fn list(caller: &Caller, date: &str) -> Result<Value, ApiError> {
    gql("jit_management", caller, json!({ "input": { "dropOffDate": date } })).await
}

fn row<'a>(out: &'a Value, location: &str) -> &'a Value {
    out["rows"].as_array().unwrap().iter().find(|r| r["locationId"] == location).unwrap()
}

async fn update(caller: &Caller, updates: Vec<Value>) -> Result<Vec<Value>, ApiError> {
    let out = gql("update_jit_location_status", caller, json!({ "input": updates })).await?;
    Ok(out.as_array().unwrap().clone())
}

fn off(caller: &Caller, date: &str, location: &str, reason: &str) -> Value {
    json!({ "stockingId": format!("{date}#{location}#1"), "jitIndicator": false, "reason": reason, "emailAddress": caller.email })
}

async fn totes(date: &str, location: &str) -> i64 {
    let out =
        gql("location_routes", &admin().await, json!({ "stockingDate": date, "calculateTotes": true })).await.unwrap();
    let stop = out["routes"].as_array().unwrap().iter().find(|s| s["id"] == location).unwrap().clone();
    stop["toteCountPerStop"].as_i64().unwrap()
}

#[tokio::test]
async fn jit_off_clears_the_jit_items_and_each_lock_refuses() {
    let ops = user_with(ACTIONS).await;
    flag(&ops, "jit-management").await;
    let date = own_date();
    let route = unique("rj").to_lowercase();
    let [jit, plain, bare, done, on] = [fridge().await, fridge().await, fridge().await, fridge().await, fridge().await];
    // 30 JIT units of Salad and Soup, 20 of Water: 50 units, 3 totes; 20 after clearing, 1 tote.
    order(&jit, &date, &[("Salad", 20), ("Soup", 10), ("Water", 20)], &["Salad", "Soup"]).await;
    order(&plain, &date, &[("Salad", 5)], &[]).await;
    order(&done, &date, &[("Salad", 5)], &["Salad"]).await;
    order(&on, &date, &[("Salad", 5)], &["Salad"]).await;
    for (n, location) in [&jit, &plain, &bare, &on].into_iter().enumerate() {
        stop(&date, location, &route, n as i64 + 1, None).await;
    }
    stop(&date, &done, &route, 5, Some(&format!("{date}T15:00:00.000Z"))).await;

    let out = list(&ops, &date).await.unwrap();
    assert_eq!(out["rows"].as_array().unwrap().len(), 5);
    let first = row(&out, &jit);
    assert_eq!(first["stockingId"], format!("{date}#{jit}#1"));
    assert_eq!(
        (first["region"].as_str(), first["routeId"].as_str(), first["stop"].as_i64()),
        (Some("NE"), Some(route.as_str()), Some(1))
    );
    assert_eq!(
        (first["jitEnabled"].as_str(), first["jitUnits"].as_i64(), first["lockedReason"].as_str()),
        (Some("Y"), Some(30), None)
    );
    assert_eq!(
        (row(&out, &plain)["jitEnabled"].as_str(), row(&out, &plain)["lockedReason"].as_str()),
        (Some("N"), Some("JIT is not enabled (N)"))
    );
    assert_eq!(
        (row(&out, &bare)["jitEnabled"].clone(), row(&out, &bare)["lockedReason"].as_str()),
        (Value::Null, Some("No fridge order (JIT flag empty)"))
    );
    assert_eq!(row(&out, &done)["lockedReason"], "Already stocked");
    assert_eq!(totes(&date, &jit).await, 3);

    let answers = update(
        &ops,
        vec![
            off(&ops, &date, &jit, "Van Issue"),
            off(&ops, &date, &plain, "Van Issue"),
            off(&ops, &date, &bare, "Van Issue"),
            off(&ops, &date, &done, "Van Issue"),
            json!({ "stockingId": format!("{date}#{on}#1"), "jitIndicator": true, "emailAddress": ops.email }),
        ],
    )
    .await
    .unwrap();
    assert_eq!(answers[0]["error"], Value::Null, "{answers:?}");
    assert_eq!(
        (answers[0]["jitStatusUpdate"].as_bool(), answers[0]["jitAllocationItemsClear"].as_bool()),
        (Some(true), Some(true))
    );
    assert_eq!(
        (answers[0]["orderId"].as_str(), answers[0]["stockingId"].clone()),
        (Some(format!("{jit}#1").as_str()), json!(format!("{date}#{jit}#1")))
    );
    assert!(answers[1]["error"].as_str().unwrap().ends_with("JIT is not enabled (N)"), "{answers:?}");
    assert!(answers[2]["error"].as_str().unwrap().ends_with("No fridge order (JIT flag empty)"));
    assert!(answers[3]["error"].as_str().unwrap().ends_with("Already stocked"));
    assert_eq!(
        (answers[4]["error"].clone(), answers[4]["jitAllocationItemsClear"].as_bool()),
        (Value::Null, Some(false))
    );

    // The tote counts and the pars of the location show the cleared items.
    assert_eq!(totes(&date, &jit).await, 1);
    let pars = gql("jit_locations", &admin().await, json!({ "dropOffDate": date, "location": jit })).await.unwrap();
    let items: Vec<&str> = pars.as_array().unwrap().iter().map(|p| p["itemName"].as_str().unwrap()).collect();
    assert_eq!(items, ["Water"]);

    let out = list(&ops, &date).await.unwrap();
    let first = row(&out, &jit);
    assert_eq!(
        (first["jitEnabled"].as_str(), first["lockedReason"].as_str()),
        (Some("N"), Some("JIT status already updated"))
    );
    assert_eq!(
        (first["update"]["email"].as_str(), first["update"]["reason"].as_str()),
        (Some(ops.email.as_str()), Some("Van Issue"))
    );
    assert_eq!(
        (row(&out, &on)["jitEnabled"].as_str(), row(&out, &on)["lockedReason"].as_str()),
        (Some("Y"), Some("JIT status already updated"))
    );

    // A second update is refused; the same one again (a retry) answers as the first did.
    let again = update(
        &ops,
        vec![json!({ "stockingId": format!("{date}#{jit}#1"), "jitIndicator": true, "emailAddress": ops.email })],
    )
    .await
    .unwrap();
    assert!(again[0]["error"].as_str().unwrap().contains("was already updated by"), "{again:?}");
    let retry = update(&ops, vec![off(&ops, &date, &jit, "Van Issue")]).await.unwrap();
    assert_eq!(retry[0]["error"], Value::Null);

    // The history has the change once, with its reason, by the caller.
    let entity = format!("fridge-order#{date}#{jit}#1");
    let history: Vec<Value> = deps().await.table(Table::History).unwrap().partition("entity", &entity).await.unwrap();
    assert_eq!(history.len(), 1, "{history:?}");
    assert_eq!(history[0]["who"], ops.email.as_str());
    let changes: Vec<&str> =
        history[0]["changes"].as_array().unwrap().iter().map(|c| c["attribute"].as_str().unwrap()).collect();
    assert_eq!(changes, ["jit", "jitAllocationItems"]);
    assert_eq!(history[0]["changes"][0]["reason"], "Van Issue");
}

#[tokio::test]
async fn callers_without_the_flag_or_the_action_and_bad_input_are_refused() {
    let date = own_date();
    let reader = user_with(ACTIONS).await;
    assert_eq!(list(&reader, &date).await.unwrap_err(), ApiError::Forbidden, "no 'jit-management' flag");
    let change = json!({ "stockingId": format!("{date}#X#1"), "jitIndicator": true, "emailAddress": reader.email });
    assert_eq!(update(&reader, vec![change.clone()]).await.unwrap_err(), ApiError::Forbidden);
    let flagged = user_with(&["VanTasks"]).await;
    flag(&flagged, "jit-management").await;
    assert_eq!(list(&flagged, &date).await.unwrap_err(), ApiError::Forbidden, "no GetPars");
    flag(&reader, "jit-management").await;
    let bad = list(&reader, "2031-02-30").await.unwrap_err();
    assert_eq!(bad.to_string(), "dropOffDate must be a date (YYYY-MM-DD)");
    let someone_else =
        json!({ "stockingId": format!("{date}#X#1"), "jitIndicator": true, "emailAddress": "boss@fleet.test" });
    let err = update(&reader, vec![someone_else]).await.unwrap_err();
    assert_eq!(err.to_string(), "emailAddress must be the signed-in user's e-mail");
    let no_reason = json!({ "stockingId": format!("{date}#X#1"), "jitIndicator": false, "emailAddress": reader.email });
    let out = update(&reader, vec![no_reason, change]).await.unwrap();
    assert!(out[0]["error"].as_str().unwrap().starts_with("A reason is required"));
    assert!(out[1]["error"].as_str().unwrap().contains("is not a route stop"));
}
