#!/usr/bin/env bash
# A ROWS-row par file (default 10,000) validated by the dry run and committed
# as uploadParMaps commits it, against a fresh emulator; in the same run the
# same orders written with a raw BatchWriteItem loop. Prints both rates and
# the ratio (target >= 0.5). A benchmark: never part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
export FLEET_STATE_DIR="$PWD/.local/bench-pars" MOTO_PORT="${BENCH_MOTO_PORT:-5897}" API_PORT=4197 WEB_PORT=5397
export CARGO_PROFILE=measure SAM_CLI_TELEMETRY=0 AWS_DEFAULT_REGION=us-east-1
. scripts/lib.sh
trap stop_stack EXIT INT TERM
ensure_python
ensure_rust
SKIP_API_AND_WEB=1 start_stack
"$FLEET_LOCAL" bench-pars "${1:-10000}"
