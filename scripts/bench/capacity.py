#!/usr/bin/env python3
"""Turns what scripts/bench/scale.sh measured into the figures it prints and
into docs/capacity.md: screens' first-content times side by side with the
ratio between the sizes, the ingest rate, the AWS calls and capacity per
action, and a cost per fridge-month at list prices.

    capacity.py OUT_DIR DOC_PATH SIZE...

OUT_DIR holds seed-N.json, pages-N.json and ingest-N.json per size. Every
price and every assumption about use is a named constant below, printed in
the document next to what it drives.
"""
import json
import math
import re
import sys
from datetime import date
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
import live_cost  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]

# --- List prices, us-east-1 (on-demand, published prices as of late 2025) ---
PRICE = {
    "lambda_request": 0.20 / 1e6,
    "lambda_gb_second_arm": 0.0000133334,
    "ddb_write_unit": 0.625 / 1e6,  # on-demand write request unit
    "ddb_read_unit": 0.125 / 1e6,  # on-demand read request unit
    "ddb_storage_gb_month": 0.25,
    "ddb_pitr_gb_month": 0.20,
    "sqs_request": 0.40 / 1e6,  # standard queue, per 64 KB request
    "s3_put": 0.005 / 1000,
    "s3_get": 0.0004 / 1000,  # GET and HEAD
    "s3_storage_gb_month": 0.023,
    "egress_gb": 0.09,  # S3 / AppSync data transfer out to the internet
    "appsync_request": 4.00 / 1e6,
    "http_api_request": 1.00 / 1e6,
    "logs_ingest_gb": 0.50,
    "logs_storage_gb_month": 0.03,
}

# --- How the fleet and the staff use it (assumptions) ---
HEARTBEATS_PER_FRIDGE_MONTH = 60 * 24 * 30  # one a minute
FRIDGES_PER_CONSOLE_USER = 250
WORKING_DAYS = 22
SCREEN_LOADS_PER_USER_DAY = 120  # spread evenly over the measured screens
DASHBOARD_HOURS_PER_USER_DAY = 4  # the dashboard refreshes itself every 2 minutes (spec 4.4)
PORTFOLIO_REFRESHES_PER_USER_DAY = 20
COMMANDS_PER_FRIDGE_MONTH = 2
UPLOAD_ROWS_PER_FRIDGE_MONTH = 30  # e.g. a daily route upload of one row per 10 fridges... x 10 kinds
SCHEDULE_RUNS_PER_MONTH = 60 * 24 * 30  # rate(1 minute)
LAMBDA_MEMORY_GB = 0.25  # MemorySize 256 (template.yaml)
LAMBDA_BASE_MS = 5  # billed time of an invocation besides its AWS calls
LAMBDA_MS_PER_CALL = 6  # an in-region DynamoDB / S3 / SQS round trip, taken as sequential (an upper bound)
LOG_BYTES_PER_INVOCATION = 700  # the invocation's JSON line plus Lambda's START/END/REPORT lines
LOG_RETENTION_MONTHS = 1
SAMPLE_ITEM_BYTES = 110 + 100  # a temperature sample plus DynamoDB's per-item overhead
TELEMETRY_KEEP_DAYS = 30  # functions/fleet/src/store/mod.rs KEEP_DAYS
# Inventory snapshots (issue 39): a fridge reports its inventory when it changes, after a sale
# or a restock; a client-site fridge sells 20-30 items a day, so 30 a day. The sensitivity
# to this rate is printed beside the total (the simulator resends every 10 minutes).
INVENTORY_PER_FRIDGE_MONTH = 30 * 30
INVENTORY_RATES_SHOWN = (30 * 30, 48 * 30, 144 * 30)
LINK_ITEM_BYTES = 820 + 100  # a 30-slot chain link with 3 open rows (derive tests: 820 bytes) plus DynamoDB's overhead
LINK_KEEP_DAYS = 30  # shared/src/entity/report/derive.rs LINK_DAYS


def load_optional(out, kind, n):
    return load(out, kind, n) if (out / f"{kind}-{n}.json").exists() else None


def inventory_cost(inv, per_month=INVENTORY_PER_FRIDGE_MONTH):
    """Dollars per fridge-month of its inventory snapshots, from the bench's in-order figures."""
    if inv is None:
        return {}
    per = inv["perSnapshot"]["inOrder"]
    cost = {"SQS requests": per_month * (1 + 2 / 10) * PRICE["sqs_request"]}
    add(cost, aws_calls_cost(per, per_month))
    add(cost, lambda_cost(per_month / 10, per_month * sum(per["calls"].values())))
    add(cost, {"DynamoDB storage": per_month * LINK_KEEP_DAYS / 30 * LINK_ITEM_BYTES / 1e9 * PRICE["ddb_storage_gb_month"]})
    return cost
HEALTH_ITEM_BYTES = 700 + 100
AWS_INGEST_CONCURRENCY_MS_PER_BATCH = None  # derived below from the call counts


def load(out, kind, n):
    text = (out / f"{kind}-{n}.json").read_text().strip().splitlines()
    return json.loads(text[-1])


def calls_of(usage, prefix=""):
    return sum(v for k, v in usage.get("calls", {}).items() if k.startswith(prefix))


def lambda_cost(invocations, calls):
    """Requests, duration and logs of `invocations` making `calls` AWS calls in all."""
    ms = invocations * LAMBDA_BASE_MS + calls * LAMBDA_MS_PER_CALL
    return {
        "Lambda requests": invocations * PRICE["lambda_request"],
        "Lambda duration": ms / 1000 * LAMBDA_MEMORY_GB * PRICE["lambda_gb_second_arm"],
        "CloudWatch Logs": invocations * LOG_BYTES_PER_INVOCATION / 1e9 * (PRICE["logs_ingest_gb"] + PRICE["logs_storage_gb_month"] * LOG_RETENTION_MONTHS),
    }


def aws_calls_cost(usage, times=1.0):
    """DynamoDB units and S3 / SQS requests of a usage reading, `times` over."""
    return {
        "DynamoDB writes": usage.get("writeUnits", 0) * times * PRICE["ddb_write_unit"],
        "DynamoDB reads": usage.get("readUnits", 0) * times * PRICE["ddb_read_unit"],
        "S3 requests": (calls_of(usage, "S3.PutObject") * PRICE["s3_put"] + (calls_of(usage, "S3.GetObject") + calls_of(usage, "S3.HeadObject")) * PRICE["s3_get"]) * times,
        "SQS requests": calls_of(usage, "SQS.") * times * PRICE["sqs_request"],
    }


def add(total, part, scale=1.0):
    for k, v in part.items():
        total[k] = total.get(k, 0.0) + v * scale


def front_door(usage, times):
    """AppSync / HTTP API requests: one per function invocation the browser caused."""
    return {"AppSync and HTTP API requests": usage.get("invocations", 0) * times * PRICE["appsync_request"]}


def stored_fraction(per_message):
    """The share of heartbeats stored (health write on change or refresh), from the measured write units."""
    return min(1.0, per_message.get("writeUnits", 2.0) / 2)


def monthly(n, seed, pages, ingest):
    """Dollars per fridge-month, by line item, at a fleet of n fridges."""
    per_fridge = {}
    # Telemetry: the fridge's send, the event source's receive and delete per batch, the handler.
    msg = ingest["perMessage"]
    batch = ingest["messages"] / max(ingest["batches"], 1)
    hb = HEARTBEATS_PER_FRIDGE_MONTH
    add(per_fridge, {"SQS requests": hb * (1 + 2 / batch) * PRICE["sqs_request"]})
    add(per_fridge, aws_calls_cost(msg, hb))
    add(per_fridge, lambda_cost(hb * msg["invocations"], hb * sum(msg["calls"].values())))

    # Storage: health, and the temperature samples kept TELEMETRY_KEEP_DAYS: one per
    # stored heartbeat, and a stored heartbeat writes two 1-unit items (health, sample).
    sample_gb = hb * stored_fraction(msg) * TELEMETRY_KEEP_DAYS / 30 * SAMPLE_ITEM_BYTES / 1e9
    add(per_fridge, {"DynamoDB storage": (sample_gb + HEALTH_ITEM_BYTES / 1e9) * PRICE["ddb_storage_gb_month"]})

    # Scheduled: the snapshot rebuild each minute, shared by the fleet.
    snap = seed["snapshot"]["usage"]
    add(per_fridge, aws_calls_cost(snap, SCHEDULE_RUNS_PER_MONTH / n))
    add(per_fridge, lambda_cost(SCHEDULE_RUNS_PER_MONTH / n, SCHEDULE_RUNS_PER_MONTH * sum(snap["calls"].values()) / n))
    snapshot_bytes = seed["snapshot"]["answer"].get("bytes", 60 * n)
    add(per_fridge, {"S3 storage": snapshot_bytes / 1e9 * PRICE["s3_storage_gb_month"] / n})

    # The console: its users grow with the fleet.
    users = n / FRIDGES_PER_CONSOLE_USER
    loads = users * SCREEN_LOADS_PER_USER_DAY * WORKING_DAYS / len(pages["screens"])
    for name, s in pages["screens"].items():
        u = s["usage"]
        add(per_fridge, aws_calls_cost(u, loads / n))
        add(per_fridge, lambda_cost(loads * u["invocations"] / n, loads * sum(u["calls"].values()) / n))
        add(per_fridge, front_door(u, loads / n))
        if name == "/portfoliohealth":
            # The browser's GET of the snapshot, and its bytes out.
            reads = loads + users * PORTFOLIO_REFRESHES_PER_USER_DAY * WORKING_DAYS
            add(per_fridge, {"S3 requests": reads * PRICE["s3_get"] / n, "Data transfer out": reads * snapshot_bytes / 1e9 * PRICE["egress_gb"] / n})
    refreshes = {
        "stocking dashboard": users * DASHBOARD_HOURS_PER_USER_DAY * 30 * WORKING_DAYS,
        "/portfoliohealth": users * PORTFOLIO_REFRESHES_PER_USER_DAY * WORKING_DAYS,
    }
    for name, r in pages.get("refreshes", {}).items():
        times = refreshes.get(name, 0) / n
        add(per_fridge, aws_calls_cost(r["usage"], times))
        add(per_fridge, lambda_cost(times * r["usage"]["invocations"], times * sum(r["usage"]["calls"].values())))
        add(per_fridge, front_door(r["usage"], times))
    # A dashboard refresh reads what changed over the container's warm copy of the day, which is read
    # whole every 15 minutes (board_day::REBUILD_AFTER): each such read costed as a whole screen load
    # (both its answers), an overestimate.
    if "stocking dashboard" in pages["screens"]:
        rebuilds = users * DASHBOARD_HOURS_PER_USER_DAY * 4 * WORKING_DAYS / n
        add(per_fridge, aws_calls_cost(pages["screens"]["stocking dashboard"]["usage"], rebuilds))
    cmd = pages["command"]["usage"]
    add(per_fridge, aws_calls_cost(cmd, COMMANDS_PER_FRIDGE_MONTH))
    add(per_fridge, lambda_cost(COMMANDS_PER_FRIDGE_MONTH * cmd["invocations"], COMMANDS_PER_FRIDGE_MONTH * sum(cmd["calls"].values())))
    add(per_fridge, front_door(cmd, COMMANDS_PER_FRIDGE_MONTH))
    up = seed["upload1000"]["usage"]
    add(per_fridge, aws_calls_cost(up, UPLOAD_ROWS_PER_FRIDGE_MONTH / 1000))
    return per_fridge


def key_design():
    class Loader(yaml.SafeLoader):
        pass
    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
    template = yaml.load((ROOT / "template.yaml").read_text(), Loader=Loader)
    rows = []
    for name, r in template["Resources"].items():
        if r.get("Type") != "AWS::DynamoDB::Table":
            continue
        p = r["Properties"]
        keys = " / ".join(k["AttributeName"] for k in p["KeySchema"])
        indexes = ", ".join(f"{x['IndexName']} ({' / '.join(k['AttributeName'] for k in x['KeySchema'])})" for x in p.get("GlobalSecondaryIndexes", []))
        ttl = p.get("TimeToLiveSpecification", {}).get("AttributeName", "")
        pitr = "yes" if p.get("PointInTimeRecoverySpecification", {}).get("PointInTimeRecoveryEnabled") else "no"
        rows.append((name.removesuffix("Table"), keys, indexes, ttl, pitr))
    return rows


# Each table's writes at 25,000 fridges sending a heartbeat a minute: where
# they land (per partition key value) and the worst case. Reviewed by hand
# against the code; the rates are from the fleet size.
WRITE_PATTERNS = {
    "FridgeHealth": ("one item per fridge, newest-wins put of a heartbeat that changes what is shown, or every 10 minutes", lambda n: f"at most {n / 60:.0f}/s in all, 1/min per partition; steady state ~1/10 of that"),
    "FridgeTelemetry": ("a sample per stored heartbeat under its fridge; a chain link (and its head) per inventory snapshot", lambda n: f"at most {n / 60:.0f}/s in all, 1/min per partition"),
    "FridgeInventory": ("one item per fridge, on each inventory report", lambda n: "per fridge: its report rate"),
    "ReportRows": ("day#shard (8 shards by location) per empty channel / stock-out", lambda n: "only on a state change; spread over 8 partitions a day"),
    "QueueMessages": ("per fridge (id), a command and its result", lambda n: "per fridge: its commands"),
    "DriverActions": ("pk eventType#shard and index pk stockingDay#shard, 8 shards by location (shared/src/util/shard.rs)", lambda n: f"~{n // 10} stops a day spread over 8 partitions per type and day: ~{n // 80} each"),
    "DriverLog": ("pk day#shard, 8 shards by fridge", lambda n: f"~{n // 10 * 4} entries a day over 8 partitions: ~{n // 20} each"),
    "LocationRoutes": ("pk date#shard, 8 shards by route (a route's stops and version stay in one, for its transaction)", lambda n: f"an upload's ~{n // 10} stops over 8 partitions: ~{n // 80} each"),
    "PackingSlips": ("pk date#shard, 8 shards by uniqueId", lambda n: f"~{n // 10} a day over 8 partitions: ~{n // 80} each"),
    "FridgeOrders": ("pk date#shard, 8 shards by location", lambda n: f"~{n // 10} a day over 8 partitions: ~{n // 80} each"),
    "ScheduledChanges": ("by uuid; byDue index sharded (due shards)", lambda n: "spread"),
    "History": ("per entity", lambda n: "per entity: its edits"),
    "Idempotency": ("per request / upload", lambda n: "spread"),
}


SCREENS_BEGIN, SCREENS_END = "<!-- scripts/bench/screens.sh: begin -->", "<!-- scripts/bench/screens.sh: end -->"


def main():
    out, doc = Path(sys.argv[1]), Path(sys.argv[2])
    sizes = [int(s) for s in sys.argv[3:]]
    data = {n: (load(out, "seed", n), load(out, "pages", n), load(out, "ingest", n)) for n in sizes}
    small, big = sizes[0], sizes[-1]
    lines = []
    w = lines.append

    # --- What is printed ---
    header = f"{'figure':<52}" + "".join(f"{n:>14,}" for n in sizes) + (f"{'ratio':>9}" if len(sizes) > 1 else "")
    print(header)

    def row(label, values, unit="ms", goal=None):
        ratio = values[-1] / values[0] if len(values) > 1 and values[0] else None
        text = f"{label:<52}" + "".join(f"{v:>11,.0f} {unit:<2}" for v in values)
        if ratio is not None:
            text += f"{ratio:>8.2f}x"
        if goal:
            text += f"  {goal}"
        print(text)
        return ratio

    screens = list(data[small][1]["screens"])
    ratios = {}
    for s in screens:
        ms = [data[n][1]["screens"][s]["ms"] for n in sizes]
        ratios[s] = row(f"first content: {s}", ms, goal="(< 2000 ms, <= 2x)")
    complete = [s for s in screens if "completeMs" in data[small][1]["screens"][s]]
    for s in complete:
        row(f"every row on screen: {s}", [data[n][1]["screens"][s]["completeMs"] for n in sizes])
    # A search screen's first visit in parts (issue 42): its form, and its Search to the first content.
    searched = [s for s in screens if "searchMs" in data[small][1]["screens"][s]]
    for s in searched:
        row(f"form on screen: {s}", [data[n][1]["screens"][s]["formMs"] for n in sizes])
        row(f"search to first content: {s}", [data[n][1]["screens"][s]["searchMs"] for n in sizes])
    for s in data[small][1].get("refreshes", {}):
        row(f"refresh: {s}", [data[n][1]["refreshes"][s]["ms"] for n in sizes])
    # Every screen of the navigation at each size (issue 63: within 1 s at 25,000), from screens.mjs.
    every = {n: load_optional(out, "screens", n) for n in sizes}
    every_names = [name for name in (every[small] or {}).get("screens", {})
                   if all(every[n] and name in every[n]["screens"] for n in sizes)]
    for name in every_names:
        row(f"every screen: {name}", [every[n]["screens"][name]["ms"] for n in sizes], goal="(< 1000 ms)")
        if "buttonMs" in every[small]["screens"][name]:
            row(f"every screen, its button's data: {name}", [every[n]["screens"][name]["buttonMs"] for n in sizes], goal="(< 1000 ms)")
    row("snapshot rebuild (scan + put)", [data[n][0]["snapshot"]["ms"] for n in sizes])
    row("seeding", [data[n][0]["seedSeconds"] for n in sizes], unit="s")
    row("ingest through queue and handler (99%)", [data[n][2].get("perSecond99", data[n][2]["perSecond"]) for n in sizes], unit="/s")
    row("ingest through queue and handler (all)", [data[n][2]["perSecond"] for n in sizes], unit="/s")
    inventory = {n: load_optional(out, "inventory", n) for n in sizes}
    costs = {n: monthly(n, *data[n]) for n in sizes}
    for n in sizes:
        add(costs[n], inventory_cost(inventory[n]))
    for n in sizes:
        total = sum(costs[n].values())
        top = sorted(costs[n].items(), key=lambda kv: -kv[1])[:3]
        print(f"cost at {n:,} fridges: ${total:.4f} per fridge-month (goal <= $0.05); largest: " + ", ".join(f"{k} ${v:.4f}" for k, v in top))

    # --- The document ---
    w("# Capacity and cost at scale")
    w("")
    w(f"Generated by `scripts/bench/scale.sh {' '.join(map(str, sizes))}` (then `scripts/bench/capacity.py`) on {date.today()}, "
      "against the local emulator on a 2-core machine. Do not edit by hand: change the bench or the constants in capacity.py and run it again.")
    w("")
    w("## Screens: first useful content")
    w("")
    w("From navigation (and the screen's search, where it has one) to its first useful content, in headless chromium, median of 3 fresh browser contexts (empty caches). "
      "The AWS calls are those of the first load, counted by the usage counter every client carries (`shared/src/runtime/usage.rs`); "
      "capacity units are computed from the items read and written by DynamoDB's rounding rules (the emulator does not report them). "
      "Chromium starts without its address-bar WebUI (`web/e2e/helpers.mjs`, since 2026-11-29): before, each fresh context built those pages "
      "in a renderer of its own beside the page timed, so earlier runs' figures include them (/home 524-561 ms with them, 350-361 ms without, "
      "same build and stack).")
    w("")
    w("| Screen | " + " | ".join(f"{n:,} fridges" for n in sizes) + " | ratio | Lambda invocations | AWS calls | read units | write units |")
    w("|---|" + "---|" * (len(sizes) + 5))
    for s in screens:
        ms = [data[n][1]["screens"][s]["ms"] for n in sizes]
        u = [data[n][1]["screens"][s]["usage"] for n in sizes]
        w(f"| {s} | " + " | ".join(f"{m:,} ms" for m in ms) + f" | {ms[-1] / ms[0]:.2f}x | "
          + " → ".join(str(x["invocations"]) for x in u) + " | " + " → ".join(f"{sum(x['calls'].values()):,}" for x in u)
          + " | " + " → ".join(f"{x['readUnits']:,.1f}" for x in u) + " | " + " → ".join(f"{x['writeUnits']:,.1f}" for x in u) + " |")
    for s, r in data[small][1].get("refreshes", {}).items():
        ms = [data[n][1]["refreshes"][s]["ms"] for n in sizes]
        u = [data[n][1]["refreshes"][s]["usage"] for n in sizes]
        w(f"| refresh of {s} | " + " | ".join(f"{m:,} ms" for m in ms) + f" | {ms[-1] / ms[0]:.2f}x | "
          + " → ".join(str(x["invocations"]) for x in u) + " | " + " → ".join(f"{sum(x['calls'].values()):,}" for x in u)
          + " | " + " → ".join(f"{x['readUnits']:,.1f}" for x in u) + " | " + " → ".join(f"{x['writeUnits']:,.1f}" for x in u) + " |")
    for s in complete:
        ms = [data[n][1]["screens"][s]["completeMs"] for n in sizes]
        w("")
        w(f"The {s} answers a Search with its cards, Summary, the panel's counts and first 10 items of each kind, and the first 250 rows, then the other routes' rows in parts and the whole panel last (docs/decisions/stocking-dashboard.md, \"A long day in parts\"); every route's rows were on screen "
          "(Export CSV ready) after " + " → ".join(f"{m:,} ms" for m in ms) + f" ({ms[-1] / ms[0]:.2f}x). The calls above are every part's.")
    for s in searched:
        form = [data[n][1]["screens"][s]["formMs"] for n in sizes]
        search = [data[n][1]["screens"][s]["searchMs"] for n in sizes]
        w("")
        w(f"The {s}'s first visit in parts: its form was on screen after " + " → ".join(f"{m:,} ms" for m in form)
          + ", and from the Search click to the first route card took " + " → ".join(f"{m:,} ms" for m in search)
          + f" ({search[-1] / search[0]:.2f}x); the rest of its first content is the test's own fill of the date and click.")
    w("")
    if every_names:
        w("## Every screen at each size (issue 63)")
        w("")
        w("`scripts/bench/screens.mjs` on this stack after each size's seed (the simulators stopped): every route of the navigation and a demo "
          "fridge's pages, admin, 1440 px, median of 3 fresh page loads. First content is from navigation (for a screen with a button, its form "
          "ready to fill); the button's data is from its click to its results. The goal is 1 s for each at every size.")
        w("")
        w("| Screen | " + " | ".join(f"{n:,} fridges" for n in sizes) + " | ratio | button's data: " + " | ".join(f"{n:,}" for n in sizes) + " | ratio |")
        w("|---|" + "---|" * (2 * len(sizes) + 2))
        for name in every_names:
            first = [every[n]["screens"][name]["ms"] for n in sizes]
            button = [every[n]["screens"][name].get("buttonMs") for n in sizes]
            has_button = all(b is not None for b in button)
            w(f"| {name} | " + " | ".join(f"{m:,} ms" for m in first) + f" | {first[-1] / first[0]:.2f}x | "
              + " | ".join(f"{b:,} ms" if has_button else "" for b in button)
              + (f" | {button[-1] / button[0]:.2f}x |" if has_button and button[0] else " | |"))
        over = [name for name in every_names if every[big]["screens"][name]["ms"] > 1000 or (every[big]["screens"][name].get("buttonMs") or 0) > 1000]
        w("")
        w(f"Over 1 s at {big:,} fridges: " + (", ".join(over) if over else "none") + ".")
        w("")
    w("Calls by operation, at the largest size:")
    w("")
    for s in screens:
        u = data[big][1]["screens"][s]["usage"]
        w(f"- **{s}**: " + (", ".join(f"{k} {v}" for k, v in sorted(u["calls"].items())) or "none") + f" ({', '.join(u['functions'])})")
    w("")
    w("## Ingest")
    w("")
    for n in sizes:
        i = data[n][2]
        per = i["perMessage"]
        w(f"- {n:,} fridges: {i['messages']:,} heartbeats through the telemetry queue and the ingest handler (the local API's two pollers) in {i['seconds']:.1f} s: "
          f"**{i['perSecond']:.0f} messages/s** ({i.get('perSecond99', i['perSecond']):.0f} messages/s until 99% were stored, in {i.get('seconds99', i['seconds']):.1f} s; "
          "the rest is a message whose receive the emulator lost, waiting out the visibility timeout); per message "
          f"{sum(per['calls'].values()):.2f} AWS calls "
          f"({', '.join(f'{k} {v:.2f}' for k, v in sorted(per['calls'].items()))}), {per['readUnits']:.2f} read and {per['writeUnits']:.2f} write units; "
          f"{i['messages'] / max(i['batches'], 1):.1f} messages per invocation.")
    i = data[big][2]
    per_batch_calls = sum(i["perMessage"]["calls"].values()) * i["messages"] / max(i["batches"], 1)
    batch_ms = LAMBDA_BASE_MS + per_batch_calls * LAMBDA_MS_PER_CALL
    per_lambda = 10 / (batch_ms / 1000)
    w("")
    w(f"At 25,000 fridges and a heartbeat a minute the queue takes {25000 / 60:.0f} messages a second. On AWS a batch of 10 makes about "
      f"{per_batch_calls:.0f} calls; at {LAMBDA_MS_PER_CALL} ms a call, taken one after another, a batch takes about {batch_ms:.0f} ms, so one concurrent "
      f"Lambda sustains about {per_lambda:.0f} messages a second and the rate needs **{math.ceil(25000 / 60 / per_lambda)} concurrent executions** "
      "(the SQS event source scales pollers to the backlog, well within the default account concurrency of 1,000). "
      f"Locally the emulator's ~3 ms a call and two pollers give {i.get('perSecond99', i['perSecond']):.0f} messages a second (99% of the run).")
    inv = inventory[big]
    if inv is not None:
        w("")
        w(f"Inventory snapshots (issue 39), {inv['snapshots']:,} of {inv['slots']} slots through the handler, per snapshot:")
        for label, key in [("in order", "inOrder"), ("one in ten late", "late"), ("the previous design's calls, replayed raw in the same run (its rows left out)", "previous")]:
            p = inv["perSnapshot"][key]
            w(f"- {label}: {sum(p['calls'].values()):.2f} AWS calls ({', '.join(f'{k} {v:.2f}' for k, v in sorted(p['calls'].items()))}), "
              f"{p['readUnits']:.2f} read and {p['writeUnits']:.2f} write units")
    w("")
    w("## Cost per fridge-month")
    w("")
    w("| Line item | " + " | ".join(f"{n:,} fridges" for n in sizes) + " |")
    w("|---|" + "---|" * len(sizes))
    items = sorted({k for n in sizes for k in costs[n]}, key=lambda k: -costs[big].get(k, 0))
    for k in items:
        w(f"| {k} | " + " | ".join(f"${costs[n].get(k, 0):.5f}" for n in sizes) + " |")
    w("| **Total** | " + " | ".join(f"**${sum(costs[n].values()):.4f}**" for n in sizes) + " |")
    w("")
    top = sorted(costs[big].items(), key=lambda kv: -kv[1])[:3]
    total = sum(costs[big].values())
    w(f"The largest three at {big:,} fridges: " + "; ".join(f"{k} (${v:.4f}, {v / total:.0%})" for k, v in top) + ".")
    w("")
    verdict = "meets" if total <= 0.05 else "misses"
    w(f"**The design {verdict} the goal of $0.05 per fridge-month** (${total:.4f} at {big:,} fridges).")
    if inventory[big] is not None:
        base = total - sum(inventory_cost(inventory[big]).values())
        w("")
        w(f"Inventory snapshots are {INVENTORY_PER_FRIDGE_MONTH:,} a fridge-month in this total. At other rates the total is: "
          + "; ".join(f"{r:,} a month: ${base + sum(inventory_cost(inventory[big], r).values()):.4f}" for r in INVENTORY_RATES_SHOWN) + ".")
    w("")
    ingest_big = data[big][2]["perMessage"]
    w("What the telemetry costs and what would lower it, largest first:")
    w("- **DynamoDB writes**: a heartbeat is stored (health item and one temperature sample) only when it changes what a screen shows "
      "(a field, a colour band, a temperature move of 1 °F) or the stored one is 10 minutes old (`functions/fleet/src/health_changes.rs`); "
      "one BatchGetItem per batch reads the stored state (0.5 unit a fridge). The bench's heartbeats repeat the stored state 9 times in 10 "
      f"and change it once: {stored_fraction(ingest_big):.0%} stored, {ingest_big['writeUnits']:.2f} write and {ingest_big['readUnits']:.2f} read units a message. "
      "Before this, every heartbeat wrote 2 units ($0.054 a fridge-month).")
    w("- **SQS requests**: each heartbeat is one SendMessage by the fridge, plus the event source's receive and delete per batch. "
      "Only the fridge agent can lower it: sending its minute heartbeats five at a time in one message (one request up to 64 KB) cuts it by ~5x.")
    w("- **Storage**: samples are kept 30 days (TTL); the reports and charts read at most 72 hours of samples (fridgeTemperatures), so 7 days would do.")
    w("")
    w("### Assumptions")
    w("")
    for name, value in [
        ("heartbeats per fridge-month", HEARTBEATS_PER_FRIDGE_MONTH), ("fridges per console user", FRIDGES_PER_CONSOLE_USER),
        ("working days a month", WORKING_DAYS), ("screen loads per user a day (even over the measured screens)", SCREEN_LOADS_PER_USER_DAY),
        ("hours a day a user keeps the dashboard open (refresh every 2 min)", DASHBOARD_HOURS_PER_USER_DAY),
        ("portfolio refreshes per user a day", PORTFOLIO_REFRESHES_PER_USER_DAY), ("commands per fridge-month", COMMANDS_PER_FRIDGE_MONTH),
        ("uploaded rows per fridge-month", UPLOAD_ROWS_PER_FRIDGE_MONTH), ("scheduled runs a month (rate 1 minute)", SCHEDULE_RUNS_PER_MONTH),
        ("Lambda memory (GB), arm64", LAMBDA_MEMORY_GB), ("Lambda billed ms per invocation, besides calls", LAMBDA_BASE_MS),
        ("Lambda ms per AWS call (sequential: an upper bound)", LAMBDA_MS_PER_CALL), ("log bytes per invocation", LOG_BYTES_PER_INVOCATION),
        ("bytes per stored temperature sample (with DynamoDB's 100-byte overhead)", SAMPLE_ITEM_BYTES), ("days samples are kept", TELEMETRY_KEEP_DAYS),
        ("inventory snapshots per fridge-month (one per sale or restock, 30 a day)", INVENTORY_PER_FRIDGE_MONTH),
        ("bytes per snapshot chain link (30 slots, with the overhead)", LINK_ITEM_BYTES), ("days chain links are kept", LINK_KEEP_DAYS),
    ]:
        w(f"- {name}: {value}")
    w("- prices (us-east-1 list, on-demand): " + ", ".join(f"{k} ${v:.10g}" for k, v in PRICE.items()))
    w("- an upload of 1,000 rows (locations through the pipeline): " + ", ".join(f"{k} {v:g}" for k, v in sorted(data[big][0]["upload1000"]["usage"]["calls"].items()))
      + f"; {data[big][0]['upload1000']['usage']['writeUnits']:.0f} write units")
    w("- a fridge command (createQueueMessage): " + ", ".join(f"{k} {v:g}" for k, v in sorted(data[big][1]["command"]["usage"]["calls"].items())))
    w(f"- the snapshot rebuild at {big:,} fridges: " + ", ".join(f"{k} {v:g}" for k, v in sorted(data[big][0]["snapshot"]["usage"]["calls"].items()))
      + f"; {data[big][0]['snapshot']['usage']['readUnits']:.0f} read units; {data[big][0]['snapshot']['answer'].get('bytes', 0):,} bytes gzip'd")
    w("- Cognito (per monthly active user), CloudFront/web hosting and the fridges' own data costs are not per fridge and are left out.")
    w("")
    w("## Telemetry retention")
    w("")
    w("- **Health** (FridgeHealth): the latest stored heartbeat per fridge, one item each, overwritten on a change or every 10 minutes; no history, no TTL.")
    w(f"- **Temperature samples and events** (FridgeTelemetry): kept {TELEMETRY_KEEP_DAYS} days by TTL (`expiresAt`). The health page's chart reads at most 72 hours; "
      "'At risk' in the inventory view reads the samples since the fridge's last stocking. A sample is kept per stored heartbeat (at least one per 10 minutes). "
      f"At 25,000 fridges the table holds about {25000 * HEARTBEATS_PER_FRIDGE_MONTH * stored_fraction(ingest_big) * TELEMETRY_KEEP_DAYS / 30 / 1e9 * SAMPLE_ITEM_BYTES:,.1f} GB "
      "and stops growing there.")
    w("- **Report rows** (ReportRows): 90 days by TTL, the reports' limit. **Driver log**: by TTL as well.")
    w("- **Route temperatures** come from the drivers' LocationStocked and VanTemperature actions, not from the samples.")
    w("- **Inventory snapshot chains** (FridgeTelemetry, `inv#…`): a link per snapshot, kept 30 days by TTL (a late snapshot up to 14 days late still finds the link before it), and one head item per fridge.")
    w("- The emulator never expires TTL items, so local tables only grow; on AWS the TTL deletes are free.")
    w("")
    w("## Key design and write rates at 25,000 fridges")
    w("")
    w("| Table | Key (partition / sort) | Indexes | TTL | PITR | Writes | Worst case at 25,000 fridges |")
    w("|---|---|---|---|---|---|---|")
    for name, keys, indexes, ttl, pitr in key_design():
        pattern, rate = WRITE_PATTERNS.get(name, ("staff edits", lambda n: "a few a minute"))
        w(f"| {name} | {keys} | {indexes} | {ttl} | {pitr} | {pattern} | {rate(25000)} |")
    w("")
    w("The fleet health snapshot is one S3 object written once a minute (not per heartbeat). No counter or summary item exists: "
      "the counts are made in the browser from the snapshot, so none can drift under concurrent or redelivered messages.")
    w("")
    w("## The live dashboard (issue 61)")
    w("")
    w("From `scripts/bench/live_cost.py` (its assumptions are its named constants; the read units are the refresh above):")
    w("")
    w("```")
    lines.extend(live_cost.report().splitlines())
    w("```")
    w("")
    w("**Live reads more than polling**, on a quiet day and a busy one: the once-a-minute read alone is twice the "
      "2-minute polling, and each change of the shown date adds a read (at most one every 2 s). The latency figure is "
      "`scripts/bench/live.sh` (an action to its row's new status in an open dashboard, locally).")
    # The every-screen section is scripts/bench/screens.sh's (its own run): kept as it is.
    kept = ""
    if doc.exists():
        old = doc.read_text()
        if SCREENS_BEGIN in old and SCREENS_END in old:
            kept = "\n" + old[old.index(SCREENS_BEGIN) : old.index(SCREENS_END) + len(SCREENS_END)] + "\n"
    doc.write_text("\n".join(lines) + "\n" + kept)
    print(f"wrote {doc.relative_to(ROOT) if doc.is_absolute() else doc}")


if __name__ == "__main__":
    main()
