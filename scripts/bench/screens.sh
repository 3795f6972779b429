#!/usr/bin/env bash
# Every screen within a second (issue 63): for a baseline commit and then this working tree, each on its own stack
# in the same run, started as `scripts/run-local.sh` starts one (the fleet, order and driver simulators running),
# seeds FRIDGES fridges through the real ingest (`fleet-local bench-scale-seed`, stops on DATE) and times every
# screen of the navigation and a fridge's pages (screens.mjs, this tree's, against both): admin, 1440 px, median
# of RUNS fresh page loads. Prints each screen's first content and button data for both sides with their ratio,
# and this tree's server time and the share of it spent waiting for the emulator. JSON in .local/bench-screens/.
#   scripts/bench/screens.sh [COMMIT [FRIDGES [RUNS [NAME-FILTER]]]]     defaults: a39cf0e 2500 3
# COMMIT `-` times this tree alone. BASELINE_TREE names the baseline's worktree (default
# .local/bench-screens/tree; one built there is reused). A benchmark: never part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
HOME_TREE=$PWD
commit=${1:-a39cf0e}
fridges=${2:-2500}
runs=${3:-3}
filter=${4:-}
date=2026-01-08
OUT="$HOME_TREE/.local/bench-screens"
mkdir -p "$OUT"

side() {
  local name=$1 checkout=$2 ports=$3
  (
    cd "$checkout"
    BENCH="screens-$name" BENCH_PORTS="$ports"
    . scripts/bench/lib.sh
    ensure_tools
    start_stack
    log "$name: seeding $fridges fridges (stops on $date)"
    "$FLEET_LOCAL" bench-scale-seed "$fridges" "$date" > /dev/null
    log "$name: timing every screen, with the simulators running"
    (cd web && FLEET_STACK_JSON="$STATE/stack.json" node "$HOME_TREE/scripts/bench/screens.mjs" \
      "$fridges" "$date" "$runs" "$filter") > "$OUT/$name-$fridges.json"
  )
}

if [ "$commit" != - ]; then
  commit=$(git rev-parse --short "$commit^{commit}")
  . scripts/bench/worktree.sh
  tree="${BASELINE_TREE:-$OUT/tree}"
  bench_worktree "$commit" "$tree"
  side baseline "$tree" "5971 4271 5471"
else
  rm -f "$OUT/baseline-$fridges.json"
fi
side current "$HOME_TREE" "5895 4195 5395"

python3 - "$OUT" "$fridges" "$commit" <<'PY'
import json, sys
from pathlib import Path
out, fridges, commit = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
cur = json.loads((out / f"current-{fridges}.json").read_text())["screens"]
base_file = out / f"baseline-{fridges}.json"
base = json.loads(base_file.read_text())["screens"] if base_file.exists() else {}
ms = lambda s, k: f"{s[k]:,}" if s and k in s else ""
ratio = lambda b, c, k: f"{c[k] / b[k]:.2f}" if b and k in b and k in c and b[k] else ""
print(f"{int(fridges):,} fridges, simulators running; medians in ms; baseline {commit}, same run")
print("| Screen | first content: baseline | this tree | ratio | button's data: baseline | this tree | ratio "
      "| this tree's server: functions' time, waiting for AWS (share) |")
print("|---|---|---|---|---|---|---|---|")
for name, c in cur.items():
    b = base.get(name)
    server = c.get("server") or {}
    handler, calls = server.get("handlerMs", 0), server.get("callMs", 0)
    share = f"{handler:,} ms, {calls:,} ms ({calls / handler:.0%})" if handler else ""
    print(f"| {name} | {ms(b, 'ms')} | {ms(c, 'ms')} | {ratio(b, c, 'ms')} | {ms(b, 'buttonMs')} "
          f"| {ms(c, 'buttonMs')} | {ratio(b, c, 'buttonMs')} | {share} |")
PY
