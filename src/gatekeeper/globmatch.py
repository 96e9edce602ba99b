"""`fnmatch.fnmatchcase` for name patterns made of literal text and `*`, without regexes.

``import fnmatch`` imports ``re`` (and ``re`` imports ``enum``, ``functools``,
``collections``), and the path policy tests every file name of a call against its
credential patterns (``id_rsa*``, ``*.pem``, ``.env.*``, ...). Those patterns use no ``?``
and no ``[...]``, and for such a pattern `fnmatch` means: the name starts with the text
before the first ``*``, ends with the text after the last one, and holds the texts between
them in order, without overlap (``*`` matches any run of characters, newlines too). Finding
each middle text at its leftmost place is enough: a later place never leaves more room.

A pattern with ``?`` or ``[`` is matched by `fnmatch` itself (imported then), so every
pattern gives `fnmatch.fnmatchcase`'s answer; ``tests/test_globmatch.py`` compares them over
generated names and patterns.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable


def _parts_match(parts: tuple[str, ...], name: str) -> bool:
    """Whether `name` matches ``"*".join(parts)`` (at least two parts: one ``*`` or more)."""
    first, last = parts[0], parts[-1]
    if len(name) < len(first) + len(last) or not name.startswith(first):
        return False
    if not name.endswith(last):
        return False
    pos, end = len(first), len(name) - len(last)
    for part in parts[1:-1]:
        found = name.find(part, pos, end)
        if found < 0:
            return False
        pos = found + len(part)
    return True


def _fnmatch(pattern: str) -> Callable[[str], bool]:
    def match(name: str) -> bool:
        import fnmatch  # a pattern with `?` or `[`: fnmatch's own regex

        return fnmatch.fnmatchcase(name, pattern)

    return match


def matcher(patterns: Iterable[str]) -> Callable[[str], bool]:
    """A test equal to ``any(fnmatch.fnmatchcase(name, p) for p in patterns)``."""
    literal: set[str] = set()
    prefixes: list[str] = []  # `text*`
    suffixes: list[str] = []  # `*text`
    general: list[tuple[str, ...]] = []  # more than one `*`, or `a*b`
    other: list[Callable[[str], bool]] = []  # `?` or `[`
    for pattern in patterns:
        if "?" in pattern or "[" in pattern:
            other.append(_fnmatch(pattern))
            continue
        parts = tuple(pattern.split("*"))
        if len(parts) == 1:
            literal.add(pattern)
        elif len(parts) == 2 and not parts[1]:
            prefixes.append(parts[0])
        elif len(parts) == 2 and not parts[0]:
            suffixes.append(parts[1])
        else:
            general.append(parts)
    starts, ends = tuple(prefixes), tuple(suffixes)

    def match(name: str) -> bool:
        return (
            name in literal
            or (bool(starts) and name.startswith(starts))
            or (bool(ends) and name.endswith(ends))
            or any(_parts_match(parts, name) for parts in general)
            or any(test(name) for test in other)
        )

    return match


def star(pattern: str) -> Callable[[str], bool]:
    """A test of a whole string against `pattern`, where ``*`` matches any run of characters
    (newlines too) and every other character, ``?`` and ``[`` included, only itself: the
    regex ``".*".join(re.escape(p) for p in pattern.split("*"))``, fully matched, DOTALL."""
    parts = tuple(pattern.split("*"))
    if len(parts) == 1:
        return lambda name: name == pattern
    return lambda name: _parts_match(parts, name)


def fnmatchcase(name: str, pattern: str) -> bool:
    """`fnmatch.fnmatchcase(name, pattern)`."""
    return matcher((pattern,))(name)
