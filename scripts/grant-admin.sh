#!/usr/bin/env bash
# Grants every permission action to one user of a deployed stack (the first
# administrator; later grants go through the Permissions screen). Each grant is
# written with its history record, as the Permissions screen writes it, naming
# the operator (the AWS identity running this); an action already held changes
# and records nothing.
#   scripts/grant-admin.sh <stack-name> <email>
set -euo pipefail
cd "$(dirname "$0")/.."
STACK="${1:?stack name}" EMAIL="${2:?email}" .venv/bin/python - <<'PY'
import boto3, os, subprocess, sys
cfn = boto3.client("cloudformation")
res = lambda logical: cfn.describe_stack_resource(StackName=os.environ["STACK"], LogicalResourceId=logical)["StackResourceDetail"]["PhysicalResourceId"]
who = boto3.client("sts").get_caller_identity()["Arn"]
env = dict(os.environ, USER_POOL_ID=res("UserPool"), PERMISSIONS_TABLE=res("PermissionsTable"), HISTORY_TABLE=res("HistoryTable"))
sys.exit(subprocess.run(["cargo", "run", "-q", "-p", "fleet-local", "--", "grant-admin", os.environ["EMAIL"], f"{who} (grant-admin.sh)"], env=env).returncode)
PY
