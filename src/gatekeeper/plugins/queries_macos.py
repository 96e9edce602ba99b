"""GK-QUERY for macOS system tools: the listing and inspecting forms only.

Not a plugin of its own: `gatekeeper.plugins.queries` dispatches the names in `TOOLS` here
(rule ids GK-QUERY-001/002, documented in docs/rules.md). A file or bundle operand is a read
under the path policy (`check_reads`). Kept at review on purpose: `defaults read|find` (apps
keep tokens in their preferences, which live outside the allowed dirs), every `security`
form that touches passwords or keys, `launchctl print|getenv|procinfo|dumpstate` (they print
jobs' environments), `profiles show` (payload contents), `scutil -r` (a DNS lookup of a name
the command chooses: egress).
"""

from __future__ import annotations

from gatekeeper.lazyre import LazyRegex
from gatekeeper.plugins import queries_ops
from gatekeeper.plugins.bash import check_reads

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from gatekeeper.context import Context
    from gatekeeper.model import Command, Finding, Word


_safe = queries_ops.safe
_review = queries_ops.review


def _reads(command: Command, ctx: Context, words: list[Word], reason: str) -> Finding:
    """SAFE with `reason` when every word is a path the policy lets us read."""
    return check_reads(command, ctx, words) or _safe(reason)


_HELP = {"help", "--help", "-h", "version", "--version", "-version"}
_NAME = LazyRegex(r"^[A-Za-z0-9_.:/@*+-]+$")


# -- diskutil --------------------------------------------------------------------------------

_DISKUTIL_READ = {"list", "info", "information", "listFilesystems", "activity", "apfs"}


def _diskutil(args: list[str]) -> Finding | None:
    if not args or args[0] not in _DISKUTIL_READ:
        return None
    if args[0] == "apfs":
        if args[1:2] == ["list"] and all(a == "-plist" or _NAME.match(a) for a in args[2:]):
            return _safe("`diskutil apfs list` only lists containers")
        return None
    if all(a in ("-plist", "--all", "-all") or _NAME.match(a) for a in args[1:]):
        return _safe(f"`diskutil {args[0]}` only shows disks")
    return None


# -- launchctl -------------------------------------------------------------------------------

_LAUNCHCTL_READ = {
    "list", "print-disabled", "print-cache", "blame", "help", "version", "variant",
    "hostinfo", "managername", "managerpid", "manageruid", "error",
}  # fmt: skip


def _launchctl(args: list[str]) -> Finding | None:
    if args and args[0] in _LAUNCHCTL_READ and all(_NAME.match(a) for a in args[1:]):
        return _safe(f"`launchctl {args[0]}` only lists services")
    if args and args[0] in ("load", "unload", "bootstrap", "bootout", "enable", "disable"):
        return _review(f"`launchctl {args[0]}` starts, stops or changes services")
    if args and args[0] in ("submit", "start", "stop", "kickstart", "kill", "setenv"):
        return _review(f"`launchctl {args[0]}` starts, stops or changes services")
    return None


# -- tmutil ----------------------------------------------------------------------------------

_TMUTIL_READ = {
    "listbackups", "latestbackup", "destinationinfo", "machinedirectory", "version", "help",
    "listlocalsnapshots", "listlocalsnapshotdates", "status",
}  # fmt: skip


def _tmutil(args: list[str], command: Command, ctx: Context) -> Finding | None:
    if not args:
        return None
    if args[0] in _TMUTIL_READ and all(a in ("-m", "-t", "-X", "/") for a in args[1:]):
        return _safe(f"`tmutil {args[0]}` only shows the backups")
    if args[0] == "help" and len(args) == 2 and _NAME.match(args[1]):
        return _safe("`tmutil help` only prints help")
    if args[0] == "isexcluded":
        words = [w for w in command.words[2:] if not w.text.startswith("-")]
        return _reads(command, ctx, words, "`tmutil isexcluded` only reads an attribute")
    if args[0] in ("startbackup", "stopbackup", "delete", "deletelocalsnapshots", "restore"):
        return _review(f"`tmutil {args[0]}` starts, stops or removes backups")
    if args[0] in ("enable", "disable", "setdestination", "removedestination", "addexclusion"):
        return _review(f"`tmutil {args[0]}` changes the backup settings")
    return None


# -- pkgutil ---------------------------------------------------------------------------------

_PKGUTIL_QUERY = {
    "--pkgs", "--packages", "--pkgs-plist", "--groups", "--groups-plist", "--group-pkgs",
    "--pkg-groups", "--files", "--pkg-info", "--pkg-info-plist", "--export-plist",
    "--file-info", "--file-info-plist", "-h", "--help",
}  # fmt: skip
_PKGUTIL_FILE = {"--check-signature", "--payload-files"}
_PKGUTIL_MODIFIERS = {"--only-files", "--only-dirs", "-v", "--verbose", "--regexp"}


def _pkgutil(args: list[str], command: Command, ctx: Context) -> Finding | None:
    if not args:
        return None
    verb = args[0].split("=", 1)[0]
    rest = args[1:]
    if any(a.startswith("--volume") for a in rest):
        return None
    if not all(a in _PKGUTIL_MODIFIERS or not a.startswith("-") for a in rest):
        return None
    if verb in _PKGUTIL_QUERY:
        return _safe(f"`pkgutil {verb}` only reads the receipts database")
    if verb in _PKGUTIL_FILE:
        words = [w for w in command.words[2:] if not w.text.startswith("-")]
        return _reads(command, ctx, words, f"`pkgutil {verb}` only reads a package")
    if verb in ("--forget", "--expand", "--expand-full", "--flatten", "--learn", "--unlink"):
        return _review(f"`pkgutil {verb}` writes or removes files or receipts")
    return None


# -- scutil ----------------------------------------------------------------------------------

_SCUTIL_NAMES = {"ComputerName", "LocalHostName", "HostName"}


def _scutil(args: list[str]) -> Finding | None:
    if args in (["--dns"], ["--proxy"], ["--nwi"]):
        return _safe(f"`scutil {args[0]}` only shows the network configuration")
    if len(args) == 2 and args[0] == "--get" and args[1] in _SCUTIL_NAMES:
        return _safe("`scutil --get` only shows a name")
    if args[:1] == ["-w"] and len(args) in (2, 4) and (len(args) == 2 or args[2] == "-t"):
        return _safe("`scutil -w` only waits for a key")
    if args[:1] == ["--set"]:
        return _review("`scutil --set` changes a system name")
    return None


# -- codesign, spctl, hdiutil, xattr (they read the files they are given) -------------------

_CODESIGN_LETTERS = set("dvh")
_CODESIGN_LONG = {"--display", "--verify", "--deep", "--strict", "--verbose", "-vvvv"}


def _codesign(command: Command, ctx: Context) -> Finding | None:
    words = list(command.words[1:])
    files: list[Word] = []
    inspecting = False
    i = 0
    while i < len(words):
        t = words[i].text
        if t == "--entitlements":
            if i + 1 >= len(words) or words[i + 1].text not in ("-", ":-"):
                return None  # a file name: codesign writes the entitlements there
            i += 2
            continue
        if t.startswith("--verbose=") or t in _CODESIGN_LONG:
            inspecting = inspecting or t in ("--display", "--verify")
        elif t.startswith("-") and not t.startswith("--"):
            if not set(t[1:]) <= _CODESIGN_LETTERS:
                return None  # -s signs, -f forces, -o options...
            inspecting = inspecting or bool(set(t[1:]) & set("dvh"))
        elif t.startswith("-"):
            return None
        else:
            files.append(words[i])
        i += 1
    if not inspecting:
        return None
    if any(w.text.startswith("-h") for w in command.words[1:]):
        if all(w.text.isdigit() for w in files):
            return _safe("`codesign -h` only prints a process's hosting path")
        return None
    return _reads(command, ctx, files, "`codesign -d`/`-v` only inspects a signature")


def _spctl(command: Command, ctx: Context) -> Finding | None:
    args = list(command.argv[1:])
    if args in (["--status"], ["--disable-status"]):
        return _safe("`spctl --status` only shows the assessment setting")
    if not args or args[0] not in ("--assess", "-a"):
        if any(
            a in ("--add", "--remove", "--enable", "--disable", "--master-disable") for a in args
        ):
            return _review("`spctl` changes the assessment rules")
        return None
    files: list[Word] = []
    i = 1
    words = list(command.words[1:])
    while i < len(words):
        t = words[i].text
        if t in ("-t", "--type") and i + 1 < len(words):
            i += 2
            continue
        if t in ("-v", "-vv", "--verbose", "--raw"):
            pass
        elif t.startswith("-"):
            return None
        else:
            files.append(words[i])
        i += 1
    return _reads(command, ctx, files, "`spctl --assess` only assesses a file")


_HDIUTIL_FILE = {"imageinfo", "isencrypted", "checksum", "pmap", "verify"}


def _hdiutil(command: Command, ctx: Context) -> Finding | None:
    args = list(command.argv[1:])
    if args and args[0] in ("info", "help", "plugins") and all(a == "-plist" for a in args[1:]):
        return _safe(f"`hdiutil {args[0]}` only shows information")
    if not args or args[0] not in _HDIUTIL_FILE:
        if args and args[0] in ("attach", "detach", "create", "convert", "resize", "burn"):
            return _review(f"`hdiutil {args[0]}` mounts, writes or changes a disk image")
        return None
    words = list(command.words[2:])
    files: list[Word] = []
    i = 0
    while i < len(words):
        t = words[i].text
        if t == "-type" and args[0] == "checksum" and i + 1 < len(words):
            i += 2
            continue
        if t in ("-plist", "-verbose", "-quiet", "-debug"):
            pass
        elif t.startswith("-"):
            return None  # -shadow, -stdinpass, -srcimagekey...
        else:
            files.append(words[i])
        i += 1
    return _reads(command, ctx, files, f"`hdiutil {args[0]}` only reads an image")


def _xattr(command: Command, ctx: Context) -> Finding | None:
    words = list(command.words[1:])
    files: list[Word] = []
    takes_name = False
    i = 0
    while i < len(words):
        t = words[i].text
        if t.startswith("-") and len(t) > 1:
            if not set(t[1:]) <= set("lpxrsv"):
                return _review(f"`xattr {t}` writes, deletes or clears attributes")
            takes_name = takes_name or "p" in t
        elif takes_name:
            takes_name = False  # the attribute's name
        else:
            files.append(words[i])
        i += 1
    return _reads(command, ctx, files, "`xattr` only lists or prints attributes")


# -- security, profiles, defaults: only what reveals nothing secret --------------------------

# Certificates, identities' names and trust settings are public; passwords, keys and
# `dump-keychain` are not, and neither is anything not listed here.
_SECURITY_READ = {
    "help", "error", "find-certificate", "find-identity", "dump-trust-settings",
    "list-smartcards", "show-keychain-info",
}  # fmt: skip
_SECURITY_LISTS = {"list-keychains", "default-keychain", "login-keychain"}


def _security(args: list[str]) -> Finding | None:
    if not args:
        return None  # an interactive prompt
    sub, rest = args[0], args[1:]
    if sub in _SECURITY_LISTS and rest in ([], ["-d", "user"], ["-d", "system"]):
        return _safe(f"`security {sub}` only lists keychains")  # `-s` would set them
    if sub in _SECURITY_READ and all(_NAME.match(a) for a in rest):
        return _safe(f"`security {sub}` reveals no secret")
    return None


def _profiles(args: list[str]) -> Finding | None:
    if (
        args
        and args[0] in ("list", "status", "version", "help")
        and all(a.startswith("-") or _NAME.match(a) for a in args[1:])
        and not any(a.lstrip("-").startswith("o") for a in args[1:] if a.startswith("-"))
    ):  # `-o`/`-output` writes a file
        return _safe(f"`profiles {args[0]}` only lists the installed profiles")
    if args and args[0] in ("install", "remove", "renew", "sync"):
        return _review(f"`profiles {args[0]}` changes the installed profiles")
    return None


def _defaults(args: list[str]) -> Finding | None:
    rest = list(args)
    if rest[:1] == ["-currentHost"]:
        rest = rest[1:]
    if rest in (["domains"], ["help"]):
        return _safe(f"`defaults {rest[0]}` only lists domain names")
    if rest[:1] == ["read-type"] and len(rest) == 3:
        return _safe("`defaults read-type` only prints a type")
    if rest[:1] and rest[0] in ("write", "delete", "import", "rename"):
        return _review(f"`defaults {rest[0]}` changes preferences")
    return None


TOOLS = frozenset(
    {
        "diskutil", "launchctl", "tmutil", "pkgutil", "scutil", "codesign", "spctl", "hdiutil",
        "xattr", "security", "profiles", "defaults",
    }
)  # fmt: skip


def check(name: str, args: list[str], command: Command, ctx: Context) -> Finding | None:
    """The finding for one of `TOOLS`, or None (no opinion: review)."""
    if name == "diskutil":
        return _diskutil(args)
    if name == "launchctl":
        return _launchctl(args)
    if name == "tmutil":
        return _tmutil(args, command, ctx)
    if name == "pkgutil":
        return _pkgutil(args, command, ctx)
    if name == "scutil":
        return _scutil(args)
    if name == "codesign":
        return _codesign(command, ctx)
    if name == "spctl":
        return _spctl(command, ctx)
    if name == "hdiutil":
        return _hdiutil(command, ctx)
    if name == "xattr":
        return _xattr(command, ctx)
    if name == "security":
        return _security(args)
    if name == "profiles":
        return _profiles(args)
    return _defaults(args)
