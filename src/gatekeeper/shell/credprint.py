"""Commands whose whole purpose is to print a credential of the user (redteam19).

``gh auth token`` prints the token ``~/.config/gh/hosts.yml`` (or the keyring) keeps, as
surely as ``cat ~/.config/gh/hosts.yml`` does, which is GK-PROT-002; these were GK-UNKNOWN or
GK-CLOUD-002, which the reviewer may approve. Listed: the CLIs' own token printers (``gh
auth token``, ``gh auth status -t``, ``glab auth status -t``, ``gcloud auth
print-access-token``, ``az account get-access-token``, ``aws configure
export-credentials``, ``aws configure get`` of a secret key, ``kubectl config view
--raw``, ``npm config get`` of an auth key, ``heroku auth:token``), git's and docker's
credential helpers asked for one (``git credential-store get``, ``git-credential-* get``,
``docker-credential-* get``), and the password stores' lookups (``pass show``,
``gopass show``, ``secret-tool lookup``, ``security find-generic-password -w``, ``op
read``, ``bw get``, ``keyring get``).

redteam20: the secret stores' and the deploy tools' reads, which were GK-UNKNOWN or
GK-CLOUD-002: ``kubectl get secret NAME -o yaml`` (``json``, ``jsonpath``, a template: the
data, base64 only; without ``-o`` it prints a count of keys), ``vault read``, ``vault kv
get``, ``vault print token``, ``gpg --export-secret-keys`` (the private keys, wherever they
go), ``security dump-keychain -d``, ``aws secretsmanager get-secret-value``, ``aws ssm
get-parameter(s) --with-decryption``, ``aws ecr get-login-password``, ``aws sts
get-session-token``/``assume-role``, ``az keyvault secret show``, ``gcloud secrets versions
access``, ``gcloud config config-helper``, ``sops -d``, ``ansible-vault view``, ``terraform
output -json``/``-raw`` and ``state pull`` (sensitive values in plain text), ``pulumi ...
--show-secrets``, ``doppler secrets``. A subcommand is found after the global options
(``aws --profile p configure export-credentials``, ``kubectl --context c config view
--raw``), not only first.
"""

from __future__ import annotations

from gatekeeper.shell.effects import CREDENTIAL_PRINTERS as NAMES

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from gatekeeper.model import Command

_AUTH_KEYS = ("_auth", "token", "password", "_password")
_AWS_SECRET_KEYS = ("aws_secret_access_key", "aws_session_token", "secret_access_key")


def printed_credential(command: Command) -> bool:
    """Whether `command` prints a credential of the user (see the module's text)."""
    name = command.name
    if name.startswith(("git-credential-", "docker-credential-")):
        return "get" in command.argv[1:]
    if name not in NAMES:
        return False
    args = [a for a in command.argv[1:] if a]
    words = [a for a in args if a[:1] != "-"]
    flags = set(args) - set(words)
    if name in ("gh", "glab"):
        if words[:2] == ["auth", "token"]:
            return True
        if words[:2] == ["auth", "status"]:
            return bool({"-t", "--show-token"} & flags)
        return words[:3] == ["auth", "git-credential", "get"] or (
            name == "glab" and words[:2] == ["config", "get"] and "token" in words[2:3]
        )
    if name == "gcloud":
        tail = [w for w in words if w not in ("application-default",)]
        return (
            any(w.startswith("print-") for w in tail[tail.index("auth") + 1 :][:1])
            if "auth" in tail
            else False
        ) or _run(words, "secrets", "versions", "access") or _run(words, "config", "config-helper")
    if name == "az":
        return (
            _run(words, "account", "get-access-token")
            or _run(words, "keyvault", "secret", "show")
            or _run(words, "keyvault", "secret", "download")
            or _run(words, "storage", "account", "keys", "list")
            or (_run(words, "acr", "login") and "--expose-token" in flags)
        )
    if name == "aws":
        if _run(words, "configure", "get"):
            return any(w.lower().endswith(_AWS_SECRET_KEYS) for w in words)
        return any(_run(words, *pair) for pair in _AWS_PRINTERS) or (
            "--with-decryption" in flags and "ssm" in words
        )
    if name == "kubectl":
        return _kubectl_raw_config(args) or _kubectl_secret(args)
    if name in ("npm", "pnpm"):
        return words[:2] == ["config", "get"] and any(
            k in w.lower() for w in words[2:] for k in _AUTH_KEYS
        )
    if name == "heroku":
        return words[:1] == ["auth:token"]
    if name == "git":  # after git's own options: `git -C . credential-store get` too
        words = [a for a in _after_git_options(args) if a[:1] != "-"]
        return any(w.startswith("credential-") for w in words[:1]) and "get" in words
    if name in ("pass", "gopass"):
        # `pass NAME` shows the entry; `pass` alone and `pass ls` list names only
        return bool(words) and (
            words[0] in ("show", "cat", "otp")
            or words[0] not in ("ls", "list", "find", "search", "grep", "init", "git", "help",
                                "version", "insert", "edit", "generate", "rm", "mv", "cp")
        )  # fmt: skip
    if name == "secret-tool":
        return words[:1] == ["lookup"]
    if name == "security":
        if words[:1] == ["dump-keychain"]:  # `-d`: the items' secrets, decrypted
            return any(f[:1] == "-" and f[1:2] != "-" and "d" in f for f in flags)
        return bool(words[:1]) and words[0] in (
            "find-generic-password", "find-internet-password"
        ) and bool({"-w", "-g"} & flags)  # fmt: skip
    if name == "op":
        return words[:1] == ["read"] or (words[:2] == ["item", "get"] and "--reveal" in flags)
    if name == "bw":
        return words[:1] == ["get"] and words[1:2] not in (["template"],)
    if name == "keyring":
        return words[:1] == ["get"]
    return _deploy_secret(name, words, flags)


# git's options before the subcommand that take the next word as their value.
_GIT_VALUED = ("-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env", "--super-prefix")


def _after_git_options(args: list[str]) -> list[str]:
    """The words of `git ARGS` from its subcommand on."""
    i = 0
    while i < len(args) and args[i][:1] == "-":
        i += 2 if args[i] in _GIT_VALUED else 1
    return args[i:]


def _deploy_secret(name: str, words: list[str], flags: set[str]) -> bool:
    """`printed_credential` for the secret stores and deploy tools redteam20 added."""
    if name == "vault":
        return words[:1] == ["read"] or words[:2] in (["kv", "get"], ["print", "token"])
    if name in ("gpg", "gpg2"):  # gpg takes any unambiguous prefix of a long option
        return any(f.startswith("--export-secret") for f in flags)
    if name == "sops":
        return words[:1] == ["decrypt"] or bool({"-d", "--decrypt"} & flags)
    if name == "ansible-vault":
        return words[:1] == ["view"]
    if name in ("terraform", "tofu"):
        flags = {f.lstrip("-") for f in flags}
        return (
            (words[:1] == ["output"] and bool({"json", "raw"} & flags))
            or (words[:1] == ["show"] and "json" in flags)
            or words[:2] == ["state", "pull"]
        )
    if name == "pulumi":
        return any(f.startswith("--show-secrets") for f in flags)
    if name == "doppler":
        return words[:1] == ["secrets"] and words[1:2] in ([], ["get"], ["download"])
    return False


# aws SERVICE OPERATION pairs whose output is a secret or a short-lived credential
_AWS_PRINTERS = (
    ("configure", "export-credentials"),
    ("secretsmanager", "get-secret-value"),
    ("ecr", "get-login-password"),
    ("ecr-public", "get-login-password"),
    ("sts", "get-session-token"),
    ("sts", "get-federation-token"),
    ("sts", "assume-role"),
    ("sts", "assume-role-with-saml"),
    ("sts", "assume-role-with-web-identity"),
    ("codeartifact", "get-authorization-token"),
)


def _run(words: list[str], *seq: str) -> bool:
    """Whether `seq` comes in `words`, one after another: a subcommand found after the
    values of the global options (`aws --profile prod configure export-credentials`)."""
    n = len(seq)
    return any(words[i : i + n] == list(seq) for i in range(len(words) - n + 1))


# kubectl's options that take the next word as their value (`-n NS`, `--context C`)
_KUBECTL_VALUED = frozenset({
    "-n", "--namespace", "-l", "--selector", "--context", "--cluster", "--user",
    "--kubeconfig", "-s", "--server", "--field-selector", "--sort-by", "-L",
    "--label-columns", "--chunk-size", "--request-timeout", "--as", "--as-group",
})  # fmt: skip
_KUBECTL_QUIET_OUTPUTS = ("", "wide", "name")  # a table, names: no data


def _kubectl_raw_config(args: list[str]) -> bool:
    """Whether `kubectl ARGS` is `config view` with `--raw` (the client keys and tokens in
    full), the values of kubectl's options skipped: `kubectl config --kubeconfig k view
    --raw` (redteam20's gap) and `--raw=true` print them too."""
    words: list[str] = []
    raw = False
    i = 0
    while i < len(args):
        a = args[i]
        i += 1
        if a in _KUBECTL_VALUED:
            i += 1
        elif a == "--raw" or (a.startswith("--raw=") and a != "--raw=false"):
            raw = True
        elif a[:1] != "-":
            words.append(a)
    return raw and _run(words, "config", "view")


def _kubectl_secret(args: list[str]) -> bool:
    """Whether `kubectl ARGS` prints a Secret's data: `get secret[s][/NAME]` with an output
    that holds it (`-o yaml`, `json`, `jsonpath=…`, a template); the default table counts
    its keys only."""
    kinds = ""
    output: str | None = None
    seen_get = False
    i = 0
    while i < len(args):
        a = args[i]
        i += 1
        if a in ("-o", "--output"):
            output = args[i] if i < len(args) else ""
            i += 1
        elif a.startswith("--output=") or (a.startswith("-o") and a[1:2] != "-"):
            output = a.partition("=")[2] if a.startswith("--") else a[2:].lstrip("=")
        elif a.startswith(("--template", "--go-template")):
            output = "go-template"
        elif a in _KUBECTL_VALUED:
            i += 1
        elif a[:1] == "-":
            continue
        elif not seen_get:
            seen_get = a == "get"
        elif not kinds:
            kinds = a
    if not seen_get or output is None:
        return False
    kinds_named = {k.partition("/")[0].partition(".")[0].lower() for k in kinds.split(",")}
    return bool(kinds_named & {"secret", "secrets"}) and (
        output.partition("=")[0] not in _KUBECTL_QUIET_OUTPUTS
    )
