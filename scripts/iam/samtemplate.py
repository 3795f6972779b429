"""template.yaml translated as `sam deploy` would, and each function's role in it.

`sam deploy` packages the template (each local CodeUri becomes an s3:// URI)
and CloudFormation runs the AWS::Serverless-2016-10-31 transform on it: the
same samtranslator this uses, so the policy templates (DynamoDBReadPolicy,
SQSSendMessagePolicy, ...) expand to exactly the statements AWS would create,
and the generated roles get the same managed policies.

The managed-policy loader is a static name -> ARN map: no IAM call. The
managed policies' documents are the published ones kept in managed-policies/
(see its README for their versions).
"""
import contextlib
import copy
import json
import logging
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from samtranslator.translator.managed_policy_translator import ManagedPolicyLoader
from samtranslator.translator.transform import transform
from samtranslator.yaml_helper import yaml_parse

from evaluator import PolicyError, statements_of
from stackcontext import NO_VALUE

MANAGED_POLICY_DIR = Path(__file__).resolve().parent / "managed-policies"

# The AWS managed policies whose documents are kept in managed-policies/, by
# name (what a template's Policies may say) -> ARN in the aws partition.
MANAGED_POLICY_ARNS = {
    "AWSLambdaBasicExecutionRole": "arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole",
    "AWSLambdaSQSQueueExecutionRole": "arn:aws:iam::aws:policy/service-role/AWSLambdaSQSQueueExecutionRole",
    "AWSAppSyncPushToCloudWatchLogs": "arn:aws:iam::aws:policy/service-role/AWSAppSyncPushToCloudWatchLogs",
}

# What `sam package` uploads: local paths become S3 URIs before the transform sees them.
_PACKAGED = {
    "AWS::Serverless::Function": ("CodeUri",),
    "AWS::Serverless::LayerVersion": ("ContentUri",),
    "AWS::Serverless::Api": ("DefinitionUri",),
    "AWS::Serverless::HttpApi": ("DefinitionUri",),
    "AWS::Serverless::StateMachine": ("DefinitionUri",),
}
PACKAGED_URI = "s3://iam-check-packaged/code.zip"


class StaticManagedPolicyLoader(ManagedPolicyLoader):
    """A ManagedPolicyLoader answering from MANAGED_POLICY_ARNS, never from IAM."""

    def __init__(self, policy_map=None):  # no IAM client: nothing to call
        self._policy_map = dict(MANAGED_POLICY_ARNS if policy_map is None else policy_map)
        self.max_items = 0

    def load(self):
        return dict(self._policy_map)


def load_template(path):
    """A CloudFormation/SAM YAML template (with its !Ref / !GetAtt / ... tags) as a dict."""
    return yaml_parse(Path(path).read_text())


@contextlib.contextmanager
def _region(region):
    """The region the translator's boto session reads (it needs one; it calls nothing)."""
    names = ("AWS_DEFAULT_REGION", "AWS_REGION", "AWS_PROFILE", "AWS_DEFAULT_PROFILE")
    saved = {k: os.environ.get(k) for k in names}
    os.environ.pop("AWS_PROFILE", None)  # a profile this machine lacks would fail the session; none is needed
    os.environ.pop("AWS_DEFAULT_PROFILE", None)
    os.environ["AWS_DEFAULT_REGION"] = os.environ["AWS_REGION"] = region
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def package(sam):
    """A copy of the template as `sam package` leaves it: local code paths replaced by an S3 URI."""
    sam = copy.deepcopy(sam)
    function_globals = (sam.get("Globals") or {}).get("Function") or {}
    if isinstance(function_globals.get("CodeUri"), str) and not function_globals["CodeUri"].startswith("s3://"):
        function_globals["CodeUri"] = PACKAGED_URI
    for resource in (sam.get("Resources") or {}).values():
        for prop in _PACKAGED.get(resource.get("Type"), ()):
            props = resource.setdefault("Properties", {})
            value = props.get(prop)
            if isinstance(value, str) and not value.startswith("s3://"):
                props[prop] = PACKAGED_URI
            elif value is None and prop == "CodeUri" and "InlineCode" not in props and "CodeUri" not in function_globals:
                props[prop] = PACKAGED_URI
    return sam


def translate(sam, parameter_values, region):
    """The CloudFormation template CloudFormation would deploy for `sam` (a parsed SAM template)."""
    logging.getLogger("samtranslator").setLevel(logging.ERROR)
    packaged = package(sam)
    params = {k: v for k, v in parameter_values.items() if not k.startswith("AWS::")}
    with _region(region):
        return transform(packaged, params, StaticManagedPolicyLoader())


def managed_policy_document(arn):
    """The published document of an AWS managed policy, from managed-policies/<name>.json."""
    name = arn.rsplit("/", 1)[-1]
    if not re.fullmatch(r"arn:aws[a-z-]*:iam::aws:policy/(.+/)?[A-Za-z0-9+=,.@_-]+", arn):
        raise PolicyError(f"managed policy {arn}: not an AWS managed policy ARN; only those are kept in {MANAGED_POLICY_DIR}")
    path = MANAGED_POLICY_DIR / f"{name}.json"
    if not path.exists():
        raise PolicyError(f"managed policy {arn}: no document at {path}; add AWS's published document (and its version to the README there)")
    return json.loads(path.read_text())


@dataclass
class RolePolicy:
    """One policy of a function's role: inline (its document) or managed (its ARN, unresolved)."""

    kind: str
    name: str
    document: dict = None
    arn: object = None
    conditional: dict = None  # an Fn::If choosing a {PolicyName, PolicyDocument} (or AWS::NoValue)


@dataclass
class FunctionRole:
    function: str  # the registry name (FLEET_FUNCTION)
    logical_id: str  # the translated AWS::Lambda::Function
    role_id: str
    policies: list = field(default_factory=list)


# The Sid of the generator's polling statement (tools/generators/src/template.rs `POLLING_SID`).
POLLING_SID = "LambdaEventSourcePolling"


def _sid(statements):
    first = statements[0] if isinstance(statements, list) and statements else statements
    return first.get("Sid") if isinstance(first, dict) else None


def _policy_kinds(sam_function):
    """SAM names an inline policy <Role>Policy<index in the function's Policies>: index -> the entry's kind."""
    policies = (sam_function or {}).get("Properties", {}).get("Policies") or []
    if not isinstance(policies, list):
        policies = [policies]
    kinds = {}
    for index, entry in enumerate(policies):
        if isinstance(entry, dict) and len(entry) == 1:
            (key, _), = entry.items()
            kinds[index] = "Statement" if key == "Statement" else "If" if key == "Fn::If" else key
            # The generator's statement for Lambda's polling of the source queue (its Sid says so).
            if key == "Statement" and _sid(entry["Statement"]) == POLLING_SID:
                kinds[index] = "EventSourcePolling"
        elif isinstance(entry, dict) and "Statement" in entry:
            kinds[index] = "Statement"
        elif isinstance(entry, str):
            kinds[index] = f"managed:{entry}"
    return kinds


def function_roles(sam, translated):
    """Each function's role and its policies, from the translated template.

    A function is an AWS::Lambda::Function whose Environment has FLEET_FUNCTION
    (the registry name its calls are recorded under). Its role's inline
    policies, its ManagedPolicyArns, and any AWS::IAM::Policy or
    AWS::IAM::ManagedPolicy attached to the role are its grants.
    """
    resources = translated["Resources"]
    sam_resources = sam.get("Resources") or {}
    attached = {}
    for logical_id, resource in resources.items():
        if resource.get("Type") in ("AWS::IAM::Policy", "AWS::IAM::ManagedPolicy"):
            for role in (resource.get("Properties") or {}).get("Roles") or []:
                if isinstance(role, dict) and "Ref" in role:
                    attached.setdefault(role["Ref"], []).append((logical_id, resource))
    roles, seen = [], {}
    for logical_id, resource in resources.items():
        if resource.get("Type") != "AWS::Lambda::Function":
            continue
        props = resource.get("Properties") or {}
        name = ((props.get("Environment") or {}).get("Variables") or {}).get("FLEET_FUNCTION")
        if not isinstance(name, str):
            raise PolicyError(f"{logical_id}: no FLEET_FUNCTION in its Environment (the name its calls are recorded under)")
        if name in seen:
            raise PolicyError(f"FLEET_FUNCTION {name} is both {seen[name]} and {logical_id}")
        seen[name] = logical_id
        role = props.get("Role")
        if not (isinstance(role, dict) and "Fn::GetAtt" in role):
            raise PolicyError(f"{logical_id}: Role {role!r} is not a role of this template (Fn::GetAtt <Role>.Arn)")
        role_id = role["Fn::GetAtt"][0] if isinstance(role["Fn::GetAtt"], list) else role["Fn::GetAtt"].split(".")[0]
        role_resource = resources.get(role_id) or {}
        if role_resource.get("Type") != "AWS::IAM::Role":
            raise PolicyError(f"{logical_id}: its Role {role_id} is not an AWS::IAM::Role of the template")
        role_props = role_resource.get("Properties") or {}
        if "PermissionsBoundary" in role_props:
            raise PolicyError(f"{role_id}: a PermissionsBoundary; this checker does not evaluate one")
        kinds = _policy_kinds(sam_resources.get(logical_id))
        entry = FunctionRole(function=name, logical_id=logical_id, role_id=role_id)
        for policy in role_props.get("Policies") or []:
            if isinstance(policy, dict) and "Fn::If" in policy:
                entry.policies.append(RolePolicy(kind="If", name="Fn::If", conditional=policy))
                continue
            policy_name = policy.get("PolicyName")
            match = re.fullmatch(re.escape(role_id) + r"Policy([0-9]+)", str(policy_name))
            if policy_name == "DeadLetterQueuePolicy":
                kind = "DeadLetterQueue"
            elif match and int(match.group(1)) in kinds:
                kind = kinds[int(match.group(1))]
            else:
                kind = str(policy_name)
            entry.policies.append(RolePolicy(kind=kind, name=str(policy_name), document=policy.get("PolicyDocument")))
        for arn in role_props.get("ManagedPolicyArns") or []:
            entry.policies.append(RolePolicy(kind="managed", name=None, arn=arn))
        for policy_id, policy in attached.get(role_id, []):
            policy_props = policy.get("Properties") or {}
            entry.policies.append(RolePolicy(kind=policy_id, name=policy_id, document=policy_props.get("PolicyDocument")))
        roles.append(entry)
    return roles


def role_statements(role, context):
    """The role's resolved Allow statements on the stack `context` (a StackContext)."""
    out = []
    for policy in role.policies:
        if policy.conditional is not None:
            chosen = context.resolve(policy.conditional)
            if chosen is NO_VALUE:
                continue
            out.extend(statements_of(chosen.get("PolicyDocument"), "If", f"{role.role_id}/{chosen.get('PolicyName')}", context.resolve))
        elif policy.arn is not None:
            arn = context.resolve(policy.arn)
            if arn is NO_VALUE:
                continue
            name = arn.rsplit("/", 1)[-1]
            out.extend(statements_of(managed_policy_document(arn), f"managed:{name}", f"{role.role_id}/{name}"))
        else:
            out.extend(statements_of(policy.document, policy.kind, f"{role.role_id}/{policy.name}", context.resolve))
    return out
