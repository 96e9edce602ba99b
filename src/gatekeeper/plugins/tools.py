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

## GK-TOOL-003 — an unknown tool (REVIEW)
**What it catches:** any tool name gatekeeper does not know.
**Why:** unknown means review.

``AskUserQuestion``, ``ExitPlanMode`` and ``EnterPlanMode`` never reach this plugin: the
pipeline gives them no decision at all so the human's own dialog runs.
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
    if name in ctx.config.safe_tools:
        return Finding(Verdict.SAFE, "GK-TOOL-001", f"{name} is a harmless built-in tool")
    if name.startswith("mcp__"):
        return Finding(Verdict.REVIEW, "GK-TOOL-002", f"MCP tool {name} has no allow rule")
    return Finding(Verdict.REVIEW, "GK-TOOL-003", f"unknown tool {name}")
