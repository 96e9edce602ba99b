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
        return tail[:1] == ["auth"] and any(w.startswith("print-") for w in tail[1:2])
    if name == "az":
        return words[:2] == ["account", "get-access-token"]
    if name == "aws":
        if words[:2] == ["configure", "export-credentials"]:
            return True
        return words[:2] == ["configure", "get"] and any(
            w.lower().endswith(_AWS_SECRET_KEYS) for w in words[2:]
        )
    if name == "kubectl":
        return words[:2] == ["config", "view"] and "--raw" in flags
    if name in ("npm", "pnpm"):
        return words[:2] == ["config", "get"] and any(
            k in w.lower() for w in words[2:] for k in _AUTH_KEYS
        )
    if name == "heroku":
        return words[:1] == ["auth:token"]
    if name == "git":
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
        return bool(words[:1]) and words[0] in (
            "find-generic-password", "find-internet-password"
        ) and bool({"-w", "-g"} & flags)  # fmt: skip
    if name == "op":
        return words[:1] == ["read"] or (words[:2] == ["item", "get"] and "--reveal" in flags)
    if name == "bw":
        return words[:1] == ["get"] and words[1:2] not in (["template"],)
    if name == "keyring":
        return words[:1] == ["get"]
    return False
