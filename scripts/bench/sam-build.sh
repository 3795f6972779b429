#!/usr/bin/env bash
# Builds every function of template.yaml for arm64 with `sam build` (what a
# deploy runs), prints the wall time, and checks that every function in the
# template got its bootstrap. A release build: never part of the timed tests.
#
#   scripts/bench/sam-build.sh [--clean]    # --clean: from nothing (no cached arm64 build)
#   scripts/bench/sam-build.sh --one-line   # after a build: one line of one handler changed, then
#                                           # `sam build` again (what a deployer pays for each fix)
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -x .venv/bin/sam ] || { echo "run scripts/test.sh or scripts/run-local.sh once first (creates .venv)" >&2; exit 1; }
.venv/bin/pip install -q --disable-pip-version-check cargo-lambda==1.9.2 ziglang
export PATH="$PWD/.venv/bin:$PATH" SAM_CLI_TELEMETRY=0 AWS_DEFAULT_REGION="${AWS_DEFAULT_REGION:-us-east-1}"
# Installed once, before the build: cargo-lambda installs a missing target itself, and
# parallel builds racing to do so failed ("Failed to install target component").
rustup target add aarch64-unknown-linux-gnu
if [ "${1:-}" = "--clean" ]; then
  rm -rf .aws-sam target/lambda target/aarch64-unknown-linux-gnu
fi
# The change: one line of the location reader's handler module, put back when the build ends.
CHANGED=functions/locations/src/handlers.rs
if [ "${1:-}" = "--one-line" ]; then
  [ -d target/lambda ] || { echo "--one-line times a rebuild: run a build first" >&2; exit 1; }
  cp "$CHANGED" "$CHANGED.bench-orig"
  trap 'mv "$CHANGED.bench-orig" "$CHANGED"' EXIT
  echo "pub const BENCH_ONE_LINE_CHANGE: &str = \"$(date +%s)\";" >> "$CHANGED"
fi
functions=$(python3 - <<'PY'
import yaml
class L(yaml.SafeLoader): pass
L.add_multi_constructor("!", lambda loader, suffix, node: None)
t = yaml.load(open("template.yaml"), Loader=L)
print(" ".join(k for k, v in t["Resources"].items() if v.get("Type") == "AWS::Serverless::Function"))
PY
)
count=$(wc -w <<<"$functions")
start=$(date +%s)
sam build --no-cached --template template.yaml > .aws-sam-build.log 2>&1 || { tail -40 .aws-sam-build.log; exit 1; }
elapsed=$(( $(date +%s) - start ))
missing=0
for f in $functions; do
  [ -x ".aws-sam/build/$f/bootstrap" ] || { echo "missing bootstrap: $f" >&2; missing=$((missing + 1)); }
done
cargo_runs=$(grep -c "Running RustCargoLambdaBuilder:CargoLambdaBuild" .aws-sam-build.log || true)
size=$(stat -c %s ".aws-sam/build/$(cut -d' ' -f1 <<<"$functions")/bootstrap")
printf 'sam build: %d functions in %dm%02ds (%d builder runs logged); bootstrap %.1f MB (%s)\n' \
  "$count" $((elapsed / 60)) $((elapsed % 60)) "$cargo_runs" "$(echo "$size / 1000000" | bc -l)" \
  "$(file -b ".aws-sam/build/$(cut -d' ' -f1 <<<"$functions")/bootstrap" | cut -d, -f1-2)"
[ "$missing" = 0 ] || { echo "$missing functions without a bootstrap" >&2; exit 1; }
echo "every function in template.yaml has its bootstrap"
