#!/usr/bin/env bash
# Telemetry ingest: MESSAGES heartbeats (default 2,000) stored by the real
# ingest handler (SQS event records of 10) and the same items by a raw loop
# of the same writes (samples in BatchWriteItem, health as newest-wins
# conditional PutItem, 8 in flight), into the same fresh emulator in the same
# run; prints both rates and the ratio (target >= 0.5); then what an inventory
# snapshot costs (SNAPSHOTS, default 1,000). A benchmark: never
# part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
BENCH=ingest BENCH_PORTS="5897 4197 5397"
. scripts/bench/lib.sh
ensure_python
ensure_rust
SKIP_API_AND_WEB=1 start_stack
"$FLEET_LOCAL" bench-ingest "${1:-2000}"
# Inventory snapshots (issue 39): calls and capacity units per snapshot, in
# order and late, beside the previous design's calls replayed in the same run.
"$FLEET_LOCAL" bench-ingest-inventory "${2:-1000}" >/dev/null
