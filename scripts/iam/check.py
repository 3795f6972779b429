#!/usr/bin/env python3
"""Checks every AWS call the tests recorded against its function's IAM role.

    check.py --template template.yaml --stack-env .local/test/stack.env --calls .local/test/calls [more calls dirs]
        Prints each recorded call its function's role does NOT allow (function,
        action, resource, and why) and exits 1; a call recorded for a function
        the template has not is refused too. Else prints a one-line summary.
    check.py --count --template template.yaml --stack-env .local/test/stack.env
        Counts the (function, action, resource) triples the roles allow (an
        action wildcard counts once, each resource once): total and per policy kind.
    check.py --unused --out docs/least-privilege.md --template ... --stack-env ... --calls ...
        Writes the grants no recorded call used, per function, as markdown (and checks the calls too).

The roles are those `sam deploy` would create: template.yaml translated by
samtranslator (policy templates expanded, managed policies attached; their
documents are kept in managed-policies/), intrinsics resolved against the
stack's values found from its stack.env. A calls directory
<state dir>/calls with a <state dir>/stack.env beside it is checked against
that stack.env (each local stack has its own user pool id); others against --stack-env.
"""
import argparse
import os
import shlex
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from checker import check, count, exercised, load_stack, stack_env_for, unused  # noqa: E402
from evaluator import PolicyError  # noqa: E402
from recorded import CallsError, read_calls  # noqa: E402
from reasons import read_reasons  # noqa: E402
from report import unused_markdown  # noqa: E402
from samtemplate import load_template  # noqa: E402
from samtranslator.model.exceptions import InvalidDocumentException  # noqa: E402
from stackcontext import ResolveError  # noqa: E402


def _command_line():
    python = sys.executable
    try:
        relative = os.path.relpath(python)
        if not relative.startswith(".."):
            python = relative
    except ValueError:
        pass
    return shlex.join([python, sys.argv[0], *sys.argv[1:]])


def _overrides(settings):
    out = {}
    for setting in settings:
        name, sep, value = setting.partition("=")
        if not sep or not name:
            raise SystemExit(f"--set {setting!r}: expected NAME=VALUE")
        out[name] = value
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--template", default="template.yaml", help="the SAM template (default: template.yaml)")
    ap.add_argument("--stack-env", required=True, help="the stack's stack.env (export VAR='value' lines)")
    ap.add_argument("--calls", nargs="+", default=[], metavar="DIR", help="calls directories (*.jsonl) or files")
    ap.add_argument("--count", action="store_true", help="count the allowed (function, action, resource) triples")
    ap.add_argument("--unused", action="store_true", help="write the grants no recorded call used (needs --calls and --out)")
    ap.add_argument("--out", help="the markdown file --unused writes")
    ap.add_argument("--reasons", default=str(Path(__file__).resolve().parent / "kept-grants.tsv"),
                    help="why grants no call used are kept (default: kept-grants.tsv beside this script)")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="a parameter, pseudo parameter (AWS::StackName, AWS::AccountId) or resource Ref value stack.env does not tell")
    args = ap.parse_args(argv)
    if not (args.count or args.calls):
        ap.error("give --calls DIR... (check), --count, or --unused --out FILE --calls DIR...")
    if args.unused and not (args.out and args.calls):
        ap.error("--unused needs --out FILE and --calls DIR...")

    overrides = _overrides(args.set)
    sam = load_template(args.template)
    translations = {}
    primary = load_stack(sam, args.stack_env, overrides, translations)
    stacks = {Path(args.stack_env).resolve(): primary}

    if args.count:
        total, by_kind, functions = count(primary)
        print(f"IAM grants of {args.template} on {args.stack_env}: {total} (function, action, resource) triples, {functions} functions")
        print("  (an action wildcard such as logs:* counts once, each resolved resource once; a triple granted by two kinds counts under each)")
        width = max(len(k) for k in by_kind)
        for kind, n in sorted(by_kind.items(), key=lambda kv: (-kv[1], kv[0])):
            print(f"  {kind:<{width}}  {n:>6}")
        overlap = sum(by_kind.values()) - total
        if overlap:
            print(f"  {'(granted by more than one kind)':<{width}}  {-overlap:>6}")
        if not args.calls:
            return 0

    refused, used = [], set()
    distinct, lines = Counter(), 0
    calls_by_function = Counter()
    for calls_dir in args.calls:
        env_path = stack_env_for(calls_dir, args.stack_env)
        key = env_path.resolve()
        if key not in stacks:
            stacks[key] = load_stack(sam, env_path, overrides, translations)
        stack = stacks[key]
        calls = read_calls(calls_dir)
        lines += sum(calls.values())
        distinct.update(calls)
        refused += [(calls_dir, r) for r in check(stack, calls)]
        used |= exercised(stack, calls)
    if not distinct:
        print(f"iam check: no recorded calls in {', '.join(args.calls)} (was the recording on?)", file=sys.stderr)
        return 1
    for call in distinct:
        calls_by_function[call.function] += 1

    if args.unused:
        usages = unused(primary, used, calls_by_function)
        reasons = read_reasons(args.reasons) if Path(args.reasons).exists() else {}
        text = unused_markdown(usages, _command_line(), args.stack_env, args.calls, args.template, reasons)
        Path(args.out).write_text(text)
        print(f"iam check: wrote {args.out}", file=sys.stderr)

    if refused:
        print(f"iam check: {len(refused)} recorded call(s) NOT allowed by their function's role:")
        for calls_dir, r in refused:
            print(f"  {r.call.function}  {r.call.action}  {r.call.resource}")
            print(f"      {r.reason}  [{calls_dir}]")
        return 1
    functions = len(calls_by_function)
    print(f"iam check: OK, {len(distinct)} distinct calls ({lines} recorded) by {functions} of {len(primary.policies)} functions, all allowed by their roles")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (PolicyError, ResolveError, CallsError, InvalidDocumentException, ValueError, OSError) as e:
        print(f"iam check: error: {e}", file=sys.stderr)
        sys.exit(2)
