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

async fn all_deps() -> &'static Deps {
    Deps::from_env(&Needs::all()).await.expect("configuration")
}

fn failed(what: &str, e: impl std::fmt::Debug) -> ExitCode {
    eprintln!("{what} failed: {e:?}");
    ExitCode::FAILURE
}

impl Command {
    pub async fn run(self) -> ExitCode {
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
