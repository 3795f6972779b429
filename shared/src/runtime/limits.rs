//! Bounds on input, checked at the boundary so oversized input is refused with
//! a clear 4xx before any handler or data store sees it (documented in
//! docs/api-contract.md, "Input bounds").
use crate::ApiError;
use serde_json::Value;

/// A request's arguments or body, as JSON text.
pub const MAX_REQUEST_BYTES: usize = 256 * 1024;
/// A request carrying a whole file's rows (upload dry runs), under Lambda's
/// 6 MB synchronous payload limit.
pub const MAX_FILE_REQUEST_BYTES: usize = 5 * 1024 * 1024;
/// Any one string anywhere in a request.
pub const MAX_STRING_CHARS: usize = 10_000;
/// Record ids (a location id, a pilot id...).
pub const MAX_ID_CHARS: usize = 64;
/// Ids the order system makes (a packing slip, an order's unique id).
pub const MAX_ORDER_ID_CHARS: usize = 128;
/// Names picked from lists or typed as labels (layout, route, schema...).
pub const MAX_NAME_CHARS: usize = 100;
/// Free text (street, directions, reasons).
pub const MAX_TEXT_CHARS: usize = 1_000;

/// The top-level field of a file-upload request that holds a whole file's
/// text (the par file archived as sent): bounded by the request's size, not
/// by `MAX_STRING_CHARS`.
pub const FILE_TEXT_FIELD: &str = "csv";

/// A queue message's body, as the queues' `MaximumMessageSize` allows (SQS's
/// 256 KiB): queue events are not user input, and are bounded per record by
/// the consumer, which parks an oversized record with its reason.
pub const MAX_QUEUE_MESSAGE_BYTES: usize = 256 * 1024;
/// SQS's most messages per SendMessageBatch or ReceiveMessage call, and per
/// Lambda event (the event source mapping's batch size).
pub const SQS_BATCH_MAX: usize = 10;
/// A whole queue event: at most 10 records and their envelopes.
pub const MAX_QUEUE_EVENT_BYTES: usize = SQS_BATCH_MAX * (MAX_QUEUE_MESSAGE_BYTES + 8 * 1024);

/// The whole-request bounds of a user's call, applied to every user-facing
/// function by the gate. `file` requests may carry a file's text whole.
pub fn check_arguments(args: &Value, max_bytes: usize) -> Result<(), ApiError> {
    let size = serde_json::to_vec(args).map(|v| v.len()).unwrap_or(usize::MAX);
    if size > max_bytes {
        return Err(too_large(max_bytes));
    }
    match args {
        Value::Object(map) if max_bytes >= MAX_FILE_REQUEST_BYTES => {
            map.iter().filter(|(k, _)| k.as_str() != FILE_TEXT_FIELD).try_for_each(|(k, v)| longest_string(v, k))
        }
        _ => longest_string(args, "request"),
    }
}

/// A stream event's bound as a whole: Lambda's own bound on a synchronous
/// invocation's payload (6 MB), which the event source mapping keeps to.
pub const MAX_STREAM_EVENT_BYTES: usize = 6 * 1024 * 1024;

/// A stream event's bound as a whole (each record's are the consumer's).
pub fn check_stream_event(event: &Value) -> Result<(), ApiError> {
    let size = serde_json::to_vec(event).map(|v| v.len()).unwrap_or(usize::MAX);
    if size > MAX_STREAM_EVENT_BYTES {
        return Err(too_large(MAX_STREAM_EVENT_BYTES));
    }
    Ok(())
}

/// A queue event's bound as a whole (the records' own limits are the
/// consumer's, per record); no string limit applies.
pub fn check_queue_event(event: &Value) -> Result<(), ApiError> {
    let size = serde_json::to_vec(event).map(|v| v.len()).unwrap_or(usize::MAX);
    if size > MAX_QUEUE_EVENT_BYTES {
        return Err(too_large(MAX_QUEUE_EVENT_BYTES));
    }
    Ok(())
}

/// Why one queue record's body cannot be taken (over the message size), if so.
pub fn queue_record_problem(body: &str) -> Option<String> {
    (body.len() > MAX_QUEUE_MESSAGE_BYTES)
        .then(|| format!("message body is {} bytes; a message can be at most {MAX_QUEUE_MESSAGE_BYTES}", body.len()))
}

fn longest_string(v: &Value, path: &str) -> Result<(), ApiError> {
    match v {
        Value::String(s) if s.chars().count() > MAX_STRING_CHARS => {
            Err(ApiError::bad_request(format!("{path} must be at most {MAX_STRING_CHARS} characters")))
        }
        Value::Array(items) => items.iter().try_for_each(|i| longest_string(i, path)),
        Value::Object(map) => map.iter().try_for_each(|(k, v)| longest_string(v, k)),
        _ => Ok(()),
    }
}

pub fn too_large(max_bytes: usize) -> ApiError {
    ApiError::PayloadTooLarge(format!("Request too large: at most {} kB", max_bytes / 1024))
}

/// A value the caller sent, as a refusal quotes it: whole up to `MAX_NAME_CHARS` characters, else its start and
/// an ellipsis, so a pasted page of text does not come back as the message.
pub fn echoed(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(MAX_NAME_CHARS) {
        None => text.into(),
        Some((end, _)) => format!("{}…", &text[..end]).into(),
    }
}

/// `{field} must be at most {max} characters` when `text` is longer.
pub fn check_len(field: &str, text: &str, max: usize) -> Result<(), ApiError> {
    if text.chars().count() > max {
        Err(ApiError::bad_request(format!("{field} must be at most {max} characters")))
    } else {
        Ok(())
    }
}

/// An optional number argument from 1 to `max` (hours, days, a page's count): `default` when absent. Read
/// from any integer, so a negative one is refused in these words rather than serde's.
pub fn bounded(field: &str, requested: Option<i64>, default: i64, max: i64) -> Result<i64, ApiError> {
    match requested {
        None => Ok(default),
        Some(n) if (1..=max).contains(&n) => Ok(n),
        Some(_) => Err(ApiError::bad_request(format!("{field} must be between 1 and {max}"))),
    }
}

/// A page's `count` argument: `max` when absent, else 1 to `max`.
pub fn page_count(requested: Option<i64>, max: usize) -> Result<usize, ApiError> {
    let max = i64::try_from(max).unwrap_or(i64::MAX);
    bounded("count", requested, max, max).map(|n| n as usize)
}

/// The maximum length of a list argument.
pub fn check_count(field: &str, len: usize, max: usize) -> Result<(), ApiError> {
    if len == 0 || len > max {
        Err(ApiError::bad_request(format!("{field} must hold between 1 and {max} entries")))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_page_count_is_the_maximum_when_absent_and_1_to_the_maximum_otherwise() {
        use super::page_count;
        assert_eq!(page_count(None, 1000).unwrap(), 1000);
        assert_eq!(page_count(Some(1), 1000).unwrap(), 1);
        assert_eq!(page_count(Some(1000), 1000).unwrap(), 1000);
        for bad in [0, -1, 1001, i64::MIN] {
            assert_eq!(page_count(Some(bad), 1000).unwrap_err().to_string(), "count must be between 1 and 1000");
        }
    }

    #[test]
    fn a_bounded_number_is_its_default_when_absent_and_refused_in_its_fields_words_outside_1_to_max() {
        use super::bounded;
        assert_eq!(bounded("hours", None, 24, 72).unwrap(), 24);
        assert_eq!(bounded("hours", Some(72), 24, 72).unwrap(), 72);
        for bad in [0, -5, 73, i64::MAX] {
            assert_eq!(bounded("hours", Some(bad), 24, 72).unwrap_err().to_string(), "hours must be between 1 and 72");
        }
    }

    #[test]
    fn an_echoed_value_is_whole_up_to_the_name_limit_and_clipped_past_it() {
        use super::{echoed, MAX_NAME_CHARS};
        assert_eq!(echoed("2026-13-45"), "2026-13-45");
        let at_limit = "é".repeat(MAX_NAME_CHARS);
        assert_eq!(echoed(&at_limit), at_limit);
        let long = format!("{at_limit}xyz");
        assert_eq!(echoed(&long), format!("{at_limit}…"));
    }

    use super::*;
    use serde_json::json;

    #[test]
    fn a_huge_request_is_too_large_and_a_long_string_names_its_field() {
        let big = json!({ "rows": vec!["x".repeat(100); MAX_REQUEST_BYTES / 100] });
        assert_eq!(check_arguments(&big, MAX_REQUEST_BYTES).unwrap_err().status(), 413);
        assert!(check_arguments(&big, MAX_FILE_REQUEST_BYTES).is_ok());
        let long = json!({ "input": { "prettyName": "x".repeat(MAX_STRING_CHARS + 1) } });
        let err = check_arguments(&long, MAX_REQUEST_BYTES).unwrap_err();
        assert_eq!(err.to_string(), "prettyName must be at most 10000 characters");
        assert!(check_arguments(&json!({ "id": "CHI_0001" }), MAX_REQUEST_BYTES).is_ok());
    }

    #[test]
    fn a_file_request_carries_its_file_text_whole_and_other_strings_stay_bounded() {
        let file = json!({ "uploadId": "u", "csv": "x".repeat(MAX_STRING_CHARS * 3) });
        assert!(check_arguments(&file, MAX_FILE_REQUEST_BYTES).is_ok());
        assert_eq!(check_arguments(&file, MAX_REQUEST_BYTES).unwrap_err().status(), 400, "only file requests");
        let other = json!({ "csv": "x", "fileName": "y".repeat(MAX_STRING_CHARS + 1) });
        assert_eq!(
            check_arguments(&other, MAX_FILE_REQUEST_BYTES).unwrap_err().to_string(),
            "fileName must be at most 10000 characters"
        );
    }

    #[test]
    fn a_realistic_queue_event_passes_and_its_records_are_bounded_one_by_one() {
        // 42 slots x 5 units of inventory: ~14 kB, over the user-input string bound.
        let body = "u".repeat(14_000);
        let event = json!({ "Records": vec![json!({ "messageId": "m", "body": body }); 10] });
        assert!(check_queue_event(&event).is_ok());
        assert!(check_arguments(&event, MAX_REQUEST_BYTES).is_err(), "as user input it would be refused");
        assert_eq!(queue_record_problem(&body), None);
        assert!(queue_record_problem(&"x".repeat(MAX_QUEUE_MESSAGE_BYTES + 1))
            .unwrap()
            .starts_with("message body is 262145 bytes"));
    }

    #[test]
    fn field_and_list_bounds() {
        assert!(check_len("id", &"a".repeat(64), MAX_ID_CHARS).is_ok());
        assert_eq!(
            check_len("id", &"a".repeat(65), MAX_ID_CHARS).unwrap_err().to_string(),
            "id must be at most 64 characters"
        );
        assert!(check_count("input", 0, 100).is_err());
        assert!(check_count("input", 101, 100).is_err());
    }
}
