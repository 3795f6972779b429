"""The values CloudFormation would give a template's intrinsics on one stack.

A StackContext resolves Ref, Fn::GetAtt, Fn::Sub (both forms), Fn::If (with
the template's Conditions), Fn::Join, Fn::Select, Fn::Split, Fn::FindInMap and
the pseudo parameters AWS::Partition/Region/AccountId/URLSuffix/StackName.

For a local stack it is built from the stack's stack.env (the provisioner's
`export VAR='value'` lines): every function's Environment maps a variable to
a template expression (`LOCATIONS_TABLE: !Ref LocationsTable`,
`ROUTING_SERVICE_KEY_PARAMETER: !If [..., !Ref P, !Sub '/${AWS::StackName}/...']`),
so the variable's value in stack.env tells that expression's value, and from it
the resource's physical name, a parameter's value or the stack name
(`unify`). Attributes follow from the physical names as AWS forms them: a
table's Arn from its name, a queue's Arn and QueueName from its URL, a bucket's
Arn from its name, a user pool's Arn from its id.
"""
import re
import shlex
from urllib.parse import urlsplit


class ResolveError(Exception):
    """A template value the stack context cannot resolve."""


NO_VALUE = object()  # AWS::NoValue: dropped from the list or mapping that holds it


def parse_stack_env(text):
    """`export VAR='value'` lines (shell quoting) as a dict."""
    env = {}
    for number, line in enumerate(text.splitlines(), 1):
        try:
            words = shlex.split(line, comments=True)
        except ValueError as e:
            raise ValueError(f"line {number}: {e}: {line!r}") from None
        if words and words[0] == "export":
            words = words[1:]
        for word in words:
            if "=" not in word:
                raise ValueError(f"line {number}: not VAR=value: {line!r}")
            name, value = word.split("=", 1)
            env[name] = value
    return env


def partition_of(region):
    for prefix, partition in (("cn-", "aws-cn"), ("us-gov-", "aws-us-gov"), ("us-isob-", "aws-iso-b"), ("us-iso-", "aws-iso")):
        if region.startswith(prefix):
            return partition
    return "aws"


URL_SUFFIX = {"aws": "amazonaws.com", "aws-cn": "amazonaws.com.cn", "aws-us-gov": "amazonaws.com", "aws-iso": "c2s.ic.gov", "aws-iso-b": "sc2s.sgov.gov"}

_ACCOUNT = re.compile(r"^[0-9]{12}$")


def queue_url_parts(url):
    """(account or None, queue name) of an SQS queue URL: http://host/123456789012/name."""
    segments = [s for s in urlsplit(url).path.split("/") if s]
    if not segments:
        raise ResolveError(f"not a queue URL: {url!r}")
    account = segments[-2] if len(segments) >= 2 and _ACCOUNT.match(segments[-2]) else None
    return account, segments[-1]


def _single(value):
    """(function name, argument) of a one-key intrinsic mapping, else (None, None)."""
    if isinstance(value, dict) and len(value) == 1:
        (key, arg), = value.items()
        if key == "Ref" or key.startswith("Fn::"):
            return key, arg
    return None, None


def _getatt_args(arg):
    if isinstance(arg, str):
        logical_id, _, attr = arg.partition(".")
    else:
        logical_id, attr = arg[0], arg[1]
    if not attr:
        raise ResolveError(f"Fn::GetAtt without an attribute: {arg!r}")
    return logical_id, attr


def _sub_args(arg):
    if isinstance(arg, str):
        return arg, {}
    if isinstance(arg, list) and len(arg) == 2 and isinstance(arg[0], str) and isinstance(arg[1], dict):
        return arg[0], arg[1]
    raise ResolveError(f"malformed Fn::Sub: {arg!r}")


_SUB_VAR = re.compile(r"\$\{([^}]*)\}")


class StackContext:
    """Values of Ref / Fn::GetAtt / pseudo parameters on one stack, and the resolver over them.

    template: a CloudFormation (or SAM) template as a dict; its Parameters
    (Defaults), Conditions, Mappings and Resources (their Type) are used.
    refs: logical id -> the resource's Ref value (physical name, queue URL, pool id, ...).
    parameters: parameter name -> value (the template's Defaults fill the rest).
    attrs: (logical id, attribute) -> value, for attributes not derived from the Ref.
    """

    def __init__(self, template, region, account=None, stack_name=None, refs=None, parameters=None, attrs=None, source="the stack context"):
        self.template = template
        self.resources = template.get("Resources", {})
        self.region = region
        self.partition = partition_of(region)
        self.account = account
        self.stack_name = stack_name
        self.refs = dict(refs or {})
        self.attrs = dict(attrs or {})
        self.source = source
        self.parameters = {}
        for name, definition in (template.get("Parameters") or {}).items():
            if isinstance(definition, dict) and "Default" in definition:
                self.parameters[name] = definition["Default"]
        self.parameters.update(parameters or {})
        self._conditions = {}

    # -- values -----------------------------------------------------------

    def pseudo(self, name):
        if name == "AWS::Region":
            return self.region
        if name == "AWS::Partition":
            return self.partition
        if name == "AWS::URLSuffix":
            return URL_SUFFIX.get(self.partition, "amazonaws.com")
        if name == "AWS::AccountId":
            if self.account is None:
                raise ResolveError(f"AWS::AccountId: not known in {self.source} (no queue URL names the account; give --set AWS::AccountId=...)")
            return self.account
        if name == "AWS::StackName":
            if self.stack_name is None:
                raise ResolveError(f"AWS::StackName: not known in {self.source} (give --set AWS::StackName=...)")
            return self.stack_name
        if name == "AWS::NoValue":
            return NO_VALUE
        raise ResolveError(f"pseudo parameter {name} is not supported")

    def ref(self, name):
        if name.startswith("AWS::"):
            return self.pseudo(name)
        if name in self.parameters:
            return self.parameters[name]
        if name in (self.template.get("Parameters") or {}):
            raise ResolveError(f"parameter {name}: no Default and no value in {self.source}")
        if name in self.refs:
            return self.refs[name]
        if name in self.resources:
            kind = self.resources[name].get("Type", "?")
            raise ResolveError(f"Ref {name} ({kind}): no value in {self.source} (no function environment variable maps to it)")
        raise ResolveError(f"Ref {name}: no such parameter or resource in the template")

    def getatt(self, logical_id, attr):
        if (logical_id, attr) in self.attrs:
            return self.attrs[(logical_id, attr)]
        if logical_id not in self.resources:
            raise ResolveError(f"Fn::GetAtt {logical_id}.{attr}: no such resource in the template")
        kind = self.resources[logical_id].get("Type")
        ref = self.ref(logical_id)
        p, region = self.partition, self.region
        if kind == "AWS::DynamoDB::Table" and attr == "Arn":
            return f"arn:{p}:dynamodb:{region}:{self.pseudo('AWS::AccountId')}:table/{ref}"
        if kind == "AWS::DynamoDB::Table" and attr == "StreamArn":
            # The stream's label is its creation time, known only once made: any stream of the table.
            return f"arn:{p}:dynamodb:{region}:{self.pseudo('AWS::AccountId')}:table/{ref}/stream/*"
        if kind == "AWS::AppSync::GraphQLApi":
            if attr == "ApiId":
                return ref
            if attr == "Arn":
                return f"arn:{p}:appsync:{region}:{self.pseudo('AWS::AccountId')}:apis/{ref}"
        if kind == "AWS::SQS::Queue":
            account, name = queue_url_parts(ref)
            if attr == "QueueName":
                return name
            if attr == "Arn":
                return f"arn:{p}:sqs:{region}:{account or self.pseudo('AWS::AccountId')}:{name}"
            if attr == "QueueUrl":
                return ref
        if kind == "AWS::S3::Bucket":
            if attr == "Arn":
                return f"arn:{p}:s3:::{ref}"
            if attr == "DomainName":
                return f"{ref}.s3.{URL_SUFFIX.get(p, 'amazonaws.com')}"
        if kind == "AWS::Cognito::UserPool":
            if attr == "Arn":
                return f"arn:{p}:cognito-idp:{region}:{self.pseudo('AWS::AccountId')}:userpool/{ref}"
            if attr == "UserPoolId":
                return ref
            if attr == "ProviderName":
                return f"cognito-idp.{region}.{URL_SUFFIX.get(p, 'amazonaws.com')}/{ref}"
        if kind == "AWS::SNS::Topic":
            if attr == "TopicArn":
                return ref
            if attr == "TopicName":
                return ref.rsplit(":", 1)[-1]
        if kind in ("AWS::Lambda::Function", "AWS::Serverless::Function") and attr == "Arn":
            return f"arn:{p}:lambda:{region}:{self.pseudo('AWS::AccountId')}:function:{ref}"
        if kind == "AWS::IAM::Role" and attr == "Arn":
            return f"arn:{p}:iam::{self.pseudo('AWS::AccountId')}:role/{ref}"
        raise ResolveError(f"Fn::GetAtt {logical_id}.{attr} ({kind}): not derivable in {self.source}")

    def condition(self, name):
        if name not in self._conditions:
            conditions = self.template.get("Conditions") or {}
            if name not in conditions:
                raise ResolveError(f"condition {name}: not in the template's Conditions")
            self._conditions[name] = None  # a cycle resolves to an error below
            try:
                self._conditions[name] = self._evaluate(conditions[name])
            except Exception:
                del self._conditions[name]
                raise
        if self._conditions[name] is None:
            raise ResolveError(f"condition {name} refers to itself")
        return self._conditions[name]

    def _evaluate(self, expr):
        if isinstance(expr, dict) and len(expr) == 1:
            (fn, arg), = expr.items()
            if fn == "Condition":
                return self.condition(arg)
            if fn == "Fn::Equals":
                a, b = (self.resolve(x) for x in arg)
                return str(a) == str(b)
            if fn == "Fn::Not":
                return not self._evaluate(arg[0])
            if fn == "Fn::And":
                return all(self._evaluate(x) for x in arg)
            if fn == "Fn::Or":
                return any(self._evaluate(x) for x in arg)
        raise ResolveError(f"unsupported condition: {expr!r}")

    # -- the resolver -------------------------------------------------------

    def resolve(self, value):
        """The value with every intrinsic function replaced by its value on this stack."""
        if isinstance(value, list):
            items = (self.resolve(v) for v in value)
            return [v for v in items if v is not NO_VALUE]
        if not isinstance(value, dict):
            return value
        fn, arg = _single(value)
        if fn is None:
            items = ((k, self.resolve(v)) for k, v in value.items())
            return {k: v for k, v in items if v is not NO_VALUE}
        if fn == "Ref":
            return self.ref(arg)
        if fn == "Fn::GetAtt":
            return self.getatt(*_getatt_args(arg))
        if fn == "Fn::Sub":
            return self._sub(arg)
        if fn == "Fn::If":
            name, then, otherwise = arg
            return self.resolve(then if self.condition(name) else otherwise)
        if fn == "Fn::Join":
            delimiter, items = arg
            items = self.resolve(items)
            return str(delimiter).join(str(x) for x in items)
        if fn == "Fn::Select":
            index, items = arg
            items = self.resolve(items)
            index = int(self.resolve(index))
            if not 0 <= index < len(items):
                raise ResolveError(f"Fn::Select index {index} out of range of {items!r}")
            return items[index]
        if fn == "Fn::Split":
            delimiter, source = arg
            return str(self.resolve(source)).split(delimiter)
        if fn == "Fn::FindInMap":
            name, top, second = (self.resolve(x) for x in arg)
            try:
                return (self.template.get("Mappings") or {})[name][top][second]
            except KeyError:
                raise ResolveError(f"Fn::FindInMap {name}/{top}/{second}: not in the template's Mappings") from None
        raise ResolveError(f"{fn} is not supported by the stack context")

    def sub_variable(self, name, variables):
        """The value of `${name}` in an Fn::Sub: its own variable, a resource attribute, or a Ref."""
        if name in variables:
            return self.resolve(variables[name])
        if "." in name and not name.startswith("AWS::"):
            return self.getatt(*name.split(".", 1))
        return self.ref(name)

    def _sub(self, arg):
        text, variables = _sub_args(arg)

        def value_of(match):
            name = match.group(1)
            if name.startswith("!"):
                return "${" + name[1:] + "}"
            value = self.sub_variable(name, variables)
            if isinstance(value, (dict, list)) or value is NO_VALUE:
                raise ResolveError(f"Fn::Sub ${{{name}}} is not a string: {value!r}")
            return str(value)

        return _SUB_VAR.sub(value_of, text)

    # -- building from a stack's environment -------------------------------

    @classmethod
    def from_stack_env(cls, template, env, source="stack.env", overrides=None, resources=None):
        """The context of the stack whose functions got `env` (a parsed stack.env).

        template: the SAM template (its functions' Environment maps variables to
        expressions). resources: optionally more resources (the translated
        template's) whose types the resolver may need. overrides: NAME=VALUE
        settings (a parameter, a pseudo parameter, or a resource's Ref) that win
        over what stack.env implies.
        """
        region = env.get("AWS_REGION") or env.get("AWS_DEFAULT_REGION")
        if not region:
            raise ResolveError(f"{source}: neither AWS_REGION nor AWS_DEFAULT_REGION is set")
        merged = dict(template)
        merged["Resources"] = {**(resources or {}), **template.get("Resources", {})}
        builder = _Unifier(merged, env, source, dict(overrides or {}))
        builder.bind_pseudo("AWS::Region", region)
        return builder.context()


def function_environments(template):
    """(logical id, variables) of each AWS::Serverless::Function / AWS::Lambda::Function, Globals merged in."""
    globals_env = (((template.get("Globals") or {}).get("Function") or {}).get("Environment") or {}).get("Variables") or {}
    for logical_id, resource in (template.get("Resources") or {}).items():
        kind = resource.get("Type")
        if kind not in ("AWS::Serverless::Function", "AWS::Lambda::Function"):
            continue
        own = ((resource.get("Properties") or {}).get("Environment") or {}).get("Variables") or {}
        variables = dict(globals_env) if kind == "AWS::Serverless::Function" else {}
        variables.update(own)
        yield logical_id, variables


class _Unifier:
    """Finds the stack's values by matching each function variable's expression with its value in stack.env."""

    def __init__(self, template, env, source, overrides):
        self.template = template
        self.env = env
        self.source = source
        self.overrides = overrides
        self.bindings = {}  # name or (logical id, attribute) -> (value, where from)
        self.pending = []  # (expression, value, variable) needing conditions or captures

    def bind(self, key, value, origin):
        label = key if isinstance(key, str) else ".".join(key)
        if label in self.overrides:
            return
        if key in self.bindings and str(self.bindings[key][0]) != str(value):
            old, where = self.bindings[key]
            raise ResolveError(f"{self.source}: {label} is {old!r} by {where} but {value!r} by {origin}")
        self.bindings[key] = (value, origin)

    def bind_pseudo(self, name, value):
        self.bind(name, value, "AWS_REGION" if name == "AWS::Region" else name)

    def context(self):
        variables = list(self._variables())
        # Pass 1: the plain Refs and GetAtts.
        for expr, value, var in variables:
            fn, arg = _single(expr)
            if fn == "Ref":
                self.bind(arg, value, var)
            elif fn == "Fn::GetAtt":
                self.bind(_getatt_args(arg), value, var)
            elif fn is not None:
                self.pending.append((expr, value, var))
        # The provisioner also writes each queue's URL as QUEUE_URL_<logical id>.
        for name, value in self.env.items():
            logical_id = name[len("QUEUE_URL_"):]
            if name.startswith("QUEUE_URL_") and self.template["Resources"].get(logical_id, {}).get("Type") == "AWS::SQS::Queue":
                self.bind(logical_id, value, name)
        # ...and the GraphQL API's id as GRAPHQL_API_ID (the stack's GraphQLApiId output).
        api_id = self.env.get("GRAPHQL_API_ID")
        if api_id and self.template["Resources"].get("GraphQLApi", {}).get("Type") == "AWS::AppSync::GraphQLApi":
            self.bind("GraphQLApi", api_id, "GRAPHQL_API_ID")
        # Pass 2: expressions that need the conditions (over the values so far) or capture a value (Fn::Sub).
        for expr, value, var in self.pending:
            self._unify(expr, value, var)
        return self._build()

    def _variables(self):
        for _, variables in function_environments(self.template):
            for var, expr in variables.items():
                if var in self.env and not isinstance(expr, str):
                    yield expr, self.env[var], var

    def _build(self):
        refs, parameters, attrs = {}, {}, {}
        pseudo = {}
        params = self.template.get("Parameters") or {}
        values = {k: v for k, (v, _) in self.bindings.items()}
        values.update(self.overrides)
        for key, value in values.items():
            if isinstance(key, tuple):
                attrs[key] = value
            elif "." in key and not key.startswith("AWS::") and key.split(".", 1)[0] in self.template["Resources"]:
                attrs[tuple(key.split(".", 1))] = value
            elif key.startswith("AWS::"):
                pseudo[key] = value
            elif key in params:
                parameters[key] = value
            else:
                refs[key] = value
        account = pseudo.get("AWS::AccountId")
        if account is None:
            accounts = {queue_url_parts(v)[0] for k, v in refs.items() if self.template["Resources"].get(k, {}).get("Type") == "AWS::SQS::Queue"}
            accounts.discard(None)
            if len(accounts) > 1:
                raise ResolveError(f"{self.source}: the queue URLs name several accounts: {sorted(accounts)}")
            account = accounts.pop() if accounts else None
        return StackContext(
            self.template,
            region=pseudo["AWS::Region"],
            account=account,
            stack_name=pseudo.get("AWS::StackName"),
            refs=refs,
            parameters=parameters,
            attrs=attrs,
            source=self.source,
        )

    def _partial(self):
        """A context over the values found so far (for conditions and known Fn::Sub variables)."""
        return self._build()

    def _unify(self, expr, value, var):
        fn, arg = _single(expr)
        if fn == "Ref":
            self.bind(arg, value, var)
        elif fn == "Fn::GetAtt":
            self.bind(_getatt_args(arg), value, var)
        elif fn == "Fn::If":
            name, then, otherwise = arg
            self._unify(then if self._partial().condition(name) else otherwise, value, var)
        elif fn == "Fn::Sub":
            self._unify_sub(arg, value, var)
        # Other forms (Join, Select, ...) tell nothing reliably about their parts.

    def _unify_sub(self, arg, value, var):
        text, variables = _sub_args(arg)
        partial = self._partial()
        pattern, captured = [], []
        position = 0
        for match in _SUB_VAR.finditer(text):
            pattern.append(re.escape(text[position:match.start()]))
            position = match.end()
            name = match.group(1)
            if name.startswith("!"):
                pattern.append(re.escape("${" + name[1:] + "}"))
                continue
            try:
                known = partial.sub_variable(name, variables)
                pattern.append(re.escape(str(known)))
            except ResolveError:
                pattern.append(f"(?P<v{len(captured)}>.+?)")
                captured.append(name)
        pattern.append(re.escape(text[position:]))
        match = re.fullmatch("".join(pattern), value, re.DOTALL)
        if match is None:
            raise ResolveError(f"{self.source}: {var}={value!r} does not match its template value {text!r}")
        for i, name in enumerate(captured):
            part = match.group(f"v{i}")
            if name in variables:
                self._unify(variables[name], part, var)
            elif "." in name and not name.startswith("AWS::"):
                self.bind(tuple(name.split(".", 1)), part, var)
            else:
                self.bind(name, part, var)
