#!/usr/bin/env bash
# The first screen after sign-in, for this working tree's web app and an older
# commit's (default: the last one before the sign-in page lost the
# Authenticator), on one stack: see scripts/bench/sign-in.mjs. A benchmark:
# never part of the timed tests.
#
#   scripts/bench/sign-in.sh [OLD_REF] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../.."
OLD_REF="${1:-a35c081}"
BENCH=sign-in BENCH_PORTS="5896 4196 5396"
. scripts/bench/lib.sh
ensure_python
ensure_rust
SKIP_API_AND_WEB=1 start_stack
SKIP_SIMULATOR=1 SKIP_WEB=1 start_api_and_web
log "building this tree's web app"
build_web
log "building the web app of $OLD_REF (this tree's node_modules)"
old="$STATE/old-src"
rm -rf "$old" && mkdir -p "$old"
git archive "$OLD_REF" web infra | tar -x -C "$old"
ln -s "$PWD/web/node_modules" "$old/web/node_modules"
(cd "$old/web" && node_modules/.bin/graphql-codegen --config codegen.yml > /dev/null \
  && node_modules/.bin/vite build --outDir "$STATE/web-dist-old" --emptyOutDir --logLevel warn)
node scripts/bench/sign-in.mjs "$STATE/stack.json" "$STATE/web-dist" "$STATE/web-dist-old" "${2:-5}"
