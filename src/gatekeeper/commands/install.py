"""`gatekeeper install` and `gatekeeper uninstall`: wire the hook into Claude Code.

install merges one matcher group into a Claude Code settings file::

    {"matcher": "*", "hooks": [{"type": "command", "command": "/abs/bin/gatekeeper hook",
                                "timeout": <reviewer timeout + margin>}]}

under ``PreToolUse`` (the default) or ``PermissionRequest`` (``--permission-request``). It
keeps every other key and hook, replaces an older gatekeeper entry instead of adding a
second one (so twice is once), backs the file up with a timestamp before changing it, and
refuses a file it cannot parse. It also writes a commented default config if there is none
and the ``/allow-tool`` slash command. uninstall takes back exactly that: gatekeeper's
handlers (and the groups and keys that held nothing else), the slash command and the
default config if they are still as install wrote them.

Where: ``--user`` (the default) is ``~/.claude/settings.json`` (``$CLAUDE_CONFIG_DIR`` if
set) and ``~/.claude/commands/``; ``--project DIR`` is ``DIR/.claude/settings.local.json``
(personal: the hook command is an absolute path on this machine, so it does not belong in
the committed ``settings.json``) and ``DIR/.claude/commands/``.
"""

from __future__ import annotations

import contextlib
import copy
import json
import math
import os
import shlex
import shutil
import sys
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gatekeeper import config as config_mod
from gatekeeper.fileutil import atomic_write, package_data, read_bytes

if TYPE_CHECKING:
    import argparse

EVENTS = ("PreToolUse", "PermissionRequest")
MATCHER = "*"  # every tool, MCP tools included (`mcp__.*` would be needed otherwise)
# On top of the reviewer's timeout: at worst, the fast client's wait for a hung server
# (20 s, `client.MAX_TIMEOUT`), then a cold start and Tier 1 (which gives up on a Bash call
# after 15 s plus one parse, GK-SHELL-008), and the margin a review child is given (5 s).
TIMEOUT_MARGIN_SECONDS = 60
COMMAND_FILE = "allow-tool.md"


class SettingsError(Exception):
    """A settings file gatekeeper will not touch (it cannot parse it)."""


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `install` and `uninstall` subcommands."""
    for name in ("install", "uninstall"):
        verb = "add the gatekeeper hook to" if name == "install" else "remove it from"
        p = sub.add_parser(
            name,
            help=f"{verb} Claude Code's settings",
            description=(__doc__ or "").split("\n\n", 1)[0],
        )
        where = p.add_mutually_exclusive_group()
        where.add_argument(
            "--user", action="store_true", help="~/.claude/settings.json (the default)"
        )
        where.add_argument(
            "--project", metavar="DIR", help="DIR/.claude/settings.local.json instead"
        )
        if name == "install":
            p.add_argument(
                "--permission-request",
                action="store_true",
                help="answer the PermissionRequest event instead of PreToolUse",
            )
            p.add_argument(
                "--cold",
                action="store_true",
                help="enter `gatekeeper hook` itself: no warm decision server, slower calls",
            )
        p.add_argument("--dry-run", action="store_true", help="show the diff, change nothing")
        p.set_defaults(func=run_install if name == "install" else run_uninstall)


# -- locations ------------------------------------------------------------------------------


def claude_dir(project: str | None) -> str:
    """`~/.claude` ($CLAUDE_CONFIG_DIR if set) or `DIR/.claude`."""
    if project:
        return os.path.join(os.path.abspath(os.path.expanduser(project)), ".claude")
    explicit = os.environ.get("CLAUDE_CONFIG_DIR")
    if explicit:
        return os.path.abspath(os.path.expanduser(explicit))
    return os.path.join(config_mod.home_dir(), ".claude")


def settings_path(project: str | None) -> str:
    """The settings file install writes."""
    name = "settings.local.json" if project else "settings.json"
    return os.path.join(claude_dir(project), name)


def command_path(project: str | None) -> str:
    """The slash command file install writes."""
    return os.path.join(claude_dir(project), "commands", COMMAND_FILE)


def gatekeeper_executable() -> str:
    """The absolute path of the installed `gatekeeper` executable.

    The running script when it is one (`.venv/bin/gatekeeper install`), else the console
    script beside this interpreter, else the one on PATH. Symlinks are kept: in a venv the
    script's directory, not its target's, is what matters.
    """
    argv0 = sys.argv[0] if sys.argv else ""
    if os.path.basename(argv0) == "gatekeeper" and os.path.isfile(argv0):
        return os.path.abspath(argv0)
    beside = os.path.join(os.path.dirname(sys.executable), "gatekeeper")
    if os.path.isfile(beside):
        return beside
    found = shutil.which("gatekeeper")
    return os.path.abspath(found) if found else beside


def hook_command(executable: str, *, cold: bool = False) -> str:
    """The shell-form command string Claude Code runs.

    By default the fast client (`gatekeeper.client`: this Python, ``-I -S``, the client
    script), which asks the warm decision server and falls back to the very code of
    ``gatekeeper hook``; with `cold`, ``<executable> hook`` itself (no server is ever started).
    """
    if cold:
        return f"{shlex.quote(executable)} hook"
    from gatekeeper import client

    return " ".join(shlex.quote(word) for word in client.hook_command())


def is_fast_client(argv: list[str]) -> bool:
    """``<python> -I -S <...>/gatekeeper/fasthook.py``: the command `hook_command` writes.

    ``.../gatekeeper/client.py``, which earlier versions wrote, is the same client.
    """
    return (
        len(argv) == 4
        and argv[1:3] == ["-I", "-S"]
        and argv[3]
        .replace(os.sep, "/")
        .endswith(("/gatekeeper/fasthook.py", "/gatekeeper/client.py"))
    )


def hook_timeout(reviewer_timeout: float) -> int:
    """Claude Code's timeout for the hook: above the reviewer's, since a timeout fails open."""
    return math.ceil(reviewer_timeout) + TIMEOUT_MARGIN_SECONDS


# -- the settings JSON ----------------------------------------------------------------------


def is_gatekeeper_handler(handler: object) -> bool:
    """A hook handler that runs `<...>/gatekeeper hook` (shell or exec form)."""
    if not isinstance(handler, dict) or handler.get("type") != "command":
        return False
    command = handler.get("command")
    if not isinstance(command, str):
        return False
    args = handler.get("args")
    try:
        argv = [command, *args] if isinstance(args, list) else shlex.split(command)
    except ValueError:
        return False
    if not all(isinstance(word, str) for word in argv):
        return False
    return is_fast_client(argv) or (
        len(argv) == 2 and argv[1] == "hook" and os.path.basename(argv[0]) == "gatekeeper"
    )


def parse_settings(data: bytes | None, where: str) -> dict[str, Any]:
    """A settings file as a dict ({} if missing or empty); SettingsError if unusable."""
    if data is None or not data.strip():
        return {}
    try:
        parsed = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise SettingsError(f"{where} is not valid JSON ({exc}); it was not changed") from None
    if not isinstance(parsed, dict):
        raise SettingsError(f"{where} holds a JSON {type(parsed).__name__}, not an object")
    hooks = parsed.get("hooks")
    if hooks is not None and not isinstance(hooks, dict):
        raise SettingsError(f"{where}: `hooks` is not an object; it was not changed")
    for event in EVENTS:
        groups = (hooks or {}).get(event)
        if groups is not None and not isinstance(groups, list):
            raise SettingsError(f"{where}: `hooks.{event}` is not a list; it was not changed")
    return parsed


def without_gatekeeper(settings: dict[str, Any]) -> dict[str, Any]:
    """A copy without gatekeeper's handlers; groups and keys that held only them go too."""
    out = copy.deepcopy(settings)
    hooks = out.get("hooks")
    if not isinstance(hooks, dict):
        return out
    for event in EVENTS:
        groups = hooks.get(event)
        if not isinstance(groups, list):
            continue
        kept: list[object] = []
        for group in groups:
            handlers = group.get("hooks") if isinstance(group, dict) else None
            if not isinstance(handlers, list) or not any(map(is_gatekeeper_handler, handlers)):
                kept.append(group)
                continue
            rest = [h for h in handlers if not is_gatekeeper_handler(h)]
            if rest:
                kept.append({**group, "hooks": rest})
        if kept:
            hooks[event] = kept
        else:
            del hooks[event]
    if not hooks:
        del out["hooks"]
    return out


def with_gatekeeper(
    settings: dict[str, Any], event: str, command: str, timeout: int
) -> dict[str, Any]:
    """A copy with exactly one gatekeeper handler, for `event` (any older one removed)."""
    out = without_gatekeeper(settings)
    group = {
        "matcher": MATCHER,
        "hooks": [{"type": "command", "command": command, "timeout": timeout}],
    }
    hooks = out.setdefault("hooks", {})
    hooks.setdefault(event, []).append(group)
    return out


def render_settings(settings: dict[str, Any]) -> str:
    """Settings as Claude Code writes them: 2-space JSON and a final newline."""
    return json.dumps(settings, indent=2, ensure_ascii=False) + "\n"


def registered(settings: dict[str, Any]) -> list[tuple[str, str, object]]:
    """(event, command, timeout) of every gatekeeper handler in a settings dict."""
    found: list[tuple[str, str, object]] = []
    hooks = settings.get("hooks")
    if not isinstance(hooks, dict):
        return found
    for event in EVENTS:
        for group in hooks.get(event) or []:
            handlers = group.get("hooks") if isinstance(group, dict) else None
            for handler in handlers if isinstance(handlers, list) else []:
                if is_gatekeeper_handler(handler):
                    found.append((event, str(handler["command"]), handler.get("timeout")))
    return found


# -- the other files ------------------------------------------------------------------------


def default_config_text() -> str:
    """The commented default config install writes when there is none."""
    return package_data("config.toml")


def slash_command_text(executable: str) -> str:
    """The /allow-tool command, naming the gatekeeper executable to run."""
    return package_data(COMMAND_FILE).replace("{gatekeeper}", executable)


# -- the plan and its execution -------------------------------------------------------------


@dataclass
class Change:
    """One file install/uninstall creates, rewrites or removes."""

    path: str
    before: str | None  # None: the file does not exist
    after: str | None  # None: the file is removed
    backup: bool = False
    mode: int = 0o644
    note: str = ""

    @property
    def changes(self) -> bool:
        return self.before != self.after


@dataclass
class Plan:
    """Everything one install or uninstall would do."""

    changes: list[Change] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _text(path: str) -> str | None:
    data = read_bytes(path)
    return data.decode("utf-8", "replace") if data is not None else None


def plan_install(project: str | None, event: str, executable: str, *, cold: bool = False) -> Plan:
    """What install would change; SettingsError if the settings file is unusable."""
    spath = settings_path(project)
    raw = read_bytes(spath)
    settings = parse_settings(raw, spath)
    cwd = os.path.abspath(project) if project else os.getcwd()
    reviewer_timeout = config_mod.load(cwd).reviewer.timeout_seconds
    command = hook_command(executable, cold=cold)
    new = with_gatekeeper(settings, event, command, hook_timeout(reviewer_timeout))
    plan = Plan()
    before = raw.decode("utf-8") if raw is not None else None
    if new != settings or raw is None:
        plan.changes.append(
            Change(spath, before, render_settings(new), backup=raw is not None, mode=_mode(spath))
        )
    else:
        plan.notes.append(f"{spath}: the hook is already installed")
    cpath = config_mod.user_config_path()
    if read_bytes(cpath) is None:
        plan.changes.append(Change(cpath, None, default_config_text(), mode=0o600))
    cmd = command_path(project)
    wanted = slash_command_text(executable)
    current = _text(cmd)
    if current != wanted:
        plan.changes.append(Change(cmd, current, wanted, backup=current is not None))
    return plan


def plan_uninstall(project: str | None, executable: str) -> Plan:
    """What uninstall would change; SettingsError if the settings file is unusable."""
    spath = settings_path(project)
    raw = read_bytes(spath)
    settings = parse_settings(raw, spath)
    plan = Plan()
    new = without_gatekeeper(settings)
    if raw is not None and new != settings:
        plan.changes.append(
            Change(spath, raw.decode("utf-8"), render_settings(new), backup=True, mode=_mode(spath))
        )
    else:
        plan.notes.append(f"{spath}: no gatekeeper hook to remove")
    cmd = command_path(project)
    current = _text(cmd)
    if current is not None:
        if current == slash_command_text(executable):
            plan.changes.append(Change(cmd, current, None))
        else:
            plan.notes.append(f"{cmd}: changed since install (or not ours); left in place")
    cpath = config_mod.user_config_path()
    current = _text(cpath) if project is None else None  # the config is per user
    if current is not None and current == default_config_text():
        plan.changes.append(Change(cpath, current, None))
    elif current is not None:
        plan.notes.append(f"{cpath}: your config is kept")
    return plan


def _mode(path: str) -> int:
    try:
        return os.stat(path).st_mode & 0o777
    except OSError:
        return 0o644


def diff(change: Change) -> str:
    """A unified diff of one change."""
    import difflib

    before = (change.before or "").splitlines(keepends=True)
    after = (change.after or "").splitlines(keepends=True)
    name = change.path
    return "".join(
        difflib.unified_diff(
            before,
            after,
            fromfile=name if change.before is not None else "/dev/null",
            tofile=name if change.after is not None else "/dev/null",
        )
    )


def backup_path(path: str, stamp: str) -> str:
    """`settings.json.gatekeeper-backup-20260101-120000` (a counter if that exists)."""
    candidate = f"{path}.gatekeeper-backup-{stamp}"
    n = 1
    while os.path.exists(candidate):
        n += 1
        candidate = f"{path}.gatekeeper-backup-{stamp}-{n}"
    return candidate


def apply(plan: Plan) -> list[str]:
    """Carry out a plan; returns one line per thing done."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    done: list[str] = []
    for change in plan.changes:
        if not change.changes:
            continue
        if change.backup and change.before is not None:
            saved = backup_path(change.path, stamp)
            shutil.copy2(change.path, saved)
            done.append(f"backed up {change.path} to {saved}")
        if change.after is None:
            os.unlink(change.path)
            done.append(f"removed {change.path}")
            if os.path.basename(os.path.dirname(change.path)) == "commands":
                with contextlib.suppress(OSError):  # only if empty: it may hold yours
                    os.rmdir(os.path.dirname(change.path))
            continue
        directory = os.path.dirname(change.path)
        os.makedirs(directory, mode=0o700 if change.mode == 0o600 else 0o755, exist_ok=True)
        atomic_write(change.path, change.after.encode("utf-8"), mode=change.mode)
        done.append(f"{'wrote' if change.before is None else 'updated'} {change.path}")
    return done


# -- the commands ---------------------------------------------------------------------------


def _report(plan: Plan, dry_run: bool) -> None:
    for change in plan.changes:
        if dry_run:
            sys.stdout.write(diff(change))
    for note in plan.notes:
        print(note)


def run_install(ns: argparse.Namespace) -> int:
    """`gatekeeper install`."""
    event = "PermissionRequest" if ns.permission_request else "PreToolUse"
    executable = gatekeeper_executable()
    try:
        plan = plan_install(ns.project, event, executable, cold=ns.cold)
    except SettingsError as exc:
        print(f"gatekeeper install: {exc}", file=sys.stderr)
        return 1
    if not os.path.isfile(executable):
        print(f"gatekeeper install: warning: {executable} does not exist", file=sys.stderr)
    _report(plan, ns.dry_run)
    if ns.dry_run:
        print("dry run: nothing was changed")
        return 0
    for line in apply(plan):
        print(line)
    command = hook_command(executable, cold=ns.cold)
    print(f"gatekeeper answers Claude Code's {event} event with: {command}")
    print("check it with: gatekeeper doctor")
    return 0


def run_uninstall(ns: argparse.Namespace) -> int:
    """`gatekeeper uninstall`."""
    try:
        plan = plan_uninstall(ns.project, gatekeeper_executable())
    except SettingsError as exc:
        print(f"gatekeeper uninstall: {exc}", file=sys.stderr)
        return 1
    _report(plan, ns.dry_run)
    if ns.dry_run:
        print("dry run: nothing was changed")
        return 0
    for line in apply(plan):
        print(line)
    from gatekeeper import client

    if client.server_running():
        client.stop_server()  # the warm decision server of this state dir, if one runs
        print("stopped the warm decision server")
    return 0
