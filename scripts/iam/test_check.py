"""check.py on the fixture template (fixtures/template.yaml) and its hand-made calls."""
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from checker import check, count, exercised, load_stack, stack_env_for, unused
from recorded import Call, CallsError, read_calls
from samtemplate import load_template, translate

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
TEMPLATE = FIXTURES / "template.yaml"
STACK_ENV = FIXTURES / "stack" / "stack.env"
CALLS = FIXTURES / "stack" / "calls"
REFUSED = FIXTURES / "calls-refused"


def run(*args):
    return subprocess.run([sys.executable, str(HERE / "check.py"), "--template", str(TEMPLATE), "--stack-env", str(STACK_ENV), *args],
                          capture_output=True, text=True)


class FixtureStack(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.sam = load_template(TEMPLATE)
        cls.stack = load_stack(cls.sam, STACK_ENV)

    def test_translation_expands_policy_templates_and_attaches_managed_policies(self):
        role = self.stack.translated["Resources"]["ListItemsFunctionRole"]["Properties"]
        self.assertEqual(role["ManagedPolicyArns"], ["arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole"])
        read = role["Policies"][0]["PolicyDocument"]["Statement"][0]
        self.assertIn("dynamodb:Query", read["Action"])
        worker = self.stack.translated["Resources"]["WorkerFunctionRole"]["Properties"]
        self.assertIn("arn:aws:iam::aws:policy/service-role/AWSLambdaSQSQueueExecutionRole", worker["ManagedPolicyArns"])
        tick = self.stack.translated["Resources"]["TickFunctionRole"]["Properties"]
        self.assertIn("DeadLetterQueuePolicy", [p["PolicyName"] for p in tick["Policies"]])

    def test_kinds_name_what_granted_each_statement(self):
        kinds = {s.kind for s in self.stack.policies["worker"].statements}
        self.assertEqual(kinds, {"Statement", "SQSSendMessagePolicy", "managed:AWSLambdaBasicExecutionRole", "managed:AWSLambdaSQSQueueExecutionRole"})
        self.assertIn("DeadLetterQueue", {s.kind for s in self.stack.policies["tick"].statements})

    def test_a_call_allowed_by_an_expanded_dynamodb_read_policy_passes(self):
        policy = self.stack.policies["list_items"]
        table = "arn:aws:dynamodb:us-east-1:123456789012:table/fleet-local-ItemsTable"
        [granting] = policy.allowing("dynamodb:Query", table)
        self.assertEqual(granting.kind, "DynamoDBReadPolicy")
        self.assertTrue(policy.allows("dynamodb:Query", table + "/index/byName"))
        self.assertFalse(policy.allows("dynamodb:PutItem", table))

    def test_the_recorded_fixture_calls_all_pass(self):
        self.assertEqual(check(self.stack, read_calls(CALLS)), [])

    def test_refused_calls_and_unknown_functions(self):
        refused = {(r.call.function, r.call.action): r.reason for r in check(self.stack, read_calls(REFUSED))}
        self.assertEqual(len(refused), 6)
        self.assertIn("no statement grants dynamodb:PutItem", refused[("list_items", "dynamodb:PutItem")])
        self.assertIn("no such function", refused[("no_such_function", "dynamodb:GetItem")])
        self.assertIn("not an ARN", refused[("worker", "sqs:DeleteMessage")])
        self.assertIn("thumbnails/*", refused[("tick", "s3:GetObject")])
        self.assertIn("us-east-1_fixturepool", refused[("list_users", "cognito-idp:ListUsers")])

    def test_count(self):
        total, by_kind, functions = count(self.stack)
        self.assertEqual(functions, 4)
        # list_items: 5 read actions x (table, index/*) + ssm + 3 logs = 14; list_users: 1 + 5 x 2 + 3 = 14;
        # worker: 3 statements + 6 from the SQS poller's policy (its 3 logs actions shared with the basic one) = 9;
        # tick: 10 x 2 + (2 actions x 2 resources) + the DeadLetterQueue + 3 logs = 28.
        self.assertEqual(total, 14 + 14 + 9 + 28)
        self.assertEqual(by_kind["DynamoDBReadPolicy"], 10)
        self.assertEqual(by_kind["DynamoDBCrudPolicy"], 20)
        self.assertEqual(by_kind["managed:AWSLambdaBasicExecutionRole"], 12)
        self.assertEqual(by_kind["managed:AWSLambdaSQSQueueExecutionRole"], 6)
        self.assertEqual(by_kind["Statement"], 1 + 1 + 2 + 4)

    def test_unused_lists_what_no_call_exercised(self):
        calls = read_calls(CALLS)
        used = exercised(self.stack, calls)
        usages = {u.function: u for u in unused(self.stack, used, {})}
        idle = {(g.action, g.resource) for g in usages["list_items"].unused}
        table = "arn:aws:dynamodb:us-east-1:123456789012:table/fleet-local-ItemsTable"
        self.assertNotIn(("dynamodb:Query", table), idle)
        self.assertNotIn(("dynamodb:Query", table + "/index/*"), idle)
        self.assertIn(("dynamodb:GetItem", table), idle)
        self.assertEqual(usages["worker"].unused, [])
        self.assertEqual({g.action for g in usages["worker"].unused_service},
                         {"sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:GetQueueAttributes", "logs:CreateLogGroup", "logs:CreateLogStream", "logs:PutLogEvents"})
        # The tick's `s3:List*` on the bucket ARN is used (by S3:LISTBUCKET: actions are case-insensitive), on thumbnails/* not.
        tick_idle = {(g.action, g.resource) for g in usages["tick"].unused}
        self.assertIn(("s3:List*", "arn:aws:s3:::fleet-local-imagesbucket/thumbnails/*"), tick_idle)
        self.assertNotIn(("s3:List*", "arn:aws:s3:::fleet-local-imagesbucket"), tick_idle)

    def test_the_same_parameters_translate_once(self):
        translations = {}
        load_stack(self.sam, STACK_ENV, translations=translations)
        load_stack(self.sam, STACK_ENV, translations=translations)
        self.assertEqual(len(translations), 1)

    def test_translation_leaves_the_parsed_template_alone(self):
        before = repr(self.sam)
        translate(self.sam, {}, "us-east-1")
        self.assertEqual(repr(self.sam), before)


class Calls(unittest.TestCase):
    def test_lines_repeat_blank_lines_and_extra_keys(self):
        calls = read_calls(CALLS)
        self.assertEqual(sum(calls.values()), 13)
        self.assertEqual(calls[Call("list_items", "dynamodb:Query", "arn:aws:dynamodb:us-east-1:123456789012:table/fleet-local-ItemsTable")], 2)

    def test_malformed_lines_and_missing_dirs_are_errors(self):
        with tempfile.TemporaryDirectory() as d:
            (Path(d) / "a.jsonl").write_text('{"function": "f", "action": "s3:GetObject"}\n')
            with self.assertRaisesRegex(CallsError, "a.jsonl:1"):
                read_calls(d)
            (Path(d) / "a.jsonl").write_text('{"function": "f", "act\n')
            with self.assertRaisesRegex(CallsError, "not JSON"):
                read_calls(d)
        with self.assertRaisesRegex(CallsError, "no such"):
            read_calls(FIXTURES / "nowhere")

    def test_a_calls_dir_is_checked_against_the_stack_env_beside_it(self):
        self.assertEqual(stack_env_for(CALLS, "default.env"), STACK_ENV)
        self.assertEqual(stack_env_for(REFUSED, "default.env"), Path("default.env"))


class CommandLine(unittest.TestCase):
    def test_check_passes_with_a_summary(self):
        r = run("--calls", str(CALLS))
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertEqual(r.stdout.count("\n"), 1)
        self.assertIn("12 distinct calls (13 recorded) by 4 of 4 functions", r.stdout)

    def test_check_fails_listing_each_refused_call(self):
        r = run("--calls", str(CALLS), str(REFUSED))
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("6 recorded call(s) NOT allowed", r.stdout)
        self.assertIn("list_items  dynamodb:PutItem  arn:aws:dynamodb:us-east-1:123456789012:table/fleet-local-ItemsTable", r.stdout)
        self.assertIn("no_such_function", r.stdout)

    def test_count(self):
        r = run("--count")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn(": 65 (function, action, resource) triples, 4 functions", r.stdout)
        self.assertRegex(r.stdout, r"DynamoDBCrudPolicy +20\n")

    def test_unused_writes_the_document(self):
        with tempfile.TemporaryDirectory() as d:
            out = Path(d) / "least-privilege.md"
            r = run("--unused", "--out", str(out), "--calls", str(CALLS))
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            text = out.read_text()
        self.assertIn("Made by hand", text)
        self.assertIn(f"--unused --out {out}", text)  # the exact command
        self.assertIn("- Allowed (function, action, resource) triples: 65", text)
        self.assertIn("### list_items (ListItemsFunction)", text)
        self.assertIn("| `dynamodb:GetItem` | `arn:aws:dynamodb:us-east-1:123456789012:table/fleet-local-ItemsTable` | DynamoDBReadPolicy |", text)
        self.assertNotIn("### worker", text)

    def test_no_calls_is_an_error(self):
        with tempfile.TemporaryDirectory() as d:
            r = run("--calls", d)
        self.assertEqual(r.returncode, 1)
        self.assertIn("no recorded calls", r.stderr)

    def test_a_stack_error_is_reported_without_a_traceback(self):
        with tempfile.TemporaryDirectory() as d:
            env = Path(d) / "stack.env"
            env.write_text("export ITEMS_TABLE='t'\n")
            r = subprocess.run([sys.executable, str(HERE / "check.py"), "--template", str(TEMPLATE), "--stack-env", str(env), "--count"],
                               capture_output=True, text=True)
        self.assertEqual(r.returncode, 2)
        self.assertIn("iam check: error:", r.stderr)
        self.assertNotIn("Traceback", r.stderr)


if __name__ == "__main__":
    unittest.main()
