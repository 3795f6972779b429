"""The AWS calls the tests recorded: JSON lines in <stack state dir>/calls/*.jsonl.

Each line: {"function": "<registry name>", "action": "<service>:<IAM action>",
"resource": "<ARN>"}; other keys are ignored, lines may repeat.
"""
import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, order=True)
class Call:
    function: str
    action: str
    resource: str


class CallsError(Exception):
    pass


def call_files(path):
    path = Path(path)
    if path.is_dir():
        return sorted(path.glob("*.jsonl"))
    if path.is_file():
        return [path]
    raise CallsError(f"{path}: no such calls directory or file")


def read_calls(path):
    """Counter of Call -> times recorded, over a calls directory's *.jsonl files (or one file)."""
    calls = Counter()
    for file in call_files(path):
        with open(file) as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                except json.JSONDecodeError as e:
                    raise CallsError(f"{file}:{number}: not JSON ({e.msg}): {line.strip()[:200]}") from None
                if not isinstance(record, dict) or not all(isinstance(record.get(k), str) and record.get(k) for k in ("function", "action", "resource")):
                    raise CallsError(f"{file}:{number}: needs string function, action and resource: {line.strip()[:200]}")
                calls[Call(record["function"], record["action"], record["resource"])] += 1
    return calls
