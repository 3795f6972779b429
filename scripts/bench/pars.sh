#!/usr/bin/env bash
# A ROWS-row par file (default 10,000) validated by the dry run and committed
# as uploadParMaps commits it, against a fresh emulator; in the same run the
# same orders written with a raw BatchWriteItem loop. Prints both rates and
# the ratio (target >= 0.5), for each of RUNS runs and their median.
#   scripts/bench/pars.sh [ROWS [RUNS]]
# A benchmark: never part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
BENCH=pars BENCH_PORTS="5897 4197 5397"
. scripts/bench/lib.sh
ensure_python
ensure_rust
SKIP_API_AND_WEB=1 start_stack
# RUNS runs (default 5, issue 63), each printed; then their ratios and the median.
runs=${2:-5}
ratios=()
for run in $(seq "$runs"); do
  log "run $run of $runs"
  out=$("$FLEET_LOCAL" bench-pars "${1:-10000}")
  echo "$out"
  ratios+=("$(echo "$out" | sed -n 's/^pipeline \/ raw = \([0-9.]*\).*/\1/p')")
done
python3 - "${ratios[@]}" <<'EOF'
import statistics, sys
ratios = [float(r) for r in sys.argv[1:]]
print(f"pipeline / raw, {len(ratios)} runs: {', '.join(f'{r:.2f}' for r in ratios)}; median {statistics.median(ratios):.2f} (target >= 0.5)")
EOF
