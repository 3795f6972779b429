//! Demo data the fleet screens need beyond what the simulator reports
//! through telemetry: a picture per menu item in the item-images bucket, and
//! a day of temperature history for some fridges (history may be seeded;
//! live health, events and inventory only ever arrive through the queue).
//! One fridge ran warm for three hours, so 'At risk' units can be seen.
use fleet_shared::entity::telemetry::TemperatureSample;
use fleet_shared::entity::LocationId;
use fleet_shared::{fridge_time, store, ApiError, Bucket, Deps, Table};
use fn_fleet::store::expires_at;

pub const ITEMS: &[(&str, u32, &str)] = &[
    ("GREEK_SALAD", 3, "#4caf50"),
    ("CHICKEN_CAESAR_WRAP", 2, "#ff9800"),
    ("TURKEY_CLUB", 2, "#795548"),
    ("PROTEIN_BOX", 3, "#9c27b0"),
    ("VEGGIE_WRAP", 2, "#8bc34a"),
    ("OVERNIGHT_OATS", 4, "#d7ccc8"),
    ("YOGURT_PARFAIT", 5, "#e91e63"),
    ("FRUIT_CUP", 3, "#ffc107"),
    ("HUMMUS_SNACK_PACK", 6, "#cddc39"),
    ("COLD_BREW_12OZ", 30, "#3e2723"),
    ("SPARKLING_WATER", 180, "#03a9f4"),
    ("ORANGE_JUICE", 10, "#ff5722"),
    ("KOMBUCHA", 60, "#009688"),
    ("GRANOLA_BAR", 90, "#a1887f"),
    ("KETTLE_CHIPS", 120, "#ffeb3b"),
];

fn svg(name: &str, colour: &str) -> String {
    let label = name.replace('_', " ");
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120" viewBox="0 0 160 120"><rect width="160" height="120" rx="12" fill="{colour}"/><text x="80" y="66" font-family="sans-serif" font-size="12" fill="#fff" text-anchor="middle">{label}</text></svg>"##
    )
}

/// The temperature history of one fridge: a sample every 30 minutes for a
/// day, around its setpoint, or above 41 °F for the last three hours when warm.
fn history(location: &str, warm: bool, now: chrono::DateTime<chrono::Utc>) -> Vec<TemperatureSample> {
    (1..=48)
        .filter_map(|i| {
            let t = now - chrono::Duration::minutes(30 * i);
            let wobble = ((i * 7 + location.len() as i64) % 10) as f64 / 10.0;
            let temp = if warm && i <= 6 { 44.0 + wobble } else { 36.0 + wobble };
            TemperatureSample::new(LocationId::stored(location), t, temp, expires_at(t))
        })
        .collect()
}

/// `fridges`: LIVE fridge ids; every 5th gets a day of history, the first runs warm.
pub async fn seed(deps: &Deps, fridges: &[String]) -> Result<(), ApiError> {
    let b = deps.bucket(Bucket::ItemImages)?;
    for (name, _, colour) in ITEMS {
        let options = fleet_shared::s3::PutOptions { content_type: Some("image/svg+xml"), ..Default::default() };
        b.client
            .put_object(b.name, &format!("items/{name}.svg"), svg(name, colour).into_bytes(), &options)
            .await
            .map_err(|e| ApiError::internal(format!("item image: {e}")))?;
    }
    let now = fridge_time::now();
    let mut items = Vec::new();
    for (i, id) in fridges.iter().enumerate().filter(|(i, _)| i % 5 == 0) {
        for sample in history(id, i == 0, now) {
            items.push(store::to_item(&sample)?);
        }
    }
    deps.table(Table::FridgeTelemetry)?.batch_put(items).await
}
