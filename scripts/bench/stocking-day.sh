#!/usr/bin/env bash
# The Drop Off Summary and JIT Management lists for a day with STOPS
# (default 300) stops, each with a fridge order and a packing slip: prints
# each list's load time in process and through the local API (target < 1 s).
# Its own stack and ports. A benchmark: never part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
BENCH=stocking-day BENCH_PORTS="5898 4298 5498"
. scripts/bench/lib.sh
ensure_tools
SKIP_SIMULATOR=1 start_stack
DATE=2030-02-12
"$FLEET_LOCAL" bench-stocking-day "$DATE" "${1:-300}"
(cd web && FLEET_STACK_JSON="$STATE/stack.json" node ../scripts/bench/stocking-day-query.mjs "$DATE" "${1:-300}")
