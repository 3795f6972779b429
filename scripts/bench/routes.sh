#!/usr/bin/env bash
# View Routes' query with STOPS (default 300) stops on one date, each with an
# order: prints the median and slowest answer of locationRoutes (with tote
# counts) through the local API, signed in (target < 300 ms). Its own stack.
# A benchmark: never part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
export FLEET_STATE_DIR="$PWD/.local/bench-routes" MOTO_PORT="${BENCH_MOTO_PORT:-5898}" API_PORT=4298 WEB_PORT=5498
export CARGO_PROFILE=measure SAM_CLI_TELEMETRY=0 AWS_DEFAULT_REGION=us-east-1
. scripts/lib.sh
trap stop_stack EXIT INT TERM
ensure_tools
start_stack
DATE=2030-01-07
"$FLEET_LOCAL" bench-routes "$DATE" "${1:-300}"
(cd web && FLEET_STACK_JSON="$STATE/stack.json" node ../scripts/bench/routes-query.mjs "$DATE" "${1:-300}")
