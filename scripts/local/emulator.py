"""moto's server, with DynamoDB requests serialised.

moto makes TransactWriteItems atomic by deep-copying each table it touches
and restoring the copies when a condition fails. Under concurrent requests
that restore silently undoes other writes made meanwhile (and the copies of
two tables are not even taken at one instant), which real DynamoDB never
does. One lock around every DynamoDB action restores the isolation the
service guarantees; other services keep moto's threading (SQS long polls).
"""
import sys
import threading

from moto.dynamodb.responses import DynamoHandler
from moto.server import main

_dynamodb = threading.Lock()
_call_action = DynamoHandler.call_action


def _serialised(self):
    with _dynamodb:
        return _call_action(self)


DynamoHandler.call_action = _serialised

if __name__ == "__main__":
    sys.exit(main())
