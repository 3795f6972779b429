#!/usr/bin/env python3
"""Times the cold start of a function binary: from exec to its first
`GET /2018-06-01/runtime/invocation/next`, against a minimal fake Lambda
Runtime API on loopback. Prints the median of N runs and the binary size.

    scripts/bench/cold-start.py [--function get_location] [--runs 20] [--no-build]
                                [--baseline OLD_BINARY]

With --baseline, the older binary and this one are timed in the same run,
alternating run by run (so drift in the machine's load hits both alike), and
the difference of the medians is printed.

Every function runs the one `fleet` binary, picked by FLEET_FUNCTION as
template.yaml sets it. Builds it with the release profile (the one deployed,
for the host) unless --no-build. A benchmark, not a test: it prints figures
and asserts nothing.
"""
import argparse
import http.server
import os
import re
import statistics
import subprocess
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The resource variables (tables, buckets, queues), read from shared/src/resources.rs.
RESOURCE_VARS = sorted(set(re.findall(r'=> "([A-Z_]+(?:TABLE|BUCKET|QUEUE_URL))"', (ROOT / "shared/src/resources.rs").read_text())))


class FakeRuntime(http.server.BaseHTTPRequestHandler):
    first_next = None  # set by the handler, read by the runner

    def do_GET(self):
        if self.path.startswith("/2018-06-01/runtime/invocation/next") and FakeRuntime.first_next is None:
            FakeRuntime.first_next = time.perf_counter()
        # Never hand out an invocation: the runner kills the process.
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--function", default="get_location")
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--binary", help="time this binary instead (e.g. an older build, for a before/after)")
    ap.add_argument("--baseline", help="also time this (older) binary, alternating with the new one, in the same run")
    args = ap.parse_args()

    if not args.no_build and not args.binary:
        subprocess.run(["cargo", "build", "--release", "-p", "fleet-functions", "--bin", "fleet"], cwd=ROOT, check=True)
    binary = Path(args.binary) if args.binary else ROOT / "target" / "release" / "fleet"

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), FakeRuntime)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    env = {
        "PATH": os.environ.get("PATH", ""),
        "AWS_LAMBDA_RUNTIME_API": f"127.0.0.1:{server.server_port}",
        "AWS_LAMBDA_FUNCTION_NAME": args.function,
        "FLEET_FUNCTION": args.function,
        "AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "256",
        "AWS_LAMBDA_FUNCTION_VERSION": "$LATEST",
        "AWS_LAMBDA_LOG_STREAM_NAME": "bench",
        "AWS_LAMBDA_LOG_GROUP_NAME": "bench",
        "AWS_REGION": "us-east-1",
        "AWS_ACCESS_KEY_ID": "bench",
        "AWS_SECRET_ACCESS_KEY": "bench",
        "AWS_EC2_METADATA_DISABLED": "true",
        "USER_POOL_ID": "us-east-1_x", "PAGING_TOKEN_SECRET": "/fleet-console/paging-token-secret", "RUST_LOG": "warn",
        # Every resource variable (shared/src/resources.rs), so any function finds what its grants imply.
        **{name: "https://sqs.us-east-1.amazonaws.com/123456789012/q" if name.endswith("QUEUE_URL") else "t" for name in RESOURCE_VARS},
    }
    def once(path):
        FakeRuntime.first_next = None
        start = time.perf_counter()
        proc = subprocess.Popen([str(path)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = start + 5
        while FakeRuntime.first_next is None and time.perf_counter() < deadline:
            time.sleep(0.0002)
        proc.kill()
        proc.wait()
        if FakeRuntime.first_next is None:
            raise SystemExit(f"{args.function} never asked for an invocation from {path}")
        return (FakeRuntime.first_next - start) * 1000

    baseline = Path(args.baseline) if args.baseline else None
    samples, base_samples = [], []
    for _ in range(args.runs):
        samples.append(once(binary))
        if baseline:
            base_samples.append(once(baseline))
    server.shutdown()
    size = binary.stat().st_size
    print(f"function: {args.function}, binary {binary.name} ({size / 1e6:.1f} MB stripped, release profile, host target)")
    print(f"exec -> first invocation/next over {args.runs} runs: median {statistics.median(samples):.1f} ms, "
          f"min {min(samples):.1f} ms, max {max(samples):.1f} ms")
    if baseline:
        print(f"baseline {baseline} ({baseline.stat().st_size / 1e6:.1f} MB): median {statistics.median(base_samples):.1f} ms, "
              f"min {min(base_samples):.1f} ms, max {max(base_samples):.1f} ms")
        print(f"new - baseline, medians: {statistics.median(samples) - statistics.median(base_samples):+.2f} ms")
    print("published anchor: ~14 ms init for a minimal Rust Lambda vs ~125 ms for Node.js 22")


if __name__ == "__main__":
    main()
