//! Demo prices: the menu's items in each fridge schema, a little dearer in
//! some schemas, so the price screens have realistic data and a diff to show.
use fleet_shared::{names, store, ApiError, Deps, Table};
use fn_prices::rules::price_text;
use serde_json::json;

pub const SCHEMAS: &[&str] = &["MW_COMPACT", "NE_STANDARD", "WC_STANDARD", "LITE_FRIDGE"];
const ITEMS: &[(&str, i64)] = &[
    ("GREEK_SALAD", 899),
    ("CHICKEN_CAESAR_WRAP", 949),
    ("TURKEY_CLUB", 999),
    ("PROTEIN_BOX", 799),
    ("VEGGIE_WRAP", 849),
    ("OVERNIGHT_OATS", 549),
    ("YOGURT_PARFAIT", 499),
    ("FRUIT_CUP", 449),
    ("HUMMUS_SNACK_PACK", 399),
    ("COLD_BREW_12OZ", 399),
    ("SPARKLING_WATER", 199),
    ("ORANGE_JUICE", 349),
    ("KOMBUCHA", 429),
    ("GRANOLA_BAR", 249),
    ("KETTLE_CHIPS", 199),
];

pub async fn seed(deps: &Deps) -> Result<(), ApiError> {
    let mut items = Vec::new();
    for (i, schema) in SCHEMAS.iter().enumerate() {
        for (item, cents) in ITEMS {
            let cents = cents + (i as i64) * 25;
            items.push(store::to_item(&json!({ "schemaId": schema, "item": item, "cents": cents, "price": price_text(cents), "updatedBy": "demo seed" }))?);
        }
    }
    names::add(deps, names::PRICE_SCHEMAS, SCHEMAS.iter().copied()).await?;
    deps.table(Table::ItemPrices)?.batch_put(items).await
}
