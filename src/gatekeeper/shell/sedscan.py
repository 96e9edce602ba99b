"""What GNU sed's `e` and `w` commands look like after any address (redteam11).

`shell.effects` matched `e`/`w` after one plain address (`1`, `$`, `/re/`). GNU sed also
takes a range (`1,3`, `0,/re/`, `1,+2`, `1~2`), a custom delimiter (`\\%re%`), the regex
flags `I`/`M`, a negation `!` (`1!e CMD` runs CMD on every line but the first), a `{` before
the command, and a `w` file name with no space (`w/path`). Over-matching is fine here (the
script is reviewed); missing one runs a command the gate allowed.

A delimiter does not end a regex inside a bracket expression (`/[/]/e CMD`, `s/[/]/CMD/e`),
nor when escaped (`s/a\\/b/CMD/e`); a replacement runs over an escaped newline; flags may be
spaced out (`s/x/CMD/ g e`). bash ran CMD in each (redteam21), which a pattern that ended
the regex at the first delimiter missed: `s` commands are read by `_substitutions`.
"""

from __future__ import annotations

from gatekeeper.lazyre import LazyRegex

# a bracket expression inside a regex, where the delimiter is a plain character: `[/]`,
# `[]/]`, `[^]/]`; as GNU sed reads it, a `[` that closes is a bracket. Each step of a regex
# is an atomic group: no reading of `[a][a]...` as brackets and as plain characters both,
# which a failing match would try in every combination.
_BRACKET = r"\[\^?\]?[^]\n]*\]"
_ONE = rf"(?:\d+(?:~\d+)?|\$|/(?>\\.|{_BRACKET}|[^/\\\n])*/[IM]*|\\(?P<d>[^\n\\])(?>\\.|{_BRACKET}|(?!(?P=d))[^\n])*(?P=d)[IM]*)"
_SECOND = rf"(?:\s*,\s*(?:[+~]\d+|\d+|\$|/(?>\\.|{_BRACKET}|[^/\\\n])*/[IM]*|\\(?P<e>[^\n\\])(?>\\.|{_BRACKET}|(?!(?P=e))[^\n])*(?P=e)[IM]*))?"
_HEAD = rf"(?:^|[;\n{{}}])\s*(?:{_ONE}{_SECOND})?\s*(?:!\s*)*"

_RUNS = LazyRegex(_HEAD + r"e(?:\s|$|;|\})")  # compiled on first use: not on the hot path
_WRITES = LazyRegex(_HEAD + r"[wW]\s*(?P<target>[^\s;][^\n]*)")
_READS = LazyRegex(_HEAD + r"[rR]\s*(?P<target>[^\s;][^\n]*)")


def runs_command(script: str) -> bool:
    """Whether an `e` command follows any address form (`1!e CMD`, `1,3e CMD`, `{e CMD`), or
    an `s` command has the `e` flag."""
    if "e" not in script:
        return False
    return _RUNS.search(script) is not None or any("e" in f for f, _ in _substitutions(script))


def written_files(script: str) -> list[str]:
    """The files of `w FILE`/`W FILE` after any address form, `w/path` (no space) included,
    and of an `s` command's `w FILE` flag."""
    if "w" not in script and "W" not in script:
        return []
    found = [m.group("target").strip() for m in _WRITES.finditer(script)]
    found += [target for _, target in _substitutions(script) if target]
    return list(dict.fromkeys(found))


def read_files(script: str) -> list[str]:
    """The files of `r FILE`/`R FILE` after any address form (`1~2r F`, `1,+2r F`, `\\%x%r
    F`): sed prints them into its output. bash: `echo x | sed '\\%x%r .env'` printed .env
    (redteam21)."""
    if "r" not in script and "R" not in script:
        return []
    return list(dict.fromkeys(m.group("target").strip() for m in _READS.finditer(script)))


def _substitutions(script: str) -> list[tuple[str, str]]:
    """(flags, file of the `w` flag) of every `s` command the script may hold: each `s`
    followed by a delimiter is read as one (a letter of a word too: over-matching), with
    bracket expressions in its regex taken as plain characters and as brackets. A script
    that would cost more than `_BUDGET` steps (an `s` with a delimiter of its own after
    every other character) counts as an `e` flag: reviewed, not read."""
    out: list[tuple[str, str]] = []
    budget = _BUDGET
    start = script.find("s")
    while start >= 0:
        for brackets in (False, True):
            end = _substitution_end(script, start + 1, brackets)
            budget -= (end if end >= 0 else len(script)) - start
            if budget < 0:
                return [*out, ("e", "")]
            if end >= 0:
                stop = end
                while stop < len(script) and script[stop] in _FLAG_LETTERS:
                    stop += 1
                if script[stop : stop + 1] == "w":  # the file name runs to the end of the line
                    target = script[stop + 1 :].split("\n", 1)[0].strip()
                    out.append((script[end : stop + 1], target))
                else:
                    out.append((script[end:stop], ""))
        start = script.find("s", start + 1)
    return out


_BUDGET = 200_000
_FLAG_LETTERS = frozenset("gpiImMe0123456789 \t")


def _substitution_end(script: str, at: int, brackets: bool) -> int:
    """Where the flags of an `s` command whose delimiter is at `at` begin, or -1. With
    `brackets`, a `[` of the regex that closes (`[/]`, `[]/]`, `[^]/]`: a first `]` is plain)
    is a bracket expression, whose delimiter ends nothing."""
    n = len(script)
    if at >= n or script[at] in "\n\\":
        return -1
    delimiter, i, part = script[at], at + 1, 0
    close = -1  # the next `]` at or after the bracket's first character (found once each)
    while i < n:
        c = script[i]
        if c == "\\":
            i += 2  # an escaped delimiter, or an escaped newline in the replacement
            continue
        if c == "\n":
            return -1  # GNU sed: unterminated `s' command
        if c == delimiter:
            part += 1
            if part == 2:
                return i + 1
        elif brackets and part == 0 and c == "[":
            first = i + 1 + (script[i + 1 : i + 2] == "^")
            first += script[first : first + 1] == "]"
            if close < first:
                close = script.find("]", first)
            if close < 0:
                brackets = False  # no `]` after this one: no later `[` closes either
            else:
                i = close
        i += 1
    return -1
