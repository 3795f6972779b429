//! The demo data the run command seeds, per area. It lives in the local
//! tooling crate, so the Lambda binary does not link it.
pub mod fleet;
pub mod forecast;
pub mod locations;
pub mod planograms;
pub mod prices;
pub mod routes;
pub mod software;
