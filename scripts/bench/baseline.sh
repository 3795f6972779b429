#!/usr/bin/env bash
# A same-run baseline for the screens' first content (issue 42). This machine's speed moves between
# sessions: the same build's dashboard took 611 ms on the day its 1 s budget was set and 1,182-1,348 ms
# on a later one. So a budget set on one day is checked here against the code of that day, measured in
# the same run: for a baseline commit and then for this working tree, each with its own stack and its
# own scripts, it seeds every size (`fleet-local bench-scale-seed`) and times the screens
# (scale-pages.mjs), then prints each screen's median for both and their ratio, and the budget carried
# to this machine (the budget × the baseline now ÷ the baseline then, from docs/capacity.md at the
# baseline commit).
#   scripts/bench/baseline.sh [COMMIT [FRIDGES...]]
# Defaults: 20ed3fe (the last scale run before the Needs-attention panel), 2500 25000. BASELINE_TREE names
# the baseline's worktree (default .local/bench-baseline/tree): one already built there is reused.
# A benchmark: never part of the timed tests. Its own stacks and ports; about 15 minutes a side.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
commit=$(git rev-parse --short "${1:-20ed3fe}^{commit}")
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(2500 25000)
OUT="$ROOT/.local/bench-baseline"
mkdir -p "$OUT"
tree="${BASELINE_TREE:-$OUT/tree}" # a worktree of this repository at the baseline (reused when it is)

# The baseline's checkout, with this tree's optimised dependencies copied in (its own crates rebuild).
. scripts/bench/worktree.sh
bench_worktree "$commit" "$tree"

# One side: its checkout's own stack (scripts/bench/lib.sh of that commit), every size seeded on its own
# date and timed. A subshell, so that its stack stops (lib.sh's trap) before the other side starts.
side() {
  local name=$1 checkout=$2 ports=$3
  (
    cd "$checkout"
    BENCH="baseline-$name" BENCH_PORTS="$ports"
    . scripts/bench/lib.sh
    ensure_tools
    SKIP_SIMULATOR=1 start_stack
    local day=8 date
    for n in "${sizes[@]}"; do
      date="2026-01-$(printf %02d "$day")"
      day=$((day + 1))
      log "$name: seeding $n fridges (stops on $date)"
      "$FLEET_LOCAL" bench-scale-seed "$n" "$date" > /dev/null
      log "$name: timing the screens"
      (cd web && FLEET_STACK_JSON="$STATE/stack.json" node ../scripts/bench/scale-pages.mjs "$n" "$date") \
        > "$OUT/$name-$n.json"
    done
  )
}

side baseline "$tree" "5931 4231 5431"
side current "$ROOT" "5941 4241 5441"

git show "$commit:docs/capacity.md" > "$OUT/capacity-then.md"
python3 - "$OUT" "$commit" "${sizes[@]}" <<'EOF'
import json, re, sys
from pathlib import Path

out, commit, sizes = Path(sys.argv[1]), sys.argv[2], [int(s) for s in sys.argv[3:]]
BUDGET_MS = 1000  # first content (issue 42)
then_doc = (out / "capacity-then.md").read_text()

def then_ms(screen, fridges):
    """The baseline's figure on its own day: docs/capacity.md at the baseline commit."""
    column = None
    for line in then_doc.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] == "Screen":
            column = cells.index(f"{fridges:,} fridges") if f"{fridges:,} fridges" in cells else None
        elif column is not None and cells[0] == screen:
            return int(re.sub(r"[^0-9]", "", cells[column]))
    return None

print(f"Same run: baseline {commit} and the working tree (medians of 3 fresh contexts, ms)")
print("| Screen | fridges | baseline then | baseline now | current | current ÷ baseline | budget carried to this machine |")
print("|---|---|---|---|---|---|---|")
for n in sizes:
    base = json.loads((out / f"baseline-{n}.json").read_text())
    cur = json.loads((out / f"current-{n}.json").read_text())
    rows = [(name, base["screens"].get(name), cur["screens"].get(name)) for name in base["screens"]]
    rows += [(f"refresh of {name}", base["refreshes"].get(name), cur["refreshes"].get(name)) for name in base["refreshes"]]
    for name, b, c in rows:
        if not b or not c:
            continue
        then = then_ms(name, n)
        carried = f"{BUDGET_MS * b['ms'] / then:,.0f}" if then and not name.startswith("refresh") else ""
        print(f"| {name} | {n:,} | {then if then else ''} | {b['ms']:,} | {c['ms']:,} | {c['ms'] / b['ms']:.2f}x | {carried} |")
EOF
