"""Red-team round 10: a word's part cut at `shell.parse.TEXT_CLIP` hid the variables it named.

A word keeps at most 512 characters of an expansion part's text; checkers that read a
dynamic word's text for the variables it expands (GK-ENV-002, `shell.secretflow`) saw the
cut text. ``echo "${u:-<300 characters> $GITHUB_TOKEN <300 characters>}"`` prints the token
in bash; the gate allowed it. Nothing here runs a command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import Outcome
from gatekeeper.shell.parse import TEXT_CLIP, parse
from gatekeeper.testing import check

if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

PAD = "A" * (TEXT_CLIP // 2 + 50)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        (f'echo "${{u:-{PAD} $GITHUB_TOKEN {PAD}}}"', "GK-ENV-002"),
        (f"echo ${{u:-{PAD} $GITHUB_TOKEN {PAD}}}", "GK-ENV-002"),
        (f'echo "${{u:-{PAD}${{GITHUB_TOKEN}}{PAD}}}"', "GK-ENV-002"),
        (f'echo "${{u:-{PAD} ${{GITHUB_TOKEN:0:9}} {PAD}}}"', "GK-ENV-002"),
        (f'echo "${{u:-{PAD} ${{!GITHUB_*}} {PAD}}}"', "GK-ENV-002"),
        (f'cat <<< "${{u:-{PAD} $GITHUB_TOKEN {PAD}}}"', "GK-ENV-002"),
        # a bare name in arithmetic is evaluated: a value that is no number is printed in
        # bash's error message
        (f'echo "$(( {"1+" * (TEXT_CLIP // 2)} GITHUB_TOKEN ))"', "GK-ENV-002"),
        (f'x=$GITHUB_TOKEN; echo "${{u:-{PAD} $x {PAD}}}"', "GK-ENV-002"),
    ],
)
def test_a_secret_named_in_a_cut_part_is_still_found(
    gk_env: GkEnv, make_engine: Callable[..., Engine], command: str, rule: str
) -> None:
    gk_env.write_config("[reviewer]\nenabled = false\n")
    decision = check(make_engine(), command, cwd=str(gk_env.project))
    rules = {f.rule for f in decision.findings}
    assert decision.outcome != Outcome.ALLOW, decision.reason
    assert rule in rules, decision.reason


@pytest.mark.parametrize(
    "command",
    [
        f'echo "${{u:-{PAD} $HOME {PAD}}}"',
        f'echo "${{u:-{PAD} ${{#GITHUB_TOKEN}} {PAD}}}"',  # a length
        f"echo \"$(printf '%s' {PAD})\"",  # a `$( )` is walked as commands of its own
    ],
)
def test_a_cut_part_without_a_secret_stays_allowed(
    gk_env: GkEnv, make_engine: Callable[..., Engine], command: str
) -> None:
    gk_env.write_config("[reviewer]\nenabled = false\n")
    decision = check(make_engine(), command, cwd=str(gk_env.project))
    assert decision.outcome == Outcome.ALLOW, decision.reason


def test_the_cut_word_carries_the_names_of_its_cut_part() -> None:
    text = f'echo "${{u:-{PAD} $GITHUB_TOKEN ${{!x}} ${{#y}} {PAD}}}"'
    (command,) = parse(text, "/home/u").commands
    word = command.words[1]
    assert word.dynamic
    assert " ... " in word.text  # the part was cut
    for name in ("${GITHUB_TOKEN}", "${!x}", "${#y}", "${u}"):
        assert name in word.text


def test_a_word_not_cut_is_unchanged() -> None:
    (command,) = parse('echo "${u:-a $GITHUB_TOKEN b}"', "/home/u").commands
    assert command.words[1].text == "${u:-a $GITHUB_TOKEN b}"
