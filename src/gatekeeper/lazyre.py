"""Regexes compiled on first use, not at import: most cold hook calls never use most of them.

A regex compile costs 0.3-1 ms on a slow interpreter, and a module-level ``re.compile`` is
paid by every process that imports the module, whether the call at hand ever reaches the
code that matches. `LazyRegex` has the ``re.Pattern`` methods gatekeeper uses; the first call
compiles the pattern (``re.compile``, so the same cache and the same errors) and puts the
compiled pattern's own bound methods on the instance, so later calls cost what a plain
pattern costs.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator


class LazyRegex:
    """``re.compile(pattern, flags)``, deferred to the first match."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags

    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern; its methods replace this class' on the instance."""
        compiled = re.compile(self.pattern, self.flags)
        self.match = compiled.match  # type: ignore[method-assign]
        self.fullmatch = compiled.fullmatch  # type: ignore[method-assign]
        self.search = compiled.search  # type: ignore[method-assign]
        self.finditer = compiled.finditer  # type: ignore[method-assign]
        self.sub = compiled.sub  # type: ignore[method-assign]
        return compiled

    def match(self, string: str) -> re.Match[str] | None:
        """`re.Pattern.match`."""
        return self.compiled().match(string)

    def fullmatch(self, string: str) -> re.Match[str] | None:
        """`re.Pattern.fullmatch`."""
        return self.compiled().fullmatch(string)

    def search(self, string: str) -> re.Match[str] | None:
        """`re.Pattern.search`."""
        return self.compiled().search(string)

    def finditer(self, string: str) -> Iterator[re.Match[str]]:
        """`re.Pattern.finditer`."""
        return self.compiled().finditer(string)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        """`re.Pattern.sub`."""
        return self.compiled().sub(repl, string, count)
