"""`Engine._contexts` skips the cwd plan for one command that cannot be a `cd`: same answer.

The plan of such a script is always the call's own cwd with no other dirs; these tests ask
`cwd_plan` itself, for corpus commands and generated ones (`/bin/cd x`, `builtin cd x`,
`a=1`, `cd`, ...), whenever the short path would be taken.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from gatekeeper.pipeline import _CD_LEADS, cwd_plan
from gatekeeper.shell.parse import parse
from gatekeeper.testing import corpus_cases

REPO = Path(__file__).resolve().parent.parent
CWD = "/p/proj"


def _short_path_taken(text: str) -> bool:
    script = parse(text, lambda: "/home/u")
    if len(script.commands) != 1:
        return False
    argv = script.commands[0].argv
    return not argv or argv[0] not in _CD_LEADS


def _check(text: str) -> bool:
    if not _short_path_taken(text):
        return False
    script = parse(text, lambda: "/home/u")
    assert cwd_plan(script, CWD) == [(CWD, ())], text
    return True


def test_corpus_commands() -> None:
    cases = corpus_cases(sorted((REPO / "tests" / "corpora").glob("*.sh")))
    taken = sum(_check(case.command) for case in cases)
    assert taken > 100  # the short path is the common one


WORDS = st.sampled_from(
    ["cd", "/bin/cd", "./cd", "pushd", "builtin", "command", "ls", "-", "-P", "x", "/tmp", "a=1"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(WORDS, min_size=1, max_size=4), st.sampled_from(["", " && true", "; ls"]))
def test_generated_commands(words: list[str], tail: str) -> None:
    _check(" ".join(words) + tail)
