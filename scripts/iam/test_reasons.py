"""kept-grants.tsv: the resource names it matches and the lines it refuses."""
import tempfile
import unittest
from pathlib import Path

from reasons import read_reasons, reason_for, short_name

HERE = Path(__file__).resolve().parent


class Reasons(unittest.TestCase):
    def test_resources_are_named_apart_from_the_stack(self):
        self.assertEqual(short_name("arn:aws:dynamodb:us-east-1:1:table/any-stack-LocationsTable"), "Table:Locations")
        self.assertEqual(short_name("arn:aws:dynamodb:us-east-1:1:table/s-FridgeOrdersTable"), "Table:FridgeOrders")
        self.assertEqual(short_name("arn:aws:s3:::s-snapshotsbucket"), "Bucket:snapshots")
        self.assertEqual(short_name("arn:aws:s3:::s-snapshotsbucket/*"), "Bucket:snapshots/*")
        self.assertEqual(short_name("arn:aws:s3:::fleet-local-123456789012-snapshots"), "Bucket:snapshots")
        self.assertEqual(short_name("arn:aws:s3:::my-stack-123456789012-uploads/*"), "Bucket:uploads/*")
        self.assertEqual(short_name("arn:aws:s3:::fleet-local-artifactsbucket/*"), "Bucket:artifacts/*")
        self.assertEqual(short_name("arn:aws:ssm:us-east-1:1:parameter/s/paging-token-secret"), "Parameter:paging-token-secret")
        self.assertEqual(short_name("arn:aws:sqs:us-east-1:1:s-RouteSyncDeadLetterQueue"), "Queue:RouteSyncDeadLetter")

    def test_a_function_line_wins_over_every_function(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "kept.tsv"
            path.write_text("# comment\n*\tssm:GetParameter\tParameter:p\tall\nf\tssm:GetParameter\tParameter:p\tmine\n")
            reasons = read_reasons(path)
        resource = "arn:aws:ssm:us-east-1:1:parameter/s/p"
        self.assertEqual(reason_for(reasons, "f", "ssm:GetParameter", resource), "mine")
        self.assertEqual(reason_for(reasons, "g", "ssm:GetParameter", resource), "all")
        self.assertIsNone(reason_for(reasons, "g", "dynamodb:GetItem", resource))

    def test_a_line_without_a_reason_is_refused(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "kept.tsv"
            path.write_text("f\tdynamodb:GetItem\tTable:T\t \n")
            with self.assertRaisesRegex(ValueError, "kept.tsv:1"):
                read_reasons(path)

    def test_the_committed_file_reads(self):
        self.assertTrue(read_reasons(HERE / "kept-grants.tsv"))


if __name__ == "__main__":
    unittest.main()
