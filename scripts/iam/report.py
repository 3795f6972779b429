"""The markdown document of the grants no recorded call used (check.py --unused)."""
from collections import Counter, defaultdict

from reasons import reason_for


def _cell(text):
    return "`" + text.replace("|", "\\|").replace("`", "'") + "`"


def _kinds(grant):
    return ", ".join(sorted(grant.kinds))


def unused_markdown(usages, command, stack_env, calls_dirs, template, reasons=None):
    reasons = reasons or {}
    why = {(u.function, g.action, g.resource): reason_for(reasons, u.function, g.action, g.resource) for u in usages for g in u.unused}
    explained = sum(1 for r in why.values() if r)
    functions = len(usages)
    reached = sum(1 for u in usages if u.calls)
    total = sum(u.total for u in usages)
    own = sum(len(u.unused) for u in usages)
    service = sum(len(u.unused_service) for u in usages)
    lines = [
        "# Least privilege: permissions no recorded call used",
        "",
        "Made by hand, not by the test command: which AWS calls a test run makes varies",
        "between runs (retries, timing, the order of background work), so this list varies",
        "too, and is regenerated on purpose with exactly:",
        "",
        "```sh",
        command,
        "```",
        "",
        f"It lists, for each function of `{template}`, every (action, resource) its role",
        "allows (SAM's translation of the template, as `sam deploy` makes it, plus the",
        "managed policies SAM attaches) that no call recorded in "
        + ", ".join(f"`{d}`" for d in calls_dirs)
        + f" exercised; resources as resolved for `{stack_env}`.",
        "A grant in the list is a candidate for removal, not a verdict: a test may not",
        "reach the code path that needs it.",
        "",
        "## Summary",
        "",
        f"- Functions: {functions}, {reached} of them with recorded calls.",
        f"- Allowed (function, action, resource) triples: {total} (an action wildcard counts once, each resource once).",
        f"- Not exercised by any recorded call: {own + service}:",
        f"  - {own} from the functions' own policies (listed per function below): {explained} kept for the reason given",
        f"    (`scripts/iam/kept-grants.tsv`: a path the code has that no test reaches, or a call made on AWS only), {own - explained} with none;",
        f"  - {service} for the Lambda service itself (managed policies, the SQS event source's polling, DeadLetterQueue): listed once, below.",
        "",
    ]
    shared = defaultdict(list)
    shared_kinds = defaultdict(Counter)
    for u in usages:
        for g in u.unused_service:
            shared[(g.action, g.resource)].append(u.function)
            shared_kinds[(g.action, g.resource)].update(g.kinds)
    if shared:
        lines += [
            "## Grants the Lambda service uses",
            "",
            "CloudWatch Logs writes, the SQS event source's polling and a failed asynchronous",
            "event's DeadLetterQueue message are made by Lambda with the function's role, not by",
            "the function's code, so no recording holds them.",
            "",
            "| Action | Resource | Granted by | Functions |",
            "|---|---|---|---|",
        ]
        for (action, resource), names in sorted(shared.items()):
            who = "all" if len(names) == functions else f"{len(names)}: " + ", ".join(names)
            by = shared_kinds[(action, resource)]
            kinds = ", ".join(k if len(by) == 1 else f"{k} ({n})" for k, n in sorted(by.items()))
            lines.append(f"| {_cell(action)} | {_cell(resource)} | {kinds} | {who} |")
        lines.append("")
    lines += ["## By function", ""]
    complete = []
    for u in usages:
        if not u.unused:
            complete.append(u.function)
            continue
        lines.append(f"### {u.function} ({u.logical_id})")
        lines.append("")
        if u.calls:
            lines.append(f"{len(u.unused)} of its {u.total} grants not exercised; {u.calls} distinct recorded call{'' if u.calls == 1 else 's'}.")
        else:
            lines.append(f"No recorded call: no test reached this function, so none of its {u.total} grants was exercised.")
        lines += ["", "| Action | Resource | Granted by | Why kept |", "|---|---|---|---|"]
        for g in u.unused:
            reason = why[(u.function, g.action, g.resource)] or "**none given**"
            lines.append(f"| {_cell(g.action)} | {_cell(g.resource)} | {_kinds(g)} | {reason.replace('|', '/')} |")
        lines.append("")
    if complete:
        lines += [
            "### Every own grant exercised",
            "",
            ", ".join(complete),
            "",
        ]
    return "\n".join(lines).rstrip("\n") + "\n"
