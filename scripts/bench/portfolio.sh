#!/usr/bin/env bash
# The portfolio health page with FRIDGES (default 2,500) reporting fridges:
# prints how long it takes from navigation until every fridge is counted in
# the Locations list and the chart is drawn (median of 3, fresh browser
# context each; target < 2 s). Its own stack and ports; heartbeats go
# through the real ingest handler. A benchmark: never part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
BENCH=portfolio BENCH_PORTS="5896 4296 5496"
. scripts/bench/lib.sh
ensure_tools
SKIP_SIMULATOR=1 start_stack
"$FLEET_LOCAL" bench-health "${1:-2500}"
(cd web && FLEET_STACK_JSON="$STATE/stack.json" node ../scripts/bench/portfolio-page.mjs "${1:-2500}")
