"""`LazyRegex` answers as the compiled pattern does, and compiles only on first use."""

from __future__ import annotations

import re
from typing import Any

import pytest

from gatekeeper.lazyre import LazyRegex

METHODS = ("match", "fullmatch", "search", "finditer", "sub")


def call(pattern: Any, method: str, text: str) -> object:
    if method == "finditer":
        return [m.span() for m in pattern.finditer(text)]
    if method == "sub":
        return pattern.sub("<>", text)
    return getattr(pattern, method)(text)


TEXTS = ["", "python3.11", "x = 1; python", "sed w /tmp/out", "PYTHONPATH", "a\nb"]


@pytest.mark.parametrize(
    ("pattern", "flags"),
    [(r"^(python|python3\.\d+)$", 0), (r"(?i)auth|token", 0), (r"w\s+(\S+)", re.DOTALL), (r"", 0)],
)
def test_every_method_answers_as_the_compiled_pattern(pattern: str, flags: int) -> None:
    compiled = re.compile(pattern, flags)
    for text in TEXTS:
        for first in METHODS:
            lazy = LazyRegex(pattern, flags)
            assert "match" not in vars(lazy)  # nothing compiled yet
            order = [first, *(name for name in METHODS if name != first)]
            for name in order:  # the first call compiles; the others use the compiled methods
                a, b = call(lazy, name, text), call(compiled, name, text)
                if isinstance(a, re.Match) and isinstance(b, re.Match):
                    assert (a.span(), a.groups()) == (b.span(), b.groups())
                else:
                    assert a == b
            assert vars(lazy)["match"] == compiled.match


def test_a_bad_pattern_fails_on_first_use_as_re_does() -> None:
    lazy = LazyRegex("(")
    with pytest.raises(re.error):
        lazy.match("x")
