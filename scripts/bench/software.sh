#!/usr/bin/env bash
# The fridge software screen with FRIDGES (default 2,500) fridges: prints how
# long its data takes to load (cold cache, from navigation to every row in
# the table; target < 1 s) and how long a keystroke in the search box takes
# to update the table (target < 50 ms). Its own stack and ports.
# A benchmark: never part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
export FLEET_STATE_DIR="$PWD/.local/bench-software" MOTO_PORT="${BENCH_MOTO_PORT:-5899}" API_PORT=4299 WEB_PORT=5499
export CARGO_PROFILE=measure SAM_CLI_TELEMETRY=0 AWS_DEFAULT_REGION=us-east-1
. scripts/lib.sh
trap stop_stack EXIT INT TERM
ensure_tools
# The fleet simulator stays off: its telemetry would queue behind the one
# emulator lock, which DynamoDB on AWS does not have.
SKIP_SIMULATOR=1 start_stack
"$FLEET_LOCAL" bench-fleet "${1:-2500}"
(cd web && FLEET_STACK_JSON="$STATE/stack.json" node ../scripts/bench/software-page.mjs "${1:-2500}")
