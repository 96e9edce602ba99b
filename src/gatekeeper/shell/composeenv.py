"""``docker compose config``: the project's model with its variables filled in (redteam20).

``docker compose config`` prints the compose file with each ``${NAME}`` replaced by its
value, from the project's ``.env`` (or ``--env-file``) and from the environment: a
``POSTGRES_PASSWORD=${DB_PASSWORD}`` there prints the password, as ``cat .env`` would
(GK-PROT-002). It was GK-UNKNOWN, which the reviewer may approve. Judged by what the files
hold when the hook runs: a ``.env`` in the project directory or an ``--env-file``, or a
compose file naming a variable of the environment that looks like a secret
(`shell.secretenv`). The listings (``--services``, ``--volumes``, ``--images``,
``--profiles``, ``--networks``, ``--hash``, ``-q``) and ``--no-interpolate`` print no value.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from gatekeeper.model import Command

_VALUED = frozenset({
    "-f", "--file", "-p", "--project-name", "--env-file", "--profile", "--project-directory",
    "--ansi", "--parallel", "--progress", "-o", "--output", "--format", "--context", "-c",
    "--host", "-H", "--config", "--log-level", "-l",
})  # fmt: skip
_QUIET = frozenset({
    "--services", "--volumes", "--images", "--profiles", "--networks", "--hash", "-q",
    "--quiet", "--no-interpolate", "--variables",
})  # fmt: skip
_DEFAULT_FILES = ("compose.yaml", "compose.yml", "docker-compose.yaml", "docker-compose.yml",
                  "compose.override.yaml", "compose.override.yml",
                  "docker-compose.override.yaml", "docker-compose.override.yml")  # fmt: skip
_MAX_BYTES = 262144  # of one compose file


def printed_compose_secret(command: Command, cwd: str) -> str:
    """What secret `docker compose config` (in `cwd`) prints filled in, or ""."""
    args = [w.text for w in command.words[1:]]
    words: list[str] = []
    options: dict[str, list[str]] = {}
    i = 0
    while i < len(args):
        a = args[i]
        i += 1
        key, eq, value = a.partition("=")
        if key in _VALUED:
            if not eq:
                value = args[i] if i < len(args) else ""
                i += 1
            options.setdefault(key, []).append(value)
        elif a[:1] == "-":
            options.setdefault(key, []).append(value)
        else:
            words.append(a)
    if command.name == "docker":
        if words[:1] != ["compose"]:
            return ""
        words = words[1:]
    if words[:1] not in (["config"], ["convert"]) or _QUIET & set(options):
        return ""
    if "--env-file" in options:
        return "the --env-file"
    base = (options.get("--project-directory") or [""])[-1]
    base = os.path.join(cwd, base) if base else cwd
    if os.path.lexists(os.path.join(base, ".env")):
        return f"{base}/.env"
    files = options.get("-f", []) + options.get("--file", [])
    paths = [os.path.join(cwd, f) for f in files] or [os.path.join(base, f) for f in _DEFAULT_FILES]
    return _named_secret(paths)


def _named_secret(paths: list[str]) -> str:
    """A variable of the environment that looks like a secret and that one of the compose
    files names (`$NAME`, `${NAME}`, `${NAME:-x}`), or ""."""
    from gatekeeper.lazyre import re
    from gatekeeper.shell.secretenv import secret_variable

    for path in paths:
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read(_MAX_BYTES)
        except OSError:
            continue
        names: list[str] = re.findall(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)", text)
        for name in names:
            if name in os.environ and secret_variable(name, os.environ):
                return name
    return ""
