#!/usr/bin/env bash
# Runs Fleet Console locally: emulator, demo data, local API and web app.
# Ctrl-C stops everything it started.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
restore_interrupt "$ROOT/scripts/run-local.sh" "$@"
trap 'stop_stack; exit 130' INT
trap 'stop_stack; exit 143' TERM
trap stop_stack EXIT

ensure_tools
start_stack
mkdir -p web/public && cp "$STATE/config.json" web/public/config.json  # so `npm run dev` in web/ talks to this stack too

cat <<BANNER

  Fleet Console is running.

    Web app:      http://127.0.0.1:$WEB_PORT
    GraphQL:      http://127.0.0.1:$API_PORT/graphql
    REST:         http://127.0.0.1:$API_PORT/prod/...
    Emulator:     http://127.0.0.1:$MOTO_PORT
    Routing stub: http://127.0.0.1:$ROUTING_PORT (LogiNext; ROUTING_STUB_DELAY_MS slows it)

    Sign in as    $DEMO_ADMIN_EMAIL       (every permission and flag)
             or   $DEMO_RESTRICTED_EMAIL  (view locations only, no flags)
             or   supervisor@fleet.local  (stocking supervisor: acts on any route's stops)
             or   driver1@fleet.local ... driver6@fleet.local (drivers of the demo routes)
    Password:     $DEMO_PASSWORD

  Logs are in $STATE. Press Ctrl-C to stop.

BANNER
wait
