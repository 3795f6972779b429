//! The demo commands: seeding, the admin grant, the simulators and the
//! routing service stub, configured by the stack's environment.
use fleet_shared::paging::SecretSource;
use fleet_shared::{resources, Deps, Needs, Table};
use std::{process::ExitCode, time::Duration};

#[derive(clap::Subcommand)]
pub enum Command {
    /// Seeds the demo data, the demo users' access and the drivers.
    Seed {
        #[arg(long, env = "DEMO_ADMIN_EMAIL")]
        admin_email: String,
        #[arg(long, env = "DEMO_RESTRICTED_EMAIL")]
        restricted_email: String,
    },
    /// Grants EMAIL every action, recorded in the history as granted by WHO (scripts/grant-admin.sh).
    GrantAdmin { email: String, who: String },
    /// The fridges' telemetry, every tick.
    Simulate {
        #[arg(long, env = "SIMULATOR_TICK_MS", default_value_t = 5000)]
        tick_ms: u64,
    },
    /// Orders arriving on the orders queue.
    SimulateOrders,
    /// The drivers' day through the API.
    SimulateDrivers {
        /// One pass, then exit.
        #[arg(long)]
        once: bool,
    },
    /// The external routing service's stand-in, on the port of ROUTING_SERVICE_URL.
    RoutingStub {
        #[arg(long, env = resources::ROUTING_SERVICE_URL)]
        routing_service_url: String,
        /// The SSM parameter holding the service's key (the one the worker reads).
        #[arg(long, env = resources::ROUTING_SERVICE_KEY_PARAMETER)]
        routing_service_key_parameter: String,
        #[arg(long, env = "ROUTING_STUB_DELAY_MS", default_value_t = 0)]
        delay_ms: u64,
    },
}

/// The demo's commands write demo users with a default password and made-up
/// data: they run only against a local stack (issue 59). Every endpoint of
/// their environment (`AWS_ENDPOINT_URL`, which they need, and every `*_URL`)
/// must be a loopback address; `Err` names the first that is not.
pub fn loopback_only(vars: impl IntoIterator<Item = (String, String)>) -> Result<(), String> {
    let urls: Vec<(String, String)> = vars
        .into_iter()
        .filter(|(k, _)| k == "AWS_ENDPOINT_URL" || k.starts_with("AWS_ENDPOINT_URL_") || k.ends_with("_URL"))
        .collect();
    if !urls.iter().any(|(k, _)| k == "AWS_ENDPOINT_URL") {
        return Err("AWS_ENDPOINT_URL is not set: the demo commands run only against a local emulator".into());
    }
    for (name, value) in urls {
        let rest = value.split_once("://").map_or(value.as_str(), |(_, r)| r);
        let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
        let host = match authority.strip_prefix('[') {
            Some(v6) => v6.split(']').next().unwrap_or_default(),
            None => authority.rsplit_once(':').map_or(authority, |(h, _)| h),
        };
        if !["127.0.0.1", "::1", "localhost"].contains(&host.to_ascii_lowercase().as_str()) {
            return Err(format!(
                "{name}={value} is not a loopback address: the demo commands run only against a local stack"
            ));
        }
    }
    Ok(())
}

async fn all_deps() -> &'static Deps {
    Deps::from_env(&Needs::all()).await.expect("configuration")
}

fn failed(what: &str, e: impl std::fmt::Debug) -> ExitCode {
    eprintln!("{what} failed: {e:?}");
    ExitCode::FAILURE
}

impl Command {
    pub async fn run(self) -> ExitCode {
        // No default password can reach a deployed stack: the admin grant is the deployers' own tool.
        if !matches!(self, Command::GrantAdmin { .. }) {
            if let Err(why) = loopback_only(std::env::vars()) {
                eprintln!("refused: {why}");
                return ExitCode::FAILURE;
            }
        }
        match self {
            Command::Seed { admin_email, restricted_email } => {
                match crate::seed::seed_all(all_deps().await, &admin_email, &restricted_email).await {
                    Ok(()) => ExitCode::SUCCESS,
                    Err(e) => failed("seeding", e),
                }
            }
            Command::GrantAdmin { email, who } => {
                // Only the tables and pool it writes: scripts/grant-admin.sh's environment names no more.
                let tables = [Table::Permissions, Table::History].into();
                let needs = Needs { tables, user_pool: true, ..Needs::default() };
                let deps = Deps::from_env(&needs).await.expect("configuration");
                match crate::seed::grant_admin(deps, &email, &who).await {
                    Ok((sub, granted)) => {
                        println!("granted {granted} new actions to {email} ({sub}), each recorded in the history");
                        ExitCode::SUCCESS
                    }
                    Err(e) => failed("grant", e),
                }
            }
            Command::Simulate { tick_ms } => {
                crate::simulator::run(all_deps().await, Duration::from_millis(tick_ms)).await;
                ExitCode::SUCCESS
            }
            Command::SimulateOrders => {
                crate::order_simulator::run(all_deps().await).await;
                ExitCode::SUCCESS
            }
            Command::SimulateDrivers { once } => match crate::driver_simulator::run(all_deps().await, once).await {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => failed("driver simulator", e),
            },
            Command::RoutingStub { routing_service_url, routing_service_key_parameter, delay_ms } => {
                use crate::routing_stub::{port_of, router, Stub};
                let port = port_of(&routing_service_url).expect("ROUTING_SERVICE_URL names a port");
                // The service knows its own key: the one in the SSM parameter the worker reads.
                let key = fleet_shared::paging::SsmParameter
                    .fetch(&routing_service_key_parameter)
                    .expect("the routing key parameter");
                let stub = Stub::new(key.trim().to_string(), Duration::from_millis(delay_ms));
                let listener =
                    tokio::net::TcpListener::bind(("127.0.0.1", port)).await.expect("bind routing stub port");
                tracing::info!("routing service stub on http://127.0.0.1:{port}");
                axum::serve(listener, router(stub)).await.expect("serve");
                ExitCode::SUCCESS
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::loopback_only;

    fn env(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn the_demo_commands_run_only_against_loopback_endpoints() {
        let local = [("AWS_ENDPOINT_URL", "http://127.0.0.1:5599"), ("LOCAL_API_URL", "http://localhost:4000/x")];
        assert_eq!(loopback_only(env(&local)), Ok(()));
        assert_eq!(loopback_only(env(&[("AWS_ENDPOINT_URL", "http://[::1]:5599")])), Ok(()));
        assert!(loopback_only(env(&[])).unwrap_err().starts_with("AWS_ENDPOINT_URL is not set"), "the real AWS");
        let deployed = [
            ("AWS_ENDPOINT_URL", "http://127.0.0.1:5599"),
            ("TELEMETRY_QUEUE_URL", "https://sqs.us-east-1.amazonaws.com/1/q"),
        ];
        assert!(loopback_only(env(&deployed)).unwrap_err().starts_with("TELEMETRY_QUEUE_URL="));
        let lookalike = [("AWS_ENDPOINT_URL", "http://127.0.0.1.evil.example:5599")];
        assert!(loopback_only(env(&lookalike)).is_err(), "a name that starts like a loopback address");
    }
}
