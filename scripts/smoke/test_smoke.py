"""The smoke test's parsing (stack.env, stack outputs, security headers), its
heartbeat and smoke location, and one whole run against a fake stack."""
import io
import gzip
import json
import tempfile
import unittest
from datetime import date, datetime, timezone
from pathlib import Path
from unittest import mock

import smoke

SPEC = {
    "headers": {"Strict-Transport-Security": "max-age=63072000; includeSubDomains", "X-Content-Type-Options": "nosniff",
                "X-Frame-Options": "DENY", "Referrer-Policy": "same-origin"},
    "contentSecurityPolicy": {"default-src": ["'self'"], "connect-src": ["'self'", "{api}"], "frame-ancestors": ["'none'"]},
    "placeholders": {"{api}": "the HTTP API"},
}
GOOD_HEADERS = {
    "strict-transport-security": "max-age=63072000; includeSubDomains", "x-content-type-options": "nosniff",
    "x-frame-options": "DENY", "referrer-policy": "same-origin", "content-type": "text/html",
    "content-security-policy": "default-src 'self'; connect-src 'self' https://api.example.com; frame-ancestors 'none'",
}


class StackFiles(unittest.TestCase):
    def test_stack_env_lines(self):
        env = smoke.parse_stack_env("export A='1'\nexport URL='http://127.0.0.1:5699/x'\n# comment\nB='two words'\nbroken\n")
        self.assertEqual(env, {"A": "1", "URL": "http://127.0.0.1:5699/x", "B": "two words"})

    def test_a_local_stack_from_its_state_folder(self):
        with tempfile.TemporaryDirectory() as d:
            state = Path(d)
            (state / "stack.env").write_text(
                "export USER_POOL_ID='us-east-1_abc'\nexport USER_POOL_CLIENT_ID='client1'\n"
                "export TELEMETRY_QUEUE_URL='http://127.0.0.1:5699/123456789012/fleet-local-TelemetryQueue'\n"
                "export AWS_ENDPOINT_URL='http://127.0.0.1:5699'\nexport AWS_ACCESS_KEY_ID='test'\n"
                "export AWS_SECRET_ACCESS_KEY='test'\nexport AWS_REGION='us-east-1'\nexport LOCAL_API_URL='http://127.0.0.1:4100'\n"
                "export GRAPHQL_API_ID='api-1'\n")
            (state / "stack.json").write_text(json.dumps({
                "webUrl": "http://127.0.0.1:5273", "apiUrl": "http://127.0.0.1:4100", "endpoint": "http://127.0.0.1:5699",
                "users": {"admin": {"email": "admin@fleet.local", "password": "pw"}}}))
            stack = smoke.local_stack("test", state)
        self.assertTrue(stack.local)
        self.assertEqual((stack.graphql_url, stack.rest_url), ("http://127.0.0.1:4100/graphql", "http://127.0.0.1:4100"))
        self.assertEqual((stack.user_pool_id, stack.client_id), ("us-east-1_abc", "client1"))
        self.assertEqual(stack.telemetry_queue_url, "http://127.0.0.1:5699/123456789012/fleet-local-TelemetryQueue")
        self.assertEqual((stack.endpoint, stack.web_url), ("http://127.0.0.1:5699", "http://127.0.0.1:5273"))
        self.assertEqual(stack.default_user, ("admin@fleet.local", "pw"))
        self.assertEqual((stack.graphql_api_id, stack.missing), ("api-1", {}))

    def test_a_local_stack_provisioned_before_its_appsync_api_says_so(self):
        with tempfile.TemporaryDirectory() as d:
            state = Path(d)
            (state / "stack.env").write_text("export USER_POOL_ID='p'\nexport USER_POOL_CLIENT_ID='c'\n")
            (state / "stack.json").write_text(json.dumps({"apiUrl": "http://127.0.0.1:4100"}))
            stack = smoke.local_stack("test", state)
        self.assertIsNone(stack.graphql_api_id)
        self.assertIn("no GRAPHQL_API_ID", stack.missing["appsync"])
        with self.assertRaisesRegex(smoke.CheckFailed, "no GRAPHQL_API_ID"):
            smoke.verify_deploy(stack)

    def test_local_names_the_dev_stack_unless_a_stack_has_that_name(self):
        with tempfile.TemporaryDirectory() as d:
            local = Path(d)
            self.assertEqual(smoke.local_state("test", local), local / "test")
            self.assertEqual(smoke.local_state("local", local), local)
            (local / "local").mkdir()
            (local / "local" / "stack.env").write_text("")
            self.assertEqual(smoke.local_state("local", local), local / "local")

    def test_outputs_of_a_deployed_stack(self):
        described = {"Stacks": [{"Outputs": [
            {"OutputKey": "Region", "OutputValue": "eu-west-1"}, {"OutputKey": "UserPoolId", "OutputValue": "eu-west-1_P"},
            {"OutputKey": "UserPoolClientId", "OutputValue": "c"}, {"OutputKey": "GraphQLUrl", "OutputValue": "https://g/graphql"},
            {"OutputKey": "RestUrl", "OutputValue": "https://r.execute-api.eu-west-1.amazonaws.com/"},
            {"OutputKey": "TelemetryQueueUrl", "OutputValue": "https://sqs.eu-west-1.amazonaws.com/1/q"},
            {"OutputKey": "GraphQLApiId", "OutputValue": "abc123"}]}]}
        stack = smoke.aws_stack("prod", smoke.outputs_of(described))
        self.assertEqual(stack.graphql_api_id, "abc123")
        self.assertEqual(stack.rest_url, "https://r.execute-api.eu-west-1.amazonaws.com")
        self.assertEqual((stack.region, stack.telemetry_queue_url), ("eu-west-1", "https://sqs.eu-west-1.amazonaws.com/1/q"))
        self.assertIsNone(stack.web_url)
        self.assertIn("no WebUrl output", stack.missing["web"])

    def test_the_rest_calls_go_through_the_web_origin_when_the_stack_says_so(self):
        outputs = {"Region": "r", "UserPoolId": "p", "UserPoolClientId": "c", "GraphQLUrl": "g",
                   "RestUrl": "https://r.execute-api.eu-west-1.amazonaws.com", "WebRestUrl": "https://d1.cloudfront.net/",
                   "WebUrl": "https://d1.cloudfront.net"}
        self.assertEqual(smoke.aws_stack("prod", outputs).rest_url, "https://d1.cloudfront.net")

    def test_a_stack_without_a_required_output_names_it(self):
        with self.assertRaisesRegex(smoke.CheckFailed, "no output UserPoolClientId, RestUrl"):
            smoke.aws_stack("old", {"Region": "r", "UserPoolId": "p", "GraphQLUrl": "g"})
        with self.assertRaisesRegex(smoke.CheckFailed, "no such stack"):
            smoke.outputs_of({"Stacks": []})


class DeployedStack(unittest.TestCase):
    """A deployed stack's outputs through CloudFormation (moto's), as the deployer's boto3 reads them."""

    def test_outputs_and_the_queue_of_a_stack_deployed_before_its_output(self):
        import boto3
        from moto import mock_aws

        outputs = {k: {"Value": v} for k, v in {
            "UserPoolId": "eu-west-1_P", "UserPoolClientId": "c", "GraphQLUrl": "https://g/graphql",
            "RestUrl": "https://r.execute-api.eu-west-1.amazonaws.com", "WebUrl": "https://d.cloudfront.net"}.items()}
        outputs["Region"] = {"Value": {"Ref": "AWS::Region"}}
        template = {"Resources": {"TelemetryQueue": {"Type": "AWS::SQS::Queue"}}, "Outputs": outputs}
        env = {"AWS_DEFAULT_REGION": "eu-west-1", "AWS_ACCESS_KEY_ID": "x", "AWS_SECRET_ACCESS_KEY": "x"}
        with mock.patch.dict("os.environ", env), mock_aws():
            boto3.client("cloudformation").create_stack(StackName="old", TemplateBody=json.dumps(template))
            queue = boto3.client("sqs").get_queue_url(QueueName=boto3.client("sqs").list_queues()["QueueUrls"][0].rsplit("/", 1)[1])
            stack = smoke.find_stack("old", "aws")
            with self.assertRaises(Exception):
                smoke.find_stack("never-deployed", "aws")
        self.assertFalse(stack.local)
        self.assertEqual((stack.region, stack.user_pool_id, stack.web_url), ("eu-west-1", "eu-west-1_P", "https://d.cloudfront.net"))
        self.assertEqual(stack.telemetry_queue_url, queue["QueueUrl"], "the queue resource's physical id")
        self.assertIn("no GraphQLApiId output and no GraphQLApi resource", stack.missing["appsync"])

    def test_an_api_id_from_its_arn(self):
        self.assertEqual(smoke.api_id_of("arn:aws:appsync:eu-west-1:123456789012:apis/x7kqbd3f5ngvzlrh2yq4nmw6ae"),
                         "x7kqbd3f5ngvzlrh2yq4nmw6ae")
        self.assertEqual(smoke.api_id_of("plainid"), "plainid")


class VerifyDeploy(unittest.TestCase):
    """`fleet-local verify-deploy` as the smoke test runs it."""

    def test_every_check_on_aws_and_the_schema_alone_on_a_local_stack(self):
        aws = smoke.Stack(name="prod", region="eu-west-1", user_pool_id="eu-west-1_P", client_id="c",
                          graphql_url="g", rest_url="r", telemetry_queue_url=None, web_url=None, graphql_api_id="api1")
        args, env = smoke.verify_deploy_command(aws)
        self.assertEqual(args[1:], ["verify-deploy", "--api-id", "api1", "--user-pool-id", "eu-west-1_P",
                                    "--user-pool-client-id", "c"])
        self.assertEqual(env["AWS_REGION"], "eu-west-1")
        local = fake_stack()
        local.endpoint, local.credentials = "http://127.0.0.1:5699", {"aws_access_key_id": "test", "aws_secret_access_key": "test"}
        args, env = smoke.verify_deploy_command(local)
        self.assertEqual(args[-1], "--schema-only")
        self.assertEqual((env["AWS_ENDPOINT_URL"], env["AWS_ACCESS_KEY_ID"]), ("http://127.0.0.1:5699", "test"))

    def test_its_summary_or_every_fault(self):
        with mock.patch.object(smoke, "run_fleet_local", lambda args, env: (0, '{"level":"INFO"}\nverify-deploy: API a matches\n', "")):
            self.assertEqual(smoke.verify_deploy(fake_stack()), "API a matches")
        out = "FAIL schema: field Query.a is Int in the deployed API, Int! in infra/schema.graphql\nFAIL auth: x\nverify-deploy: 2 fault(s) in API a\n"
        with mock.patch.object(smoke, "run_fleet_local", lambda args, env: (1, out, "")):
            with self.assertRaises(smoke.CheckFailed) as failed:
                smoke.verify_deploy(fake_stack())
        self.assertEqual(str(failed.exception).splitlines(), [
            "2 fault(s)", "       FAIL schema: field Query.a is Int in the deployed API, Int! in infra/schema.graphql",
            "       FAIL auth: x"])
        with mock.patch.object(smoke, "run_fleet_local", lambda args, env: (1, "FAIL verify-deploy: API a: GetGraphqlApi failed\n", "")):
            with self.assertRaisesRegex(smoke.CheckFailed, "1 fault\\(s\\)\n +FAIL verify-deploy: API a: GetGraphqlApi failed"):
                smoke.verify_deploy(fake_stack())

    def test_a_missing_binary_is_named(self):
        with self.assertRaisesRegex(smoke.CheckFailed, "cargo build -p fleet-local"):
            smoke.run_fleet_local(["/nonexistent/fleet-local", "verify-deploy"], {})


class SecurityHeaders(unittest.TestCase):
    def test_the_names_come_from_the_spec_file(self):
        names, directives = smoke.required_headers(SPEC)
        self.assertEqual(names, ["Strict-Transport-Security", "Content-Security-Policy", "X-Content-Type-Options",
                                 "X-Frame-Options", "Referrer-Policy"])
        self.assertEqual(directives, ["frame-ancestors", "default-src", "connect-src"])
        self.assertEqual(smoke.required_headers(None), (["Strict-Transport-Security", "Content-Security-Policy"],
                                                        ["frame-ancestors"]))

    def test_the_repository_file_parses(self):
        spec = smoke.security_spec()
        if spec is None:
            self.skipTest("no infra/security-headers.json yet")
        names, directives = smoke.required_headers(spec)
        self.assertIn("Strict-Transport-Security", names)
        self.assertIn("frame-ancestors", directives)

    def test_good_headers_pass(self):
        self.assertEqual(smoke.header_problems(GOOD_HEADERS, *smoke.required_headers(SPEC)), [])

    def test_each_problem_is_named(self):
        headers = {k: v for k, v in GOOD_HEADERS.items() if k not in ("strict-transport-security", "referrer-policy")}
        headers["content-security-policy"] = "default-src 'self'; frame-ancestors 'self'"
        self.assertEqual(smoke.header_problems(headers, *smoke.required_headers(SPEC)), [
            "no Strict-Transport-Security header", "no Referrer-Policy header", "the CSP has no connect-src",
            "the CSP's frame-ancestors is 'self', not 'none'"])
        self.assertEqual(smoke.header_problems({}, *smoke.required_headers(None)),
                         ["no Strict-Transport-Security header", "no Content-Security-Policy header"])
        no_frames = dict(GOOD_HEADERS, **{"content-security-policy": "default-src 'self'; connect-src 'self'"})
        self.assertEqual(smoke.header_problems(no_frames, *smoke.required_headers(SPEC)), ["the CSP has no frame-ancestors"])


class Heartbeat(unittest.TestCase):
    AT = datetime(2026, 11, 26, 15, 4, 5, 678901, tzinfo=timezone.utc)

    def test_a_heartbeat_as_the_ingest_reads_it(self):
        beat = smoke.heartbeat("SMOKE_TEST", self.AT, None)
        self.assertEqual((beat["type"], beat["locationId"], beat["timestamp"]), ("heartbeat", "SMOKE_TEST", "2026-11-26T15:04:05.678Z"))
        self.assertEqual(beat["temperature"], 37.5)
        self.assertEqual(smoke.instant(beat["timestamp"]), smoke.instant("2026-11-26T15:04:05.678+00:00"))
        self.assertNotEqual(smoke.instant(beat["timestamp"]), smoke.instant("2026-11-26T15:04:05.679Z"))

    def test_each_heartbeat_moves_the_temperature_a_degree_from_the_stored_one(self):
        self.assertEqual(smoke.next_temperature(None), 37.5)
        self.assertEqual(smoke.next_temperature(37.5), 35.0)
        self.assertEqual(smoke.next_temperature(35.0), 37.5)
        self.assertEqual(smoke.next_temperature(36.6), 35.0)
        for previous in (None, 35.0, 36.0, 36.25, 36.5, 36.9, 37.5, 38.4, 41.0, 20.0):
            self.assertTrue(previous is None or abs(smoke.next_temperature(previous) - previous) >= 1.0)
            self.assertLessEqual(smoke.next_temperature(previous), 38.0)

    def test_the_smoke_location_is_a_test_location_out_of_service(self):
        loc = smoke.smoke_location("SMOKE_TEST", date(2026, 11, 26))
        self.assertEqual((loc["type"], loc["status"], loc["prod"], loc["vertical"]), ("TEST", "OFFLINE", "0", "Testing"))
        self.assertEqual(loc["onlineDate"], "2026-11-26")
        self.assertNotIn("route", loc)


class FakeStack:
    """A stack in memory: its GraphQL, REST and web answers, and a queue whose heartbeats land after one poll."""

    def __init__(self, web_headers=None, location_type=None):
        self.locations = {} if location_type is None else {"SMOKE_TEST": {"id": "SMOKE_TEST", "type": location_type}}
        self.health, self.queued, self.web_headers = None, [], web_headers or GOOD_HEADERS
        self.created = []
        self.deploy_faults = []
        # The real-time endpoint: what it pushes after a command (None: nothing), and what it refuses.
        self.pushed = lambda command: {"locationId": "SMOKE_TEST", "messageId": command, "state": "SENT"}
        self.refusal = None
        self.commands = []
        self.snapshot = {"url": "https://snapshots/fleet-health.json.gz?X-Amz-Signature=s", "asOf": "2026-11-28T03:00:00.000Z", "fridges": 2}
        self.snapshot_object = {"asOf": "2026-11-28T03:00:00.000Z", "fridges": [{"locationId": "A"}, {"locationId": "B"}]}

    def fetch(self, url, method="GET", headers=None, body=None):
        if url.startswith("https://snapshots"):
            return 200, {"content-encoding": "gzip"}, gzip.compress(json.dumps(self.snapshot_object).encode())
        status, answer_headers, text = self.http(url, method, headers, body)
        return status, answer_headers, text.encode()

    def http(self, url, method="GET", headers=None, body=None):
        if url.endswith("/graphql"):
            assert headers["Authorization"] == "id-token"
            request = json.loads(body)
            query, variables = request["query"], request.get("variables") or {}
            return 200, {}, json.dumps({"data": self.graphql(query, variables)})
        if "/prod/locations/" in url:
            assert headers["Authorization"] == "Bearer id-token"
            return (200, {}, "[]") if "SMOKE_TEST" in self.locations else (404, {}, '{"message": "no such location"}')
        return 200, self.web_headers, '<!doctype html><div id="root"></div>'

    def graphql(self, query, variables):
        if "myAccess" in query:
            return {"myAccess": {"actions": ["GetAllLocation", "CreateLocation"], "flags": ["drop-override"]}}
        if "ListLocations" in query:
            assert variables["filter"]["count"] == 2500
            return {"locations": {"items": list(self.locations.values()), "nextToken": None}}
        if "getLocation" in query:
            found = self.locations.get(variables["id"])
            return {"getLocation": [found] if found else []}
        if "createLocation" in query:
            payload = json.loads(variables["input"])
            self.created.append(payload)
            self.locations[payload["id"]] = {"id": payload["id"], "type": payload["type"]}
            return {"createLocation": {"id": payload["id"], "type": payload["type"]}}
        if "fleetHealthSnapshot" in query:
            return {"fleetHealthSnapshot": self.snapshot}
        if "createQueueMessage" in query:
            assert variables["message"]["payload"]["resource"] == "ServiceRestart", variables
            self.commands.append(variables)
            return {"createQueueMessage": {"messageId": f"m{len(self.commands)}", "state": "PENDING"}}
        if "fridgeHealth" in query:
            if self.queued:  # the ingest took the message
                beat = self.queued.pop(0)
                self.health = {"locationId": beat["locationId"], "timestamp": beat["timestamp"], "temperature": beat["temperature"]}
            return {"fridgeHealth": [self.health] if self.health else []}
        raise AssertionError(query)

    def fleet_local(self, args, env):
        """`fleet-local verify-deploy`: its faults when the test gives some, else its summary."""
        assert args[1:4] == ["verify-deploy", "--api-id", "api1"] and args[-1] == "--schema-only", args
        if self.deploy_faults:
            out = "".join(f"FAIL {f}\n" for f in self.deploy_faults)
            return 1, out + f"verify-deploy: {len(self.deploy_faults)} fault(s) in API api1\n", ""
        return 0, "verify-deploy: API api1 matches infra/schema.graphql (110 types, 65 root fields), resolvers not checked\n", ""

    def client(self, stack, service):
        fake = self

        class Cognito:
            def initiate_auth(self, **kw):
                return {"ChallengeName": "PASSWORD_VERIFIER", "ChallengeParameters": {
                    "SALT": "ab", "SRP_B": "1234567", "USERNAME": "sub-1", "USER_ID_FOR_SRP": "sub-1", "SECRET_BLOCK": "AAAA"}}

            def respond_to_auth_challenge(self, **kw):
                return {"AuthenticationResult": {"IdToken": "id-token"}}

        class Sqs:
            def send_message(self, QueueUrl, MessageBody):
                assert QueueUrl == "q-url"
                fake.queued.append(json.loads(MessageBody))

        return {"cognito-idp": Cognito, "sqs": Sqs}[service]()


class FakeRealtime:
    """A real-time connection as `smoke.Realtime` answers: after a command, the stack's push (if any)."""

    def __init__(self, fake, stack, token, timeout):
        assert token == "id-token"
        self.fake, self.subscribed = fake, None

    def subscribe(self, subscription, query, variables, timeout):
        if self.fake.refusal:
            raise smoke.CheckFailed(self.fake.refusal)
        assert "onCommandChanged" in query and variables == {"locationId": "SMOKE_TEST"}
        self.subscribed = subscription

    def expect(self, kind, timeout, subscription=None):
        assert (kind, subscription) == ("data", self.subscribed)
        change = self.fake.pushed(f"m{len(self.fake.commands)}") if self.fake.commands else None
        if change is None:
            raise smoke.CheckFailed(f"no data within {timeout:g} s")
        # Another command's change first: the check waits for its own.
        if not getattr(self, "sent_other", False):
            self.sent_other = True
            return {"type": "data", "id": subscription, "payload": {"data": {"onCommandChanged": {**change, "messageId": "other"}}}}
        return {"type": "data", "id": subscription, "payload": {"data": {"onCommandChanged": change}}}

    def close(self):
        pass


def fake_stack(web_url="http://web"):
    return smoke.Stack(name="t", region="us-east-1", user_pool_id="us-east-1_p", client_id="c",
                       graphql_url="http://api/graphql", rest_url="http://api", telemetry_queue_url="q-url",
                       web_url=web_url, local=True, default_user=("admin@fleet.local", "pw"), graphql_api_id="api1")


def run_against(fake, stack=None, env=None):
    out = io.StringIO()
    with mock.patch.object(smoke, "find_stack", lambda name, target=None: stack or fake_stack()), \
            mock.patch.object(smoke, "http", fake.http), mock.patch.object(smoke, "fetch", fake.fetch), \
            mock.patch.object(smoke, "client", fake.client), \
            mock.patch.object(smoke, "POLL_SECONDS", 0), mock.patch.object(smoke, "security_spec", lambda: SPEC), \
            mock.patch.object(smoke, "run_fleet_local", fake.fleet_local), \
            mock.patch.object(smoke, "open_realtime", lambda stack, token, timeout: FakeRealtime(fake, stack, token, timeout)):
        code = smoke.run("t", env=env or {}, out=out)
    return code, out.getvalue().splitlines()


class Snapshot(unittest.TestCase):
    def test_the_object_must_be_what_the_api_says_of_it(self):
        said = {"asOf": "2026-11-28T03:00:00Z", "fridges": 2}
        good = gzip.compress(json.dumps({"asOf": "2026-11-28T03:00:00.000Z", "fridges": [{}, {}]}).encode())
        self.assertEqual(smoke.snapshot_problems(said, 200, good)[0], [])
        self.assertIn("HTTP 403", smoke.snapshot_problems(said, 403, b"<Error>AccessDenied</Error>")[0][0])
        self.assertIn("not gzip'd JSON", smoke.snapshot_problems(said, 200, b"\x1f\x8bxx")[0][0])
        one = gzip.compress(json.dumps({"asOf": "2026-11-28T02:59:00Z", "fridges": [{}]}).encode())
        problems = smoke.snapshot_problems(said, 200, one)[0]
        self.assertEqual(len(problems), 2, problems)

    def test_a_snapshot_never_built_fails_its_check(self):
        fake = FakeStack()
        fake.snapshot = {"url": None, "asOf": None, "fridges": 0}
        code, lines = run_against(fake, env={"SMOKE_TIMEOUT": "0"})
        self.assertEqual(code, 1)
        self.assertTrue(any(line.startswith("FAIL fleet health snapshot") and "no url" in line for line in lines), lines)


class WholeRun(unittest.TestCase):
    def test_every_check_passes_and_the_smoke_location_is_created(self):
        fake = FakeStack()
        code, lines = run_against(fake)
        self.assertEqual(code, 0, lines)
        self.assertEqual([line[:5] for line in lines[:-1]], ["ok   "] * 10)
        self.assertIn("subscription onCommandChanged(SMOKE_TEST) through the real-time endpoint", lines[9])
        self.assertRegex(lines[9], r"\(SENT arrived \d+\.\d\d s after the command\)$")
        self.assertIn("fleet health snapshot through its presigned S3 URL (2 fridges as of", lines[6])
        self.assertIn("(fleet-local verify-deploy, schema and auth modes", lines[8])
        self.assertIn("API api1 matches infra/schema.graphql", lines[8])
        self.assertTrue(lines[2].startswith("ok   GraphQL myAccess (2 actions, 1 flags)"), lines)
        self.assertIn("location created", lines[4])
        self.assertEqual(fake.created[0]["type"], "TEST")
        self.assertEqual(lines[-1], "all checks passed on t (local)")

    def test_a_location_of_that_id_that_is_not_a_test_one_gets_no_heartbeat(self):
        fake = FakeStack(location_type="FRIDGE")
        code, lines = run_against(fake)
        self.assertEqual(code, 1)
        self.assertTrue(lines[4].startswith("FAIL heartbeat for SMOKE_TEST"), lines)
        self.assertIn("type FRIDGE, not TEST", lines[4])
        self.assertEqual(fake.queued, [])

    def test_a_heartbeat_that_never_lands_times_out(self):
        fake = FakeStack(location_type="TEST")
        fake.graphql_real = fake.graphql
        fake.graphql = lambda q, v: {"fridgeHealth": []} if "fridgeHealth" in q else fake.graphql_real(q, v)
        code, lines = run_against(fake, env={"SMOKE_TIMEOUT": "0"})
        self.assertEqual(code, 1)
        self.assertIn("FAIL heartbeat for SMOKE_TEST", lines[4])
        self.assertIn("still shows no heartbeat 0 s after sending one", lines[4])

    def test_missing_headers_and_credentials_fail_their_checks(self):
        fake = FakeStack(web_headers={"content-type": "text/html; charset=utf-8"})
        stack = fake_stack()
        stack.default_user = None
        code, lines = run_against(fake, stack=stack)
        self.assertEqual(code, 1)
        self.assertIn("FAIL sign-in (SRP) as ?: set SMOKE_EMAIL and SMOKE_PASSWORD", lines[1])
        self.assertEqual(lines[2], "FAIL GraphQL myAccess: not signed in")
        self.assertEqual(lines[6], "FAIL fleet health snapshot through its presigned S3 URL: not signed in")
        self.assertIn("FAIL web origin answers index.html with its security headers: no Strict-Transport-Security header", lines[7])
        self.assertEqual(lines[9], "FAIL subscription onCommandChanged(SMOKE_TEST) through the real-time endpoint, a "
                                   "command's change pushed: not signed in")
        self.assertEqual(lines[-1], "8 check(s) failed on t (local)")

    def test_a_deploy_that_is_not_the_repositorys_fails_with_each_fault(self):
        fake = FakeStack()
        fake.deploy_faults = ["schema: field Query.myAccess is Access in the deployed API, Access! in infra/schema.graphql",
                              "auth: the default auth mode is AWS_IAM, the template's is AMAZON_COGNITO_USER_POOLS"]
        code, lines = run_against(fake)
        self.assertEqual(code, 1)
        self.assertTrue(lines[8].startswith("FAIL AppSync API as the schema, the registry and the template declare it"), lines)
        self.assertTrue(lines[8].endswith(": 2 fault(s)"), lines[8])
        self.assertEqual([l.strip() for l in lines[9:11]], ["FAIL " + f for f in fake.deploy_faults])
        self.assertTrue(lines[11].startswith("ok   subscription"), lines)
        self.assertEqual(lines[-1], "1 check(s) failed on t (local)")


class Subscription(unittest.TestCase):
    def test_a_change_that_never_arrives_fails_the_check(self):
        fake = FakeStack()
        fake.pushed = lambda command: None
        code, lines = run_against(fake, env={"SMOKE_TIMEOUT": "1"})
        self.assertEqual(code, 1)
        self.assertTrue(lines[9].startswith("FAIL subscription onCommandChanged(SMOKE_TEST)"), lines)
        self.assertIn("no change of command m1 arrived within 1 s", lines[9])
        self.assertEqual(len(fake.commands), 1, "one command, sent once")

    def test_a_refused_subscription_says_why_and_sends_no_command(self):
        fake = FakeStack()
        fake.refusal = "error: Unauthorized: Not Authorized to access onCommandChanged on type Subscription"
        code, lines = run_against(fake)
        self.assertEqual(code, 1)
        self.assertTrue(lines[9].endswith(fake.refusal), lines[9])
        self.assertEqual(fake.commands, [])

    def test_the_real_time_url_is_the_one_aws_amplify_opens(self):
        self.assertEqual(smoke.realtime_url("https://abc123.appsync-api.us-east-1.amazonaws.com/graphql"),
                         "wss://abc123.appsync-realtime-api.us-east-1.amazonaws.com/graphql")
        self.assertEqual(smoke.realtime_url("http://127.0.0.1:4100/graphql"), "wss://127.0.0.1:4100/graphql/realtime")
        self.assertEqual(smoke.realtime_url("https://api.fleet.example.com/graphql"),
                         "wss://api.fleet.example.com/graphql/realtime")
        self.assertEqual(smoke.auth_header("http://127.0.0.1:4100/graphql", "t"), {"host": "127.0.0.1:4100", "Authorization": "t"})


if __name__ == "__main__":
    unittest.main()
