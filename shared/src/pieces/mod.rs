//! The shared pieces built on the store layer: the upload pipeline, change history, the scheduler, snapshots, route assignments, the driver log and parking of bad queue records.
pub mod assignment;
pub mod day_fridges;
pub mod driver_log;
pub mod history;
pub mod parking;
pub mod publisher;
pub mod scheduler;
pub mod snapshot;
pub mod upload;
