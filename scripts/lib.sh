# Shared by run-local.sh and test.sh. Source it from the repository root.
# Installs what the project needs into project-local folders and starts or
# stops the local stack: emulator, provisioning, demo data, local API, web.

ROOT="$(pwd)"
STATE="${FLEET_STATE_DIR:-$ROOT/.local}"
MOTO_PORT="${MOTO_PORT:-5599}"
API_PORT="${API_PORT:-4000}"
WEB_PORT="${WEB_PORT:-5173}"
ROUTING_PORT="${ROUTING_PORT:-5601}"
mkdir -p "$STATE"
# The local binary's cargo profile: dev to run and test; the benchmarks use
# `measure`, optimised as the deployed Lambdas are.
CARGO_PROFILE="${CARGO_PROFILE:-dev}"
FLEET_LOCAL="$ROOT/target/$([ "$CARGO_PROFILE" = dev ] && echo debug || echo "$CARGO_PROFILE")/fleet-local"

# Each step says when it starts, in seconds since the script started: a slow
# stage of a long run (the test command's) shows in its log.
log() { printf '\033[1;34m==>\033[0m [%4d s] %s\n' "$SECONDS" "$*" >&2; }

# Re-runs a step only when its inputs changed (hash stored in $STATE).
changed() {
  local name="$1"; shift
  local sum; sum="$(cat "$@" 2>/dev/null | sha256sum | cut -d' ' -f1)"
  [ "$(cat "$STATE/$name.stamp" 2>/dev/null)" != "$sum" ] && echo "$sum" > "$STATE/$name.stamp.new"
}
done_step() { mv "$STATE/$1.stamp.new" "$STATE/$1.stamp" 2>/dev/null || true; }

ensure_python() {
  if [ ! -x .venv/bin/python ]; then log "creating .venv"; python3 -m venv .venv; fi
  if changed python scripts/requirements.txt; then
    log "installing Python tools (moto, SAM CLI, cfn-lint)"
    .venv/bin/pip install -q --disable-pip-version-check -r scripts/requirements.txt
    done_step python
  fi
}

# checkov (the IaC scanner) in a venv of its own: it pins an older boto3
# than the SAM CLI in .venv, so the two cannot share one.
ensure_checkov() {
  if [ ! -x .venv-checkov/bin/python ]; then log "creating .venv-checkov"; python3 -m venv .venv-checkov; fi
  if [ ! -x .venv-checkov/bin/checkov ] || changed checkov scripts/requirements-checkov.txt; then
    log "installing checkov"
    .venv-checkov/bin/pip install -q --disable-pip-version-check -r scripts/requirements-checkov.txt
    done_step checkov
  fi
}

ensure_node() {
  if [ ! -d web/node_modules ] || changed npm web/package-lock.json; then
    log "installing web packages"
    # npm ci: exactly the lock file, complete (web/.npmrc keeps the registry URLs in it).
    # Never a browser download: the browser tests run Debian's chromium.
    (cd web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
    done_step npm
  fi
}

# cargo-deny (licenses, bans and sources of the Rust dependencies: deny.toml), pinned, built from crates.io
# into a project folder once, then kept. In the dev profile: 2 min 12 s of CPU against 5 min 2 s optimised,
# and its check takes 2.8 s instead of 1.5 s. Not under the test command's clippy wrapper: cargo-deny's
# own crate is no crate of ours to lint.
CARGO_DENY_VERSION=0.20.2
CARGO_DENY="$ROOT/.tools/bin/cargo-deny"
ensure_cargo_deny() {
  if [ "$("$CARGO_DENY" --version 2>/dev/null)" != "cargo-deny $CARGO_DENY_VERSION" ]; then
    log "installing cargo-deny $CARGO_DENY_VERSION"
    env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS \
      cargo install -q --locked --debug cargo-deny --version "$CARGO_DENY_VERSION" --root "$ROOT/.tools"
  fi
}

ensure_rust() {
  # SKIP_RUST_BUILD=1: the caller built the binary already (the test command's Ctrl-C test; a
  # `cargo build -p fleet-local` after the workspace's test build resolves features apart and rebuilds).
  [ "${SKIP_RUST_BUILD:-0}" = 1 ] && [ -x "$FLEET_LOCAL" ] && return 0
  log "building the local API (cargo, $CARGO_PROFILE profile)"
  cargo build -q -p fleet-local --profile "$CARGO_PROFILE"
}

# The installs wait mostly on the network and the disk, the build on the cores:
# the Python and web installs run beside the Rust build (a fresh machine saved
# about 2 minutes). Each writes only its own folder; a failed one fails here.
# The Rust build is `ensure_rust`, or the command given (the test command builds every test at once).
ensure_tools() {
  local installs=()
  ensure_python & installs+=($!)
  ensure_node & installs+=($!)
  if [ "$#" -gt 0 ]; then "$@"; else ensure_rust; fi
  local pid
  for pid in "${installs[@]}"; do wait "$pid"; done
}

# A shell started with SIGINT ignored (from a script's background job, a CI
# runner, a tool's session) cannot trap it: bash keeps an ignored signal
# ignored. Ctrl-C must stop the stack all the same, so such a shell runs the
# script again with the default disposition first. Call it before `trap`.
# The guard names this process (exec keeps the pid), so a script it starts
# in the background, which ignores SIGINT again, restores its own.
restore_interrupt() {
  local ignored; ignored="$(awk '/^SigIgn:/ { print $2 }' /proc/$$/status 2>/dev/null || echo 0)"
  if [ $(( 16#${ignored:-0} & 2 )) -ne 0 ] && [ "${FLEET_SIGNALS_RESTORED:-}" != "$$" ]; then
    FLEET_SIGNALS_RESTORED=$$ exec env --default-signal=INT,QUIT "$@"
  fi
}

PIDS=()
# Stops what the stack started: SIGTERM, then after 3 s SIGKILL for anything
# still alive, so Ctrl-C frees every port within 5 s. Runs once (EXIT after INT).
stop_stack() {
  trap - EXIT INT TERM
  local pid alive
  for pid in "${PIDS[@]:-}"; do [ -n "$pid" ] && kill "$pid" 2>/dev/null || true; done
  for _ in $(seq 1 30); do
    alive=0
    # A child that has exited stays a zombie until `wait` reaps it: not alive.
    for pid in "${PIDS[@]:-}"; do
      [ -n "$pid" ] && grep -qs '^State:[[:space:]]*[^Z]' "/proc/$pid/status" && alive=1
    done
    [ "$alive" = 0 ] && break
    sleep 0.1
  done
  for pid in "${PIDS[@]:-}"; do [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}

# Stops whatever an earlier run left on our ports (a killed terminal, say).
free_port() {
  local pids; pids="$(lsof -t -iTCP:"$1" -sTCP:LISTEN 2>/dev/null || fuser "$1/tcp" 2>/dev/null || true)"
  [ -n "$pids" ] && kill $pids 2>/dev/null && sleep 0.5 || true
}

wait_http() {
  local url="$1" name="$2"
  for _ in $(seq 1 150); do curl -fsS -o /dev/null "$url" 2>/dev/null && return 0; sleep 0.2; done
  log "$name did not come up at $url (logs in $STATE)"; return 1
}

start_stack() {
  for p in "$API_PORT" "$WEB_PORT"; do free_port "$p"; done
  if [ "${EXTERNAL_EMULATOR:-0}" = 1 ]; then
    log "using the emulator already listening on 127.0.0.1:$MOTO_PORT (e.g. LocalStack)"
  else
    free_port "$MOTO_PORT"
    log "starting the AWS emulator (moto) on 127.0.0.1:$MOTO_PORT"
    .venv/bin/python scripts/local/emulator.py -H 127.0.0.1 -p "$MOTO_PORT" > "$STATE/moto.log" 2>&1 &
    PIDS+=($!)
    wait_http "http://127.0.0.1:$MOTO_PORT/moto-api/" moto
  fi

  log "creating tables, user pool and demo users from template.yaml"
  .venv/bin/python scripts/local/provision.py --endpoint "http://127.0.0.1:$MOTO_PORT" \
    --api-port "$API_PORT" --web-url "http://127.0.0.1:$WEB_PORT" --routing-port "$ROUTING_PORT" --state-dir "$STATE"
  set -a; . "$STATE/stack.env"; set +a
  # Every function's AWS calls, for the IAM check after the tests (scripts/iam/check.py).
  rm -rf "$STATE/calls"
  export FLEET_CALLS_DIR="$STATE/calls"

  # The integration tests sync through it too, so it starts with the emulator.
  free_port "$ROUTING_PORT"
  log "starting the routing service stub (LogiNext's HTTP contract) on 127.0.0.1:$ROUTING_PORT"
  "$FLEET_LOCAL" routing-stub > "$STATE/routing-stub.log" 2>&1 &
  PIDS+=($!)
  wait_http "http://127.0.0.1:$ROUTING_PORT/health" "routing service stub"

  log "seeding demo data"
  "$FLEET_LOCAL" seed

  [ "${SKIP_API_AND_WEB:-0}" = 1 ] && return 0
  start_api_and_web
}

# Types the operations, checks the types and builds the web app. Each stack
# builds into its own folder, so a test run leaves a dev stack alone.
build_web() {
  (cd web && node_modules/.bin/graphql-codegen --config codegen.yml && node_modules/.bin/tsc --noEmit -p tsconfig.json && node_modules/.bin/vite build --outDir "$STATE/web-dist" --emptyOutDir --manifest) \
    > "$STATE/web-build.log" 2>&1 || { cat "$STATE/web-build.log"; return 1; }
}

start_api_and_web() {
  log "starting the local API on 127.0.0.1:$API_PORT"
  "$FLEET_LOCAL" serve > "$STATE/api.log" 2>&1 &
  PIDS+=($!)
  # For the benches that read the local API's memory (scripts/bench/live.sh).
  echo "$!" > "$STATE/api.pid"
  wait_http "http://127.0.0.1:$API_PORT/health" "local API"

  if [ "${SKIP_SIMULATOR:-0}" != 1 ]; then
    log "starting the fleet simulator (every LIVE demo fridge, through the telemetry and command queues)"
    "$FLEET_LOCAL" simulate > "$STATE/simulator.log" 2>&1 &
    PIDS+=($!)
    log "starting the order-system simulator (today's and tomorrow's orders and cancellations, through the orders queue)"
    "$FLEET_LOCAL" simulate-orders > "$STATE/order-simulator.log" 2>&1 &
    PIDS+=($!)
    # The test command leaves it out: no browser test needs it, and its calls would compete with them.
    if [ "${SKIP_DRIVER_SIMULATOR:-0}" != 1 ]; then
      log "starting the driver simulator (demo drivers play yesterday's and today's routes through createDriverAction)"
      "$FLEET_LOCAL" simulate-drivers > "$STATE/driver-simulator.log" 2>&1 &
      PIDS+=($!)
    fi
  fi

  [ "${SKIP_WEB:-0}" = 1 ] && return 0
  # WEB_BUILT=1: the caller built it already (`build_web`).
  if [ "${WEB_BUILT:-0}" != 1 ]; then log "building the web app"; build_web; fi
  log "serving the web app on 127.0.0.1:$WEB_PORT"
  cp "$STATE/config.json" "$STATE/web-dist/config.json"
  (cd web && exec node_modules/.bin/vite preview --outDir "$STATE/web-dist" --host 127.0.0.1 --port "$WEB_PORT" --strictPort > "$STATE/web.log" 2>&1) &
  PIDS+=($!)
  wait_http "http://127.0.0.1:$WEB_PORT/" web
}
