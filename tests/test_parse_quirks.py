"""Texts tree-sitter-bash reads otherwise than bash, which the parse must report.

bash separates words by spaces and tabs only: a vertical tab, a form feed or a carriage
return is a character of a word, so a `#` after one is no comment. tree-sitter-bash takes
the three for blanks: `ls<VT># ; rm -rf ~` was `ls` and a comment to the gate, and
`ls<VT>#` then `rm -rf ~` to bash. Nothing here is executed: the texts are only judged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import Outcome
from gatekeeper.shell import parse as shell_parse
from gatekeeper.testing import check

if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

PAYLOAD = "rm -rf ~/project-x"


@pytest.fixture
def engine(gk_env: GkEnv, make_engine: Callable[..., Engine]) -> Engine:
    gk_env.write_config("[reviewer]\nenabled = false\n")
    return make_engine()


@pytest.mark.parametrize(
    "text",
    [
        f"ls\v# ; {PAYLOAD}",
        f"ls\f#; {PAYLOAD}",
        f"ls\r#; {PAYLOAD}",
        f"ls \v# ; {PAYLOAD}",
        f"git status\v#\r; {PAYLOAD}",
        f"bash -c $'ls\\v# ; {PAYLOAD}'",
        f"bash <<EOF\nls\v# ; {PAYLOAD}\nEOF",
        # an escaped blank is a word's character to bash; the parser skipped `\ ` as a blank
        f"ls \\ #; {PAYLOAD}",
        f"ls\\\t#; {PAYLOAD}",
        # `\<NEWLINE>` joins `ls` and `#` into one word: no comment
        f"ls\\\n#; {PAYLOAD}",
        f"x=1\\\n#; {PAYLOAD}",
        # the parser joined `$`, the newline and the next command's name into one expansion
        f"echo x\\\n $ \n{PAYLOAD}",
    ],
)
def test_a_text_the_parser_reads_otherwise_than_bash_is_not_allowed(
    engine: Engine, gk_env: GkEnv, text: str
) -> None:
    decision = check(engine, text, cwd=str(gk_env.project))
    assert decision.outcome != Outcome.ALLOW, f"{text!r}: {decision.reason}"


@pytest.mark.parametrize(
    "text",
    [
        "echo 'a\vb'",
        'echo "a\fb"',
        "echo $'a\\vb'",
        "ls # a\fb",
        "cat <<'EOF'\na\rb\nEOF",
        "git log \\\n  --oneline -5",
        "git status &&\\\ngit log -1",
        "echo a\\ b",
        "ls \\\n#; rm -rf ~",  # `ls #...`: a comment to both
    ],
)
def test_the_characters_inside_quotes_comments_and_here_documents_are_fine(
    engine: Engine, gk_env: GkEnv, text: str
) -> None:
    decision = check(engine, text, cwd=str(gk_env.project))
    assert decision.outcome == Outcome.ALLOW, f"{text!r}: {decision.reason}"


@pytest.mark.parametrize("text", ["ls && - x=1", "x=1 - y=2 ls", "ls; 1=x", "cat - $"])
def test_a_word_the_parser_leaves_out_or_misreads_is_a_problem(text: str) -> None:
    script = shell_parse.parse(text, "/home/u")
    assert any(p.rule == "GK-SHELL-001" for p in script.problems), script
