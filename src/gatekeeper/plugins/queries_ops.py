"""GK-QUERY for operations tools: ansible, networksetup, nmcli, auth0 help, sysctl, top...

Not a plugin of its own: `gatekeeper.plugins.queries` dispatches the names in `TOOLS` here,
so the rule ids and their documentation stay GK-QUERY-001/002 (docs/rules.md).

ansible reads `./ansible.cfg` and loads plugins and collections from the project (their
documentation, and for filter and test plugins their Python code): the same trust as the
project's own tests, so the forms that load plugins are approved only with the cwd inside
the allowed dirs, and never with an option that points ansible at other code
(`-M`/`--module-path`, `--playbook-dir`, `-p`/`--roles-path`, `--server`).
"""

from __future__ import annotations

from gatekeeper.lazyre import LazyRegex
from gatekeeper.model import Finding, Verdict, new_finding
from gatekeeper.paths import ALLOWED

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from gatekeeper.context import Context


def safe(reason: str) -> Finding:
    """A GK-QUERY-001 finding (the query tools' SAFE; shared with queries and queries_macos)."""
    return new_finding(Verdict.SAFE, "GK-QUERY-001", reason, "", "")  # (hot)


def review(reason: str) -> Finding:
    """A GK-QUERY-002 finding (the query tools' REVIEW)."""
    return new_finding(Verdict.REVIEW, "GK-QUERY-002", reason, "", "")


_safe = safe
_review = review


_HELP = (["--help"], ["-h"])
_VERSION = (["--version"],)
_PLUGIN_NAME = LazyRegex(r"^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$")
_SUBCOMMAND = LazyRegex(r"^[a-z][a-z0-9-]*$")
_VERBOSE = LazyRegex(r"^-v{1,6}$|^--verbose$")

# -- ansible ---------------------------------------------------------------------------------

ANSIBLE = frozenset(
    {
        "ansible",
        "ansible-playbook",
        "ansible-doc",
        "ansible-config",
        "ansible-galaxy",
        "ansible-inventory",
        "ansible-vault",
        "ansible-pull",
        "ansible-console",
        "ansible-test",
        "ansible-lint",
    }
)
# Options that point ansible at code or files the gate has not seen.
_ANSIBLE_ELSEWHERE = (
    "-M",
    "--module-path",
    "--playbook-dir",
    "-p",
    "--roles-path",
    "--collections-path",
    "-s",
    "--server",
    "--api-key",
    "--token",
    "-c",
    "--config",
    "-i",
    "--inventory",
)
_DOC_TYPES = {
    "become", "cache", "callback", "cliconf", "connection", "httpapi", "inventory", "lookup",
    "netconf", "shell", "vars", "module", "strategy", "test", "filter", "role", "keyword",
}  # fmt: skip
_DOC_FLAGS = {"-l", "--list", "-F", "--list_files", "-s", "--snippet", "-j", "--json"}


def _ansible_doc(args: list[str]) -> Finding | None:
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("-t", "--type"):
            if i + 1 >= len(args) or args[i + 1] not in _DOC_TYPES:
                return None
            i += 2
            continue
        if a.startswith("--type="):
            if a.partition("=")[2] not in _DOC_TYPES:
                return None
        elif a in _DOC_FLAGS or _VERBOSE.match(a) or _PLUGIN_NAME.match(a):
            pass
        elif a.startswith(_ANSIBLE_ELSEWHERE):
            return _review(f"`ansible-doc {a}` loads plugins from another place")
        else:
            return None
        i += 1
    return _safe("`ansible-doc` only prints the documentation of plugins")


def _ansible_galaxy(args: list[str]) -> Finding | None:
    if len(args) < 2 or args[0] not in ("role", "collection"):
        return None
    kind, sub, rest = args[0], args[1], args[2:]
    if any(a.startswith(_ANSIBLE_ELSEWHERE) for a in rest):
        return _review(f"`ansible-galaxy {kind} {sub}` pointed at another server or path")
    names = [a for a in rest if not _VERBOSE.match(a)]
    if not all(_PLUGIN_NAME.match(n) for n in names):
        return None
    if sub == "list":
        return _safe(f"`ansible-galaxy {kind} list` lists what is installed")
    if kind == "role" and sub in ("search", "info") and names:
        return _safe(f"`ansible-galaxy role {sub}` only queries the Galaxy index")
    return None


def _ansible(name: str, args: list[str], ctx: Context) -> Finding | None:
    if args in _HELP or args in _VERSION:
        return _safe(f"`{name} {args[0]}` only prints its help or version")
    if (
        name == "ansible-galaxy"
        and len(args) == 2
        and args[0] in ("role", "collection")
        and args[1] in ("--help", "-h")
    ):
        return _safe(f"`ansible-galaxy {args[0]} --help` only prints help")
    if name not in ("ansible-doc", "ansible-config", "ansible-galaxy"):
        return None  # inventories, playbooks, vaults, tests, consoles: code or secrets
    if ctx.paths.classify(".", write=False)[0] != ALLOWED:
        return None  # `./ansible.cfg`, `./collections` of a place not the project's (or /tmp)
    if name == "ansible-doc":
        return _ansible_doc(args)
    if name == "ansible-galaxy":
        return _ansible_galaxy(args)
    # ansible-config: `list` prints the settings' definitions; `view` and `dump` print the
    # configuration file's values (Galaxy server tokens among them) and stay at review.
    if args[:1] == ["list"] and all(
        a in ("-t", "--type", "all", "--format", "json", "yaml", "ini", "env", "vars")
        or a in _DOC_TYPES
        or _VERBOSE.match(a)
        for a in args[1:]
    ):
        return _safe("`ansible-config list` prints the definitions of the settings")
    return None


# -- networksetup (macOS) --------------------------------------------------------------------

# The query verbs of `networksetup -printcommands`; every `-set*`, `-create*`, `-remove*`,
# `-delete*`, `-add*`, `-import*`, `-switchtolocation`, `-ordernetworkservices` and
# `-detectnewhardware` changes the configuration and is not here.
_NETWORKSETUP_READ = frozenset(
    {
        "-listnetworkserviceorder", "-listallnetworkservices", "-listallhardwareports",
        "-getmacaddress", "-getcomputername", "-getinfo", "-getadditionalroutes",
        "-getv6additionalroutes", "-getdnsservers", "-getsearchdomains", "-getwebproxy",
        "-getsecurewebproxy", "-getftpproxy", "-getstreamingproxy", "-getgopherproxy",
        "-getsocksfirewallproxy", "-getproxybypassdomains", "-getpassiveftp",
        "-getproxyautodiscovery", "-getautoproxyurl", "-getairportnetwork", "-getairportpower",
        "-listpreferredwirelessnetworks", "-getnetworkserviceenabled", "-getMTU",
        "-listvalidMTUrange", "-getmedia", "-listvalidmedia", "-listVLANs",
        "-listdevicesthatsupportVLAN", "-isBondSupported", "-listBonds", "-showBondStatus",
        "-listpppoeservices", "-showpppoestatus", "-getcurrentlocation", "-listlocations",
        "-version", "-help", "-printcommands",
    }
)  # fmt: skip
_NETWORKSETUP_WRITE = LazyRegex(
    r"^-(set|create|remove|delete|add|import|switchtolocation|ordernetworkservices|"
    r"detectnewhardware|renamenetworkservice|duplicatenetworkservice)"
)


def _networksetup(args: list[str]) -> Finding | None:
    if not args:
        return None
    verb = args[0]
    if verb in _NETWORKSETUP_READ and not any(a.startswith("-") for a in args[1:]):
        return _safe(f"`networksetup {verb}` only shows the network configuration")
    if _NETWORKSETUP_WRITE.match(verb):
        return _review(f"`networksetup {verb}` changes the network configuration")
    return None


# -- auth0 -----------------------------------------------------------------------------------


def _auth0(args: list[str]) -> Finding | None:
    """Only help and version: the rest lists users, applications and their secrets."""
    if args in (["--version"], ["-v"], ["--help"], ["-h"]):
        return _safe(f"`auth0 {args[0]}` only prints its help or version")
    words, last = args[:-1], args[-1:] if args else []
    if last in (["--help"], ["-h"]) and words and all(_SUBCOMMAND.match(w) for w in words):
        return _safe("`auth0 ... --help` only prints help")
    if args[:1] == ["help"] and all(_SUBCOMMAND.match(w) for w in args[1:]):
        return _safe("`auth0 help` only prints help")
    return None


# -- nmcli (NetworkManager) ------------------------------------------------------------------

_NMCLI_GLOBAL_VALUES = {"-c", "--colors", "-f", "--fields", "-g", "--get-values", "-e"}
_NMCLI_GLOBAL_VALUES |= {"--escape", "-m", "--mode", "-w", "--wait"}
_NMCLI_GLOBAL = {"-t", "--terse", "-p", "--pretty", "-h", "--help", "-v", "--version"}
_NMCLI_OBJECTS = ("general", "networking", "radio", "connection", "device", "monitor")


def _nmcli_object(word: str) -> str:
    """nmcli takes any prefix of an object name (`dev`, `c`, `g`)."""
    return next((o for o in _NMCLI_OBJECTS if word and o.startswith(word)), "")


def _shows_secrets(arg: str) -> bool:
    """`-s`, `--show`, `--show-secrets`: nmcli takes any prefix of an option's name."""
    name = arg.lstrip("-")
    return arg.startswith("-") and bool(name) and "show-secrets".startswith(name)


def _nmcli(args: list[str]) -> Finding | None:
    if any(_shows_secrets(a) for a in args):
        return _review("`nmcli --show-secrets` prints the Wi-Fi and VPN passwords")
    rest = list(args)
    while rest and rest[0].startswith("-"):
        flag = rest.pop(0)
        if flag in _NMCLI_GLOBAL_VALUES and rest:
            rest.pop(0)
        elif flag not in _NMCLI_GLOBAL:
            return None  # -a/--ask prompts, and flags the gate does not know
    # Past the global options, only these dash words are known not to change anything.
    if any(a.startswith("-") and a not in ("--active", "--order") for a in rest):
        return None
    if not rest:
        return _safe("`nmcli` without a command shows the status")
    obj, verbs = _nmcli_object(rest[0]), rest[1:]
    first = verbs[0] if verbs else ""
    if obj == "general" and (not verbs or verbs in (["status"], ["permissions"])):
        return _safe("`nmcli general` only shows the status")
    if obj == "general" and verbs in (["hostname"], ["logging"]):
        return _safe(f"`nmcli general {first}` only shows the setting")
    if obj == "networking" and verbs in ([], ["connectivity"], ["connectivity", "check"]):
        return _safe("`nmcli networking` only shows the state")
    if obj == "radio" and verbs in ([], ["all"], ["wifi"], ["wwan"]):
        return _safe("`nmcli radio` only shows the radio switches")
    if obj == "connection" and (not verbs or first == "show"):
        return _safe("`nmcli connection show` lists connections (secrets stay hidden)")
    if obj == "device" and (not verbs or first in ("status", "show")):
        return _safe(f"`nmcli device {first or 'status'}` only shows the devices")
    if obj == "device" and verbs[:1] == ["wifi"] and verbs[1:2] in ([], ["list"]):
        return _safe("`nmcli device wifi list` lists the networks in range")
    if obj == "device" and verbs[:1] == ["lldp"] and verbs[1:2] in ([], ["list"]):
        return _safe("`nmcli device lldp list` lists the neighbours")
    if obj == "monitor" and not verbs:
        return _safe("`nmcli monitor` only watches for changes")
    if obj in ("general", "networking", "radio", "connection", "device"):
        return _review(f"`nmcli {obj} {first}` changes the network configuration or prints it")
    return None


# -- small Linux desktop and system tools ---------------------------------------------------

_BLUETOOTHCTL_READ = {"devices", "paired-devices", "list", "show", "info", "version", "help"}
_SYSCTL_FLAGS = {"-a", "-A", "-X", "--all", "-n", "--values", "-N", "--names", "-e", "--ignore"}
_SYSCTL_FLAGS |= {"-b", "--binary", "-h", "--help", "-V", "--version", "-d", "-o", "-x"}
_SYSCTL_WRITE = {"-w", "--write", "-p", "--load", "--system", "-f"}
_TOP_VALUES = {"-n", "-d", "-p", "-u", "-U", "-o", "-e", "-E", "-w", "-O"}
_TOP_FLAGS = _TOP_VALUES | {"-b", "-H", "-c", "-i", "-1", "-S", "-s", "-h", "-v", "-bn1"}
_HTOP_VALUES = {"-d", "--delay", "-u", "--user", "-p", "--pid", "-s", "--sort-key", "-F"}
_HTOP_FLAGS = _HTOP_VALUES | {"-t", "--tree", "-C", "--no-color", "-H", "-M", "--no-mouse"}
_HTOP_FLAGS |= {"--readonly", "-h", "--help", "-V", "--version", "--filter"}
_PACTL_READ = {
    "list", "info", "stat", "get-default-sink", "get-default-source", "get-sink-volume",
    "get-sink-mute", "get-source-volume", "get-source-mute", "--version", "--help", "-h",
}  # fmt: skip
_SYSCTL_NAME = LazyRegex(r"^[A-Za-z0-9_.*/-]+$")


def _flags_and_values(args: list[str], values: set[str], flags: set[str]) -> bool:
    """Every word is a known flag, a known flag's value, or a `-n1` style attached value."""
    i = 0
    while i < len(args):
        a = args[i]
        name = a.split("=", 1)[0]
        if name in values and "=" not in a:
            i += 2
            continue
        if name not in flags and not (a[:2] in values and a[2:].isdigit()):
            return False
        i += 1
    return True


def _system(name: str, args: list[str]) -> Finding | None:
    if name == "bluetoothctl":
        if args in (["--version"], ["-v"], ["--help"], ["-h"]):
            return _safe(f"`bluetoothctl {args[0]}` only prints text")
        if args and args[0] in _BLUETOOTHCTL_READ and len(args) <= 2:
            return _safe(f"`bluetoothctl {args[0]}` only lists adapters and devices")
        return None  # bare: an interactive shell; connect, pair, power, scan change things
    if name == "sysctl":
        if any(a in _SYSCTL_WRITE or "=" in a for a in args):
            return _review("`sysctl -w`/`-p`/`name=value` changes kernel settings")
        for a in args:
            if a.startswith("-") and a not in _SYSCTL_FLAGS:
                return None
            if not a.startswith("-") and not _SYSCTL_NAME.match(a):
                return None
        return _safe("`sysctl` only reads kernel settings")
    if name == "top" and _flags_and_values(args, _TOP_VALUES, _TOP_FLAGS):
        return _safe("`top` only shows the processes")
    if name == "htop" and _flags_and_values(args, _HTOP_VALUES, _HTOP_FLAGS):
        return _safe("`htop` only shows the processes")
    if name == "pactl":
        if args[:1] == ["list"] or (args and args[0] in _PACTL_READ and len(args) <= 2):
            return _safe(f"`pactl {args[0]}` only shows the sound server's state")
        return None
    return None


TOOLS = ANSIBLE | {"networksetup", "auth0", "nmcli", "bluetoothctl", "sysctl", "top", "htop"}
TOOLS |= {"pactl"}


def check(name: str, args: list[str], ctx: Context) -> Finding | None:
    """The finding for one of `TOOLS`, or None (no opinion: review)."""
    if name in ANSIBLE:
        return _ansible(name, args, ctx)
    if name == "networksetup":
        return _networksetup(args)
    if name == "nmcli":
        return _nmcli(args)
    if name == "auth0":
        return _auth0(args)
    return _system(name, args)
