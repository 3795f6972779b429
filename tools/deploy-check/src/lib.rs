//! `fleet-local verify-deploy`: the deployed AppSync API checked against the
//! repository (issue 60). Its schema (`GetIntrospectionSchema`, SDL) parsed
//! and compared with infra/schema.graphql, what AppSync adds left out; every
//! Query and Mutation field resolved on the data source the registry names
//! (as `fleet_generators::template` declares it: `{id}DataSource`,
//! `Name: {id}`), every Subscription field on a NONE data source; and the
//! auth modes of the template's `GraphQLApi`.
//!
//! `answers` holds AppSync's answers as the API shapes them, `expected` what
//! the registry and template declare, `compare` the check (pure: the fixture
//! tests feed it recorded answers), `aws` the calls, `cli` the command.
pub mod answers;
pub mod aws;
pub mod cli;
pub mod compare;
pub mod expected;

pub use compare::{check, Deployed, Expected, Fault, Part, Report, StackRefs};

/// Where the command reads the repository's side, from the repository root.
pub const SCHEMA_PATH: &str = "infra/schema.graphql";
pub const TEMPLATE_BASE_PATH: &str = "infra/template.base.yaml";
