//! The location rules over the narrow store: create, edit (version-checked,
//! with history), wholesale edit and device addresses. Handlers parse input
//! and call these with the DynamoDB store; unit tests call them with a fake.
use crate::attributes::LocationView;
use crate::input::{CreateForm, UpdateInput};
use crate::plan::{self, Assign};
use crate::rules;
use crate::store::{not_found, Also, LocationStore};
use fleet_shared::entity::{Location, LocationId};
use fleet_shared::history::{self, Record};
use fleet_shared::{dates, limits, ApiError};
use serde_json::{json, Map, Value};

/// Who writes and from where, for `lastModifiedBy` and the history.
#[derive(Debug, Clone)]
pub struct Author {
    pub user: String,
    /// Screen, function, file and row, or the scheduled change.
    pub source: String,
}

pub const MAX_SOURCE_CHARS: usize = 200;
/// The location type whose route and stop the wholesale edit sets.
pub const WHOLESALE: &str = "WHOLESALE";

pub fn version_of(location: &Location) -> i64 {
    location.version.unwrap_or(0)
}

/// The flat view without the bookkeeping fields, for history diffs. Numbers
/// are compared as the store gives them back (an integral 7.0 reads as 7).
fn audited(location: &Location) -> Map<String, Value> {
    let mut flat = LocationView::of(location).flat();
    for k in ["lastModified", "lastModifiedBy", "version", "updateReason", "timeZoneLabel", "timeZoneIana"] {
        flat.remove(k);
    }
    for v in flat.values_mut() {
        if let Some(f) = v.as_f64().filter(|f| v.is_f64() && f.fract() == 0.0 && f.abs() < 1e15) {
            *v = json!(f as i64);
        }
    }
    flat
}

/// 409 naming who changed the location and when, in the fridge's time.
pub fn stale(current: &Location) -> ApiError {
    let who = current.last_modified_by.as_deref().unwrap_or("someone");
    let zone = current.zone();
    let when = current
        .last_modified
        .as_deref()
        .and_then(dates::instant)
        .map(|t| format!("{} {}", zone.wall(t), zone.label))
        .unwrap_or_else(|| "an unknown time".into());
    ApiError::Conflict(format!("This location was changed by {who} at {when}. Reload to see the change."))
}

/// Creates a location from the flat payload (`{id, <attribute>: value...}`).
pub async fn create(
    store: &impl LocationStore,
    origin: plan::Origin,
    payload: Map<String, Value>,
    author: &Author,
    now: &str,
) -> Result<LocationView, ApiError> {
    let form = CreateForm::of(&payload);
    let id = form.id()?;
    let id = id.as_str();
    if form.apriva_device_address.0.is_some() {
        return Err(ApiError::bad_request(rules::DEVICE_ADDRESS_GENERATED));
    }
    let options = store.options().await?;
    let location = plan::new_location(origin, &payload, &options, &author.user, now).map_err(ApiError::BadRequest)?;
    let changes = history::diff(&Map::new(), &audited(&location), &Map::new());
    let record = Record::new(history::entity("location", id), now, &author.user, &author.source, changes);
    fleet_shared::store::on_conflict(store.insert(&location, &record).await, || {
        ApiError::Conflict(format!("Location {id} already exists"))
    })?;
    Ok(LocationView::of(&location))
}

/// Applies a checked plan on top of `current` in one conditional write with
/// its history record. A location that moved meanwhile is a 409 naming who.
/// Answers the flat view of the location written.
pub async fn write(
    store: &impl LocationStore,
    current: &Location,
    plan: &[Assign],
    author: &Author,
    now: &str,
    also: &[Also],
) -> Result<LocationView, ApiError> {
    apply(store, current, plan, author, now, also).await.map(|next| LocationView::of(&next))
}

/// [`write`], answering the location written.
async fn apply(
    store: &impl LocationStore,
    current: &Location,
    plan: &[Assign],
    author: &Author,
    now: &str,
    also: &[Also],
) -> Result<Location, ApiError> {
    let id = current.id.to_string();
    let base = version_of(current);
    let next = plan::updated(current, plan, &author.user, now)?;
    let reasons: Map<String, Value> = plan
        .iter()
        .filter_map(|a| match a {
            Assign::Reason { attribute, reason } => Some((attribute.clone(), Value::String(reason.clone()))),
            Assign::Set(..) => None,
        })
        .collect();
    let changes = history::diff(&audited(current), &audited(&next), &reasons);
    let record = Record::new(history::entity("location", &id), now, &author.user, &author.source, changes);
    match store.update(&id, plan, base, &record, also).await {
        Ok(()) => Ok(next),
        Err(ApiError::Conflict(_)) => match store.get(&id).await? {
            Some(moved) if version_of(&moved) != base => Err(stale(&moved)),
            Some(_) => Err(ApiError::Conflict(fleet_shared::error::CHANGED_MEANWHILE.into())),
            None => Err(not_found(&id)),
        },
        Err(e) => Err(e),
    }
}

/// `updateLocation`: `{id, version?, source?, <attribute>: value..., updateReason?}`,
/// as parsed at the edge (`UpdateInput::of`).
pub async fn edit(
    store: &impl LocationStore,
    input: UpdateInput,
    author: &Author,
    now: &str,
) -> Result<LocationView, ApiError> {
    update_doc(store, input, author, now).await.map(|next| LocationView::of(&next))
}

/// [`edit`], answering the location written.
async fn update_doc(
    store: &impl LocationStore,
    input: UpdateInput,
    author: &Author,
    now: &str,
) -> Result<Location, ApiError> {
    let id = LocationId::parse("id", input.id.as_deref().unwrap_or_default())?;
    let id = id.as_str();
    let expected = match input.version {
        None | Some(Value::Null) => None,
        Some(v) => Some(v.as_i64().ok_or_else(|| ApiError::bad_request("version must be an integer"))?),
    };
    let mut author = author.clone();
    if let Some(source) = input.source.0 {
        limits::check_len("source", &source, MAX_SOURCE_CHARS)?;
        author.source = source;
    }
    if input.apriva_device_address.is_some() {
        return Err(ApiError::bad_request(rules::DEVICE_ADDRESS_GENERATED));
    }
    let current = store.get(id).await?.ok_or_else(|| not_found(id))?;
    if expected.is_some_and(|v| v != version_of(&current)) {
        return Err(stale(&current));
    }
    let options = if input.edit.needs_options() { store.options().await? } else { Default::default() };
    let plan = plan::update(&current, &input.edit, &options).map_err(ApiError::BadRequest)?;
    apply(store, &current, &plan, &author, now, &[]).await
}

/// A route assignment of fridge `id` (its `route` and `stop`, 1-locations
/// §3.1), through the same rules, version condition and history as any
/// update: how the routes area moves a fridge onto a route.
pub async fn assign_route(
    store: &impl LocationStore,
    id: &str,
    route: &str,
    stop: i64,
    author: &Author,
    now: &str,
) -> Result<LocationView, ApiError> {
    let attributes =
        Map::from_iter([("route".to_string(), Value::from(route)), ("stop".to_string(), Value::from(stop))]);
    edit(store, UpdateInput::attributes(id, attributes), author, now).await
}

/// `updateWholesaleLocation`: route and stop of a WHOLESALE location.
pub async fn update_wholesale(
    store: &impl LocationStore,
    id: &str,
    route: &str,
    stop: i64,
    author: &Author,
    now: &str,
) -> Result<LocationView, ApiError> {
    update_wholesale_doc(store, id, route, stop, author, now).await.map(|next| LocationView::of(&next))
}

/// [`update_wholesale`], answering the location written.
async fn update_wholesale_doc(
    store: &impl LocationStore,
    id: &str,
    route: &str,
    stop: i64,
    author: &Author,
    now: &str,
) -> Result<Location, ApiError> {
    limits::check_len("route", route, limits::MAX_NAME_CHARS)?;
    let current = store.get(id).await?.ok_or_else(|| not_found(id))?;
    if current.kind() != WHOLESALE {
        return Err(ApiError::bad_request(format!("Location {id} is not a wholesale location")));
    }
    let stop = rules::check_int("stop", &stop.to_string(), 0, 1000).map_err(ApiError::BadRequest)?;
    let plan = vec![plan::set("route", json!(route.trim())), plan::set("stop", json!(stop))];
    apply(store, &current, &plan, author, now, &[]).await
}

/// A card-reader device address: 'FC' and 10 digits from a random 64-bit
/// number (see docs/decisions/locations.md, "Device addresses").
pub fn device_address(random: u64) -> String {
    format!("FC{:010}", random % 10_000_000_000)
}

/// Generates and stores a new device address. Uniqueness is enforced, not
/// hoped for: the address is registered with a conditional write in the same
/// transaction that stores it, retried with a new number on a collision.
pub async fn generate_device_address(
    store: &impl LocationStore,
    id: &str,
    author: &Author,
    now: &str,
    mut random: impl FnMut() -> u64,
    also: &[Also],
) -> Result<String, ApiError> {
    for _ in 0..5 {
        let current = store.get(id).await?.ok_or_else(|| not_found(id))?;
        let address = device_address(random());
        let plan = [plan::set("aprivaDeviceAddress", json!(address))];
        let mut all = vec![Also::RegisterDeviceAddress { address: address.clone(), location: id.to_string() }];
        all.extend_from_slice(also);
        match write(store, &current, &plan, author, now, &all).await {
            Ok(_) => return Ok(address),
            // The address was taken, or another change of the location landed
            // first (a generation depends on no other field): read it again
            // and generate on top of it, so neither change is lost.
            Err(ApiError::Conflict(_)) => {
                tracing::warn!(%address, "device address taken or location changed meanwhile; retrying");
            }
            Err(e) => return Err(e),
        }
    }
    Err(ApiError::Conflict("Could not find a free device address, please try again".into()))
}

pub fn device_address_of(location: &Location) -> Option<String> {
    location.configs()?.apriva_device_address.clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Options;
    use crate::store::memory::Memory;

    fn author() -> Author {
        Author { user: "ops@x.co".into(), source: "test".into() }
    }

    /// An update from its JSON body, parsed as the handler parses it.
    async fn update(
        store: &impl LocationStore,
        body: Map<String, Value>,
        author: &Author,
        now: &str,
    ) -> Result<LocationView, ApiError> {
        edit(store, UpdateInput::of(body)?, author, now).await
    }

    fn form(id: &str) -> Map<String, Value> {
        json!({ "id": id, "street": "1 Main St", "city": "Chicago", "zipCode": "60601", "directions": "Lobby",
                "latitude": "41.88", "longitude": "-87.63", "prettyName": "Main St Lobby", "onlineDate": "2026-12-01", "layoutName": "dummy" })
        .as_object()
        .cloned()
        .unwrap()
    }

    fn store() -> Memory {
        Memory { options: Options::from_lists(vec!["L1".into()], vec![], vec![]), ..Default::default() }
    }

    fn body(v: Value) -> Map<String, Value> {
        v.as_object().cloned().unwrap()
    }

    #[tokio::test]
    async fn create_records_history_and_refuses_a_duplicate() {
        let s = store();
        let created =
            create(&s, plan::Origin::Form, form("CHI_9"), &author(), "2026-11-22T10:00:00.000Z").await.unwrap();
        assert_eq!(created.version, Some(1));
        let err = create(&s, plan::Origin::Form, form("CHI_9"), &author(), "t").await.unwrap_err();
        assert_eq!(err, ApiError::Conflict("Location CHI_9 already exists".into()));
        let history = s.history.lock().unwrap();
        assert_eq!(history.len(), 1);
        assert!(history[0].changes.iter().any(|c| c.attribute == "city" && c.new_value == "\"Chicago\""));
    }

    #[tokio::test]
    async fn bad_ids_are_refused_before_the_store() {
        let s = store();
        let mut p = form("x");
        p.insert("id".into(), json!("A".repeat(5000)));
        assert_eq!(
            create(&s, plan::Origin::Form, p, &author(), "t").await.unwrap_err().to_string(),
            "id must be at most 64 characters"
        );
        assert_eq!(
            update(&s, body(json!({"id": ""})), &author(), "t").await.unwrap_err().to_string(),
            "id cannot be empty"
        );
    }

    #[tokio::test]
    async fn a_stale_version_is_refused_naming_who_changed_it() {
        let s = store();
        create(&s, plan::Origin::Form, form("CHI_9"), &author(), "2026-11-22T16:00:00.000Z").await.unwrap();
        let other = Author { user: "lee@x.co".into(), source: "Location detail".into() };
        update(&s, body(json!({"id": "CHI_9", "version": 1, "route": "r1"})), &other, "2026-11-22T16:05:00.000Z")
            .await
            .unwrap();
        let err =
            update(&s, body(json!({"id": "CHI_9", "version": 1, "route": "r2"})), &author(), "t").await.unwrap_err();
        assert_eq!(
            err,
            ApiError::Conflict(
                "This location was changed by lee@x.co at 2026-11-22 10:05 CT. Reload to see the change.".into()
            )
        );
        assert_eq!(s.locations.lock().unwrap()["CHI_9"].route(), Some("r1"));
    }

    #[tokio::test]
    async fn an_edit_appends_who_what_why_and_where() {
        let s = store();
        create(&s, plan::Origin::Form, form("CHI_9"), &author(), "t0").await.unwrap();
        let b = body(
            json!({"id": "CHI_9", "version": 1, "prod": 1, "updateReason": {"prod": "First Stocking"}, "source": "Location detail"}),
        );
        let out = update(&s, b, &author(), "t1").await.unwrap();
        assert_eq!(out.version, Some(2));
        let history = s.history.lock().unwrap();
        let last = history.last().unwrap();
        assert_eq!((last.who.as_str(), last.source.as_str(), last.at.as_str()), ("ops@x.co", "Location detail", "t1"));
        assert_eq!(last.changes.len(), 1, "{:?}", last.changes);
        assert_eq!(
            (
                last.changes[0].attribute.as_str(),
                last.changes[0].old_value.as_str(),
                last.changes[0].new_value.as_str()
            ),
            ("prod", "0", "1")
        );
        assert_eq!(last.changes[0].reason.as_deref(), Some("First Stocking"));
    }

    #[tokio::test]
    async fn the_device_address_is_only_generated() {
        let s = store();
        let mut p = form("CHI_9");
        p.insert("aprivaDeviceAddress".into(), json!("FC1"));
        assert_eq!(
            create(&s, plan::Origin::Form, p, &author(), "t").await.unwrap_err().to_string(),
            rules::DEVICE_ADDRESS_GENERATED
        );
        create(&s, plan::Origin::Form, form("CHI_9"), &author(), "t").await.unwrap();
        let err =
            update(&s, body(json!({"id": "CHI_9", "aprivaDeviceAddress": "FC1"})), &author(), "t").await.unwrap_err();
        assert_eq!(err.to_string(), rules::DEVICE_ADDRESS_GENERATED);
        // A taken address is retried with the next number.
        s.device_addresses.lock().unwrap().push(device_address(1));
        let mut numbers = [1u64, 2].into_iter();
        let address =
            generate_device_address(&s, "CHI_9", &author(), "t", || numbers.next().unwrap(), &[]).await.unwrap();
        assert_eq!(address, "FC0000000002");
        assert_eq!(device_address_of(&s.locations.lock().unwrap()["CHI_9"]).as_deref(), Some("FC0000000002"));
    }

    /// A store where another change of the location lands just before the first update.
    struct Racing(Memory, std::sync::atomic::AtomicBool);

    impl LocationStore for Racing {
        async fn get(&self, id: &str) -> Result<Option<Location>, ApiError> {
            self.0.get(id).await
        }
        async fn get_many(&self, ids: Vec<String>) -> Result<std::collections::HashMap<String, Location>, ApiError> {
            self.0.get_many(ids).await
        }
        async fn options(&self) -> Result<Options, ApiError> {
            self.0.options().await
        }
        async fn insert(&self, location: &Location, history: &Record) -> Result<(), ApiError> {
            self.0.insert(location, history).await
        }
        async fn update(
            &self,
            id: &str,
            plan: &[Assign],
            base: i64,
            history: &Record,
            also: &[Also],
        ) -> Result<(), ApiError> {
            if !self.1.swap(true, std::sync::atomic::Ordering::SeqCst) {
                let other = [plan::set("street", json!("2 Other St"))];
                self.0.update(id, &other, base, history, &[]).await?;
            }
            self.0.update(id, plan, base, history, also).await
        }
    }

    #[tokio::test]
    async fn a_generation_racing_another_change_keeps_both() {
        let s = Racing(store(), Default::default());
        create(&s.0, plan::Origin::Form, form("CHI_8"), &author(), "t").await.unwrap();
        let mut numbers = 7u64..;
        let address =
            generate_device_address(&s, "CHI_8", &author(), "t", || numbers.next().unwrap(), &[]).await.unwrap();
        let stored = s.0.locations.lock().unwrap()["CHI_8"].clone();
        let street = LocationView::of(&stored).street;
        assert_eq!((device_address_of(&stored), street.as_deref()), (Some(address), Some("2 Other St")), "{stored:?}");
    }

    #[tokio::test]
    async fn a_bad_shape_is_refused_with_the_rules_message() {
        let s = store();
        create(&s, plan::Origin::Form, form("CHI_9"), &author(), "t0").await.unwrap();
        let s = &s;
        let refused = |v: Value| async move { update(s, body(v), &author(), "t1").await.unwrap_err().to_string() };
        assert_eq!(refused(json!({"id": "CHI_9", "version": "one", "route": "r"})).await, "version must be an integer");
        assert_eq!(refused(json!({"id": "CHI_9", "aprivaDeviceAddress": null})).await, rules::DEVICE_ADDRESS_GENERATED);
        assert_eq!(
            refused(json!({"id": "CHI_9", "route": "r", "updateReason": ["route"]})).await,
            "updateReason must map attributes to reasons"
        );
        assert_eq!(refused(json!({"id": "CHI_9", "is24Hours": null})).await, "Choose 24 hours(Yes/No) for CHI_9");
        assert_eq!(refused(json!({"id": {"x": 1}})).await, "id cannot be empty");
        assert_eq!(refused(json!({"id": "CHI_9"})).await, "Nothing to update");
        let mut p = form("CHI_7");
        p.insert("state".into(), json!({"code": "IL"}));
        assert_eq!(
            create(s, plan::Origin::Form, p, &author(), "t").await.unwrap_err().to_string(),
            "state cannot be empty"
        );
    }

    #[test]
    fn device_addresses_have_a_fixed_shape() {
        assert_eq!(device_address(42), "FC0000000042");
        assert_eq!(device_address(u64::MAX).len(), 12);
    }
}
