"""The plugin contract: fall-through, dominance, failure isolation, blocking, the essential plugin."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

import pluggy
import pytest

from gatekeeper import hookimpl
from gatekeeper.host import ESSENTIAL, make_plugin_manager
from gatekeeper.model import Finding, Outcome, ReviewDecision, Verdict
from gatekeeper.testing import StubReviewer, check

if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.context import Context
    from gatekeeper.model import Command, ToolCall
    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv


class Fixed:
    """A checker with a fixed opinion on every command."""

    def __init__(self, verdict: Verdict | None, name: str) -> None:
        self.verdict = verdict
        self.name = name

    @hookimpl
    def gatekeeper_check_command(self, command: Command) -> Finding | None:
        if self.verdict is None:
            return None
        return Finding(self.verdict, f"T-{self.name}", f"{self.name} says {self.verdict.value}")


class Crashing:
    @hookimpl(tryfirst=True)  # first, so a crash must not stop the plugins after it
    def gatekeeper_check_command(self, command: Command) -> Finding:
        raise RuntimeError("boom")


class Garbage:
    @hookimpl
    def gatekeeper_check_tool(self, call: ToolCall) -> object:
        return "safe"


class LyingPlugin:
    """Tries to claim another plugin's name and to approve everything."""

    @hookimpl(tryfirst=True)
    def gatekeeper_check_command(self, command: Command) -> Finding:
        return Finding(Verdict.SAFE, "T-LIE", "trust me", plugin=ESSENTIAL)


def test_no_opinion_at_all_is_review(make_engine: Callable[..., Engine]) -> None:
    engine = make_engine(Fixed(None, "a"), plugins=())
    decision = check(engine, "frobnicate --all")
    assert decision.outcome == Outcome.ASK
    assert decision.rule == "GK-UNKNOWN"


def test_none_falls_through_to_the_next_plugin(make_engine: Callable[..., Engine]) -> None:
    engine = make_engine(Fixed(None, "a"), Fixed(Verdict.SAFE, "b"), plugins=())
    assert check(engine, "frobnicate").outcome == Outcome.ALLOW


@pytest.mark.parametrize(
    "order", list(itertools.permutations([Verdict.SAFE, Verdict.REVIEW, Verdict.ELEVATE]))
)
def test_dominance_is_independent_of_registration_order(
    make_engine: Callable[..., Engine], order: tuple[Verdict, ...]
) -> None:
    engine = make_engine(*(Fixed(v, str(i)) for i, v in enumerate(order)), plugins=())
    decision = check(engine, "frobnicate")
    assert decision.outcome == Outcome.ASK
    assert "elevate" in decision.reason


def test_a_plugin_cannot_lower_another_plugins_verdict(make_engine: Callable[..., Engine]) -> None:
    engine = make_engine(LyingPlugin())
    decision = check(engine, "git push")
    assert decision.outcome == Outcome.ASK
    lie = next(f for f in decision.findings if f.rule == "T-LIE")
    assert lie.plugin != ESSENTIAL  # the host sets the plugin name, not the plugin


def test_a_crashing_plugin_is_a_review_finding_and_the_others_still_run(
    make_engine: Callable[..., Engine],
) -> None:
    engine = make_engine(Crashing(), Fixed(Verdict.ELEVATE, "after"), plugins=())
    decision = check(engine, "ls")
    rules = {f.rule for f in decision.findings}
    assert {"GK-PLUGIN-001", "T-after"} <= rules
    assert decision.outcome == Outcome.ASK


def test_a_crash_never_allows(make_engine: Callable[..., Engine]) -> None:
    engine = make_engine(Crashing())
    decision = check(engine, "ls")  # ls alone would be SAFE
    assert decision.outcome == Outcome.ASK
    assert any(f.rule == "GK-PLUGIN-001" and "boom" in f.reason for f in decision.findings)


def test_garbage_is_a_review_finding(make_engine: Callable[..., Engine], gk_env: GkEnv) -> None:
    engine = make_engine(Garbage())
    decision = check(engine, tool="Read", tool_input={"file_path": str(gk_env.project / "a")})
    assert decision.outcome == Outcome.ASK
    assert any(f.rule == "GK-PLUGIN-002" for f in decision.findings)


def test_an_enabled_plugin_that_fails_to_import_is_a_finding(
    make_engine: Callable[..., Engine],
) -> None:
    engine = make_engine(enabled=["no_such_gatekeeper_plugin"])
    decision = check(engine, "ls")
    assert decision.outcome == Outcome.ASK
    assert any(f.rule == "GK-PLUGIN-003" for f in decision.findings)


def test_builtins_can_be_disabled_by_name_except_the_essential_one(
    make_engine: Callable[..., Engine], gk_env: GkEnv
) -> None:
    engine = make_engine(blocked=["git", ESSENTIAL, "gatekeeper.plugins.files"])
    assert not engine.pm.has_plugin("gatekeeper.plugins.git")
    assert engine.pm.has_plugin(ESSENTIAL)
    assert check(engine, "git status").rule == "GK-UNKNOWN"
    # with the files plugin disabled, a protected write is still ELEVATE
    decision = check(
        engine,
        tool="Write",
        tool_input={"file_path": str(gk_env.project / ".git/hooks/x"), "content": ""},
    )
    assert decision.rule == "GK-PROT-001"


def test_disabled_in_config(make_engine: Callable[..., Engine], gk_env: GkEnv) -> None:
    gk_env.write_config('[plugins]\ndisabled = ["gatekeeper.plugins.git", "protected"]\n')
    engine = make_engine()
    assert not engine.pm.has_plugin("gatekeeper.plugins.git")
    assert engine.pm.has_plugin(ESSENTIAL)


def test_a_misspelt_hook_fails_at_startup_as_a_finding() -> None:
    class Misspelt:
        @hookimpl
        def gatekeeper_check_comand(self) -> None: ...

    _, failures = make_plugin_manager(extra=[Misspelt()])
    assert failures and failures[0].rule == "GK-PLUGIN-003"


def test_hookimpl_is_all_a_plugin_author_needs() -> None:
    # `hookimpl` is not pluggy's marker object (importing pluggy costs the cold hook), but
    # pluggy registers what it marks exactly as what its own marker marks.
    class Plugin:
        @hookimpl(tryfirst=True)
        def gatekeeper_check_tool(self, call: object) -> None: ...

    def plain() -> None: ...

    pluggy.HookimplMarker("gatekeeper")(tryfirst=True)(plain)
    assert Plugin.gatekeeper_check_tool.gatekeeper_impl == plain.gatekeeper_impl  # type: ignore[attr-defined]
    pm, failures = make_plugin_manager(extra=[Plugin()])
    assert failures == ()
    impl = pm.hook.gatekeeper_check_tool.get_hookimpls()[-1]  # tryfirst: called first
    assert isinstance(impl.plugin, Plugin)
    assert impl.tryfirst and impl.argnames == ("call",)


def test_the_stub_reviewer_decides_review_calls(make_engine: Callable[..., Engine]) -> None:
    stub = StubReviewer(ReviewDecision.PUSH_BACK, "use the Makefile target instead")
    engine = make_engine(stub)
    decision = check(engine, "npm install")
    assert decision.outcome == Outcome.DENY
    assert decision.reason == "use the Makefile target instead"
    assert len(stub.asked) == 1
    _, findings = stub.asked[0]
    assert findings[0].verdict == Verdict.REVIEW
    # SAFE and ELEVATE never reach the reviewer
    check(engine, "ls")
    check(engine, "git push")
    assert len(stub.asked) == 1


def test_a_reviewer_that_crashes_means_ask(make_engine: Callable[..., Engine]) -> None:
    class Broken:
        @hookimpl
        def gatekeeper_review(self, call: ToolCall, ctx: Context) -> None:
            raise ValueError("no model")

    decision = check(make_engine(Broken()), "npm install")
    assert decision.outcome == Outcome.ASK
    assert "reviewer" in decision.reason


def test_reviewer_disabled_means_ask(make_engine: Callable[..., Engine], gk_env: GkEnv) -> None:
    gk_env.write_config("[reviewer]\nenabled = false\n")
    stub = StubReviewer()
    decision = check(make_engine(stub), "npm install")
    assert decision.outcome == Outcome.ASK
    assert not stub.asked


def test_findings_are_frozen(make_engine: Callable[..., Engine]) -> None:
    decision = check(make_engine(), "ls")
    with pytest.raises(AttributeError):
        decision.findings[0].verdict = Verdict.SAFE  # type: ignore[misc]
