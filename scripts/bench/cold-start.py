#!/usr/bin/env python3
"""Times the cold start of a function binary against a fake Lambda Runtime
API on loopback, beside the floor of bare lambda_runtime binaries
(functions/bench-floor), alternating run by run so drift in the machine's
load hits every binary alike. Two figures, each a median of N runs:

1. exec -> the first `GET /2018-06-01/runtime/invocation/next`, taken
   when its connection arrives (the function: FUNCTION; the floor: `bare`);
2. exec -> the first response of an invocation that makes one HTTPS call
   to a local TLS endpoint (the function: FUNCTION with every AWS endpoint
   pointed there, whose answer `{}` makes the permission gate's one
   GetItem refuse the caller; the floor: `bare-https`, one GET). The
   endpoint's certificate is signed by a CA made for the run and trusted
   through SSL_CERT_FILE (the system bundle plus that CA) and SSL_CERT_DIR
   (the system folder): the roots read are the platform's, as on Lambda.

    scripts/bench/cold-start.py [--function get_location] [--runs 20] [--no-build]
                                [--binary NEW] [--baseline OLD_BINARY] [--instructions]

With --instructions, each binary's instructions from exec to its first
`invocation/next` are counted too (valgrind's callgrind, once each): a
count, not a time, so it reads the same on a busy machine as on a quiet one.

With --baseline, an older build of the `fleet` binary is timed in the same
run too, for both figures. Builds the release profile (the one deployed,
for the host) unless --no-build. A benchmark, not a test: it prints figures
and asserts nothing.
"""
import argparse
import http.server
import json
import os
import re
import select
import socket
import ssl
import statistics
import subprocess
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RELEASE = ROOT / "target" / "release"
SYSTEM_BUNDLE = Path("/etc/ssl/certs/ca-certificates.crt")
SYSTEM_DIR = Path("/etc/ssl/certs")
# The resource variables (tables, buckets, queues), read from shared/src/runtime/resources.rs.
RESOURCE_VARS = sorted(set(re.findall(r'=> "([A-Z_]+(?:TABLE|BUCKET|QUEUE_URL))"', (ROOT / "shared/src/runtime/resources.rs").read_text())))


class FakeRuntime(http.server.BaseHTTPRequestHandler):
    """Figure 2's runtime API: hands out the server's `event` once and
    records when the binary first answered. One server per run, so a killed
    binary's last request cannot touch the next run's state."""
    # Headers and body go out in separate writes: without this, Nagle plus
    # the client's delayed ACK adds ~40 ms to every answer with a body.
    disable_nagle_algorithm = True

    def do_GET(self):
        run = self.server.run
        if not self.path.startswith("/2018-06-01/runtime/invocation/next"):
            return self.reply(404)
        if run["handed_out"]:
            # Never another invocation: the runner kills the process.
            time.sleep(0.5)
            return self.reply(204)
        run["handed_out"] = True
        body = json.dumps(run["event"]).encode()
        self.send_response(200)
        self.send_header("Lambda-Runtime-Aws-Request-Id", "bench-1")
        self.send_header("Lambda-Runtime-Deadline-Ms", str(int(time.time() * 1000) + 30_000))
        self.send_header("Lambda-Runtime-Invoked-Function-Arn", "arn:aws:lambda:us-east-1:123456789012:function:bench")
        self.send_header("Lambda-Runtime-Trace-Id", "Root=1-00000000-000000000000000000000000")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if (self.path.endswith("/response") or self.path.endswith("/error")) and self.server.run["answered"] is None:
            self.server.run["answered"] = time.perf_counter()
            self.server.run["done"].set()
        self.reply(202)

    def reply(self, status):
        self.send_response(status)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass  # a killed binary's broken connection


class Endpoint(http.server.BaseHTTPRequestHandler):
    """The local TLS endpoint: `{}` to anything (DynamoDB's JSON protocol
    reads it as an empty answer)."""
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def answer(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        body = b"{}"
        self.send_response(200)
        self.send_header("Content-Type", "application/x-amz-json-1.0")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = answer

    def log_message(self, *args):
        pass


def make_certificates(folder: Path):
    """A CA for the run and a localhost certificate it signs (webpki refuses
    a CA certificate presented as the server's own)."""
    def run(*args):
        subprocess.run(["openssl", *args], cwd=folder, check=True, capture_output=True)
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
    run("req", "-x509", *ec, "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=fleet-bench-ca",
        "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign")
    run("req", *ec, "-keyout", "leaf.key", "-out", "leaf.csr", "-subj", "/CN=localhost")
    (folder / "leaf.ext").write_text("subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n")
    run("x509", "-req", "-in", "leaf.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
        "-out", "leaf.pem", "-days", "2", "-extfile", "leaf.ext")
    bundle = folder / "bundle.pem"
    bundle.write_bytes(SYSTEM_BUNDLE.read_bytes() + b"\n" + (folder / "ca.pem").read_bytes())
    return bundle


def serve(handler, tls_folder=None):
    server = QuietServer(("127.0.0.1", 0), handler)
    if tls_folder:
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(tls_folder / "leaf.pem", tls_folder / "leaf.key")
        server.socket = ctx.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def instructions(path: Path, env: dict) -> int:
    """Instructions (callgrind) from exec until the binary exits: the runtime
    API's port is bound but not listening, so its first `invocation/next` is
    refused and the binary stops right after asking."""
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        run_env = {**env, "AWS_LAMBDA_RUNTIME_API": f"127.0.0.1:{closed.getsockname()[1]}"}
        out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", str(path)],
                             env=run_env, capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if not found:
        raise SystemExit(out.stderr[-2000:] + f"\nno instruction count for {path}")
    return int(found.group(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--function", default="get_location")
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--binary", help="time this fleet binary instead of target/release/fleet")
    ap.add_argument("--baseline", help="also time this (older) fleet binary, in the same run")
    ap.add_argument("--instructions", action="store_true", help="also count instructions to the first next (valgrind)")
    args = ap.parse_args()

    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "-p", "fleet-functions", "--bin", "fleet"], cwd=ROOT, check=True)
        subprocess.run(["cargo", "build", "--release", "-p", "bench-floor", "--bins"], cwd=ROOT, check=True)
    binaries = {"fleet": Path(args.binary) if args.binary else RELEASE / "fleet"}
    if args.baseline:
        binaries["baseline"] = Path(args.baseline)
    floor = {1: RELEASE / "bare", 2: RELEASE / "bare-https"}

    tls = Path(tempfile.mkdtemp(prefix="fleet-cold-start-"))
    bundle = make_certificates(tls)
    endpoint = serve(Endpoint, tls)
    url = f"https://localhost:{endpoint.server_port}"
    base_env = {
        "PATH": os.environ.get("PATH", ""),
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
        "USER_POOL_ID": "us-east-1_x", "PAGING_TOKEN_SECRET": "/fleet-console/paging-token-secret",
        "STACK_NAME": "fleet-console", "RUST_LOG": "warn",
        # Every resource variable (shared/src/runtime/resources.rs), so any function finds what its grants imply.
        **{name: "https://sqs.us-east-1.amazonaws.com/123456789012/q" if name.endswith("QUEUE_URL") else "t" for name in RESOURCE_VARS},
    }
    # Figure 2: the platform's roots plus the run's CA, and every AWS endpoint on the TLS stub.
    call_env = {**base_env, "SSL_CERT_FILE": str(bundle), "SSL_CERT_DIR": str(SYSTEM_DIR),
                "AWS_ENDPOINT_URL": url, "FLOOR_HTTPS_URL": url + "/"}
    event = {
        "arguments": {"id": "CHI_001"},
        "identity": {"claims": {"sub": "bench", "cognito:username": "bench", "email": "bench@example.com"}},
        "info": {"fieldName": "getLocation", "parentTypeName": "Query", "selectionSetList": ["id"]},
    }

    def first_next(path):
        """Figure 1, timed without a server thread: the moment the binary's
        first connection to the runtime API arrives, on which its
        `invocation/next` follows at once. A thread answering HTTP would add
        its wake-up and the interpreter's lock hand-off to every sample."""
        with socket.socket() as listener, tempfile.TemporaryFile() as errors:
            listener.bind(("127.0.0.1", 0))
            listener.listen(1)
            env = {**base_env, "AWS_LAMBDA_RUNTIME_API": f"127.0.0.1:{listener.getsockname()[1]}"}
            start = time.perf_counter()
            proc = subprocess.Popen([str(path)], env=env, stdout=subprocess.DEVNULL, stderr=errors)
            ready, _, _ = select.select([listener], [], [], 10)
            at = time.perf_counter()
            proc.kill()
            proc.wait()
            if not ready:
                errors.seek(0)
                raise SystemExit(errors.read()[-2000:].decode(errors="replace") + f"\n{path} never asked for an invocation")
            return (at - start) * 1000

    def first_answer(path):
        """Figure 2: the moment the binary answers its one invocation."""
        runtime = serve(FakeRuntime)
        runtime.run = {"event": event, "answered": None, "handed_out": False, "done": threading.Event()}
        env = {**call_env, "AWS_LAMBDA_RUNTIME_API": f"127.0.0.1:{runtime.server_port}"}
        with tempfile.TemporaryFile() as errors:
            start = time.perf_counter()
            proc = subprocess.Popen([str(path)], env=env, stdout=subprocess.DEVNULL, stderr=errors)
            # Waits on the answer: no polling loop takes the interpreter's lock from the servers' threads.
            runtime.run["done"].wait(10)
            proc.kill()
            proc.wait()
            runtime.shutdown()
            runtime.server_close()
            if runtime.run["answered"] is None:
                errors.seek(0)
                raise SystemExit(errors.read()[-2000:].decode(errors="replace") + f"\n{path} never answered (figure 2)")
        return (runtime.run["answered"] - start) * 1000

    def once(path, figure):
        return first_next(path) if figure == 1 else first_answer(path)

    results = {}
    for figure in (1, 2):
        names = {**binaries, "floor": floor[figure]}
        samples = {name: [] for name in names}
        for _ in range(args.runs):
            for name, path in names.items():
                samples[name].append(once(path, figure))
        results[figure] = {name: statistics.median(xs) for name, xs in samples.items()}
        results[figure]["spread"] = {name: (min(xs), max(xs)) for name, xs in samples.items()}
    endpoint.shutdown()

    size = binaries["fleet"].stat().st_size
    print(f"function: {args.function}, binary {binaries['fleet']} ({size / 1e6:.1f} MB, release profile, host target); {args.runs} runs each, alternating")
    titles = {1: "exec -> first invocation/next", 2: "exec -> first response of an invocation making one HTTPS call"}
    floors = {1: "bare", 2: "bare-https"}
    for figure in (1, 2):
        r = results[figure]
        print(f"{figure}. {titles[figure]}:")
        for name in (*binaries, "floor"):
            lo, hi = r["spread"][name]
            label = f"floor ({floors[figure]})" if name == "floor" else name
            print(f"   {label:<20} median {r[name]:6.1f} ms  (min {lo:.1f}, max {hi:.1f})")
        print(f"   fleet / floor = {r['fleet'] / r['floor']:.2f} (target <= 2)")
        if "baseline" in r:
            print(f"   fleet / baseline = {r['fleet'] / r['baseline']:.2f}" + (" (target <= 2)" if figure == 2 else ""))
    if args.instructions:
        counts = {name: instructions(path, base_env) for name, path in {**binaries, "floor": floor[1]}.items()}
        print("3. instructions from exec to the first invocation/next (callgrind, one run each):")
        for name, count in counts.items():
            print(f"   {'floor (bare)' if name == 'floor' else name:<20} {count:>12,}")
        if "baseline" in counts:
            print(f"   fleet / baseline = {counts['fleet'] / counts['baseline']:.2f}")


if __name__ == "__main__":
    main()
