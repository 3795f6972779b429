#!/usr/bin/env bash
# Grants every permission action to one user of a deployed stack (the first
# administrator; later grants go through the Permissions screen).
#   scripts/grant-admin.sh <stack-name> <email>
set -euo pipefail
cd "$(dirname "$0")/.."
ACTIONS="$(cargo run -q -p fleet-local -- actions)" STACK="${1:?stack name}" EMAIL="${2:?email}" .venv/bin/python - <<'PY'
import boto3, os
cfn = boto3.client("cloudformation")
res = lambda logical: cfn.describe_stack_resource(StackName=os.environ["STACK"], LogicalResourceId=logical)["StackResourceDetail"]["PhysicalResourceId"]
pool, table = res("UserPool"), res("PermissionsTable")
users = boto3.client("cognito-idp").list_users(UserPoolId=pool, Filter=f'email = "{os.environ["EMAIL"]}"')["Users"]
sub = next(a["Value"] for a in users[0]["Attributes"] if a["Name"] == "sub")
with boto3.resource("dynamodb").Table(table).batch_writer() as batch:
    for action in os.environ["ACTIONS"].split():
        batch.put_item(Item={"user": sub, "action": action, "grantedBy": "grant-admin.sh"})
print(f"granted {len(os.environ['ACTIONS'].split())} actions to {os.environ['EMAIL']} ({sub})")
PY
