#!/usr/bin/env bash
# View Routes' query with STOPS (default 300) stops on one date, each with an
# order: prints the median and slowest answer of locationRoutes (with tote
# counts) through the local API, signed in (target < 300 ms). Its own stack.
# A benchmark: never part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
BENCH=routes BENCH_PORTS="5898 4298 5498"
. scripts/bench/lib.sh
ensure_tools
start_stack
DATE=2030-01-07
"$FLEET_LOCAL" bench-routes "$DATE" "${1:-300}"
(cd web && FLEET_STACK_JSON="$STATE/stack.json" node ../scripts/bench/routes-query.mjs "$DATE" "${1:-300}")
