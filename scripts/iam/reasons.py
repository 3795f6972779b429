"""Why a grant no recorded call used is kept: scripts/iam/kept-grants.tsv.

Each line is `function<TAB>action<TAB>resource<TAB>reason`, where resource names the
resource apart from the stack: `Table:Locations`, `Bucket:snapshots` (the bucket) or
`Bucket:snapshots/*` (its objects), `Parameter:paging-token-secret`, `Queue:RouteSyncDeadLetter`. `*` as the
function means every function. Lines starting with # are comments.
"""
import re
from pathlib import Path

_TABLE = re.compile(r":table/.+-([A-Za-z]+)Table(/index/[A-Za-z]+)?$")
# <stack>-<logical id, lower case> as the local provisioner names a bucket, or
# <stack>-<account>-<name> for one the stack names itself (uploads, snapshots).
_BUCKET = re.compile(r":s3:::.+-([a-z]+?)(?:bucket)?(/\*)?$")
_PARAMETER = re.compile(r":parameter/.+/([a-z-]+)$")
_QUEUE = re.compile(r":sqs:[^:]+:[^:]+:.+-([A-Za-z]+)Queue$")


def short_name(resource):
    """The resource as kept-grants.tsv names it, or the resource itself."""
    if m := _TABLE.search(resource):
        return f"Table:{m.group(1)}{m.group(2) or ''}"
    if m := _BUCKET.search(resource):
        return f"Bucket:{m.group(1)}{m.group(2) or ''}"
    if m := _PARAMETER.search(resource):
        return f"Parameter:{m.group(1)}"
    if m := _QUEUE.search(resource):
        return f"Queue:{m.group(1)}"
    return resource


def read_reasons(path):
    reasons = {}
    for number, line in enumerate(Path(path).read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 4 or not all(p.strip() for p in parts):
            raise ValueError(f"{path}:{number}: expected function, action, resource and reason, tab-separated")
        function, action, resource, reason = (p.strip() for p in parts)
        reasons[(function, action, resource)] = reason
    return reasons


def reason_for(reasons, function, action, resource):
    name = short_name(resource)
    return reasons.get((function, action, name)) or reasons.get(("*", action, name))
