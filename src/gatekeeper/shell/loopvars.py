"""The values of a `for` loop's variable, where nothing else in the text can set it.

``for f in *.py; do wc -l "$f"; done`` is how an agent looks at a few files at once. Without
this module every ``$f`` is a word known only at run time, and the read is asked about. With
it, the walker judges the body's commands once per value the loop gives the variable (the
glob ``*.py`` stands for each file it matches, as in ``wc -l *.py``), but only when the
text leaves the variable no other value:

- the name is lower case (no special variable of bash: ``RANDOM``, ``_``, ``IFS``, …) and
  appears in the text only as the loop's own header, as ``$name`` or ``${name}`` inside the
  loop's body, or as an option letter ``-name`` standing alone (``[ -f "$f" ]``);
- no identifier that ends with the name follows a ``-`` (``printf -vf …`` and ``read -af``
  set ``f``), and the text never names ``IFS`` (a new ``IFS`` splits an unquoted ``$f``
  differently);
- no ``${!n:=…}`` or ``${!n=…}`` in the text: an indirect expansion that assigns, to the
  variable whose name ``n`` holds, when it is empty (``d=""; n=abcd; n=${n:3}; [[
  ${!n:=~/.ssh/id_rsa} ]]; cat "$d"`` reads the key);
- it is one of the first 32 loops and assignments of the text (each look scans the
  whole text: `shell.parse._MAX_LOOKS`);
- the loop's words are static (no ``$``, backquote or ``(``) or each one whole command
  substitution (``for f in $(git ls-files)``: ``$f`` is a word of its output, as unknown as
  the substitution, and judged as in ``wc -l $(git ls-files)``); at most `MAX_VALUES` of
  them after brace expansion;
- no command of the text is a builtin that sets a variable whose name it is given
  (`SETTERS`: ``printf -v "$n"``, ``read``, ``declare``, ``eval``, ``source``, …): that is
  checked after the walk (`sets_names`), and the walk is done again without loop values if
  one is found.

A variable assigned once at the top of the text (``d=src; ls "$d"``; `_Walker.assigned` in
`shell.parse` says where) is followed the same way, with its one value, after the assignment.

Arithmetic can still set the variable through a computed name (``(( $n = 5 ))``), but only
to an integer, which is a relative file name or a count, never a path outside.
"""

from __future__ import annotations

from gatekeeper.lazyre import LazyRegex

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Iterable

    from gatekeeper.model import Command

MAX_VALUES = 16  # words of one loop
MAX_COPIES = 64  # copies of one command (the product over the loops it uses)

# `${!n:=word}` / `${!n=word}` (and with a subscript): assigns to the variable n names.
_INDIRECT_ASSIGNMENT = LazyRegex(r"\$\{![A-Za-z_0-9]*(?:\[[^\]]*\])?:?=")
_LOWER = frozenset("abcdefghijklmnopqrstuvwxyz")
_NAME_CHARS = _LOWER | frozenset("0123456789_")
_IDENT = _NAME_CHARS | frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
# What may stand right before and after an option letter `-f` that stands alone.
_BEFORE_OPTION = frozenset(" \t\n;|&(")
# Characters of a word that bash keeps as they are (no quote, expansion or escape).
_PLAIN = _IDENT | frozenset("./:@%+,=-")
_AFTER_OPTION = frozenset(" \t\n;|&)<>")

# Builtins (and keywords) that set a variable named by a word they are given (bash 5.3's
# `compgen -V NAME` too), run code that may, or change how later words are read. Not
# `coproc`: it names a variable only in `coproc NAME { …; }`, where `loop_variable` sees
# the name; `coproc CMD …` sets COPROC.
SETTERS = frozenset(
    {
        ".", "alias", "bind", "compgen", "declare", "enable", "eval", "export", "fc",
        "getopts", "let", "local", "mapfile", "printf", "read", "readarray", "readonly",
        "select", "source", "trap", "typeset", "unset", "wait",
    }
)  # fmt: skip
_WRAPPERS = frozenset({"builtin", "command", "time"})  # run the builtin in this shell


def loop_variable(text: str, name: str, header: int, body: tuple[int, int]) -> bool:
    """Whether `name`, the variable of the loop whose header names it at offset `header`
    and whose body spans `body`, takes no value in `text` but the loop's.

    `text` is the whole script, one character per byte (offsets are the tree's)."""
    if not name or name[0] not in _LOWER or not _NAME_CHARS.issuperset(name) or "IFS" in text:
        return False
    if "${!" in text and _INDIRECT_ASSIGNMENT.search(text):
        return False  # `${!n:=/}`: assigns to the variable named by n
    size = len(name)
    end = len(text)
    at = text.find(name)
    while at >= 0:
        before = text[at - 1] if at else ""
        after = text[at + size] if at + size < end else ""
        if after and after in _IDENT:
            pass  # a longer identifier (`file` for `f`)
        elif before and before in _IDENT:
            start = at - 1
            while start and text[start - 1] in _IDENT:
                start -= 1
            if start and text[start - 1] == "-" and not _plain_before(text, start - 1):
                return False  # `printf -vf x`: an option whose value is the name
        elif at == header:
            pass
        elif before == "-" and _plain_before(text, at - 1):
            pass  # inside a word (`a-f.log`): no option, no use
        elif before == "$" or (before == "{" and at > 1 and text[at - 2] == "$" and after == "}"):
            if not body[0] <= at < body[1]:
                return False  # a use before or after the loop: the value it had then
        elif not (
            before == "-"
            and (at < 2 or text[at - 2] in _BEFORE_OPTION)
            and (not after or after in _AFTER_OPTION)
        ):
            return False  # `f=…`, `read f`, `${f:=…}`, `((f++))`, `"f"`, …
        at = text.find(name, at + 1)
    return True


def _plain_before(text: str, dash: int) -> bool:
    """Whether the `-` at `dash` is inside a word, after plain characters that nothing
    expands away (`/tmp/gk-metamorphic.log`): no option starts there. Not after a quote,
    `$x`, `${x}` or a backslash, which may leave the `-` first (`printf ""-vf x`)."""
    at = dash
    while at and text[at - 1] in _PLAIN:
        at -= 1
    return at < dash and (at == 0 or text[at - 1] in _BEFORE_OPTION)


def sets_names(commands: Iterable[Command]) -> bool:
    """Whether any of the commands is a builtin that sets a variable by a name it is given."""
    for command in commands:
        words = command.words
        if not words:
            continue
        head = words[0].text
        if head in SETTERS or (head in _WRAPPERS and any(w.text in SETTERS for w in words)):
            return True
    return False
