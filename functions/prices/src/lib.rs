//! Item prices (3-planning §2, §3, §4, §5, §7, §9): the schema id list, the
//! price query, the price file's dry run and the price update with history.
pub mod handlers;
pub mod kind;
pub mod rules;
pub mod store;

use fleet_shared::{typed, FunctionSpec, Grant, Permission, Table, Trigger};

pub static FUNCTIONS: &[FunctionSpec] = &[
    FunctionSpec {
        name: "item_prices",
        trigger: Trigger::Query("itemPrices"),
        permission: Permission::Action("GetItemPrices"),
        grants: &[
            Grant::QueryTable(Table::ItemPrices),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::ScanTable(Table::ItemPrices),
        ],
        handler: typed!(handlers::item_prices),
    },
    FunctionSpec {
        name: "price_schema_ids",
        trigger: Trigger::Query("priceSchemaIds"),
        permission: Permission::Action("GetItemPrices"),
        grants: &[Grant::QueryTable(Table::NameLists)],
        handler: typed!(handlers::schema_ids),
    },
    FunctionSpec {
        name: "prices_dry_run",
        trigger: Trigger::Http { method: "POST", path: "/prices/dry-run" },
        permission: Permission::Action("UpdateItemPrices"),
        grants: &[Grant::BatchGetItems(Table::ItemPrices), Grant::FileUploads],
        handler: typed!(handlers::dry_run),
    },
    FunctionSpec {
        name: "update_item_prices",
        trigger: Trigger::Mutation("updateItemPrices"),
        permission: Permission::Action("UpdateItemPrices"),
        grants: &[
            Grant::BatchGetItems(Table::ItemPrices),
            Grant::PutItems(Table::ItemPrices),
            Grant::PutItems(Table::History),
            Grant::BatchGetItems(Table::Idempotency),
            Grant::PutItems(Table::Idempotency),
            // Beyond reading and writing items: each one made in the tests (scripts/iam).
            Grant::BatchWriteTable(Table::NameLists),
        ],
        handler: typed!(handlers::update),
    },
];
