#!/usr/bin/env bash
# The Needs-attention panel's own cost (issue 42): the panel worked out in process over a stocking
# day of STOPS stops (default 250, the scale bench's at 2,500 fridges) and of ten times as many (at
# 25,000), with their actions, drivers, fleet facts and acknowledgements, in one run: the median of
# 7 answers each, the ratio, and the panel's size. No stack. A benchmark: never part of the timed tests.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build -q --profile measure -p fleet-local
target/measure/fleet-local bench-attention "${1:-250}"
