#!/usr/bin/env bash
# The Stocking Real-Time Dashboard with FRIDGES (default 2,500) fridges
# reporting through the real ingest and STOPS (default 300) stops on one date
# with their driver actions: prints the answer time of stockingDashboard in
# process and through the local API (first load and refreshes; target
# < 1 s) and the AWS calls one refresh makes. Its own stack and ports.
# A benchmark: never part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
BENCH=dashboard BENCH_PORTS="5899 4299 5499"
. scripts/bench/lib.sh
ensure_tools
SKIP_SIMULATOR=1 start_stack
DATE=2030-01-08
"$FLEET_LOCAL" bench-dashboard "$DATE" "${2:-300}" "${1:-2500}"
(cd web && FLEET_STACK_JSON="$STATE/stack.json" node ../scripts/bench/dashboard-query.mjs "$DATE" "${2:-300}")
