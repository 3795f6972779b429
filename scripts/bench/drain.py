"""The load of scripts/bench/drain.sh against one running local stack: MESSAGES heartbeats for FRIDGES of its
fridges, sent to its telemetry queue (SendMessageBatch, 8 in flight), then timed until the queue is empty (but for a
tenth of a percent: the simulators keep sending).
Prints one JSON object: the drain's seconds and rate, what reached the dead-letter queue meanwhile, the
emulator's requests a second over the drain (its access log, one line a request) and the share of the AWS
calls the scheduled functions made (the local API's invocation log lines). Speaks only to the emulator, so
one sender serves any commit's stack."""
import argparse, json, re, shlex, time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone
from pathlib import Path

import boto3

SCHEDULED = {"apply_scheduled_changes", "apply_planogram_changes", "rebuild_fleet_health_snapshot",
             "expire_overdue_commands", "rebuild_fridge_software_snapshot"}
ZONES = ["America/Chicago", "America/New_York", "America/Denver", "America/Los_Angeles"]


def env_of(state: Path) -> dict:
    env = {}
    for line in (state / "stack.env").read_text().splitlines():
        if line.startswith("export "):
            key, _, value = line[len("export "):].partition("=")
            env[key] = shlex.split(value)[0] if value else ""
    return env


def heartbeat(i: int, fridge: str, at: datetime) -> str:
    """As the bench's own heartbeats (tools/bench/src/loads.rs): 9 in 10 repeat the stored state with a drift."""
    n = sum(fridge.encode())
    return json.dumps({
        "type": "heartbeat", "locationId": fridge, "timestamp": at.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        "temperature": 35.0 + n % 3 + 0.1 * (i % 4), "temperatureSetpoint": 37.0, "outOfOrder": n % 25 == 0,
        "safetyHold": n % 30 == 0, "inaccessible": n % 40 == 0, "hdmi": (n % 20 == 0) == (i % 10 == 0), "elo": True,
        "cardReader": n % 18 != 0, "electricalLayout": True, "activeTicket": False, "timezone": ZONES[n % 4],
        "jofemarState": "STATUS_5_MOTOR_FAULT" if n % 15 == 0 else "STATUS_0_READY",
        "networkSpeed": {"previousSpeed": 0.3},
    })


def depth(sqs, url: str) -> int:
    a = sqs.get_queue_attributes(QueueUrl=url, AttributeNames=["ApproximateNumberOfMessages",
                                                                 "ApproximateNumberOfMessagesNotVisible"])["Attributes"]
    return int(a["ApproximateNumberOfMessages"]) + int(a["ApproximateNumberOfMessagesNotVisible"])


def moto_requests(log: Path, since: datetime, until: datetime) -> int:
    """Access-log lines (`[29/Nov/2026 01:16:42] "POST / …`) stamped within the window, to the second."""
    stamp = re.compile(r"\[(\d+/\w+/\d+ \d+:\d+:\d+)\] \"")
    lo, hi = since.replace(microsecond=0, tzinfo=None), until.replace(microsecond=0, tzinfo=None)
    count = 0
    for line in log.read_text(errors="replace").splitlines():
        m = stamp.search(line)
        if m and lo <= datetime.strptime(m.group(1), "%d/%b/%Y %H:%M:%S") <= hi:
            count += 1
    return count


def scheduled_share(log: Path, since: datetime, until: datetime) -> float:
    """The scheduled functions' share of the AWS calls the local API's functions made within the window."""
    total = scheduled = 0
    for line in log.read_text(errors="replace").splitlines():
        if '"invocation"' not in line:
            continue
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        at = datetime.fromisoformat(entry["timestamp"].replace("Z", "+00:00"))
        if not since <= at <= until:
            continue
        calls = entry.get("awsCalls", 0)
        total += calls
        if entry.get("span", {}).get("function") in SCHEDULED:
            scheduled += calls
    return scheduled / total if total else 0.0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--state", required=True)
    ap.add_argument("--messages", type=int, default=20_000)
    ap.add_argument("--fridges", type=int, default=200)
    ap.add_argument("--side", default="")
    ap.add_argument("--timeout", type=int, default=3600)
    args = ap.parse_args()
    state = Path(args.state)
    env = env_of(state)
    session = boto3.session.Session(aws_access_key_id=env["AWS_ACCESS_KEY_ID"],
                                    aws_secret_access_key=env["AWS_SECRET_ACCESS_KEY"], region_name=env["AWS_REGION"])
    sqs = session.client("sqs", endpoint_url=env["AWS_ENDPOINT_URL"])
    dynamodb = session.client("dynamodb", endpoint_url=env["AWS_ENDPOINT_URL"])
    fridges = []
    for page in dynamodb.get_paginator("scan").paginate(TableName=env["LOCATIONS_TABLE"], ProjectionExpression="id, #t",
                                                        ExpressionAttributeNames={"#t": "type"}):
        fridges += [i["id"]["S"] for i in page["Items"] if i.get("type", {}).get("S") == "FRIDGE" and "S" in i["id"]]
    fridges = sorted(fridges)[: args.fridges]
    if not fridges:
        raise SystemExit("no fridges in the stack")
    queue, dead = env["QUEUE_URL_TelemetryQueue"], env["QUEUE_URL_TelemetryDeadLetterQueue"]
    dead_before = depth(sqs, dead)
    start = datetime.now(timezone.utc)
    bodies = [heartbeat(i, fridges[i % len(fridges)], start + timedelta(milliseconds=i)) for i in range(args.messages)]
    chunks = [bodies[i:i + 10] for i in range(0, len(bodies), 10)]

    def send(chunk):
        out = sqs.send_message_batch(QueueUrl=queue, Entries=[{"Id": str(i), "MessageBody": b} for i, b in enumerate(chunk)])
        if out.get("Failed"):
            raise SystemExit(f"not sent: {out['Failed']}")

    t0 = time.monotonic()
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(send, chunks))
    sent = time.monotonic() - t0
    # The simulators keep sending (a heartbeat a fridge a minute): a few of theirs may always be in flight.
    tolerance = max(10, args.messages // 1000)
    while depth(sqs, queue) > tolerance:
        if time.monotonic() - t0 > args.timeout:
            raise SystemExit(f"not drained in {args.timeout} s")
        time.sleep(1)
    seconds = time.monotonic() - t0
    end = datetime.now(timezone.utc)
    requests = moto_requests(state / "moto.log", start, end)
    print(json.dumps({
        "side": args.side, "messages": args.messages, "fridges": len(fridges), "sendSeconds": round(sent, 1),
        "seconds": round(seconds, 1), "rate": args.messages / seconds, "deadLettered": depth(sqs, dead) - dead_before,
        "emulatorRequestsPerSecond": requests / seconds,
        "scheduledShare": scheduled_share(state / "api.log", start, end),
    }))


if __name__ == "__main__":
    main()
