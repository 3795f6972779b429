//! The benchmark commands (`fleet-local bench-…`), as scripts/bench runs them.
use fleet_front_door::wiring::Wiring;
use fleet_shared::{ApiError, Deps, Needs};
use std::process::ExitCode;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Commits ROWS bulk-location rows through the upload pipeline and raw, and prints both rates.
    BenchUpload {
        #[arg(default_value_t = 10_000)]
        rows: usize,
    },
    /// Brings the stack to FRIDGES LIVE fridges.
    BenchFleet {
        #[arg(default_value_t = 2_500)]
        fridges: usize,
    },
    /// STOPS route stops on DATE.
    BenchRoutes {
        #[arg(default_value = "2030-01-07")]
        date: String,
        #[arg(default_value_t = 300)]
        stops: usize,
    },
    /// A par file of ROWS rows through the pars upload.
    BenchPars {
        #[arg(default_value_t = 10_000)]
        rows: usize,
    },
    /// A price file of ROWS rows through the prices upload.
    BenchPrices {
        #[arg(default_value_t = 5_000)]
        rows: usize,
    },
    /// The forecast ingest's writes of ROWS rows, beside the previous design's batch writes.
    BenchForecastWrites {
        #[arg(default_value_t = 5_000)]
        rows: usize,
    },
    /// MESSAGES heartbeats through the telemetry ingest.
    BenchIngest {
        #[arg(default_value_t = 2_000)]
        messages: usize,
    },
    /// SNAPSHOTS inventory snapshots through the telemetry ingest, with their usage.
    BenchIngestInventory {
        #[arg(default_value_t = 1_000)]
        snapshots: usize,
    },
    /// FRIDGES fridges, each reporting a heartbeat through the ingest.
    BenchHealth {
        #[arg(default_value_t = 2_500)]
        fridges: usize,
    },
    /// The stocking dashboard's day: STOPS stops among FRIDGES fridges on DATE.
    BenchDashboard {
        #[arg(default_value = "2030-01-08")]
        date: String,
        #[arg(default_value_t = 300)]
        stops: usize,
        #[arg(default_value_t = 2_500)]
        fridges: usize,
    },
    /// The Drop Off Summary's day: STOPS stops on DATE, read as the admin.
    BenchStockingDay {
        #[arg(default_value = "2030-02-12")]
        date: String,
        #[arg(default_value_t = 300)]
        stops: usize,
        #[arg(long, env = "DEMO_ADMIN_EMAIL", default_value = "admin@fleet.local")]
        admin: String,
    },
    /// A container's first read of DATE's driver actions, sliced and whole, alternated RUNS times each.
    BenchDayRead {
        date: String,
        #[arg(default_value_t = 5)]
        runs: usize,
    },
    /// The range reports over ENTRIES log entries and READINGS readings.
    BenchReports {
        #[arg(default_value_t = 50_000)]
        entries: usize,
        #[arg(default_value_t = 10_000)]
        readings: usize,
    },
    /// The planogram scheduler over N scheduled planograms.
    BenchPlanogramScheduler {
        #[arg(default_value_t = 5_000)]
        n: usize,
    },
    /// The Needs-attention panel worked out over STOPS and ten times STOPS stops, in process (no stack).
    BenchAttention {
        #[arg(default_value_t = 250)]
        stops: usize,
    },
    /// Seeds a stack at scale: FRIDGES fridges and their day on DATE.
    BenchScaleSeed {
        #[arg(default_value_t = 2_500)]
        fridges: usize,
        #[arg(default_value = "2030-01-08")]
        date: String,
    },
    /// MESSAGES telemetry messages while a driver uses the API at API_URL.
    BenchScaleIngest {
        #[arg(default_value_t = 5_000)]
        messages: usize,
        #[arg(default_value = "http://127.0.0.1:4000")]
        api_url: String,
    },
    /// SUBSCRIBERS real-time connections on one date, and RATE changes a second for SECONDS to the publishing mutation.
    BenchFanout {
        #[arg(long, default_value_t = 200)]
        subscribers: usize,
        #[arg(long, default_value_t = 50)]
        rate: usize,
        #[arg(long, default_value_t = 60)]
        seconds: u64,
        #[arg(long, env = "LOCAL_API_URL", default_value = "http://127.0.0.1:4000")]
        api_url: String,
        /// The local API's process, to read its memory.
        #[arg(long)]
        api_pid: Option<u32>,
    },
}

/// Prints what a benchmark answers, or why it failed.
fn report<T>(outcome: Result<T, ApiError>, print: impl FnOnce(T)) -> ExitCode {
    match outcome {
        Ok(out) => {
            print(out);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("benchmark failed: {e:?}");
            ExitCode::FAILURE
        }
    }
}

impl Command {
    pub async fn run(self) -> ExitCode {
        if let Command::BenchAttention { stops } = self {
            println!("{}", crate::attention::run(stops));
            return ExitCode::SUCCESS;
        }
        let deps: &'static Deps = Deps::from_env(&Needs::all()).await.expect("configuration");
        let wiring = || async { Wiring::from_env().await.expect("configuration") };
        match self {
            Command::BenchUpload { rows } => report(crate::loads::upload(deps, rows).await, |()| {}),
            Command::BenchFleet { fridges } => report(crate::loads::fleet(deps, fridges).await, |added| {
                println!("fleet: {added} fridges added, {fridges} in all")
            }),
            Command::BenchRoutes { date, stops } => {
                report(crate::loads::routes(deps, &date, stops).await, |()| println!("routes: {stops} stops on {date}"))
            }
            Command::BenchPars { rows } => report(crate::loads::pars(deps, rows).await, |()| {}),
            Command::BenchPrices { rows } => report(crate::loads::prices(deps, rows).await, |()| {}),
            Command::BenchForecastWrites { rows } => {
                report(crate::forecast::forecast_writes(deps, rows).await, |()| {})
            }
            Command::BenchIngest { messages } => {
                report(crate::loads::ingest(wiring().await, deps, messages).await, |()| {})
            }
            Command::BenchIngestInventory { snapshots } => {
                report(crate::inventory::run(wiring().await, deps, snapshots).await, |answer| println!("{answer}"))
            }
            Command::BenchHealth { fridges } => {
                report(crate::loads::health(wiring().await, deps, fridges).await, |n| {
                    println!("fleet health: {n} fridges reported through the ingest")
                })
            }
            Command::BenchDashboard { date, stops, fridges } => {
                report(crate::dashboard::run(wiring().await, deps, &date, stops, fridges).await, |()| {})
            }
            Command::BenchStockingDay { date, stops, admin } => {
                report(crate::stocking_day::run(deps, &date, stops, &admin).await, |()| {})
            }
            Command::BenchDayRead { date, runs } => {
                report(crate::day_read::run(deps, &date, runs).await, |out| println!("{out}"))
            }
            Command::BenchReports { entries, readings } => {
                report(crate::reports::run(deps, entries, readings).await, |()| {})
            }
            Command::BenchPlanogramScheduler { n } => report(crate::loads::planogram_scheduler(deps, n).await, |()| {}),
            Command::BenchScaleSeed { fridges, date } => {
                report(crate::scale::seed(wiring().await, deps, fridges, &date).await, |out| println!("{out}"))
            }
            Command::BenchScaleIngest { messages, api_url } => {
                report(crate::scale::ingest(deps, messages, &api_url).await, |out| println!("{out}"))
            }
            Command::BenchFanout { subscribers, rate, seconds, api_url, api_pid } => {
                report(crate::fanout::run(deps, &api_url, subscribers, rate, seconds, api_pid).await, |out| {
                    println!("{out}")
                })
            }
            Command::BenchAttention { .. } => unreachable!("answered above, without a stack"),
        }
    }
}
