#!/usr/bin/env bash
# Smoke test of a stack: signs in (SRP, as the web app) and checks GraphQL,
# the locations page's query, a heartbeat through the telemetry queue read
# back by fridgeHealth, a REST route, the web origin's security headers and
# the AppSync API against the schema, registry and template (fleet-local
# verify-deploy); one line per check, non-zero exit on any failure
# (scripts/smoke/smoke.py).
#   SMOKE_EMAIL=ops@example.com SMOKE_PASSWORD=... scripts/smoke.sh <stack-name>
# A deployed stack is read from its CloudFormation outputs with the deployer's
# AWS credentials; a local one (scripts/run-local.sh) from .local/<name>/.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$#" -eq 1 ] || { echo "usage: scripts/smoke.sh STACK" >&2; exit 2; }
. scripts/lib.sh
ensure_python
# verify-deploy's binary; SMOKE_SKIP_BUILD=1 when the caller built it (the test command's one build).
[ "${SMOKE_SKIP_BUILD:-0}" = 1 ] || ensure_rust
FLEET_LOCAL="$FLEET_LOCAL" exec .venv/bin/python scripts/smoke/smoke.py "$1"
