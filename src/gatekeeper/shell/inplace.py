"""The files perl and ruby edit in place: ``perl -pi -e 's/a/b/' FILE`` rewrites FILE.

``-i`` (``-i.bak``, in a cluster: ``-pi``, ``-pie``) makes perl and ruby write each file
operand back, as ``sed -i`` does; the gate saw a perl or ruby with inline code (REVIEW), and
``perl -pi -e … ~/.bashrc`` was not a write to a protected path. Every operand counts, the
script too when no ``-e`` gives the program (a lower bound on what perl may write is not
wanted here: the write is what the user must see).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from gatekeeper.model import Command, Word

# The switches whose value is the rest of the cluster (`-Mstrict`, `-I/lib`, `-F:`) or, when
# the cluster ends with them, the next word (`-e CODE`, `-I DIR`).
_VALUED = "eEIMmxFCdDrlKTW0"
_NEXT_WORD = "eEIr"  # those that take the next word when nothing follows them (ruby: -r LIB)


def in_place_files(command: Command) -> list[Word]:
    """The files a perl or ruby ``-i`` run rewrites (none without ``-i``)."""
    words = command.words
    in_place = False
    files: list[Word] = []
    i = 1
    while i < len(words):
        text = words[i].text
        i += 1
        if text == "--":
            files += words[i:]
            break
        if text.startswith("--") or text == "-":
            continue
        if not text.startswith("-"):
            files.append(words[i - 1])
            continue
        for j, letter in enumerate(text[1:], 1):
            if letter == "i":
                in_place = True
                break  # the rest is the backup suffix
            if letter in _VALUED:
                if j == len(text) - 1 and letter in _NEXT_WORD:
                    i += 1  # `-e CODE`: the next word is its value
                break
    return files if in_place else []


# gawk's options that take a value (the next word, or the rest of the word).
_AWK_VALUED = "fvFilEe"
_AWK_LONG_VALUED = ("--file", "--assign", "--field-separator", "--include", "--load", "--exec")


def awk_in_place_files(command: Command) -> list[Word]:
    """The files ``gawk -i inplace`` (``--include=inplace``, ``-iinplace``) rewrites: its
    file operands, after the program (none without the extension)."""
    words = command.words
    in_place = False
    program_given = False  # `-f FILE`/`-e TEXT`: no program operand
    operands: list[Word] = []
    i = 1
    while i < len(words):
        text = words[i].text
        after = words[i + 1].text if i + 1 < len(words) else ""
        i += 1
        if text == "--":
            operands += words[i:]
            break
        if text.startswith("--"):
            name, eq, value = text.partition("=")
            if name in _AWK_LONG_VALUED:
                value = value if eq else after
                i += 0 if eq else 1
                in_place = in_place or (name == "--include" and value == "inplace")
                program_given = program_given or name in ("--file", "--exec")
            continue
        if text.startswith("-") and len(text) > 1:
            letter, rest = text[1], text[2:]
            if letter in _AWK_VALUED:
                value = rest or after
                i += 0 if rest else 1
                in_place = in_place or (letter == "i" and value == "inplace")
                program_given = program_given or letter in "fEe"
            continue
        operands.append(words[i - 1])
    if not in_place:
        return []
    files = operands if program_given else operands[1:]
    return [w for w in files if not _assignment(w.text)]


def _assignment(text: str) -> bool:
    """`var=value` among awk's operands sets a variable; it is no file."""
    name, eq, _ = text.partition("=")
    return bool(eq) and name.isidentifier()
