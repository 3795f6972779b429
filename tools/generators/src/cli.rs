//! The generator commands: each writes its file, or with `--check` only says
//! whether the committed file is current.
use std::process::ExitCode;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Writes template.yaml from infra/template.base.yaml and the function registry.
    Template {
        /// Only check that the committed file is current.
        #[arg(long)]
        check: bool,
    },
    /// Writes the browser's rule table, web/src/generated/rules.json.
    Rules {
        /// Only check that the committed file is current.
        #[arg(long)]
        check: bool,
    },
    /// Writes the web's REST contract (web/src/generated/rest): each route's
    /// request and answer schemas and the route table.
    Contract {
        /// Only check that the committed files are current.
        #[arg(long)]
        check: bool,
    },
    /// Lists every permission action, one a line.
    Actions,
}

/// Writes `text` to `path`, or with `check` compares it with what is there.
fn write_or_check(path: &str, text: &str, check: bool, command: &str) -> ExitCode {
    if !check {
        std::fs::write(path, text).unwrap_or_else(|e| panic!("write {path}: {e}"));
    } else if std::fs::read_to_string(path).unwrap_or_default() != text {
        eprintln!("{path} is out of date: run `cargo run -p fleet-local -- {command}`");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

impl Command {
    pub fn run(self) -> ExitCode {
        match self {
            Command::Template { check } => {
                let base = std::fs::read_to_string(crate::template::BASE_PATH).expect("run from the repository root");
                let rendered = crate::template::render(&base, fleet_functions::all());
                write_or_check(crate::template::OUTPUT_PATH, &rendered, check, "template")
            }
            Command::Rules { check } => {
                write_or_check(crate::rules::RULES_PATH, &crate::rules::rules_json(), check, "rules")
            }
            Command::Contract { check } => {
                std::fs::create_dir_all(crate::shapes::REST_DIR).expect("create the contract folder");
                let files = crate::shapes::rest_files(fleet_functions::all());
                let outcomes: Vec<ExitCode> = files
                    .iter()
                    .map(|(name, text)| {
                        write_or_check(&format!("{}/{name}", crate::shapes::REST_DIR), text, check, "contract")
                    })
                    .collect();
                outcomes.into_iter().find(|c| *c != ExitCode::SUCCESS).unwrap_or(ExitCode::SUCCESS)
            }
            Command::Actions => {
                crate::actions().iter().for_each(|a| println!("{a}"));
                ExitCode::SUCCESS
            }
        }
    }
}
