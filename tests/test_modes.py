"""Pipeline stage 2: the behaviour under each of Claude Code's permission modes."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import Outcome, ReviewDecision
from gatekeeper.pipeline import MODES
from gatekeeper.testing import StubReviewer, check, corpus_cases

if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

FULL_PIPELINE = sorted(MODES - {"bypassPermissions", "plan"})
CORPORA = sorted((Path(__file__).parent / "corpora").glob("*.sh"))
RULES = '[permissions]\ndeny = ["Bash(make deploy)"]\nask = ["Bash(make release)"]\n'


@pytest.fixture
def engine(gk_env: GkEnv, make_engine: Callable[..., Engine]) -> tuple[Engine, StubReviewer]:
    gk_env.write_config(RULES)
    stub = StubReviewer(ReviewDecision.APPROVE, "fine")
    return make_engine(stub), stub


@pytest.mark.parametrize("mode", FULL_PIPELINE)
def test_other_modes_run_the_full_pipeline(
    engine: tuple[Engine, StubReviewer], gk_env: GkEnv, mode: str
) -> None:
    eng, stub = engine
    assert check(eng, "ls -la", mode=mode).outcome == Outcome.ALLOW
    assert check(eng, "git push origin main", mode=mode).outcome == Outcome.ASK
    assert check(eng, "make release", mode=mode).outcome == Outcome.ASK
    assert check(eng, "make deploy", mode=mode).outcome == Outcome.DENY
    decision = check(eng, "frobnicate --all", mode=mode)
    assert (decision.outcome, decision.tier) == (Outcome.ALLOW, "tier2")
    assert "frobnicate --all" in [call.tool_input["command"] for call, _ in stub.asked]
    bashrc = {"file_path": str(gk_env.home / ".bashrc"), "content": "x"}
    assert check(eng, tool="Write", tool_input=bashrc, mode=mode).outcome == Outcome.ASK


def test_plan_mode_leaves_everything_but_reads_to_claude_code(
    engine: tuple[Engine, StubReviewer], gk_env: GkEnv
) -> None:
    """Plan mode means no changes yet: gatekeeper never allows a write or a command there."""
    eng, stub = engine
    mode = "plan"
    inside = {"file_path": str(gk_env.project / "notes.md"), "content": "x"}
    decision = check(eng, tool="Write", tool_input=inside, mode=mode)
    assert decision.outcome == Outcome.NONE, decision.reason
    assert "plan mode" in decision.reason
    assert check(eng, "make test", mode=mode).outcome == Outcome.NONE
    assert check(eng, "ls -la", mode=mode).outcome == Outcome.NONE
    assert check(eng, "frobnicate --all", mode=mode).outcome == Outcome.NONE  # approved, then left
    assert "frobnicate --all" in [call.tool_input["command"] for call, _ in stub.asked]
    read = {"file_path": str(gk_env.project / "README.md")}
    assert check(eng, tool="Read", tool_input=read, mode=mode).outcome == Outcome.ALLOW
    # Stricter answers stand.
    assert check(eng, "git push origin main", mode=mode).outcome == Outcome.ASK
    assert check(eng, "make release", mode=mode).outcome == Outcome.ASK
    assert check(eng, "make deploy", mode=mode).outcome == Outcome.DENY
    bashrc = {"file_path": str(gk_env.home / ".bashrc"), "content": "x"}
    assert check(eng, tool="Write", tool_input=bashrc, mode=mode).outcome == Outcome.ASK


def test_bypass_permissions_only_deny_rules_and_protected_paths_act(
    engine: tuple[Engine, StubReviewer], gk_env: GkEnv
) -> None:
    eng, stub = engine
    mode = "bypassPermissions"
    for command in ("ls -la", "git push origin main", "make release", "frobnicate --all"):
        assert check(eng, command, mode=mode).outcome == Outcome.NONE, command
    assert stub.asked == []  # never stalled on a review either
    assert check(eng, "make deploy", mode=mode).outcome == Outcome.DENY
    bashrc = {"file_path": str(gk_env.home / ".bashrc"), "content": "x"}
    decision = check(eng, tool="Write", tool_input=bashrc, mode=mode)
    assert (decision.outcome, decision.rule) == (Outcome.ASK, "GK-PROT-001")
    decision = check(eng, f"echo x >> {gk_env.home}/.bashrc", mode=mode)
    assert (decision.outcome, decision.rule) == (Outcome.ASK, "GK-PROT-001")
    env_file = gk_env.project / ".env"
    env_file.write_text("TOKEN=x\n")
    decision = check(eng, tool="Read", tool_input={"file_path": str(env_file)}, mode=mode)
    assert (decision.outcome, decision.rule) == (Outcome.ASK, "GK-PROT-002")


@pytest.mark.parametrize(
    "case", list(corpus_cases(CORPORA)), ids=lambda c: c.id if hasattr(c, "id") else str(c)
)
def test_bypass_run_is_stalled_only_by_protected_paths(
    engine: tuple[Engine, StubReviewer], gk_env: GkEnv, case: object
) -> None:
    """Every corpus command (everyday and attack) in bypassPermissions mode."""
    eng, _ = engine
    decision = check(eng, case.command, mode="bypassPermissions")  # type: ignore[attr-defined]
    if decision.outcome == Outcome.NONE:
        return
    assert decision.outcome == Outcome.ASK, decision.reason
    assert decision.rule.startswith("GK-PROT-"), decision.reason


def test_unknown_mode_counts_as_default(engine: tuple[Engine, StubReviewer]) -> None:
    eng, _ = engine
    assert check(eng, "git push origin main", mode="someFutureMode").outcome == Outcome.ASK


@pytest.mark.parametrize(
    ("review", "command", "expected"),
    [
        (ReviewDecision.APPROVE, "frobnicate --all", {"behavior": "allow"}),
        (ReviewDecision.PUSH_BACK, "frobnicate --all", {"behavior": "deny", "message": "x"}),
        (ReviewDecision.ELEVATE, "frobnicate --all", None),
        (ReviewDecision.APPROVE, "ls -la", {"behavior": "allow"}),  # SAFE
        (ReviewDecision.APPROVE, "git push origin main", None),  # ELEVATE: the dialog shows
        (ReviewDecision.APPROVE, "make deploy", {"behavior": "deny", "message": "x"}),
    ],
)
def test_permission_request_answers(
    gk_env: GkEnv,
    make_engine: Callable[..., Engine],
    review: ReviewDecision,
    command: str,
    expected: dict[str, str] | None,
) -> None:
    import json

    from gatekeeper.hook import render

    gk_env.write_config(RULES)
    eng = make_engine(StubReviewer(review, "the stub's reason"))
    decision = check(eng, command)
    out = render(decision, "PermissionRequest")
    if expected is None:
        assert out == b""
        return
    specific = json.loads(out)["hookSpecificOutput"]
    assert specific["hookEventName"] == "PermissionRequest"
    answer = specific["decision"]
    assert answer["behavior"] == expected["behavior"]
    if "message" in expected:
        assert answer["message"].startswith("gatekeeper: ")
        assert "permissionDecision" not in specific
        reason = "the stub's reason" if command.startswith("frob") else "Bash(make deploy)"
        assert reason in answer["message"]
