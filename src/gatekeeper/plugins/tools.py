"""GK-TOOL: Claude Code's other built-in tools, MCP tools and unknown tools.

## GK-TOOL-001 — a harmless built-in tool (SAFE)
**What it catches:** ``Agent``/``Task``, ``WebSearch``, ``WebFetch``, ``TodoWrite``,
``ToolSearch``, ``Skill``, the task tools and other built-ins in ``[tools] safe``.
**Why:** they read, plan or delegate; whatever a subagent then does is gated on its own.
**Example:** ``TodoWrite``.

## GK-TOOL-002 — an MCP tool (REVIEW)
**What it catches:** ``mcp__<server>__<tool>`` without an allow rule.
**Why:** an MCP server can do anything; only a rule (``mcp__server__tool``) vouches for one.
**Allowed alternative:** ``gatekeeper allow rule 'mcp__github__get_issue'``.

## GK-TOOL-004 — WebFetch of this machine or its network (REVIEW)
**What it catches:** a WebFetch URL whose host is a loopback, private, link-local or
otherwise non-public address in any spelling (``127.1``, ``0x7f000001``, ``[::1]``,
``169.254.169.254``), a name only this machine or network resolves (``localhost``,
``*.local``, ``*.internal``, a name without a dot), or a scheme other than http(s).
**Why:** WebFetch runs on the user's machine: it reaches what only that machine reaches (a
cloud instance's metadata credentials, a local admin page) and hands it to the model.

## GK-TOOL-003 — an unknown tool (REVIEW)
**What it catches:** any tool name gatekeeper does not know.
**Why:** unknown means review.

``AskUserQuestion``, ``ExitPlanMode`` and ``EnterPlanMode`` never reach this plugin: the
pipeline gives them no decision at all so the human's own dialog runs. Nor does a
``Monitor`` with a ``command``: it runs in bash, and is judged as a Bash call
(`pipeline.SHELL_TOOLS`).
"""

from __future__ import annotations

from gatekeeper.hookspecs import hookimpl
from gatekeeper.model import Finding, Verdict

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from gatekeeper.context import Context
    from gatekeeper.model import ToolCall

# Tools other built-in plugins judge: this one has no opinion on them.
_JUDGED_ELSEWHERE = {
    "Bash",
    "Read",
    "Write",
    "Edit",
    "MultiEdit",
    "Glob",
    "Grep",
    "LS",
    "NotebookEdit",
    "NotebookRead",
}


@hookimpl
def gatekeeper_check_tool(call: ToolCall, ctx: Context) -> Finding | None:
    """Harmless built-ins → SAFE; MCP and unknown tools → REVIEW."""
    name = call.tool_name
    if name in _JUDGED_ELSEWHERE:
        return None
    if name == "WebFetch":
        found = _local_fetch(call)
        if found is not None:
            return found
    if name in ctx.config.safe_tools:
        return Finding(Verdict.SAFE, "GK-TOOL-001", f"{name} is a harmless built-in tool")
    if name.startswith("mcp__"):
        return Finding(Verdict.REVIEW, "GK-TOOL-002", f"MCP tool {name} has no allow rule")
    return Finding(Verdict.REVIEW, "GK-TOOL-003", f"unknown tool {name}")


def _local_fetch(call: ToolCall) -> Finding | None:
    """GK-TOOL-004: WebFetch of a URL on this machine or its network, or not http(s)."""
    from gatekeeper.urls import local_target

    url = call.text("url")
    why = local_target(url)
    if not why:
        return None
    return Finding(Verdict.REVIEW, "GK-TOOL-004", f"WebFetch of `{url[:80]}`: {why}")
