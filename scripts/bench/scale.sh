#!/usr/bin/env bash
# Ten times the fleet (issue 26): for each size (default 2,500 then 25,000
# fridges, in one stack and one run) seeds the fleet through the real ingest
# (`fleet-local bench-scale-seed`), times each screen's first useful content
# in headless chromium with the AWS calls of its load (scale-pages.mjs),
# every screen of the navigation and a fridge's pages (screens.mjs),
# measures the telemetry ingest through the queue and handler
# (`bench-scale-ingest`), then prints every figure side by side with the
# ratio between the sizes and writes docs/capacity.md (capacity.py).
#   scripts/bench/scale.sh [FRIDGES...]    e.g. scripts/bench/scale.sh 2500 25000
# A benchmark: never part of the timed tests. Its own stack and ports.
set -euo pipefail
cd "$(dirname "$0")/../.."
BENCH=scale BENCH_PORTS="5891 4191 5391"
. scripts/bench/lib.sh
ensure_tools
SKIP_SIMULATOR=1 start_stack
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(2500 25000)
OUT="$STATE/scale"
rm -rf "$OUT" && mkdir -p "$OUT"
# A past date (issue 42): the dashboard sees it as it stood at its 18:00 Central close, so the
# Needs-attention panel works out every seeded action (half the stops scanned and never stocked:
# stuck; routes started late; the fleet's fridge faults) in each answer it times.
day=8
for n in "${sizes[@]}"; do
  date="2026-01-$(printf %02d "$day")"
  day=$((day + 1))
  log "seeding $n fridges (stops on $date)"
  started=$(date +%s)
  "$FLEET_LOCAL" bench-scale-seed "$n" "$date" > "$OUT/seed-$n.json"
  log "seeded in $(($(date +%s) - started)) s; timing the screens"
  (cd web && FLEET_STACK_JSON="$STATE/stack.json" node ../scripts/bench/scale-pages.mjs "$n" "$date") > "$OUT/pages-$n.json"
  log "every screen of the navigation (screens.mjs, issue 63)"
  (cd web && FLEET_STACK_JSON="$STATE/stack.json" node ../scripts/bench/screens.mjs "$n" "$date" 3) > "$OUT/screens-$n.json"
  log "ingest through the queue"
  "$FLEET_LOCAL" bench-scale-ingest "${INGEST_MESSAGES:-5000}" "http://127.0.0.1:$API_PORT" > "$OUT/ingest-$n.json"
  log "inventory snapshots through the handler"
  "$FLEET_LOCAL" bench-ingest-inventory "${INVENTORY_SNAPSHOTS:-1000}" > "$OUT/inventory-$n.json"
done
python3 scripts/bench/capacity.py "$OUT" docs/capacity.md "${sizes[@]}"
