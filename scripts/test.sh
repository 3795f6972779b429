#!/usr/bin/env bash
# Runs every test: template lint, Rust unit and integration tests against the
# emulator, web unit tests, and browser end-to-end tests against the full
# local stack. Uses its own ports, so a running dev stack is left alone.
set -euo pipefail
cd "$(dirname "$0")/.."
export FLEET_STATE_DIR="$PWD/.local/test" MOTO_PORT="${TEST_MOTO_PORT:-5699}" API_PORT="${TEST_API_PORT:-4100}" WEB_PORT="${TEST_WEB_PORT:-5273}" ROUTING_PORT="${TEST_ROUTING_PORT:-5701}"
export SAM_CLI_TELEMETRY=0 AWS_DEFAULT_REGION=us-east-1
. scripts/lib.sh
restore_interrupt "$ROOT/scripts/test.sh" "$@"
trap 'stop_stack; exit 130' INT
trap 'stop_stack; exit 143' TERM
trap stop_stack EXIT

# After failed browser tests, at the end of the output (where a CI summary shows it): each failure with its
# error, what else was using the machine, and the end of the stack's logs, so a failure that does not repeat
# can still be read.
e2e_failure_report() {
  log "browser tests failed: each failure (above, and a trace of each), then the machine and the stack's logs"
  find "$STATE/e2e-results" -name trace.zip -printf '  npx playwright show-trace %p\n' 2>/dev/null | head -n 40
  log "load: $(cut -d' ' -f1-3 /proc/loadavg); the busiest processes"
  ps -eo pid,pcpu,etime,args --sort=-pcpu | cut -c1-160 | head -n 12
  for name in api simulator order-simulator; do
    log "$name.log: its last warnings and errors, and invocations of 5 s or more"
    python3 - "$STATE/$name.log" <<'PY'
import json, sys
kept = []
for line in open(sys.argv[1], errors="replace"):
    try:
        entry = json.loads(line)
    except ValueError:
        kept.append(line.rstrip())
        continue
    if entry.get("level") != "INFO" or entry.get("durationMs", 0) >= 5000:
        kept.append(line.rstrip())
print("\n".join(l[:300] for l in kept[-25:]))
PY
  done
  log "moto.log: its lines other than requests"
  grep -v '" [0-9][0-9][0-9] -$' "$STATE/moto.log" | tail -n 25 | cut -c1-300
}

# checkov's venv is only the test command's: it installs beside the others too.
ensure_checkov > "$STATE/checkov-install.log" 2>&1 &
CHECKOV_INSTALL=$!
PIDS+=("$CHECKOV_INSTALL")
# Clippy lints the workspace's crates while they build: clippy-driver is rustc with the lints added
# (what `cargo clippy` runs), here as the workspace's compiler wrapper, so a warning fails the build.
# A `cargo clippy` of its own checked every dependency again, in check mode (no artifact shared with
# this build): 7 min of CPU; the lints in the build add 1 min 38 s (docs/decisions/testing-and-ci.md).
# Every cargo command below keeps these two, or cargo would rebuild the workspace's crates without them.
export RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
RUSTC_WORKSPACE_WRAPPER="$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver)" \
  || { echo "clippy-driver not found: rustup component add clippy" >&2; exit 1; }
# One cargo invocation builds the local binary (tools/local has an integration
# test, so cargo builds its binary) and every test (lib, bins, tests and their cfg(test) code, as
# `cargo clippy --all-targets` covers; the workspace has no benches): one build's serial tail (its last
# crates and links) instead of two.
build_rust_and_tests() {
  log "building the local API and every Rust test (cargo, dev profile, with clippy's lints: a warning fails)"
  cargo test -q --workspace --no-run
}
ensure_tools build_rust_and_tests

log "formatters and linters: rustfmt, Prettier, ESLint"
cargo fmt --all --check
(cd web && npm run --silent format:check && npm run --silent lint)

log "sam validate --lint"
.venv/bin/sam validate --lint --template template.yaml
log "no dependency cycle in the template as deployed (scripts/iam/cycles.py)"
.venv/bin/python scripts/iam/cycles.py --template template.yaml

# Offline, every check on: a check a resource does not pass is skipped only in
# that resource's Metadata, with its reason, so a new resource that fails fails here.
log "checkov (the template's deploy posture; any failed check fails the run)"
wait "$CHECKOV_INSTALL" || { cat "$STATE/checkov-install.log"; exit 1; }
.venv-checkov/bin/checkov -f template.yaml --framework cloudformation --skip-download --quiet --compact

log "emulator patches answer as moto would"
.venv/bin/python scripts/local/emulator.py --check

log "smoke test's unit tests (SRP against Amplify's values, outputs and headers)"
.venv/bin/python -m unittest discover -s scripts/smoke -t scripts/smoke

log "IAM checker's unit tests (the SAM translation, the Allow-statement evaluator)"
.venv/bin/python -m unittest discover -s scripts/iam

log "scripts/dead-letters.sh: what it lists and what a redrive moves, on an emulator of its own"
.venv/bin/python -m unittest discover -s scripts/local -p 'test_*.py'

log "Ctrl-C on run-local.sh stops everything it started within 5 s (its own ports and state)"
scripts/local/ctrl-c-test.sh "$STATE"

log "starting the emulator and seeding"
SKIP_API_AND_WEB=1 start_stack

# The emulator's AppSync API (provision.py creates it from the template, with infra/schema.graphql):
# its schema and auth modes as the repository declares them. The resolvers are checked on AWS only
# (scripts/smoke.sh): moto serves none.
log "the emulator's AppSync schema and auth modes (fleet-local verify-deploy --schema-only)"
"$FLEET_LOCAL" verify-deploy --schema-only

# cargo-deny builds from crates.io once per machine, niced, beside the tests (its check waits for it at the end).
log "installing cargo-deny, in the background"
( renice -n 19 "$BASHPID" > /dev/null; ensure_cargo_deny ) > "$STATE/cargo-deny-install.log" 2>&1 &
DENY_INSTALL=$!

# The web app builds while the Rust tests mostly wait on the emulator.
log "building the web app, in the background"
build_web &
WEB_BUILD=$!

log "Rust unit and integration tests"
cargo test --workspace

# It turns the office's claims setting off stack-wide, which would refuse the
# other tests' claims meanwhile: alone, after them. `--workspace`, as above, so the
# features resolve as they did and the built binary is reused: `-p fleet-api-tests`
# alone resolved fewer and rebuilt fleet-shared and the test binary (260 s).
log "the integration test that turns drivers' claims off and on, alone"
cargo test -q --workspace --test api -- --ignored --exact claims_api::the_office_turns_claims_off_and_on

log "waiting for the web app's build"
wait "$WEB_BUILD"

# On the build just made: above its budget (150 kB gzip) the run fails.
log "sign-in page JavaScript within its budget (scripts/bench/web-bundle.mjs)"
node scripts/bench/web-bundle.mjs --dist "$STATE/web-dist"

log "web unit tests (vitest)"
(cd web && npm test --silent)

log "starting the local API and web app for browser tests"
WEB_BUILT=1 SKIP_DRIVER_SIMULATOR=1 start_api_and_web

log "browser end-to-end tests (@playwright/test on Debian's chromium; a flaky test fails the run)"
rm -rf "$STATE/e2e-results"
if ! (cd web && FLEET_STACK_JSON="$STATE/stack.json" PLAYWRIGHT_OUTPUT_DIR="$STATE/e2e-results" npx playwright test); then
  e2e_failure_report
  exit 1
fi

log "a failing browser test leaves a trace that show-trace opens (web/e2e/probes/trace-check.mjs)"
(cd web && FLEET_STACK_JSON="$STATE/stack.json" node e2e/probes/trace-check.mjs)

# As the user, the local stack's demo admin (stack.json), whatever a deployer's shell exports.
log "smoke test against the local stack (scripts/smoke.sh, as after a deploy)"
SMOKE_TARGET=local SMOKE_EMAIL= SMOKE_PASSWORD= SMOKE_SKIP_BUILD=1 scripts/smoke.sh test

# Nothing enforces IAM locally: every AWS call the functions made above (the
# integration, browser and smoke tests; recorded by the local API into
# $STATE/calls) must be allowed by that function's role as `sam deploy` makes it.
log "IAM: every recorded call allowed by its function's role (scripts/iam/check.py)"
.venv/bin/python scripts/iam/check.py --template template.yaml --stack-env "$STATE/stack.env" --calls "$STATE/calls"

log "licenses, bans and sources of the Rust dependencies (cargo deny, deny.toml)"
wait "$DENY_INSTALL" || { cat "$STATE/cargo-deny-install.log"; log "cargo-deny could not be installed"; exit 1; }
"$CARGO_DENY" check --hide-inclusion-graph licenses bans sources

log "all tests passed"
