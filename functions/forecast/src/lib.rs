//! Forecast (3-planning §2, §4, §5, §7): upload through S3 (a presigned PUT,
//! then an S3 notification on a queue to the ingest function), the upload's
//! processing state, the view of a date and the edit of one quantity.
pub mod file;
pub mod handlers;
pub mod ingest;
pub mod kind;
pub mod store;

use fleet_shared::{typed, typed_event, Bucket, FunctionSpec, Grant, Permission, Queue, Table, Trigger};

pub static FUNCTIONS: &[FunctionSpec] = &[
    FunctionSpec {
        name: "forecast_upload_url",
        trigger: Trigger::Http { method: "GET", path: "/forecast/upload/url" },
        permission: Permission::Action("UploadForecast"),
        // Presigning signs a PutObject: the role must be allowed to put.
        grants: &[
            Grant::WriteBucket(Bucket::Uploads),
            // The new upload's state, on condition that none is stored under its id.
            Grant::PutItems(Table::ForecastUploads),
        ],
        handler: typed!(handlers::upload_url),
    },
    FunctionSpec {
        name: "forecast_upload_status",
        trigger: Trigger::Http { method: "GET", path: "/forecast/upload/{uploadId}" },
        permission: Permission::Action("UploadForecast"),
        grants: &[Grant::GetItems(Table::ForecastUploads)],
        handler: typed!(handlers::upload_status),
    },
    FunctionSpec {
        name: "forecast_dry_run",
        trigger: Trigger::Http { method: "POST", path: "/forecast/dry-run" },
        permission: Permission::Action("UploadForecast"),
        // A whole file of up to 10,000 rows is larger than the default request bound.
        grants: &[Grant::BatchGetItems(Table::ForecastRows), Grant::FileUploads],
        handler: typed!(handlers::dry_run),
    },
    FunctionSpec {
        name: "forecast_ingest",
        trigger: Trigger::Queue(Queue::ForecastUploads),
        permission: Permission::System,
        grants: &[
            Grant::ListObjects(Bucket::Uploads),
            Grant::ReadObjects(Bucket::Uploads),
            Grant::BatchGetItems(Table::ForecastRows),
            // Each row on condition that it is still as read, in the transaction of its records.
            Grant::PutItems(Table::ForecastRows),
            Grant::GetItems(Table::ForecastUploads),
            Grant::PutItems(Table::History),
            Grant::BatchGetItems(Table::Idempotency),
            Grant::PutItems(Table::Idempotency),
            // The upload's state, on condition that it is still as read.
            Grant::PutItems(Table::ForecastUploads),
            Grant::SendToQueue(Queue::ForecastUploadsDeadLetter),
        ],
        handler: typed_event!(handlers::ingest),
    },
    FunctionSpec {
        name: "forecast_view",
        trigger: Trigger::Http { method: "GET", path: "/forecast/view/{date}" },
        permission: Permission::Action("GetForecast"),
        grants: &[Grant::QueryTable(Table::ForecastRows)],
        handler: typed!(handlers::view),
    },
    FunctionSpec {
        name: "forecast_update",
        trigger: Trigger::Http { method: "PUT", path: "/forecast/update" },
        permission: Permission::Action("UpdateForecast"),
        grants: &[
            Grant::BatchGetItems(Table::ForecastRows),
            Grant::UpdateItems(Table::ForecastRows),
            Grant::PutItems(Table::History),
        ],
        handler: typed!(handlers::update),
    },
];
