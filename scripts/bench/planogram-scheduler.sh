#!/usr/bin/env bash
# N slot changes of one layout due at one hour (default 5,000), applied by the
# planogram scheduler run after run (at most slots::MAX_PER_RUN a run, each
# exactly once), against a fresh emulator. Prints each run's time and the
# total. A benchmark: never part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
BENCH=planogram-scheduler BENCH_PORTS="5893 4193 5393"
. scripts/bench/lib.sh
ensure_python
ensure_rust
SKIP_API_AND_WEB=1 start_stack
"$FLEET_LOCAL" bench-planogram-scheduler "${1:-5000}"
