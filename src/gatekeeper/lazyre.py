"""Regexes compiled on first use, not at import: most cold hook calls never use most of them.

A regex compile costs 0.3-1 ms on a slow interpreter, and a module-level ``re.compile`` is
paid by every process that imports the module, whether the call at hand ever reaches the
code that matches. `LazyRegex` has the ``re.Pattern`` methods gatekeeper uses; the first call
compiles the pattern (``re.compile``, so the same cache and the same errors) and puts the
compiled pattern's own bound methods on the instance, so later calls cost what a plain
pattern costs.

``re`` itself is imported on first use too: ``import re`` imports ``enum``, ``functools`` and
``collections`` (~8 ms of a cold call on a slow interpreter), and an ordinary call matches no
regex at all. A module that calls ``re.match(...)`` in a function writes
``from gatekeeper.lazyre import re``: the name is a stand-in that imports ``re`` when an
attribute is first asked for and then is ``re``'s attribute. Module-level patterns are
`LazyRegex` with their flags inline (``(?i)``), since ``re.IGNORECASE`` would import ``re``.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import re  # the type checker sees the real module
    from collections.abc import Callable, Iterator
    from typing import Any
else:

    class _LazyRe:
        """``re``, imported when one of its attributes is first used."""

        def __getattr__(self, name: str) -> object:
            import re as real

            value = getattr(real, name)
            setattr(self, name, value)  # later uses find it here, without __getattr__
            return value

    re = _LazyRe()

__all__ = ["LazyRegex", "re"]


class LazyRegex:
    """``re.compile(pattern, flags)``, deferred to the first match."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags

    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern; its methods replace this class' on the instance."""
        import re as real  # first use of any lazy pattern

        compiled = real.compile(self.pattern, self.flags)
        self.match = compiled.match  # type: ignore[method-assign]
        self.fullmatch = compiled.fullmatch  # type: ignore[method-assign]
        self.search = compiled.search  # type: ignore[method-assign]
        self.finditer = compiled.finditer  # type: ignore[method-assign]
        self.sub = compiled.sub  # type: ignore[method-assign]
        self.split = compiled.split  # type: ignore[method-assign]
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

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        """`re.Pattern.split`."""
        return self.compiled().split(string, maxsplit)
