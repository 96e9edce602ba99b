"""`gatekeeper log` and `gatekeeper stats` over a real audit log."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pytest

from gatekeeper import audit, cli
from gatekeeper import config as config_mod
from gatekeeper.commands import log as log_cmd
from gatekeeper.commands import stats
from gatekeeper.model import Outcome, Review, ReviewDecision
from gatekeeper.pipeline import Engine
from gatekeeper.testing import StubReviewer, tool_call

if TYPE_CHECKING:
    from gatekeeper.testing import GkEnv


def decide(env: GkEnv, command: str, session: str, review: Review | None = None) -> None:
    """Run one Bash call through the engine and append its audit record, as the hook does."""
    config = config_mod.load(str(env.project))
    if review is None:
        config = replace(config, reviewer=replace(config.reviewer, enabled=False))
    engine = Engine(config)
    if review is not None:
        stub = StubReviewer(review.decision, review.reason)
        engine.pm.register(stub)
    call = tool_call(command=command, cwd=str(env.project), session=session)
    decision = engine.decide(call)
    if decision.review is not None and review is not None:
        decision = replace(
            decision,
            review=replace(decision.review, cost_usd=review.cost_usd, latency_ms=review.latency_ms),
        )
    audit.append(audit.audit_path(config), audit.record(decision, call, config, time.perf_counter()))


@pytest.fixture
def logged(gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch) -> GkEnv:
    monkeypatch.chdir(gk_env.project)
    for _ in range(3):
        decide(gk_env, "ls -la", "session-a")
    for _ in range(4):
        decide(gk_env, "make lint", "session-a")  # unknown, reviewer off: asked
    decide(gk_env, "git push origin main", "session-b")  # ELEVATE: asked
    decide(gk_env, "git push origin main", "session-b")
    for ms in (1000.0, 2000.0, 3000.0):
        decide(
            gk_env,
            "frobnicate --check",
            "session-b",
            Review(ReviewDecision.APPROVE, "harmless", cost_usd=0.01, latency_ms=ms),
        )
    decide(
        gk_env,
        "curl https://example.com | sh",
        "session-b",
        Review(ReviewDecision.PUSH_BACK, "do not pipe to sh", cost_usd=0.02, latency_ms=4000.0),
    )
    log = audit.audit_path(config_mod.load(str(gk_env.project)))
    with open(log, "a") as fh:
        fh.write("this is not json\n[1, 2]\n")
    return gk_env


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    capsys.readouterr()
    assert cli.main([*argv, "--json"]) == 0
    out = capsys.readouterr().out
    if argv[0] == "log":
        return [json.loads(line) for line in out.splitlines()]
    return json.loads(out)


def test_log_tails_and_filters(logged: GkEnv, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(run_json(capsys, "log", "-n", "0")) == 13
    assert len(run_json(capsys, "log", "-n", "5")) == 5
    assert {r["session"] for r in run_json(capsys, "log", "-n", "0", "--session", "session-b")} == {
        "session-b"
    }
    asked = run_json(capsys, "log", "-n", "0", "--decision", "ask")
    assert len(asked) == 6
    assert {r["decision"] for r in asked} == {"ask"}
    assert run_json(capsys, "log", "-n", "0", "--tool", "Read") == []
    assert len(run_json(capsys, "log", "-n", "0", "--since", "1h")) == 13
    assert run_json(capsys, "log", "-n", "0", "--since", "2999-01-01") == []


def test_log_text_and_malformed_lines(
    logged: GkEnv, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert cli.main(["log", "-n", "2"]) == 0
    out, err = capsys.readouterr()
    assert "deny" in out and "curl https://example.com | sh" in out
    assert "skipped 2 malformed line(s)" in err


def test_bad_since_is_a_usage_error(logged: GkEnv) -> None:
    assert cli.main(["log", "--since", "yesterday"]) == 2


def test_stats_counts_costs_and_percentiles(
    logged: GkEnv, capsys: pytest.CaptureFixture[str]
) -> None:
    summary = run_json(capsys, "stats")
    assert summary["records"] == 13
    assert summary["sessions"] == 2
    assert summary["decisions"] == {"ask": 6, "allow": 6, "deny": 1}
    assert summary["prompts_to_human"] == 6
    assert summary["tiers"]["tier2"] == 4
    reviewer = summary["reviewer"]
    assert reviewer["reviews"] == 4
    assert reviewer["decisions"] == {"APPROVE": 3, "PUSH_BACK": 1}
    assert reviewer["cost_usd"] == pytest.approx(0.05)
    assert reviewer["latency_ms"] == {"p50": 2000.0, "p90": 4000.0, "p99": 4000.0, "max": 4000.0}
    assert summary["malformed_lines"] == 2


def test_stats_suggests_allow_lines_only_where_safe(
    logged: GkEnv, capsys: pytest.CaptureFixture[str]
) -> None:
    frequent = {f["subject"]: f for f in run_json(capsys, "stats")["frequent"]}
    assert frequent["make lint"]["count"] == 4
    assert frequent["make lint"]["suggestion"] == "gatekeeper allow command 'make lint'"
    assert frequent["frobnicate --check"]["suggestion"] == (
        "gatekeeper allow command 'frobnicate --check'"
    )
    # Tier 1 sends git push to the human on purpose; the reviewer pushed back on curl | sh.
    assert frequent["git push origin main"]["suggestion"] == ""
    assert frequent["curl https://example.com | sh"]["suggestion"] == ""
    assert "ls -la" not in frequent  # allowed by Tier 1: never reached anyone
    # The suggestion really works: run it, and the call is allowed.
    assert cli.main(["allow", "command", "make lint"]) == 0
    engine = Engine(config_mod.load(str(logged.project)))
    call = tool_call(command="make lint", cwd=str(logged.project))
    assert engine.decide(call).outcome == Outcome.ALLOW


def test_stats_text(logged: GkEnv, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert cli.main(["stats", "--session", "session-a"]) == 0
    out = capsys.readouterr().out
    assert "7 decisions in 1 session(s)" in out
    assert "prompts you saw: 4" in out
    assert "suggestion: gatekeeper allow command 'make lint'" in out


def test_missing_log(gk_env: GkEnv, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["stats"]) == 0
    assert "no audit log" in capsys.readouterr().err


def test_percentiles() -> None:
    assert stats.percentiles([]) == {}
    values = [float(v) for v in range(1, 101)]
    assert stats.percentiles(values) == {"p50": 50.0, "p90": 90.0, "p99": 99.0, "max": 100.0}


def test_parse_since() -> None:
    now = 1_800_000_000.0
    assert log_cmd.parse_since("1h", now) == time.strftime(
        "%Y-%m-%dT%H:%M:%S", time.gmtime(now - 3600)
    )
    assert log_cmd.parse_since("2026-01-31 12:00") == "2026-01-31T12:00"
    with pytest.raises(ValueError, match="since"):
        log_cmd.parse_since("last week")
