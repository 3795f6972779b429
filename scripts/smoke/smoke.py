"""Smoke test of a stack, deployed or local: `scripts/smoke.sh STACK`.

A deployed stack is found by its CloudFormation outputs (boto3, the
deployer's credentials); a local one by `.local/STACK/stack.env` and
`stack.json` (scripts/local/provision.py; `local` is run-local.sh's stack, in
`.local` itself). It signs in as SMOKE_EMAIL /
SMOKE_PASSWORD with SRP, as the web app does (the deployed app client allows
nothing else), then checks, one line each (`ok   <check>` or
`FAIL <check>: <reason>`), and exits 1 when any failed:

1. GraphQL `myAccess`;
2. the first page of locations, with the Locations page's query;
3. a heartbeat sent to the telemetry queue for the smoke location (created
   through createLocation when missing: type TEST, OFFLINE, prod 0, which
   the reports and fleet health leave out), read back through `fridgeHealth`;
4. a REST route: GET /prod/locations/{smoke location}/schedule;
5. the web origin answering index.html with its security headers
   (infra/security-headers.json when present);
6. a subscription through the API's real-time endpoint (AppSync's protocol,
   as aws-amplify speaks it): `onCommandChanged` for the smoke location,
   then one command sent to it (ServiceRestart of its display services: a
   TEST fridge, OFFLINE, which nothing acts on), whose state change must
   arrive through the streams' publisher; the time it took is printed. The
   user needs SendFridgeCommands and the command's flag (or the admin flag);
7. the AppSync API against infra/schema.graphql, the function registry and
   the template's auth modes (`fleet-local verify-deploy`, its `GraphQLApiId`
   output): on AWS every resolver and data source too; on a local stack the
   schema and auth modes alone (`--schema-only`: the emulator serves no
   resolvers). scripts/smoke.sh builds fleet-local first (FLEET_LOCAL names
   the binary).

Environment: SMOKE_EMAIL, SMOKE_PASSWORD (a local stack defaults to its demo
admin), SMOKE_LOCATION_ID (default SMOKE_TEST), SMOKE_TIMEOUT (seconds to wait
for the heartbeat, default 60), SMOKE_TARGET=aws|local (default: local when
.local/STACK/stack.env exists).
"""
import gzip
import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from pathlib import Path

import srp

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_LOCATION = "SMOKE_TEST"
# The location type the reports and the fleet health leave out (fleet_shared::entity::location::TEST).
TEST_TYPE = "TEST"
HTTP_TIMEOUT = 20
POLL_SECONDS = 2

MY_ACCESS = "query MyAccess { myAccess { actions flags } }"
# Where the fleet health snapshot is: a presigned S3 GET (the portfolio health page's first read).
FLEET_SNAPSHOT = "query FleetHealthSnapshot { fleetHealthSnapshot { url asOf fridges } }"
# The Locations page's query (web/src/lib/locations/list-locations.ts), with its page size.
LIST_LOCATIONS = """query ListLocations($filter: LocationsFilter, $nextToken: String) {
  locations(filter: $filter, nextToken: $nextToken) { items { id type prettyName route stop status prod } nextToken }
}"""
LOCATIONS_PAGE_SIZE = 2500
GET_LOCATION = "query GetLocation($id: ID!) { getLocation(id: $id) { id type status prod } }"
CREATE_LOCATION = "mutation CreateLocation($input: AWSJSON!) { createLocation(input: $input) { id type } }"
FRIDGE_HEALTH = """query FridgeHealth($filter: FridgeHealthFilter!) {
  fridgeHealth(filter: $filter) { locationId timestamp temperature }
}"""
# The local tools' binary, which runs `verify-deploy` (scripts/smoke.sh builds it and sets FLEET_LOCAL).
FLEET_LOCAL = os.environ.get("FLEET_LOCAL") or str(ROOT / "target" / "debug" / "fleet-local")
VERIFY_TIMEOUT = 300
# Outputs a deployed stack must have; TelemetryQueueUrl, WebUrl and GraphQLApiId are looked up per check.
# The subscription the fridge health page opens (web/src/features/health/api/on-command-changed.ts), and the
# command that changes it (create-queue-message.ts).
ON_COMMAND_CHANGED = """subscription OnCommandChanged($locationId: ID!) {
  onCommandChanged(locationId: $locationId) { locationId messageId state changedAt }
}"""
CREATE_QUEUE_MESSAGE = """mutation CreateQueueMessage($location: ID!, $message: QueueMessageInput!, $requestId: ID!) {
  createQueueMessage(location: $location, message: $message, requestId: $requestId) { messageId state }
}"""
SMOKE_COMMAND = {"messageType": "Resource", "payload": {"resource": "ServiceRestart", "operation": "DisplayServices"}}
REQUIRED_OUTPUTS = ("Region", "UserPoolId", "UserPoolClientId", "GraphQLUrl", "RestUrl")


class CheckFailed(Exception):
    pass


@dataclass
class Stack:
    name: str
    region: str
    user_pool_id: str
    client_id: str
    graphql_url: str
    rest_url: str
    telemetry_queue_url: str | None
    web_url: str | None
    local: bool = False
    # A local stack's emulator: endpoint and credentials for Cognito and SQS.
    endpoint: str | None = None
    credentials: dict = field(default_factory=dict)
    # A local stack's real-time certificate (made for the run): what its wss:// endpoint is verified against.
    realtime_ca: str | None = None
    # A local stack's demo admin, when SMOKE_EMAIL is not given.
    default_user: tuple | None = None
    # The AppSync API (GraphQLApiId; a local stack's GRAPHQL_API_ID, its emulator's API).
    graphql_api_id: str | None = None
    # Why an optional output is missing (shown by the check that needs it).
    missing: dict = field(default_factory=dict)


# --- Finding the stack -----------------------------------------------------------------------------------------------

def parse_stack_env(text: str) -> dict:
    """`export NAME='value'` lines, as provision.py writes stack.env."""
    env = {}
    for line in text.splitlines():
        m = re.match(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)='(.*)'\s*$", line)
        if m:
            env[m.group(1)] = m.group(2)
    return env


def local_stack(name: str, state: Path) -> Stack:
    env = parse_stack_env((state / "stack.env").read_text())
    info = json.loads((state / "stack.json").read_text())
    api = info.get("apiUrl") or env["LOCAL_API_URL"]
    admin = (info.get("users") or {}).get("admin") or {}
    return Stack(
        name=name, region=env.get("AWS_REGION", "us-east-1"), user_pool_id=env["USER_POOL_ID"],
        client_id=env["USER_POOL_CLIENT_ID"], graphql_url=f"{api}/graphql", rest_url=api,
        telemetry_queue_url=env.get("TELEMETRY_QUEUE_URL"), web_url=info.get("webUrl"), local=True,
        endpoint=env.get("AWS_ENDPOINT_URL") or info.get("endpoint"),
        credentials={"aws_access_key_id": env.get("AWS_ACCESS_KEY_ID", "test"),
                     "aws_secret_access_key": env.get("AWS_SECRET_ACCESS_KEY", "test")},
        default_user=(admin["email"], admin["password"]) if admin.get("email") else None,
        graphql_api_id=env.get("GRAPHQL_API_ID"), realtime_ca=env.get("REALTIME_CERT_PEM"),
        missing={} if env.get("GRAPHQL_API_ID") else {
            "appsync": f"{state / 'stack.env'} has no GRAPHQL_API_ID (provisioned before the emulator had an AppSync "
                       "API: start the stack again)"},
    )


def outputs_of(described: dict) -> dict:
    """A describe_stacks answer's outputs by key."""
    stacks = described.get("Stacks") or []
    if not stacks:
        raise CheckFailed("no such stack")
    return {o["OutputKey"]: o["OutputValue"] for o in stacks[0].get("Outputs") or []}


def aws_stack(name: str, outputs: dict) -> Stack:
    missing = [k for k in REQUIRED_OUTPUTS if not outputs.get(k)]
    if missing:
        raise CheckFailed(f"stack {name} has no output {', '.join(missing)}")
    stack = Stack(
        name=name, region=outputs["Region"], user_pool_id=outputs["UserPoolId"],
        client_id=outputs["UserPoolClientId"], graphql_url=outputs["GraphQLUrl"],
        # As the web app calls it: through its distribution (/prod/*) when the stack has that output.
        rest_url=(outputs.get("WebRestUrl") or outputs["RestUrl"]).rstrip("/"),
        telemetry_queue_url=outputs.get("TelemetryQueueUrl"), web_url=outputs.get("WebUrl"),
        graphql_api_id=outputs.get("GraphQLApiId"),
    )
    if not stack.web_url:
        stack.missing["web"] = f"stack {name} has no WebUrl output (the web hosting is not deployed)"
    return stack


def local_state(name: str, local: Path = ROOT / ".local") -> Path:
    """A local stack's folder: `.local/NAME` (the test command's is `.local/test`), or `.local` itself for
    `local`, the stack of scripts/run-local.sh."""
    if name == "local" and not (local / name / "stack.env").exists():
        return local
    return local / name


def find_stack(name: str, target: str | None = None) -> Stack:
    state = local_state(name)
    target = target or ("local" if (state / "stack.env").exists() else "aws")
    if target == "local":
        if not (state / "stack.env").exists():
            raise CheckFailed(f"no local stack at {state} (start one with scripts/run-local.sh)")
        return local_stack(name, state)
    import boto3

    cfn = boto3.client("cloudformation")
    stack = aws_stack(name, outputs_of(cfn.describe_stacks(StackName=name)))
    if not stack.telemetry_queue_url:
        # A stack deployed before the output existed: the queue resource's physical id is its URL.
        try:
            resource = cfn.describe_stack_resource(StackName=name, LogicalResourceId="TelemetryQueue")
            stack.telemetry_queue_url = resource["StackResourceDetail"]["PhysicalResourceId"]
        except Exception as e:  # noqa: BLE001 - any failure is the check's reason
            stack.missing["queue"] = f"stack {name} has no TelemetryQueueUrl output and no TelemetryQueue resource: {e}"
    if not stack.graphql_api_id:
        # Deployed before the GraphQLApiId output: the API resource's physical id is its ARN.
        try:
            resource = cfn.describe_stack_resource(StackName=name, LogicalResourceId="GraphQLApi")
            stack.graphql_api_id = api_id_of(resource["StackResourceDetail"]["PhysicalResourceId"])
        except Exception as e:  # noqa: BLE001 - any failure is the check's reason
            stack.missing["appsync"] = f"stack {name} has no GraphQLApiId output and no GraphQLApi resource: {e}"
    return stack


def api_id_of(arn: str) -> str:
    """An AppSync API's id from its ARN (arn:aws:appsync:REGION:ACCOUNT:apis/ID)."""
    return arn.rsplit("apis/", 1)[1].split("/", 1)[0] if "apis/" in arn else arn


def client(stack: Stack, service: str):
    import boto3

    if stack.local:
        return boto3.client(service, region_name=stack.region, endpoint_url=stack.endpoint, **stack.credentials)
    return boto3.client(service, region_name=stack.region)


# --- Calling the API -------------------------------------------------------------------------------------------------

def fetch(url: str, method: str = "GET", headers: dict | None = None, body: bytes | None = None):
    """(status, headers with lower-case names, body bytes); an HTTP error status is an answer, not an exception."""
    request = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=HTTP_TIMEOUT) as r:
            return r.status, {k.lower(): v for k, v in r.headers.items()}, r.read()
    except urllib.error.HTTPError as e:
        return e.code, {k.lower(): v for k, v in e.headers.items()}, e.read()
    except (urllib.error.URLError, OSError) as e:
        raise CheckFailed(f"{url}: {getattr(e, 'reason', e)}") from e


def http(url: str, method: str = "GET", headers: dict | None = None, body: bytes | None = None):
    """(status, headers with lower-case names, body text): `fetch`, its body read as UTF-8."""
    status, answer_headers, answer = fetch(url, method, headers, body)
    return status, answer_headers, answer.decode("utf-8", "replace")


def snapshot_problems(snapshot: dict, status: int, body: bytes) -> tuple[list, dict | None]:
    """What is wrong with the fleet health snapshot's object as its presigned URL answered it (gzip'd JSON
    `{asOf, fridges: [...]}`) against what `fleetHealthSnapshot` says of it; and the object when it parses."""
    if status != 200:
        return [f"GET of the presigned URL answered HTTP {status}: {body[:200]!r}"], None
    try:
        data = json.loads(gzip.decompress(body) if body[:2] == b"\x1f\x8b" else body)
    except (OSError, EOFError, ValueError) as e:
        return [f"the object is not gzip'd JSON: {e}"], None
    if not isinstance(data, dict) or not isinstance(data.get("fridges"), list):
        return [f"the object has no fridges list: {str(data)[:200]}"], None
    problems = []
    if instant(data.get("asOf")) != instant(snapshot.get("asOf")):
        problems.append(f"the object is as of {data.get('asOf')}, the API says {snapshot.get('asOf')}")
    if len(data["fridges"]) != snapshot.get("fridges"):
        problems.append(f"the object holds {len(data['fridges'])} fridges, the API says {snapshot.get('fridges')}")
    return problems, data


def error_message(status: int, text: str) -> str:
    try:
        body = json.loads(text)
    except ValueError:
        return f"HTTP {status}: {text[:200]}"
    if isinstance(body, dict):
        errors = body.get("errors")
        if errors:
            first = errors[0]
            return f"{first.get('errorType') or 'error'}: {first.get('message')}"
        if body.get("message"):
            return f"HTTP {status}: {body['message']}"
    return f"HTTP {status}: {text[:200]}"


class Api:
    def __init__(self, stack: Stack, id_token: str):
        self.stack, self.token = stack, id_token

    def graphql(self, query: str, variables: dict | None = None) -> dict:
        """The `data` of an operation; its first error (or a non-2xx answer) is a CheckFailed."""
        body = json.dumps({"query": query, **({"variables": variables} if variables else {})}).encode()
        status, _, text = http(self.stack.graphql_url, "POST",
                               {"Content-Type": "application/json", "Authorization": self.token}, body)
        try:
            answer = json.loads(text)
        except ValueError:
            answer = None
        if not isinstance(answer, dict) or answer.get("errors") or not 200 <= status < 300 or answer.get("data") is None:
            raise CheckFailed(error_message(status, text))
        return answer["data"]

    def rest_get(self, path: str):
        status, _, text = http(f"{self.stack.rest_url}/prod{path}", headers={"Authorization": f"Bearer {self.token}"})
        if not 200 <= status < 300:
            raise CheckFailed(error_message(status, text))
        try:
            return json.loads(text)
        except ValueError as e:
            raise CheckFailed(f"the answer is not JSON: {text[:200]}") from e


# --- The real-time endpoint ------------------------------------------------------------------------------------------

def realtime_url(graphql_url: str) -> str:
    """Where aws-amplify opens the API's WebSocket: AppSync's own domain becomes its `appsync-realtime-api` twin;
    any other (a custom domain, the local API) gets `/realtime` appended. Always wss://."""
    rest = graphql_url.split("://", 1)[-1]
    host, _, path = rest.partition("/")
    if re.fullmatch(r"[a-z0-9]+\.appsync-api\.[a-z0-9-]+\.amazonaws\.com(\.cn)?", host):
        return f"wss://{host.replace('appsync-api', 'appsync-realtime-api')}/{path}"
    return f"wss://{host}/{path}/realtime"


def auth_header(graphql_url: str, token: str) -> dict:
    """The authorization a real-time message carries: the API's host and the Cognito token."""
    return {"host": graphql_url.split("://", 1)[-1].split("/", 1)[0], "Authorization": token}


class Realtime:
    """One connection of AppSync's real-time protocol (connection_init, start, data), by websocket-client."""

    def __init__(self, stack: "Stack", token: str, timeout: float):
        import base64
        import ssl

        import websocket

        self.header = auth_header(stack.graphql_url, token)
        encoded = base64.b64encode(json.dumps(self.header).encode()).decode()
        url = f"{realtime_url(stack.graphql_url)}?header={encoded}&payload=e30="
        sslopt = {"cert_reqs": ssl.CERT_REQUIRED, **({"ca_certs": stack.realtime_ca} if stack.realtime_ca else {})}
        try:
            self.socket = websocket.create_connection(url, subprotocols=["graphql-ws"], sslopt=sslopt, timeout=timeout)
        except Exception as e:  # noqa: BLE001 - any failure to connect is the check's reason
            raise CheckFailed(f"{realtime_url(stack.graphql_url)}: {e}") from e
        self.send({"type": "connection_init"})
        self.expect("connection_ack", timeout)

    def send(self, message: dict):
        self.socket.send(json.dumps(message))

    def receive(self, timeout: float) -> dict:
        import websocket

        self.socket.settimeout(max(timeout, 0.1))
        try:
            return json.loads(self.socket.recv())
        except websocket.WebSocketTimeoutException as e:
            raise TimeoutError from e

    def expect(self, kind: str, timeout: float, subscription: str | None = None) -> dict:
        """The next message of `kind` (keep-alives skipped); an error message is a CheckFailed."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                message = self.receive(deadline - time.monotonic())
            except TimeoutError:
                raise CheckFailed(f"no {kind} within {timeout:g} s") from None
            if message.get("type") in ("connection_error", "error"):
                errors = (message.get("payload") or {}).get("errors") or [{}]
                raise CheckFailed(f"{message['type']}: {errors[0].get('errorType')}: {errors[0].get('message')}")
            if message.get("type") == kind and (subscription is None or message.get("id") == subscription):
                return message

    def subscribe(self, subscription: str, query: str, variables: dict, timeout: float):
        self.send({"id": subscription, "type": "start", "payload": {
            "data": json.dumps({"query": query, "variables": variables}),
            "extensions": {"authorization": self.header}}})
        self.expect("start_ack", timeout, subscription)

    def close(self):
        self.socket.close()


def open_realtime(stack: "Stack", token: str, timeout: float) -> Realtime:
    return Realtime(stack, token, timeout)


# --- The smoke location and its heartbeat ----------------------------------------------------------------------------

def smoke_location(location_id: str, today: date) -> dict:
    """The createLocation payload (the flat create form) of the smoke location."""
    return {
        "id": location_id, "type": TEST_TYPE, "status": "OFFLINE", "publicStatus": "OFFLINE", "prod": "0",
        "reserve": "0", "vertical": "Testing", "prettyName": "Smoke test (scripts/smoke.sh)",
        "street": "1 Smoke Test Way", "city": "Chicago", "state": "IL", "zipCode": "60601",
        "directions": "Not a fridge: the smoke test's location. Reports and fleet health leave it out.",
        "latitude": "41.8781", "longitude": "-87.6298", "layoutName": "dummy", "onlineDate": today.isoformat(),
    }


def stamp(at: datetime) -> str:
    """A time as the records store it: UTC, milliseconds, Z."""
    at = at.astimezone(timezone.utc)
    return at.strftime("%Y-%m-%dT%H:%M:%S.") + f"{at.microsecond // 1000:03d}Z"


def instant(text: str | None) -> datetime | None:
    if not text:
        return None
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None


def next_temperature(previous: float | None) -> float:
    """37.5, or 35.0 when the stored one is within a degree of it: the ingest stores a heartbeat within 10
    minutes of the last only when it changes what a screen shows (functions/fleet health_changes), and a
    degree is such a change. The two are 2.5 apart, so one of them always is; both are green (38 or below)."""
    return 35.0 if previous is not None and abs(previous - 37.5) < 1.0 else 37.5


def heartbeat(location_id: str, at: datetime, previous_temperature: float | None) -> dict:
    """A healthy fridge's heartbeat, as the fleet simulator sends them (tools/demo/src/simulator.rs)."""
    return {
        "type": "heartbeat", "locationId": location_id, "timestamp": stamp(at),
        "jofemarState": "STATUS_0_READY", "safetyHold": False, "inaccessible": False, "outOfOrder": False,
        "hdmi": True, "elo": True, "cardReader": True, "electricalLayout": True, "activeTicket": False,
        "temperature": next_temperature(previous_temperature), "temperatureSetpoint": 37.0,
        "networkSpeed": {"previousSpeed": 0.3}, "allReasons": [],
    }


def ensure_smoke_location(api: Api, location_id: str) -> str:
    """'found' or 'created'; a location of that id that is not a TEST one is refused."""
    found = api.graphql(GET_LOCATION, {"id": location_id})["getLocation"]
    if found:
        kind = found[0].get("type")
        if kind != TEST_TYPE:
            raise CheckFailed(f"location {location_id} exists with type {kind}, not {TEST_TYPE}: "
                              "set SMOKE_LOCATION_ID to another id")
        return "found"
    payload = smoke_location(location_id, datetime.now(timezone.utc).date())
    api.graphql(CREATE_LOCATION, {"input": json.dumps(payload)})
    return "created"


def health_of(api: Api, location_id: str) -> dict | None:
    found = api.graphql(FRIDGE_HEALTH, {"filter": {"locationIds": [location_id]}})["fridgeHealth"]
    return found[0] if found else None


# --- The web origin --------------------------------------------------------------------------------------------------

def required_headers(spec: dict | None) -> tuple[list, list]:
    """(header names, CSP directives) the web origin must send: infra/security-headers.json's when given
    (`headers` and `contentSecurityPolicy`), always with HSTS and a CSP with frame-ancestors."""
    names, directives = ["Strict-Transport-Security", "Content-Security-Policy"], ["frame-ancestors"]
    if spec:
        names += [n for n in (spec.get("headers") or {}) if n.lower() not in {x.lower() for x in names}]
        directives += [d for d in (spec.get("contentSecurityPolicy") or {}) if d not in directives]
    return names, directives


def csp_directives(csp: str) -> dict:
    out = {}
    for part in csp.split(";"):
        words = part.split()
        if words:
            out[words[0].lower()] = words[1:]
    return out


def header_problems(headers: dict, names: list, directives: list) -> list:
    """What is wrong with a response's headers (lower-case names), empty when nothing."""
    problems = [f"no {n} header" for n in names if n.lower() not in headers]
    csp = headers.get("content-security-policy")
    if csp is not None:
        present = csp_directives(csp)
        problems += [f"the CSP has no {d}" for d in directives if d.lower() not in present]
        if "frame-ancestors" in present and present["frame-ancestors"] != ["'none'"]:
            problems.append(f"the CSP's frame-ancestors is {' '.join(present['frame-ancestors'])}, not 'none'")
    return problems


def security_spec(path: Path = ROOT / "infra" / "security-headers.json") -> dict | None:
    return json.loads(path.read_text()) if path.exists() else None


# --- The deploy against the repository -----------------------------------------------------------------------------

def verify_deploy_command(stack: Stack) -> tuple[list, dict]:
    """`fleet-local verify-deploy`'s arguments and environment for this stack: every check on AWS (the
    deployer's credentials, the stack's region), the schema and auth modes alone on a local stack (its
    emulator's endpoint and credentials: moto serves no resolvers or data sources)."""
    args = [FLEET_LOCAL, "verify-deploy", "--api-id", stack.graphql_api_id, "--user-pool-id", stack.user_pool_id,
            "--user-pool-client-id", stack.client_id]
    env = dict(os.environ, AWS_REGION=stack.region)
    if stack.local:
        args.append("--schema-only")
        env.update(AWS_ENDPOINT_URL=stack.endpoint, AWS_ACCESS_KEY_ID=stack.credentials.get("aws_access_key_id", "test"),
                   AWS_SECRET_ACCESS_KEY=stack.credentials.get("aws_secret_access_key", "test"))
    return args, env


def run_fleet_local(args: list, env: dict) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of the local tools' binary, run from the repository root."""
    if not Path(args[0]).exists():
        raise CheckFailed(f"no {args[0]}: build it with `cargo build -p fleet-local` (scripts/smoke.sh does)")
    done = subprocess.run(args, env=env, cwd=ROOT, capture_output=True, text=True, timeout=VERIFY_TIMEOUT)
    return done.returncode, done.stdout, done.stderr


def verify_deploy(stack: Stack) -> str:
    """The summary line when the API is the repository's; else a CheckFailed listing every fault."""
    if not stack.graphql_api_id:
        raise CheckFailed(stack.missing.get("appsync") or "no AppSync API id")
    code, out, err = run_fleet_local(*verify_deploy_command(stack))
    lines = [line for line in out.splitlines() if line.startswith(("FAIL ", "verify-deploy: "))]
    if code == 0:
        return (lines or ["verify-deploy passed"])[-1].removeprefix("verify-deploy: ")
    faults = [line for line in lines if line.startswith("FAIL ")] or (err.strip().splitlines() or [f"exit {code}"])[-5:]
    raise CheckFailed(f"{len(faults)} fault(s)" + "".join(f"\n       {line}" for line in faults))


# --- The checks ------------------------------------------------------------------------------------------------------

class Run:
    def __init__(self, out=sys.stdout):
        self.failed, self.out = 0, out

    def check(self, name: str, fn):
        """Runs one check and prints its line; answers its result (None when it failed)."""
        try:
            detail = fn()
        except CheckFailed as e:
            return self.fail(name, str(e))
        except Exception as e:  # noqa: BLE001 - an unexpected error fails the check, not the run
            return self.fail(name, f"{type(e).__name__}: {e}")
        print(f"ok   {name}" + (f" ({detail})" if isinstance(detail, str) and detail else ""), file=self.out, flush=True)
        return detail if detail is not None else True

    def fail(self, name: str, reason: str):
        self.failed += 1
        print(f"FAIL {name}: {reason}", file=self.out, flush=True)
        return None


def run(stack_name: str, env=os.environ, out=sys.stdout) -> int:
    checks = Run(out)
    location_id = env.get("SMOKE_LOCATION_ID") or DEFAULT_LOCATION
    timeout = float(env.get("SMOKE_TIMEOUT") or 60)
    stack = None

    def load():
        nonlocal stack
        stack = find_stack(stack_name, env.get("SMOKE_TARGET"))
        return f"local, {local_state(stack_name).relative_to(ROOT)}" if stack.local else f"AWS, {stack.region}"

    if checks.check(f"stack {stack_name}", load) is None:
        return 1
    email, password = env.get("SMOKE_EMAIL"), env.get("SMOKE_PASSWORD")
    if not (email and password) and stack.default_user:
        email, password = stack.default_user
    api = None

    def sign_in():
        nonlocal api
        if not (email and password):
            raise CheckFailed("set SMOKE_EMAIL and SMOKE_PASSWORD (a user of the stack's pool; an administrator "
                              "for the location and schedule checks)")
        tokens = srp.sign_in(client(stack, "cognito-idp"), stack.user_pool_id, stack.client_id, email, password)
        api = Api(stack, tokens["IdToken"])

    checks.check(f"sign-in (SRP) as {email or '?'}", sign_in)

    def signed_in():
        if api is None:
            raise CheckFailed("not signed in")
        return api

    def my_access():
        access = signed_in().graphql(MY_ACCESS)["myAccess"]
        return f"{len(access['actions'])} actions, {len(access['flags'])} flags"

    def locations_page():
        page = signed_in().graphql(LIST_LOCATIONS, {"filter": {"count": LOCATIONS_PAGE_SIZE}, "nextToken": None})
        items = page["locations"]["items"]
        return f"{len(items)} locations" + (", more pages" if page["locations"].get("nextToken") else "")

    def heartbeat_round_trip():
        api = signed_in()
        if not stack.telemetry_queue_url:
            raise CheckFailed(stack.missing.get("queue") or "no telemetry queue URL")
        how = ensure_smoke_location(api, location_id)
        before = health_of(api, location_id)
        sent_at = datetime.now(timezone.utc)
        message = heartbeat(location_id, sent_at, (before or {}).get("temperature"))
        client(stack, "sqs").send_message(QueueUrl=stack.telemetry_queue_url, MessageBody=json.dumps(message))
        deadline, shown = time.monotonic() + timeout, before
        while True:
            shown = health_of(api, location_id)
            if shown and instant(shown.get("timestamp")) == instant(message["timestamp"]):
                return f"location {how}, read back after {(datetime.now(timezone.utc) - sent_at).total_seconds():.1f} s"
            if time.monotonic() >= deadline:
                raise CheckFailed(f"fridgeHealth still shows {(shown or {}).get('timestamp') or 'no heartbeat'} "
                                  f"{timeout:g} s after sending one at {message['timestamp']} (see the telemetry "
                                  "dead-letter queue and the ingest's logs)")
            time.sleep(POLL_SECONDS)

    def fleet_snapshot():
        # A real S3 call on a deployed stack: the object behind the presigned URL the API hands out. The
        # schedule builds it once a minute, so a new stack may need that long.
        deadline = time.monotonic() + timeout
        while True:
            snapshot = signed_in().graphql(FLEET_SNAPSHOT)["fleetHealthSnapshot"]
            if snapshot.get("url"):
                break
            if time.monotonic() >= deadline:
                raise CheckFailed(f"fleetHealthSnapshot has no url {timeout:g} s on (is the "
                                  "rebuild_fleet_health_snapshot schedule running?)")
            time.sleep(POLL_SECONDS)
        status, _, body = fetch(snapshot["url"])
        problems, _ = snapshot_problems(snapshot, status, body)
        if problems:
            raise CheckFailed("; ".join(problems))
        return f"{snapshot['fridges']} fridges as of {snapshot['asOf']}, {len(body)} bytes"

    def subscription_round_trip():
        api = signed_in()
        ensure_smoke_location(api, location_id)
        connection = open_realtime(stack, api.token, timeout)
        try:
            subscription = f"smoke-{int(time.time() * 1000)}"
            connection.subscribe(subscription, ON_COMMAND_CHANGED, {"locationId": location_id}, timeout)
            sent_at = time.monotonic()
            created = api.graphql(CREATE_QUEUE_MESSAGE, {"location": location_id, "message": SMOKE_COMMAND,
                                                         "requestId": subscription})["createQueueMessage"]
            deadline = sent_at + timeout
            missed = CheckFailed(f"no change of command {created['messageId']} arrived within {timeout:g} s "
                                 "(see the publisher's logs and its failure queue)")
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise missed
                try:
                    data = connection.expect("data", left, subscription)
                except CheckFailed as e:
                    if str(e).startswith("no data"):
                        raise missed from None
                    raise
                change = ((data.get("payload") or {}).get("data") or {}).get("onCommandChanged") or {}
                if change.get("messageId") == created["messageId"]:
                    return f"{change.get('state')} arrived {time.monotonic() - sent_at:.2f} s after the command"
        finally:
            connection.close()

    def rest_route():
        answer = signed_in().rest_get(f"/locations/{location_id}/schedule")
        if not isinstance(answer, list):
            raise CheckFailed(f"expected a list of scheduled changes, got {json.dumps(answer)[:200]}")
        return f"{len(answer)} scheduled changes"

    def web_origin():
        if not stack.web_url:
            raise CheckFailed(stack.missing.get("web") or "no web URL")
        status, headers, text = http(stack.web_url.rstrip("/") + "/")
        if status != 200:
            raise CheckFailed(f"HTTP {status}")
        if "text/html" not in headers.get("content-type", "") or 'id="root"' not in text:
            raise CheckFailed(f"not the app's index.html ({headers.get('content-type')}): {text[:120]!r}")
        problems = header_problems(headers, *required_headers(security_spec()))
        # A deep link is the app too (CloudFront's paths function; vite preview's fallback locally).
        status, headers, text = http(stack.web_url.rstrip("/") + "/locations/all")
        if status != 200 or 'id="root"' not in text:
            problems.append(f"the deep link /locations/all answered HTTP {status}, not the app")
        if not stack.local:
            # The API's own refusal through the distribution, not the app's page in its place.
            status, headers, text = http(stack.web_url.rstrip("/") + "/prod/locations/smoke/schedule")
            if status != 401 or "text/html" in headers.get("content-type", ""):
                problems.append(f"/prod/* without a token answered HTTP {status} ({headers.get('content-type')}), "
                                "not the HTTP API's 401")
        if problems:
            raise CheckFailed("; ".join(problems))
        return stack.web_url

    checks.check("GraphQL myAccess", my_access)
    checks.check("GraphQL locations, first page (the Locations page's query)", locations_page)
    checks.check(f"heartbeat for {location_id} through the telemetry queue, read back by fridgeHealth", heartbeat_round_trip)
    checks.check(f"REST GET /prod/locations/{location_id}/schedule", rest_route)
    checks.check("fleet health snapshot through its presigned S3 URL", fleet_snapshot)
    checks.check("web origin answers index.html with its security headers", web_origin)
    checks.check("AppSync API as the schema, the registry and the template declare it (fleet-local verify-deploy"
                 + (", schema and auth modes: the emulator serves no resolvers)" if stack.local else ")"),
                 lambda: verify_deploy(stack))
    checks.check(f"subscription onCommandChanged({location_id}) through the real-time endpoint, a command's change "
                 "pushed", subscription_round_trip)
    print(f"{'all checks passed' if not checks.failed else f'{checks.failed} check(s) failed'} on {stack_name}"
          f" ({'local' if stack.local else 'AWS'})", file=out, flush=True)
    return 1 if checks.failed else 0


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1 or argv[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        print("usage: scripts/smoke.sh STACK", file=sys.stderr)
        return 2
    return run(argv[0])


if __name__ == "__main__":
    sys.exit(main())
