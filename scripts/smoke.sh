#!/usr/bin/env bash
# Smoke test of a stack: signs in (SRP, as the web app) and checks GraphQL,
# the locations page's query, a heartbeat through the telemetry queue read
# back by fridgeHealth, a REST route and the web origin's security headers;
# one line per check, non-zero exit on any failure (scripts/smoke/smoke.py).
#   SMOKE_EMAIL=ops@example.com SMOKE_PASSWORD=... scripts/smoke.sh <stack-name>
# A deployed stack is read from its CloudFormation outputs with the deployer's
# AWS credentials; a local one (scripts/run-local.sh) from .local/<name>/.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$#" -eq 1 ] || { echo "usage: scripts/smoke.sh STACK" >&2; exit 2; }
. scripts/lib.sh
ensure_python
exec .venv/bin/python scripts/smoke/smoke.py "$1"
