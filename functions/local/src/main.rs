use fleet_local::{auth::Verifier, graphql, registry, seed, server, template, wiring::Wiring};
use fleet_shared::{Deps, Needs};
use std::{env, process::ExitCode, sync::Arc, time::Duration};

fn var(name: &str) -> String {
    env::var(name).unwrap_or_else(|_| panic!("environment variable {name} is required"))
}

fn render_template() -> String {
    let base = std::fs::read_to_string(template::BASE_PATH).expect("run from the repository root");
    template::render(&base, registry::all())
}

#[tokio::main]
async fn main() -> ExitCode {
    tracing_subscriber_init();
    let args: Vec<String> = env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("template") => {
            let rendered = render_template();
            if args.get(1).map(String::as_str) == Some("--check") {
                let current = std::fs::read_to_string(template::OUTPUT_PATH).unwrap_or_default();
                if current != rendered {
                    eprintln!("template.yaml is out of date: run `cargo run -p fleet-local -- template`");
                    return ExitCode::FAILURE;
                }
            } else {
                std::fs::write(template::OUTPUT_PATH, rendered).expect("write template.yaml");
            }
            ExitCode::SUCCESS
        }
        Some("rules") => {
            // The one rule source, for the browser (a drift test keeps the committed file equal).
            let text = fleet_local::rules_json();
            if args.get(1).map(String::as_str) == Some("--check") {
                if std::fs::read_to_string(fleet_local::RULES_PATH).unwrap_or_default() != text {
                    eprintln!("{} is out of date: run `cargo run -p fleet-local -- rules`", fleet_local::RULES_PATH);
                    return ExitCode::FAILURE;
                }
            } else {
                std::fs::write(fleet_local::RULES_PATH, text).expect("write the rules file");
            }
            ExitCode::SUCCESS
        }
        Some("contract") => {
            // The web app's REST contract (a drift test keeps the committed files equal).
            let check = args.get(1).map(String::as_str) == Some("--check");
            let dir = std::path::Path::new(fleet_local::shapes::REST_DIR);
            std::fs::create_dir_all(dir).expect("create the contract folder");
            for (name, text) in fleet_local::shapes::rest_files(registry::all()) {
                let path = dir.join(name);
                if !check {
                    std::fs::write(&path, text).expect("write the contract");
                } else if std::fs::read_to_string(&path).unwrap_or_default() != text {
                    eprintln!("{} is out of date: run `cargo run -p fleet-local -- contract`", path.display());
                    return ExitCode::FAILURE;
                }
            }
            ExitCode::SUCCESS
        }
        Some("actions") => {
            fn_permissions::actions::all().iter().for_each(|a| println!("{a}"));
            ExitCode::SUCCESS
        }
        Some("grant-admin") => {
            // scripts/grant-admin.sh: the tables and pool come from its environment.
            let (Some(email), Some(who)) = (args.get(1), args.get(2)) else {
                eprintln!("usage: fleet-local grant-admin EMAIL WHO");
                return ExitCode::FAILURE;
            };
            let tables = [fleet_shared::Table::Permissions, fleet_shared::Table::History].into();
            let deps =
                Deps::from_env(&Needs { tables, user_pool: true, ..Needs::default() }).await.expect("configuration");
            match seed::grant_admin(deps, email, who).await {
                Ok((sub, granted)) => {
                    println!("granted {granted} new actions to {email} ({sub}), each recorded in the history");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("grant failed: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("bench-upload") => {
            let rows = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(10_000);
            let deps = Deps::from_env(&Needs::all()).await.expect("configuration");
            match fleet_local::bench::upload(deps, rows).await {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("benchmark failed: {e:?}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("bench-ingest-inventory") => {
            let n = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(1_000);
            let deps = Deps::from_env(&Needs::all()).await.expect("configuration");
            let wiring = Wiring::from_env().await.expect("configuration");
            match fleet_local::bench_inventory::run(wiring, deps, n).await {
                Ok(answer) => {
                    println!("{answer}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("benchmark failed: {e:?}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("bench-ingest") => {
            let n = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(2_000);
            let deps = Deps::from_env(&Needs::all()).await.expect("configuration");
            let wiring = Wiring::from_env().await.expect("configuration");
            match fleet_local::bench::ingest(wiring, deps, n).await {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("benchmark failed: {e:?}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("bench-health") => {
            let n = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(2_500);
            let deps = Deps::from_env(&Needs::all()).await.expect("configuration");
            let wiring = Wiring::from_env().await.expect("configuration");
            match fleet_local::bench::health(wiring, deps, n).await {
                Ok(reported) => {
                    println!("fleet health: {reported} fridges reported through the ingest");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("benchmark setup failed: {e:?}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("bench-dashboard") => {
            let date = args.get(1).cloned().unwrap_or_else(|| "2030-01-08".into());
            let stops = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(300);
            let fridges = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(2_500);
            let deps = Deps::from_env(&Needs::all()).await.expect("configuration");
            let wiring = Wiring::from_env().await.expect("configuration");
            match fleet_local::bench_dashboard::run(wiring, deps, &date, stops, fridges).await {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("benchmark failed: {e:?}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("bench-stocking-day") => {
            let date = args.get(1).cloned().unwrap_or_else(|| "2030-02-12".into());
            let stops = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(300);
            let admin = std::env::var("DEMO_ADMIN_EMAIL").unwrap_or_else(|_| "admin@fleet.local".into());
            let deps = Deps::from_env(&Needs::all()).await.expect("configuration");
            match fleet_local::bench_stocking_day::run(deps, &date, stops, &admin).await {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("benchmark failed: {e:?}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("bench-scale-seed") => {
            let fridges = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(2_500);
            let date = args.get(2).cloned().unwrap_or_else(|| "2030-01-08".into());
            let deps = Deps::from_env(&Needs::all()).await.expect("configuration");
            let wiring = Wiring::from_env().await.expect("configuration");
            match fleet_local::bench_scale::seed(wiring, deps, fridges, &date).await {
                Ok(out) => {
                    println!("{out}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("benchmark setup failed: {e:?}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("bench-scale-ingest") => {
            let messages = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(5_000);
            let api = args.get(2).cloned().unwrap_or_else(|| "http://127.0.0.1:4000".into());
            let deps = Deps::from_env(&Needs::all()).await.expect("configuration");
            match fleet_local::bench_scale::ingest(deps, messages, &api).await {
                Ok(out) => {
                    println!("{out}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("benchmark failed: {e:?}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("bench-reports") => {
            let entries = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(50_000);
            let readings = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(10_000);
            let deps = Deps::from_env(&Needs::all()).await.expect("configuration");
            match fleet_local::bench_reports::run(deps, entries, readings).await {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("benchmark failed: {e:?}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("bench-prices") => {
            let rows = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(5_000);
            let deps = Deps::from_env(&Needs::all()).await.expect("configuration");
            match fleet_local::bench::prices(deps, rows).await {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("benchmark failed: {e:?}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("bench-pars") => {
            let rows = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(10_000);
            let deps = Deps::from_env(&Needs::all()).await.expect("configuration");
            match fleet_local::bench::pars(deps, rows).await {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("benchmark failed: {e:?}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("bench-routes") => {
            let date = args.get(1).cloned().unwrap_or_else(|| "2030-01-07".into());
            let n = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(300);
            let deps = Deps::from_env(&Needs::all()).await.expect("configuration");
            match fleet_local::bench::routes(deps, &date, n).await {
                Ok(()) => {
                    println!("routes: {n} stops on {date}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("benchmark setup failed: {e:?}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("bench-planogram-scheduler") => {
            let n = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(5_000);
            let deps = Deps::from_env(&Needs::all()).await.expect("configuration");
            match fleet_local::bench::planogram_scheduler(deps, n).await {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("benchmark failed: {e:?}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("bench-fleet") => {
            let total = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(2_500);
            let deps = Deps::from_env(&Needs::all()).await.expect("configuration");
            match fleet_local::bench::fleet(deps, total).await {
                Ok(added) => {
                    println!("fleet: {added} fridges added, {total} in all");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("benchmark setup failed: {e:?}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("seed") => {
            let deps = Deps::from_env(&Needs::all()).await.expect("configuration");
            match seed::seed_all(deps, &var("DEMO_ADMIN_EMAIL"), &var("DEMO_RESTRICTED_EMAIL")).await {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("seeding failed: {e:?}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("simulate") => {
            let deps = Deps::from_env(&Needs::all()).await.expect("configuration");
            let tick = env::var("SIMULATOR_TICK_MS").ok().and_then(|p| p.parse().ok()).unwrap_or(5000);
            fleet_local::simulator::run(deps, Duration::from_millis(tick)).await;
            ExitCode::SUCCESS
        }
        Some("simulate-orders") => {
            let deps = Deps::from_env(&Needs::all()).await.expect("configuration");
            fleet_local::order_simulator::run(deps).await;
            ExitCode::SUCCESS
        }
        Some("simulate-drivers") => {
            let deps = Deps::from_env(&Needs::all()).await.expect("configuration");
            let once = args.get(1).map(String::as_str) == Some("--once");
            match fleet_local::driver_simulator::run(deps, once).await {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("driver simulator failed: {e:?}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("routing-stub") => {
            use fleet_shared::paging::SecretSource;
            let url = var(fleet_shared::resources::ROUTING_SERVICE_URL);
            let port = fleet_local::routing_stub::port_of(&url).expect("ROUTING_SERVICE_URL names a port");
            // The service knows its own key: the one in the SSM parameter the worker reads.
            let parameter = var(fleet_shared::resources::ROUTING_SERVICE_KEY_PARAMETER);
            let key = fleet_shared::paging::SsmParameter.fetch(&parameter).expect("the routing key parameter");
            let delay = env::var("ROUTING_STUB_DELAY_MS").ok().and_then(|d| d.parse().ok()).unwrap_or(0);
            let stub = fleet_local::routing_stub::Stub::new(key.trim().to_string(), Duration::from_millis(delay));
            let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await.expect("bind routing stub port");
            tracing::info!("routing service stub on http://127.0.0.1:{port}");
            axum::serve(listener, fleet_local::routing_stub::router(stub)).await.expect("serve");
            ExitCode::SUCCESS
        }
        Some("serve") => {
            let wiring = Wiring::from_env().await.expect("configuration");
            let sdl = std::fs::read_to_string("infra/schema.graphql").expect("run from the repository root");
            let schema = graphql::load_schema(&sdl).expect("infra/schema.graphql is valid");
            let verifier = Verifier::fetch(&var("JWKS_URL"), &var("TOKEN_ISSUER"), &var("USER_POOL_CLIENT_ID"))
                .expect("JWKS of the user pool");
            let port: u16 = env::var("LOCAL_API_PORT").ok().and_then(|p| p.parse().ok()).unwrap_or(4000);
            let period = env::var("SCHEDULER_PERIOD_MS").ok().and_then(|p| p.parse().ok()).unwrap_or(2000);
            tokio::spawn(server::scheduler_loop(wiring, Duration::from_millis(period)));
            fleet_local::queues::queue_loops(wiring).await;
            let state = Arc::new(server::AppState { wiring, schema, verifier });
            // CORS allows the web app's origin alone (stack.env, from the provisioner's --web-url).
            let origin = env::var(server::WEB_ORIGIN_VAR).ok();
            if origin.is_none() {
                tracing::warn!("{} is not set: no browser origin may call the local API", server::WEB_ORIGIN_VAR);
            }
            let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await.expect("bind local API port");
            tracing::info!("local API on http://127.0.0.1:{port} (GraphQL /graphql, REST /prod)");
            axum::serve(listener, server::router_for(state, origin.as_deref()))
                .with_graceful_shutdown(async {
                    let _ = tokio::signal::ctrl_c().await;
                })
                .await
                .expect("serve");
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("usage: fleet-local serve | routing-stub | grant-admin EMAIL WHO | simulate | simulate-orders | simulate-drivers [--once] | seed | actions | template [--check] | rules [--check] | bench-upload [ROWS] | bench-fleet [FRIDGES] | bench-routes [DATE] [STOPS] | bench-pars [ROWS] | bench-prices [ROWS] | bench-ingest [MESSAGES] | bench-ingest-inventory [SNAPSHOTS] | bench-health [FRIDGES] | bench-dashboard [DATE] [STOPS] [FRIDGES] | bench-stocking-day [DATE] [STOPS] | bench-reports [ENTRIES] [READINGS] | bench-scale-seed [FRIDGES] [DATE] | bench-scale-ingest [MESSAGES] [API_URL]");
            ExitCode::FAILURE
        }
    }
}

/// The local API logs the same JSON lines the Lambda functions do.
fn tracing_subscriber_init() {
    fleet_shared::logging::init();
}
