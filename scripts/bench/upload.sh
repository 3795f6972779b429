#!/usr/bin/env bash
# Commits ROWS (default 10,000) bulk-location rows through the upload pipeline
# against a fresh emulator and, in the same run, writes the same items with a
# raw BatchWriteItem loop; prints both rates and their ratio (target >= 0.5).
# A benchmark: never part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
BENCH=upload BENCH_PORTS="5799 4199 5399"
. scripts/bench/lib.sh
ensure_python
ensure_rust
SKIP_API_AND_WEB=1 start_stack
"$FLEET_LOCAL" bench-upload "${1:-10000}"
