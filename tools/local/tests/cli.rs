//! The built `fleet-local` binary, as the scripts run it. Being an integration
//! test, it also makes `cargo test --no-run` build the binary itself, so the
//! test command's one cargo invocation leaves the scripts their program.
use std::process::Command;

fn fleet_local(args: &[&str]) -> std::process::Output {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    Command::new(env!("CARGO_BIN_EXE_fleet-local")).args(args).current_dir(root).output().expect("run fleet-local")
}

#[test]
fn the_generators_find_their_committed_files_current() {
    for check in [["template", "--check"], ["rules", "--check"], ["contract", "--check"]] {
        let out = fleet_local(&check);
        assert!(out.status.success(), "{check:?}: {}", String::from_utf8_lossy(&out.stderr));
    }
}

#[test]
fn an_unknown_command_is_refused_with_the_usage() {
    let out = fleet_local(&["no-such-command"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("Usage"), "{}", String::from_utf8_lossy(&out.stderr));
}
