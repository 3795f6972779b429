#!/usr/bin/env bash
# A ROWS-row item price file (default 5,000) checked by the dry run with the
# diff against a fresh emulator holding half of its prices; prints the median
# of 3 (target < 2 s). A benchmark: never part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
export FLEET_STATE_DIR="$PWD/.local/bench-prices" MOTO_PORT="${BENCH_MOTO_PORT:-5898}" API_PORT=4198 WEB_PORT=5398
export CARGO_PROFILE=measure SAM_CLI_TELEMETRY=0 AWS_DEFAULT_REGION=us-east-1
. scripts/lib.sh
trap stop_stack EXIT INT TERM
ensure_python
ensure_rust
SKIP_API_AND_WEB=1 start_stack
"$FLEET_LOCAL" bench-prices "${1:-5000}"
