"""What GNU sed's `e` and `w` commands look like after any address (redteam11).

`shell.effects` matched `e`/`w` after one plain address (`1`, `$`, `/re/`). GNU sed also
takes a range (`1,3`, `0,/re/`, `1,+2`, `1~2`), a custom delimiter (`\\%re%`), the regex
flags `I`/`M`, a negation `!` (`1!e CMD` runs CMD on every line but the first), a `{` before
the command, and a `w` file name with no space (`w/path`). Over-matching is fine here (the
script is reviewed); missing one runs a command the gate allowed.
"""

from __future__ import annotations

from gatekeeper.lazyre import LazyRegex

_ONE = r"(?:\d+(?:~\d+)?|\$|/(?:\\.|[^/\\\n])*/[IM]*|\\(?P<d>[^\n\\])(?:\\.|(?!(?P=d))[^\n])*(?P=d)[IM]*)"
_SECOND = r"(?:\s*,\s*(?:[+~]\d+|\d+|\$|/(?:\\.|[^/\\\n])*/[IM]*|\\(?P<e>[^\n\\])(?:\\.|(?!(?P=e))[^\n])*(?P=e)[IM]*))?"
_HEAD = rf"(?:^|[;\n{{}}])\s*(?:{_ONE}{_SECOND})?\s*(?:!\s*)*"

_RUNS = LazyRegex(_HEAD + r"e(?:\s|$|;|\})")  # compiled on first use: not on the hot path
_WRITES = LazyRegex(_HEAD + r"[wW]\s*(?P<target>[^\s;][^\n]*)")


def runs_command(script: str) -> bool:
    """Whether an `e` command follows any address form (`1!e CMD`, `1,3e CMD`, `{e CMD`)."""
    return "e" in script and _RUNS.search(script) is not None


def written_files(script: str) -> list[str]:
    """The files of `w FILE`/`W FILE` after any address form, `w/path` (no space) included."""
    if "w" not in script and "W" not in script:
        return []
    return [m.group("target").strip() for m in _WRITES.finditer(script)]
