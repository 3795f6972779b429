# Sourced by every benchmark after `cd` to the repository: its own state
# folder and ports (BENCH names it; BENCH_PORTS is "moto api web"), the
# optimised `measure` build, and a stack stopped on exit. BENCH_MOTO_PORT
# overrides the emulator's port; the routing stub takes the API port + 1000.
read -r bench_moto bench_api bench_web <<<"$BENCH_PORTS"
export FLEET_STATE_DIR="$PWD/.local/bench-$BENCH" MOTO_PORT="${BENCH_MOTO_PORT:-$bench_moto}" API_PORT="$bench_api" WEB_PORT="$bench_web" ROUTING_PORT="$((bench_api + 1000))"
export CARGO_PROFILE=measure SAM_CLI_TELEMETRY=0 AWS_DEFAULT_REGION=us-east-1
. scripts/lib.sh
trap stop_stack EXIT INT TERM
