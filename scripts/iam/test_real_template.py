"""The checker on the real template.yaml, against a stack.env made here as the local provisioner makes one.

(The test stack's own .local/test/stack.env is not in a fresh clone.)
"""
import copy
import tempfile
import unittest
from pathlib import Path

from checker import build_stack, check, count, load_stack
from recorded import Call
from samtemplate import load_template
from stackcontext import ResolveError, StackContext, function_environments, parse_stack_env

ROOT = Path(__file__).resolve().parents[2]
REGION, ACCOUNT, PREFIX, POOL = "us-east-1", "123456789012", "fleet-local", "us-east-1_fixturepool"


def local_stack_env(sam):
    """stack.env text as scripts/local/provision.py writes it: <prefix>-<logical id> names, queue URLs, a pool id."""
    refs = {}
    for logical_id, resource in sam["Resources"].items():
        kind = resource["Type"]
        if kind == "AWS::DynamoDB::Table":
            refs[logical_id] = f"{PREFIX}-{logical_id}"
        elif kind == "AWS::S3::Bucket":
            refs[logical_id] = f"{PREFIX}-{logical_id}".lower()
        elif kind == "AWS::SQS::Queue":
            fifo = ".fifo" if (resource.get("Properties") or {}).get("FifoQueue") else ""
            refs[logical_id] = f"http://127.0.0.1:5699/{ACCOUNT}/{PREFIX}-{logical_id}{fifo}"
        elif kind == "AWS::Cognito::UserPool":
            refs[logical_id] = POOL
        elif kind == "AWS::AppSync::GraphQLApi":
            refs[logical_id] = "localapi"
    parameters = {"RoutingServiceUrl": "http://127.0.0.1:5701"}
    context = StackContext(sam, REGION, ACCOUNT, PREFIX, refs=refs, parameters=parameters)
    env = {}
    for _, variables in function_environments(sam):
        for var, expr in variables.items():
            try:
                env[var] = context.resolve(expr)
            except ResolveError:
                pass  # a variable naming something the checker needs not (a client id, an API URL)
    env.update({f"QUEUE_URL_{k}": v for k, v in refs.items() if sam["Resources"][k]["Type"] == "AWS::SQS::Queue"})
    env["AWS_REGION"] = REGION
    env["GRAPHQL_API_ID"] = refs["GraphQLApi"]
    return "".join(f"export {k}='{v}'\n" for k, v in env.items())


def table(name, index=None):
    arn = f"arn:aws:dynamodb:{REGION}:{ACCOUNT}:table/{PREFIX}-{name}"
    return f"{arn}/index/{index}" if index else arn


class RealTemplate(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.sam = load_template(ROOT / "template.yaml")
        cls.dir = tempfile.TemporaryDirectory()
        cls.env_path = Path(cls.dir.name) / "stack.env"
        cls.env_path.write_text(local_stack_env(cls.sam))
        cls.env = parse_stack_env(cls.env_path.read_text())
        cls.stack = load_stack(cls.sam, cls.env_path)

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def test_every_function_has_its_role_and_the_basic_execution_role(self):
        functions = [r for r in self.sam["Resources"].values() if r["Type"] == "AWS::Serverless::Function"]
        self.assertEqual(len(self.stack.policies), len(functions))
        for name, policy in self.stack.policies.items():
            self.assertTrue(policy.allows("logs:PutLogEvents", f"arn:aws:logs:{REGION}:{ACCOUNT}:log-group:/aws/lambda/x:*"), name)

    def test_the_stack_name_and_parameters_come_from_the_env(self):
        self.assertEqual(self.stack.context.stack_name, PREFIX)
        self.assertEqual(self.stack.context.account, ACCOUNT)
        # The paging secret is the stack's own: no parameter, its name and STACK_NAME from AWS::StackName.
        self.assertNotIn("PagingTokenParameterName", self.stack.context.parameters)
        self.assertEqual(self.env["PAGING_TOKEN_SECRET"], f"/{PREFIX}/paging-token-secret")
        self.assertEqual(self.env["STACK_NAME"], PREFIX)

    def test_a_call_allowed_by_an_exact_read_grant_passes(self):
        policy = self.stack.policies["get_feature_flags"]
        granting = policy.allowing("dynamodb:GetItem", table("FeatureFlagsTable"))
        self.assertEqual([s.kind for s in granting], ["Statement"])
        # GetItem only: the function reads its flags by key, so no Query, BatchGetItem, Scan, write or delete.
        for action in ("dynamodb:Query", "dynamodb:BatchGetItem", "dynamodb:Scan", "dynamodb:DeleteItem", "dynamodb:BatchWriteItem"):
            self.assertEqual(policy.allowing(action, table("FeatureFlagsTable")), [], action)
        self.assertEqual(check(self.stack, [Call("get_feature_flags", "dynamodb:GetItem", table("FeatureFlagsTable"))]), [])
        self.assertEqual(len(check(self.stack, [Call("get_feature_flags", "dynamodb:PutItem", table("FeatureFlagsTable"))])), 1)

    def test_a_deliberately_removed_permission_fails(self):
        call = Call("get_feature_flags", "dynamodb:GetItem", table("FeatureFlagsTable"))
        self.assertEqual(check(self.stack, [call]), [])
        translated = copy.deepcopy(self.stack.translated)
        role_id = self.stack.roles["get_feature_flags"].role_id
        removed = 0
        for policy in translated["Resources"][role_id]["Properties"]["Policies"]:
            for statement in policy["PolicyDocument"]["Statement"]:
                actions = statement["Action"] if isinstance(statement["Action"], list) else [statement["Action"]]
                if "dynamodb:GetItem" in actions and "FeatureFlagsTable" in str(statement["Resource"]):
                    statement["Action"] = [a for a in actions if a != "dynamodb:GetItem"] or ["dynamodb:DescribeTable"]
                    removed += 1
        self.assertEqual(removed, 1)
        weakened = build_stack(self.sam, translated, self.env, self.env_path)
        [refusal] = check(weakened, [call])
        self.assertEqual(refusal.call, call)
        self.assertIn("dynamodb:GetItem", refusal.reason)
        # The other functions on the same table keep theirs.
        self.assertEqual(check(weakened, [Call("get_my_access", "dynamodb:GetItem", table("FeatureFlagsTable"))]), [])

    def test_an_index_query_needs_the_index_arn(self):
        call = Call("my_coupons", "dynamodb:Query", table("CouponsTable", "byCreator"))
        self.assertEqual(check(self.stack, [call]), [])
        # Only the index the function queries.
        other = Call("my_coupons", "dynamodb:Query", table("CouponsTable", "byOther"))
        self.assertEqual(len(check(self.stack, [other])), 1)
        translated = copy.deepcopy(self.stack.translated)
        role_id = self.stack.roles["my_coupons"].role_id
        # The index grant taken away (its statement goes whole: a statement needs a resource).
        policies = translated["Resources"][role_id]["Properties"]["Policies"]
        for policy in policies:
            policy["PolicyDocument"]["Statement"] = [
                s for s in policy["PolicyDocument"]["Statement"] if "/index/" not in str(s["Resource"])
            ]
        translated["Resources"][role_id]["Properties"]["Policies"] = [
            p for p in policies if p["PolicyDocument"]["Statement"]
        ]
        weakened = build_stack(self.sam, translated, self.env, self.env_path)
        [refusal] = check(weakened, [call])
        self.assertIn("no statement grants dynamodb:Query", refusal.reason)
        # Nor on the table itself: the function queries its index only.
        self.assertEqual(len(check(self.stack, [Call("my_coupons", "dynamodb:Query", table("CouponsTable"))])), 1)

    def test_intrinsics_of_the_inline_statements(self):
        # !Sub of the stack's own /${AWS::StackName}/paging-token-secret; !GetAtt UserPool.Arn; the routing key's !Sub [.., {KeyName: !If ...}];
        # SQSSendMessagePolicy's QueueName from !GetAtt Queue.QueueName; the DeadLetterQueue's !GetAtt Queue.Arn.
        calls = [
            Call("list_locations", "ssm:GetParameter", f"arn:aws:ssm:{REGION}:{ACCOUNT}:parameter/{PREFIX}/paging-token-secret"),
            Call("get_user_permissions", "cognito-idp:ListUsers", f"arn:aws:cognito-idp:{REGION}:{ACCOUNT}:userpool/{POOL}"),
            Call("route_sync_worker", "ssm:GetParameter", f"arn:aws:ssm:{REGION}:{ACCOUNT}:parameter/{PREFIX}/routing-service-key"),
            Call("route_sync_worker", "sqs:SendMessage", f"arn:aws:sqs:{REGION}:{ACCOUNT}:{PREFIX}-RouteSyncDeadLetterQueue"),
            Call("route_sync_worker", "sqs:ChangeMessageVisibility", f"arn:aws:sqs:{REGION}:{ACCOUNT}:{PREFIX}-RouteSyncQueue"),
            Call("apply_scheduled_changes", "sqs:SendMessage", f"arn:aws:sqs:{REGION}:{ACCOUNT}:{PREFIX}-ScheduledFailuresQueue"),
        ]
        self.assertEqual(check(self.stack, calls), [])
        wrong = [
            Call("list_locations", "ssm:GetParameter", f"arn:aws:ssm:{REGION}:{ACCOUNT}:parameter/fleet-console/paging-token-secret"),
            Call("route_sync_worker", "sqs:ChangeMessageVisibility", f"arn:aws:sqs:{REGION}:{ACCOUNT}:{PREFIX}-RouteSyncDeadLetterQueue"),
        ]
        self.assertEqual(len(check(self.stack, wrong)), 2)

    def test_count_counts_each_resolved_resource_and_wildcard_once(self):
        total, by_kind, functions = count(self.stack)
        self.assertEqual(functions, len(self.stack.policies))
        self.assertEqual(by_kind["managed:AWSLambdaBasicExecutionRole"], 3 * functions)
        self.assertNotIn("DynamoDBCrudPolicy", by_kind)  # exact grants only: no SAM policy template
        # The queue functions' polling is their own statement on their own queue, not SAM's managed policy.
        self.assertNotIn("managed:AWSLambdaSQSQueueExecutionRole", by_kind)
        # Five queue functions' polling (telemetry, orders, forecast, route sync, scheduler wake-ups:
        # 3 actions each); the stocking change publisher's three streams (4 actions each) and its
        # failure queue; the command publisher's stream and queue.
        self.assertEqual(by_kind["EventSourcePolling"], 5 * 3 + 3 * 4 + 1 + 4 + 1)

    def test_a_queue_function_polls_only_its_own_queue(self):
        queue = lambda name: f"arn:aws:sqs:{REGION}:{ACCOUNT}:{PREFIX}-{name}"
        self.assertEqual(check(self.stack, [Call("telemetry_ingest", "sqs:ReceiveMessage", queue("TelemetryQueue"))]), [])
        self.assertEqual(len(check(self.stack, [Call("telemetry_ingest", "sqs:ReceiveMessage", queue("FridgeCommandsQueue"))])), 1)
        self.assertEqual(len(check(self.stack, [Call("telemetry_ingest", "sqs:DeleteMessage", queue("FridgeCommandsQueue"))])), 1)

    def test_no_role_may_delete_history(self):
        history = f"arn:aws:dynamodb:{REGION}:{ACCOUNT}:table/{PREFIX}-HistoryTable"
        for name in self.stack.policies:
            for action in ("dynamodb:DeleteItem", "dynamodb:BatchWriteItem"):
                [refusal] = check(self.stack, [Call(name, action, history)])
                self.assertIn("denied", refusal.reason, f"{name} {action}")


if __name__ == "__main__":
    unittest.main()
