//! Demo planograms: every demo layout filled with menu items (created as the
//! Create New Planogram path does), and a few changes scheduled for tomorrow
//! morning through the same pipeline, so /planograms has current and upcoming slots.
use fleet_shared::upload::{self, RawRow, UploadRequest};
use fleet_shared::{ApiError, Caller, Deps, Table};
use fn_planograms::kind::PlanogramUpload;
use serde_json::{json, Value};

const ITEMS: &[&str] = &[
    "GREEK_SALAD",
    "CHICKEN_CAESAR_WRAP",
    "TURKEY_CLUB",
    "PROTEIN_BOX",
    "VEGGIE_WRAP",
    "OVERNIGHT_OATS",
    "YOGURT_PARFAIT",
    "FRUIT_CUP",
    "HUMMUS_SNACK_PACK",
    "COLD_BREW_12OZ",
    "SPARKLING_WATER",
    "ORANGE_JUICE",
    "KOMBUCHA",
    "GRANOLA_BAR",
    "KETTLE_CHIPS",
];

fn rows(values: Vec<Value>) -> Vec<RawRow> {
    values
        .into_iter()
        .enumerate()
        .map(|(i, v)| RawRow { row: i as u32 + 2, values: v.as_object().cloned().unwrap_or_default() })
        .collect()
}

/// `(rows, columns)` read from a layout name such as STANDARD_6x5; 5×4 otherwise.
fn shape(layout: &str) -> (usize, usize) {
    let dims = layout
        .rsplit('_')
        .next()
        .and_then(|d| d.split_once('x'))
        .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)));
    dims.unwrap_or((5, 4))
}

pub async fn seed(deps: &'static Deps, layouts: &[&str], admin: Caller) -> Result<(), ApiError> {
    let kind = PlanogramUpload { deps, caller: admin, now: fleet_shared::fridge_time::now() };
    for (n, layout) in layouts.iter().enumerate() {
        let (r, c) = shape(layout);
        let create = (0..r * c)
            .map(|i| {
                json!({ "requestType": "CREATE", "layoutName": layout, "slot": format!("{}:{}", i / c + 1, i % c + 1),
                             "vendItemName": ITEMS[(i + n) % ITEMS.len()], "physicalFridgeConfig": format!("{r}x{c}") })
            })
            .collect();
        let rows = rows(create);
        let req = UploadRequest {
            upload_id: fleet_shared::entity::UploadId::parse(&format!("demo-create-{n}"))?,
            file_name: "demo-planograms.csv".into(),
            groups: upload::own_groups(&kind, &rows),
            rows,
        };
        upload::commit(&kind, &req, &deps.table(Table::Idempotency)?).await?;
    }
    let tomorrow =
        (fleet_shared::fridge_time::now() + chrono::Duration::days(1)).format("%m/%d/%Y 06:00:00").to_string();
    let update = (1..=4)
        .map(|i| json!({ "requestType": "UPDATE", "layoutName": layouts[0], "slot": format!("1:{i}"), "vendItemName": ITEMS[ITEMS.len() - i], "activeHour": tomorrow }))
        .collect();
    let req = UploadRequest {
        upload_id: fleet_shared::entity::UploadId::parse("demo-update")?,
        file_name: "demo-planogram-update.csv".into(),
        rows: rows(update),
        groups: None,
    };
    upload::commit(&kind, &req, &deps.table(Table::Idempotency)?).await.map(|_| ())
}
