"""The shortcuts of the decision's hot path answer exactly as the code they shortcut."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from gatekeeper.model import Command, Redirect, Word
from gatekeeper.shell import effects, parse


def _slow_unquoted_word(raw: str) -> tuple[str, bool]:
    """The character loop of `_unquoted_word`, without its shortcut."""
    out: list[str] = []
    glob = False
    i = 0
    while i < len(raw):
        ch = raw[i]
        if ch == "\\" and i + 1 < len(raw):
            if raw[i + 1] != "\n":
                out.append(raw[i + 1])
            i += 2
            continue
        brace = ch == "{" and ("," in raw[i:] or ".." in raw[i:]) and "}" in raw[i:]
        glob = glob or ch in "*?[" or brace
        out.append(ch)
        i += 1
    return "".join(out), glob


@settings(max_examples=3000)
@given(st.text(alphabet="ab/.-,\\*?[]{}\n~é", max_size=12))
def test_unquoted_word_is_the_character_loop(raw: str) -> None:
    assert parse._unquoted_word(raw, at_start=True) == _slow_unquoted_word(raw)


WORDS = st.lists(st.sampled_from(["tee", "cp", "rm", "-r", "a", "/bin/mv", "b", "$X", ">"]))


@settings(max_examples=500)
@given(WORDS, WORDS)
def test_write_targets_of_each_command_is_its_own(first: list[str], second: list[str]) -> None:
    one = Command(tuple(Word(w) for w in first), redirects=(Redirect(">", Word("out")),))
    two = Command(tuple(Word(w) for w in second))
    for command in (one, two, one, one, two):
        got = effects.write_targets(command)
        assert got == tuple(effects._write_targets(command))
        assert isinstance(got, tuple)  # no caller can change what the next one gets
        assert effects.write_targets(command) == tuple(effects._write_targets(command))


@given(WORDS)
def test_argv_and_name_follow_the_words(words: list[str]) -> None:
    command = Command(tuple(Word(w) for w in words))
    assert command.argv == tuple(words)
    assert command.name == (words[0].rsplit("/", 1)[-1] if words else "")
    other = dataclasses.replace(command, words=(Word("/usr/bin/env"), *command.words))
    assert other.argv == ("/usr/bin/env", *words)
    assert other.name == "env"
    assert Command(tuple(Word(w) for w in words)) == command
    assert "_argv" not in repr(command)
