#!/usr/bin/env python3
"""The live dashboard's cost on AWS and its reads against the 2-minute polling (issue 61), from stated assumptions
and the dashboard refresh measured by scripts/bench/scale.sh (docs/capacity.md: 20.5 read units, 1 invocation, 34 AWS
calls at 2,500 and at 25,000 fridges). Prints the figures docs/capacity.md quotes; every input is named below."""

PRICES = {  # us-east-1 list prices, on-demand (AppSync: real-time updates and connection minutes; GraphQL operations)
    "appsync_realtime_message": 2.00 / 1e6,
    "appsync_connection_minute": 0.08 / 1e6,
    "appsync_operation": 4.00 / 1e6,
    "lambda_request": 0.20 / 1e6,
    "lambda_gb_second_arm": 0.0000133334,
    "ddb_read_unit": 0.125 / 1e6,
}
OFFICE_USERS = 50
HOURS_A_DAY = 10
WORKING_DAYS = 22
REFRESH_READ_UNITS = 20.5          # one dashboard read with digests (docs/capacity.md, both fleet sizes)
POLLS_AN_HOUR = 30                 # §4.4: every 2 minutes
MINUTE_READS_AN_HOUR = 60          # while live: once a minute, for the items that open with time
MAX_EVENT_READS_AN_HOUR = 1800     # at most one read every 2 s, however many events arrive
# Stream records (writes to the streamed tables) per fridge a working day: a stop's scan, stocked, temperature and
# route update (4), an acknowledgement or override now and then (0.2), a JIT change (0.1); 1 stop in 10 fridges a day.
RECORDS_PER_VISITED_FRIDGE = 4.3
VISITED_SHARE = 0.1
STOCKING_HOURS = 10                # the day's writes spread over the stocking hours
PUBLISHER_MS = 30                  # one batch: a few publishing mutations
BATCH_RECORDS = 5                  # records per stream batch at these rates (batching window 0)


def per_month(fridges):
    records_a_day = fridges * VISITED_SHARE * RECORDS_PER_VISITED_FRIDGE
    events_a_day = records_a_day  # coalescing per route and kind merges little at these rates: an upper bound
    messages = events_a_day * OFFICE_USERS * WORKING_DAYS
    connection_minutes = OFFICE_USERS * HOURS_A_DAY * 60 * WORKING_DAYS
    invocations = records_a_day / BATCH_RECORDS * WORKING_DAYS
    cost = {
        "real-time messages": messages * PRICES["appsync_realtime_message"],
        "connection minutes": connection_minutes * PRICES["appsync_connection_minute"],
        "publishing mutations": events_a_day * WORKING_DAYS * PRICES["appsync_operation"],
        "publisher invocations": invocations * (PRICES["lambda_request"] + 0.25 * PUBLISHER_MS / 1000 * PRICES["lambda_gb_second_arm"]),
    }
    return records_a_day, events_a_day / (STOCKING_HOURS * 3600), messages, connection_minutes, cost


def reads_an_hour(event_rate_per_second):
    """A live page's reads an hour: the minute read, and one read per event up to one every 2 s."""
    return MINUTE_READS_AN_HOUR + min(MAX_EVENT_READS_AN_HOUR, event_rate_per_second * 3600)


def report():
    out = []
    print = lambda text="": out.append(text)  # noqa: E731 - the lines, for docs/capacity.md too
    print(f"Assumptions: {OFFICE_USERS} office users connected {HOURS_A_DAY} h a day, {WORKING_DAYS} working days; "
          f"{VISITED_SHARE:.0%} of fridges visited a day, {RECORDS_PER_VISITED_FRIDGE} stream records each, over "
          f"{STOCKING_HOURS} h; a dashboard read costs {REFRESH_READ_UNITS} read units (measured).")
    for fridges in (2_500, 25_000):
        records, rate, messages, minutes, cost = per_month(fridges)
        total = sum(cost.values())
        print("")
        print(f"{fridges:,} fridges: {records:,.0f} stream records a day ({rate:.2f} a second while stocking); "
              f"{messages:,.0f} real-time messages and {minutes:,.0f} connection minutes a month")
        for item, dollars in cost.items():
            print(f"  {item}: ${dollars:,.2f} a month")
        print(f"  total ${total:,.2f} a month = ${total / fridges:.5f} a fridge-month")
        for day, share in (("quiet", 0.1), ("busy", 1.0)):
            live = reads_an_hour(rate * share)
            print(f"  {day} day: a live page reads {live:,.0f} times an hour ({live * REFRESH_READ_UNITS:,.0f} read units), "
                  f"polling {POLLS_AN_HOUR} ({POLLS_AN_HOUR * REFRESH_READ_UNITS:,.0f}): live reads {live / POLLS_AN_HOUR:.1f}x as much")
    return "\n".join(out)


if __name__ == "__main__":
    print(report())
