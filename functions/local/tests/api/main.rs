//! The integration tests that share the emulator without consuming a queue,
//! as one test binary: one build and one link instead of one per file (the
//! tests that read a queue's messages stay binaries of their own, so no other
//! test runs beside them). Each module is one area's tests.
mod assignments_api;
mod bulk_upload;
mod common;
mod coupons_api;
mod dashboard_api;
mod driver_actions_api;
mod drop_off_api;
mod forecast_api;
mod grant_admin;
mod jit_api;
mod local_api;
mod locations_api;
mod loginext_api;
mod pars_api;
mod permissions_api;
mod planograms_api;
mod platform_v2;
mod prices_api;
mod reports_api;
mod reports_event_time_api;
mod routes_api;
mod software_api;
mod stocked_corrections_api;
mod usage_api;
