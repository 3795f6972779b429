"""The checks behind check.py: recorded calls against each function's role, grant counts, unused grants."""
import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from evaluator import Policy, action_matches, resource_matches
from samtemplate import function_roles, role_statements, translate
from stackcontext import StackContext, parse_stack_env

# Grants for the Lambda service itself (SAM's managed log writes, the
# generator's statement for the SQS event source's polling, the failed async
# event's DeadLetterQueue): a function's code does not make these calls, so no
# recording shows them.
def is_service_kind(kind):
    return kind.startswith("managed:") or kind in ("DeadLetterQueue", "EventSourcePolling")


@dataclass
class Stack:
    """One stack: its context, the translated template and each function's effective policy."""

    env_path: Path
    context: StackContext
    translated: dict
    roles: dict  # registry name -> FunctionRole
    policies: dict  # registry name -> Policy


def load_stack(sam, env_path, overrides=None, translations=None):
    """The Stack for a stack.env; translations caches translated templates by parameter values."""
    env_path = Path(env_path)
    env = parse_stack_env(env_path.read_text())
    first = StackContext.from_stack_env(sam, env, source=str(env_path), overrides=overrides)
    key = json.dumps([first.region, first.parameters], sort_keys=True, default=str)
    translations = {} if translations is None else translations
    if key not in translations:
        translations[key] = translate(sam, first.parameters, first.region)
    return build_stack(sam, translations[key], env, env_path, overrides)


def build_stack(sam, translated, env, env_path, overrides=None):
    """The Stack of a translated template on the stack whose stack.env is `env` (a dict)."""
    context = StackContext.from_stack_env(sam, env, source=str(env_path), overrides=overrides, resources=translated["Resources"])
    roles = {r.function: r for r in function_roles(sam, translated)}
    policies = {name: Policy(role_statements(role, context)) for name, role in roles.items()}
    return Stack(Path(env_path), context, translated, roles, policies)


def stack_env_for(calls_dir, default):
    """The stack.env a calls directory was recorded against: <state dir>/stack.env beside <state dir>/calls, else the default."""
    sibling = Path(calls_dir).resolve().parent / "stack.env"
    return sibling if Path(calls_dir).is_dir() and sibling.exists() else Path(default)


@dataclass
class Refusal:
    call: object
    reason: str


def check(stack, calls):
    """The calls (a Counter or iterable of recorded.Call) the stack's roles refuse, each with a reason."""
    refused = []
    for call in sorted(calls):
        policy = stack.policies.get(call.function)
        if policy is None:
            refused.append(Refusal(call, "no such function in the template (no FLEET_FUNCTION of that name)"))
        elif call.resource != "*" and not call.resource.startswith("arn:"):
            refused.append(Refusal(call, f"resource {call.resource!r} is not an ARN: the recorder did not map this call to the resource IAM checks"))
        elif denied := policy.denying(call.action, call.resource):
            refused.append(Refusal(call, f"{call.action} is denied by {denied[0].source}"))
        elif not policy.allows(call.action, call.resource):
            on = policy.resources_for(call.action)
            reason = f"{call.action} is granted on: {', '.join(on)}" if on else f"no statement grants {call.action}"
            refused.append(Refusal(call, reason))
    return refused


@dataclass
class Grant:
    """A distinct (action, resource) a function's role allows, patterns as written (resolved)."""

    action: str
    resource: str
    kinds: set = field(default_factory=set)
    ids: set = field(default_factory=set)  # (statement source, action, resource index): the same grant on every stack

    @property
    def service(self):
        return all(is_service_kind(k) for k in self.kinds)


def grants(policy):
    """(action lowercased, resource) -> Grant over a policy's statements: a wildcard action is one grant, each resource one."""
    table = {}
    for statement in policy.statements:
        for action, resource, index in statement.grants():
            grant = table.setdefault((action.lower(), resource), Grant(action, resource))
            grant.kinds.add(statement.kind)
            grant.ids.add((statement.source, action.lower(), index))
    return table


def count(stack):
    """(total distinct (function, action, resource) triples, {kind: triples it grants}, functions)."""
    total = 0
    by_kind = defaultdict(int)
    for policy in stack.policies.values():
        table = grants(policy)
        total += len(table)
        for grant in table.values():
            for kind in grant.kinds:
                by_kind[kind] += 1
    return total, dict(by_kind), len(stack.policies)


def exercised(stack, calls):
    """The grant ids (function, statement source, action, resource index) some call used."""
    used = set()
    for call in calls:
        policy = stack.policies.get(call.function)
        if policy is None:
            continue
        for statement in policy.statements:
            if not statement.allows(call.action, call.resource):
                continue
            for action, resource, index in statement.grants():
                action_ok = statement.allows_action(call.action) if statement.not_actions else action_matches(action, call.action)
                resource_ok = statement.allows_resource(call.resource) if statement.not_resources else resource_matches(resource, call.resource)
                if action_ok and resource_ok:
                    used.add((call.function, statement.source, action.lower(), index))
    return used


@dataclass
class FunctionUsage:
    function: str
    logical_id: str
    calls: int  # distinct recorded calls
    total: int  # distinct grants
    unused: list  # Grant, the function's own (not service) grants no call used
    unused_service: list  # Grant, service grants no call used


def unused(stack, used_ids, calls_by_function):
    """Per function of the stack, its grants whose ids none of used_ids holds."""
    out = []
    for name in sorted(stack.policies):
        table = grants(stack.policies[name])
        idle = [g for g in table.values() if not any((name, *i) in used_ids for i in g.ids)]
        idle.sort(key=lambda g: (g.action.lower(), g.resource))
        out.append(FunctionUsage(
            function=name,
            logical_id=stack.roles[name].logical_id,
            calls=calls_by_function.get(name, 0),
            total=len(table),
            unused=[g for g in idle if not g.service],
            unused_service=[g for g in idle if g.service],
        ))
    return out
