#!/usr/bin/env bash
# The live dashboard's latency (issue 61): a driver's action through the API,
# then its change in an open dashboard, over ACTIONS actions (default 100):
# prints the median and p95, from the action's call to the row's new status
# (goal: median < 1 s, p95 < 2 s). Through the whole path: the table's stream,
# the publisher, the publishing mutation, the real-time endpoint, aws-amplify
# and the dashboard's read. Then the fan-out (see bench-fanout). Its own stack
# and ports, the simulators stopped.
# A benchmark: never part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
BENCH=live BENCH_PORTS="5939 4339 5539"
. scripts/bench/lib.sh
ensure_tools
SKIP_SIMULATOR=1 SKIP_DRIVER_SIMULATOR=1 start_stack
(cd web && FLEET_STACK_JSON="$STATE/stack.json" node ../scripts/bench/live-latency.mjs "${1:-100}")
# Fan-out: SUBSCRIBERS (default 200) on one date, 50 changes a second for a minute, straight to the publishing
# mutation as the publisher sends them; the local API's memory before and after.
"$FLEET_LOCAL" bench-fanout --subscribers "${2:-200}" --rate 50 --seconds 60 --api-url "http://127.0.0.1:$API_PORT" --api-pid "$(cat "$STATE/api.pid")"
