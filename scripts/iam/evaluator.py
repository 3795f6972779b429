"""A small evaluator of IAM identity policies.

Enough for a SAM function's role: Allow and Deny statements (an explicit Deny
wins over any Allow, as in IAM), Action or NotAction, Resource or
NotResource, with the `*` (any run of characters, `/` and `:` included) and
`?` (one character) wildcards; actions match case-insensitively, resources
case-sensitively, as IAM does. A Condition, a Principal or a policy variable
(`${aws:username}`) is refused with PolicyError: none is expected in the
template, and evaluating one as if absent could pass a call the role would
refuse (or the reverse).
"""
import functools
import re
from dataclasses import dataclass


class PolicyError(Exception):
    """A policy this evaluator does not evaluate faithfully."""


@functools.lru_cache(maxsize=None)
def _compile(pattern, ignore_case):
    regex = "".join(".*" if c == "*" else "." if c == "?" else re.escape(c) for c in pattern)
    return re.compile(regex, re.DOTALL | (re.IGNORECASE if ignore_case else 0))


def action_matches(pattern, action):
    return _compile(pattern, True).fullmatch(action) is not None


def resource_matches(pattern, resource):
    return _compile(pattern, False).fullmatch(resource) is not None


def _strings(value, what, where):
    values = [value] if isinstance(value, str) else value
    if not isinstance(values, list) or not values or not all(isinstance(v, str) for v in values):
        raise PolicyError(f"{where}: {what} is not a string or a list of strings after resolution: {value!r}")
    for v in values:
        if "${" in v:
            raise PolicyError(f"{where}: {what} {v!r} holds a policy variable or an unresolved Fn::Sub")
    return tuple(values)


@dataclass(frozen=True)
class Statement:
    """One resolved statement (effect "Allow" or "Deny").

    kind: what granted it (a SAM policy template's name, "Statement" for an
    inline one, "DeadLetterQueue", "managed:<name>"); source: the policy and
    statement it is (for messages and for matching the same grant across stacks).
    Exactly one of actions / not_actions, and one of resources / not_resources, is set.
    """

    kind: str
    source: str
    actions: tuple = ()
    not_actions: tuple = ()
    resources: tuple = ()
    not_resources: tuple = ()
    effect: str = "Allow"

    def allows_action(self, action):
        if self.not_actions:
            return not any(action_matches(p, action) for p in self.not_actions)
        return any(action_matches(p, action) for p in self.actions)

    def allows_resource(self, resource):
        if self.not_resources:
            return not any(resource_matches(p, resource) for p in self.not_resources)
        return any(resource_matches(p, resource) for p in self.resources)

    def allows(self, action, resource):
        return self.allows_action(action) and self.allows_resource(resource)

    def grants(self):
        """(action, resource, index of the resource) pairs this statement grants, patterns as written.

        A NotAction / NotResource statement grants one pair with the negation written out.
        """
        actions = self.actions or ("NotAction " + ",".join(self.not_actions),)
        resources = self.resources or ("NotResource " + ",".join(self.not_resources),)
        for action in actions:
            for index, resource in enumerate(resources):
                yield action, resource, index


def statement(document, kind, source, resolve=lambda v: v):
    """A Statement from a policy statement's JSON; intrinsics in it resolved with `resolve`."""
    if not isinstance(document, dict):
        raise PolicyError(f"{source}: a statement is not a mapping: {document!r}")
    effect = document.get("Effect")
    if effect not in ("Allow", "Deny"):
        raise PolicyError(f"{source}: Effect {effect!r}")
    for key in ("Condition", "Principal", "NotPrincipal"):
        if key in document:
            raise PolicyError(f"{source}: a statement with a {key}; this checker does not evaluate it: {document[key]!r}")
    if ("Action" in document) == ("NotAction" in document):
        raise PolicyError(f"{source}: needs exactly one of Action and NotAction")
    if ("Resource" in document) == ("NotResource" in document):
        raise PolicyError(f"{source}: needs exactly one of Resource and NotResource")
    fields = {}
    for key, field in (("Action", "actions"), ("NotAction", "not_actions"), ("Resource", "resources"), ("NotResource", "not_resources")):
        if key in document:
            fields[field] = _strings(resolve(document[key]), key, source)
    return Statement(kind=kind, source=source, effect=effect, **fields)


def statements_of(policy_document, kind, source, resolve=lambda v: v):
    """The statements of a policy document ({"Statement": [...]} or one statement mapping)."""
    body = policy_document.get("Statement") if isinstance(policy_document, dict) else None
    if body is None:
        raise PolicyError(f"{source}: a policy document without a Statement")
    if isinstance(body, dict):
        body = [body]
    return [statement(s, kind, f"{source}#{i}", resolve) for i, s in enumerate(body)]


class Policy:
    """The effective statements of one principal (a function's role): `statements` are its
    Allow statements (what it is granted), `denials` its Deny statements."""

    def __init__(self, statements):
        statements = list(statements)
        self.statements = [s for s in statements if s.effect == "Allow"]
        self.denials = [s for s in statements if s.effect == "Deny"]

    def denying(self, action, resource):
        """The Deny statements matching the call (any one refuses it, whatever allows it)."""
        return [s for s in self.denials if s.allows(action, resource)]

    def allowing(self, action, resource):
        """The statements allowing the call (empty: refused, by no Allow or by a Deny)."""
        if self.denying(action, resource):
            return []
        return [s for s in self.statements if s.allows(action, resource)]

    def allows(self, action, resource):
        return bool(self.allowing(action, resource))

    def resources_for(self, action):
        """The resource patterns on which the action is granted (for explaining a refusal)."""
        out = []
        for s in self.statements:
            if s.allows_action(action):
                out.extend(s.resources or ("NotResource " + ",".join(s.not_resources),))
        return list(dict.fromkeys(out))
