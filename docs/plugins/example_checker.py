"""ACME-DEPLOY: the `deployctl` command of a fictional company (the plugin tutorial's example).

docs/plugins/tutorial.md quotes this file piece by piece, and tests/test_plugin_docs.py
checks that every quoted piece is still exactly what is here and runs the checker.

## ACME-DEPLOY-001 — a read-only deployctl command (SAFE)
**What it catches:** ``deployctl status``, ``deployctl history``, ``deployctl diff``.
**Why:** they only read.

## ACME-DEPLOY-002 — a deployment (REVIEW, or ELEVATE for production)
**What it catches:** ``deployctl deploy``; with ``--env prod`` it is ELEVATE.
**Why:** a deployment changes a running system; production needs the user.
**Allowed alternative:** ``deployctl diff`` to show what would change.

## ACME-DEPLOY-003 — anything else deployctl does (REVIEW)
**Why:** unknown means review.
"""

# --8<-- [start:imports]
from __future__ import annotations

from typing import TYPE_CHECKING

from gatekeeper import Finding, Verdict, hookimpl

if TYPE_CHECKING:
    from gatekeeper import Command, Context
# --8<-- [end:imports]

# --8<-- [start:read-only]
READ_ONLY = {"status", "history", "diff"}


@hookimpl
def gatekeeper_check_command(command: Command, ctx: Context) -> Finding | None:
    """Judge `deployctl`; no opinion on any other command."""
    if command.name != "deployctl":
        return None  # not ours: fall through to the other plugins
    action = command.argv[1] if len(command.argv) > 1 else ""
    if action in READ_ONLY:
        return Finding(Verdict.SAFE, "ACME-DEPLOY-001", f"`deployctl {action}` only reads")
    # --8<-- [end:read-only]
    # --8<-- [start:deploy]
    if action == "deploy":
        if _target(command) == "prod":
            return Finding(
                Verdict.ELEVATE,
                "ACME-DEPLOY-002",
                "`deployctl deploy --env prod` changes production: ask the user",
            )
        return Finding(
            Verdict.REVIEW, "ACME-DEPLOY-002", "`deployctl deploy` changes a running system"
        )
    # --8<-- [end:deploy]
    # --8<-- [start:wrapper]
    if action == "exec" and len(command.argv) > 2:
        # `deployctl exec CMD...` runs CMD on the deploy host: judge CMD like any command.
        inner = ctx.classify(command.argv[2:], "deployctl exec")
        return Finding(inner.verdict, inner.rule, f"`deployctl exec` runs: {inner.reason}")
    return Finding(Verdict.REVIEW, "ACME-DEPLOY-003", f"`deployctl {action}` is not known")
    # --8<-- [end:wrapper]


# --8<-- [start:target]
def _target(command: Command) -> str:
    """The value of `--env X` or `--env=X`; "prod" when it is computed at run time."""
    words = command.words
    for i, word in enumerate(words):
        if word.text.startswith("--env="):
            return "prod" if word.dynamic else word.text.removeprefix("--env=")
        if word.text == "--env" and i + 1 < len(words):
            value = words[i + 1]
            return "prod" if value.dynamic else value.text  # unknown: assume the worst
    return "staging"
# --8<-- [end:target]
