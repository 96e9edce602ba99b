"""GK-FILE: the file tools (Read, Write, Edit, MultiEdit, Glob, Grep, LS, NotebookEdit).

Paths go through the one path policy (`gatekeeper.paths`): expanded, made absolute against
``cwd``, resolved through symlinks, compared component by component.

## GK-FILE-001 — inside an allowed directory (SAFE)
**What it catches:** a file tool whose path (or, for Glob/Grep/LS without one, ``cwd``) is
inside the project root or a directory under ``[paths] allowed``.
**Why:** the project is what the agent was asked to work on.
**Example:** ``Edit src/app.py`` in the project.

## GK-FILE-002 — inside a tmp directory (SAFE)
**What it catches:** a path under ``/tmp``, ``/var/tmp`` or ``$TMPDIR``.
**Why:** scratch space; nothing there outlives the task.
**Example:** ``Write /tmp/notes.txt``.

## GK-FILE-003 — outside the allowed directories (REVIEW)
**What it catches:** any other path.
**Why:** the user did not hand that part of the disk to the agent.
**Example:** ``Read /etc/hosts``, ``Edit ~/other-project/x.py``.
**Allowed alternative:** ``gatekeeper allow path DIR``.

## GK-FILE-004 — no usable path (REVIEW)
**What it catches:** a file tool call without a path string.
**Why:** the gate cannot tell what it touches.

## GK-FILE-005 — a pattern that climbs out (REVIEW)
**What it catches:** a Glob/Grep pattern with ``..`` segments or an absolute pattern that
leaves the allowed directories.
**Why:** ``src/../../etc/*`` is not inside ``src``.
**Example:** ``Glob ../../**/*.pem``.
"""

from __future__ import annotations

from gatekeeper.hookspecs import hookimpl
from gatekeeper.lazyre import LazyRegex
from gatekeeper.model import Finding, Verdict
from gatekeeper.paths import _CLASS_ORDER, ALLOWED, DEVICE, TMP

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from gatekeeper.context import Context
    from gatekeeper.model import ToolCall

_PATH_KEY = {
    "Read": "file_path",
    "Write": "file_path",
    "Edit": "file_path",
    "MultiEdit": "file_path",
    "NotebookEdit": "notebook_path",
    "NotebookRead": "notebook_path",
    "Glob": "path",
    "Grep": "path",
    "LS": "path",
}
_CWD_DEFAULT = {"Glob", "Grep", "LS"}
_WRITES = {"Write", "Edit", "MultiEdit", "NotebookEdit"}
# A brace alternative that starts at the root, the home or a parent directory.
_BRACE_OUT = LazyRegex(r"[{,](?:/|~|\.\.(?:[/,}]|$))")


@hookimpl
def gatekeeper_check_tool(call: ToolCall, ctx: Context) -> Finding | None:
    """Inside an allowed or tmp directory → SAFE; anywhere else → REVIEW."""
    key = _PATH_KEY.get(call.tool_name)
    if key is None:
        return None
    raw = call.text(key)
    if not raw and call.tool_name in _CWD_DEFAULT:
        raw = call.cwd
    if not raw:
        return Finding(Verdict.REVIEW, "GK-FILE-004", f"{call.tool_name} has no usable `{key}`")
    for pattern_key in ("pattern", "glob"):
        pattern = call.text(pattern_key) if call.tool_name in ("Glob", "Grep") else ""
        if pattern_key == "pattern" and call.tool_name == "Grep":
            continue  # Grep's pattern is a regex over contents, not a path
        if pattern and _climbs_out(pattern, raw, ctx):
            return Finding(
                Verdict.REVIEW,
                "GK-FILE-005",
                f"{call.tool_name} pattern `{pattern}` reaches outside {raw}",
            )
    kind, path = ctx.paths.classify(raw, write=call.tool_name in _WRITES)
    named = ctx.paths.by_name(raw)  # where Node's `path.resolve` takes `..` (see there)
    if named is not None:
        other = ctx.paths.classify(named, write=call.tool_name in _WRITES)
        if _CLASS_ORDER.index(other[0]) < _CLASS_ORDER.index(kind):
            kind, path = other
    if call.tool_name == "Read" and path.endswith(("/.mcp.json", "/.claude.json")):
        from gatekeeper.shell.gitcreds import secret_mcp_config

        if secret_mcp_config(path):  # `claude mcp add -e KEY=VALUE` keeps VALUE there
            return Finding(
                Verdict.ELEVATE,
                "GK-PROT-002",
                f"Read prints the secret an MCP server's entry keeps in {path}: only the user "
                "can approve that",
            )
    if kind == ALLOWED and call.tool_name == "Read" and path.endswith("/.git/config"):
        from gatekeeper.shell.gitcreds import secret_config

        if secret_config(path):  # actions/checkout keeps the job's token there
            return Finding(
                Verdict.ELEVATE,
                "GK-PROT-002",
                f"Read prints the token kept in {path}: only the user can approve that",
            )
    if kind == ALLOWED:
        return Finding(
            Verdict.SAFE, "GK-FILE-001", f"{call.tool_name} inside an allowed dir: {path}"
        )
    if kind in (TMP, DEVICE):
        return Finding(Verdict.SAFE, "GK-FILE-002", f"{call.tool_name} in a tmp dir: {path}")
    return Finding(
        Verdict.REVIEW, "GK-FILE-003", f"{call.tool_name} outside the allowed dirs: {path}"
    )


def _climbs_out(pattern: str, base: str, ctx: Context) -> bool:
    if ".." in pattern.replace("\\", "/").split("/"):
        return True
    if "{" in pattern and _BRACE_OUT.search(pattern.replace("\\", "/")):
        return True  # `{src,../.ssh}/*`, `{src,/etc}/*`: a brace alternative leaves the base
    if pattern.startswith(("/", "~")):
        static = pattern.split("*", 1)[0].split("?", 1)[0].split("[", 1)[0].split("{", 1)[0]
        return not ctx.paths.is_allowed(static or "/")
    return not ctx.paths.is_allowed(base)
