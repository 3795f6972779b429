#!/usr/bin/env bash
# Prints web/public/config.json for a deployed stack, from its outputs. The REST
# calls go to WebRestUrl: the app's own origin, whose /prod/* the distribution
# sends to the HTTP API (RestUrl for a stack deployed before it had that output).
#   scripts/web-config-from-stack.sh <stack-name> > web/public/config.json
set -euo pipefail
cd "$(dirname "$0")/.."
STACK="${1:?stack name}" .venv/bin/python - <<'PY'
import boto3, json, os, pathlib
out = {o["OutputKey"]: o["OutputValue"] for o in boto3.client("cloudformation").describe_stacks(StackName=os.environ["STACK"])["Stacks"][0]["Outputs"]}
links = pathlib.Path("web/links.json")
print(json.dumps({
    "region": out["Region"], "userPoolId": out["UserPoolId"], "userPoolClientId": out["UserPoolClientId"],
    "authFlowType": "USER_SRP_AUTH", "graphqlUrl": out["GraphQLUrl"], "restUrl": out.get("WebRestUrl", out["RestUrl"]),
    "links": json.loads(links.read_text()) if links.exists() else {},
}, indent=2))
PY
