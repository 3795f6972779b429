#!/usr/bin/env bash
# Lists every message parked in the stack's dead-letter queues, with its
# reason, and moves the parked messages of one queue back to its source.
#
#   scripts/dead-letters.sh                          # the local stack (.local, or $FLEET_STATE_DIR)
#   scripts/dead-letters.sh --state .local/test      # another local stack
#   scripts/dead-letters.sh --stack fleet-console    # a deployed stack (AWS credentials as for `sam deploy`)
#   scripts/dead-letters.sh --queue TelemetryDeadLetterQueue --redrive
#   options: --json (one JSON object a message), --max N (messages listed per queue, default 1000)
#
# The dead-letter queues are read from template.yaml (every redrive target and
# every function's DeadLetterQueue). A reason is the message's `reason`
# attribute (set by a queue's consumer when it parks a message it can never
# store, or cannot store by its last receive), Lambda's `ErrorMessage` (a
# failed scheduled run), or else "no reason: the function did not finish",
# with its receive count: SQS moved it after the source queue's
# maxReceiveCount receives that the function never answered (a timeout or a
# crash).
#
# Listing receives each message and makes it visible again at once: nothing
# is deleted. (A FIFO queue hands out a message group's later messages only
# once its earlier ones are gone, so a listing shows at most 10 a fridge.)
# --redrive needs --queue (each redrive is a choice: a fridge command parked
# days ago may no longer be wanted) and moves every message of that queue back
# to its source queue: on AWS with StartMessageMoveTask, where that is not
# available (the local emulator) by receive, send, delete. The consumer parks
# again what still cannot land, with its reason, so a redrive lands exactly
# those that now can. ScheduledFailuresQueue has no source queue: the
# scheduler's next run retries the work itself.
#
# Fridge commands expire: each carries `notAfter` (5 minutes after it was
# sent), and a fridge refuses it later. Their redrive is always one by one:
# a command past its notAfter (or without one) is not replayed but dropped,
# printed whole with the reason. A command still good goes back to the FIFO
# queue in its fridge's message group, with the parked message's id as its
# de-duplication id (its own messageId was used by the first send within
# SQS's 5-minute window, so the queue would drop it); the fridge still
# carries out a messageId once.
set -euo pipefail
cd "$(dirname "$0")/.."
exec .venv/bin/python - "$@" <<'PY'
import argparse, json, os, shlex, sys
from datetime import datetime, timezone
from pathlib import Path

import boto3

sys.path.insert(0, "scripts/local")
from provision import load_template  # the template's own CloudFormation tags

ap = argparse.ArgumentParser(prog="scripts/dead-letters.sh")
ap.add_argument("--stack", help="a deployed stack's name (default: the local stack)")
ap.add_argument("--state", default=os.environ.get("FLEET_STATE_DIR", ".local"), help="the local stack's state folder")
ap.add_argument("--queue", help="only this dead-letter queue (its logical id in template.yaml)")
ap.add_argument("--redrive", action="store_true", help="move the queue's messages back to its source queue")
ap.add_argument("--json", action="store_true")
ap.add_argument("--max", type=int, default=1000)
args = ap.parse_args()
if args.redrive and not args.queue:
    sys.exit("--redrive needs --queue: choose which dead-letter queue to move back")


def target(value):
    """`!GetAtt X.Arn` -> X."""
    return value["Fn::GetAtt"][0] if isinstance(value, dict) and "Fn::GetAtt" in value else None


resources = load_template()["Resources"]
dead_letters = {}  # DLQ logical id -> source queue logical id (None for a function's DLQ)
limits = {}  # source queue -> its maxReceiveCount
for logical_id, res in resources.items():
    props = res.get("Properties", {})
    dlq = target(props.get("RedrivePolicy", {}).get("deadLetterTargetArn"))
    if dlq:
        dead_letters[dlq] = logical_id
        limits[logical_id] = props["RedrivePolicy"].get("maxReceiveCount")
    dlq = target(props.get("DeadLetterQueue", {}).get("TargetArn"))
    if dlq:
        dead_letters.setdefault(dlq, None)
if args.queue and args.queue not in dead_letters:
    sys.exit(f"{args.queue} is not a dead-letter queue; they are: {', '.join(sorted(dead_letters))}")

if args.stack:
    session = boto3.session.Session()
    sqs = session.client("sqs")
    cfn = session.client("cloudformation")
    urls = {}
    for page in cfn.get_paginator("list_stack_resources").paginate(StackName=args.stack):
        for r in page["StackResourceSummaries"]:
            if r["ResourceType"] == "AWS::SQS::Queue":
                urls[r["LogicalResourceId"]] = r["PhysicalResourceId"]  # a queue's physical id is its URL
else:
    env_file = Path(args.state) / "stack.env"
    if not env_file.exists():
        sys.exit(f"no local stack: {env_file} is missing (start one with scripts/run-local.sh, or pass --stack)")
    env = {}
    for line in env_file.read_text().splitlines():
        if line.startswith("export "):
            key, _, value = line[len("export "):].partition("=")
            env[key] = shlex.split(value)[0] if value else ""
    session = boto3.session.Session(
        aws_access_key_id=env["AWS_ACCESS_KEY_ID"], aws_secret_access_key=env["AWS_SECRET_ACCESS_KEY"], region_name=env["AWS_REGION"]
    )
    sqs = session.client("sqs", endpoint_url=env["AWS_ENDPOINT_URL"])
    urls = {k[len("QUEUE_URL_"):]: v for k, v in env.items() if k.startswith("QUEUE_URL_")}


def arn(url):
    return sqs.get_queue_attributes(QueueUrl=url, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]


def reason(message, source):
    attrs = message.get("MessageAttributes", {})
    for key in ("reason", "ErrorMessage"):
        if key in attrs:
            return attrs[key].get("StringValue", "")
    if source:
        # The handlers park what they cannot store on its last receive, with the reason; a message SQS moved
        # itself was never answered: the function timed out or crashed. (This listing's receive not counted.)
        received = int(message.get("Attributes", {}).get("ApproximateReceiveCount", "1")) - 1
        return (f"no reason: the function did not finish (received {received} times from {source}, "
                f"whose redrive limit is {limits.get(source, '?')})")
    return "no reason recorded"


def receive(url, visibility):
    return sqs.receive_message(
        QueueUrl=url, MaxNumberOfMessages=10, WaitTimeSeconds=1, VisibilityTimeout=visibility,
        MessageAttributeNames=["All"], AttributeNames=["All"],
    ).get("Messages", [])


def list_queue(dlq, source, url):
    """Every parked message, each made visible again once read."""
    seen, handles = {}, []
    while len(seen) < args.max:
        batch = receive(url, 60)
        if not batch:
            break
        for m in batch:
            handles.append(m["ReceiptHandle"])
            seen.setdefault(m["MessageId"], m)
    for i in range(0, len(handles), 10):
        entries = [{"Id": str(j), "ReceiptHandle": h, "VisibilityTimeout": 0} for j, h in enumerate(handles[i:i + 10])]
        sqs.change_message_visibility_batch(QueueUrl=url, Entries=entries)
    for m in seen.values():
        sent = m.get("Attributes", {}).get("SentTimestamp")
        row = {"queue": dlq, "source": source, "messageId": m["MessageId"], "sentAt": int(sent) // 1000 if sent else None,
               "reason": reason(m, source), "body": m.get("Body", "")}
        if args.json:
            print(json.dumps(row))
        else:
            body = row["body"] if len(row["body"]) <= 160 else row["body"][:157] + "..."
            print(f"  {row['messageId']}  {row['reason']}\n      {body}")
    return len(seen)


# Source queues whose messages expire at their body's `notAfter` (the fridge contract).
EXPIRING = {"FridgeCommandsQueue"}


def expired(message, now):
    """Why a parked command must not be replayed (None when it is still good)."""
    try:
        body = json.loads(message.get("Body", ""))
        not_after = datetime.fromisoformat(body["notAfter"].replace("Z", "+00:00"))
    except (ValueError, KeyError, TypeError, AttributeError):
        return "it carries no readable notAfter, so it may be long past"
    if not_after <= now:
        return f"expired at {body['notAfter']} (a fridge carries out a command at most 5 minutes after it was sent)"
    return None


def entry(i, m, fifo):
    e = {"Id": str(i), "MessageBody": m["Body"]}
    if m.get("MessageAttributes"):
        e["MessageAttributes"] = m["MessageAttributes"]
    if fifo:
        group = m.get("Attributes", {}).get("MessageGroupId")
        if not group:
            try:
                group = json.loads(m["Body"]).get("locationId")
            except (ValueError, AttributeError):
                group = None
        e["MessageGroupId"] = group or "unknown"
        e["MessageDeduplicationId"] = m["MessageId"]
    return e


def redrive(dlq, source):
    if source is None:
        sys.exit(f"{dlq} has no source queue: the scheduler's next run retries the work itself")
    dlq_url, source_url = urls[dlq], urls[source]
    fifo = source_url.endswith(".fifo")
    if source in EXPIRING:
        return redrive_one_by_one(dlq, source, dlq_url, source_url, fifo, check_expiry=True)
    try:
        task = sqs.start_message_move_task(SourceArn=arn(dlq_url), DestinationArn=arn(source_url))
        print(f"{dlq}: moving every message back to {source} (StartMessageMoveTask {task['TaskHandle'][:16]}...)")
        return
    except Exception as e:  # the emulator has no move task: move them one by one
        if args.stack:
            raise
        print(f"{dlq}: StartMessageMoveTask unavailable ({type(e).__name__}); moving by receive, send, delete")
    redrive_one_by_one(dlq, source, dlq_url, source_url, fifo, check_expiry=False)


def redrive_one_by_one(dlq, source, dlq_url, source_url, fifo, check_expiry):
    moved = dropped = 0
    while True:
        batch = receive(dlq_url, 60)
        if not batch:
            break
        now = datetime.now(timezone.utc)
        stale = []
        if check_expiry:
            for m in batch:
                why = expired(m, now)
                if why:
                    print(f"  dropped, not replayed: {m['MessageId']}: {why}\n      {m.get('Body', '')}")
                    stale.append(m)
        done = [{"Id": str(i), "ReceiptHandle": m["ReceiptHandle"]} for i, m in enumerate(stale)]
        live = [m for m in batch if m not in stale]
        if live:
            sent = sqs.send_message_batch(QueueUrl=source_url, Entries=[entry(i, m, fifo) for i, m in enumerate(live)])
            ok = {s["Id"] for s in sent.get("Successful", [])}
            done += [{"Id": f"m{i}", "ReceiptHandle": m["ReceiptHandle"]} for i, m in enumerate(live) if str(i) in ok]
            moved += len(ok)
            for f in sent.get("Failed", []):
                print(f"  not moved: {live[int(f['Id'])]['MessageId']}: {f.get('Message', f.get('Code'))}", file=sys.stderr)
        if done:
            sqs.delete_message_batch(QueueUrl=dlq_url, Entries=done)
        dropped += len(stale)
    print(f"{dlq}: moved {moved} message(s) back to {source}" + (f"; dropped {dropped} past (or without) their notAfter" if check_expiry else ""))


for dlq, source in sorted(dead_letters.items()):
    if args.queue and dlq != args.queue:
        continue
    if dlq not in urls:
        print(f"{dlq}: not in this stack", file=sys.stderr)
        continue
    if args.redrive:
        redrive(dlq, source)
        continue
    if not args.json:
        print(f"{dlq} (source: {source or 'scheduled functions'})")
    n = list_queue(dlq, source, urls[dlq])
    if not args.json:
        print(f"  {n} message(s) parked" if n else "  empty")
PY
