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
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from gatekeeper.hookspecs import hookimpl
from gatekeeper.model import Finding, Verdict
from gatekeeper.paths import PROTECTED
from gatekeeper.shell.effects import write_targets

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


@hookimpl
def gatekeeper_check_command(command: Command, ctx: Context) -> Finding | None:
    """Every write channel of a shell command, and every argument that names a secret."""
    for word, how in write_targets(command):
        found = _write_finding(word.text, f"`{command.name or 'redirect'}` ({how})", ctx)
        if found is not None:
            return found
    for word in command.words[1:]:
        for raw in _path_candidates(word.text):
            found = _read_finding(raw, f"`{command.name}`", ctx)
            if found is not None:
                return found
    for _, value in command.assignments:
        for raw in _path_candidates(value.text):
            found = _read_finding(raw, "an environment assignment", ctx)
            if found is not None:
                return found
    return None


def _path_candidates(text: str) -> list[str]:
    """The parts of an argument that may name a file: itself, after `=`, after `@`."""
    out = [text] if text and not text.startswith("-") else []
    for sep in ("=", "@", ":"):
        if sep in text:
            tail = text.split(sep, 1)[1]
            if tail:
                out.append(tail)
    return out
