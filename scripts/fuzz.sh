#!/usr/bin/env bash
# Runs the property tests for longer than the test command does: rounds of
# every Rust proptest (PROPTEST_CASES per property, default 2,000) and the
# browser's fast-check properties (FC_RUNS per property, default 2,000), until
# MINUTES (default 5) have passed. Prints the cases run and the time taken.
# No emulator needed: the properties are at the parse and rule level.
set -euo pipefail
cd "$(dirname "$0")/.."
MINUTES="${1:-5}"
CASES="${PROPTEST_CASES:-2000}"
RUNS="${FC_RUNS:-2000}"
# The crates holding proptest properties, and the test target of each.
RUST_TARGETS=(
  "-p fleet-functions --test properties"
  "-p fn-fleet --lib properties"
  "-p fleet-shared --lib report::derive"
  "-p fn-pars --lib"
  "-p fn-software --lib"
)
start=$SECONDS
deadline=$((SECONDS + MINUTES * 60))
rounds=0
while [ "$SECONDS" -lt "$deadline" ]; do
  for target in "${RUST_TARGETS[@]}"; do
    # shellcheck disable=SC2086
    PROPTEST_CASES="$CASES" cargo test -q $target >/dev/null
  done
  (cd web && FC_RUNS="$RUNS" npx vitest run src/lib/upload-pipeline.property.test.ts >/dev/null)
  rounds=$((rounds + 1))
  echo "round $rounds done after $((SECONDS - start)) s"
done
echo "fuzz: $rounds rounds in $((SECONDS - start)) s; $CASES cases per Rust property and $RUNS runs per web property each round"
