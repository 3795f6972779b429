#!/usr/bin/env bash
# A dashboard container's first read of a day's driver actions (issue 63): a
# shard longer than one 1 MB page is read past it in slices of the day side by
# side, beside the same read page after page (the baseline, same run). Seeds
# the scale bench's day for FRIDGES (default 25000) fridges, then prints
# `fleet-local bench-day-read`'s JSON. Its own stack and ports. A benchmark:
# never part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
BENCH=day-read BENCH_PORTS="5897 4297 5497"
. scripts/bench/lib.sh
ensure_tools
SKIP_SIMULATOR=1 start_stack
DATE=2026-01-09
"$FLEET_LOCAL" bench-scale-seed "${1:-25000}" "$DATE" > /dev/null
"$FLEET_LOCAL" bench-day-read "$DATE" "${2:-7}"
