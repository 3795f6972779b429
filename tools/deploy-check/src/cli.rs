//! The `verify-deploy` command: reads the deployed API, checks it, prints
//! every fault (or one summary line) and exits 1 on any.
use crate::compare::{Expected, Report, StackRefs};
use crate::expected::{registry_resolvers, template_auth};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Checks a deployed AppSync API: its schema against infra/schema.graphql, its resolvers and data
    /// sources against the function registry, its auth modes against the template's GraphQLApi.
    /// Region, credentials and AWS_ENDPOINT_URL come from the usual AWS environment.
    VerifyDeploy {
        /// The API's id (the stack's GraphQLApiId output; a local stack's stack.env sets GRAPHQL_API_ID).
        #[arg(long, env = "GRAPHQL_API_ID")]
        api_id: String,
        /// The stack's user pool (its UserPoolId output), the default auth mode's pool.
        #[arg(long, env = "USER_POOL_ID")]
        user_pool_id: String,
        /// The stack's app client (UserPoolClientId), the pool's AppIdClientRegex; unchecked when not given.
        #[arg(long, env = "USER_POOL_CLIENT_ID")]
        user_pool_client_id: Option<String>,
        /// Only the schema and the auth modes: the emulator serves no resolvers or data sources.
        #[arg(long)]
        schema_only: bool,
        #[arg(long, default_value = crate::SCHEMA_PATH)]
        schema: PathBuf,
        #[arg(long, default_value = crate::TEMPLATE_BASE_PATH)]
        template: PathBuf,
    },
}

impl Command {
    pub async fn run(self) -> ExitCode {
        let Command::VerifyDeploy { api_id, user_pool_id, user_pool_client_id, schema_only, schema, template } = self;
        let read = |p: &PathBuf| {
            std::fs::read_to_string(p).map_err(|e| format!("read {} (run from the repository root): {e}", p.display()))
        };
        let (sdl, template_text) = match (read(&schema), read(&template)) {
            (Ok(s), Ok(t)) => (s, t),
            (Err(e), _) | (_, Err(e)) => return refused(&e),
        };
        let auth = match template_auth(&template_text) {
            Ok(a) => a,
            Err(e) => return refused(&format!("{}: {e}", template.display())),
        };
        let (client, region) = crate::aws::client().await;
        let deployed = match crate::aws::read(&client, &api_id, schema_only).await {
            Ok(d) => d,
            Err(e) if !schema_only && std::env::var_os("AWS_ENDPOINT_URL").is_some() => {
                return refused(&format!(
                    "API {api_id}: {e}\n(AWS_ENDPOINT_URL is set: an emulator such as moto serves no resolvers or data sources; --schema-only checks the schema and auth modes alone)"
                ))
            }
            Err(e) => return refused(&format!("API {api_id}: {e}")),
        };
        let resolvers = registry_resolvers(fleet_functions::all());
        let stack = StackRefs { user_pool_id, user_pool_client_id, region };
        let label = schema.display().to_string();
        let expected =
            Expected { schema_sdl: &sdl, schema_label: &label, resolvers: &resolvers, auth: &auth, stack: &stack };
        let report = crate::check(&expected, &deployed);
        print!("{}", render(&api_id, &label, &stack, &report));
        if report.faults.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        }
    }
}

fn refused(why: &str) -> ExitCode {
    println!("FAIL verify-deploy: {why}");
    ExitCode::FAILURE
}

/// The command's output: one `FAIL` line per fault and their count, or one summary line.
pub fn render(api_id: &str, label: &str, stack: &StackRefs, report: &Report) -> String {
    if !report.faults.is_empty() {
        let mut out: String = report.faults.iter().map(|f| format!("FAIL {f}\n")).collect();
        out.push_str(&format!("verify-deploy: {} fault(s) in API {api_id}\n", report.faults.len()));
        return out;
    }
    let resolvers = match (report.resolvers, report.data_sources) {
        (Some(r), Some(d)) => {
            format!("every root field on the registry's data source ({r} resolvers, {d} data sources)")
        }
        _ => "resolvers not checked (--schema-only)".into(),
    };
    format!(
        "verify-deploy: API {api_id} matches {label} ({} types, {} root fields), {resolvers}, auth as the template's (user pool {})\n",
        report.types, report.root_fields, stack.user_pool_id
    )
}
