//! The AWS resources functions may use, by their logical id in template.yaml.
//! A function names the ones it uses in its grants; from those alone come its
//! IAM policies, its environment variables and the clients it builds.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Table {
    Locations,
    ScheduledChanges,
    Permissions,
    FeatureFlags,
    NameLists,
    /// Change history of every record the console writes (see `history`).
    History,
    /// What software version each fridge runs, one item per fridge.
    FridgeSoftwareVersions,
    /// Software pilots: a named group of fridges trying a version.
    FridgeSoftwarePilots,
    /// Route stops: pk `{stockingDate}#{shard of the route}`, sk `route#stop` (see `entity::route_stop`).
    LocationRoutes,
    /// Fridge orders: pk `{dropOffDate}#{shard of the location}`, sk `locationId#stockingIndex` (one order each).
    FridgeOrders,
    /// Forecast quantities: pk date (allocation date), sk item.
    ForecastRows,
    /// Forecast uploads and their processing state, by upload id.
    ForecastUploads,
    /// Coupon codes by code (and `request#...` idempotency records); index byCreator.
    Coupons,
    /// Item prices: pk schemaId, sk item (price in cents).
    ItemPrices,
    /// Current planogram slots: pk layoutName, sk slot (scheduled ones are ScheduledChanges).
    Planograms,
    /// Each fridge's latest heartbeat: pk locationId.
    FridgeHealth,
    /// What fridges report over time: pk locationId, sk `event#…`, `segment#…` or `temp#…` (with a TTL),
    /// and each fridge's inventory snapshot chain (`inv#…`, `entity::report::derive`).
    FridgeTelemetry,
    /// Each fridge's latest inventory snapshot: pk locationId.
    FridgeInventory,
    /// Commands sent to fridges: pk id (`location#queue`), sk `timestamp#messageId`.
    QueueMessages,
    /// Idempotency records: pk `scope#id` (an upload or request id), sk the
    /// row (`-` for a whole request); the content's digest and the answer
    /// first given, kept 7 days (TTL `expiresAt`). See `idempotency`.
    Idempotency,
    /// Driver actions (2-fleet §3): pk `{eventType}#{shard}`, sk `createdAt#id`; index
    /// byStockingDay: pk `{stockingDay}#{shard}`, sk `occurredAt#id`; index byDayCreated: the same pk,
    /// sk `createdAt#id` (see fn-stocking `record`).
    DriverActions,
    /// The order system's orders (wholesale, internal, client orders): pk
    /// uniqueId, the newest version of each (see fn-stocking `orders`).
    Orders,
    /// Packing slips (2-fleet §3): pk `{dropOffDate}#{shard}`, sk uniqueId; one per
    /// order, written with it (see fn-stocking `slips`).
    PackingSlips,
    /// LogiNext route sync jobs: pk `kind` (`loginext`), sk `createdAt#id`,
    /// so the recent jobs are one Query, newest first (see fn-routes `sync`).
    RouteSyncJobs,
    /// Report rows the ingest derives (empty channels, stock-outs): pk
    /// `{kind}#{day}#{shard}`, sk `{timestamp}#{location}#{slot or item}` (see `entity::report`).
    ReportRows,
    /// The driver log: pk `{day}#{shard}` (Central day), sk `{action_time}#{requestId}#{type}` (see `driver_log`).
    DriverLog,
}

impl Table {
    pub const ALL: &'static [Table] = &[
        Table::Locations,
        Table::ScheduledChanges,
        Table::Permissions,
        Table::FeatureFlags,
        Table::NameLists,
        Table::History,
        Table::FridgeSoftwareVersions,
        Table::FridgeSoftwarePilots,
        Table::LocationRoutes,
        Table::FridgeOrders,
        Table::ForecastRows,
        Table::ForecastUploads,
        Table::Coupons,
        Table::ItemPrices,
        Table::Planograms,
        Table::FridgeHealth,
        Table::FridgeTelemetry,
        Table::FridgeInventory,
        Table::QueueMessages,
        Table::Idempotency,
        Table::DriverActions,
        Table::Orders,
        Table::PackingSlips,
        Table::RouteSyncJobs,
        Table::ReportRows,
        Table::DriverLog,
    ];

    pub fn logical_id(self) -> &'static str {
        match self {
            Table::Locations => "LocationsTable",
            Table::ScheduledChanges => "ScheduledChangesTable",
            Table::Permissions => "PermissionsTable",
            Table::FeatureFlags => "FeatureFlagsTable",
            Table::NameLists => "NameListsTable",
            Table::History => "HistoryTable",
            Table::FridgeSoftwareVersions => "FridgeSoftwareVersionsTable",
            Table::FridgeSoftwarePilots => "FridgeSoftwarePilotsTable",
            Table::LocationRoutes => "LocationRoutesTable",
            Table::FridgeOrders => "FridgeOrdersTable",
            Table::ForecastRows => "ForecastRowsTable",
            Table::ForecastUploads => "ForecastUploadsTable",
            Table::Coupons => "CouponsTable",
            Table::ItemPrices => "ItemPricesTable",
            Table::Planograms => "PlanogramsTable",
            Table::FridgeHealth => "FridgeHealthTable",
            Table::FridgeTelemetry => "FridgeTelemetryTable",
            Table::FridgeInventory => "FridgeInventoryTable",
            Table::QueueMessages => "QueueMessagesTable",
            Table::Idempotency => "IdempotencyTable",
            Table::DriverActions => "DriverActionsTable",
            Table::Orders => "OrdersTable",
            Table::PackingSlips => "PackingSlipsTable",
            Table::RouteSyncJobs => "RouteSyncJobsTable",
            Table::ReportRows => "ReportRowsTable",
            Table::DriverLog => "DriverLogTable",
        }
    }

    /// The environment variable holding the table's name.
    pub fn env_var(self) -> &'static str {
        match self {
            Table::Locations => "LOCATIONS_TABLE",
            Table::ScheduledChanges => "SCHEDULED_CHANGES_TABLE",
            Table::Permissions => "PERMISSIONS_TABLE",
            Table::FeatureFlags => "FEATURE_FLAGS_TABLE",
            Table::NameLists => "NAME_LISTS_TABLE",
            Table::History => "HISTORY_TABLE",
            Table::FridgeSoftwareVersions => "FRIDGE_SOFTWARE_VERSIONS_TABLE",
            Table::FridgeSoftwarePilots => "FRIDGE_SOFTWARE_PILOTS_TABLE",
            Table::LocationRoutes => "LOCATION_ROUTES_TABLE",
            Table::FridgeOrders => "FRIDGE_ORDERS_TABLE",
            Table::ForecastRows => "FORECAST_ROWS_TABLE",
            Table::ForecastUploads => "FORECAST_UPLOADS_TABLE",
            Table::Coupons => "COUPONS_TABLE",
            Table::ItemPrices => "ITEM_PRICES_TABLE",
            Table::Planograms => "PLANOGRAMS_TABLE",
            Table::FridgeHealth => "FRIDGE_HEALTH_TABLE",
            Table::FridgeTelemetry => "FRIDGE_TELEMETRY_TABLE",
            Table::FridgeInventory => "FRIDGE_INVENTORY_TABLE",
            Table::QueueMessages => "QUEUE_MESSAGES_TABLE",
            Table::Idempotency => "IDEMPOTENCY_TABLE",
            Table::DriverActions => "DRIVER_ACTIONS_TABLE",
            Table::Orders => "ORDERS_TABLE",
            Table::PackingSlips => "PACKING_SLIPS_TABLE",
            Table::RouteSyncJobs => "ROUTE_SYNC_JOBS_TABLE",
            Table::ReportRows => "REPORT_ROWS_TABLE",
            Table::DriverLog => "DRIVER_LOG_TABLE",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Bucket {
    /// Fridge software builds under a prefix per artifact type, and the
    /// per-fridge deployment manifests the fridge agent polls.
    Artifacts,
    /// Uploaded route files (`routes-upload/`), kept as they were sent.
    Routes,
    /// Kept uploads of the planning tools (`par-allocation-uploads/`, forecasts).
    Uploads,
    /// Item pictures (`items/{ITEM}.svg`), shown through short-lived presigned URLs.
    ItemImages,
    /// Whole-fleet views rebuilt on a schedule (`fleet-health.json`), which
    /// the browser reads in one presigned GET instead of scanning the fleet.
    Snapshots,
}

impl Bucket {
    pub const ALL: &'static [Bucket] =
        &[Bucket::Artifacts, Bucket::Routes, Bucket::Uploads, Bucket::ItemImages, Bucket::Snapshots];

    pub fn logical_id(self) -> &'static str {
        match self {
            Bucket::Artifacts => "ArtifactsBucket",
            Bucket::Routes => "RoutesBucket",
            Bucket::Uploads => "UploadsBucket",
            Bucket::ItemImages => "ItemImagesBucket",
            Bucket::Snapshots => "SnapshotsBucket",
        }
    }

    pub fn env_var(self) -> &'static str {
        match self {
            Bucket::Artifacts => "ARTIFACTS_BUCKET",
            Bucket::Routes => "ROUTES_BUCKET",
            Bucket::Uploads => "UPLOADS_BUCKET",
            Bucket::ItemImages => "ITEM_IMAGES_BUCKET",
            Bucket::Snapshots => "SNAPSHOTS_BUCKET",
        }
    }
}

/// SQS queues that feed a function (its event source) or that functions send to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Queue {
    /// S3 notifications of forecast files landing in the uploads bucket.
    ForecastUploads,
    /// Forecast notifications that can never be ingested (unreadable, no upload), with the reason.
    ForecastUploadsDeadLetter,
    /// What fridges report: heartbeats, events, segment events, inventory, command results.
    Telemetry,
    /// Telemetry that can never be stored (malformed, unknown fridge), with the reason.
    TelemetryDeadLetter,
    /// Commands to fridges (each message names its fridge; the fridge agent takes its own).
    FridgeCommands,
    /// Messages to the inventory service (the computer swap).
    InventoryService,
    /// What the order system (the facility CMS) sends: orders and cancellations.
    Orders,
    /// Order messages that can never be stored (malformed, unknown location), with the reason.
    OrdersDeadLetter,
    /// One message per (sync job, date): the LogiNext sync worker plans that
    /// date through the routing service and writes the routes back.
    RouteSync,
    /// Route sync messages that can never be processed (unreadable), with the reason.
    RouteSyncDeadLetter,
    /// One message per scheduled time due within SQS's longest delay, delayed until that time: its
    /// consumer runs the scheduler then, not at the next minute's run (`scheduler::wake`).
    ScheduleWakeUps,
    /// Wake-ups that can never be read (malformed, another area's shard), with the reason.
    ScheduleWakeUpsDeadLetter,
}

impl Queue {
    pub const ALL: &'static [Queue] = &[
        Queue::ForecastUploads,
        Queue::ForecastUploadsDeadLetter,
        Queue::Telemetry,
        Queue::TelemetryDeadLetter,
        Queue::FridgeCommands,
        Queue::InventoryService,
        Queue::Orders,
        Queue::OrdersDeadLetter,
        Queue::RouteSync,
        Queue::RouteSyncDeadLetter,
        Queue::ScheduleWakeUps,
        Queue::ScheduleWakeUpsDeadLetter,
    ];

    pub fn logical_id(self) -> &'static str {
        match self {
            Queue::ForecastUploads => "ForecastUploadsQueue",
            Queue::ForecastUploadsDeadLetter => "ForecastUploadsDeadLetterQueue",
            Queue::Telemetry => "TelemetryQueue",
            Queue::TelemetryDeadLetter => "TelemetryDeadLetterQueue",
            Queue::FridgeCommands => "FridgeCommandsQueue",
            Queue::InventoryService => "InventoryServiceQueue",
            Queue::Orders => "OrdersQueue",
            Queue::OrdersDeadLetter => "OrdersDeadLetterQueue",
            Queue::RouteSync => "RouteSyncQueue",
            Queue::RouteSyncDeadLetter => "RouteSyncDeadLetterQueue",
            Queue::ScheduleWakeUps => "ScheduleWakeUpsQueue",
            Queue::ScheduleWakeUpsDeadLetter => "ScheduleWakeUpsDeadLetterQueue",
        }
    }

    /// The variable a function that sends to the queue reads its URL from.
    pub fn env_var(self) -> &'static str {
        match self {
            Queue::ForecastUploads => "FORECAST_UPLOADS_QUEUE_URL",
            Queue::ForecastUploadsDeadLetter => "FORECAST_UPLOADS_DEAD_LETTER_QUEUE_URL",
            Queue::Telemetry => "TELEMETRY_QUEUE_URL",
            Queue::TelemetryDeadLetter => "TELEMETRY_DEAD_LETTER_QUEUE_URL",
            Queue::FridgeCommands => "FRIDGE_COMMANDS_QUEUE_URL",
            Queue::InventoryService => "INVENTORY_SERVICE_QUEUE_URL",
            Queue::Orders => "ORDERS_QUEUE_URL",
            Queue::OrdersDeadLetter => "ORDERS_DEAD_LETTER_QUEUE_URL",
            Queue::RouteSync => "ROUTE_SYNC_QUEUE_URL",
            Queue::RouteSyncDeadLetter => "ROUTE_SYNC_DEAD_LETTER_QUEUE_URL",
            Queue::ScheduleWakeUps => "SCHEDULE_WAKE_UPS_QUEUE_URL",
            Queue::ScheduleWakeUpsDeadLetter => "SCHEDULE_WAKE_UPS_DEAD_LETTER_QUEUE_URL",
        }
    }
}

pub const USER_POOL_ID: &str = "USER_POOL_ID";
pub const PAGING_TOKEN_SECRET: &str = "PAGING_TOKEN_SECRET";
/// The stack's name (`AWS::StackName`): in the MAC scope of every paging token it issues.
pub const STACK_NAME: &str = "STACK_NAME";
/// The external routing service's base URL (LogiNext, or the local stub).
pub const ROUTING_SERVICE_URL: &str = "ROUTING_SERVICE_URL";
/// The GraphQL API's URL: the change publisher calls its publishing mutations there.
pub const GRAPHQL_URL: &str = "GRAPHQL_URL";
/// The name of the SSM SecureString holding the routing service's key (never the key).
pub const ROUTING_SERVICE_KEY_PARAMETER: &str = "ROUTING_SERVICE_KEY_PARAMETER";
/// Which registry entry a Lambda function runs (every function shares one binary).
pub const FUNCTION_VAR: &str = "FLEET_FUNCTION";
