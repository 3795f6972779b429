//! Demo forecast: the next 7 days for the menu, uploaded the way a planner
//! would: an upload record, then the file put in the uploads bucket. The
//! bucket's notification and the ingest store the rows; nothing here writes
//! the forecast table.
use fleet_shared::{fridge_time, ApiError, Bucket, Deps};
use fn_forecast::handlers::{PREFIX, URL_SECONDS};
use fn_forecast::store::{ForecastStore, UploadState};

const MENU: &[&str] = &[
    "Greek Salad",
    "Chicken Caesar Wrap",
    "Turkey Club",
    "Protein Box",
    "Veggie Wrap",
    "Overnight Oats",
    "Yogurt Parfait",
    "Fruit Cup",
    "Hummus Snack Pack",
    "Cold Brew",
    "Sparkling Water",
    "Orange Juice",
    "Kombucha",
    "Granola Bar",
];

/// The file: one row per item and day; two items are made two days ahead (a holdover).
pub fn demo_csv(today: chrono::NaiveDate) -> String {
    let mut text = String::from("Item,AllocationDate,Quantity,ProductionDate\n");
    for day in 0..7 {
        let allocation = today + chrono::Duration::days(day);
        for (i, item) in MENU.iter().enumerate() {
            let ahead = if i % 7 == 3 { 2 } else { 1 };
            let quantity = 20 + (i as i64 * 37 + day * 11) % 60;
            let production = allocation - chrono::Duration::days(ahead);
            text.push_str(&format!(
                "{item},{},{quantity},{}\n",
                allocation.format("%Y/%m/%d"),
                production.format("%Y/%m/%d")
            ));
        }
    }
    text
}

/// Once a day's seed: a second run finds its upload and does nothing.
pub async fn seed(deps: &Deps) -> Result<(), ApiError> {
    let today = fridge_time::now().date_naive();
    let upload_id = format!("demo-{}", today.format("%Y%m%d"));
    if deps.load(&upload_id).await?.is_some() {
        return Ok(());
    }
    let issued = fridge_time::now().timestamp();
    let state = UploadState {
        upload_id: upload_id.clone(),
        state: "waiting".into(),
        user: "demo seed".into(),
        file_name: "demo-forecast.csv".into(),
        url_expires_at: issued + URL_SECONDS as i64,
        updated_at: fridge_time::now_text(),
        expires_at: issued + 30 * 24 * 3600,
        ..Default::default()
    };
    deps.save(&state, None).await?;
    let bucket = deps.bucket(Bucket::Uploads)?;
    let options = fleet_shared::s3::PutOptions { content_type: Some("text/csv"), ..Default::default() };
    let key = format!("{PREFIX}{upload_id}.csv");
    bucket.client.put_object(bucket.name, &key, demo_csv(today).into_bytes(), &options).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_file_passes_the_rules_and_holds_holdovers() {
        let rows =
            fn_forecast::file::raw_rows(demo_csv(chrono::NaiveDate::from_ymd_opt(2026, 11, 22).unwrap()).as_bytes())
                .unwrap();
        assert_eq!(rows.len(), 7 * MENU.len());
        let checked: Vec<_> = rows.iter().map(|r| fn_forecast::file::check(&r.values).unwrap()).collect();
        assert_eq!(checked.iter().filter(|r| fn_forecast::file::holdover(r).is_some()).count(), 14);
    }
}
