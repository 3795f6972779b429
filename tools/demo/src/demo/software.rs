//! Demo data: builds of every software in the artifacts bucket (some with
//! names the patterns reject), what each demo fridge runs, and two pilots.
use fleet_shared::entity::{location::FRIDGE, Location, LocationId};
use fleet_shared::s3::PutOptions;
use fleet_shared::snapshot::When;
use fleet_shared::{store, ApiError, Bucket, Deps, Table};
use fn_software::{pilots::Pilot, versions::ARTIFACT_TYPES};
use serde_json::json;

/// Per software: file names under its prefix. The last ones are not releases.
fn builds(artifact_type: &str) -> Vec<String> {
    let stem = artifact_type.trim_start_matches("FRIDGE_").to_lowercase().replace('_', "-");
    let releases: &[&str] = match artifact_type {
        "FRIDGE_UI_APPLICATION" => &["3.8.0", "3.9.0", "3.9.2", "3.10.0", "3.10.1", "3.11.0", "3.12.0"],
        "FRIDGE_JAVA_SERVER" => &["5.1.0", "5.2.0", "5.2.1", "5.3.0", "5.4.0", "5.4.2"],
        "FRIDGE_AGENT" => &["2.12.0", "2.13.0", "2.14.0", "2.14.3", "2.15.0", "2.16.0"],
        "FRIDGE_INVENTORY" => &["1.4.0", "1.5.0", "1.6.0", "1.6.1", "1.7.0"],
        "FRIDGE_PRICING_PARSER" => &["0.9.0", "1.0.0", "1.1.0", "1.2.0", "1.3.0", "1.3.1"],
        "FRIDGE_PRICING_CONSUMER" => &["0.8.2", "0.9.0", "1.0.0", "1.0.1", "1.1.0"],
        "FRIDGE_HEARTBEAT" => &["3 0 0", "3 1 0", "3 2 0", "3 2 1", "3 3 0", "3 4 0"],
        _ => &["2024.1.0", "2025.1.0", "2025.2.0", "2025.3.0", "2026.1.0", "2026.2.0"],
    };
    let ext = match artifact_type {
        "FRIDGE_UI_APPLICATION" => "zip",
        "FRIDGE_JAVA_SERVER_CONFIG" => "properties",
        "FRIDGE_HEARTBEAT" => "zip",
        _ => "jar",
    };
    let sep = if artifact_type == "FRIDGE_HEARTBEAT" { " " } else { "-" };
    let mut names: Vec<String> = releases.iter().map(|v| format!("{stem}{sep}{v}.{ext}")).collect();
    names.push(format!("{stem}-latest.{ext}"));
    names.push(format!("{stem}-9.9.9-SNAPSHOT.{ext}"));
    names.push("README.txt".to_string());
    names
}

/// The version a demo fridge runs: mostly the second newest release, some
/// the newest or an older one, and a few without the software at all.
fn version_for(artifact_type: &str, n: usize) -> Option<String> {
    let names = builds(artifact_type);
    let releases: Vec<String> =
        names.iter().filter_map(|r| fn_software::versions::clean(artifact_type, r)).map(|v| v.version_name).collect();
    let k = releases.len();
    match n % 20 {
        0 if artifact_type == "FRIDGE_JAVA_SERVER_CONFIG" => None,
        1..=3 => releases.get(k - 1).cloned(),
        4 => releases.get(k.saturating_sub(4)).cloned(),
        _ => releases.get(k - 2).cloned(),
    }
}

pub async fn seed(deps: &'static Deps) -> Result<(), ApiError> {
    let bucket = deps.bucket(Bucket::Artifacts)?;
    for artifact_type in ARTIFACT_TYPES {
        for name in builds(artifact_type) {
            let body = format!("demo build {artifact_type}/{name}\n");
            let key = format!("{artifact_type}/{name}");
            bucket.client.put_object(bucket.name, &key, body.into_bytes(), &PutOptions::default()).await?;
        }
    }

    let locations: Vec<Location> = deps.table(Table::Locations)?.scan_projected(&["id", "type"]).await?;
    // The locations whose stored `type` is FRIDGE.
    let mut fridges: Vec<LocationId> =
        locations.into_iter().filter(|l| l.kind.as_deref() == Some(FRIDGE)).map(|l| l.id).collect();
    fridges.sort();
    let items = fridges
        .iter()
        .enumerate()
        .map(|(n, id)| {
            let mut item = json!({ "fridgeId": id, "updatedAt": "2026-11-01T12:00:00.000Z", "updatedBy": "seed" });
            for t in ARTIFACT_TYPES {
                if let Some(v) = version_for(t, n) {
                    item[t] = json!(v);
                }
            }
            store::to_item(&item)
        })
        .collect::<Result<Vec<_>, _>>()?;
    deps.table(Table::FridgeSoftwareVersions)?.batch_put(items).await?;
    // Seeding stands in for deployments, so it rebuilds the snapshot as each deployment does.
    fn_software::inventory::rebuild(deps, deps, When::Now, fleet_shared::fridge_time::now()).await?;

    let pick = |from: usize, count: usize| fridges.iter().skip(from).take(count).cloned().collect::<Vec<_>>();
    // Both pilots are under way on the day the demo is seeded, whatever that day is.
    let today = fleet_shared::fridge_time::now().with_timezone(&fleet_shared::fridge_time::CENTRAL.tz).date_naive();
    let day = |offset: i64| (today + chrono::Duration::days(offset)).format("%Y-%m-%d").to_string();
    let pilots = [
        Pilot {
            id: "AGENT_2_16".into(),
            fridge_ids: pick(1, 3),
            display_name: "Agent 2.16 early".into(),
            stage: 1,
            start_date: day(-9),
            end_date: day(21),
            description: "New telemetry batching on a few Chicago fridges".into(),
            active: true,
            version: 1,
        },
        Pilot {
            id: "UI_3_12".into(),
            fridge_ids: pick(3, 4),
            display_name: "UI 3.12 checkout".into(),
            stage: 2,
            start_date: day(-14),
            end_date: day(6),
            description: "Faster checkout screen".into(),
            active: true,
            version: 1,
        },
    ];
    let items = pilots.iter().map(store::to_item).collect::<Result<Vec<_>, _>>()?;
    deps.table(Table::FridgeSoftwarePilots)?.batch_put(items).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_builds_offer_five_releases_and_include_rejected_names() {
        for t in ARTIFACT_TYPES {
            let names = builds(t);
            let offered = fn_software::versions::newest(t, names.iter().map(String::as_str));
            assert_eq!(offered.len(), 5, "{t}");
            assert!(
                names.len() - names.iter().filter(|n| fn_software::versions::clean(t, n).is_some()).count() >= 3,
                "{t}"
            );
            // Every seeded version is one a deploy could choose or roll back to.
            assert!(version_for(t, 7).is_some_and(|v| offered.iter().any(|o| o.version_name == v)), "{t}");
        }
    }
}
