//! The integration tests against the emulator, as one test binary: one build
//! and one link instead of one per file. Each module is one area's tests (or
//! one piece of the front door's); all share the harness in `common`. Tests
//! that read a shared queue's messages take turns on `common::QUEUES`.
mod assignments_api;
mod bad_input_api;
mod bulk_upload;
mod claims_api;
mod commands_api;
mod common;
mod coupons_api;
mod dashboard_api;
mod driver_actions_api;
mod drop_off_api;
mod fleet_api;
mod forecast_api;
mod grant_admin;
mod jit_api;
mod live_api;
mod local_api;
mod locations_api;
mod loginext_api;
mod orders_api;
mod pars_api;
mod permissions_api;
mod planograms_api;
mod platform_v2;
mod prices_api;
mod queue_poller;
mod reports_api;
mod reports_event_time_api;
mod routes_api;
mod software_api;
mod stocked_corrections_api;
mod usage_api;
