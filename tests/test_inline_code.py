"""Paths named inside a program given to an interpreter inline (shell/inlinecode.py).

`python -c 'print(open("/etc/shadow").read())'` was REVIEW (code the gate cannot see), so
with the reviewer on, a credential read rested on its judgement. The program's string
literals now go through the same checks as an argument: each `ruleid` command of
tests/corpora/inline-code.sh must go to the human (ELEVATE). Nothing here is executed.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import Verdict
from gatekeeper.shell.inlinecode import code_paths, interpreter
from gatekeeper.testing import check, corpus_cases
from tests.conftest import assert_goes_to_the_human

if TYPE_CHECKING:
    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

CORPUS = Path(__file__).parent / "corpora" / "inline-code.sh"
NAMED = [c.command for c in corpus_cases([CORPUS]) if c.kind == "ruleid"]


@pytest.fixture
def engine(quiet_engine: Engine) -> Engine:
    return quiet_engine


@pytest.mark.parametrize("command", NAMED)
def test_a_credential_or_protected_path_in_inline_code_goes_to_the_human(
    command: str, engine: Engine, gk_env: GkEnv
) -> None:
    assert_goes_to_the_human(engine, command, str(gk_env.project))


def test_a_dot_name_counts_only_when_the_file_exists(engine: Engine, gk_env: GkEnv) -> None:
    command = """node -e 'console.log(require("fs").readFileSync(".env", "utf8"))'"""
    before = check(engine, command, cwd=str(gk_env.project))
    assert "GK-PROT-002" not in {f.rule for f in before.findings}
    (gk_env.project / ".env").write_text("TOKEN=x\n")
    after = check(engine, command, cwd=str(gk_env.project))
    assert "GK-PROT-002" in {f.rule for f in after.findings if f.verdict is Verdict.ELEVATE}


@pytest.mark.parametrize(
    ("text", "paths"),
    [
        ('print(open("/etc/shadow").read())', ["/etc/shadow"]),
        ("open F, '</etc/shadow'; print <F>", ["</etc/shadow", "/etc/shadow"]),
        ('require("fs").readFileSync(".env")', [".env"]),
        ("jshell> /open /etc/shadow\n", ["/open", "/etc/shadow"]),
        ('expanduser("~/.ssh/id_rsa")', ["~/.ssh/id_rsa"]),
        ("x = 1 / 2; y = a/b", []),
        ("plain-operand.py", []),  # no literal and not a script: judged as a word already
    ],
)
def test_code_paths(text: str, paths: list[str]) -> None:
    assert code_paths([text]) == paths


def test_code_paths_are_bounded() -> None:
    program = "; ".join(f'open("/srv/f{i}")' for i in range(1000))
    assert len(code_paths([program])) == 64


@pytest.mark.parametrize(
    ("name", "runs_code"),
    [("python3", True), ("python3.12", True), ("pypy3", True), ("node", True)],
)
def test_interpreter_names(name: str, runs_code: bool) -> None:
    assert interpreter(name) is runs_code


@pytest.mark.parametrize("name", ["ls", "pythonista", "grep", "cat", ""])
def test_other_names_are_not_interpreters(name: str) -> None:
    assert not interpreter(name)
