#!/usr/bin/env bash
# Complete Now's wait (1-locations §4 and §9: a change re-saved "to run about 5 seconds later"): schedules RUNS
# changes due 5 s ahead, as Complete Now does, and prints how long each took to read back applied, through the
# local API (its wake-up queue's poller and its once-a-minute scheduler both running). Its own stack.
# A benchmark: never part of the timed tests.
#
#   scripts/bench/complete-now.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../.."
BENCH=complete-now BENCH_PORTS="5892 4192 5392"
. scripts/bench/lib.sh
ensure_tools
start_stack
(cd web && FLEET_STACK_JSON="$STATE/stack.json" node ../scripts/bench/complete-now.mjs "${1:-5}")
