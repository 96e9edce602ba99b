"""systemd units whose files hold a secret, printed by ``systemctl cat`` or ``show`` (redteam20).

``systemctl cat UNIT`` prints the unit's files, and ``systemctl show UNIT`` its properties,
``Environment=`` and the ``ExecStart=`` command lines among them: a service given its token
as ``Environment=API_TOKEN=…`` or ``ExecStart=/usr/bin/app --api-key sk-…`` has it printed
into the transcript, as ``systemctl show-environment`` prints the manager's (GK-ENV-002). Both
were SAFE (GK-QUERY-001). Like ``env``, they are judged by what the files hold when the hook
runs: the unit's file and drop-ins (``UNIT.d/*.conf``, a template's for an instance) in the
directories systemd loads units from (``--user``: the user's), an ``Environment=``
assignment whose name or value looks like a secret (`shell.secretenv`), or any line that
`gatekeeper.audit.redact` would mask. ``systemctl show`` without a unit prints the manager's
environment: judged by the hook's, as ``show-environment`` is. ``show -p PROPS`` naming
neither an ``Environment`` nor an ``Exec`` property prints none of them.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Iterator

    from gatekeeper.model import Command

# where systemd loads units from (`gatekeeper.testing.gk_env` points them elsewhere)
SYSTEM_DIRS: tuple[str, ...] = (
    "/etc/systemd/system", "/run/systemd/system", "/run/systemd/transient",
    "/usr/local/lib/systemd/system", "/usr/lib/systemd/system", "/lib/systemd/system",
)  # fmt: skip
USER_DIRS: tuple[str, ...] = (
    "~/.config/systemd/user", "~/.local/share/systemd/user", "/etc/systemd/user",
    "/etc/xdg/systemd/user", "/run/systemd/user", "/usr/local/lib/systemd/user",
    "/usr/lib/systemd/user",
)  # fmt: skip
# systemctl's options that take the next word as their value
_VALUED = frozenset({
    "-p", "--property", "-P", "-t", "--type", "--state", "-H", "--host", "-M", "--machine",
    "-n", "--lines", "-o", "--output", "-s", "--signal", "--kill-whom", "--kill-value",
    "--what", "--job-mode", "--timestamp", "--root", "--image", "--when", "--message",
})  # fmt: skip
_MAX_FILES = 64  # unit files and drop-ins read at most
_MAX_BYTES = 65536  # of one file


def printed_unit_secret(command: Command) -> str:
    """The unit (or `the manager`) whose secret `systemctl cat|show ARGS` prints, or ""."""
    args = [w.text for w in command.words[1:]]
    words: list[str] = []
    properties: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        i += 1
        key, eq, value = a.partition("=")
        if key in ("-p", "--property", "-P"):
            properties += (value if eq else (args[i] if i < len(args) else "")).split(",")
        elif a[:2] == "-p" and len(a) > 2:
            properties += a[2:].split(",")
        if a in _VALUED:
            i += 1
        elif a[:1] != "-":
            words.append(a)
    if not words or words[0] not in ("cat", "show"):
        return ""
    if (
        words[0] == "show"
        and properties
        and not any(p.startswith(("Environment", "Exec")) for p in properties)
    ):
        return ""
    units = words[1:]
    if not units:
        if words[0] == "cat":
            return ""
        from gatekeeper.shell.secretenv import secret_variable

        return next(("the manager" for n in os.environ if secret_variable(n, os.environ)), "")
    dirs = USER_DIRS if "--user" in args else SYSTEM_DIRS
    home = os.path.expanduser("~")
    dirs = tuple(home + d[1:] if d[0] == "~" else d for d in dirs)
    for unit in units:
        for path in _unit_files(unit, dirs):
            if _holds_secret(path):
                return unit
    return ""


def _unit_files(unit: str, dirs: tuple[str, ...]) -> Iterator[str]:
    """The files systemd reads for `unit` (a pattern matches the names listed), at most
    `_MAX_FILES`."""
    import fnmatch

    names = [unit if "." in unit else f"{unit}.service"]
    if "@" in names[0]:  # `getty@tty1.service`: the template `getty@.service` too
        prefix, _, rest = names[0].partition("@")
        names.append(f"{prefix}@.{rest.rpartition('.')[2]}")
    pattern = any(c in unit for c in "*?[")
    count = 0
    for d in dirs:
        try:
            entries = sorted(os.listdir(d))
        except OSError:
            continue
        for entry in entries:
            name = entry[:-2] if entry.endswith(".d") else entry
            if not (fnmatch.fnmatchcase(name, unit) if pattern else name in names):
                continue
            path = f"{d}/{entry}"
            if entry.endswith(".d"):
                try:
                    dropins = sorted(os.listdir(path))
                except OSError:
                    continue
                found = [f"{path}/{n}" for n in dropins if n.endswith(".conf")]
            else:
                found = [path]
            for f in found:
                count += 1
                if count > _MAX_FILES:
                    return
                yield f


def _holds_secret(path: str) -> bool:
    """Whether the unit file at `path` has an `Environment=` secret or a masked line."""
    from gatekeeper.audit import redact
    from gatekeeper.shell.secretenv import secret_name, secret_value

    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read(_MAX_BYTES)
    except OSError:
        return False
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("Environment="):
            for assignment in _split(line[len("Environment=") :]):
                name, _, value = assignment.partition("=")
                if secret_name(name) or secret_value(value):
                    return True
        elif line and line[0] not in "#;" and redact(line) != line:
            return True
    return False


def _split(value: str) -> list[str]:
    """An `Environment=` value's assignments (systemd quotes them as the shell does)."""
    import shlex

    try:
        return shlex.split(value)
    except ValueError:
        return value.split()
