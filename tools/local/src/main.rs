//! `fleet-local`: the one command line of the local tooling. Each job's
//! commands live in its own crate; this binary only puts them side by side,
//! so the scripts build and call one program.
use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "fleet-local", about = "Runs a local Fleet Console stack's pieces, its benchmarks and its generators")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    #[command(flatten)]
    FrontDoor(fleet_front_door::cli::Command),
    #[command(flatten)]
    Demo(fleet_demo::cli::Command),
    #[command(flatten)]
    Bench(fleet_bench::cli::Command),
    #[command(flatten)]
    Generate(fleet_generators::cli::Command),
    #[command(flatten)]
    Deploy(fleet_deploy_check::cli::Command),
}

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    // The local API and the simulators log the same JSON lines the Lambda functions do.
    fleet_shared::logging::init();
    match cli.command {
        Command::FrontDoor(command) => command.run().await,
        Command::Demo(command) => command.run().await,
        Command::Bench(command) => command.run().await,
        Command::Generate(command) => command.run(),
        Command::Deploy(command) => command.run().await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_jobs_subcommands_fit_side_by_side() {
        // clap's own consistency checks: no two jobs name a subcommand alike.
        Cli::command().debug_assert();
        let names: Vec<String> = Cli::command().get_subcommands().map(|c| c.get_name().to_string()).collect();
        for scripted in [
            "serve",
            "seed",
            "grant-admin",
            "simulate-drivers",
            "routing-stub",
            "template",
            "bench-scale-ingest",
            "bench-fanout",
            "bench-day-read",
            "verify-deploy",
        ] {
            assert!(names.iter().any(|n| n == scripted), "{scripted} missing from {names:?}");
        }
        assert_eq!(names.len(), 30, "{names:?}");
    }
}
