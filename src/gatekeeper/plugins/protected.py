"""GK-PROT: the paths no plugin, rule or reviewer may approve a write to (essential plugin).

This plugin cannot be disabled, and its ELEVATE stands even over the user's allow rules.

## GK-PROT-001 — write to a protected path (ELEVATE)
**What it catches:** a write by any route — the Write/Edit/MultiEdit/NotebookEdit tools, a
shell redirect, ``tee``, ``cp``/``mv`` destinations, ``sed -i``, ``touch``, ``rm``... — to
gatekeeper's own config and state, Claude Code's ``settings*.json``, hooks, commands and
agents (project and home), ``.git`` internals, shell start-up files (``.bashrc``,
``.profile``, ``.zshrc``, ``.envrc``...), ``~/.ssh``, ``~/.aws`` and other credential stores,
``.env*`` files, and ``/etc``, ``/usr``, ``/boot``.
**Why:** each of these either switches the gate off or runs code later, outside any check.
**Example:** ``echo 'alias ls=...' >> ~/.bashrc``, ``Write .git/hooks/pre-commit``.
**Allowed alternative:** the human approves it in the dialog.

## GK-PROT-002 — read of a credential file (ELEVATE)
**What it catches:** any command argument or file tool path that names an existing
credential file: SSH and TLS private keys, ``.env*`` (not ``.env.example``),
``~/.aws/credentials``, ``~/.netrc``, ``.git-credentials``, ``/etc/shadow``...
**Why:** a secret read by the agent ends up in its context, and from there anywhere.
**Example:** ``cat ~/.ssh/id_rsa``, ``Read .env``.
**Allowed alternative:** ask the human to provide the value you need.

## GK-PROT-004 — a whole tree that holds protected paths (ELEVATE)
**What it catches:** a recursive removal, move or permission change of a directory that is
or contains a protected path: ``rm -r``/``-rf``, every operand of ``mv``, the start paths of
``find ... -delete``, ``chmod``/``chown``/``chgrp -R``, when the directory is ``/``, the
home directory or one of its parents, a directory that holds gatekeeper's config or state,
``/etc``, ``/usr``, ``/boot``, or any directory with a ``.git`` or ``.claude`` in it (a
project). Also every source of ``mv``: moving ``.claude/settings.json`` away switches the
hook off as surely as overwriting it.
**Why:** ``rm -rf ~`` writes every protected path at once; no allow rule may approve it.
``find X -name ... -delete`` (with tests that select what goes) is REVIEW rather than
ELEVATE when X holds protected paths: it may reach them, so no allow rule approves it, but a
reviewer can judge the filter.
**Example:** ``rm -rf ~``, ``rm -rf ..`` in a project, ``find ~ -delete``,
``mv .claude/settings.json /tmp/``.
**Allowed alternative:** remove what you mean by name (``rm -rf build``); the human
approves anything wider.

## GK-PROT-005 — a write or tree operation whose target is not known (REVIEW)
**What it catches:** a write channel or a tree operation whose target is computed at run
time (``rm -rf "$DIR"``, ``> "$OUT"``, ``mv $A $B``).
**Why:** nothing shows the target is not protected, so no allow rule may approve it
without a look: the reviewer (or the human) sees it.
**Example:** ``rm -rf "$BUILD_DIR"`` with an allow rule ``Bash(rm:*)``.
**Allowed alternative:** spell the path out.

## GK-PROT-003 — a `gatekeeper` command that changes the gate (ELEVATE)
**What it catches:** ``gatekeeper allow ...`` (except ``--list`` and ``--dry-run``),
``gatekeeper install``, ``uninstall``, ``plugins enable`` and ``plugins disable``.
**Why:** each rewrites gatekeeper's own config or Claude Code's settings; an agent (or a
reviewer) that could run them would approve its own next calls.
**Example:** ``gatekeeper allow rule 'Bash(*)' --force``.
**Allowed alternative:** the human approves it in the dialog (the ``/allow-tool`` command
shows the ``--dry-run`` diff first).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from gatekeeper.hookspecs import hookimpl
from gatekeeper.model import Finding, Verdict, Word
from gatekeeper.paths import PROTECTED
from gatekeeper.shell.effects import operands, write_targets

if TYPE_CHECKING:
    from gatekeeper.context import Context
    from gatekeeper.model import Command, ToolCall

_WRITE_TOOLS = {
    "Write": "file_path",
    "Edit": "file_path",
    "MultiEdit": "file_path",
    "NotebookEdit": "notebook_path",
}
_READ_TOOLS = {
    "Read": "file_path",
    "NotebookRead": "notebook_path",
    "Grep": "path",
    "Glob": "path",
    "LS": "path",
}


def _write_finding(raw: str, how: str, ctx: Context) -> Finding | None:
    kind, path = ctx.paths.classify(raw, write=True)
    if kind == PROTECTED:
        return Finding(
            Verdict.ELEVATE,
            "GK-PROT-001",
            f"{how} writes the protected path {path}: only the user can approve that",
        )
    return None


def _read_finding(raw: str, how: str, ctx: Context) -> Finding | None:
    # A bare word (`grep credentials x`) names a file only if one exists; a path always does.
    path_like = "/" in raw or raw.startswith(("~", "."))
    # A bare word that names no entry of any cwd cannot resolve to an existing file: one
    # lstat instead of a realpath. Only for plain ASCII, so that a NUL or an unencodable
    # character still fails inside realpath as before (a REVIEW finding, not silence).
    if (
        not path_like
        and raw.isascii()
        and "\0" not in raw
        and not any(
            os.path.lexists(os.path.join(cwd or "/", raw))
            for cwd in (ctx.paths.cwd, *ctx.paths.other_cwds)
        )
    ):
        return None
    for path in ctx.paths.resolve_all(raw):
        if not ctx.paths.is_secret(path) or not (path_like or os.path.lexists(path)):
            continue
        return Finding(
            Verdict.ELEVATE,
            "GK-PROT-002",
            f"{how} reads the credential file {path}: only the user can approve that",
        )
    return None


@hookimpl
def gatekeeper_check_tool(call: ToolCall, ctx: Context) -> Finding | None:
    """Writes to protected paths and reads of credential files by the file tools."""
    key = _WRITE_TOOLS.get(call.tool_name)
    if key and call.text(key):
        return _write_finding(call.text(key), call.tool_name, ctx)
    key = _READ_TOOLS.get(call.tool_name)
    if key and call.text(key):
        return _read_finding(call.text(key), call.tool_name, ctx)
    return None


_GATE_CHANGING = {"install", "uninstall", "allow", "plugins"}


def _changes_the_gate(command: Command) -> bool:
    args = command.argv[1:]
    sub = next((a for a in args if not a.startswith("-")), "")
    if command.name != "gatekeeper" or sub not in _GATE_CHANGING:
        return False
    if sub == "plugins":
        return any(a in ("enable", "disable") for a in args)
    if sub == "allow":
        return not any(a in ("--list", "--dry-run") for a in args)
    return "--dry-run" not in args


@hookimpl
def gatekeeper_check_command(command: Command, ctx: Context) -> Finding | None:
    """Every write channel of a shell command, and every argument that names a secret."""
    if _changes_the_gate(command):
        return Finding(
            Verdict.ELEVATE,
            "GK-PROT-003",
            f"`{command.text[:80]}` changes gatekeeper's own configuration: only the user "
            "can approve that",
        )
    unknown: Finding | None = None
    for word, how in [*write_targets(command), *_moved_sources(command)]:
        if word.dynamic:
            unknown = unknown or _unknown_target(command, word.text)
            continue
        found = _write_finding(word.text, f"`{command.name or 'redirect'}` ({how})", ctx)
        if found is not None:
            return found
    whole = not _filtered_find(command)
    for word in _tree_targets(command):
        if word.dynamic:
            unknown = unknown or _unknown_target(command, word.text)
            continue
        for path in ctx.paths.resolve_all(word.text):
            if not ctx.paths.holds_protected(path):
                continue
            if whole:
                return Finding(
                    Verdict.ELEVATE,
                    "GK-PROT-004",
                    f"`{command.name}` acts on all of {path}, which holds protected paths: "
                    "only the user can approve that",
                )
            unknown = unknown or Finding(
                Verdict.REVIEW,
                "GK-PROT-004",
                f"`find -delete` below {path} may reach the protected paths it holds",
            )
    for word in command.words[1:]:
        for raw in _path_candidates(word.text):
            found = _read_finding(raw, f"`{command.name}`", ctx)
            if found is not None:
                return found
    for r in command.redirects:
        if r.op in ("<", "<>", "<&"):
            found = _read_finding(r.target.text, f"`{command.name or 'redirect'}` (`{r.op}`)", ctx)
            if found is not None:
                return found
    for _, value in command.assignments:
        for raw in _path_candidates(value.text):
            found = _read_finding(raw, "an environment assignment", ctx)
            if found is not None:
                return found
    return unknown


def _unknown_target(command: Command, text: str) -> Finding:
    return Finding(
        Verdict.REVIEW,
        "GK-PROT-005",
        f"`{command.name or 'redirect'}` writes `{text[:60]}`, which is only known at run "
        "time: it could be a protected path",
    )


_RECURSIVE = {"-r", "-R", "--recursive"}


def _recursive(command: Command) -> bool:
    for arg in command.argv[1:]:
        if arg == "--":
            return False
        if arg in _RECURSIVE or (
            arg.startswith("-") and not arg.startswith("--") and ("r" in arg or "R" in arg)
        ):
            return True
    return False


def _moved_sources(command: Command) -> list[tuple[Word, str]]:
    """Every operand of `mv` but the last: the source disappears from where it was."""
    if command.name != "mv":
        return []
    ops = operands(command, {"-t", "--target-directory", "-S", "--suffix"})
    if any(
        a in ("-t", "--target-directory") or a.startswith("--target-directory=")
        for a in command.argv
    ):
        return [(w, "`mv` source") for w in ops]
    return [(w, "`mv` source") for w in ops[:-1]]


def _filtered_find(command: Command) -> bool:
    """`find X -name ... -delete`: deletes what matches, not necessarily the whole tree."""
    if command.name != "find":
        return False
    tests = [a for a in command.argv[1:] if a.startswith("-") and a not in ("-delete", "-depth")]
    return bool(tests)


def _tree_targets(command: Command) -> list[Word]:
    """The directories a command removes, moves or re-permissions as a whole."""
    name = command.name
    if name == "rm" and _recursive(command):
        return operands(command)
    if name == "mv":
        return operands(command, {"-t", "--target-directory", "-S", "--suffix"})
    if name in ("chmod", "chown", "chgrp") and _recursive(command):
        return operands(command)[1:]
    if name == "find" and "-delete" in command.argv:
        starts = []
        for word in command.words[1:]:
            if word.text.startswith(("-", "(", "!", "\\(")) or word.text in ("(", "!"):
                break
            starts.append(word)
        return starts or [Word(".")]
    return []


def _path_candidates(text: str) -> list[str]:
    """The parts of an argument that may name a file: itself, after `=`, after `@`."""
    out = [text] if text and not text.startswith("-") else []
    for sep in ("=", "@", ":"):
        if sep in text:
            tail = text.split(sep, 1)[1]
            if tail:
                out.append(tail)
    return out
