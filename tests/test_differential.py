"""Differential execution (diff14): what bash runs against what the gate allowed.

Every hole found in the bash analysis so far was a text that tree-sitter-bash (and the
walker on it) reads otherwise than bash. Here bash itself says what a text runs: texts
from the grammar-based generator of tests/differential.py run in a sandbox where PATH
holds only stub programs that log their argv (no `/`, `~`, `..`, PATH or HOME in any text,
checked before each run). The property: when the gate allows a text (reviewer off), every
program bash ran is one the gate allows as a command of its own in the same directory (no
`rm`, `curl`, `sh`, `git push` hidden in what looked like data). A text bash stops on
still ran what it ran before stopping, so its calls count too.

The other direction is measured, not asserted: a text the gate asks about whose calls
were each allowed is noise (`--hypothesis-show-statistics` shows the rules).

`make test` draws 150 derandomized examples (the `ci` profile); `make fuzz` the
`fuzz` profile's count with fresh seeds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, event, given, settings

from gatekeeper.model import Outcome
from gatekeeper.testing import check
from tests.differential import Sandbox, assert_harmless, texts

if TYPE_CHECKING:
    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv


@pytest.fixture
def sandbox(gk_env: GkEnv) -> Sandbox:
    return Sandbox(gk_env.home.parent / "sandbox", gk_env.home, gk_env.project)


def _allowed(engine: Engine, command: str, cwd: str, memo: dict[tuple[str, str], bool]) -> bool:
    key = (command, cwd)
    if key not in memo:
        memo[key] = check(engine, command, cwd=cwd).outcome is Outcome.ALLOW
    return memo[key]


# `make test` (the `ci` profile) draws 150 texts of two levels of nesting, a few seconds'
# worth; `make fuzz` the `fuzz` profile's count (20,000) of three levels, fresh seeds.
_DEPTH = 3 if settings().max_examples > 1000 else 2


@settings(
    max_examples=max(150, settings().max_examples),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                           HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
@given(text=texts(_DEPTH))
def test_what_bash_runs_in_an_allowed_text_is_allowed(
    text: str, quiet_engine: Engine, sandbox: Sandbox
) -> None:
    sandbox.reset()
    decision = check(quiet_engine, text, cwd=str(sandbox.project))
    run = sandbox.run(text)
    memo: dict[tuple[str, str], bool] = {}
    unjudged = [
        c.command() for c in run.calls if not _allowed(quiet_engine, c.command(), c.cwd, memo)
    ]
    if decision.outcome is Outcome.ALLOW:
        event("allowed")
        assert not unjudged, (
            f"the gate allowed {text!r} ({decision.reason}), and bash ran {unjudged}"
        )
    elif run.calls and not unjudged and not run.timed_out:
        event(f"noise: {decision.rule}")
    else:
        event("asked, and bash ran something the gate asks about" if unjudged else "asked")


def test_the_sandbox_runs_only_stubs(sandbox: Sandbox) -> None:
    """A stub logs its call; a name that is no stub is not found; a path is refused."""
    run = sandbox.run("ls -l a; cd sub && rm x; nosuch; echo $(cat b)")
    assert sorted(c.command() for c in run.calls) == ["cat b", "ls -l a", "rm x"]
    assert {c.cwd.rsplit("/", 1)[-1] for c in run.calls if c.name == "rm"} == {"sub"}
    with pytest.raises(AssertionError, match="way out"):
        assert_harmless("x=rm; PATH=$PATH $x")
    for escape in ("cat ~", "cd ..; ls", "command -p rm", "echo $'\\x2f'", "$BASH", "enable rm"):
        with pytest.raises(AssertionError):
            assert_harmless(escape)


def test_a_background_call_and_a_process_substitution_are_logged(sandbox: Sandbox) -> None:
    run = sandbox.run("rm a & cat <(head b) >(wc)")
    assert sorted(c.name for c in run.calls) == ["cat", "head", "rm", "wc"]


# -- found by this test ------------------------------------------------------------------------

# A text of 1,024 bytes or more is parsed through tree-sitter's progress callback (so the
# parse can be stopped at the deadline), and such a tree has no source: `Node.text` on it
# crashed the process (SIGSEGV in tree-sitter 0.26). The hook died with status 139, which
# Claude Code takes for a hook error, not a decision: the call ran. The parse read a node's
# text in two places (a `{fd}>` glued to a word, a split `<<<`). bash: the text below, with
# `touch /tmp/diff14-marker-1` for the rm, made the marker; the hook exited 139.
LONG_TEXTS = [
    "rm -rf ~/x; ls {fd}>x " + "#" * 1100,
    "rm -rf ~/x; ls a {fd}>x b # " + "pad " * 300,
]


@pytest.mark.parametrize("text", LONG_TEXTS)
def test_a_long_text_gets_a_decision_from_the_hook(gk_env: GkEnv, text: str) -> None:
    from tests.conftest import hook_payload, run_hook

    gk_env.write_config("[reviewer]\nenabled = false\n")
    done = run_hook(gk_env, hook_payload(gk_env, "Bash", {"command": text}))
    assert done.returncode == 0, done.stderr[-400:]
    assert b'"permissionDecision": "ask"' in done.stdout


def test_every_corpus_command_is_judged_from_a_callback_tree(
    quiet_engine: Engine, gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With every text parsed through the callback (as the long ones are), no part of the
    analysis reads a node's text from the tree: the corpora are judged as before."""
    from pathlib import Path

    from gatekeeper.shell import parse as shell_parse
    from gatekeeper.testing import corpus_cases

    (gk_env.project / "src").mkdir()
    cases = list(corpus_cases(sorted((Path(__file__).parent / "corpora").glob("*.sh"))))
    cwd = str(gk_env.project)
    before = [check(quiet_engine, c.command, cwd=cwd).outcome for c in cases]
    monkeypatch.setattr(shell_parse, "_WATCHED_FROM", 0)
    after = [check(quiet_engine, c.command, cwd=cwd).outcome for c in cases]
    changed = [c.command for c, b, a in zip(cases, before, after, strict=True) if a is not b]
    assert len(cases) > 1000
    assert not changed
