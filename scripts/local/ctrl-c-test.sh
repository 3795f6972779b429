#!/usr/bin/env bash
# Ctrl-C on scripts/run-local.sh stops everything it started within 5 s and
# frees every port (issue 63). Starts the stack on its own ports and state
# folder (the web app left out: it is one more child of the same list), sends
# SIGINT to its process group as a terminal's Ctrl-C does, and checks that
# no process it started is alive and no port is bound 5 s later.
#   scripts/local/ctrl-c-test.sh [STATE_TO_COPY_STAMPS_FROM]
set -euo pipefail
cd "$(dirname "$0")/../.."
state="$(mktemp -d)"
leader=""
# Whatever happens, nothing of the test's stack outlives it.
trap '{ [ -n "$leader" ] && kill -KILL -- "-$leader" 2>/dev/null; } || true; rm -rf "$state"' EXIT
# The install stamps of an existing state: the tools are installed already, so nothing reinstalls.
[ -n "${1:-}" ] && cp "$1"/*.stamp "$state"/ 2>/dev/null || true
export FLEET_STATE_DIR="$state" MOTO_PORT=5899 API_PORT=4300 WEB_PORT=5473 ROUTING_PORT=5901 SKIP_WEB=1
# The binary the caller built (the test command builds every test first).
export SKIP_RUST_BUILD=1
ports=("$MOTO_PORT" "$API_PORT" "$ROUTING_PORT")

fail() { echo "ctrl-c test: $*" >&2; tail -n 20 "$state/run.log" >&2; exit 1; }
bound() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Its own session, so its process group is exactly what it started. A
# background job ignores SIGINT, as a CI runner's shell may: the script must
# stop all the same.
setsid scripts/run-local.sh > "$state/run.log" 2>&1 < /dev/null &
leader=$!
for _ in $(seq 1 600); do
  grep -q "Press Ctrl-C" "$state/run.log" && break
  kill -0 "$leader" 2>/dev/null || fail "run-local.sh stopped before it was up"
  sleep 0.5
done
grep -q "Press Ctrl-C" "$state/run.log" || fail "not up after 5 minutes"
started="$(ps -o pid= -g "$leader" | tr -s ' \n' ' ')"
[ "$(wc -w <<< "$started")" -ge 6 ] || fail "expected the script, emulator, routing stub, API and simulators: $started"
for p in "${ports[@]}"; do bound "$p" || fail "port $p is not bound while the stack runs"; done

kill -INT -- "-$leader"
t0=$SECONDS
while :; do
  alive=""; for pid in $started; do kill -0 "$pid" 2>/dev/null && alive+=" $pid"; done
  held=""; for p in "${ports[@]}"; do bound "$p" && held+=" $p"; done
  [ -z "$alive$held" ] && break
  if [ $((SECONDS - t0)) -ge 5 ]; then
    ps -o pid,args -p "${alive// /,}" >&2 2>/dev/null || true
    fail "5 s after Ctrl-C: still alive:${alive:- none}; ports still bound:${held:- none}"
  fi
  sleep 0.1
done
echo "ctrl-c test: $(wc -w <<< "$started") processes stopped and ports ${ports[*]} freed within $((SECONDS - t0)) s of Ctrl-C"
