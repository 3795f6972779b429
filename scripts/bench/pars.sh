#!/usr/bin/env bash
# A ROWS-row par file (default 10,000) validated by the dry run and committed
# as uploadParMaps commits it, against a fresh emulator; in the same run the
# same orders written with a raw BatchWriteItem loop. Prints both rates and
# the ratio (target >= 0.5). A benchmark: never part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
BENCH=pars BENCH_PORTS="5897 4197 5397"
. scripts/bench/lib.sh
ensure_python
ensure_rust
SKIP_API_AND_WEB=1 start_stack
"$FLEET_LOCAL" bench-pars "${1:-10000}"
