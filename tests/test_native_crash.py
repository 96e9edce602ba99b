"""A native crash of the analysis still gets an answer: ask the human (GK-ERROR-001).

A segfault ends a process with no output at all, and Claude Code takes a hook that printed
nothing and exited otherwise than 0 or 2 as a non-blocking error: the call runs (in
bypassPermissions, without asking). Session 14 found two such crashes in tree-sitter
(`Node.text` of a tree parsed through a callback, `tests/test_differential.py`); any C
extension a third-party checker loads can do the same. `gatekeeper hook` and the fast
client's in-process fallback now answer from a forked child: when it dies, the parent asks.
These tests crash a real hook process on purpose, with a checker that sends itself SIGSEGV.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from gatekeeper import client
from tests.test_broken_plugins import decide, install

if TYPE_CHECKING:
    from gatekeeper.testing import GkEnv

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork here")

_CRASHING = (
    "import os, signal\n"
    "from gatekeeper import Finding, Verdict, hookimpl\n\n"
    "@hookimpl\ndef gatekeeper_check_command(command):\n"
    "    if command.name == 'crashy':\n"
    "        os.kill(os.getpid(), signal.SIGSEGV)\n"
    "    return None\n"
)


def test_a_crash_of_the_analysis_is_answered_ask_by_the_real_hook(gk_env: GkEnv) -> None:
    extra = install(gk_env, {"crashing_checker": _CRASHING})
    out, record = decide(gk_env, extra, "Bash", {"command": "crashy --now"})
    assert out["permissionDecision"] == "ask"
    assert "GK-ERROR-001" in out["permissionDecisionReason"]
    assert f"signal {int(__import__('signal').SIGSEGV)}" in out["permissionDecisionReason"]
    assert record["rule"] == "GK-ERROR-001"
    assert record["decision"] == "ask"


def test_the_same_hook_still_decides_calls_that_do_not_crash(gk_env: GkEnv) -> None:
    extra = install(gk_env, {"crashing_checker": _CRASHING})
    out, record = decide(gk_env, extra, "Bash", {"command": "ls"})
    assert out["permissionDecision"] == "allow"
    assert record["decision"] == "allow"


def test_a_crash_leaves_a_permission_request_to_the_human(gk_env: GkEnv) -> None:
    extra = install(gk_env, {"crashing_checker": _CRASHING})
    result = gk_env.hook(
        "Bash", {"command": "crashy --now"}, env=extra, hook_event_name="PermissionRequest"
    )
    # PermissionRequest has no `ask`: no decision is the dialog the human answers
    assert result.decision == "none"
    assert "hookSpecificOutput" not in result.output
    assert result.audit["rule"] == "GK-ERROR-001"
    assert result.audit["decision"] == "ask"


def test_the_fast_clients_fallback_answers_a_crash(gk_env: GkEnv) -> None:
    """The client Claude Code runs by default, with no server to ask (`--no-server`): its
    in-process fallback crashes in the checker and still answers."""
    extra = install(gk_env, {"crashing_checker": _CRASHING})
    payload = {
        "session_id": "gk-test",
        "cwd": str(gk_env.project),
        "permission_mode": "default",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "crashy --now"},
    }
    # not `-I -S` as installed: the plugin module is found through PYTHONPATH
    proc = subprocess.run(
        [sys.executable, str(Path(client.__file__)), "--no-server"],
        input=json.dumps(payload).encode(),
        capture_output=True,
        env={**gk_env.environ(), **extra},
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    spec = json.loads(proc.stdout)["hookSpecificOutput"]
    assert spec["permissionDecision"] == "ask"
    assert "GK-ERROR-001" in spec["permissionDecisionReason"]
