"""Commands that print other processes' command lines, while one of them holds a secret.

``ps -ef``, ``ps aux``, ``pgrep -a``, ``pstree -a``, ``top -c`` and ``systemctl status``
print the whole command line of the machine's processes, which Linux lets every user read.
A token given to a program as an argument is there for as long as it runs: an MCP server
started as ``server --api-key sk-…``, ``mysql -pSECRET``, ``redis-cli -a PW``, ``psql
postgres://app:PW@db/app``, Claude Code itself started with ``--mcp-config '{…"env":
{"API_KEY": "…"}}'``. Like GK-ENV-002's ``env``, these are judged by what the processes hold
when the hook runs (`/proc/PID/cmdline`, as ``ps`` reads it): a command line that
`gatekeeper.audit.redact` would mask makes the listing ELEVATE; with none, it stays SAFE.
Where there is no `/proc` (macOS), nothing is read and nothing changes.
"""

from __future__ import annotations

import os

from gatekeeper.shell.effects import PROCESS_LISTERS as LISTERS

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from gatekeeper.model import Command

PROC = "/proc"  # where the processes are read (`gatekeeper.testing.gk_env` points it elsewhere)
_MAX_PROCESSES = 4096  # /proc entries read at most
_MAX_LINE = 65536  # bytes of one command line read at most
_ARGS_FIELDS = frozenset({"args", "cmd", "command"})


def lists_command_lines(command: Command) -> bool:
    """Whether `command` prints processes' whole command lines (not their names alone)."""
    name = command.name
    args = [w.text for w in command.words[1:]]
    if name == "ps":
        return _ps_prints_args(args)
    letters = "".join(a[1:] for a in args if a[:1] == "-" and a[1:2] != "-")
    if name == "pgrep":
        return "a" in letters or "--list-full" in args or ("l" in letters and "f" in letters)
    if name == "pstree":
        return "a" in letters or "--arguments" in args
    if name == "top":
        return "c" in letters
    if name == "systemctl":  # the status of units shows their processes' command lines
        return "status" in args
    return False


# ps's UNIX options that take a value (the next word, or the rest of the cluster)
_PS_VALUED = frozenset("CGgopqstUuOkN")
_PS_LONG_VALUED = frozenset({
    "--pid", "--ppid", "--user", "--User", "--group", "--Group", "--sid", "--tty", "--cols",
    "--columns", "--width", "--lines", "--rows", "--sort", "--quick-pid", "--format",
})  # fmt: skip


def _ps_prints_args(args: list[str]) -> bool:
    """Whether `ps ARGS` prints whole command lines: BSD syntax (`aux`, `ax`, `j`: COMMAND is
    the args; its `o FIELDS` aside), `-f`/`-F`, or a format naming `args`/`cmd`/`command`."""
    i = 0
    while i < len(args):
        a = args[i]
        i += 1
        fields = ""
        if a.startswith("--"):
            key, eq, value = a.partition("=")
            if key == "--format":
                fields = value if eq else (args[i] if i < len(args) else "")
            if key in _PS_LONG_VALUED and not eq:
                i += 1
        elif a.startswith("-"):
            for j, letter in enumerate(a[1:], 1):
                if letter in "fF":
                    return True
                if letter in _PS_VALUED:
                    value = a[j + 1 :]
                    if not value:
                        value = args[i] if i < len(args) else ""
                        i += 1
                    if letter in "oO":
                        fields = value
                    break
        elif a in ("o", "O"):  # BSD `o FIELDS`
            fields = args[i] if i < len(args) else ""
            i += 1
        elif not a.isdigit():  # a process id aside
            return True
        if fields and _ARGS_FIELDS & set(fields.replace("=", ",").replace(":", ",").split(",")):
            return True
    return False


def process_secret() -> str:
    """The id of a process whose command line looks like it holds a secret, or ""."""
    proc = PROC
    try:
        entries = os.listdir(proc)
    except OSError:
        return ""
    from gatekeeper.audit import redact  # only for a listing command (rare): not on the hot path

    for entry in entries[:_MAX_PROCESSES]:
        if not entry.isdigit():
            continue
        try:
            with open(f"{proc}/{entry}/cmdline", "rb") as f:
                data = f.read(_MAX_LINE)
        except OSError:
            continue  # gone meanwhile, or hidden (`hidepid`)
        text = data.replace(b"\0", b" ").decode("utf-8", "replace").strip()
        if text and redact(text) != text:
            return entry
    return ""


def printed_command_line_secret(command: Command) -> str:
    """The id of a process whose secret-looking command line `command` prints, or ""."""
    if command.name not in LISTERS or not lists_command_lines(command):
        return ""
    return process_secret()
