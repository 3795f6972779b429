#!/usr/bin/env bash
# The fridge software screen with FRIDGES (default 2,500) fridges: prints how
# long its data takes to load (cold cache, from navigation to every row in
# the table; target < 1 s) and how long a keystroke in the search box takes
# to update the table (target < 50 ms). Its own stack and ports.
# A benchmark: never part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
BENCH=software BENCH_PORTS="5899 4299 5499"
. scripts/bench/lib.sh
ensure_tools
# The fleet simulator stays off: its telemetry would queue behind the one
# emulator lock, which DynamoDB on AWS does not have.
SKIP_SIMULATOR=1 start_stack
"$FLEET_LOCAL" bench-fleet "${1:-2500}"
(cd web && FLEET_STACK_JSON="$STATE/stack.json" node ../scripts/bench/software-page.mjs "${1:-2500}")
