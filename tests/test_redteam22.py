"""Red-team round 22: programs that run another command (`wrappers._RUNNER_ROWS`).

Every row of the table is checked here, not only the ones the corpus names: a runner in
front of a command is never judged milder than the command alone, and never allowed.
Nothing runs a command: each case is judged by the engine and never executed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import SEVERITY, Outcome, Verdict
from gatekeeper.plugins import wrappers
from gatekeeper.testing import check

if TYPE_CHECKING:
    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

# Inner commands: one the human must see (GK-BASH-008, GK-PROT-001), one plainly safe.
_DANGEROUS = ["rm -rf ~", "cp x ~/.bashrc"]
_RANK = {Outcome.ALLOW: 0, Outcome.DENY: 1, Outcome.ASK: 2}


def _runner_line(key: str, inner: str) -> str:
    """`KEY [positionals] [--] INNER` in the shape the row says its command takes."""
    _values, _twos, before, _maybe, form, lines, _floor, _power = wrappers._runner_spec(key)
    words = [key, *["x"] * before]
    if form in ("dashdash", "bash"):
        words.append("--")
    if form == "after":
        words.append(sorted(lines)[0])
    if form == "bash":
        return " ".join([*words, "-c", repr(inner)])
    if form in ("script", "scripts", "none"):
        option = sorted(lines)[0] if form == "none" else ""
        return " ".join([*words, option, repr(inner)]).replace("  ", " ")
    return " ".join([*words, inner])


_KEYS = sorted(k for k in wrappers._RUNNER_ROWS if k != "start-stop-daemon")


@pytest.mark.parametrize("key", _KEYS)
@pytest.mark.parametrize("inner", _DANGEROUS)
def test_a_runner_is_at_least_what_it_runs(
    quiet_engine: Engine, gk_env: GkEnv, key: str, inner: str
) -> None:
    alone = check(quiet_engine, inner, cwd=str(gk_env.project))
    line = _runner_line(key, inner)
    wrapped = check(quiet_engine, line, cwd=str(gk_env.project))
    assert alone.outcome is Outcome.ASK, alone.reason
    assert wrapped.outcome is Outcome.ASK, f"{line}: {wrapped.reason}"
    assert alone.rule in {f.rule for f in wrapped.findings}, f"{line}: {wrapped.reason}"


@pytest.mark.parametrize("key", _KEYS)
def test_a_runner_of_a_safe_command_is_not_allowed(
    quiet_engine: Engine, gk_env: GkEnv, key: str
) -> None:
    line = _runner_line(key, "ls")
    decision = check(quiet_engine, line, cwd=str(gk_env.project))
    assert decision.outcome is not Outcome.ALLOW, f"{line}: {decision.reason}"


@pytest.mark.parametrize(
    ("line", "verdict"),
    [
        ("strace -p 1234", Verdict.ELEVATE),
        ("gdb -p 1234", Verdict.ELEVATE),
        ("unshare -r ls", Verdict.ELEVATE),
        ("systemd-run --user ls", Verdict.ELEVATE),
        ("systemd-run --user --scope ls", Verdict.REVIEW),
        ("op run -- ls", Verdict.ELEVATE),
        ("strace -c ls", Verdict.REVIEW),
    ],
)
def test_a_runner_floor(quiet_engine: Engine, gk_env: GkEnv, line: str, verdict: Verdict) -> None:
    decision = check(quiet_engine, line, cwd=str(gk_env.project))
    worst = max((SEVERITY[f.verdict] for f in decision.findings), default=-1)
    assert worst == SEVERITY[verdict], decision.reason


def test_every_runner_name_is_gated_and_runs_another() -> None:
    assert wrappers._RUNNER_NAMES <= wrappers._ACTS_ON
    singles = {k for k in wrappers._RUNNER_ROWS if " " not in k}
    assert singles <= wrappers.RUNS_ANOTHER
