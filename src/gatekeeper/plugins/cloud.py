"""GK-CLOUD: read-only queries of the cloud and cluster CLIs (aws, az, gcloud, kubectl, helm).

Only an allow-list is approved: a known command group, a read-only action (``list``,
``describe``, ``get``, ``show``...), and global flags that neither redirect the credentials
nor load code. Everything else — every write, every unknown group, flag or plugin — has no
opinion here and goes to review (GK-UNKNOWN).

## GK-CLOUD-001 — a read-only cloud or cluster query (SAFE)
**What it catches:** ``aws SERVICE describe-*|list-*|get-*`` of well-known services,
``aws s3 ls``, ``aws sts get-caller-identity``, ``aws cloudformation validate-template``,
``aws iam simulate-*-policy``...; ``az GROUP... list|show|query|summarize...``, ``az version``;
``gcloud GROUP... list|describe``; ``kubectl get|describe|logs|top|explain|api-resources``,
``kubectl rollout status|history``, ``kubectl auth can-i``; ``helm list|status|history|show|
search|template|lint|verify``, ``helm plugin verify``; ``kubectl|helm BUILTIN --help``,
``aws SERVICE [OP] --help``, ``az pipelines build list|show``, ``gcloud topic``.
**Why:** looking at the state of a deployment is everyday work and changes nothing.
**Example:** ``aws ec2 describe-instances --region eu-west-1``, ``kubectl get pods -n web``.

## GK-CLOUD-002 — a query that reveals secrets or credentials (REVIEW)
**What it catches:** ``aws secretsmanager get-secret-value``, ``aws ssm get-parameter(s)``,
``aws sts get-session-token``/``assume-role``, ``aws ecr get-login-password``,
``aws configure get`` of a key, ``aws lambda get-function-configuration`` (its environment),
``kubectl get|describe secret(s)``, ``kubectl config view``, ``az ... keys|credential|
get-access-token|appsettings``, ``gcloud auth print-access-token``, ``helm get values|all|
manifest``. Not ``az keyvault key|certificate list|show`` or ``az keyvault secret list``
(attributes and public material only) or ``aws iam get-account-password-policy|
get-login-profile`` (no secret despite the name): those are GK-CLOUD-001.
**Why:** a secret printed into the agent's context has left the machine's control.
**Example:** ``kubectl get secret db -o jsonpath='{.data.password}'``.

## GK-CLOUD-003 — a flag that redirects credentials, reads a file or runs code (REVIEW)
**What it catches:** ``kubectl --kubeconfig``/``--server``/``--token``/``-v``,
``helm --kubeconfig``/``--kube-apiserver``/``--post-renderer``, ``aws --endpoint-url`` to
anything but loopback, ``aws --debug``/``--ca-bundle``, ``gcloud --flags-file``/
``--access-token-file``/``--log-http``, ``az --debug``, ``file://``/``@file`` arguments
outside the allowed dirs, a word known only at run time, and a glob that may expand to a
name read as an option (``kubectl get pods *`` with a file ``--kubeconfig=x``).
**Why:** a kubeconfig can run an ``exec`` credential plugin; another server or endpoint
receives the user's token; a file argument is a read like any other.
**Example:** ``kubectl --kubeconfig ./cfg get pods``.
"""

from __future__ import annotations

from gatekeeper.hookspecs import hookimpl
from gatekeeper.lazyre import LazyRegex, re
from gatekeeper.model import Finding, Verdict, new_finding
from gatekeeper.shell.effects import split_options
from gatekeeper.shell.optglob import option_glob

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Collection

    from gatekeeper.context import Context
    from gatekeeper.model import Command


def _safe(reason: str) -> Finding:
    return new_finding(Verdict.SAFE, "GK-CLOUD-001", reason, "", "")  # (hot)


def _secret(reason: str) -> Finding:
    return new_finding(Verdict.REVIEW, "GK-CLOUD-002", reason, "", "")


def _flag(reason: str) -> Finding:
    return new_finding(Verdict.REVIEW, "GK-CLOUD-003", reason, "", "")


def _split(args: list[str], value_flags: Collection[str]) -> tuple[list[str], list[str]]:
    """Positional words and flags; a flag in `value_flags` swallows the next word."""
    return split_options(args, value_flags, dash_values=True)


def _flag_name(flag: str) -> str:
    return flag.split("=", 1)[0]


def _abbreviations(names: Collection[str]) -> dict[str, str]:
    """What `_spelled` answers for `names`, made once: each name, and each prefix of 3
    characters or more of a long one → the first of `names` (in their order) it abbreviates.
    aws, az and gcloud parse with argparse, which takes any unambiguous prefix (``--endp``
    is ``--endpoint-url``, ``--orga`` is ``--organization``); an exact name of another
    option is that option."""
    table: dict[str, str] = {}
    for name in names:
        if name.startswith("--"):
            for end in range(3, len(name) + 1):
                table.setdefault(name[:end], name)
    for name in names:
        table[name] = name
    return table


def _spelled(flag: str, names: dict[str, str]) -> str:
    """The option that `flag` (before any `=`) spells out or abbreviates, of the names of
    the table `names` (`_abbreviations`), or "" (one look-up: every flag of every call)."""
    return names.get(flag.split("=", 1)[0], "")


def _abbreviates(flag: str, option: str) -> bool:
    """Whether `flag` (before any `=`) is the long `option` or an abbreviation of it:
    ``_spelled(flag, _abbreviations((option,))) != ""``, without a table (hot: every flag
    of every az call). Every prefix of a long option of 3 characters or more starts with
    ``--``."""
    name = flag.split("=", 1)[0]
    return len(name) >= 3 and option.startswith(name)


_FILE_ARGUMENT = LazyRegex(r"^(?:fileb?://|@)(.+)$")


def _file_reads(args: list[str], ctx: Context) -> Finding | None:
    """`file://x`, `fileb://x`, `@x` arguments (aws, az) read a local file."""
    joined = " ".join(args)  # one C pass over all the words first (hot: most have neither)
    if "@" not in joined and "file" not in joined:
        return None
    for a in args:
        value = a.split("=", 1)[1] if a.startswith("-") and "=" in a else a
        m = _FILE_ARGUMENT.match(value)
        if m and not ctx.paths.is_allowed(m.group(1)):
            return _flag(f"`{a}` reads {m.group(1)}, outside the allowed dirs")
    return None


# -- aws -------------------------------------------------------------------------------------

_AWS_VALUE_GLOBALS = {
    "--profile",
    "--region",
    "--output",
    "--query",
    "--endpoint-url",
    "--cli-connect-timeout",
    "--cli-read-timeout",
    "--color",
    "--ca-bundle",
    "--cli-binary-format",
}
# Global options that send the request elsewhere, log it, or weaken TLS (abbreviations too).
_AWS_RISKY_GLOBALS = ("--endpoint-url", "--debug", "--ca-bundle", "--no-verify-ssl")
_AWS_RISKY = _abbreviations(_AWS_RISKY_GLOBALS)
_AWS_GLOBAL_OK = {
    "--profile",
    "--region",
    "--output",
    "--query",
    "--cli-connect-timeout",
    "--cli-read-timeout",
    "--color",
    "--no-cli-pager",
    "--no-paginate",
    "--no-sign-request",
    "--cli-binary-format",
    "--no-cli-auto-prompt",
}
_AWS_SERVICES = {
    "ec2",
    "s3api",
    "iam",
    "lambda",
    "dynamodb",
    "rds",
    "eks",
    "ecr",
    "ecs",
    "cloudformation",
    "logs",
    "cloudwatch",
    "sns",
    "sqs",
    "kinesis",
    "route53",
    "athena",
    "elbv2",
    "elb",
    "autoscaling",
    "cloudtrail",
    "cloudfront",
    "secretsmanager",
    "ssm",
    "kms",
    "acm",
    "organizations",
    "cognito-idp",
    "events",
    "stepfunctions",
    "elasticache",
    "efs",
    "apigateway",
    "apigatewayv2",
    "codepipeline",
    "codecommit",
    "redshift",
    "wafv2",
    "backup",
    "config",
    "guardduty",
    "securityhub",
    "servicequotas",
    "pricing",
    "ce",
    "budgets",
    "resourcegroupstaggingapi",
    "application-autoscaling",
    "opensearch",
    "es",
    "firehose",
    "mq",
    "kafka",
    "docdb",
    "neptune",
    "xray",
    "health",
    "support",
    "account",
}
_AWS_READ_PREFIXES = ("describe-", "list-", "get-", "head-", "batch-get-")
# Reads that print a secret, a credential, a token, or data that often holds one.
_AWS_SECRET_WORDS = LazyRegex(
    r"secret-value|password|token|credential|login|decrypt|api-key|private|"
    r"access-details|console-output|console-screenshot"
)
_AWS_SECRET_OPS = {
    ("lambda", "get-function"),  # a download URL for the code and its environment
    ("lambda", "get-function-configuration"),  # environment variables
    ("ecs", "describe-task-definition"),  # container environment variables
    ("cognito-idp", "describe-user-pool-client"),  # the client secret
    ("ecs", "describe-tasks"),  # container overrides: environment variables
    ("ec2", "describe-instance-attribute"),  # user data, which often holds secrets
    ("ec2", "describe-launch-template-versions"),  # user data
}
# Reads that also write a local file or change state despite their name.
_AWS_WORD = LazyRegex(r"[a-z0-9][a-z0-9-]*")
_AWS_NOT_READS = {("s3api", "get-object"), ("s3api", "get-object-torrent")}
_AWS_EXTRA_READS = {
    ("s3", "ls"),
    ("sts", "get-caller-identity"),
    ("sts", "get-access-key-info"),
    ("configure", "list"),
    ("configure", "list-profiles"),
    ("logs", "tail"),
    ("logs", "filter-log-events"),
    ("cloudtrail", "lookup-events"),
    ("dynamodb", "query"),
    ("dynamodb", "scan"),
    ("dynamodb", "transact-get-items"),
    ("cloudformation", "validate-template"),
    ("cloudformation", "estimate-template-cost"),
    ("iam", "simulate-principal-policy"),
    ("iam", "simulate-custom-policy"),
    ("rds", "download-db-log-file-portion"),  # prints the log; it writes no local file
    ("route53", "test-dns-answer"),
    # Despite `password`/`login` in their names: the account's password rules (length,
    # reuse, expiry) and whether a user has a console login (dates, reset flag), no secret.
    ("iam", "get-account-password-policy"),
    ("iam", "get-login-profile"),
    ("sns", "check-if-phone-number-is-opted-out"),
}


def _aws(args: list[str], ctx: Context) -> Finding | None:
    positional, flags = _split(args, _AWS_VALUE_GLOBALS)
    for f in flags:
        name = _spelled(f, _AWS_RISKY)
        if name == "--endpoint-url":
            host = f.split("=", 1)[1] if f.startswith("--endpoint-url=") else ""
            if not re.match(r"^https?://(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(/|$)", host):
                return _flag("`aws --endpoint-url` sends the signed request to another host")
        elif name:
            return _flag(f"`aws {name}` logs or weakens what protects the credentials")
    file_read = _file_reads(args, ctx)
    if file_read is not None:
        return file_read
    service = positional[0] if positional else ""
    op = positional[1] if len(positional) > 1 else ""
    if args and args[-1] == "help" and positional[-1:] == ["help"] and len(positional) <= 3:
        if all(_flag_name(f) in _AWS_GLOBAL_OK for f in flags):
            return _safe("`aws help` only prints documentation")
        return None
    if (
        flags == ["--help"]
        and args[-1] == "--help"
        and 1 <= len(positional) <= 2
        and all(_AWS_WORD.fullmatch(p) for p in positional)
    ):
        return _safe("`aws SERVICE OPERATION --help` only prints usage; nothing runs")
    if service == "configure" and op == "get":
        key = positional[2] if len(positional) > 2 else ""
        if re.fullmatch(r"(region|output|[\w.]*\.region|[\w.]*\.output)", key):
            return _safe(f"`aws configure get {key}` prints a setting")
        return _secret(f"`aws configure get {key}` may print a credential")
    if (service, op) in _AWS_EXTRA_READS:
        return _safe(f"`aws {service} {op}` only reads")
    if service == "sts" and op:
        return _secret(f"`aws sts {op}` hands out credentials")
    if service not in _AWS_SERVICES or not op.startswith(_AWS_READ_PREFIXES):
        return None
    if (
        (service, op) in _AWS_SECRET_OPS
        or _AWS_SECRET_WORDS.search(op)
        or (service == "ssm" and op.startswith("get-parameter"))
    ):
        return _secret(f"`aws {service} {op}` may print a secret or a credential")
    if (service, op) in _AWS_NOT_READS:
        return None
    return _safe(f"`aws {service} {op}` only reads")


# -- az --------------------------------------------------------------------------------------

_AZ_VALUE_FLAGS = {
    "--output",
    "-o",
    "--query",
    "--subscription",
    "--resource-group",
    "-g",
    "--name",
    "-n",
}
_AZ_GROUPS = {
    "account",
    "acr",
    "repository",
    "ad",
    "app",
    "group",
    "member",
    "sp",
    "user",
    "signed-in-user",
    "advisor",
    "recommendation",
    "aks",
    "nodepool",
    "apim",
    "appservice",
    "plan",
    "cognitiveservices",
    "deployment",
    "model",
    "container",
    "containerapp",
    "revision",
    "replica",
    "cosmosdb",
    "sql",
    "mongodb",
    "database",
    "disk",
    "eventhubs",
    "eventhub",
    "namespace",
    "consumer-group",
    "functionapp",
    "function",
    "operation",
    "identity",
    "image",
    "location",
    "lock",
    "monitor",
    "metrics",
    "activity-log",
    "log-analytics",
    "workspace",
    "alert",
    "network",
    "vnet",
    "subnet",
    "nsg",
    "rule",
    "public-ip",
    "nic",
    "lb",
    "dns",
    "zone",
    "record-set",
    "a",
    "cname",
    "private-endpoint",
    "application-gateway",
    "policy",
    "assignment",
    "definition",
    "postgres",
    "flexible-server",
    "server",
    "db",
    "mysql",
    "redis",
    "resource",
    "role",
    "servicebus",
    "queue",
    "topic",
    "snapshot",
    "sig",
    "storage",
    "tag",
    "vm",
    "vmss",
    "webapp",
    "keyvault",
    "extension",
    "provider",
    "feature",
    "bicep",
    "staticwebapp",
    "spring",
    "iot",
    "hub",
    "batch",
    "ml",
    "datafactory",
    "synapse",
    "security",
    "backup",
    "vault",
    "item",
    "cdn",
    "profile",
    "endpoint",
    "afd",
    "billing",
    "consumption",
    "usage",
    "managedapp",
    "ts",
    "devops",
    "project",
    "team",
    "wiki",
    "boards",
    "iteration",
    "work-item",
    "repos",
    "pr",
    "pipelines",
    "runs",
    "diagnostic-settings",
    "action-group",
    "private-dns",
    "ip-config",
    "logicapp",
    "config",
    "source",
    "log",
    "elastic-pool",
    "failover-group",
    "firewall-rule",
    "subscription",
    "state",
    "page",
    "variable-group",
    "agent",
    "ref",
    "blob",
    "metadata",
    "appconfig",
    "sshkey",
    "quantum",
    "table",
    "entity",
    "logs",
}
_AZ_READ_ACTIONS = {
    "list",
    "show",
    "list-locations",
    "show-tags",
    "show-manifests",
    "show-usage",
    "list-usage",
    "get-versions",
    "get-upgrades",
    "list-skus",
    "list-sizes",
    "list-versions",
    "version",
    "list-member",
    "list-runtimes",
    "list-available-sizes",
    "logs",
    "exists",
    "list-usages",
    "list-definitions",
    "list-ip-addresses",
    "get-instance-view",
    "list-offers",
    "list-publishers",
    "list-editions",
    "summarize",
    "url",
    "query",
    "show-permission",
}
# Groups and actions whose output is, or contains, a secret or a credential.
_AZ_SECRET_WORDS = {
    "keys",
    "key",
    "credential",
    "credentials",
    "secret",
    "certificate",
    "get-access-token",
    "get-credentials",
    "appsettings",
    "connection-string",
    "show-connection-string",
    "list-connection-strings",
    "list-publishing-profiles",
    "list-publishing-credentials",
    "list-keys",
    "list-secrets",
    "list-credentials",
    "authorization-rule",
    "kv",
    "sas",
    "token",
    "service-endpoint",
}

# Key Vault reads whose answers hold no secret: key list|show give a key's attributes and,
# for an asymmetric key, its public part only (a private key never leaves the vault);
# certificate list|show the public certificate, its policy and attributes (the private key
# lives in the certificate's secret); secret list the secrets' ids and attributes, never a
# value (`secret show` prints the value and stays at review).
_AZ_PUBLIC_READS = {
    ("keyvault", "key", "list"),
    ("keyvault", "key", "show"),
    ("keyvault", "certificate", "list"),
    ("keyvault", "certificate", "show"),
    ("keyvault", "secret", "list"),
}


def _az(args: list[str], ctx: Context) -> Finding | None:
    _, flags = _split(args, _AZ_VALUE_FLAGS)
    for f in flags:
        if f.startswith("--d") and _abbreviates(f, "--debug"):  # (every abbreviation does)
            return _flag("`az --debug` logs the requests, credentials included")
    for org in _az_orgs(args):
        if not _azure_devops_url(org):
            # the devops extension sends the PAT or the login's token to that URL
            return _flag(f"`az --org {org[:60]}` sends the user's token to another host")
    file_read = _file_reads(args, ctx)
    if file_read is not None:
        return file_read
    # The command path is the words before the first flag (after leading global flags):
    # az takes no positional arguments, so a later bare word is a flag's value.
    rest = list(args)
    while rest and rest[0] in _AZ_VALUE_FLAGS and len(rest) > 1:
        rest = rest[2:]
    path: list[str] = []
    for a in rest:
        if a.startswith("-"):
            break
        path.append(a)
    if not path:
        if flags and all(f in ("--version", "--help", "-h") for f in flags):
            return _safe("`az --version` only prints its version")
        return None
    if path == ["version"]:
        return _safe("`az version` only prints versions")
    if path == ["devops", "configure"] and flags in (["--list"], ["-l"]):
        return _safe("`az devops configure --list` prints the defaults")
    if flags in (["--help"], ["-h"]) and all(g in _AZ_GROUPS for g in path):
        return _safe(f"`az {' '.join(path)} --help` only prints help")
    if tuple(path) in _AZ_PUBLIC_READS:
        return _safe(f"`az {' '.join(path)}` prints names, attributes and public material only")
    if any(w in _AZ_SECRET_WORDS for w in path):
        return _secret(f"`az {' '.join(path)}` may print a secret or a credential")
    if path in (["pipelines", "build", "list"], ["pipelines", "build", "show"]):
        return _safe(f"`az {' '.join(path)}` only reads")  # `build` alone is no group: `acr build`
    *groups, action = path
    if groups and all(g in _AZ_GROUPS for g in groups) and action in _AZ_READ_ACTIONS:
        return _safe(f"`az {' '.join(path)}` only reads")
    return None


def _az_orgs(args: list[str]) -> list[str]:
    """The values of `--org`/`--organization` (attached with `=` or the next word)."""
    found: list[str] = []
    if "--o" not in " ".join(args):
        return found  # no word starts so (hot: one C pass instead of a test per word)
    for i, a in enumerate(args):
        if not a.startswith("--o"):
            continue  # neither name nor any abbreviation of them (3 characters or more)
        name, eq, value = a.partition("=")
        if _abbreviates(name, "--organization"):  # `--org` is a prefix of it too
            found.append(value if eq else (args[i + 1] if i + 1 < len(args) else ""))
    return found


def _azure_devops_url(url: str) -> bool:
    """`https://dev.azure.com/NAME` or `https://NAME.visualstudio.com` (a trailing `/` too)."""
    rest = url.removesuffix("/")
    if rest.startswith("https://dev.azure.com/"):
        name = rest[len("https://dev.azure.com/") :]
    elif rest.startswith("https://") and rest.endswith(".visualstudio.com"):
        name = rest[len("https://") : -len(".visualstudio.com")]
    else:
        return False
    return bool(name) and all(c.isascii() and (c.isalnum() or c in "-_") for c in name)


# -- gcloud ----------------------------------------------------------------------------------

_GCLOUD_VALUE_FLAGS = {
    "--project",
    "--format",
    "--region",
    "--zone",
    "--account",
    "--configuration",
    "--filter",
    "--limit",
    "--sort-by",
    "--location",
    "--cluster",
    "--service",
    "--instance",
    "--keyring",
    "--verbosity",
    "--page-size",
    "--bucket",
    "--type",
    "--secret",
    "--iam-account",
    "--resource-type",
    "--impersonate-service-account",
}
_GCLOUD_BAD_FLAGS = {
    "--flags-file",
    "--access-token-file",
    "--log-http",
    "--credential-file-override",
}
_GCLOUD_BAD = _abbreviations(_GCLOUD_BAD_FLAGS)
_GCLOUD_PREFIXES = {"alpha", "beta"}
_GCLOUD_GROUPS = {
    "app",
    "services",
    "versions",
    "instances",
    "artifacts",
    "docker",
    "images",
    "tags",
    "repositories",
    "packages",
    "certificate-manager",
    "certificates",
    "trust-configs",
    "maps",
    "components",
    "compute",
    "backend-services",
    "disks",
    "firewall-rules",
    "networks",
    "subnets",
    "regions",
    "zones",
    "snapshots",
    "ssl-certificates",
    "addresses",
    "forwarding-rules",
    "instance-groups",
    "managed",
    "instance-templates",
    "machine-types",
    "routers",
    "routes",
    "target-pools",
    "url-maps",
    "health-checks",
    "operations",
    "config",
    "configurations",
    "container",
    "clusters",
    "node-pools",
    "dns",
    "managed-zones",
    "record-sets",
    "functions",
    "iam",
    "roles",
    "service-accounts",
    "iap",
    "settings",
    "web",
    "tcp",
    "tunnels",
    "kms",
    "keyrings",
    "keys",
    "logging",
    "logs",
    "sinks",
    "metrics",
    "network-security",
    "gateway-security-policies",
    "server-tls-policies",
    "projects",
    "organizations",
    "folders",
    "pubsub",
    "subscriptions",
    "topics",
    "run",
    "revisions",
    "jobs",
    "executions",
    "secrets",
    "sql",
    "backups",
    "databases",
    "users",
    "storage",
    "buckets",
    "objects",
    "billing",
    "accounts",
    "scheduler",
    "tasks",
    "queues",
    "builds",
    "triggers",
    "source",
    "repos",
    "auth",
    "monitoring",
    "policies",
    "channels",
    "dashboards",
    "redis",
    "filestore",
    "dataflow",
    "dataproc",
    "bigtable",
    "spanner",
    "composer",
    "environments",
    "endpoints",
    "api-gateway",
    "apis",
    "gateways",
    "delivery-pipelines",
    "releases",
    "targets",
    "workflows",
    "eventarc",
    "firestore",
    "indexes",
    "composite",
}
_GCLOUD_READ_ACTIONS = {
    "list",
    "describe",
    "list-tags",
    "get-iam-policy",
    "get-value",
    "list-grantable-roles",
    "read",
    "get",
    "ls",
    "list-available-features",
}
_GCLOUD_SECRET_WORDS = {
    "print-access-token",
    "print-identity-token",
    "access",
    "get-credentials",
    "application-default",
    "get-cluster-credentials",
}
# Descriptions that include credentials or a service's environment variables.
_GCLOUD_SECRET_READS = {
    ("clusters", "describe"),
    ("services", "describe"),
    ("functions", "describe"),
    ("jobs", "describe"),
    ("revisions", "describe"),
}


def _gcloud(args: list[str], ctx: Context) -> Finding | None:
    positional, flags = _split(args, _GCLOUD_VALUE_FLAGS)
    for f in flags:
        bad = _spelled(f, _GCLOUD_BAD)
        if bad:
            return _flag(f"`gcloud {bad}` reads a file or logs the credentials")
    if any(w in _GCLOUD_SECRET_WORDS for w in positional):
        return _secret(f"`gcloud {' '.join(positional)}` may print a secret or a credential")
    if not positional:
        if flags and all(f in ("--version", "--help", "-h") for f in flags):
            return _safe("`gcloud --version` only prints its version")
        return None
    if positional[0] == "help" or positional in (["version"], ["info"]):
        if positional == ["info"] and flags:
            return None
        return _safe(f"`gcloud {positional[0]}` only prints information")
    words = positional[1:] if positional[0] in _GCLOUD_PREFIXES else positional
    for i, w in enumerate(words):
        if w in _GCLOUD_READ_ACTIONS and i > 0 and all(g in _GCLOUD_GROUPS for g in words[:i]):
            if words[0] == "config" and w not in ("list", "get", "get-value"):
                return None
            if (words[i - 1], w) in _GCLOUD_SECRET_READS:
                return _secret(f"`gcloud {' '.join(words[: i + 1])}` may print secrets")
            return _safe(f"`gcloud {' '.join(words[: i + 1])}` only reads")
        if w not in _GCLOUD_GROUPS:
            return None
    return None


# -- kubectl ---------------------------------------------------------------------------------

_KUBECTL_VALUE_FLAGS = {
    "-n",
    "--namespace",
    "--context",
    "--cluster",
    "--user",
    "-o",
    "--output",
    "-l",
    "--selector",
    "--field-selector",
    "--sort-by",
    "-c",
    "--container",
    "--tail",
    "--since",
    "--since-time",
    "--revision",
    "--for",
    "--timeout",
    "--api-group",
    "--request-timeout",
    "-L",
    "--label-columns",
    "--chunk-size",
    "--max-log-requests",
    "--limit-bytes",
    "--pod-running-timeout",
    "--namespaced",
    "--subresource",
}
_KUBECTL_OK_FLAGS = {
    *_KUBECTL_VALUE_FLAGS,
    "-A",
    "--all-namespaces",
    "-w",
    "--watch",
    "--watch-only",
    "--show-labels",
    "--no-headers",
    "--show-kind",
    "--ignore-not-found",
    "--all-containers",
    "--timestamps",
    "--prefix",
    "-p",
    "--previous",
    "--follow",
    "--containers",
    "--list",
    "--client",
    "--recursive",
    "--help",
    "-h",
    "--show-managed-fields",
    "--sort-by",
    "--wide",
    "--use-protocol-buffers",
    "--all",
    "--ignore-errors",
}
_KUBECTL_READS = {"get", "describe", "logs", "explain", "top", "api-resources", "api-versions"}
_KUBECTL_SUB_READS = {
    ("rollout", "status"),
    ("rollout", "history"),
    ("auth", "can-i"),
    ("auth", "whoami"),
    ("config", "get-contexts"),
    ("config", "get-clusters"),
    ("config", "get-users"),  # the user entries' names, never their credentials
    ("config", "current-context"),
    ("plugin", "list"),
}
_KUBECTL_TOP_READS = {"version", "cluster-info", "wait", "completion"}


def _kubectl(args: list[str], command: Command) -> Finding | None:
    if any(w.dynamic for w in command.words[1:]):
        return _flag("`kubectl` with a word known only at run time")
    positional, flags = _split(args, _KUBECTL_VALUE_FLAGS)
    if not positional:
        return None
    verb = positional[0]
    if verb == "config" and positional[1:2] == ["view"]:
        return _secret("`kubectl config view` prints the cluster credentials")
    if not (
        verb in _KUBECTL_READS
        or tuple(positional[:2]) in _KUBECTL_SUB_READS
        or (verb in _KUBECTL_TOP_READS and "dump" not in positional)
    ):
        return None  # a write, or a verb gatekeeper does not know
    for f in flags:
        name = _flag_name(f)
        if name.startswith("--") and name not in _KUBECTL_OK_FLAGS:
            return _flag(f"`kubectl {name}` is not a flag gatekeeper knows to be harmless")
        if not name.startswith("--") and not (
            name in _KUBECTL_OK_FLAGS or (name == "-f" and verb == "logs")
        ):
            return _flag(f"`kubectl {name}` is not a flag gatekeeper knows to be harmless")
        if name in ("-o", "--output") and "file" in f.split("=", 1)[-1]:
            return _flag("`kubectl -o ...-file=` reads a template file")
    if verb in ("get", "describe"):
        resources = ",".join(positional[1:]).lower()
        if re.search(r"(^|[,/.])secrets?($|[,/.])", resources):
            return _secret(f"`kubectl {verb}` of secrets reveals them")
    if verb in _KUBECTL_READS:
        return _safe(f"`kubectl {verb}` only reads")
    if tuple(positional[:2]) in _KUBECTL_SUB_READS:
        return _safe(f"`kubectl {' '.join(positional[:2])}` only reads")
    if verb in _KUBECTL_TOP_READS and "dump" not in positional:
        return _safe(f"`kubectl {verb}` only reads")
    return None


# -- helm ------------------------------------------------------------------------------------

_HELM_VALUE_FLAGS = {
    "-n",
    "--namespace",
    "--kube-context",
    "-o",
    "--output",
    "--filter",
    "--revision",
    "--max",
    "--version",
    "--max-col-width",
    "--set",
    "--set-string",
    "--set-json",
    "-f",
    "--values",
    "--api-versions",
    "--kube-version",
    "--keyring",
    "--repo",
}
_HELM_OK_FLAGS = {
    *_HELM_VALUE_FLAGS,
    "-A",
    "--all-namespaces",
    "--all",
    "-a",
    "--deployed",
    "--failed",
    "--pending",
    "--superseded",
    "--uninstalled",
    "--uninstalling",
    "--short",
    "-q",
    "--date",
    "-r",
    "--reverse",
    "--versions",
    "-l",
    "--devel",
    "--include-crds",
    "--skip-crds",
    "--no-hooks",
    "--validate",
    "--strict",
    "--with-subcharts",
    "--debug",
    "--help",
    "-h",
    "--quiet",
    "--show-resources",
    "--skip-tests",
    "--is-upgrade",
    "--create-namespace",
}
_HELM_READS = {
    "list",
    "ls",
    "status",
    "history",
    "hist",
    "search",
    "version",
    "env",
    "completion",
    "help",
    "show",
    "inspect",
    "template",
    "lint",
    "verify",
}
_HELM_SUB_READS = {
    ("repo", "list"),
    ("repo", "ls"),
    ("dependency", "list"),
    ("dependency", "ls"),
    ("dep", "list"),
    ("dep", "ls"),
    ("plugin", "list"),
    ("plugin", "ls"),
    ("get", "notes"),
    ("get", "metadata"),
    ("plugin", "verify"),
}


def _helm(args: list[str], command: Command, ctx: Context) -> Finding | None:
    if any(w.dynamic for w in command.words[1:]):
        return _flag("`helm` with a word known only at run time")
    positional, flags = _split(args, _HELM_VALUE_FLAGS)
    if not positional:
        if flags and all(f in ("--version", "--help", "-h") for f in flags):
            return _safe("`helm --help` only prints help")
        return None
    verb = positional[0]
    if verb not in _HELM_READS and verb != "get" and tuple(positional[:2]) not in _HELM_SUB_READS:
        return None  # a write, a plugin, or a command gatekeeper does not know
    for f in flags:
        name = _flag_name(f)
        if name not in _HELM_OK_FLAGS:
            return _flag(f"`helm {name}` is not a flag gatekeeper knows to be harmless")
        if name in ("-f", "--values", "--keyring"):
            value = f.split("=", 1)[1] if "=" in f else ""
            if not value or not ctx.paths.is_allowed(value):
                return _flag(f"`helm {name}` reads {value or 'a file'}, outside the allowed dirs")
    verb = positional[0]
    if verb == "get":
        sub = positional[1] if len(positional) > 1 else ""
        if sub in ("values", "all", "manifest", "hooks"):
            return _secret(f"`helm get {sub}` may print the release's secrets")
    if verb in ("template", "lint", "show", "inspect"):
        if any(_flag_name(f) in ("-o", "--output") for f in flags):
            return None
        for chart in positional[1:]:
            if chart.startswith((".", "/", "~")) and not ctx.paths.is_allowed(chart):
                return _flag(f"`helm {verb}` reads {chart}, outside the allowed dirs")
    if verb == "verify" or positional[:2] == ["plugin", "verify"]:
        # The chart or plugin (and its provenance file beside it) are local files.
        for path in positional[1 if verb == "verify" else 2 :]:
            if not ctx.paths.is_allowed(path):
                return _flag(f"`helm verify` reads {path}, outside the allowed dirs")
    if verb in _HELM_READS:
        return _safe(f"`helm {verb}` only reads")
    if tuple(positional[:2]) in _HELM_SUB_READS:
        return _safe(f"`helm {' '.join(positional[:2])}` only reads")
    return None


# Built-in subcommands whose `--help` only prints text. An unknown name may be a plugin
# (`kubectl-foo`, a helm plugin) that kubectl or helm would run, `--help` and all.
_BUILTIN_SUBCOMMANDS = {
    "kubectl": frozenset(
        [
            "get",
            "describe",
            "create",
            "apply",
            "delete",
            "edit",
            "exec",
            "logs",
            "run",
            "expose",
            "set",
            "explain",
            "rollout",
            "scale",
            "autoscale",
            "certificate",
            "cluster-info",
            "top",
            "cordon",
            "uncordon",
            "drain",
            "taint",
            "port-forward",
            "proxy",
            "cp",
            "auth",
            "debug",
            "diff",
            "patch",
            "replace",
            "wait",
            "kustomize",
            "label",
            "annotate",
            "completion",
            "api-resources",
            "api-versions",
            "config",
            "plugin",
            "version",
            "attach",
            "events",
        ]
    ),
    "helm": frozenset(
        [
            "completion",
            "create",
            "dependency",
            "env",
            "get",
            "help",
            "history",
            "install",
            "lint",
            "list",
            "package",
            "plugin",
            "pull",
            "push",
            "registry",
            "repo",
            "rollback",
            "search",
            "show",
            "status",
            "template",
            "test",
            "uninstall",
            "upgrade",
            "verify",
            "version",
        ]
    ),
}
_HELP_WORD = LazyRegex(r"^[a-z][a-z0-9-]*$")


@hookimpl
def gatekeeper_check_command(command: Command, ctx: Context) -> Finding | None:
    """Read-only cloud and cluster queries → SAFE; secrets and odd flags → REVIEW."""
    if not command.words or command.words[0].dynamic:
        return None
    name = command.name
    if name not in ("aws", "az", "gcloud", "kubectl", "helm"):
        return None
    for word in command.words:  # (the first is not dynamic) a loop, not a generator (hot)
        if word.dynamic:
            return _flag(f"`{name}` with a word known only at run time")
    glob = option_glob(command)
    if glob:  # a file named `--kubeconfig=x` or `--endpoint-url=...` would become a flag
        return _flag(f"`{glob}` may expand to a name `{name}` reads as an option")
    args = list(command.argv[1:])
    if (
        len(args) >= 2
        and args[-1] in ("--help", "-h")
        and args[0] in _BUILTIN_SUBCOMMANDS.get(name, ())
        and all(_HELP_WORD.match(a) for a in args[1:-1])
    ):
        return _safe(f"`{name} {args[0]} --help` only prints help")
    if name == "gcloud" and args[:1] == ["topic"] and all(_HELP_WORD.match(a) for a in args[1:]):
        return _safe("`gcloud topic` only prints a help topic")
    if name == "aws":
        return _aws(args, ctx)
    if name == "az":
        return _az(args, ctx)
    if name == "gcloud":
        return _gcloud(args, ctx)
    if name == "kubectl":
        return _kubectl(args, command)
    if name == "helm":
        return _helm(args, command, ctx)
    return None
