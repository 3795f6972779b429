#!/usr/bin/env bash
# The forecast ingest's writes (issue 59): ROWS rows (default 5,000), each with
# its history record and upload record, as the store writes them (each row on
# condition that it is still as read, with its two records, all or nothing,
# packed into transactions of up to 100 items, 4 in flight), and in the same run
# the first design's one BatchWriteItem stream of all three; prints both rates
# and the ratio. A benchmark: never part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
BENCH=forecast-writes BENCH_PORTS="5896 4196 5396"
. scripts/bench/lib.sh
ensure_python
ensure_rust
SKIP_API_AND_WEB=1 start_stack
"$FLEET_LOCAL" bench-forecast-writes "${1:-5000}"
