#!/usr/bin/env bash
# Runs the Rust unit tests and the web unit tests (vitest) with the clock set to
# instants where a test that leans on "now" would break: the stocking day's turn
# (18:00 Central, in standard and in daylight time), a new year, the hour that
# does not exist in spring and the hour that repeats in autumn. Each instant
# starts a clock that then runs on (libfaketime); timers keep the real
# monotonic clock. Prints one line per instant and suite, and exits non-zero if
# any failed. The integration tests are left out: the emulator keeps the real
# time, so its presigned links and tokens would fail for that reason alone.
#
# Needs faketime (Debian: apt-get install faketime). Takes about 10 minutes.
# Usage: scripts/clock-sweep.sh [INSTANT ...]   (INSTANT as faketime reads it, e.g. '@2027-01-01 05:59:30')
set -euo pipefail
cd "$(dirname "$0")/.."
command -v faketime >/dev/null || { echo "faketime is not installed (Debian: apt-get install faketime)" >&2; exit 2; }

INSTANTS=("$@")
if [ ${#INSTANTS[@]} -eq 0 ]; then
  INSTANTS=(
    '@2026-12-01 23:59:30' # 17:59:30 CST: the stocking day turns in 30 s
    '@2027-06-15 22:59:30' # 17:59:30 CDT: the same in daylight time
    '@2027-01-01 05:59:30' # 23:59:30 Central on New Year's Eve
    '@2027-03-14 08:30:00' # 02:30 Central does not exist that day
    '@2027-11-07 07:30:00' # 01:30 CST, the second time 01:30 comes that day
  )
fi
export FAKETIME_DONT_FAKE_MONOTONIC=1

# The unit-test binaries, built once at the real time (cargo itself does not run under faketime).
mapfile -t BINARIES < <(cargo test -q --workspace --exclude fleet-api-tests --no-run --message-format=json 2>/dev/null |
  python3 -c '
import json, sys
for line in sys.stdin:
    try:
        m = json.loads(line)
    except ValueError:
        continue
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m.get("profile", {}).get("test"):
        print(m["executable"])
')
[ ${#BINARIES[@]} -gt 0 ] || { echo "no test binaries: does 'cargo test --workspace --no-run' build?" >&2; exit 2; }

failed=0
for instant in "${INSTANTS[@]}"; do
  rust_failed=()
  for binary in "${BINARIES[@]}"; do
    faketime -f "$instant" "$binary" -q >/dev/null 2>&1 || rust_failed+=("$(basename "$binary")")
  done
  if [ ${#rust_failed[@]} -eq 0 ]; then
    echo "$instant  rust: ${#BINARIES[@]} test binaries passed"
  else
    echo "$instant  rust: FAILED in ${rust_failed[*]}"
    failed=1
  fi
  if summary=$(cd web && faketime -f "$instant" npx vitest run --reporter=dot 2>&1); then
    echo "$instant  vitest: $(grep -E 'Tests +[0-9]' <<<"$summary" | tr -s ' ')"
  else
    echo "$instant  vitest: FAILED"
    grep -E '^ FAIL ' <<<"$summary" | sort -u | sed 's/^/    /'
    failed=1
  fi
done
exit "$failed"
