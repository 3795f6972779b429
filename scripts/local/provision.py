"""Creates the local stack in the emulator from template.yaml itself.

Tables, buckets and queues are created from the template's own resource
definitions; the Cognito pool and client from their template properties (plus
USER_PASSWORD_AUTH, the local sign-in flow); the functions' environment from
the template's functions; the paging-token secret as the stack's own SSM
SecureString, /<stack>/paging-token-secret, named (not held) by the functions'
PAGING_TOKEN_SECRET beside the stack's name (STACK_NAME), as on AWS; the
AppSync API from its template properties (its auth modes on the local pool)
with infra/schema.graphql as its schema, for `fleet-local verify-deploy
--schema-only` (the local API serves GraphQL, not the emulator). Writes
stack.env, stack.json and the web app's config.json into the state folder
(.local by default).
"""
import argparse
import json
import re
import os
import secrets
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import boto3
import yaml

ROOT = Path(__file__).resolve().parents[2]
REGION = "us-east-1"
PREFIX = "fleet-local"


class CfnLoader(yaml.SafeLoader):
    pass


def _tag(loader, suffix, node):
    name = "Ref" if suffix == "Ref" else f"Fn::{suffix}"
    if isinstance(node, yaml.ScalarNode):
        value = loader.construct_scalar(node)
        if suffix == "GetAtt":
            value = value.split(".", 1)
    elif isinstance(node, yaml.SequenceNode):
        value = loader.construct_sequence(node, deep=True)
    else:
        value = loader.construct_mapping(node, deep=True)
    return {name: value}


CfnLoader.add_multi_constructor("!", _tag)


def load_template():
    with open(ROOT / "template.yaml") as f:
        return yaml.load(f, Loader=CfnLoader)


def physical_name(logical_id):
    return f"{PREFIX}-{logical_id}"


def create_table(ddb, logical_id, props):
    name = physical_name(logical_id)
    args = {
        "TableName": name,
        "AttributeDefinitions": props["AttributeDefinitions"],
        "KeySchema": props["KeySchema"],
        "BillingMode": props.get("BillingMode", "PAY_PER_REQUEST"),
    }
    if props.get("GlobalSecondaryIndexes"):
        args["GlobalSecondaryIndexes"] = props["GlobalSecondaryIndexes"]
    if props.get("StreamSpecification"):
        # The emulator keeps the stream; the local API reads it as the event source mapping would.
        args["StreamSpecification"] = {"StreamEnabled": True, **props["StreamSpecification"]}
    if name not in ddb.list_tables()["TableNames"]:
        ddb.create_table(**args)
    return name


def create_bucket(s3, logical_id, props, names):
    # The template's BucketName when it gives one (a Sub of the stack and account), as CloudFormation does.
    name = resolve(props["BucketName"], names) if "BucketName" in props else physical_name(logical_id).lower()
    existing = {b["Name"] for b in s3.list_buckets().get("Buckets", [])}
    if name not in existing:
        s3.create_bucket(Bucket=name)
    return name


def getatt_arn(value, arns):
    """`!GetAtt Queue.Arn` as the created queue's ARN."""
    return arns[value["Fn::GetAtt"][0]]


def create_queue(sqs, logical_id, props, arns):
    name = physical_name(logical_id)
    keys = ("VisibilityTimeout", "MessageRetentionPeriod", "DelaySeconds", "SqsManagedSseEnabled")
    attrs = {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in props.items() if k in keys}
    if "RedrivePolicy" in props:
        rp = props["RedrivePolicy"]
        attrs["RedrivePolicy"] = json.dumps({"deadLetterTargetArn": getatt_arn(rp["deadLetterTargetArn"], arns), "maxReceiveCount": str(rp["maxReceiveCount"])})
    if props.get("FifoQueue"):
        name += ".fifo"
        attrs["FifoQueue"] = "true"
    return sqs.create_queue(QueueName=name, Attributes=attrs)["QueueUrl"]


def notify(s3, bucket, props, arns):
    configs = props.get("NotificationConfiguration", {}).get("QueueConfigurations", [])
    if not configs:
        return
    queues = []
    for c in configs:
        q = {"QueueArn": getatt_arn(c["Queue"], arns), "Events": [c["Event"]]}
        rules = c.get("Filter", {}).get("S3Key", {}).get("Rules", [])
        if rules:
            q["Filter"] = {"Key": {"FilterRules": [{"Name": r["Name"], "Value": r["Value"]} for r in rules]}}
        queues.append(q)
    s3.put_bucket_notification_configuration(Bucket=bucket, NotificationConfiguration={"QueueConfigurations": queues})


def create_cognito(idp, resources):
    pool_props = resources["UserPool"]["Properties"]
    pool_name = f"{PREFIX}-users"
    pools = idp.list_user_pools(MaxResults=60)["UserPools"]
    pool = next((p for p in pools if p["Name"] == pool_name), None)
    if pool is None:
        args = {k: v for k, v in pool_props.items() if k in ("UsernameAttributes", "AutoVerifiedAttributes", "AdminCreateUserConfig", "Policies")}
        pool = idp.create_user_pool(PoolName=pool_name, **args)["UserPool"]
    pool_id = pool["Id"]
    client_props = resources["UserPoolClient"]["Properties"]
    clients = idp.list_user_pool_clients(UserPoolId=pool_id, MaxResults=60)["UserPoolClients"]
    client = next((c for c in clients if c["ClientName"] == client_props["ClientName"]), None)
    if client is None:
        flows = list(client_props["ExplicitAuthFlows"]) + ["ALLOW_USER_PASSWORD_AUTH"]
        # The template's attribute lists: the ID token carries the readable
        # ones (email_verified among them), and users may not write email.
        attributes = {k: client_props[k] for k in ("ReadAttributes", "WriteAttributes") if k in client_props}
        client = idp.create_user_pool_client(
            UserPoolId=pool_id, ClientName=client_props["ClientName"], GenerateSecret=False, ExplicitAuthFlows=flows, **attributes
        )["UserPoolClient"]
    return pool_id, client["ClientId"]


def emulator_schema(definition):
    """The schema as the emulator can introspect it: moto builds it with its own list of AppSync's scalars,
    which lacks AWSDate (its GetIntrospectionSchema then fails with a 500). Such a scalar the schema uses is
    declared for the emulator only; verify-deploy ignores AppSync's scalars, declared or not."""
    try:
        from moto.appsync.models import AWS_CUSTOM_GRAPHQL as known
    except ImportError:  # no moto here: the schema as it is
        return definition
    aws_scalars = ("AWSDate", "AWSTime", "AWSDateTime", "AWSTimestamp", "AWSEmail", "AWSJSON", "AWSURL", "AWSPhone", "AWSIPAddress")
    missing = [name for name in aws_scalars if re.search(rf"\b{name}\b", definition)
               and not re.search(rf"^\s*scalar\s+{name}\b", known + "\n" + definition, re.M)]
    return definition + "".join(f"\nscalar {name}\n" for name in missing)


def create_graphql_api(appsync, resources, names, conditions):
    """The template's GraphQLApi with its auth modes, and the schema of its GraphQLSchema: the emulator
    answers GetGraphqlApi and GetIntrospectionSchema as AppSync would, which `fleet-local verify-deploy
    --schema-only` checks. moto serves neither data sources nor resolvers (ListResolvers fails there),
    and no GraphQL: the local API does, from the same schema."""
    props = resources["GraphQLApi"]["Properties"]
    values = {**names, "AWS::Region": REGION}

    def pool(config, default_mode):
        keys = {"UserPoolId": "userPoolId", "AwsRegion": "awsRegion", "AppIdClientRegex": "appIdClientRegex"}
        if default_mode:
            keys["DefaultAction"] = "defaultAction"
        return {api_key: resolve(config[k], values, conditions) for k, api_key in keys.items() if k in config}

    auth = {"authenticationType": props["AuthenticationType"]}
    if "UserPoolConfig" in props:
        auth["userPoolConfig"] = pool(props["UserPoolConfig"], True)
    additional = []
    for provider in props.get("AdditionalAuthenticationProviders") or []:
        mode = {"authenticationType": provider["AuthenticationType"]}
        if "UserPoolConfig" in provider:
            mode["userPoolConfig"] = pool(provider["UserPoolConfig"], False)
        additional.append(mode)
    if additional:
        auth["additionalAuthenticationProviders"] = additional
    name = resolve(props["Name"], values, conditions)
    api = next((a for a in appsync.list_graphql_apis()["graphqlApis"] if a["name"] == name), None)
    if api is None:
        api_id = appsync.create_graphql_api(name=name, **auth)["graphqlApi"]["apiId"]
    else:
        api_id = api["apiId"]
        appsync.update_graphql_api(apiId=api_id, name=name, **auth)
    schema = resources["GraphQLSchema"]["Properties"]["DefinitionS3Location"]
    appsync.start_schema_creation(apiId=api_id, definition=emulator_schema((ROOT / schema).read_text()).encode())
    for _ in range(100):
        status = appsync.get_schema_creation_status(apiId=api_id)
        if status["status"] == "SUCCESS":
            return api_id
        if status["status"] == "FAILED":
            sys.exit(f"the emulator's AppSync refused {schema}: {status.get('details')}")
        time.sleep(0.1)
    sys.exit(f"the emulator's AppSync did not finish creating the schema of {name}")


def create_user(idp, pool_id, email, password):
    # email_verified: flags are keyed by a verified e-mail only (moto puts the
    # string "true" in the ID token; AWS a boolean).
    try:
        idp.admin_create_user(
            UserPoolId=pool_id,
            Username=email,
            UserAttributes=[{"Name": "email", "Value": email}, {"Name": "email_verified", "Value": "true"}],
            MessageAction="SUPPRESS",
        )
    except idp.exceptions.UsernameExistsException:
        pass
    idp.admin_set_user_password(UserPoolId=pool_id, Username=email, Password=password, Permanent=True)


def resolve(value, names, conditions=None):
    """A template value as CloudFormation would resolve it: Ref, Sub of names, and If of a condition."""
    if isinstance(value, dict) and "Ref" in value:
        return names[value["Ref"]]
    if isinstance(value, dict) and isinstance(value.get("Fn::Sub"), str):
        return re.sub(r"\$\{([^}!]+)\}", lambda m: str(names[m.group(1)]), value["Fn::Sub"])
    if isinstance(value, dict) and "Fn::GetAtt" in value:
        target = value["Fn::GetAtt"]
        return names[target if isinstance(target, str) else ".".join(target)]
    if isinstance(value, dict) and "Fn::If" in value:
        name, then, otherwise = value["Fn::If"]
        return resolve(then if (conditions or {})[name] else otherwise, names, conditions)
    return value


def web_origin(url):
    """scheme://host[:port] of the web app's URL."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def evaluate(expr, names, conditions):
    """A template condition (Not, Equals, And, Or, Condition) over the resolved names."""
    (fn, args), = expr.items()
    if fn == "Fn::Not":
        return not evaluate(args[0], names, conditions)
    if fn == "Fn::Equals":
        return resolve(args[0], names, conditions) == resolve(args[1], names, conditions)
    if fn == "Fn::And":
        return all(evaluate(a, names, conditions) for a in args)
    if fn == "Fn::Or":
        return any(evaluate(a, names, conditions) for a in args)
    if fn == "Condition":
        return conditions[args]
    raise ValueError(f"condition {fn} is not supported locally")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--endpoint", required=True)
    ap.add_argument("--api-port", type=int, required=True)
    ap.add_argument("--web-url", required=True)
    ap.add_argument("--routing-port", type=int, default=5601)
    ap.add_argument("--state-dir", default=str(ROOT / ".local"))
    args = ap.parse_args()
    state = Path(args.state_dir)
    state.mkdir(parents=True, exist_ok=True)

    session = boto3.session.Session(aws_access_key_id="test", aws_secret_access_key="test", region_name=REGION)
    client = lambda svc: session.client(svc, endpoint_url=args.endpoint)
    ddb, s3, sqs, idp = client("dynamodb"), client("s3"), client("sqs"), client("cognito-idp")

    template = load_template()
    resources = template["Resources"]
    # The local stack's name and account, as CloudFormation's AWS::StackName and AWS::AccountId:
    # the functions get the name (STACK_NAME, in their paging tokens' scope), it names the
    # stack's own parameters, and both name the buckets the stack names itself.
    names = {"AWS::StackName": PREFIX, "AWS::AccountId": client("sts").get_caller_identity()["Account"]}
    arns = {}
    # Queues without a redrive policy first: dead-letter queues must exist before the queues that use them.
    ordered = sorted(resources.items(), key=lambda kv: "RedrivePolicy" in kv[1].get("Properties", {}))
    for logical_id, res in ordered:
        kind, props = res["Type"], res.get("Properties", {})
        if kind == "AWS::DynamoDB::Table":
            names[logical_id] = create_table(ddb, logical_id, props)
        elif kind == "AWS::S3::Bucket":
            names[logical_id] = create_bucket(s3, logical_id, props, names)
        elif kind == "AWS::SQS::Queue":
            names[logical_id] = create_queue(sqs, logical_id, props, arns)
            arns[logical_id] = sqs.get_queue_attributes(QueueUrl=names[logical_id], AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
    # Bucket notifications to queues, as CloudFormation would set them.
    for logical_id, res in resources.items():
        if res["Type"] == "AWS::S3::Bucket":
            notify(s3, names[logical_id], res.get("Properties", {}), arns)

    pool_id, client_id = create_cognito(idp, resources)
    names["UserPool"] = pool_id
    names["UserPoolClient"] = client_id

    # As on AWS: the secret lives in the stack's own SSM SecureString
    # /<stack>/paging-token-secret, the functions get its name.
    secret_file = state / "paging-secret"
    if not secret_file.exists():
        secret_file.write_text(secrets.token_hex(32))
    paging_parameter = f"/{PREFIX}/paging-token-secret"
    client("ssm").put_parameter(Name=paging_parameter, Value=secret_file.read_text().strip(), Type="SecureString", Overwrite=True)

    # The routing service's key, likewise: the worker reads it from SSM on first
    # use; the local stub (scripts/lib.sh) checks requests against the same parameter.
    key_file = state / "routing-key"
    if not key_file.exists():
        key_file.write_text(secrets.token_hex(24))
    # The parameter is left blank, as a deployer may: the key is the stack's own /<stack>/routing-service-key.
    routing_parameter = f"/{PREFIX}/routing-service-key"
    client("ssm").put_parameter(Name=routing_parameter, Value=key_file.read_text().strip(), Type="SecureString", Overwrite=True)
    names["RoutingServiceKeyParameterName"] = ""
    # Plain http to the loopback stub: the only http URL the routing client accepts.
    names["RoutingServiceUrl"] = f"http://127.0.0.1:{args.routing_port}"
    # Every other parameter as CloudFormation resolves it untold: its default (the web app's, say).
    for name, parameter in template.get("Parameters", {}).items():
        names.setdefault(name, parameter.get("Default", ""))
    conditions = {}
    for name, expr in template.get("Conditions", {}).items():
        conditions[name] = evaluate(expr, names, conditions)

    graphql_api_id = create_graphql_api(client("appsync"), resources, names, conditions)
    # The local API serves the GraphQL API (the emulator's AppSync executes nothing): the change
    # publisher calls its publishing mutation there, signed with the stack's credentials.
    names["GraphQLApi.GraphQLUrl"] = f"http://127.0.0.1:{args.api_port}/graphql"

    password = os.environ.get("DEMO_PASSWORD", "FleetDemo-2026")
    users = {
        "admin": {"email": os.environ.get("DEMO_ADMIN_EMAIL", "admin@fleet.local"), "password": password},
        "restricted": {"email": os.environ.get("DEMO_RESTRICTED_EMAIL", "restricted@fleet.local"), "password": password},
    }
    for u in users.values():
        create_user(idp, pool_id, u["email"], password)

    # The local API hosts every function in one process, so its environment is
    # the union of the functions' own variables (each function's Deps still
    # reads only its own); FLEET_FUNCTION differs per function and is not needed.
    env = {k: resolve(v, names, conditions) for k, v in template["Globals"]["Function"]["Environment"]["Variables"].items()}
    for res in resources.values():
        if res.get("Type") == "AWS::Serverless::Function":
            variables = res.get("Properties", {}).get("Environment", {}).get("Variables", {})
            env.update({k: resolve(v, names, conditions) for k, v in variables.items() if k != "FLEET_FUNCTION"})
    if env.get("ROUTING_SERVICE_KEY_PARAMETER", routing_parameter) != routing_parameter:
        sys.exit(f"the functions read the routing key from {env['ROUTING_SERVICE_KEY_PARAMETER']}, not {routing_parameter}")
    if env.get("PAGING_TOKEN_SECRET", paging_parameter) != paging_parameter:
        sys.exit(f"the functions read the paging secret from {env['PAGING_TOKEN_SECRET']}, not {paging_parameter}")
    # The local event-source poller finds each queue by its logical id.
    env.update({f"QUEUE_URL_{logical_id}": url for logical_id, url in names.items() if logical_id in arns})
    # ...and tools with every grant (seeding, the simulator) by the functions' variable (TelemetryQueue -> TELEMETRY_QUEUE_URL).
    env.update({re.sub(r"(?<!^)(?=[A-Z])", "_", logical_id).upper() + "_URL": url for logical_id, url in names.items() if logical_id in arns})
    env.update({
        "AWS_ENDPOINT_URL": args.endpoint,
        "AWS_ACCESS_KEY_ID": "test",
        "AWS_SECRET_ACCESS_KEY": "test",
        "AWS_REGION": REGION,
        "AWS_DEFAULT_REGION": REGION,
        "USER_POOL_CLIENT_ID": client_id,
        # The emulator's AppSync API (`fleet-local verify-deploy --schema-only`), as the stack's GraphQLApiId output.
        "GRAPHQL_API_ID": graphql_api_id,
        "JWKS_URL": f"{args.endpoint}/{pool_id}/.well-known/jwks.json",
        "TOKEN_ISSUER": f"https://cognito-idp.{REGION}.amazonaws.com/{pool_id}",
        "LOCAL_API_PORT": str(args.api_port),
        "LOCAL_API_URL": f"http://127.0.0.1:{args.api_port}",
        # The certificate the local API makes for its real-time endpoint (wss://), for a browser to trust.
        "REALTIME_CERT_PEM": str((state / "realtime-cert.pem").resolve()),
        # The one origin the local API's CORS allows, as WebOrigin on AWS.
        "WEB_ORIGIN": web_origin(args.web_url),
        "DEMO_ADMIN_EMAIL": users["admin"]["email"],
        "DEMO_RESTRICTED_EMAIL": users["restricted"]["email"],
        "DEMO_PASSWORD": password,
    })
    with open(state / "stack.env", "w") as f:
        for k, v in env.items():
            f.write(f"export {k}='{v}'\n")
    api = f"http://127.0.0.1:{args.api_port}"
    (state / "stack.json").write_text(json.dumps({"webUrl": args.web_url, "apiUrl": api, "endpoint": args.endpoint, "users": users}, indent=2))
    web_config = {
        "region": REGION,
        "userPoolId": pool_id,
        "userPoolClientId": client_id,
        "userPoolEndpoint": args.endpoint,
        "authFlowType": "USER_PASSWORD_AUTH",
        "graphqlUrl": f"{api}/graphql",
        "restUrl": api,
        "links": app_links(args.routing_port),
    }
    (state / "config.json").write_text(json.dumps(web_config, indent=2))
    print(f"provisioned {len(names) - 3} tables/buckets/queues, pool {pool_id}, client {client_id}", file=sys.stderr)


def app_links(routing_port):
    """The navigation's external links: web/links.json when a developer wrote one (as a deployer does),
    else stand-in pages the routing stub serves for the Internal Apps menu, so the demo shows the spec's
    whole navigation (tools/demo/src/routing_stub.rs, DEMO_APPS)."""
    written = ROOT / "web" / "links.json"
    if written.exists():
        return json.loads(written.read_text())
    stub = f"http://127.0.0.1:{routing_port}/apps"
    return {"facilityCms": f"{stub}/facility-cms", "driverApp": f"{stub}/driver-app"}


if __name__ == "__main__":
    main()
