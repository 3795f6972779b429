#!/usr/bin/env bash
# The portfolio health page with FRIDGES (default 2,500) reporting fridges:
# prints how long it takes from navigation until every fridge is counted in
# the Locations list and the chart is drawn (median of 3, fresh browser
# context each; target < 2 s). Its own stack and ports; heartbeats go
# through the real ingest handler. A benchmark: never part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
export FLEET_STATE_DIR="$PWD/.local/bench-portfolio" MOTO_PORT="${BENCH_MOTO_PORT:-5896}" API_PORT=4296 WEB_PORT=5496
export CARGO_PROFILE=measure SAM_CLI_TELEMETRY=0 AWS_DEFAULT_REGION=us-east-1
. scripts/lib.sh
trap stop_stack EXIT INT TERM
ensure_tools
SKIP_SIMULATOR=1 start_stack
"$FLEET_LOCAL" bench-health "${1:-2500}"
(cd web && FLEET_STACK_JSON="$STATE/stack.json" node ../scripts/bench/portfolio-page.mjs "${1:-2500}")
