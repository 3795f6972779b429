//! The history a deployment leaves: per fridge, a record of its change of
//! version (written with the change, by the store), and one record of the
//! deployment as a whole (what Roll back reads).
use crate::rollout::Manifest;
use fleet_shared::history::{self, Change, Record};

pub fn source(deployment_id: &str) -> String {
    format!("Fridge software deployment {deployment_id}")
}

/// One fridge's change of version, as history shows it (JSON text, `null` for none).
pub fn change(attribute: &str, old: Option<&str>, new: Option<&str>, reason: Option<&str>) -> Change {
    let text = |v: Option<&str>| serde_json::to_string(&v).unwrap_or_else(|_| "null".into());
    Change {
        attribute: attribute.to_string(),
        old_value: text(old),
        new_value: text(new),
        reason: reason.map(str::to_string),
    }
}

/// The fridge's history record of a change made by `m`'s deployment, at `at`.
pub fn fridge_record(m: &Manifest, at: &str, old: Option<&str>, new: Option<&str>, reason: Option<&str>) -> Record {
    let changes = vec![change(&format!("software.{}", m.artifact_type), old, new, reason)];
    Record::new(history::entity("location", &m.fridge_id), at, &m.deployed_by, &source(&m.deployment_id), changes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_holds_json_text_and_null_for_none() {
        let c = change("software.FRIDGE_AGENT", None, Some("2.1.0"), None);
        assert_eq!((c.old_value.as_str(), c.new_value.as_str()), ("null", "\"2.1.0\""));
    }
}
