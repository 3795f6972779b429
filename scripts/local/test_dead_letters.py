"""scripts/dead-letters.sh against an emulator of its own: what it lists, and what a redrive moves back or drops.

The queues are the template's (logical ids, redrive limits) on a moto server started for the test; the script runs
as an operator runs it, on a state folder whose stack.env names them. Run by the test command:
    .venv/bin/python -m unittest discover -s scripts/local -p 'test_*.py'
"""
import json
import logging
import socket
import subprocess
import tempfile
import unittest
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

import boto3
from moto.server import ThreadedMotoServer

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "dead-letters.sh"
# The template's redrive pairs this test uses (source, its dead-letter queue), with their FIFO-ness.
QUEUES = {
    "TelemetryQueue": ("TelemetryDeadLetterQueue", False),
    "FridgeCommandsQueue": ("FridgeCommandsDeadLetterQueue", True),
}
LIMIT = 5  # the template's maxReceiveCount for every queue that feeds a function (a drift test holds it)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class DeadLetters(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        # The server logs each request, and the traceback of the StartMessageMoveTask it lacks (the script then
        # moves messages one by one, as it does on the local emulator): not this test's output.
        logging.disable(logging.CRITICAL)
        port = free_port()
        cls.server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
        cls.server.start()
        cls.endpoint = f"http://127.0.0.1:{port}"
        cls.sqs = boto3.client(
            "sqs", endpoint_url=cls.endpoint, region_name="us-east-1", aws_access_key_id="test",
            aws_secret_access_key="test",
        )

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()
        logging.disable(logging.NOTSET)

    def setUp(self):
        """Each test its own queues (SQS allows one purge a minute) and its own stack.env naming them."""
        prefix = uuid.uuid4().hex[:8]
        self.urls = {}
        for source, (dlq, fifo) in QUEUES.items():
            suffix, attrs = (".fifo", {"FifoQueue": "true"}) if fifo else ("", {})
            dlq_url = self.sqs.create_queue(QueueName=f"{prefix}-{dlq}{suffix}", Attributes=attrs)["QueueUrl"]
            dlq_arn = self.sqs.get_queue_attributes(QueueUrl=dlq_url, AttributeNames=["QueueArn"])["Attributes"][
                "QueueArn"
            ]
            policy = json.dumps({"deadLetterTargetArn": dlq_arn, "maxReceiveCount": LIMIT})
            source_url = self.sqs.create_queue(
                QueueName=f"{prefix}-{source}{suffix}", Attributes={**attrs, "RedrivePolicy": policy}
            )["QueueUrl"]
            self.urls[source], self.urls[dlq] = source_url, dlq_url
        state = tempfile.TemporaryDirectory()
        self.addCleanup(state.cleanup)
        self.state = state.name
        lines = [
            f"export AWS_ENDPOINT_URL='{self.endpoint}'",
            "export AWS_ACCESS_KEY_ID='test'",
            "export AWS_SECRET_ACCESS_KEY='test'",
            "export AWS_REGION='us-east-1'",
        ] + [f"export QUEUE_URL_{name}='{url}'" for name, url in self.urls.items()]
        (Path(self.state) / "stack.env").write_text("\n".join(lines) + "\n")

    def run_script(self, *args, ok=True):
        done = subprocess.run(
            [str(SCRIPT), "--state", self.state, *args], capture_output=True, text=True, timeout=120
        )
        if ok:
            self.assertEqual(done.returncode, 0, done.stderr)
        return done

    def listed(self, queue):
        out = self.run_script("--json", "--queue", queue).stdout
        return [json.loads(line) for line in out.splitlines() if line.strip()]

    def receive(self, name, visibility=0):
        return self.sqs.receive_message(
            QueueUrl=self.urls[name], MaxNumberOfMessages=10, VisibilityTimeout=visibility,
            AttributeNames=["All"], MessageAttributeNames=["All"],
        ).get("Messages", [])

    def test_a_message_no_call_answered_is_listed_as_such_with_its_receive_count(self):
        body = json.dumps({"fridge": uuid.uuid4().hex})
        self.sqs.send_message(QueueUrl=self.urls["TelemetryQueue"], MessageBody=body)
        # The function never answers: each receive's visibility runs out; past the limit SQS moves the message.
        for _ in range(LIMIT):
            self.assertEqual(len(self.receive("TelemetryQueue")), 1)
        self.assertEqual(self.receive("TelemetryQueue"), [])
        rows = self.listed("TelemetryDeadLetterQueue")
        self.assertEqual([r["body"] for r in rows], [body])
        self.assertEqual(
            rows[0]["reason"],
            f"no reason: the function did not finish (received {LIMIT} times from TelemetryQueue, "
            f"whose redrive limit is {LIMIT})",
        )
        self.assertEqual(rows[0]["source"], "TelemetryQueue")

    def test_a_parked_message_is_listed_with_its_reason_and_listing_leaves_it_parked(self):
        self.sqs.send_message(
            QueueUrl=self.urls["TelemetryDeadLetterQueue"], MessageBody='{"fridge": "x"}',
            MessageAttributes={"reason": {"DataType": "String", "StringValue": "unknown location x"}},
        )
        first = self.listed("TelemetryDeadLetterQueue")
        self.assertEqual([r["reason"] for r in first], ["unknown location x"])
        # Listed again at once: the listing made it visible again, nothing was deleted.
        self.assertEqual([r["messageId"] for r in self.listed("TelemetryDeadLetterQueue")], [first[0]["messageId"]])

    def test_a_redrive_moves_a_queues_messages_back_to_its_source(self):
        for i in range(3):
            self.sqs.send_message(QueueUrl=self.urls["TelemetryDeadLetterQueue"], MessageBody=f'{{"n": {i}}}')
        out = self.run_script("--queue", "TelemetryDeadLetterQueue", "--redrive").stdout
        self.assertIn("moved 3 message(s) back to TelemetryQueue", out)
        self.assertEqual(self.listed("TelemetryDeadLetterQueue"), [])
        self.assertEqual(sorted(m["Body"] for m in self.receive("TelemetryQueue", 30)), ['{"n": 0}', '{"n": 1}', '{"n": 2}'])

    def test_a_commands_redrive_drops_what_expired_and_sends_back_what_is_still_good_in_its_fridges_group(self):
        now = datetime.now(timezone.utc)
        good = {"locationId": "F1", "command": "unlock", "notAfter": (now + timedelta(minutes=4)).isoformat()}
        late = {"locationId": "F2", "command": "unlock", "notAfter": (now - timedelta(minutes=1)).isoformat()}
        for i, body in enumerate([good, late, {"locationId": "F3", "command": "unlock"}]):
            self.sqs.send_message(
                QueueUrl=self.urls["FridgeCommandsDeadLetterQueue"], MessageBody=json.dumps(body),
                MessageGroupId=body["locationId"], MessageDeduplicationId=f"d{i}-{uuid.uuid4().hex}",
            )
        out = self.run_script("--queue", "FridgeCommandsDeadLetterQueue", "--redrive").stdout
        self.assertIn("moved 1 message(s) back to FridgeCommandsQueue; dropped 2", out)
        self.assertIn("expired at", out)
        self.assertIn("no readable notAfter", out)
        back = self.receive("FridgeCommandsQueue", 30)
        self.assertEqual([json.loads(m["Body"]) for m in back], [good])
        self.assertEqual(back[0]["Attributes"]["MessageGroupId"], "F1")
        self.assertEqual(self.listed("FridgeCommandsDeadLetterQueue"), [])

    def test_a_queue_without_a_source_is_not_redriven_and_redrive_needs_a_queue(self):
        self.assertIn("--redrive needs --queue", self.run_script("--redrive", ok=False).stderr)
        refused = self.run_script("--queue", "TelemetryQueue", ok=False)
        self.assertNotEqual(refused.returncode, 0)
        self.assertIn("is not a dead-letter queue", refused.stderr)


if __name__ == "__main__":
    unittest.main()
