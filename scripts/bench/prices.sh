#!/usr/bin/env bash
# A ROWS-row item price file (default 5,000) checked by the dry run with the
# diff against a fresh emulator holding half of its prices; prints the median
# of 3 (target < 2 s). A benchmark: never part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
BENCH=prices BENCH_PORTS="5898 4198 5398"
. scripts/bench/lib.sh
ensure_python
ensure_rust
SKIP_API_AND_WEB=1 start_stack
"$FLEET_LOCAL" bench-prices "${1:-5000}"
