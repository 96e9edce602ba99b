"""The scripted reviewer, in-process and through the real `gatekeeper hook` process."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import gatekeeper_stub_reviewer
import pytest

from gatekeeper import Review, ReviewDecision, hookimpl
from gatekeeper.testing import StubReviewer, check

if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

# Blocked where a test needs "no reviewer answered" to show the stub had no opinion.
BUILTIN_REVIEWER = "gatekeeper.plugins.reviewer"

SCRIPT = [
    {"match": "^frobnicate --dry", "decision": "APPROVE", "reason": "a dry run"},
    {"match": "^frobnicate", "decision": "PUSH_BACK", "reason": "use --dry first"},
    {"match": "^wibble", "decision": "ELEVATE", "reason": "the user decides"},
    {"match": '"url":"https://internal', "tool": "mcp__.*", "decision": "PUSH_BACK"},
]


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch) -> Callable[[object], None]:
    def set_script(script: object) -> None:
        text = script if isinstance(script, str) else json.dumps(script)
        monkeypatch.setenv(gatekeeper_stub_reviewer.SCRIPT_ENV, text)

    return set_script


@pytest.mark.parametrize(
    ("command", "outcome", "reason"),
    [
        ("frobnicate --dry-run", "allow", "reviewer approved: a dry run"),
        ("frobnicate --all", "deny", "use --dry first"),
        ("wibble", "ask", "reviewer asks the user: the user decides"),
    ],
)
def test_first_matching_rule_answers(
    make_engine: Callable[..., Engine],
    scripted: Callable[[object], None],
    command: str,
    outcome: str,
    reason: str,
) -> None:
    scripted(SCRIPT)
    decision = check(make_engine(gatekeeper_stub_reviewer), command)
    assert (decision.outcome.value, decision.reason) == (outcome, reason)
    assert decision.tier == "tier2"
    assert decision.plugin == "gatekeeper_stub_reviewer"


def test_other_tools_match_the_canonical_json(
    make_engine: Callable[..., Engine], scripted: Callable[[object], None]
) -> None:
    scripted(SCRIPT)
    engine = make_engine(gatekeeper_stub_reviewer, blocked=[BUILTIN_REVIEWER])
    decision = check(engine, tool="mcp__web__get", tool_input={"url": "https://internal.x"})
    assert decision.outcome.value == "deny"
    assert decision.reason == "stub reviewer: PUSH_BACK"
    other = check(engine, tool="WebFetchLike", tool_input={"url": "https://internal.x"})
    assert other.outcome.value == "ask"  # `tool` did not match: no opinion
    assert other.review is None


def test_no_match_and_no_script_mean_no_opinion(
    make_engine: Callable[..., Engine], scripted: Callable[[object], None]
) -> None:
    engine = make_engine(gatekeeper_stub_reviewer, blocked=[BUILTIN_REVIEWER])
    assert check(engine, "frobnicate").review is None  # no script at all
    scripted(SCRIPT)
    decision = check(engine, "unknown-tool --x")
    assert decision.review is None
    assert decision.outcome.value == "ask"


def test_no_opinion_falls_through_to_the_next_reviewer(
    make_engine: Callable[..., Engine], scripted: Callable[[object], None]
) -> None:
    scripted(SCRIPT)
    later = StubReviewer(reason="the next reviewer")
    engine = make_engine(gatekeeper_stub_reviewer, later)
    assert check(engine, "unknown-tool").reason == "reviewer approved: the next reviewer"


class LastReviewer:
    """Stands in for the built-in Claude reviewer, which is `trylast`."""

    @hookimpl(trylast=True)
    def gatekeeper_review(self, call: object) -> Review:
        del call
        return Review(ReviewDecision.ELEVATE, "the last reviewer")


@pytest.mark.parametrize("last_registered", [True, False])
def test_the_stub_answers_before_a_trylast_reviewer(
    make_engine: Callable[..., Engine], scripted: Callable[[object], None], last_registered: bool
) -> None:
    scripted(SCRIPT)
    plugins = [gatekeeper_stub_reviewer, LastReviewer()]
    # LastReviewer stands in for the built-in Claude reviewer, which is blocked here.
    engine = make_engine(
        *(plugins if last_registered else reversed(plugins)), blocked=[BUILTIN_REVIEWER]
    )
    assert check(engine, "frobnicate --all").reason == "use --dry first"
    assert check(engine, "unmatched-command").reason == "reviewer asks the user: the last reviewer"


@pytest.mark.parametrize(
    "script",
    [
        "not json",
        '{"match": "x"}',
        "[1]",
        '[{"decision": "APPROVE"}]',
        '[{"match": "(", "decision": "APPROVE"}]',
        '[{"match": "x", "decision": "approve"}]',
        '[{"match": "x", "decision": "APPROVE", "reason": 3}]',
        '[{"match": "x", "decision": "APPROVE", "decison": "typo"}]',
    ],
)
def test_a_malformed_script_never_approves(
    make_engine: Callable[..., Engine], scripted: Callable[[object], None], script: str
) -> None:
    scripted(script)
    decision = check(make_engine(gatekeeper_stub_reviewer), "frobnicate")
    assert decision.outcome.value == "ask"
    assert decision.review is not None and decision.review.failure
    assert "malformed" in decision.reason


def test_script_from_a_file_and_both_variables_set(
    make_engine: Callable[..., Engine], gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = gk_env.home / "script.json"
    path.write_text(json.dumps(SCRIPT))
    monkeypatch.setenv(gatekeeper_stub_reviewer.SCRIPT_FILE_ENV, str(path))
    engine = make_engine(gatekeeper_stub_reviewer)
    assert check(engine, "frobnicate").outcome.value == "deny"
    monkeypatch.setenv(gatekeeper_stub_reviewer.SCRIPT_FILE_ENV, str(path) + ".missing")
    assert check(engine, "frobnicate").review.failure  # type: ignore[union-attr]
    monkeypatch.setenv(gatekeeper_stub_reviewer.SCRIPT_FILE_ENV, str(path))
    monkeypatch.setenv(gatekeeper_stub_reviewer.SCRIPT_ENV, "[]")
    decision = check(engine, "frobnicate")
    assert decision.outcome.value == "ask"
    assert "both" in decision.reason


def test_checkers_decide_before_the_reviewer(
    make_engine: Callable[..., Engine], scripted: Callable[[object], None]
) -> None:
    scripted([{"match": "", "decision": "APPROVE"}])
    engine = make_engine(gatekeeper_stub_reviewer)
    assert check(engine, "git push").outcome.value == "ask"  # ELEVATE never reaches it
    assert check(engine, "rm -rf ~").outcome.value == "ask"


def test_through_the_real_hook_enabled_by_config(gk_env: GkEnv) -> None:
    gk_env.write_config('[plugins]\nenabled = ["gatekeeper_stub_reviewer"]\n')
    script = gk_env.home / "script.json"
    script.write_text(json.dumps(SCRIPT))
    env = {gatekeeper_stub_reviewer.SCRIPT_FILE_ENV: str(script)}
    result = gk_env.hook("Bash", {"command": "frobnicate --all"}, env=env)
    assert (result.decision, result.reason) == ("deny", "gatekeeper: use --dry first")
    assert result.audit["decision"] == "deny"
    assert result.audit["review"] == {
        "reviewer": "gatekeeper_stub_reviewer",
        "decision": "PUSH_BACK",
        "reason": "use --dry first",
        "cost_usd": 0.0,
        "latency_ms": 0.0,
        "failure": "",
    }
    broken = gk_env.hook(
        "Bash", {"command": "frobnicate --all"}, env={**env, "GATEKEEPER_STUB_REVIEWER": "[]"}
    )
    assert broken.decision == "ask"
    assert "malformed" in broken.reason
