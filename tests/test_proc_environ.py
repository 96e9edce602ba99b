"""A process' environment file is a credential file, for every tool (`paths._is_secret`).

`/proc/self/environ` read by the Read tool is Claude Code's own environment (its API key,
the user's tokens): it went to the reviewer as a read outside the allowed dirs, and a
reviewer could approve it. Nothing here reads the file: the calls are only judged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import Outcome, Verdict, dominant
from gatekeeper.testing import check

if TYPE_CHECKING:
    from gatekeeper.model import Decision
    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

ENVIRON = ["/proc/self/environ", "/proc/1/environ", "/proc/thread-self/environ"]


@pytest.mark.parametrize("path", [*ENVIRON, "/proc/self/task/1/environ"])
@pytest.mark.parametrize("tool", ["Read", "Grep"])
def test_a_file_tool_reading_a_process_environment_goes_to_the_human(
    quiet_engine: Engine, gk_env: GkEnv, tool: str, path: str
) -> None:
    tool_input = {"file_path": path} if tool == "Read" else {"pattern": "KEY", "path": path}
    decision = check(quiet_engine, tool=tool, tool_input=tool_input, cwd=str(gk_env.project))
    worst = dominant(decision.findings)
    assert worst is not None
    assert worst.verdict is Verdict.ELEVATE, decision.reason
    assert worst.rule == "GK-PROT-002"
    assert decision.outcome is Outcome.ASK


def _read(engine: Engine, gk_env: GkEnv, name: str) -> Decision:
    path = str(gk_env.project / name)
    return check(engine, tool="Read", tool_input={"file_path": path}, cwd=str(gk_env.project))


def test_a_link_to_a_process_environment_goes_to_the_human(
    quiet_engine: Engine, gk_env: GkEnv
) -> None:
    (gk_env.project / "env.txt").symlink_to("/proc/self/environ")
    decision = _read(quiet_engine, gk_env, "env.txt")
    assert decision.outcome is Outcome.ASK
    assert decision.rule == "GK-PROT-002", decision.reason


def test_a_file_named_environ_in_the_project_is_an_ordinary_file(
    quiet_engine: Engine, gk_env: GkEnv
) -> None:
    (gk_env.project / "environ").write_text("x\n")
    decision = _read(quiet_engine, gk_env, "environ")
    assert decision.outcome is Outcome.ALLOW, decision.reason
