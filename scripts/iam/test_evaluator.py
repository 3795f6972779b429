import unittest

from evaluator import Policy, PolicyError, action_matches, resource_matches, statement, statements_of

TABLE = "arn:aws:dynamodb:us-east-1:123456789012:table/fleet-local-LocationsTable"


class Wildcards(unittest.TestCase):
    def test_action_star_and_case(self):
        self.assertTrue(action_matches("logs:*", "logs:PutLogEvents"))
        self.assertTrue(action_matches("sqs:SendMessage*", "sqs:SendMessage"))
        self.assertTrue(action_matches("sqs:SendMessage*", "sqs:SendMessageBatch"))
        self.assertTrue(action_matches("DynamoDB:query", "dynamodb:Query"))
        self.assertTrue(action_matches("*", "s3:GetObject"))
        self.assertFalse(action_matches("sqs:SendMessage", "sqs:SendMessageBatch"))
        self.assertFalse(action_matches("s3:Get*", "s3:PutObject"))

    def test_action_question_mark(self):
        self.assertTrue(action_matches("s3:?etObject", "s3:GetObject"))
        self.assertFalse(action_matches("s3:?etObject", "s3:GGetObject"))

    def test_resource_case_sensitive(self):
        self.assertTrue(resource_matches(TABLE, TABLE))
        self.assertFalse(resource_matches(TABLE, TABLE.replace("LocationsTable", "locationstable")))

    def test_resource_star_spans_slashes_and_colons(self):
        self.assertTrue(resource_matches("arn:aws:s3:::bucket/*", "arn:aws:s3:::bucket/a/b/c.png"))
        self.assertTrue(resource_matches("*", "arn:aws:sqs:us-east-1:123456789012:q"))
        self.assertTrue(resource_matches("arn:aws:sqs:*:123456789012:q", "arn:aws:sqs:eu-west-1:123456789012:q"))
        self.assertFalse(resource_matches("arn:aws:s3:::bucket/*", "arn:aws:s3:::bucket"))

    def test_regex_characters_are_literal(self):
        self.assertFalse(resource_matches("arn:aws:s3:::a.b", "arn:aws:s3:::axb"))
        self.assertTrue(resource_matches("arn:aws:ssm:r:1:parameter/x+y", "arn:aws:ssm:r:1:parameter/x+y"))

    def test_index_arn_not_covered_by_table_arn(self):
        index = TABLE + "/index/byRoute"
        self.assertFalse(resource_matches(TABLE, index))
        self.assertTrue(resource_matches(TABLE + "/index/*", index))
        self.assertFalse(resource_matches(TABLE + "/index/*", TABLE))


def allow(actions, resources, **extra):
    return {"Effect": "Allow", "Action": actions, "Resource": resources, **extra}


class Statements(unittest.TestCase):
    def test_action_and_resource_lists(self):
        s = statement(allow(["dynamodb:GetItem", "dynamodb:Query"], [TABLE, TABLE + "/index/*"]), "DynamoDBReadPolicy", "p#0")
        self.assertTrue(s.allows("dynamodb:Query", TABLE + "/index/byRoute"))
        self.assertTrue(s.allows("dynamodb:GetItem", TABLE))
        self.assertFalse(s.allows("dynamodb:PutItem", TABLE))
        self.assertEqual(len(list(s.grants())), 4)

    def test_a_policy_with_only_the_table_refuses_an_index_query(self):
        policy = Policy([statement(allow("dynamodb:Query", TABLE), "Statement", "p#0")])
        self.assertTrue(policy.allows("dynamodb:Query", TABLE))
        self.assertFalse(policy.allows("dynamodb:Query", TABLE + "/index/byRoute"))
        self.assertEqual(policy.resources_for("dynamodb:Query"), [TABLE])

    def test_not_action(self):
        s = statement({"Effect": "Allow", "NotAction": ["iam:*"], "Resource": "*"}, "Statement", "p#0")
        self.assertTrue(s.allows("s3:GetObject", "arn:aws:s3:::b/k"))
        self.assertFalse(s.allows("iam:PassRole", "arn:aws:iam::1:role/r"))

    def test_not_resource(self):
        s = statement({"Effect": "Allow", "Action": "s3:GetObject", "NotResource": "arn:aws:s3:::secret/*"}, "Statement", "p#0")
        self.assertTrue(s.allows("s3:GetObject", "arn:aws:s3:::public/k"))
        self.assertFalse(s.allows("s3:GetObject", "arn:aws:s3:::secret/k"))

    def test_an_explicit_deny_wins_over_any_allow(self):
        policy = Policy([
            statement(allow("dynamodb:*", "arn:aws:dynamodb:r:1:table/*"), "Statement", "p#0"),
            statement({"Effect": "Deny", "Action": ["dynamodb:DeleteItem"], "Resource": "arn:aws:dynamodb:r:1:table/History"}, "Statement", "d#0"),
        ])
        self.assertFalse(policy.allows("dynamodb:DeleteItem", "arn:aws:dynamodb:r:1:table/History"))
        self.assertEqual([s.source for s in policy.denying("dynamodb:DeleteItem", "arn:aws:dynamodb:r:1:table/History")], ["d#0"])
        self.assertTrue(policy.allows("dynamodb:PutItem", "arn:aws:dynamodb:r:1:table/History"))
        self.assertTrue(policy.allows("dynamodb:DeleteItem", "arn:aws:dynamodb:r:1:table/Other"))
        # A Deny grants nothing: it is not among the statements counted as grants.
        self.assertEqual([s.source for s in policy.statements], ["p#0"])
        with self.assertRaisesRegex(PolicyError, "Effect"):
            statement({"Effect": "Maybe", "Action": "s3:*", "Resource": "*"}, "Statement", "p#0")

    def test_condition_principal_and_variables_are_refused(self):
        with self.assertRaisesRegex(PolicyError, "Condition"):
            statement(allow("s3:GetObject", "*", Condition={"Bool": {"aws:SecureTransport": "true"}}), "Statement", "p#0")
        with self.assertRaisesRegex(PolicyError, "Principal"):
            statement(allow("s3:GetObject", "*", Principal="*"), "Statement", "p#0")
        with self.assertRaisesRegex(PolicyError, "policy variable"):
            statement(allow("s3:GetObject", "arn:aws:s3:::b/${aws:username}/*"), "Statement", "p#0")
        with self.assertRaisesRegex(PolicyError, "exactly one"):
            statement({"Effect": "Allow", "Resource": "*"}, "Statement", "p#0")

    def test_statements_of_a_document_resolves_with_the_given_resolver(self):
        document = {"Version": "2012-10-17", "Statement": allow("sqs:SendMessage", {"Ref": "Q"})}
        [s] = statements_of(document, "Statement", "p", resolve=lambda v: "arn:aws:sqs:r:1:q" if v == {"Ref": "Q"} else v)
        self.assertEqual(s.resources, ("arn:aws:sqs:r:1:q",))
        self.assertEqual(s.source, "p#0")


if __name__ == "__main__":
    unittest.main()
