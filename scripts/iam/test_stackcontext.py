import unittest
from pathlib import Path

from samtemplate import load_template
from stackcontext import NO_VALUE, ResolveError, StackContext, parse_stack_env, queue_url_parts

FIXTURES = Path(__file__).resolve().parent / "fixtures"

TEMPLATE = {
    "Parameters": {
        "Name": {"Type": "String", "Default": "/default/name"},
        "Blank": {"Type": "String", "Default": ""},
        "NoDefault": {"Type": "String"},
    },
    "Conditions": {
        "BlankSet": {"Fn::Not": [{"Fn::Equals": [{"Ref": "Blank"}, ""]}]},
        "Both": {"Fn::And": [{"Condition": "BlankSet"}, {"Fn::Equals": ["a", "a"]}]},
        "Either": {"Fn::Or": [{"Condition": "BlankSet"}, {"Fn::Equals": [{"Ref": "AWS::Region"}, "us-east-1"]}]},
    },
    "Mappings": {"Sizes": {"us-east-1": {"Memory": "256"}}},
    "Resources": {
        "Table": {"Type": "AWS::DynamoDB::Table"},
        "Queue": {"Type": "AWS::SQS::Queue"},
        "Bucket": {"Type": "AWS::S3::Bucket"},
        "Pool": {"Type": "AWS::Cognito::UserPool"},
        "Unbound": {"Type": "AWS::DynamoDB::Table"},
    },
}


def context(**kw):
    refs = {
        "Table": "fleet-local-Table",
        "Queue": "http://127.0.0.1:5699/210987654321/fleet-local-Queue.fifo",
        "Bucket": "fleet-local-bucket",
        "Pool": "us-east-1_abc",
    }
    return StackContext(TEMPLATE, region="us-east-1", account="123456789012", stack_name="fleet-local", refs=refs, **kw)


class Resolve(unittest.TestCase):
    def test_ref_of_resources_parameters_and_pseudo_parameters(self):
        c = context(parameters={"Name": "/fleet-local/x"})
        self.assertEqual(c.resolve({"Ref": "Table"}), "fleet-local-Table")
        self.assertEqual(c.resolve({"Ref": "Name"}), "/fleet-local/x")
        self.assertEqual(c.resolve({"Ref": "Blank"}), "")
        self.assertEqual(c.resolve({"Ref": "AWS::Partition"}), "aws")
        self.assertEqual(c.resolve({"Ref": "AWS::Region"}), "us-east-1")
        self.assertEqual(c.resolve({"Ref": "AWS::AccountId"}), "123456789012")
        self.assertEqual(c.resolve({"Ref": "AWS::URLSuffix"}), "amazonaws.com")
        self.assertEqual(c.resolve({"Ref": "AWS::StackName"}), "fleet-local")
        self.assertIs(c.resolve({"Ref": "AWS::NoValue"}), NO_VALUE)
        self.assertEqual(c.resolve(["a", {"Ref": "AWS::NoValue"}, "b"]), ["a", "b"])

    def test_unresolvable_refs_say_what(self):
        c = context()
        with self.assertRaisesRegex(ResolveError, "Unbound .*no value"):
            c.resolve({"Ref": "Unbound"})
        with self.assertRaisesRegex(ResolveError, "NoDefault"):
            c.resolve({"Ref": "NoDefault"})
        with self.assertRaisesRegex(ResolveError, "no such"):
            c.resolve({"Ref": "Nothing"})
        with self.assertRaisesRegex(ResolveError, "AccountId"):
            StackContext(TEMPLATE, region="us-east-1").resolve({"Ref": "AWS::AccountId"})

    def test_getatt_of_each_resource_type(self):
        c = context()
        self.assertEqual(c.resolve({"Fn::GetAtt": ["Table", "Arn"]}), "arn:aws:dynamodb:us-east-1:123456789012:table/fleet-local-Table")
        # The queue's account and name come from its URL.
        self.assertEqual(c.resolve({"Fn::GetAtt": "Queue.Arn"}), "arn:aws:sqs:us-east-1:210987654321:fleet-local-Queue.fifo")
        self.assertEqual(c.resolve({"Fn::GetAtt": ["Queue", "QueueName"]}), "fleet-local-Queue.fifo")
        self.assertEqual(c.resolve({"Fn::GetAtt": ["Bucket", "Arn"]}), "arn:aws:s3:::fleet-local-bucket")
        self.assertEqual(c.resolve({"Fn::GetAtt": ["Pool", "Arn"]}), "arn:aws:cognito-idp:us-east-1:123456789012:userpool/us-east-1_abc")
        # A stream's label is its creation time: any stream of the table.
        self.assertEqual(c.resolve({"Fn::GetAtt": ["Table", "StreamArn"]}), "arn:aws:dynamodb:us-east-1:123456789012:table/fleet-local-Table/stream/*")
        with self.assertRaisesRegex(ResolveError, "LatestStreamLabel"):
            c.resolve({"Fn::GetAtt": ["Table", "LatestStreamLabel"]})

    def test_sub_both_forms(self):
        c = context(parameters={"Name": "/fleet-local/paging"})
        self.assertEqual(
            c.resolve({"Fn::Sub": "arn:${AWS::Partition}:ssm:${AWS::Region}:${AWS::AccountId}:parameter${Name}"}),
            "arn:aws:ssm:us-east-1:123456789012:parameter/fleet-local/paging",
        )
        self.assertEqual(
            c.resolve({"Fn::Sub": ["arn:${AWS::Partition}:dynamodb:${AWS::Region}:${AWS::AccountId}:table/${tableName}/index/*", {"tableName": {"Ref": "Table"}}]}),
            "arn:aws:dynamodb:us-east-1:123456789012:table/fleet-local-Table/index/*",
        )
        self.assertEqual(c.resolve({"Fn::Sub": "${Bucket.Arn}/*"}), "arn:aws:s3:::fleet-local-bucket/*")
        self.assertEqual(c.resolve({"Fn::Sub": "${!Literal}-${AWS::StackName}"}), "${Literal}-fleet-local")

    def test_if_and_conditions(self):
        c = context()
        self.assertFalse(c.condition("BlankSet"))
        self.assertFalse(c.condition("Both"))
        self.assertTrue(c.condition("Either"))
        self.assertEqual(c.resolve({"Fn::If": ["BlankSet", {"Ref": "Blank"}, {"Fn::Sub": "/${AWS::StackName}/key"}]}), "/fleet-local/key")
        c = context(parameters={"Blank": "/named/key"})
        self.assertEqual(c.resolve({"Fn::If": ["BlankSet", {"Ref": "Blank"}, {"Fn::Sub": "/${AWS::StackName}/key"}]}), "/named/key")

    def test_join_select_split_findinmap(self):
        c = context()
        self.assertEqual(c.resolve({"Fn::Join": ["", [{"Fn::GetAtt": ["Bucket", "Arn"]}, "/*"]]}), "arn:aws:s3:::fleet-local-bucket/*")
        self.assertEqual(c.resolve({"Fn::Select": [1, ["a", {"Ref": "Table"}]]}), "fleet-local-Table")
        self.assertEqual(c.resolve({"Fn::Select": ["0", {"Fn::Split": [",", "x,y"]}]}), "x")
        self.assertEqual(c.resolve({"Fn::FindInMap": ["Sizes", {"Ref": "AWS::Region"}, "Memory"]}), "256")

    def test_non_intrinsic_mappings_resolve_inside(self):
        c = context()
        self.assertEqual(c.resolve({"Resource": [{"Ref": "Table"}], "Effect": "Allow"}), {"Resource": ["fleet-local-Table"], "Effect": "Allow"})

    def test_partitions(self):
        c = StackContext(TEMPLATE, region="cn-north-1", account="1")
        self.assertEqual(c.resolve({"Ref": "AWS::Partition"}), "aws-cn")
        self.assertEqual(c.resolve({"Ref": "AWS::URLSuffix"}), "amazonaws.com.cn")

    def test_queue_url_parts(self):
        self.assertEqual(queue_url_parts("https://sqs.us-east-1.amazonaws.com/123456789012/q"), ("123456789012", "q"))
        self.assertEqual(queue_url_parts("http://127.0.0.1:5699/123456789012/fleet-local-X"), ("123456789012", "fleet-local-X"))
        self.assertEqual(queue_url_parts("http://localhost/q"), (None, "q"))


class StackEnv(unittest.TestCase):
    def test_parse_shell_quoting(self):
        env = parse_stack_env("# comment\nexport A='x y'\nexport B='it'\\''s'\n\nC=plain\n")
        self.assertEqual(env, {"A": "x y", "B": "it's", "C": "plain"})
        with self.assertRaises(ValueError):
            parse_stack_env("export A\n")

    def test_context_from_the_fixture_stack_env(self):
        sam = load_template(FIXTURES / "template.yaml")
        env = parse_stack_env((FIXTURES / "stack" / "stack.env").read_text())
        c = StackContext.from_stack_env(sam, env, source="fixture")
        self.assertEqual(c.region, "us-east-1")
        self.assertEqual(c.account, "123456789012")  # from the queue URLs
        # ROUTING_SERVICE_KEY_PARAMETER = !If [named, !Ref P, !Sub '/${AWS::StackName}/routing-service-key']:
        # with the parameter blank (its Default), the Sub branch tells the stack name.
        self.assertEqual(c.stack_name, "fleet-local")
        self.assertEqual(c.parameters["PagingTokenParameterName"], "/fleet-local/paging-token-secret")
        self.assertEqual(c.parameters["RoutingServiceKeyParameterName"], "")
        self.assertEqual(c.resolve({"Fn::GetAtt": ["ItemsTable", "Arn"]}), "arn:aws:dynamodb:us-east-1:123456789012:table/fleet-local-ItemsTable")
        self.assertEqual(c.resolve({"Fn::GetAtt": ["UserPool", "Arn"]}), "arn:aws:cognito-idp:us-east-1:123456789012:userpool/us-east-1_fixturepool")
        self.assertEqual(c.resolve({"Fn::GetAtt": ["ImagesBucket", "Arn"]}), "arn:aws:s3:::fleet-local-imagesbucket")
        self.assertEqual(c.resolve({"Fn::GetAtt": ["WorkDeadLetterQueue", "QueueName"]}), "fleet-local-WorkDeadLetterQueue")
        # No function's variable maps FailuresQueue; the provisioner's QUEUE_URL_<logical id> does.
        self.assertEqual(c.resolve({"Fn::GetAtt": ["FailuresQueue", "Arn"]}), "arn:aws:sqs:us-east-1:123456789012:fleet-local-FailuresQueue")

    def test_a_named_routing_key_parameter_binds_the_parameter_not_the_stack_name(self):
        sam = load_template(FIXTURES / "template.yaml")
        env = parse_stack_env((FIXTURES / "stack" / "stack.env").read_text())
        c = StackContext.from_stack_env(sam, env, source="fixture", overrides={"RoutingServiceKeyParameterName": "/shared/key"})
        # The override wins; the If now takes the parameter branch and the Sub tells nothing.
        self.assertEqual(c.parameters["RoutingServiceKeyParameterName"], "/shared/key")
        self.assertIsNone(c.stack_name)

    def test_conflicting_values_are_an_error(self):
        sam = load_template(FIXTURES / "template.yaml")
        env = parse_stack_env((FIXTURES / "stack" / "stack.env").read_text())
        env["QUEUE_URL_WorkQueue"] = "http://127.0.0.1:5699/123456789012/another-WorkQueue"
        with self.assertRaisesRegex(ResolveError, "WorkQueue"):
            StackContext.from_stack_env(sam, env, source="fixture")

    def test_a_value_not_matching_its_sub_is_an_error(self):
        sam = load_template(FIXTURES / "template.yaml")
        env = parse_stack_env((FIXTURES / "stack" / "stack.env").read_text())
        env["ROUTING_SERVICE_KEY_PARAMETER"] = "/fleet-local/another-key"
        with self.assertRaisesRegex(ResolveError, "does not match"):
            StackContext.from_stack_env(sam, env, source="fixture")

    def test_no_region_is_an_error(self):
        with self.assertRaisesRegex(ResolveError, "AWS_REGION"):
            StackContext.from_stack_env(TEMPLATE, {}, source="empty")


if __name__ == "__main__":
    unittest.main()
