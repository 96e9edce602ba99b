"""No Bash text keeps Tier 1 busy past the hook's timeout (GK-SHELL-008).

Claude Code lets a tool call through its normal permission flow when the hook times out
(`reference/claude-code.md`: "timeouts fail open"), and in `bypassPermissions` that flow
runs the call. A text the analysis takes minutes on was therefore a way past the gate:
`find . | xargs ls; ` 5,000 times (100 kB) took minutes in the `xargs` producer lookup, and
`ls | ` 20,000 times 40 s and 3.5 GB inside tree-sitter. Such texts are now asked of the
human at once. Nothing here is executed: the commands are only judged.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pytest

from gatekeeper import pipeline
from gatekeeper.model import Outcome
from gatekeeper.shell import parse as shell_parse
from gatekeeper.testing import check

if TYPE_CHECKING:
    from gatekeeper.model import Command
    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv


def _asked_too_slow(engine: Engine, command: str, cwd: str, mode: str = "default") -> None:
    decision = check(engine, command, cwd=cwd, mode=mode)
    assert decision.outcome is Outcome.ASK, decision.reason
    assert decision.rule == "GK-SHELL-008", decision.reason


def test_a_text_over_one_mebibyte_is_asked_of_the_human(
    quiet_engine: Engine, gk_env: GkEnv
) -> None:
    command = "ls -la src; " * (pipeline.MAX_BASH_CHARS // 12 + 1)
    _asked_too_slow(quiet_engine, command, str(gk_env.project))


@pytest.mark.parametrize("mode", ["default", "bypassPermissions"])
def test_a_pipeline_longer_than_tree_sitter_can_take_is_asked(
    quiet_engine: Engine, gk_env: GkEnv, mode: str
) -> None:
    # With nothing after the last `|`, 6,000 stages kept tree-sitter busy for minutes.
    command = "ls | " * (pipeline.MAX_PIPES + 1)
    _asked_too_slow(quiet_engine, command, str(gk_env.project), mode)


def test_a_call_past_its_deadline_is_asked_and_the_next_call_is_judged_afresh(
    quiet_engine: Engine, gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch
) -> None:
    cwd = str(gk_env.project)
    monkeypatch.setattr(pipeline, "TIER1_BUDGET", -1.0)  # every deadline already passed
    _asked_too_slow(quiet_engine, "ls && git status", cwd)  # the per-command check
    _asked_too_slow(quiet_engine, "ls -la src; " * 100, cwd)  # tree-sitter's own check
    monkeypatch.setattr(pipeline, "TIER1_BUDGET", 15.0)
    after = check(quiet_engine, "ls -la src; " * 100, cwd=cwd)
    assert after.outcome is Outcome.ALLOW, after.reason


def test_parse_outside_a_decision_has_no_deadline() -> None:
    shell_parse.set_deadline(time.monotonic() - 1)
    with pytest.raises(shell_parse.TooSlow):
        shell_parse.tree_of(b"ls -la src; " * 100)
    shell_parse.set_deadline(float("inf"))
    assert not shell_parse.tree_of(b"ls -la src; " * 100).root_node.has_error


def test_one_xargs_text_repeated_past_the_limit_does_not_vouch_for_its_input(
    quiet_engine: Engine, gk_env: GkEnv
) -> None:
    # Each place's producer was judged for each `xargs` of the same text: quadratic.
    cwd = str(gk_env.project)
    few = check(quiet_engine, "find . -name '*.py' | xargs wc -l; " * 2, cwd=cwd)
    assert few.outcome is Outcome.ALLOW, few.reason
    many = check(quiet_engine, "find . -name '*.py' | xargs wc -l; " * 17, cwd=cwd)
    assert many.outcome is not Outcome.ALLOW


def test_a_walk_of_the_tree_for_one_word_checks_the_deadline(
    quiet_engine: Engine, gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each glob word may walk 20,000 entries: a thousand words in one command walked a big
    # tree a thousand times, with no other check in between (one command, a short text).
    (gk_env.project / "src").mkdir()
    (gk_env.project / "src" / "a.py").write_text("x\n")
    cwd = str(gk_env.project)
    assert check(quiet_engine, "cat src/*.py", cwd=cwd).outcome is Outcome.ALLOW
    monkeypatch.setattr(pipeline, "TIER1_BUDGET", -1.0)
    _asked_too_slow(quiet_engine, "cat src/*.py", cwd)


def test_whether_a_reader_follows_links_is_asked_once_per_command(
    quiet_engine: Engine, gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch
) -> None:
    # It reads every word; asked again for each word read, `grep -E a a a …` 4,000 words
    # long took 7.6 s (quadratic).
    from gatekeeper.plugins import bash
    from gatekeeper.shell.globlinks import follows_links

    calls: list[str] = []

    def counting(command: Command) -> bool:
        calls.append(command.name)
        return follows_links(command)

    monkeypatch.setattr(bash, "follows_links", counting)
    decision = check(quiet_engine, "grep -E x" + " a" * 200, cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ALLOW, decision.reason
    assert len(calls) <= 2
