"""Deeply nested `$( )` keeps texts of bounded size (`shell.parse.TEXT_CLIP`).

Each `$( )` level's command and word used to hold the text of every level inside it:
`echo $(echo $(… ls))` 10,000 deep stored ~800 MB and 20,000 deep ~3 GB, in quadratic
time, so a 1 MB command could exhaust the machine's memory before any answer. A command's
text and a word's `$( )` part now keep at most `TEXT_CLIP` characters (the middle cut); the
commands inside are walked all the same. Nothing here is executed: the commands are only
judged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gatekeeper.model import Outcome
from gatekeeper.shell.parse import TEXT_CLIP, parse
from gatekeeper.testing import check
from tests.conftest import assert_goes_to_the_human

if TYPE_CHECKING:
    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

DEPTH = 3_000


def _kept(text: str) -> int:
    """Characters of every command text and word text the walk keeps for `text`."""
    return sum(
        len(c.text) + sum(len(w.text) for w in c.words) for c in parse(text, "/h").commands
    )


def test_deep_substitutions_keep_text_linear_in_depth() -> None:
    # Kept whole, the texts summed to ~7 DEPTH² characters (63 million here).
    for shape in ("echo $({})", 'echo "$({})"', "cat <(echo {})", "x=$({}) ls"):
        left, right = shape.split("{}")
        text = left * DEPTH + "ls" + right * DEPTH
        assert _kept(text) <= DEPTH * 3 * (TEXT_CLIP + 16), shape


def test_a_command_deep_inside_is_still_judged_by_its_own_words(
    quiet_engine: Engine, gk_env: GkEnv
) -> None:
    command = "echo $(" * DEPTH + "rm -rf ~" + ")" * DEPTH
    inner = [c for c in parse(command, str(gk_env.home)).commands if c.name == "rm"]
    assert [w.text for w in inner[0].words] == ["rm", "-rf", str(gk_env.home)]
    assert_goes_to_the_human(quiet_engine, command, str(gk_env.project))


def test_a_long_command_keeps_its_words_whole_and_its_text_cut() -> None:
    word = "a" * (3 * TEXT_CLIP)
    (command,) = parse(f"echo {word} $(printf %s {word})", "/h").commands[:1]
    assert command.words[1].text == word  # a literal is what it says: never cut
    assert " ... " in command.text
    assert len(command.text) > TEXT_CLIP  # how a cut text is told apart (xargs' lookup)


def test_xargs_with_a_cut_text_does_not_vouch_for_its_input(
    quiet_engine: Engine, gk_env: GkEnv
) -> None:
    # The producer of `xargs`' input is looked up by the command's exact text; a cut text
    # cannot be looked up, so the words it reads are unseen input (never allowed).
    short = check(quiet_engine, "find . -name '*.py' | xargs grep -n x", cwd=str(gk_env.project))
    assert short.outcome is Outcome.ALLOW, short.reason
    pattern = "x" * (2 * TEXT_CLIP)
    long = check(
        quiet_engine, f"find . -name '*.py' | xargs grep -n {pattern}", cwd=str(gk_env.project)
    )
    assert long.outcome is not Outcome.ALLOW


def test_a_cut_text_is_told_apart_by_its_length_outside_ascii_too() -> None:
    # Sliced by bytes, 256 bytes of `é` were 128 characters a side: a cut text shorter
    # than TEXT_CLIP passed for an exact one in `xargs`' producer lookup.
    for word in ("é" * 1000, "日" * 2000, "é" * 3 * TEXT_CLIP):
        (command,) = parse(f"echo $(printf %s {word})", "/h").commands[:1]
        assert " ... " in command.text
        assert len(command.text) > TEXT_CLIP
    (short,) = parse(f"echo {'é' * 300}", "/h").commands  # 600 bytes, 305 characters
    assert short.text == f"echo {'é' * 300}"
