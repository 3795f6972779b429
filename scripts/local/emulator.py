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
- TransactWriteItems checks every condition first and writes only when all
  hold, keeping copies of just the items it writes. moto deep-copies every
  table a transaction touches (10 transactions of 100 puts into a
  3,000-item table took 147 s); the outcome is the same, which `--check`
  compares.
- Projections pick attributes from the stored item instead of converting the
  whole item to Python values and back, and query and scan results are not
  deep-copied (every action runs under one lock and nothing mutates the
  results before they are serialised). A 2,044-item projected scan took
  0.61 s; `--check` compares projected answers with moto's.
- An SQS queue's attributes count its messages in one pass. moto counts them
  three times with a clock read per message, and reads the attributes about
  14 times per request, so sending grew with the backlog (2,000 queued
  messages: 104 s to send them, 1.6 s per receive). `--check` compares the
  attributes with moto's on messages visible, in flight and delayed.
- An SQS receive and delete cost the in-flight messages, not the backlog. moto
  builds the list of every visible message on each ReceiveMessage, reading the
  clock twice per message, and a DeleteMessage walks every message of the
  queue twice for its receipt handle: with 20,000 heartbeats queued the local
  stack drained about 6 a second (scripts/bench/drain.sh). The visible list
  reads the clock once; a delete looks among the messages in flight first (a
  receipt handle is a received message's) and walks the queue once.
  `--check` compares receives, deletes (valid, repeated, stale and unknown
  handles) and what is left with moto's.
- Sizes: a scan measures every item it passes twice (for its 1 MB page),
  which was 77% of a 2,500-location scan; an item keeps its size until
  update_item (the only path that changes a stored item in place) drops it.
  A map is measured without re-wrapping (copying) each child at each level,
  and a projected item is built without re-measuring it on every attribute.
  Reads serialise the stored DynamoType tree directly instead of converting
  it to a dict first. 2,521 locations in two projected pages, as the API
  reads them: 442 ms -> 188 ms. `--check` compares sizes, including after
  updates and transactions.
- A condition expression is parsed once per expression, names and values:
  moto parses each one twice per write (validation, then evaluation), which
  was 44% of a 100-put conditional transaction. `--check` compares outcomes
  with and without the cache.
- An S3 event notification carries the fields S3 always sends (userIdentity,
  requestParameters, responseElements, the bucket's ownerIdentity and the
  object's sequencer), which moto leaves out, so a function reads it with the
  typed event of `aws_lambda_events` as it would on AWS. `--check` compares
  every field moto does send.
- A table Query reads only its partition. moto walks every item of the
  table for any Query (all_items, then a hash-key comparison each), so a
  day's driver log took 1.4 s among 50,000 entries of other days; the
  partition's items are what the walk keeps anyway. An index query (one
  hash attribute) reads its partition from a map of the index built on the
  first query after a write to the table (put, delete, update: every write
  path goes through one of them). `--check` compares answers with moto's on
  several partitions, ranges, orders, limits, pages and filters, and on an
  index before and after puts, updates that move an item and deletes.
- A table Scan starts at its page's start key. moto sorts the whole table for
  every page and compares each item of the earlier pages with the start key:
  10 pages of 2,500 among 25,000 locations took ~1 s, 78% of it that walk and
  sort. The sorted items are kept until the next write to the table (sorted by
  the keys' Python values, so a table written between pages is re-sorted
  cheaply), and the start is found by bisection on moto's own comparison:
  1,005 -> 325 ms. `--check` compares every page of scans with limits,
  filters, projections, segments, odd start keys and writes between pages
  with moto's.
- Cognito's GetTokensFromRefreshToken, which Amplify v6 calls to renew a
  session after its hour, is answered as InitiateAuth REFRESH_TOKEN_AUTH
  (moto implements only that older form of the same refresh), so a console
  left open stays signed in. `--check` compares the two answers' claims.
"""
import ast
import base64
import bisect
import copy
import json
import sys
import threading
from contextlib import contextmanager
from datetime import datetime
from decimal import Decimal

from moto.core.responses import ActionResult
from moto.dynamodb import comparisons, responses as dynamodb_responses
from moto.dynamodb.comparisons import ConditionExpressionParser, get_filter_expression
from moto.dynamodb.exceptions import (
    ConditionalCheckFailed,
    MultipleTransactionsException,
    TooManyTransactionsException,
    TransactionCanceledException,
    TransactWriteSingleOpException,
)
from moto.dynamodb.models import DynamoDBBackend
from moto.dynamodb.models import table as dynamodb_table
from moto.dynamodb.models.dynamo_type import DynamoType, Item, LimitedSizeDict
from moto.dynamodb.models.utilities import bytesize, dynamo_to_dict
from moto.dynamodb.responses import DynamoHandler, DynamoResult
from moto.server import main
from moto.s3 import notifications as s3_notifications
from moto.sqs.exceptions import ReceiptHandleIsInvalid
from moto.sqs.models import Queue, SQSBackend
from moto.cognitoidp.models import CognitoIdpUserPool
from moto.cognitoidp.responses import CognitoIdpResponse
from moto.core.utils import camelcase_to_underscores, unix_time, unix_time_millis
from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app

_dynamodb = threading.Lock()
_call_action = DynamoHandler.call_action
_serialized = DynamoHandler.serialized
READS = {"GetItem", "BatchGetItem", "Query", "Scan"}


def _b64(value):
    return value if isinstance(value, str) else base64.b64encode(value).decode()


def _wire(value):
    """json.dumps' fallback: DynamoType trees go out in wire form without a converted copy."""
    if type(value) is DynamoType:
        if value.type == "B":
            return {"B": _b64(value.value)}
        if value.type == "BS":
            return {"BS": [_b64(v) for v in value.value]}
        return {value.type: value.value}
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


def _lazy_result(self, result):
    """DynamoResult keeps its DynamoType tree: reads serialise it as is, the rest convert it first."""
    ActionResult.__init__(self, result)


def _fast_serialized(self, action_result: ActionResult):
    result = action_result.result
    if self._get_action() not in READS or not isinstance(result, dict):
        if isinstance(action_result, DynamoResult):
            action_result = ActionResult(dynamo_to_dict(result))
        return _serialized(self, action_result)
    headers = {"Content-Type": "application/x-amz-json-1.0"}
    headers.update(self.response_headers)
    return 200, headers, json.dumps(result, default=_wire, separators=(",", ":"))


DynamoHandler.call_action = _serialised
DynamoHandler.serialized = _fast_serialized
_moto_result_init = DynamoResult.__init__
DynamoResult.__init__ = _lazy_result
_moto_transact = DynamoDBBackend.transact_write_items


_moto_query = dynamodb_table.Table.query


def _written(table):
    """A table's items changed: its index partitions are rebuilt on the next index query."""
    table.__dict__["_fleet_generation"] = table.__dict__.get("_fleet_generation", 0) + 1


def _on_write(method):
    def wrapped(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        finally:
            _written(self)
    return wrapped


dynamodb_table.Table.put_item = _on_write(dynamodb_table.Table.put_item)
dynamodb_table.Table.delete_item = _on_write(dynamodb_table.Table.delete_item)


def _index_partition(table, index_name, hash_key_conditions):
    """The items of one partition of a one-attribute index key, from a map rebuilt only after a write."""
    if not hash_key_conditions or len(hash_key_conditions) != 1:
        return None
    attr, value = hash_key_conditions[0]
    generation = table.__dict__.get("_fleet_generation", 0)
    cache = table.__dict__.setdefault("_fleet_index", {})
    entry = cache.get(index_name)
    if entry is None or entry[0] != generation:
        index = {i.name: i for i in table.all_indexes()}.get(index_name)
        keys = [] if index is None else [k["AttributeName"] for k in index.schema if k["KeyType"] == "HASH"]
        parts = {}
        if len(keys) == 1:
            for item in table.all_items():
                v = item.attrs.get(keys[0]) if isinstance(item, Item) else None
                if v is not None:
                    parts.setdefault(v, []).append(item)
        entry = cache[index_name] = (generation, keys[0] if len(keys) == 1 else None, parts)
    return entry[2].get(value, []) if entry[1] == attr else None


def _range_attribute(table, index_name, range_key_conditions):
    """The one attribute a query's range condition compares, or None where moto's own walk must decide."""
    if range_key_conditions and len(range_key_conditions) > 1:
        return None
    if index_name is None:
        return table.range_key_attr
    index = {i.name: i for i in table.all_indexes()}.get(index_name)
    ranges = [] if index is None else [k["AttributeName"] for k in index.schema if k["KeyType"] == "RANGE"]
    return ranges[0] if len(ranges) == 1 else None


@contextmanager
def _walking(table, items):
    """moto's walks over `items` instead of the whole table, for one call: every action runs under one lock, so
    nothing else sees the stand-in."""
    table.all_items = lambda: items
    try:
        yield
    finally:
        del table.all_items


def _partition_query(self, hash_key, range_comparison, range_objs, limit, exclusive_start_key, scan_index_forward,
                     projection_expressions, index_name=None, *args, **kwargs):
    """A query walks its own partition only: of the table, or of an index (a map rebuilt after each write)."""
    items = None
    if index_name is None and hash_key is not None:
        part = self.items.get(hash_key)  # .get: the defaultdict must not grow an empty partition
        items = [] if part is None else (list(part.values()) if self.range_key_attr else [part])
    elif index_name is not None:
        items = _index_partition(self, index_name, kwargs.get("hash_key_conditions"))
    attr = _range_attribute(self, index_name, kwargs.get("range_key_conditions")) if range_comparison else None
    if items is not None and attr is not None:
        # moto sorts the whole partition, then keeps what the range condition allows: a day's shard of
        # actions (~600 at 25,000 fridges) was sorted by DynamoType comparisons for the few since a time.
        # The same items pass either way, so the order, the pages and the counts are moto's.
        items = [i for i in items if (v := i.attrs.get(attr)) is not None and v.compare(range_comparison, range_objs)]
    if items is not None:
        with _walking(self, items):
            return _moto_query(self, hash_key, range_comparison, range_objs, limit, exclusive_start_key,
                               scan_index_forward, projection_expressions, index_name, *args, **kwargs)
    return _moto_query(self, hash_key, range_comparison, range_objs, limit, exclusive_start_key, scan_index_forward,
                       projection_expressions, index_name, *args, **kwargs)


dynamodb_table.Table.query = _partition_query

_moto_scan = dynamodb_table.Table.scan


def _sorted_items(table):
    """The table's items in key order, kept until the next write to the table."""
    generation = table.__dict__.get("_fleet_generation", 0)
    kept = table.__dict__.get("_fleet_sorted")
    if kept is None or kept[0] != generation:
        # moto's order (all_items) by the keys' Python values: DynamoType's own comparison is a cast of both
        # sides each time, and a table that is written between pages is sorted again for each page.
        if table.range_key_attr:
            items = [item for part in table.items.values() for item in part.values()]
            items.sort(key=lambda x: (x.hash_key.cast_value, x.range_key.cast_value))
        else:
            items = list(table.items.values())
            items.sort(key=lambda x: x.hash_key.cast_value)
        kept = table.__dict__["_fleet_sorted"] = (generation, items)
    return kept[1]


def _keyed_scan(self, filters, limit, exclusive_start_key, *args, **kwargs):
    """A table scan starts at its page's start key. moto sorts the whole table for every page and then compares
    each item of the earlier pages with the start key: at 25,000 locations 10 pages of 2,500 took ~1 s, 78% of it
    that walk. The sorted items are kept until a write, and the start is found by bisection on moto's own
    comparison; the items from there on are what moto's walk reaches, so its pages and counts are unchanged."""
    index_name = args[1] if len(args) > 1 else kwargs.get("index_name")
    if index_name:
        return _moto_scan(self, filters, limit, exclusive_start_key, *args, **kwargs)
    items = _sorted_items(self)
    start = 0
    if exclusive_start_key is not None:
        hash_attrs, range_attrs = [self.hash_key_attr], [self.range_key_attr]
        start = bisect.bisect_left(items, True, key=lambda item: not self._item_comes_before_dct(
            item, exclusive_start_key, hash_attrs, range_attrs, True))
    with _walking(self, items[start:]):
        return _moto_scan(self, filters, limit, None, *args, **kwargs)


dynamodb_table.Table.scan = _keyed_scan


_backend_for_host = DomainDispatcherApplication.get_backend_for_host


def _cached_backend_for_host(self, host):
    """moto finds a request's backend by listing its own package folder (about 200 isdir calls) and trying its URL
    patterns, under the dispatcher's one lock, for every request: about 1 ms each, 12% of the emulator's busy
    time under the dashboard's 34 calls. The answer depends on the host alone."""
    cache = self.__dict__.setdefault("_fleet_backends", {})
    if host not in cache:
        cache[host] = _backend_for_host(self, host)
    return cache[host]


DomainDispatcherApplication.get_backend_for_host = _cached_backend_for_host


def _key_of(backend, op_type, op):
    if op_type != "Put":
        return op["Key"]
    table = backend.get_table(op["TableName"])
    attrs = op["Item"]
    key = {table.hash_key_attr: attrs[table.hash_key_attr]}
    if table.range_key_attr is not None:
        key[table.range_key_attr] = attrs[table.range_key_attr]
    return key


def _transact_write_items(self, transact_items):
    """All conditions first (a failure cancels with every item's reason, nothing written), then the writes."""
    if len(transact_items) > 100:
        raise TooManyTransactionsException()
    seen, reasons, planned = set(), [], []
    for entry in transact_items:
        if len(entry) > 1:
            raise TransactWriteSingleOpException
        op_type, op = next(iter(entry.items()))
        if op_type not in {"ConditionCheck", "Put", "Delete", "Update"}:
            raise ValueError("Unsupported transaction operation")
        key = _key_of(self, op_type, op)
        unique = (str(op["TableName"]), str(dict(sorted(key.items()))))
        if unique in seen:
            raise MultipleTransactionsException()
        seen.add(unique)
        try:
            current = self.get_item(op["TableName"], key)
            condition = op.get("ConditionExpression")
            if condition is not None:
                check = get_filter_expression(condition, op.get("ExpressionAttributeNames"), op.get("ExpressionAttributeValues"))
                if not check.expr(current):
                    old = current.to_json()["Attributes"] if current and op.get("ReturnValuesOnConditionCheckFailure") == "ALL_OLD" else None
                    raise ConditionalCheckFailed(item=old)
            reasons.append((None, None, None))
            planned.append((op_type, op, key, current))
        except ConditionalCheckFailed as e:
            reasons.append(("ConditionalCheckFailed", str(e.message), e.item if hasattr(e, "item") else None))
    if any(code is not None for code, _, _ in reasons):
        raise TransactionCanceledException(reasons)
    written = []
    try:
        for op_type, op, key, current in planned:
            names, values = op.get("ExpressionAttributeNames"), op.get("ExpressionAttributeValues")
            if op_type == "ConditionCheck":
                continue
            written.append((op["TableName"], key, current.to_json()["Attributes"] if current else None))
            if op_type == "Put":
                self.put_item(op["TableName"], op["Item"])
            elif op_type == "Delete":
                self.delete_item(op["TableName"], key)
            else:
                self.update_item(op["TableName"], key, update_expression=op["UpdateExpression"],
                                 expression_attribute_names=names, expression_attribute_values=values)
    except Exception:
        # A write refused midway (an invalid update): put back what this transaction changed.
        for table_name, key, before in reversed(written):
            if before is None:
                self.get_table(table_name).delete_item(*self.get_keys_value(self.get_table(table_name), key))
            else:
                self.put_item(table_name, before)
        raise


DynamoDBBackend.transact_write_items = _transact_write_items

_moto_project = Item.project


def _fast_project(self, projection_expressions):
    """The attributes at these paths; list indexes go through moto's own projection."""
    if any("[" in part for expr in projection_expressions for part in expr):
        return _moto_project(self, projection_expressions)
    result = {}
    for expr in projection_expressions:
        node = self.attrs.get(expr[0])
        for name in expr[1:]:
            node = node.value.get(name) if node is not None and node.is_map() else None
        if node is None:
            continue
        target = result
        for name in expr[:-1]:
            parent = target.get(name)
            if isinstance(parent, DynamoType):
                break  # the whole attribute is already projected
            target = target.setdefault(name, {"M": {}})["M"]
        else:
            target[expr[-1]] = node
    # Item() would re-wrap every value and re-measure the item on each attribute
    # set; a projection of a stored item is already valid and is never mutated.
    projected = Item.__new__(Item)
    projected.hash_key, projected.range_key = self.hash_key, self.range_key
    projected.attrs = LimitedSizeDict.__new__(LimitedSizeDict)
    dict.update(projected.attrs, {k: v if type(v) is DynamoType else DynamoType(v) for k, v in result.items()})
    return projected


class _ResultsCopy:
    """table.py's `copy`, minus the defensive deep copy of query and scan results."""

    def __getattr__(self, name):
        return getattr(copy, name)

    @staticmethod
    def deepcopy(value, memo=None):
        if isinstance(value, Item) or (isinstance(value, list) and all(isinstance(v, Item) for v in value)):
            return value
        return copy.deepcopy(value, memo)


_moto_size = DynamoType.size


def _fast_size(self):
    """moto's size, minus re-wrapping (deep-copying) every map child at every level."""
    if self.is_map():
        return sum(bytesize(k) + (v.size() if type(v) is DynamoType else DynamoType(v).size()) for k, v in self.value.items())
    return _moto_size(self)


_moto_item_size = Item.size
_moto_update_item = DynamoDBBackend.update_item


def _cached_item_size(self):
    """An item's size, measured once: a scan measures every item it passes, twice."""
    size = self.__dict__.get("_fleet_size")
    if size is None:
        size = self.__dict__["_fleet_size"] = _moto_item_size(self)
    return size


def _update_item(self, table_name, key, *args, **kwargs):
    """moto's update_item, which changes the stored item in place: its measured size goes."""
    try:
        return _moto_update_item(self, table_name, key, *args, **kwargs)
    finally:
        try:
            table = self.get_table(table_name)
            item = table.get_item(*self.get_keys_value(table, key))
        except Exception:
            item = None
        if item is not None:
            item.__dict__.pop("_fleet_size", None)
        try:
            _written(self.get_table(table_name))
        except Exception:
            pass


class _ParsedCondition:
    """A parsed condition expression, answered to every caller that parses the same one."""

    def __init__(self, parser):
        self._op = parser.parse()
        self._names, self._values = parser.expr_attr_names_found, parser.expr_attr_values_found

    def parse(self):
        return self._op  # evaluating an op reads the item and never changes the op

    # Copies: a caller extends the list it is given (query adds its projection's names).
    @property
    def expr_attr_names_found(self):
        return list(self._names)

    @property
    def expr_attr_values_found(self):
        return list(self._values)


_parsed_conditions = {}


def _cached_condition_parser(expr, names, values):
    if not expr:
        return ConditionExpressionParser(expr, names, values)
    key = (expr, repr(names), repr(values))
    parsed = _parsed_conditions.get(key)
    if parsed is None:
        if len(_parsed_conditions) >= 1024:
            _parsed_conditions.clear()  # values vary per call: keep the cache small
        parsed = _parsed_conditions[key] = _ParsedCondition(ConditionExpressionParser(expr, names, values))
    return parsed


def _use_condition_parser(create):
    comparisons.create_condition_expression_parser = create
    dynamodb_responses.create_condition_expression_parser = create


_moto_condition_parser = comparisons.create_condition_expression_parser
Item.project = _fast_project
DynamoType.size = _fast_size
Item.size = _cached_item_size
DynamoDBBackend.update_item = _update_item
dynamodb_table.copy = _ResultsCopy()
_use_condition_parser(_cached_condition_parser)

_moto_queue_attributes = Queue.attributes
_COUNTS = ("ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible", "ApproximateNumberOfMessagesDelayed")


def _queue_attributes(self):
    now = unix_time_millis()
    visible = not_visible = delayed = 0
    for m in self._messages:
        is_visible, is_delayed = now > m.visible_at, now < m.delayed_until
        visible += is_visible and not is_delayed
        not_visible += not is_visible
        delayed += is_delayed
    counts = dict(zip(_COUNTS, (visible, not_visible, delayed)))
    result = {}
    for attribute in self.BASE_ATTRIBUTES:
        result[attribute] = counts[attribute] if attribute in counts else getattr(self, camelcase_to_underscores(attribute))
    if self.fifo_queue:
        for attribute in self.FIFO_ATTRIBUTES:
            result[attribute] = getattr(self, camelcase_to_underscores(attribute))
    if self.kms_master_key_id:
        for attribute in self.KMS_ATTRIBUTES:
            result[attribute] = getattr(self, camelcase_to_underscores(attribute))
    if self.policy:
        result["Policy"] = self.policy
    if self.redrive_policy:
        result["RedrivePolicy"] = json.dumps(self.redrive_policy)
    for key in result:
        if isinstance(result[key], bool):
            result[key] = str(result[key]).lower()
    return result


Queue.attributes = property(_queue_attributes)

_moto_queue_messages = Queue.messages
_moto_delete_message = Queue.delete_message


def _queue_messages(self):
    """moto's visible, undelayed messages, with one clock read for the queue."""
    now = unix_time_millis()
    return [m for m in self._messages if now > m.visible_at and not now < m.delayed_until]


def _delete_message(self, receipt_handle):
    """moto's delete: a handle already deleted is done; one no message ever had is refused; else its message
    goes. Found among the messages in flight first, and the queue walked once."""
    if receipt_handle in self.deleted_messages:
        return
    messages = self._messages
    found = next((m for m in self.pending_messages if m.had_receipt_handle(receipt_handle)), None)
    if found is None:
        found = next((m for m in messages if m.had_receipt_handle(receipt_handle)), None)
    try:
        # By identity (a message has no __eq__ of its own). One in flight may have left the queue (moto's
        # receive moves it to the dead-letter queue and leaves it among the pending): moto refuses it.
        i = messages.index(found) if found is not None else -1
    except ValueError:
        i = -1
    if i < 0:
        raise ReceiptHandleIsInvalid()
    self.pending_messages.discard(found)
    self.deleted_messages.update(found.all_receipt_handles)
    # A new list, as moto makes: a receive in another thread keeps iterating the one it read.
    self._messages = messages[:i] + messages[i + 1:]


Queue.messages = property(_queue_messages)
Queue.delete_message = _delete_message

_moto_get_queue_attributes = SQSBackend.get_queue_attributes
_moto_retention_check = SQSBackend.is_message_valid_based_on_retention_period


def _get_queue_attributes(self, queue_name, attribute_names):
    """moto's, reading the queue's attributes (a walk of its messages) once rather than up to three times a name."""
    if not attribute_names or "All" in attribute_names:
        return _moto_get_queue_attributes(self, queue_name, attribute_names)
    queue = self.get_queue(queue_name)  # refuses a queue that does not exist, as moto's does first
    valid = queue.BASE_ATTRIBUTES + queue.FIFO_ATTRIBUTES + queue.KMS_ATTRIBUTES
    if any(name not in valid for name in attribute_names):
        return _moto_get_queue_attributes(self, queue_name, attribute_names)  # its refusal
    every = queue.attributes
    return {name: every[name] for name in attribute_names if every.get(name) is not None}


def _retention_check(self, queue_name, message):
    """moto's, with the queue's retention period read as the attribute reads it, not by every attribute: it ran
    for each message a receive returns, each time walking the whole queue three times."""
    retention_period = self.get_queue(queue_name).message_retention_period
    return retention_period + message.sent_timestamp / 1000 > unix_time()


SQSBackend.get_queue_attributes = _get_queue_attributes
SQSBackend.is_message_valid_based_on_retention_period = _retention_check

_moto_s3_event = s3_notifications._get_s3_event


def _s3_event(event_name, bucket, key, notification_id):
    event = _moto_s3_event(event_name, bucket, key, notification_id)
    for record in event["Records"]:
        record["userIdentity"] = {"principalId": "AWS:EMULATOR"}
        record["requestParameters"] = {"sourceIPAddress": "127.0.0.1"}
        record["responseElements"] = {"x-amz-request-id": "EMULATOR", "x-amz-id-2": "EMULATOR"}
        record["s3"]["bucket"].setdefault("ownerIdentity", {"principalId": "EMULATOR"})
        record["s3"]["object"].setdefault("sequencer", f"{int(datetime.now().timestamp() * 1e6):016X}")
    return event


s3_notifications._get_s3_event = _s3_event


def _contains(whole, part):
    """Every field of `part` is in `whole` with the same value (dicts compared deeply)."""
    if isinstance(part, dict):
        return isinstance(whole, dict) and all(k in whole and _contains(whole[k], v) for k, v in part.items())
    if isinstance(part, list):
        return isinstance(whole, list) and len(whole) == len(part) and all(map(_contains, whole, part))
    return whole == part


def _s3_event_check():
    """The notification keeps every field moto sends, with its value, and adds the ones AWS sends."""
    from types import SimpleNamespace
    bucket = SimpleNamespace(name="b", arn="arn:aws:s3:::b", region_name="us-east-1")
    key = SimpleNamespace(name="forecast/a b.csv", size=5, etag='"e"')
    moto_event = _moto_s3_event("s3:ObjectCreated:Put", bucket, key, "n")
    ours = _s3_event("s3:ObjectCreated:Put", bucket, key, "n")
    for event in (moto_event, ours):
        for record in event["Records"]:
            record.pop("eventTime")
    if not _contains(ours, moto_event) or "userIdentity" not in ours["Records"][0]:
        sys.exit(f"S3 event differs from moto's:\n{moto_event}\n{ours}")


def _get_tokens_from_refresh_token(self):
    """GetTokensFromRefreshToken: the tokens InitiateAuth REFRESH_TOKEN_AUTH answers (no rotation)."""
    result = self._get_region_agnostic_backend().initiate_auth(
        self._get_param("ClientId"), "REFRESH_TOKEN_AUTH", {"REFRESH_TOKEN": self._get_param("RefreshToken")})
    return ActionResult(result)


CognitoIdpResponse.get_tokens_from_refresh_token = _get_tokens_from_refresh_token


_TOKEN_UNITS = {"seconds": 1, "minutes": 60, "hours": 3600, "days": 86400}
_moto_create_jwt = CognitoIdpUserPool.create_jwt


def _token_lifetime(client_config, token_use):
    """Seconds an ID or access token lives: the app client's IdTokenValidity / AccessTokenValidity in its
    TokenValidityUnits (hours unless named), 1 hour when unset, as Cognito does. moto issues every token
    for 1 hour. AWS refuses a validity under 5 minutes; the emulator takes any, so that a test can outlive
    a token in seconds (web/e2e/live-token.test.mjs)."""
    kind = {"id": "IdToken", "access": "AccessToken"}.get(token_use)
    value = client_config.get(f"{kind}Validity") if kind else None
    if value is None:
        return 60 * 60
    unit = (client_config.get("TokenValidityUnits") or {}).get(kind, "hours")
    return int(value) * _TOKEN_UNITS.get(unit, 3600)


def _create_jwt(self, client_id, username, token_use, expires_in=60 * 60, extra_data=None):
    client = self.clients.get(client_id)
    if client is not None:
        expires_in = _token_lifetime(client.extended_config, token_use)
    return _moto_create_jwt(self, client_id, username, token_use, expires_in, extra_data)


CognitoIdpUserPool.create_jwt = _create_jwt


def _token_lifetime_check():
    """A client's token validity reaches its tokens' exp and ExpiresIn; without one, moto's hour."""
    import boto3
    from moto import mock_aws

    def lifetime(token):
        body = token.split(".")[1]
        claims = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
        return claims["exp"] - claims["iat"]

    with mock_aws():
        idp = boto3.client("cognito-idp", region_name="us-east-1")
        pool = idp.create_user_pool(PoolName="p")["UserPool"]["Id"]
        idp.admin_create_user(UserPoolId=pool, Username="u@example.com", MessageAction="SUPPRESS")
        idp.admin_set_user_password(UserPoolId=pool, Username="u@example.com", Password="Passw0rd!x", Permanent=True)
        flows = ["ALLOW_USER_PASSWORD_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"]
        found = {}
        for name, validity in (("default", {}),
                               ("short", {"AccessTokenValidity": 20, "IdTokenValidity": 30,
                                          "TokenValidityUnits": {"AccessToken": "seconds", "IdToken": "seconds"}}),
                               ("minutes", {"AccessTokenValidity": 5, "TokenValidityUnits": {"AccessToken": "minutes"}})):
            client = idp.create_user_pool_client(UserPoolId=pool, ClientName=name, ExplicitAuthFlows=flows,
                                                 **validity)["UserPoolClient"]["ClientId"]
            tokens = idp.initiate_auth(ClientId=client, AuthFlow="USER_PASSWORD_AUTH",
                                       AuthParameters={"USERNAME": "u@example.com", "PASSWORD": "Passw0rd!x"})["AuthenticationResult"]
            refreshed = idp.initiate_auth(ClientId=client, AuthFlow="REFRESH_TOKEN_AUTH",
                                          AuthParameters={"REFRESH_TOKEN": tokens["RefreshToken"]})["AuthenticationResult"]
            found[name] = [lifetime(tokens["AccessToken"]), lifetime(tokens["IdToken"]), tokens["ExpiresIn"],
                           lifetime(refreshed["AccessToken"]), refreshed["ExpiresIn"]]
    expected = {"default": [3600, 3600, 3600, 3600, 3600], "short": [20, 30, 20, 20, 20],
                "minutes": [300, 3600, 300, 300, 300]}
    if found != expected:
        sys.exit(f"token lifetimes differ from the clients' validity:\n{found}\n{expected}")


def _token_refresh_check():
    """Both refresh calls answer the same kinds of token for the same user."""
    import boto3
    from moto import mock_aws

    def claims(token):
        body = token.split(".")[1]
        return {k: v for k, v in json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))).items()
                if k not in ("iat", "exp", "auth_time", "jti", "origin_jti")}

    with mock_aws():
        idp = boto3.client("cognito-idp", region_name="us-east-1")
        pool = idp.create_user_pool(PoolName="p")["UserPool"]["Id"]
        client = idp.create_user_pool_client(UserPoolId=pool, ClientName="c",
                                             ExplicitAuthFlows=["ALLOW_USER_PASSWORD_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"])["UserPoolClient"]["ClientId"]
        idp.admin_create_user(UserPoolId=pool, Username="u@example.com", MessageAction="SUPPRESS")
        idp.admin_set_user_password(UserPoolId=pool, Username="u@example.com", Password="Passw0rd!x", Permanent=True)
        signed_in = idp.initiate_auth(ClientId=client, AuthFlow="USER_PASSWORD_AUTH",
                                      AuthParameters={"USERNAME": "u@example.com", "PASSWORD": "Passw0rd!x"})["AuthenticationResult"]
        old = idp.initiate_auth(ClientId=client, AuthFlow="REFRESH_TOKEN_AUTH",
                                AuthParameters={"REFRESH_TOKEN": signed_in["RefreshToken"]})["AuthenticationResult"]
        new = idp.get_tokens_from_refresh_token(ClientId=client, RefreshToken=signed_in["RefreshToken"])["AuthenticationResult"]
        try:
            idp.get_tokens_from_refresh_token(ClientId=client, RefreshToken="revoked")
            sys.exit("a refresh with an unknown token was answered")
        except idp.exceptions.NotAuthorizedException:
            pass
    for kind in ("IdToken", "AccessToken"):
        if claims(old[kind]) != claims(new[kind]):
            sys.exit(f"refreshed {kind} claims differ:\n{claims(old[kind])}\n{claims(new[kind])}")
    if (old["TokenType"], old["ExpiresIn"]) != (new["TokenType"], new["ExpiresIn"]):
        sys.exit(f"refresh answers differ: {old} {new}")


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
    for serialise, result_init in ((_serialized, _moto_result_init), (_fast_serialized, _lazy_result)):
        DynamoHandler.serialized, DynamoResult.__init__ = serialise, result_init
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
                drop(db.scan(TableName="t", ProjectionExpression="m.l, b, bs, ns")),
                drop(db.put_item(TableName="t", Item={**item, "id": {"S": "c"}}, ReturnValues="ALL_OLD")),
                drop(db.put_item(TableName="t", Item={"id": {"S": "c"}}, ReturnValues="ALL_OLD")),
                drop(db.update_item(TableName="t", Key={"id": {"S": "a"}}, UpdateExpression="SET n = :n",
                                    ExpressionAttributeValues={":n": {"N": "2"}}, ReturnValues="ALL_NEW")),
                drop(db.delete_item(TableName="t", Key={"id": {"S": "a"}}, ReturnValues="ALL_OLD")),
            ])
    DynamoHandler.serialized, DynamoResult.__init__ = _fast_serialized, _lazy_result
    if answers[0] != answers[1]:
        sys.exit(f"serialisers differ:\n{answers[0]}\n{answers[1]}")
    print("emulator: fast DynamoDB read answers match moto's serialiser")
    sizes = [[impl(DynamoType(v)) for v in item.values()] + [impl(DynamoType({"M": item}))] for impl in (_moto_size, _fast_size)]
    if sizes[0] != sizes[1]:
        sys.exit(f"item sizes differ:\n{sizes[0]}\n{sizes[1]}")
    print("emulator: attribute sizes match moto's")
    _item_sizes()
    print("emulator: item sizes stay right through puts, updates and transactions")
    projected = [_projections(project, results_copy) for project, results_copy in ((_moto_project, copy), (_fast_project, _ResultsCopy()))]
    if projected[0] != projected[1]:
        sys.exit(f"projections differ:\n{projected[0]}\n{projected[1]}")
    print("emulator: projected query and scan answers match moto's")
    outcomes = [_transactions(impl) for impl in (_moto_transact, _transact_write_items)]
    DynamoDBBackend.transact_write_items = _transact_write_items
    if outcomes[0] != outcomes[1]:
        sys.exit(f"transactions differ:\n{outcomes[0]}\n{outcomes[1]}")
    print("emulator: TransactWriteItems outcomes match moto's")
    conditions = []
    for create in (_moto_condition_parser, _cached_condition_parser):
        _use_condition_parser(create)
        _parsed_conditions.clear()
        conditions.append(_transactions(_transact_write_items) + _conditional_writes())
    if conditions[0] != conditions[1] or not _parsed_conditions:
        sys.exit(f"cached condition expressions differ:\n{conditions[0]}\n{conditions[1]}")
    for (expr, names, values), parsed in _parsed_conditions.items():
        fresh = ConditionExpressionParser(expr, ast.literal_eval(names), ast.literal_eval(values))
        fresh.parse()
        if parsed._names != fresh.expr_attr_names_found:  # a caller's extension leaked into the cache
            sys.exit(f"cached names of {expr!r} changed: {parsed._names}")
    print("emulator: cached condition expressions give moto's outcomes")
    queues = [_queue_answers(impl) for impl in (_moto_queue_attributes, property(_queue_attributes))]
    Queue.attributes = property(_queue_attributes)
    if queues[0] != queues[1]:
        sys.exit(f"queue attributes differ:\n{queues[0]}\n{queues[1]}")
    print("emulator: SQS queue attributes match moto's")
    traffic = [_queue_traffic(messages, delete) for messages, delete in
               ((_moto_queue_messages, _moto_delete_message), (property(_queue_messages), _delete_message))]
    if traffic[0] != traffic[1]:
        sys.exit(f"SQS receives and deletes differ:\n{traffic[0]}\n{traffic[1]}")
    print("emulator: SQS receives and deletes match moto's")
    reads = [_queue_reads(get, retention) for get, retention in
             ((_moto_get_queue_attributes, _moto_retention_check), (_get_queue_attributes, _retention_check))]
    if reads[0] != reads[1]:
        sys.exit(f"SQS attribute reads differ:\n{reads[0]}\n{reads[1]}")
    print("emulator: SQS attribute reads and retention verdicts match moto's")
    queried = [_queries(impl) for impl in (_moto_query, _partition_query)]
    dynamodb_table.Table.query = _partition_query
    if queried[0] != queried[1]:
        sys.exit(f"partition queries differ:\n{queried[0]}\n{queried[1]}")
    print("emulator: partition queries answer what moto's whole-table walk does")
    scanned = [_scans(impl) for impl in (_moto_scan, _keyed_scan)]
    dynamodb_table.Table.scan = _keyed_scan
    if scanned[0] != scanned[1]:
        sys.exit(f"paged scans differ:\n{scanned[0]}\n{scanned[1]}")
    print("emulator: paged scans answer what moto's walk from the first item does")
    _s3_event_check()
    print("emulator: S3 event notifications keep moto's fields and add AWS's")
    app = DomainDispatcherApplication(create_backend_app)
    hosts = [None, "moto_api", "dynamodb", "dynamodb.us-east-1.amazonaws.com", "sqs.us-east-1.amazonaws.com",
             "s3.us-east-1.amazonaws.com", "bucket.s3.amazonaws.com", "cognito-idp.us-east-1.amazonaws.com", "nope.example"]
    found = [[f(app, h) for h in hosts + hosts] for f in (_backend_for_host, _cached_backend_for_host)]
    if found[0] != found[1] or found[0][3] != "dynamodb":
        sys.exit(f"backends by host differ:\n{found[0]}\n{found[1]}")
    print("emulator: each host's backend is moto's")
    _token_refresh_check()
    print("emulator: GetTokensFromRefreshToken answers what InitiateAuth REFRESH_TOKEN_AUTH does")
    _token_lifetime_check()
    print("emulator: tokens live as long as their app client's validity says")


def _item_sizes():
    """After writes that change items in place, every stored item's kept size is its measured size."""
    import boto3
    from moto import mock_aws
    from moto.dynamodb.models import dynamodb_backends

    with mock_aws():
        db = boto3.client("dynamodb", region_name="us-east-1")
        db.create_table(TableName="t", KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}],
                        AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}], BillingMode="PAY_PER_REQUEST")
        for i in "abcd":
            db.put_item(TableName="t", Item={"id": {"S": i}, "m": {"M": {"x": {"S": "1"}}}})
        db.scan(TableName="t")  # measures them all
        db.update_item(TableName="t", Key={"id": {"S": "a"}}, UpdateExpression="SET m.y = :v, big = :b",
                       ExpressionAttributeValues={":v": {"S": "longer"}, ":b": {"S": "x" * 500}})
        db.update_item(TableName="t", Key={"id": {"S": "d"}}, AttributeUpdates={"n": {"Value": {"N": "5"}, "Action": "PUT"}})
        db.transact_write_items(TransactItems=[{"Update": {"TableName": "t", "Key": {"id": {"S": "c"}},
                                                           "UpdateExpression": "REMOVE m"}}])
        db.put_item(TableName="t", Item={"id": {"S": "b"}, "q": {"S": "replaced"}})
        db.scan(TableName="t")
        table = dynamodb_backends["123456789012"]["us-east-1"].get_table("t")
        wrong = [(i.hash_key.value, i.size(), _moto_item_size(i)) for i in table.all_items() if i.size() != _moto_item_size(i)]
        if wrong:
            sys.exit(f"kept item sizes are stale: {wrong}")


def _conditional_writes():
    """Conditional puts, updates and filtered queries, each expression used more than once."""
    import boto3
    from botocore.exceptions import ClientError
    from moto import mock_aws

    with mock_aws():
        db = boto3.client("dynamodb", region_name="us-east-1")
        db.create_table(TableName="t", KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}, {"AttributeName": "k", "KeyType": "RANGE"}],
                        AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}, {"AttributeName": "k", "AttributeType": "N"}],
                        BillingMode="PAY_PER_REQUEST")
        answers = []
        for k in ("1", "2", "1", "3"):
            try:
                db.put_item(TableName="t", Item={"id": {"S": "a"}, "k": {"N": k}, "#n": {"S": k}},
                            ConditionExpression="attribute_not_exists(id)")
                answers.append("put")
            except ClientError as e:
                answers.append(e.response["Error"]["Code"])
        for _ in range(3):
            try:
                db.update_item(TableName="t", Key={"id": {"S": "a"}, "k": {"N": "1"}}, UpdateExpression="SET #c = if_not_exists(#c, :z) + :one",
                               ConditionExpression="#c < :max OR attribute_not_exists(#c)", ExpressionAttributeNames={"#c": "count"},
                               ExpressionAttributeValues={":z": {"N": "0"}, ":one": {"N": "1"}, ":max": {"N": "2"}})
                answers.append("updated")
            except ClientError as e:
                answers.append(e.response["Error"]["Code"])
        for want in ("5", "2", "2"):
            # The same expression with other values is another condition.
            try:
                db.delete_item(TableName="t", Key={"id": {"S": "a"}, "k": {"N": "1"}}, ConditionExpression="#c = :want",
                               ExpressionAttributeNames={"#c": "count"}, ExpressionAttributeValues={":want": {"N": want}})
                answers.append("deleted")
            except ClientError as e:
                answers.append(e.response["Error"]["Code"])
        for _ in range(2):
            # The filter's names and the projection's names are checked together.
            r = db.query(TableName="t", KeyConditionExpression="id = :a", FilterExpression="#k >= :two",
                         ProjectionExpression="#k, #c", ExpressionAttributeNames={"#k": "k", "#c": "count"},
                         ExpressionAttributeValues={":a": {"S": "a"}, ":two": {"N": "2"}})
            answers.append(r["Items"])
        try:
            db.query(TableName="t", KeyConditionExpression="id = :a", FilterExpression="#k >= :two",
                     ExpressionAttributeNames={"#k": "k", "#unused": "x"}, ExpressionAttributeValues={":a": {"S": "a"}, ":two": {"N": "2"}})
        except ClientError as e:
            answers.append(e.response["Error"]["Message"])
        answers.append(db.scan(TableName="t")["Items"])
        return answers


def _queue_answers(impl):
    """A queue's attributes with messages visible, in flight and delayed, under one implementation."""
    import boto3
    from moto import mock_aws

    Queue.attributes = impl
    with mock_aws():
        sqs = boto3.client("sqs", region_name="us-east-1")
        dlq = sqs.create_queue(QueueName="d")["QueueUrl"]
        arn = sqs.get_queue_attributes(QueueUrl=dlq, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
        url = sqs.create_queue(QueueName="q", Attributes={"VisibilityTimeout": "60",
                               "RedrivePolicy": json.dumps({"deadLetterTargetArn": arn, "maxReceiveCount": 3})})["QueueUrl"]
        for i in range(5):
            sqs.send_message(QueueUrl=url, MessageBody=f"m{i}")
        sqs.send_message(QueueUrl=url, MessageBody="later", DelaySeconds=60)
        sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=2)
        attributes = sqs.get_queue_attributes(QueueUrl=url, AttributeNames=["All"])["Attributes"]
        return {k: v for k, v in attributes.items() if k not in ("CreatedTimestamp", "LastModifiedTimestamp", "QueueArn")}


@contextmanager
def _patched(owner, **attributes):
    """`owner`'s attributes replaced for a check's run, and put back after it, whatever happens."""
    before = {name: owner.__dict__[name] for name in attributes}
    for name, value in attributes.items():
        setattr(owner, name, value)
    try:
        yield
    finally:
        for name, value in before.items():
            setattr(owner, name, value)


def _queue_traffic(messages, delete):
    """Receives and deletes (valid, repeated, stale, unknown handles, a batch) and what is left, under one
    implementation of the visible list and the delete."""
    import boto3
    from botocore.exceptions import ClientError
    from moto import mock_aws

    with _patched(Queue, messages=messages, delete_message=delete), mock_aws():
        sqs = boto3.client("sqs", region_name="us-east-1")
        url = sqs.create_queue(QueueName="q", Attributes={"VisibilityTimeout": "60"})["QueueUrl"]
        for i in range(12):
            sqs.send_message(QueueUrl=url, MessageBody=f"m{i}")
        sqs.send_message(QueueUrl=url, MessageBody="later", DelaySeconds=60)
        answers = []
        got = sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=4)["Messages"]
        answers.append([m["Body"] for m in got])
        handles = [m["ReceiptHandle"] for m in got]
        for handle in (handles[0], handles[0], "not-a-handle"):
            try:
                sqs.delete_message(QueueUrl=url, ReceiptHandle=handle)
                answers.append("deleted")
            except ClientError as e:
                answers.append(e.response["Error"]["Code"])
        # A message made visible again and received anew: its first handle is stale, still its own.
        sqs.change_message_visibility(QueueUrl=url, ReceiptHandle=handles[1], VisibilityTimeout=0)
        again = sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10)["Messages"]
        answers.append(sorted(m["Body"] for m in again))
        sqs.delete_message(QueueUrl=url, ReceiptHandle=handles[1])
        batch = sqs.delete_message_batch(QueueUrl=url, Entries=[
            {"Id": "a", "ReceiptHandle": handles[2]}, {"Id": "b", "ReceiptHandle": "nope"},
            {"Id": "c", "ReceiptHandle": again[-1]["ReceiptHandle"]}])
        answers.append((sorted(s["Id"] for s in batch.get("Successful", [])),
                        sorted(f["Id"] for f in batch.get("Failed", []))))
        for handle in [m["ReceiptHandle"] for m in again[:-1]] + [handles[3]]:
            try:
                sqs.change_message_visibility(QueueUrl=url, ReceiptHandle=handle, VisibilityTimeout=0)
                answers.append("visible")
            except ClientError as e:
                answers.append(e.response["Error"]["Code"])
        answers.append(sorted(m["Body"] for m in sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10)["Messages"]))
        return answers


def _queue_reads(get, retention):
    """Attribute reads by name (one, several, repeated, unknown, none) and retention verdicts, under one
    implementation."""
    import boto3
    from botocore.exceptions import ClientError
    from moto import mock_aws
    from moto.sqs.models import sqs_backends

    with _patched(SQSBackend, get_queue_attributes=get, is_message_valid_based_on_retention_period=retention), mock_aws():
        sqs = boto3.client("sqs", region_name="us-east-1")
        url = sqs.create_queue(QueueName="q", Attributes={"MessageRetentionPeriod": "120"})["QueueUrl"]
        for i in range(3):
            sqs.send_message(QueueUrl=url, MessageBody=f"m{i}")
        sqs.receive_message(QueueUrl=url)
        answers = []
        for names in (["ApproximateNumberOfMessages"], ["MessageRetentionPeriod", "ApproximateNumberOfMessages",
                      "MessageRetentionPeriod"], ["KmsMasterKeyId"], ["Nope"], []):
            try:
                answers.append(sqs.get_queue_attributes(QueueUrl=url, AttributeNames=names).get("Attributes"))
            except ClientError as e:
                answers.append(e.response["Error"]["Code"])
        backend = sqs_backends["123456789012"]["us-east-1"]
        queue = backend.get_queue("q")
        for m in queue._messages:
            for age in (0, 119, 121):
                sent = m.sent_timestamp
                m.sent_timestamp = sent - age * 1000
                answers.append(backend.is_message_valid_based_on_retention_period("q", m))
                m.sent_timestamp = sent
        return answers


def _projections(project, results_copy):
    """Projected reads under one projection and results-copy implementation (sets compared as sets)."""
    import boto3
    from moto import mock_aws

    Item.project, dynamodb_table.copy = project, results_copy
    item = {"id": {"S": "a"}, "n": {"N": "1.50"}, "b": {"B": b"\x00\xff"}, "ss": {"SS": ["x", "y"]}, "t": {"BOOL": True},
            "m": {"M": {"x": {"M": {"y": {"S": "deep"}, "z": {"N": "2"}}}, "l": {"L": [{"S": "q"}]}, "w": {"S": "w"}}}}
    with mock_aws():
        db = boto3.client("dynamodb", region_name="us-east-1")
        db.create_table(TableName="t", KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}],
                        AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}], BillingMode="PAY_PER_REQUEST")
        db.put_item(TableName="t", Item=item)
        answers = []
        for expression in ("id, n, b, ss", "m.x.y, m.w, t", "m.x, m.x.y", "m.x.y, m.x", "gone, m.nope.deeper, id", "m.l[0], id"):
            names = {}
            for r in (db.scan(TableName="t", ProjectionExpression=expression),
                      db.query(TableName="t", KeyConditionExpression="id = :a", ExpressionAttributeValues={":a": {"S": "a"}},
                               ProjectionExpression=expression)):
                for i in r["Items"]:
                    if "ss" in i:
                        i["ss"]["SS"] = sorted(i["ss"]["SS"])
                names[expression] = names.get(expression, []) + [r["Items"]]
            answers.append(names)
        # the stored item is untouched by a projected read
        answers.append(db.get_item(TableName="t", Key={"id": {"S": "a"}})["Item"]["m"])
    Item.project, dynamodb_table.copy = _fast_project, _ResultsCopy()
    return answers


def _checked_tables(sort_type):
    """A client of the mocked DynamoDB with two tables: "t" (pk, then sk of `sort_type`) and "h" (id only)."""
    import boto3

    db = boto3.client("dynamodb", region_name="us-east-1")
    db.create_table(TableName="t", KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
                    AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": sort_type}],
                    BillingMode="PAY_PER_REQUEST")
    db.create_table(TableName="h", KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}],
                    AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}], BillingMode="PAY_PER_REQUEST")
    return db


def _queries(impl):
    """What a set of queries answers under one Table.query implementation."""
    from moto import mock_aws

    dynamodb_table.Table.query = impl
    with mock_aws():
        db = _checked_tables("S")
        for p in ("a", "b", "c"):
            for n in range(12):
                db.put_item(TableName="t", Item={"pk": {"S": p}, "sk": {"S": f"{n:03}"}, "n": {"N": str(n)}, "odd": {"BOOL": n % 2 == 1}})
        db.put_item(TableName="h", Item={"id": {"S": "x"}, "v": {"N": "1"}})
        q = lambda **kw: {k: v for k, v in db.query(TableName="t", **kw).items() if k != "ResponseMetadata"}
        eq = {"KeyConditionExpression": "pk = :p", "ExpressionAttributeValues": {":p": {"S": "b"}}}
        answers = [
            q(**eq),
            q(**eq, ScanIndexForward=False, Limit=5),
            q(KeyConditionExpression="pk = :p AND sk BETWEEN :a AND :z", ExpressionAttributeValues={":p": {"S": "c"}, ":a": {"S": "003"}, ":z": {"S": "007"}}),
            q(KeyConditionExpression="pk = :p AND begins_with(sk, :s)", ExpressionAttributeValues={":p": {"S": "a"}, ":s": {"S": "01"}}),
            q(**eq, Limit=4, ExclusiveStartKey={"pk": {"S": "b"}, "sk": {"S": "005"}}),
            q(KeyConditionExpression="pk = :p AND sk >= :a", ExpressionAttributeValues={":p": {"S": "b"}, ":a": {"S": "004"}}, Limit=3,
              ExclusiveStartKey={"pk": {"S": "b"}, "sk": {"S": "005"}}),
            q(KeyConditionExpression="pk = :p AND sk < :a", ExpressionAttributeValues={":p": {"S": "a"}, ":a": {"S": "006"}},
              ScanIndexForward=False, Limit=2),
            q(KeyConditionExpression="pk = :p AND sk > :a", FilterExpression="odd = :t",
              ExpressionAttributeValues={":p": {"S": "c"}, ":a": {"S": "002"}, ":t": {"BOOL": True}}),
            q(KeyConditionExpression="pk = :p", FilterExpression="odd = :t", ExpressionAttributeValues={":p": {"S": "a"}, ":t": {"BOOL": True}}),
            q(KeyConditionExpression="pk = :p", ExpressionAttributeValues={":p": {"S": "none"}}),
            {k: v for k, v in db.query(TableName="h", KeyConditionExpression="id = :i", ExpressionAttributeValues={":i": {"S": "x"}}).items() if k != "ResponseMetadata"},
        ]
        answers += _index_queries(db)
    return answers


def _index_queries(db):
    """Index queries on one table, before and after writes that add, move and remove index entries."""
    attrs = [{"AttributeName": n, "AttributeType": "S"} for n in ("pk", "sk", "day", "at", "kind")]
    db.create_table(TableName="g", KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
                    AttributeDefinitions=attrs, BillingMode="PAY_PER_REQUEST",
                    GlobalSecondaryIndexes=[
                        {"IndexName": "byDay", "KeySchema": [{"AttributeName": "day", "KeyType": "HASH"}, {"AttributeName": "at", "KeyType": "RANGE"}],
                         "Projection": {"ProjectionType": "ALL"}},
                        {"IndexName": "byKind", "KeySchema": [{"AttributeName": "kind", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}},
                    ])
    for n in range(24):
        item = {"pk": {"S": f"p{n % 4}"}, "sk": {"S": f"{n:03}"}, "at": {"S": f"t{n % 7:02}"}, "kind": {"S": f"k{n % 3}"}}
        if n % 5:
            item["day"] = {"S": f"d{n % 3}"}  # every fifth item is not in byDay
        db.put_item(TableName="g", Item=item)
    q = lambda **kw: {k: v for k, v in db.query(TableName="g", **kw).items() if k != "ResponseMetadata"}
    day = lambda d, **kw: q(IndexName="byDay", KeyConditionExpression="#d = :d", ExpressionAttributeNames={"#d": "day"},
                            ExpressionAttributeValues={":d": {"S": d}}, **kw)
    kind = lambda k: q(IndexName="byKind", KeyConditionExpression="kind = :k", ExpressionAttributeValues={":k": {"S": k}})
    answers = [day("d0"), day("d1", Limit=3), day("d2", ScanIndexForward=False), kind("k1"), day("none")]
    since = lambda d, t, **kw: q(IndexName="byDay", KeyConditionExpression="#d = :d AND #a >= :t",
                                 ExpressionAttributeNames={"#d": "day", "#a": "at"},
                                 ExpressionAttributeValues={":d": {"S": d}, ":t": {"S": t}}, **kw)
    answers += [since("d1", "t03"), since("d2", "t02", ScanIndexForward=False, Limit=2), since("d0", "t99")]
    page = since("d1", "t01", Limit=2)
    answers.append(since("d1", "t01", Limit=2, ExclusiveStartKey=page["LastEvaluatedKey"]))
    first = day("d1", Limit=4)
    answers.append(day("d1", Limit=4, ExclusiveStartKey=first["LastEvaluatedKey"]))
    # An update moves an item from d1 to d2; a delete removes one, a put adds one to d0.
    db.update_item(TableName="g", Key={"pk": {"S": "p1"}, "sk": {"S": "001"}}, UpdateExpression="SET #d = :d",
                   ExpressionAttributeNames={"#d": "day"}, ExpressionAttributeValues={":d": {"S": "d2"}})
    answers += [day("d1"), day("d2")]  # an update changes the item in place: the map must follow it
    db.delete_item(TableName="g", Key={"pk": {"S": "p2"}, "sk": {"S": "002"}})
    db.put_item(TableName="g", Item={"pk": {"S": "p9"}, "sk": {"S": "900"}, "day": {"S": "d0"}, "at": {"S": "t00"}, "kind": {"S": "k1"}})
    answers += [day("d0"), day("d1"), day("d2"), kind("k1")]
    db.transact_write_items(TransactItems=[{"Put": {"TableName": "g", "Item": {"pk": {"S": "p8"}, "sk": {"S": "800"}, "day": {"S": "d1"}, "at": {"S": "t01"}}}}])
    answers += [day("d1")]
    return answers


def _scans(impl):
    """Every page of several scans under one Table.scan implementation, with writes between pages."""
    from moto import mock_aws

    dynamodb_table.Table.scan = impl
    with mock_aws():
        db = _checked_tables("N")
        for n in range(40):
            db.put_item(TableName="t", Item={"pk": {"S": f"p{n % 5}"}, "sk": {"N": str(n * 7 % 23)}, "odd": {"BOOL": n % 2 == 1}})
            db.put_item(TableName="h", Item={"id": {"S": f"i{n * 13 % 41:02}"}, "kind": {"S": "a" if n % 3 else "b"}, "pad": {"S": "x" * n}})

        def pages(table, between=None, **kw):
            answers, start = [], None
            while True:
                page = db.scan(TableName=table, **kw, **({"ExclusiveStartKey": start} if start else {}))
                answers.append({k: v for k, v in page.items() if k != "ResponseMetadata"})
                start = page.get("LastEvaluatedKey")
                if not start:
                    return answers
                if between:
                    between(len(answers))

        def writes(n):
            # A put before and after the page's start, a delete of an item still to come, an update in place.
            db.put_item(TableName="h", Item={"id": {"S": f"a{n}"}, "kind": {"S": "a"}})
            db.put_item(TableName="h", Item={"id": {"S": f"z{n}"}, "kind": {"S": "b"}})
            db.delete_item(TableName="h", Key={"id": {"S": f"i{40 - n:02}"}})
            db.update_item(TableName="h", Key={"id": {"S": f"i{39 - n:02}"}}, UpdateExpression="SET kind = :k",
                           ExpressionAttributeValues={":k": {"S": "c"}})

        answers = [
            pages("t", Limit=7), pages("t", Limit=6, FilterExpression="odd = :t", ExpressionAttributeValues={":t": {"BOOL": True}}),
            pages("t", Limit=9, ProjectionExpression="sk"), pages("h", Limit=5), pages("h", Limit=4, ProjectionExpression="id, kind"),
            pages("h", Limit=8, FilterExpression="kind = :a", ExpressionAttributeValues={":a": {"S": "a"}}),
            pages("h", Limit=3, Segment=1, TotalSegments=3), pages("h", Limit=6, between=writes),
            [{k: v for k, v in db.scan(TableName="t", Limit=5, ExclusiveStartKey=start).items() if k != "ResponseMetadata"}
             for start in ({"pk": {"S": "p2"}, "sk": {"N": "4"}}, {"pk": {"S": "p2"}, "sk": {"N": "5"}}, {"pk": {"S": "zz"}, "sk": {"N": "0"}})],
            [{k: v for k, v in db.scan(TableName="h", ExclusiveStartKey={"id": {"S": s}}).items() if k != "ResponseMetadata"}
             for s in ("i05", "i06x", "")],
        ]
    return answers


def _transactions(impl):
    """What a run of transactions answers and leaves, under one implementation."""
    import boto3
    from botocore.exceptions import ClientError
    from moto import mock_aws

    DynamoDBBackend.transact_write_items = impl
    with mock_aws():
        db = boto3.client("dynamodb", region_name="us-east-1")
        db.create_table(TableName="t", KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}],
                        AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}], BillingMode="PAY_PER_REQUEST")
        db.put_item(TableName="t", Item={"id": {"S": "a"}, "n": {"N": "1"}})
        new = lambda i: {"Put": {"TableName": "t", "Item": {"id": {"S": i}, "n": {"N": "0"}}, "ConditionExpression": "attribute_not_exists(id)"}}
        bump = {"Update": {"TableName": "t", "Key": {"id": {"S": "a"}}, "UpdateExpression": "SET n = n + :one",
                           "ConditionExpression": "n = :n", "ExpressionAttributeValues": {":one": {"N": "1"}, ":n": {"N": "1"}}}}
        gone = {"Delete": {"TableName": "t", "Key": {"id": {"S": "b"}}}}
        answers = []
        for items in ([new("b"), bump], [new("c"), bump], [new("d"), new("a"), gone], [gone, {"ConditionCheck": {
                "TableName": "t", "Key": {"id": {"S": "a"}}, "ConditionExpression": "n = :two",
                "ExpressionAttributeValues": {":two": {"N": "2"}}}}], [new("e"), new("e")]):
            try:
                db.transact_write_items(TransactItems=items)
                answers.append("ok")
            except ClientError as e:
                answers.append((e.response["Error"]["Code"], e.response.get("CancellationReasons")))
        answers.append(sorted(str(i) for i in db.scan(TableName="t")["Items"]))
        return answers


if __name__ == "__main__":
    if sys.argv[1:] == ["--check"]:
        check()
    else:
        sys.exit(main())
