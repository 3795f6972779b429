//! Whole numbers of 0 or more at the edge (a version a screen read, a file line): read from any JSON
//! number, so a negative, fractional or too large one is refused in words that name its field, not in
//! serde's ("invalid value: integer `-1`, expected u64"). For `#[serde(deserialize_with = ...)]`; the
//! field's type stays what the code counts in.
use crate::contract::FIELD;
use serde::{de::Error, Deserialize, Deserializer};
use serde_json::Number;

fn refused<E: Error>() -> E {
    E::custom(format!("{FIELD} must be a whole number, 0 or more"))
}

/// `n` as `T` when it is a whole number, 0 or more, that `T` holds.
fn whole<T: TryFrom<u64>, E: Error>(n: &Number) -> Result<T, E> {
    n.as_u64().and_then(|n| T::try_from(n).ok()).ok_or_else(refused)
}

/// A whole number, 0 or more, as `T` (`u32`, `u64`, `usize`).
pub fn non_negative<'de, D: Deserializer<'de>, T: TryFrom<u64>>(d: D) -> Result<T, D::Error> {
    whole(&Number::deserialize(d)?)
}

/// As `non_negative`, for an optional field (null or absent: `None`; with `#[serde(default)]`).
pub fn optional_non_negative<'de, D: Deserializer<'de>, T: TryFrom<u64>>(d: D) -> Result<Option<T>, D::Error> {
    Option::<Number>::deserialize(d)?.map(|n| whole(&n)).transpose()
}

#[cfg(test)]
mod tests {
    use crate::contract::request;
    use crate::Input;
    use proptest::strategy::Strategy;
    use serde_json::json;

    #[derive(Debug, serde::Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Asked {
        #[serde(deserialize_with = "super::non_negative")]
        expected_version: u64,
        #[serde(default, deserialize_with = "super::optional_non_negative")]
        line: Option<u32>,
    }

    fn asked(args: serde_json::Value) -> Result<Asked, String> {
        request::<Asked>(&Input { args, ..Default::default() }).map_err(|e| e.to_string())
    }

    #[test]
    fn a_negative_number_is_refused_naming_its_field() {
        assert_eq!(
            asked(json!({ "expectedVersion": -1 })).unwrap_err(),
            "expectedVersion must be a whole number, 0 or more"
        );
        assert_eq!(
            asked(json!({ "expectedVersion": 0, "line": -2 })).unwrap_err(),
            "line must be a whole number, 0 or more"
        );
        assert_eq!(
            asked(json!({ "expectedVersion": 0, "line": 5_000_000_000i64 })).unwrap_err(),
            "line must be a whole number, 0 or more"
        );
    }

    proptest::proptest! {
        /// Any JSON number is read when it is a whole number the field holds, and refused in the
        /// field's words otherwise: never in serde's, whatever its size or fraction.
        #[test]
        fn any_number_is_read_or_refused_in_the_fields_words(
            n in proptest::prop_oneof![
                proptest::num::i64::ANY.prop_map(|n| json!(n)),
                proptest::num::u64::ANY.prop_map(|n| json!(n)),
                proptest::num::f64::NORMAL.prop_map(|n| json!(n)),
            ]
        ) {
            let refused = "line must be a whole number, 0 or more";
            match asked(json!({ "expectedVersion": 0, "line": n })) {
                Ok(a) => proptest::prop_assert_eq!(a.line.map(u64::from), n.as_u64()),
                Err(e) => {
                    proptest::prop_assert_eq!(e.as_str(), refused);
                    proptest::prop_assert!(n.as_u64().is_none_or(|v| v > u64::from(u32::MAX)));
                }
            }
            match asked(json!({ "expectedVersion": n })) {
                Ok(a) => proptest::prop_assert_eq!(Some(a.expected_version), n.as_u64()),
                Err(e) => proptest::prop_assert_eq!(e.as_str(), "expectedVersion must be a whole number, 0 or more"),
            }
        }
    }

    #[test]
    fn a_fraction_or_a_number_past_the_largest_is_refused_too() {
        assert_eq!(asked(json!({ "expectedVersion": u64::MAX })).map(|a| a.expected_version), Ok(u64::MAX));
        assert_eq!(
            asked(json!({ "expectedVersion": 1.5 })).unwrap_err(),
            "expectedVersion must be a whole number, 0 or more"
        );
        assert_eq!(
            asked(json!({ "expectedVersion": 0, "line": u64::MAX })).unwrap_err(),
            "line must be a whole number, 0 or more"
        );
    }

    #[test]
    fn zero_and_up_are_read_and_an_optional_one_may_be_absent_or_null() {
        let a = asked(json!({ "expectedVersion": 7 })).unwrap();
        assert_eq!((a.expected_version, a.line), (7, None));
        let a = asked(json!({ "expectedVersion": 0, "line": null })).unwrap();
        assert_eq!(a.line, None);
        assert_eq!(asked(json!({ "expectedVersion": 0, "line": 12 })).unwrap().line, Some(12));
    }
}
