#!/usr/bin/env bash
# The local stack's drain rate (issue 63): MESSAGES heartbeats (default 20,000) for FRIDGES of the demo's LIVE
# fridges (default 200) sent to the telemetry queue of a stack that runs as `scripts/run-local.sh` does (the
# simulators, the DynamoDB stream readers, the scheduler), timed until the queue is empty, for a baseline
# commit and for this working tree, each on its own stack in the same run. Prints, for each side, the drain
# rate (messages a second), what reached the dead-letter queue, the emulator's requests a second over the
# drain (its access log) and the share of them the scheduled functions made (the local API's log).
#   scripts/bench/drain.sh [COMMIT [MESSAGES [FRIDGES]]]      # defaults: ffba0f2 20000 200
# BASELINE_TREE names the baseline's worktree (default .local/bench-drain/tree; one built there is reused).
# A benchmark: never part of the timed tests. Each side builds the `measure` profile (a few minutes the first time).
set -euo pipefail
cd "$(dirname "$0")/../.."
HOME_TREE=$PWD # (not ROOT: the sourced lib.sh sets its own)
commit=$(git rev-parse --short "${1:-ffba0f2}^{commit}")
messages=${2:-20000}
fridges=${3:-200}
OUT="$HOME_TREE/.local/bench-drain"
mkdir -p "$OUT"
tree="${BASELINE_TREE:-$OUT/tree}"
. scripts/bench/worktree.sh
bench_worktree "$commit" "$tree"

# One side: its checkout's own stack, started as its run-local does (simulators on), then the load from this
# tree's sender, which speaks only to the emulator, so one sender serves any commit.
side() {
  local name=$1 checkout=$2 ports=$3
  (
    cd "$checkout"
    BENCH="drain-$name" BENCH_PORTS="$ports"
    . scripts/bench/lib.sh
    ensure_python; ensure_rust
    SKIP_WEB=1 start_stack
    log "$name: $messages heartbeats for $fridges fridges, with the simulators running"
    "$HOME_TREE/.venv/bin/python" "$HOME_TREE/scripts/bench/drain.py" --state "$STATE" --messages "$messages" \
      --fridges "$fridges" --side "$name" > "$OUT/$name.json"
    cat "$OUT/$name.json"
  )
}

side baseline "$tree" "5951 4251 5451"
side current "$HOME_TREE" "5961 4261 5461"

"$HOME_TREE/.venv/bin/python" - "$OUT" "$commit" <<'EOF'
import json, sys
from pathlib import Path
out, commit = Path(sys.argv[1]), sys.argv[2]
b, c = (json.loads((out / f"{s}.json").read_text()) for s in ("baseline", "current"))
print(f"drain of {c['messages']} heartbeats for {c['fridges']} fridges, simulators running (same run):")
for name, r in ((f"{commit} (baseline)", b), ("this tree", c)):
    print(f"  {name}: {r['seconds']:.0f} s, {r['rate']:.1f} messages/s, dead-lettered {r['deadLettered']}, "
          f"emulator {r['emulatorRequestsPerSecond']:.1f} requests/s, scheduled functions' share of AWS calls "
          f"{r['scheduledShare']:.1%}")
print(f"  ratio (this tree / baseline): {c['rate'] / b['rate']:.2f} (goal: at least 1)")
EOF
