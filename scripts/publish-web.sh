#!/usr/bin/env bash
# Publishes the web app to a deployed stack: its bucket (WebBucketName) behind
# its CloudFront distribution (WebDistributionId).
#   scripts/publish-web.sh STACK [--dist DIR] [--no-invalidate]
# 1. config.json from the stack's outputs (scripts/web-config-from-stack.sh);
# 2. builds the app as scripts/lib.sh's build_web does (into .local/publish/STACK/web-dist),
#    or takes the build in DIR (--dist);
# 3. uploads the hashed assets first, cached a year (Cache-Control: public,
#    max-age=31536000, immutable); the old ones stay (nothing is deleted), so a
#    session opened before this publish still loads its lazy chunks;
# 4. then index.html and config.json, revalidated on every load (no-cache),
#    which switches new sessions to the new assets;
# 5. invalidates /, /index.html and /config.json at CloudFront (skipped with --no-invalidate).
# AWS credentials and region as boto3 finds them (AWS_PROFILE, AWS_REGION, ...).
# For a test against an emulator: AWS_ENDPOINT_URL=http://127.0.0.1:PORT, and
# WEB_BUCKET and WEB_CONFIG (a config.json) instead of the stack's outputs.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { echo "usage: $0 STACK [--dist DIR] [--no-invalidate]" >&2; exit 2; }
[ "$#" -ge 1 ] || usage
STACK="$1"; shift
DIST=""
INVALIDATE=1
while [ "$#" -gt 0 ]; do
  case "$1" in
    --dist) [ "$#" -ge 2 ] || usage; DIST="$2"; shift 2 ;;
    --no-invalidate) INVALIDATE=0; shift ;;
    *) usage ;;
  esac
done

export FLEET_STATE_DIR="${FLEET_STATE_DIR:-$PWD/.local/publish/$STACK}"
. scripts/lib.sh   # log, build_web, STATE

# The stack's outputs: where the files go and which distribution serves them.
if [ -z "${WEB_BUCKET:-}" ]; then
  log "reading the outputs of stack $STACK"
  # Assigned first: a failed read stops the script here (set -e), which `eval "$(...)"` would not.
  outputs="$(STACK="$STACK" .venv/bin/python - <<'PY'
import boto3, os, shlex
stack = boto3.client("cloudformation").describe_stacks(StackName=os.environ["STACK"])["Stacks"][0]
out = {o["OutputKey"]: o["OutputValue"] for o in stack.get("Outputs", [])}
for key, var in (("WebBucketName", "WEB_BUCKET"), ("WebDistributionId", "WEB_DISTRIBUTION_ID"), ("WebUrl", "WEB_URL")):
    if key not in out:
        raise SystemExit(f"stack {os.environ['STACK']} has no {key} output: deploy the template with the web hosting first")
    print(f"{var}={shlex.quote(out[key])}")
PY
)"
  eval "$outputs"
fi
if [ "$INVALIDATE" = 1 ] && [ -z "${WEB_DISTRIBUTION_ID:-}" ]; then
  echo "no distribution to invalidate: give the stack's outputs, WEB_DISTRIBUTION_ID or --no-invalidate" >&2
  exit 1
fi

# The configuration first: a stack without the outputs the app needs stops here, before anything is built or sent.
CONFIG="$STATE/config.json"
if [ -n "${WEB_CONFIG:-}" ]; then
  cp "$WEB_CONFIG" "$CONFIG"
else
  log "writing config.json from the stack's outputs"
  scripts/web-config-from-stack.sh "$STACK" > "$CONFIG"
fi

if [ -z "$DIST" ]; then
  [ -d web/node_modules ] || { echo "web/node_modules is missing: run scripts/run-local.sh once, or npm install in web/" >&2; exit 1; }
  log "building the web app (log in $STATE/web-build.log)"
  build_web
  DIST="$STATE/web-dist"
fi
[ -f "$DIST/index.html" ] || { echo "$DIST has no index.html" >&2; exit 1; }
# What the build may hold (a web/public/config.json of a local stack, say) is replaced by the stack's.
cp "$CONFIG" "$DIST/config.json"

log "uploading $DIST to s3://$WEB_BUCKET"
DIST="$DIST" WEB_BUCKET="$WEB_BUCKET" WEB_DISTRIBUTION_ID="${WEB_DISTRIBUTION_ID:-}" INVALIDATE="$INVALIDATE" \
  .venv/bin/python - <<'PY'
import mimetypes, os, time
from pathlib import Path
import boto3

dist, bucket = Path(os.environ["DIST"]), os.environ["WEB_BUCKET"]
s3 = boto3.client("s3")
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".html": "text/html; charset=utf-8",
         ".json": "application/json", ".svg": "image/svg+xml", ".woff2": "font/woff2", ".map": "application/json"}
IMMUTABLE = "public, max-age=31536000, immutable"
ENTRY = ("index.html", "config.json")

def put(path, cache):
    key = path.relative_to(dist).as_posix()
    kind = TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    s3.upload_file(str(path), bucket, key, ExtraArgs={"ContentType": kind, "CacheControl": cache})
    return key

# .vite/ holds the build manifest the bundle budget reads: not part of the site.
files = sorted(p for p in dist.rglob("*") if p.is_file() and p.relative_to(dist).parts[0] != ".vite")
# Vite's output under assets/ is named by content hash: cached for good, and
# sent before the index.html that names them, so no session sees a missing one.
hashed = [p for p in files if p.relative_to(dist).parts[0] == "assets"]
others = [p for p in files if p not in hashed and p.relative_to(dist).as_posix() not in ENTRY]
for p in hashed:
    put(p, IMMUTABLE)
print(f"  {len(hashed)} hashed assets ({IMMUTABLE})")
for p in others:
    put(p, "no-cache")
# Last: the entry points, revalidated on every load (the CDN keeps them a second at most).
for name in ENTRY:
    put(dist / name, "no-cache")
print(f"  {len(others)} other files, then index.html and config.json (no-cache)")

if os.environ["INVALIDATE"] == "1":
    paths = ["/", "/index.html", "/config.json"]
    answer = boto3.client("cloudfront").create_invalidation(
        DistributionId=os.environ["WEB_DISTRIBUTION_ID"],
        InvalidationBatch={"Paths": {"Quantity": len(paths), "Items": paths}, "CallerReference": f"publish-web-{time.time_ns()}"},
    )
    print(f"  invalidation {answer['Invalidation']['Id']} of {', '.join(paths)}")
else:
    print("  no invalidation (--no-invalidate)")
PY
log "published${WEB_URL:+: $WEB_URL}"
