//! Whole numbers of 0 or more at the edge (a version a screen read, a file line): read from any JSON
//! integer, so a negative one is refused in words that name its field, not in serde's ("invalid value:
//! integer `-1`, expected u64"). For `#[serde(deserialize_with = ...)]`; the field's type stays what the
//! code counts in.
use crate::contract::FIELD;
use serde::{de::Error, Deserialize, Deserializer};

fn refused<E: Error>() -> E {
    E::custom(format!("{FIELD} must be a whole number, 0 or more"))
}

/// A whole number, 0 or more, as `T` (`u32`, `u64`, `usize`).
pub fn non_negative<'de, D: Deserializer<'de>, T: TryFrom<i64>>(d: D) -> Result<T, D::Error> {
    T::try_from(i64::deserialize(d)?).map_err(|_| refused())
}

/// As `non_negative`, for an optional field (null or absent: `None`; with `#[serde(default)]`).
pub fn optional_non_negative<'de, D: Deserializer<'de>, T: TryFrom<i64>>(d: D) -> Result<Option<T>, D::Error> {
    Option::<i64>::deserialize(d)?.map(|n| T::try_from(n).map_err(|_| refused())).transpose()
}

#[cfg(test)]
mod tests {
    use crate::contract::request;
    use crate::Input;
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

    #[test]
    fn zero_and_up_are_read_and_an_optional_one_may_be_absent_or_null() {
        let a = asked(json!({ "expectedVersion": 7 })).unwrap();
        assert_eq!((a.expected_version, a.line), (7, None));
        let a = asked(json!({ "expectedVersion": 0, "line": null })).unwrap();
        assert_eq!(a.line, None);
        assert_eq!(asked(json!({ "expectedVersion": 0, "line": 12 })).unwrap().line, Some(12));
    }
}
