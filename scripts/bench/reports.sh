#!/usr/bin/env bash
# The range reports for 7 days: 50,000 driver log entries and 10,000 route
# temperature readings (ENTRIES and READINGS override them); prints the time
# of each report's first page in process and through the local API (target
# < 1 s). Its own stack and ports. A benchmark: never part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
BENCH=reports BENCH_PORTS="5897 4297 5497"
. scripts/bench/lib.sh
ensure_tools
SKIP_SIMULATOR=1 start_stack
"$FLEET_LOCAL" bench-reports "${ENTRIES:-50000}" "${READINGS:-10000}"
(cd web && FLEET_STACK_JSON="$STATE/stack.json" node ../scripts/bench/reports-query.mjs)
