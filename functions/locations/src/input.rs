//! The request payloads as the rules read them. A payload is a free-form
//! map of flat attribute names (spec §3.2) that the attribute table checks
//! one by one; the fields the rules read by themselves are typed here,
//! parsed where the payload comes in. Every field reads any JSON, so a bad
//! shape reaches the rules, which refuse it with the spec's message (a 400),
//! rather than failing the parse with serde's.
use crate::attributes::{text_of, DAYS};
use fleet_shared::entity::LocationId;
use fleet_shared::ApiError;
use serde::de::IgnoredAny;
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};

/// The two attributes only the hours editor writes.
pub const HOURS: &str = "hours";
pub const WORK_HOURS: &str = "workHours";

/// A field read as typed: a string trimmed, a number as written, a flag as
/// 1 or 0 (`text_of`); blank, null, a list or an object as none.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Text(pub Option<String>);

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Text(text_of(&Value::deserialize(d)?)))
    }
}

impl Text {
    pub fn as_deref(&self) -> Option<&str> {
        self.0.as_deref()
    }
}

/// A field that is there at all, null included: `None` only when absent
/// (some rules tell a null from a missing field).
fn given<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

/// What a create reads by name of its payload (the create form, POST
/// /locations, a bulk row, the demo seed). The payload itself stays the map
/// the create rules and the attribute table check field by field, so every
/// field keeps its place in their order.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CreateForm {
    pub id: Text,
    /// Picks the import defaults (§9).
    pub state: Text,
    /// Set only by generating one: a create that names one is refused.
    pub apriva_device_address: Text,
    #[serde(flatten)]
    pub hours: CreateHours,
}

impl CreateForm {
    pub fn of(payload: &Map<String, Value>) -> CreateForm {
        // Every field reads any JSON: there is nothing to fail.
        CreateForm::deserialize(payload).unwrap_or_default()
    }

    /// The id as the boundary accepts it (`LocationId`: non-empty, at most
    /// 64 characters); the create rule for its characters is in `create_rules`.
    pub fn id(&self) -> Result<LocationId, ApiError> {
        LocationId::parse("id", self.id.as_deref().unwrap_or_default())
    }
}

/// The create form's hours (§3.1, §5.1): `hours` 1 (24 hours, the default)
/// or 0 with each day's `fromMon`/`toMon` ... `fromSun`/`toSun`.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CreateHours {
    pub hours: Text,
    pub from_mon: Text,
    pub to_mon: Text,
    pub from_tue: Text,
    pub to_tue: Text,
    pub from_wed: Text,
    pub to_wed: Text,
    pub from_thu: Text,
    pub to_thu: Text,
    pub from_fri: Text,
    pub to_fri: Text,
    pub from_sat: Text,
    pub to_sat: Text,
    pub from_sun: Text,
    pub to_sun: Text,
}

impl CreateHours {
    /// Anything but 0 is 24 hours, as is no answer.
    pub fn is_24_hours(&self) -> bool {
        self.hours.as_deref() != Some("0")
    }

    /// Each day, Monday first, with its from and to times.
    pub fn days(&self) -> impl Iterator<Item = (&'static str, &Text, &Text)> {
        let times = [
            (&self.from_mon, &self.to_mon),
            (&self.from_tue, &self.to_tue),
            (&self.from_wed, &self.to_wed),
            (&self.from_thu, &self.to_thu),
            (&self.from_fri, &self.to_fri),
            (&self.from_sat, &self.to_sat),
            (&self.from_sun, &self.to_sun),
        ];
        DAYS.iter().zip(times).map(|(day, (from, to))| (*day, from, to))
    }
}

/// The hours editor's output (§5.2): `{is24Hours, workHours}`.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct HoursEdit {
    /// Only a JSON boolean answers the editor's question; anything else is no answer.
    #[serde(rename = "is24Hours", deserialize_with = "flag")]
    pub is_24_hours: Option<bool>,
    #[serde(deserialize_with = "week")]
    pub work_hours: WorkWeek,
}

impl HoursEdit {
    /// The editor's output as one JSON value; another shape than an object is no answer.
    pub fn of(value: &Value) -> HoursEdit {
        match value {
            Value::Object(fields) => HoursEdit::deserialize(fields).unwrap_or_default(),
            _ => HoursEdit::default(),
        }
    }

    /// The editor's output from an edit's two fields.
    pub fn from_fields(is_24_hours: &Value, work_hours: Option<&Value>) -> HoursEdit {
        HoursEdit { is_24_hours: is_24_hours.as_bool(), work_hours: work_hours.map(WorkWeek::of).unwrap_or_default() }
    }
}

fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
    Ok(Value::deserialize(d)?.as_bool())
}

fn week<'de, D: Deserializer<'de>>(d: D) -> Result<WorkWeek, D::Error> {
    Ok(WorkWeek::of(&Value::deserialize(d)?))
}

/// The hours editor's week: day name -> that day's spans.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "PascalCase", default)]
pub struct WorkWeek {
    pub monday: DayHours,
    pub tuesday: DayHours,
    pub wednesday: DayHours,
    pub thursday: DayHours,
    pub friday: DayHours,
    pub saturday: DayHours,
    pub sunday: DayHours,
}

impl WorkWeek {
    /// Another shape than an object is a week without times (which the rules refuse).
    pub fn of(value: &Value) -> WorkWeek {
        match value {
            Value::Object(days) => WorkWeek::deserialize(days).unwrap_or_default(),
            _ => WorkWeek::default(),
        }
    }

    /// Each day, Monday first.
    pub fn days(&self) -> impl Iterator<Item = (&'static str, &DayHours)> {
        let days =
            [&self.monday, &self.tuesday, &self.wednesday, &self.thursday, &self.friday, &self.saturday, &self.sunday];
        DAYS.iter().copied().zip(days)
    }
}

/// One day of the hours editor, `[[from, to], ...]`: the editor writes one
/// span, so the first is read. Another shape reads as no times.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct DayHours {
    pub from: Option<String>,
    pub to: Option<String>,
}

impl<'de> Deserialize<'de> for DayHours {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let first = match Value::deserialize(d)? {
            Value::Array(spans) => spans.into_iter().next(),
            _ => None,
        };
        Ok(match first {
            Some(Value::Array(span)) => {
                DayHours { from: span.first().and_then(text_of), to: span.get(1).and_then(text_of) }
            }
            _ => DayHours::default(),
        })
    }
}

/// `updateLocation`'s input: `{id, version?, source?, <attribute>: value...,
/// updateReason?, is24Hours?, workHours?}`.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UpdateInput {
    #[serde(default)]
    pub id: Text,
    /// The version the edit was made on (a location changed since is refused);
    /// anything but an integer is refused with the rule's message.
    #[serde(default)]
    pub version: Option<Value>,
    /// Screen, file and row, for the history.
    #[serde(default)]
    pub source: Text,
    /// Never typed in: refused when it is there at all.
    #[serde(default, deserialize_with = "given")]
    pub apriva_device_address: Option<Value>,
    #[serde(flatten)]
    pub edit: Edit,
}

impl UpdateInput {
    pub fn of(body: Map<String, Value>) -> Result<UpdateInput, ApiError> {
        UpdateInput::deserialize(body).map_err(|e| ApiError::bad_request(format!("Invalid input: {e}")))
    }

    /// An edit of these attributes (by flat name) of location `id`, on
    /// whatever version is stored: what another area's write sends.
    pub fn attributes(id: &str, attributes: Map<String, Value>) -> UpdateInput {
        UpdateInput {
            id: Text(Some(id.to_string())),
            edit: Edit { attributes, ..Edit::default() },
            ..UpdateInput::default()
        }
    }
}

const REASONS_SHAPE: &str = "updateReason must map attributes to reasons";

/// An edit of a location, from `updateLocation` or a group of scheduled
/// changes: attributes by flat name, the reasons of their changes, and the
/// hours editor's output.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Edit {
    /// `{attribute: reason}`, or its JSON text (`reasons` reads it).
    #[serde(default, deserialize_with = "given")]
    pub update_reason: Option<Value>,
    /// There (null too) when the hours editor wrote the hours.
    #[serde(default, rename = "is24Hours", deserialize_with = "given")]
    pub is_24_hours: Option<Value>,
    #[serde(default, deserialize_with = "given")]
    pub work_hours: Option<Value>,
    /// The summary text beside them: derived again, never read.
    #[serde(default, deserialize_with = "given")]
    pub hours: Option<Value>,
    /// The edited location is named apart (`UpdateInput::id`, a change's
    /// location): an `id` among the fields is read past, not an attribute.
    #[serde(default, rename = "id")]
    _id: IgnoredAny,
    /// Every other field: a flat attribute, which the table checks.
    #[serde(flatten)]
    pub attributes: Map<String, Value>,
}

impl Edit {
    pub fn of(fields: Map<String, Value>) -> Result<Edit, String> {
        Edit::deserialize(fields).map_err(|e| format!("Invalid input: {e}"))
    }

    /// `other`'s fields over these, as a later field of one map replaces an earlier one.
    pub fn merge(&mut self, other: Edit) {
        let Edit { update_reason, is_24_hours, work_hours, hours, attributes, .. } = other;
        self.update_reason = update_reason.or(self.update_reason.take());
        self.is_24_hours = is_24_hours.or(self.is_24_hours.take());
        self.work_hours = work_hours.or(self.work_hours.take());
        self.hours = hours.or(self.hours.take());
        self.attributes.extend(attributes);
    }

    /// The attributes the table checks, by name (in name order, as their
    /// messages come). Without the editor's `is24Hours`, `hours` and
    /// `workHours` are attributes like the others, which the table refuses:
    /// only the editor writes them.
    pub fn fields(&self) -> Map<String, Value> {
        let mut fields = self.attributes.clone();
        if self.is_24_hours.is_none() {
            let hours = [(HOURS, &self.hours), (WORK_HOURS, &self.work_hours)];
            fields.extend(hours.into_iter().filter_map(|(name, v)| Some((name.to_string(), v.clone()?))));
        }
        fields
    }

    /// Whether checking it needs the fetched name lists.
    pub fn needs_options(&self) -> bool {
        self.attributes.keys().any(|k| crate::attributes::needs_options(k))
    }

    /// `updateReason` as `{attribute: reason}`: an object, or its JSON text.
    pub fn reasons(&self) -> Result<Map<String, Value>, String> {
        match &self.update_reason {
            None | Some(Value::Null) => Ok(Map::new()),
            Some(Value::Object(reasons)) => Ok(reasons.clone()),
            Some(Value::String(text)) => serde_json::from_str(text).map_err(|_| REASONS_SHAPE.to_string()),
            Some(_) => Err(REASONS_SHAPE.into()),
        }
    }

    /// Adds a scheduled `updateReason` change to the reasons given so far.
    pub fn add_reasons(&mut self, value: &Value) -> Result<(), String> {
        let mut reasons = match &self.update_reason {
            Some(Value::Object(reasons)) => reasons.clone(),
            _ => Map::new(),
        };
        reasons.extend(value.as_object().ok_or(REASONS_SHAPE)?.clone());
        self.update_reason = Some(Value::Object(reasons));
        Ok(())
    }
}

/// The reason a `{attribute: reason}` map gives for `attribute`, if any.
pub fn reason_for(reasons: &Value, attribute: &str) -> Option<String> {
    reasons.as_object()?.get(attribute).and_then(text_of)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn map(v: Value) -> Map<String, Value> {
        v.as_object().cloned().unwrap()
    }

    #[test]
    fn a_create_reads_its_fields_as_typed_and_leaves_the_rest() {
        let form = CreateForm::of(&map(json!({ "id": 42, "state": " NY ", "hours": false, "fromMon": "08:00",
            "aprivaDeviceAddress": "", "city": "Chicago" })));
        assert_eq!((form.id.as_deref(), form.state.as_deref()), (Some("42"), Some("NY")));
        assert_eq!((form.apriva_device_address.as_deref(), form.hours.is_24_hours()), (None, false));
        let monday = form.hours.days().next().unwrap();
        assert_eq!((monday.0, monday.1.as_deref(), monday.2.as_deref()), ("Monday", Some("08:00"), None));
        assert!(CreateForm::of(&Map::new()).hours.is_24_hours(), "24 hours unless told otherwise");
    }

    #[test]
    fn a_location_id_is_the_text_of_a_string_a_number_or_a_flag() {
        let id = |v: Value| CreateForm::of(&map(json!({ "id": v }))).id();
        assert_eq!(id(json!("  CHI_1 ")).unwrap().as_str(), "CHI_1");
        assert_eq!(id(json!(42)).unwrap().as_str(), "42");
        assert_eq!(id(json!(true)).unwrap().as_str(), "1");
        for empty in [json!(null), json!("  "), json!({"id": "x"}), json!(["x"])] {
            assert_eq!(id(empty).unwrap_err().to_string(), "id cannot be empty");
        }
        assert_eq!(CreateForm::of(&Map::new()).id().unwrap_err().to_string(), "id cannot be empty");
        assert_eq!(id(json!("A".repeat(65))).unwrap_err().to_string(), "id must be at most 64 characters");
    }

    #[test]
    fn the_hours_editor_reads_only_its_shapes() {
        let edit =
            HoursEdit::of(&json!({ "is24Hours": false, "workHours": { "Monday": [["08:00", 17]], "Tuesday": "x",
            "Wednesday": [["09:00"]], "Funday": [["01:00", "02:00"]] } }));
        assert_eq!(edit.is_24_hours, Some(false));
        let days: Vec<_> = edit.work_hours.days().map(|(d, h)| (d, h.from.clone(), h.to.clone())).collect();
        assert_eq!(days[0], ("Monday", Some("08:00".into()), Some("17".into())));
        assert_eq!(days[1], ("Tuesday", None, None));
        assert_eq!(days[2], ("Wednesday", Some("09:00".into()), None));
        assert_eq!(days.len(), 7);
        // Not a boolean, not an object: no answer.
        assert_eq!(HoursEdit::of(&json!({ "is24Hours": "true" })).is_24_hours, None);
        assert_eq!(HoursEdit::of(&json!([true])).is_24_hours, None);
        assert_eq!(WorkWeek::of(&json!([[["08:00", "17:00"]]])).monday, DayHours::default());
    }

    #[test]
    fn an_update_takes_its_own_fields_and_leaves_the_attributes() {
        let input = UpdateInput::of(map(json!({ "id": "CHI_1", "version": 3, "source": " detail ",
            "aprivaDeviceAddress": null, "updateReason": "{\"prod\": \"x\"}", "prod": 1, "workHours": {} })))
        .unwrap();
        assert_eq!(
            (input.id.as_deref(), input.version, input.source.as_deref()),
            (Some("CHI_1"), Some(json!(3)), Some("detail"))
        );
        assert_eq!(input.apriva_device_address, Some(Value::Null), "there, though null");
        assert_eq!(input.edit.attributes, map(json!({ "prod": 1 })));
        assert_eq!(input.edit.reasons().unwrap(), map(json!({ "prod": "x" })));
        // Without the editor's flag, workHours is an attribute (which the table refuses).
        assert_eq!(input.edit.fields(), map(json!({ "prod": 1, "workHours": {} })));
        let bad = Edit::of(map(json!({ "updateReason": ["prod"] }))).unwrap();
        assert_eq!(bad.reasons().unwrap_err(), REASONS_SHAPE);
    }

    #[test]
    fn a_later_edit_replaces_what_it_names() {
        let mut edit = Edit::of(map(json!({ "is24Hours": false, "route": "r1", "id": "X" }))).unwrap();
        edit.merge(Edit::of(map(json!({ "is24Hours": true, "stop": 2 }))).unwrap());
        assert_eq!((edit.is_24_hours, edit.attributes), (Some(json!(true)), map(json!({ "route": "r1", "stop": 2 }))));
        assert_eq!(reason_for(&json!({ "prod": " Holiday " }), "prod").as_deref(), Some("Holiday"));
        assert_eq!(reason_for(&json!(["prod"]), "prod"), None);
    }
}
