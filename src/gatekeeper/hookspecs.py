"""The plugin contract: every hook gatekeeper calls, and what it does with the answers.

This module *is* the contract. A plugin is any object or module with functions marked
``@hookimpl`` whose names match the specs below; it may accept any subset of a spec's
parameters (pluggy passes only the ones it names), so new parameters can be added later
without breaking a plugin. Hook implementations must not give parameters default values.

Checker hooks (`gatekeeper_check_tool`, `gatekeeper_check_command`):

* every implementation is called, in pluggy's order (``tryfirst``, then the last
  registered first, then ``trylast``);
* ``None`` means "no opinion": the call falls through to the other plugins;
* the findings are aggregated by dominance, ELEVATE > REVIEW > SAFE, so the order of the
  plugins decides only cost, never the result, and adding a plugin can only make the
  answer stricter;
* when no plugin has an opinion at all, the verdict is REVIEW (rule ``GK-UNKNOWN``);
* an implementation that raises, or returns anything but a `Finding`, yields a REVIEW
  finding naming the plugin (rule ``GK-PLUGIN-001`` / ``GK-PLUGIN-002``), and the other
  plugins still run.

The reviewer hook (`gatekeeper_review`) is ``firstresult``: the first implementation that
returns a `Review` decides, so a stub or a company reviewer registered alongside the
built-in Claude reviewer (which is ``trylast``) answers first.

Only frozen values cross this boundary (see `gatekeeper.model`): a plugin cannot change what
the next plugin sees.
"""

from __future__ import annotations

from gatekeeper.markers import ImplMarker, SpecMarker

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see gatekeeper.markers)
if TYPE_CHECKING:
    from collections.abc import Sequence

    import pluggy

    from gatekeeper.context import Context
    from gatekeeper.model import Command, Finding, Review, ToolCall

PROJECT = "gatekeeper"
if TYPE_CHECKING:  # pluggy's own markers' signatures, for the type checker
    hookspec = pluggy.HookspecMarker(PROJECT)
    hookimpl = pluggy.HookimplMarker(PROJECT)
else:  # the same attribute and options as pluggy's markers, without importing pluggy
    hookspec = SpecMarker(PROJECT)
    hookimpl = ImplMarker(PROJECT)


@hookspec
def gatekeeper_check_tool(call: ToolCall, ctx: Context) -> Finding | None:
    """Judge one whole tool call that is not Bash (Read, Write, WebFetch, mcp__..., ...).

    :param call: the tool call: ``tool_name``, read-only ``tool_input``, ``cwd``,
        ``permission_mode``, ``session_id``.
    :param ctx: the resolved configuration and the path policy (``ctx.paths``).
    :returns: a `Finding` (verdict, stable rule id, one-sentence reason), or ``None`` for no
        opinion.

    All implementations are called; the most severe finding wins (ELEVATE > REVIEW > SAFE).
    With no finding at all the call goes to review. An implementation that raises counts
    as a REVIEW finding naming the plugin.
    """


@hookspec
def gatekeeper_check_command(command: Command, call: ToolCall, ctx: Context) -> Finding | None:
    """Judge one simple command found anywhere in a Bash call.

    :param command: argv as `Word` values (literal or dynamic), leading ``NAME=value``
        assignments, redirects, and ``where`` it was found (``top``, ``substitution``,
        ``pipeline``, ``bash -c`` ...).
    :param call: the whole Bash tool call, for context.
    :param ctx: configuration, path policy, and ``ctx.classify(argv)`` /
        ``ctx.classify_script(text)`` for wrappers: a plugin that knows ``sudo X`` or
        ``bash -c 'X'`` asks the host to classify ``X`` and returns at least that verdict.
    :returns: a `Finding`, or ``None`` for no opinion.

    Called once per simple command, every implementation each time. The Bash call's verdict
    is the most severe finding across all implementations and all commands; a command no
    plugin has an opinion on is REVIEW. An implementation that raises counts as REVIEW.
    """


@hookspec(firstresult=True)
def gatekeeper_review(call: ToolCall, findings: Sequence[Finding], ctx: Context) -> Review | None:
    """Decide a call that the checkers sent to review (Tier 2).

    :param call: the tool call under review.
    :param findings: every Tier 1 finding, most severe first (which command is unknown and
        why).
    :param ctx: configuration and session state (``ctx.retry``: this exact request was
        pushed back before in this session, so PUSH_BACK is not an option).
    :returns: a `Review` (APPROVE / PUSH_BACK / ELEVATE with a reason), or ``None`` to let
        the next reviewer answer.

    Stops at the first non-``None`` result. The built-in Claude CLI reviewer is ``trylast``,
    so any other reviewer is asked first. When no reviewer answers, the human is asked.
    A reviewer that raises is treated as a failed review: the human is asked.
    """
