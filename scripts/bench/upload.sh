#!/usr/bin/env bash
# Commits ROWS (default 10,000) bulk-location rows through the upload pipeline
# against a fresh emulator and, in the same run, writes the same items with a
# raw BatchWriteItem loop; prints both rates and their ratio (target >= 0.5).
# A benchmark: never part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
export FLEET_STATE_DIR="$PWD/.local/bench" MOTO_PORT="${BENCH_MOTO_PORT:-5799}" API_PORT=4199 WEB_PORT=5399
export CARGO_PROFILE=measure SAM_CLI_TELEMETRY=0 AWS_DEFAULT_REGION=us-east-1
. scripts/lib.sh
trap stop_stack EXIT INT TERM
ensure_python
ensure_rust
SKIP_API_AND_WEB=1 start_stack
"$FLEET_LOCAL" bench-upload "${1:-10000}"
