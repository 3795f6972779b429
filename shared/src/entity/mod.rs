//! The entities every area shares, in one place, with the newtypes that
//! parse at the boundary. The wire and stored shapes are the serde shapes
//! of these types.
pub mod assignment;
pub mod fridge_order;
pub mod health;
pub mod ids;
pub mod location;
pub mod report;
pub mod route_stop;
pub mod telemetry;
pub mod whole;

pub use ids::{
    ActionId, CompactDate, FridgeTime, LocationId, LooseDate, PackingSlipId, RequestId, RouteDate, RouteName,
    StockingDate, StockingIndex, UploadId, WallTime,
};
pub use location::Location;

/// The key a record's history is filed under: `{kind}#{id}`, e.g. `location#CHI_0001`.
/// An entity's own key format, so it lives with the entities (the history piece re-exports it).
pub fn history_entity(kind: &str, id: &str) -> String {
    format!("{kind}#{id}")
}
