"""The tutorial's tests (docs/plugins/tutorial.md quotes them; `make test` runs them)."""

# --8<-- [start:tests]
from __future__ import annotations

from typing import TYPE_CHECKING

import example_checker
import pytest

from gatekeeper import ReviewDecision
from gatekeeper.testing import StubReviewer, assert_decision, check

if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv


def test_status_runs_silently(make_engine: Callable[..., Engine]) -> None:
    engine = make_engine(example_checker)
    assert_decision(engine, "deployctl status", expected="allow", rule="ACME-DEPLOY-001")


@pytest.mark.parametrize(
    "command", ["deployctl deploy --env prod", "deployctl deploy --env=$TARGET"]
)
def test_production_asks_the_user(make_engine: Callable[..., Engine], command: str) -> None:
    assert_decision(make_engine(example_checker), command, expected="ask", rule="ACME-DEPLOY-002")


def test_staging_goes_to_the_reviewer(make_engine: Callable[..., Engine]) -> None:
    reviewer = StubReviewer(ReviewDecision.PUSH_BACK, "run `deployctl diff` first")
    engine = make_engine(example_checker, reviewer)
    decision = assert_decision(engine, "deployctl deploy --env staging", expected="deny")
    assert decision.reason == "run `deployctl diff` first"
    assert len(reviewer.asked) == 1


def test_exec_is_judged_by_what_it_runs(make_engine: Callable[..., Engine]) -> None:
    engine = make_engine(example_checker)
    assert_decision(engine, "deployctl exec git status", expected="allow")
    assert_decision(engine, "deployctl exec git push", expected="ask", rule="GK-GIT-002")


def test_a_builtin_still_wins_over_safe(make_engine: Callable[..., Engine]) -> None:
    # `deployctl status` is SAFE, but writing its output to ~/.bashrc is a protected write.
    decision = check(make_engine(example_checker), "deployctl status > ~/.bashrc")
    assert decision.rule == "GK-PROT-001"


def test_enabled_from_config(gk_env: GkEnv, make_engine: Callable[..., Engine]) -> None:
    gk_env.write_config('[plugins]\nenabled = ["example_checker"]\n')
    assert_decision(make_engine(), "deployctl history", expected="allow")


# --8<-- [end:tests]
