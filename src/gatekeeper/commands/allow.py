"""`gatekeeper allow`: teach gatekeeper a directory, a command or a rule, validated.

    gatekeeper allow path DIR                       → [paths] allowed
    gatekeeper allow command 'make test'            → [permissions] allow "Bash(make test)"
    gatekeeper allow rule 'Bash(npm run lint:*)'    → [permissions] allow
    ... --ask / --deny                              → [permissions] ask / deny instead
    gatekeeper allow --list | --remove ENTRY

Entries go to ``allowed.toml`` beside the user config (rewritten whole with tomli-w under a
lock); the hand-written ``config.toml`` and its comments are never touched. Every change is
shown as a diff; ``--dry-run`` shows it and writes nothing.

Refused without ``--force``: a directory that does not exist, ``/`` or the home directory
itself, a protected path or credential store, a rule so broad it allows a whole tool
(``Bash``, ``Edit``), and an allow for a command Tier 1 sends to the human (``git push``).
Protected paths stay protected whatever is allowed: the protected-paths check runs even
for calls an allow rule covers.

``--project`` writes the project's ``.claude/gatekeeper.toml`` instead. A project config may
only tighten unless the user config trusts the project (``[projects] trusted``), so
``--project`` with an allow (not ``--ask``/``--deny``) is refused for an untrusted project.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gatekeeper import allowed
from gatekeeper import config as config_mod
from gatekeeper import rules as rules_mod

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable

KINDS = ("path", "command", "rule")
# Tools whose bare name (no specifier) in an allow rule would wave through every call.
# `Monitor` runs its command in bash, as `Bash` does (redteam17): judged as a Bash call.
_BROAD_TOOLS = {
    "Bash", "Monitor", "Read", "Edit", "Write", "MultiEdit", "NotebookEdit", "WebFetch",
}  # fmt: skip


class Refused(Exception):
    """The entry is not written; the message says why and how to override, if one can."""


def add_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `allow` subcommand."""
    p = sub.add_parser(
        "allow",
        help="trust a directory, a command or a permission rule (allowed.toml)",
        description="Add a directory, a command or a Claude Code permission rule to "
        "gatekeeper's allowed.toml (validated, diff shown). --ask/--deny add an ask or deny "
        "rule instead; --list shows every entry; --remove takes one back.",
    )
    p.add_argument("kind", nargs="?", help="path, command or rule (or the entry for --remove)")
    p.add_argument("value", nargs="?", help="the directory, command line or rule")
    level = p.add_mutually_exclusive_group()
    level.add_argument("--ask", action="store_true", help="always ask the user instead")
    level.add_argument("--deny", action="store_true", help="always refuse it instead")
    p.add_argument(
        "--project",
        action="store_true",
        help="write this project's .claude/gatekeeper.toml instead of allowed.toml",
    )
    p.add_argument("--force", action="store_true", help="write an entry that is refused")
    p.add_argument("--dry-run", action="store_true", help="show the diff, write nothing")
    p.add_argument("--list", action="store_true", help="list every entry")
    p.add_argument("--remove", action="store_true", help="remove the entry instead")
    p.set_defaults(func=run)


@dataclass(frozen=True)
class Entry:
    """Where one entry goes: ``[section] key`` gets ``value``."""

    section: str
    key: str
    value: str
    warning: str = ""


# -- turning arguments into entries ---------------------------------------------------------


def path_entries(raw: str, level: str, force: bool) -> list[Entry]:
    """`allow path DIR`: the resolved directory (or Read/Edit rules for --ask/--deny)."""
    from gatekeeper.paths import PathPolicy, resolve

    path = resolve(raw, os.getcwd())
    if not os.path.exists(path):
        raise Refused(f"{path} does not exist")
    home = os.path.realpath(config_mod.home_dir())
    warning = ""
    if path in ("/", home):
        why = f"{path} is {'the whole filesystem' if path == '/' else 'your home directory'}"
        if not force:
            raise Refused(f"{why}; name a directory inside it (or --force)")
        warning = f"{why}: gatekeeper never treats it as an allowed directory whole"
    config = config_mod.load(os.getcwd())
    policy = PathPolicy.from_config(config, os.getcwd())
    if policy.is_protected(path) or policy.is_secret(path):
        if not force:
            raise Refused(
                f"{path} is a protected path (gatekeeper's config, Claude Code settings, "
                ".git, credentials, start-up files...); use --force to add it anyway"
            )
        warning = f"{path} is protected: writes to its protected files still go to you"
    if level == "allow":
        return [Entry("paths", "allowed", path, warning)]
    pattern = f"//{path.lstrip('/')}/**" if os.path.isdir(path) else f"//{path.lstrip('/')}"
    return [
        Entry("permissions", level, f"Read({pattern})", warning),
        Entry("permissions", level, f"Edit({pattern})", warning),
    ]


def command_rule(text: str) -> str:
    """`allow command 'make test'` → `Bash(make test)`: one literal simple command."""
    from gatekeeper.shell.parse import parse

    if not text.strip():
        raise Refused("the command is empty")
    if "*" in text:
        raise Refused("a command with `*` is a pattern: use `gatekeeper allow rule 'Bash(...)'`")
    script = parse(text, config_mod.home_dir())
    if script.problems:
        raise Refused(f"`{text}` cannot be vouched for: {script.problems[0].reason}")
    if len(script.commands) != 1:
        raise Refused(
            f"`{text}` holds {len(script.commands)} commands; a rule matches one simple "
            "command at a time, so add each on its own"
        )
    [command] = script.commands
    expands = "$" in text or "`" in text or any(w.dynamic for w in command.words)
    if expands or command.redirects:
        raise Refused(f"`{text}` has expansions or redirects: a rule cannot pin them down")
    return f"Bash({' '.join(command.argv)})"


def rule_entry(text: str, level: str, force: bool) -> Entry:
    """Validate a rule; an allow that is too broad or overrides an ELEVATE needs --force."""
    try:
        rule = rules_mod.parse_rule(text, level)
    except rules_mod.RuleError as exc:
        raise Refused(str(exc)) from None
    warning = ""
    if level == "allow":
        if rule.spec is None and rule.tool in _BROAD_TOOLS:
            if not force:
                raise Refused(f"`{rule.text}` allows every {rule.tool} call; narrow it (or --force)")
            warning = f"`{rule.text}` allows every {rule.tool} call"
        elevated = _elevated(rule)
        if elevated:
            if not force:
                raise Refused(
                    f"gatekeeper sends this to you on purpose: {elevated}. Use --force to "
                    "allow it anyway (protected paths stay protected)"
                )
            warning = f"overrides: {elevated}"
    return Entry("permissions", level, rule.text, warning)


def _elevated(rule: rules_mod.Rule) -> str:
    """Tier 1's ELEVATE reason for the literal part of a Bash rule, "" if none."""
    if rule.tool != "Bash" or rule.spec is None:
        return ""
    sample = rule.spec.removesuffix(":*").split("*", 1)[0].strip()
    if not sample:
        return ""
    import json
    from dataclasses import replace

    from gatekeeper.model import Outcome
    from gatekeeper.pipeline import Engine, parse_input

    cwd = os.getcwd()
    config = config_mod.load(cwd)
    config = replace(
        config, allow=(), ask=(), deny=(), reviewer=replace(config.reviewer, enabled=False)
    )
    payload = {"tool_name": "Bash", "tool_input": {"command": sample}, "cwd": cwd}
    decision = Engine(config).decide(parse_input(json.dumps(payload).encode()))
    if decision.outcome == Outcome.ASK and decision.tier == "tier1" and decision.findings:
        top = decision.findings[0]
        if top.verdict.value == "elevate":
            return f"{top.reason} [{top.rule}]"
    return ""


def entries_for(ns: argparse.Namespace, level: str) -> list[Entry]:
    """The entries the arguments ask for; Refused or ValueError (usage) otherwise."""
    if ns.kind not in KINDS or ns.value is None:
        raise ValueError("give `path DIR`, `command 'CMD'` or `rule 'Tool(spec)'`")
    if ns.kind == "path":
        return path_entries(ns.value, level, ns.force)
    if ns.kind == "command":
        return [rule_entry(command_rule(ns.value), level, ns.force)]
    return [rule_entry(ns.value, level, ns.force)]


# -- the files ------------------------------------------------------------------------------


def target_file(ns: argparse.Namespace) -> str:
    """allowed.toml, or the project's .claude/gatekeeper.toml with --project."""
    if not ns.project:
        return allowed.path()
    root = config_mod.project_root(os.getcwd())
    if not root:
        raise Refused(f"no project root found from {os.getcwd()}")
    return os.path.join(root, ".claude", "gatekeeper.toml")


def _project_trusted(target: str) -> bool:
    root = os.path.dirname(os.path.dirname(target))
    trusted = config_mod.load(root).trusted_projects
    return root in {os.path.realpath(os.path.expanduser(p)) for p in trusted}


def update(
    target: str, mutate: Callable[[dict[str, object]], None], dry_run: bool
) -> tuple[str, str]:
    """Rewrite allowed.toml (or a project file) under its lock; (before, after) texts."""
    if target == allowed.path():
        return allowed.update(mutate, where=target, dry_run=dry_run)
    import tomli_w

    from gatekeeper.fileutil import atomic_write, locked, read_bytes

    os.makedirs(os.path.dirname(target), exist_ok=True)
    with locked(target):
        raw = read_bytes(target)
        data = allowed.load(target)  # the same strict parse as allowed.toml
        before = raw.decode() if raw is not None else ""
        mutate(data)
        after = tomli_w.dumps(data)
        if not dry_run and after != before:
            atomic_write(target, after.encode(), mode=0o644)  # meant to be committed
        return before, after


def show_diff(target: str, before: str, after: str) -> None:
    """Print the change as a unified diff."""
    import difflib

    sys.stdout.writelines(
        difflib.unified_diff(
            before.splitlines(keepends=True),
            after.splitlines(keepends=True),
            fromfile=target if before else "/dev/null",
            tofile=target,
        )
    )


def list_entries(target: str) -> int:
    """`--list`: every entry of the file, one per line, as the command that removes it."""
    data = allowed.load(target) if os.path.exists(target) else {}
    print(f"# {target}")
    count = 0
    for section, key in (
        ("paths", "allowed"),
        ("permissions", "allow"),
        ("permissions", "ask"),
        ("permissions", "deny"),
    ):
        table = data.get(section)
        values = table.get(key, []) if isinstance(table, dict) else []
        for value in values if isinstance(values, list) else []:
            print(f"{section + '.' + key:19} {value}")
            count += 1
    if not count:
        print("(no entries)")
    return 0


# -- the command ----------------------------------------------------------------------------


def run(ns: argparse.Namespace) -> int:
    """`gatekeeper allow`."""
    level = "deny" if ns.deny else "ask" if ns.ask else "allow"
    try:
        target = target_file(ns)
        if ns.list:
            return list_entries(target)
        if ns.remove:
            return _remove(ns, target)
        entries = entries_for(ns, level)
        if ns.project and level == "allow" and not _project_trusted(target):
            raise Refused(
                "a project config may only tighten unless the project is in [projects] "
                "trusted of your user config: use --ask/--deny, or drop --project"
            )
    except ValueError as exc:
        print(f"gatekeeper allow: {exc}", file=sys.stderr)
        return 2
    except (Refused, allowed.AllowedFileError) as exc:
        print(f"gatekeeper allow: refused: {exc}", file=sys.stderr)
        return 1
    for entry in entries:
        if entry.warning:
            print(f"warning: {entry.warning}", file=sys.stderr)

    def mutate(data: dict[str, object]) -> None:
        for entry in entries:
            values = allowed.str_list(data, entry.section, entry.key)
            if entry.value not in values:
                values.append(entry.value)

    try:
        before, after = update(target, mutate, ns.dry_run)
    except allowed.AllowedFileError as exc:
        print(f"gatekeeper allow: refused: {exc}", file=sys.stderr)
        return 1
    if before == after:
        print(f"already there: {', '.join(e.value for e in entries)}")
        return 0
    show_diff(target, before, after)
    print("dry run: nothing was written" if ns.dry_run else f"written to {target}")
    return 0


def _remove(ns: argparse.Namespace, target: str) -> int:
    if ns.kind in KINDS and ns.value is not None:
        wanted = {_canonical(ns.kind, ns.value)}
    elif ns.kind is not None and ns.value is None:
        wanted = {ns.kind}  # the entry exactly as `--list` prints it
    else:
        raise ValueError("give the entry to remove: `--remove ENTRY` or `--remove KIND VALUE`")
    removed: list[str] = []

    def mutate(data: dict[str, object]) -> None:
        for section in ("paths", "permissions"):
            table = data.get(section)
            if not isinstance(table, dict):
                continue
            for key, values in table.items():
                if isinstance(values, list):
                    kept = [v for v in values if v not in wanted]
                    removed.extend(v for v in values if v in wanted)
                    table[key] = kept

    before, after = update(target, mutate, ns.dry_run)
    if not removed:
        print(f"gatekeeper allow: {', '.join(sorted(wanted))} is not in {target}", file=sys.stderr)
        return 1
    show_diff(target, before, after)
    print("dry run: nothing was written" if ns.dry_run else f"removed from {target}")
    return 0


def _canonical(kind: str, value: str) -> str:
    if kind == "path":
        from gatekeeper.paths import resolve

        return resolve(value, os.getcwd())
    if kind == "command":
        return command_rule(value)
    return value.strip()
