//! Which builds in the artifacts bucket are offered as versions (spec
//! 2-fleet-operations §4.1): names matching the software's pattern, newest
//! first, 5 kept. Pure, so the patterns are unit-tested.
use regex_lite::Regex;
use serde::Serialize;
use std::sync::LazyLock;

/// The software a fridge runs, in the column order of the inventory table.
pub const ARTIFACT_TYPES: [&str; 8] = [
    "FRIDGE_UI_APPLICATION",
    "FRIDGE_JAVA_SERVER",
    "FRIDGE_AGENT",
    "FRIDGE_INVENTORY",
    "FRIDGE_PRICING_PARSER",
    "FRIDGE_PRICING_CONSUMER",
    "FRIDGE_HEARTBEAT",
    "FRIDGE_JAVA_SERVER_CONFIG",
];

/// Versions offered per software (spec §9).
pub const KEPT_VERSIONS: usize = 5;

pub const HEARTBEAT: &str = "FRIDGE_HEARTBEAT";

// A file name is `[name-]<version>.<extension>`: the version is numbers
// joined by dots, or by spaces for the heartbeat. Anything else (latest,
// 2.x-beta, 1.2.3-SNAPSHOT) is not a release and is not offered.
static DOTTED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:[A-Za-z][A-Za-z0-9_-]*[-_])?v?(\d+(?:\.\d+)+)\.(?:zip|jar|apk|tar\.gz|tgz|json|properties)$")
        .unwrap()
});
static SPACED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:[A-Za-z][A-Za-z0-9_-]*[ _-])?(\d+(?: \d+)+)\.(?:zip|jar|apk|tar\.gz|tgz)$").unwrap()
});

pub fn is_artifact_type(t: &str) -> bool {
    ARTIFACT_TYPES.contains(&t)
}

/// One offered version.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AvailableVersion {
    /// Dotted form, also for the heartbeat ("3.2.1"): what sorts and compares.
    pub version: String,
    /// The version as written in the file name ("3 2 1" for the heartbeat).
    pub clean_name: String,
    /// What a fridge reports and the versions table stores: the clean name.
    pub version_name: String,
    /// The object's file name under the software's prefix.
    pub raw_version: String,
}

impl AvailableVersion {
    fn numbers(&self) -> Vec<u64> {
        self.version.split('.').map(|n| n.parse().unwrap_or(0)).collect()
    }
}

/// The version in a build's file name, if it is a release of that software.
pub fn clean(artifact_type: &str, raw: &str) -> Option<AvailableVersion> {
    let pattern = if artifact_type == HEARTBEAT { &*SPACED } else { &*DOTTED };
    let found = pattern.captures(raw)?.get(1)?.as_str().to_string();
    let version = found
        .split([' ', '.'])
        .map(|n| n.trim_start_matches('0').to_string())
        .map(|n| if n.is_empty() { "0".into() } else { n })
        .collect::<Vec<_>>()
        .join(".");
    Some(AvailableVersion { version, clean_name: found.clone(), version_name: found, raw_version: raw.to_string() })
}

/// The newest KEPT_VERSIONS releases among these file names, newest first.
pub fn newest<'a>(artifact_type: &str, raws: impl IntoIterator<Item = &'a str>) -> Vec<AvailableVersion> {
    let mut found: Vec<AvailableVersion> = raws.into_iter().filter_map(|r| clean(artifact_type, r)).collect();
    found.sort_by(|a, b| b.numbers().cmp(&a.numbers()).then_with(|| a.raw_version.cmp(&b.raw_version)));
    found.dedup_by(|a, b| a.version == b.version);
    found.truncate(KEPT_VERSIONS);
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dotted_versions_are_cleaned_and_others_rejected() {
        let v = clean("FRIDGE_AGENT", "fridge-agent-2.14.3.jar").unwrap();
        assert_eq!(
            (v.version.as_str(), v.clean_name.as_str(), v.raw_version.as_str()),
            ("2.14.3", "2.14.3", "fridge-agent-2.14.3.jar")
        );
        assert_eq!(clean("FRIDGE_UI_APPLICATION", "v10.0.1.zip").unwrap().version, "10.0.1");
        for rejected in [
            "fridge-agent-latest.jar",
            "fridge-agent-2.x-beta.jar",
            "fridge-agent-1.2.3-SNAPSHOT.jar",
            "README.txt",
            "7.zip",
            "agent 1 2 3.jar",
        ] {
            assert_eq!(clean("FRIDGE_AGENT", rejected), None, "{rejected}");
        }
    }

    #[test]
    fn heartbeat_versions_use_spaces() {
        let v = clean(HEARTBEAT, "heartbeat 3 2 1.zip").unwrap();
        assert_eq!((v.version.as_str(), v.clean_name.as_str(), v.version_name.as_str()), ("3.2.1", "3 2 1", "3 2 1"));
        assert_eq!(clean(HEARTBEAT, "heartbeat-3.2.1.zip"), None);
    }

    #[test]
    fn five_newest_sorted_numerically_descending() {
        let raws = [
            "a-1.9.0.zip",
            "a-1.10.0.zip",
            "a-1.2.0.zip",
            "a-2.0.0.zip",
            "a-1.10.1.zip",
            "a-0.9.9.zip",
            "a-latest.zip",
            "a-1.9.0.jar",
        ];
        let kept: Vec<String> = newest("FRIDGE_UI_APPLICATION", raws).into_iter().map(|v| v.version).collect();
        // 1.10 is newer than 1.9 (a text sort would say otherwise); 1.9.0 appears once.
        assert_eq!(kept, ["2.0.0", "1.10.1", "1.10.0", "1.9.0", "1.2.0"]);
    }
}
