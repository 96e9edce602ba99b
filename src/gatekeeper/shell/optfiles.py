"""Files the plain readers read through an option, not as an operand.

``grep -f FILE`` reads its patterns from FILE, ``rg --ignore-file FILE`` its ignore rules,
``file -m FILE`` its magic (which can print the bytes it matches),
``du -X FILE`` and ``grep --exclude-from=FILE`` their exclusions, ``jq -f FILE`` its
program, ``sort --random-source=FILE`` its random bytes: each is a read like an operand,
and a file outside the allowed dirs (or a credential) must be judged as one. The value of a
short option may be the next word or the rest of its word (``-f/srv/p``), after other
letters (``-rf /srv/p``); GNU tools take a long option's unambiguous prefix (``--exclude-f``).
"""

from __future__ import annotations

from gatekeeper.records import replace
from gatekeeper.shell.effects import long_options

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from gatekeeper.model import Command, Word


class _Reader:
    """One reader's options: short letters whose value is a file read, the letters that
    take any value (the rest of a word after one is its value), long options whose value is
    a file read, and whether long options may be abbreviated (getopt_long)."""

    __slots__ = ("file_letters", "long", "prefixes", "valued")

    def __init__(self, file_letters: str, valued: str, long: tuple[str, ...], prefixes: bool):
        self.file_letters = file_letters
        self.valued = valued + file_letters
        self.long = long
        self.prefixes = prefixes


_GREP = _Reader("f", "eEmABCdD", ("--file", "--exclude-from"), prefixes=True)
READERS: dict[str, _Reader] = {
    "grep": _GREP,
    "egrep": _GREP,
    "fgrep": _GREP,
    # ripgrep's parser takes whole names only
    "rg": _Reader("f", "eEgjmAMBCdrtT", ("--file", "--ignore-file"), prefixes=False),
    "ag": _Reader("p", "ABCGgmW", ("--path-to-ignore",), prefixes=True),
    "jq": _Reader("fL", "", ("--from-file",), prefixes=False),  # -L: its modules' dir
    "file": _Reader("m", "eFP", ("--magic-file",), prefixes=True),
    "diff": _Reader("X", "CDFILSUWx", ("--exclude-from",), prefixes=True),
    "yq": _Reader("", "", ("--from-file",), prefixes=False),
    "du": _Reader("X", "BdtF", ("--exclude-from",), prefixes=True),
    "sort": _Reader("", "kotST", ("--random-source",), prefixes=True),
    # procps: the PID of `-F FILE` (`pgrep -lF/srv/pid`)
    "pgrep": _Reader("F", "dgGPstuUrcQ", ("--pidfile",), prefixes=True),
}


def option_files(command: Command) -> list[Word]:
    """The words naming files that `command` reads through its options."""
    reader = READERS.get(command.name)
    if reader is None:
        return []
    words = command.words
    out: list[Word] = []
    i = 1
    while i < len(words):
        word = words[i]
        text = word.text
        after = words[i + 1] if i + 1 < len(words) else None
        i += 1
        if text == "--":
            break
        if text.startswith("--"):
            name, eq, value = text.partition("=")
            named = name in reader.long or (reader.prefixes and long_options(name, reader.long))
            if named:
                if eq:
                    out.append(replace(word, text=value))
                elif after is not None:
                    out.append(after)
                    i += 1
        elif text.startswith("-") and len(text) > 1:
            for j, letter in enumerate(text[1:], 1):
                if letter not in reader.valued:
                    continue
                rest = text[j + 1 :]
                if letter in reader.file_letters:
                    if rest:
                        out.append(replace(word, text=rest))
                    elif after is not None:
                        out.append(after)
                if not rest:
                    i += 1  # the next word is this option's value
                break
    return out
