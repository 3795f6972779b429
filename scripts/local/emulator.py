"""moto's server, made faithful and fast enough where the console needs it.

- DynamoDB actions are serialised. moto makes TransactWriteItems atomic by
  deep-copying each table it touches and restoring the copies when a condition
  fails; under concurrent requests that restore silently undoes other writes
  made meanwhile, which real DynamoDB never does.
- DynamoDB reads are answered with plain JSON. moto 5's shape-driven response
  serialiser spends ~0.7 ms per item (a 2,500-item Scan took 2.1 s, 85% of it
  serialising); read results are already in the wire format, so json.dumps
  with base64 for binary values gives the same body. `--check` compares the
  two on every attribute type.
"""
import base64
import json
import sys
import threading
from datetime import datetime
from decimal import Decimal

from moto.core.responses import ActionResult
from moto.dynamodb.responses import DynamoHandler
from moto.server import main

_dynamodb = threading.Lock()
_call_action = DynamoHandler.call_action
_serialized = DynamoHandler.serialized
READS = {"GetItem", "BatchGetItem", "Query", "Scan"}


def _wire(value):
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(value).decode()
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, datetime):
        return value.timestamp()
    raise TypeError(f"cannot encode {type(value).__name__}")


def _serialised(self):
    with _dynamodb:
        return _call_action(self)


def _fast_serialized(self, action_result: ActionResult):
    result = action_result.result
    if self._get_action() not in READS or not isinstance(result, dict):
        return _serialized(self, action_result)
    headers = {"Content-Type": "application/x-amz-json-1.0"}
    headers.update(self.response_headers)
    return 200, headers, json.dumps(result, default=_wire, separators=(",", ":"))


DynamoHandler.call_action = _serialised
DynamoHandler.serialized = _fast_serialized


def check() -> None:
    """Both serialisers give the same answer for every attribute type."""
    import boto3
    from moto import mock_aws

    item = {
        "id": {"S": "a"}, "n": {"N": "1.50"}, "b": {"B": b"\x00\xffbin"}, "t": {"BOOL": True},
        "z": {"NULL": True}, "ss": {"SS": ["x", "y"]}, "ns": {"NS": ["1", "2"]}, "bs": {"BS": [b"\x01", b"\x02"]},
        "m": {"M": {"l": {"L": [{"S": "q"}, {"B": b"\x03"}, {"M": {}}]}}}, "e": {"S": ""},
    }
    answers = []
    for serialise in (_serialized, _fast_serialized):
        DynamoHandler.serialized = serialise
        with mock_aws():
            db = boto3.client("dynamodb", region_name="us-east-1")
            db.create_table(TableName="t", KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}],
                            AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}], BillingMode="PAY_PER_REQUEST")
            db.put_item(TableName="t", Item=item)
            db.put_item(TableName="t", Item={"id": {"S": "b"}})
            drop = lambda r: {k: v for k, v in r.items() if k != "ResponseMetadata"}
            answers.append([
                drop(db.get_item(TableName="t", Key={"id": {"S": "a"}})),
                drop(db.get_item(TableName="t", Key={"id": {"S": "nope"}})),
                drop(db.scan(TableName="t", Limit=1)),
                drop(db.scan(TableName="t", ReturnConsumedCapacity="TOTAL")),
                drop(db.query(TableName="t", KeyConditionExpression="id = :a", ExpressionAttributeValues={":a": {"S": "a"}})),
                drop(db.batch_get_item(RequestItems={"t": {"Keys": [{"id": {"S": "a"}}, {"id": {"S": "b"}}]}})),
            ])
    DynamoHandler.serialized = _fast_serialized
    if answers[0] != answers[1]:
        sys.exit(f"serialisers differ:\n{answers[0]}\n{answers[1]}")
    print("emulator: fast DynamoDB read answers match moto's serialiser")


if __name__ == "__main__":
    if sys.argv[1:] == ["--check"]:
        check()
    else:
        sys.exit(main())
