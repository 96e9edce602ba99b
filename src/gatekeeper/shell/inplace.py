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
