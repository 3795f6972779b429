#!/usr/bin/env bash
# Telemetry ingest: MESSAGES heartbeats (default 2,000) stored by the real
# ingest handler (SQS event records of 10) and the same items by a raw
# BatchWriteItem loop, into the same fresh emulator in the same run; prints
# both rates and the ratio (target >= 0.5). A benchmark: never part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
export FLEET_STATE_DIR="$PWD/.local/bench-ingest" MOTO_PORT="${BENCH_MOTO_PORT:-5897}" API_PORT=4197 WEB_PORT=5397
export CARGO_PROFILE=measure SAM_CLI_TELEMETRY=0 AWS_DEFAULT_REGION=us-east-1
. scripts/lib.sh
trap stop_stack EXIT INT TERM
ensure_python
ensure_rust
SKIP_API_AND_WEB=1 start_stack
"$FLEET_LOCAL" bench-ingest "${1:-2000}"
