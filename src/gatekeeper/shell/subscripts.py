"""Text that bash runs as a command when it evaluates the text as a name or a number.

An array subscript is expanded when bash evaluates it, and so is every ``$( )`` or backtick
in it. A quoted ``'a[$(rm -rf ~)]'`` is only text to the walker (nothing runs while the word
is expanded), but bash evaluates it again wherever it takes the text as a variable name or an
arithmetic operand: ``let``, ``declare``/``typeset``/``local``, ``printf -v``, ``read``,
``test -v``, ``$((X))``, ``${a[X]}``, ``${Y:X}``, ``${!X}`` (X holding the text), and the
substitution runs then. So a word or an assigned value whose text holds a subscript with a
command substitution in it (``[`` … ``$(`` or a backtick, before the ``]``) is code the gate
cannot see. ``$((`` (arithmetic, no command) does not count: ``"${a[$((i+1))]}"`` is fine.

Not covered: such a text built at run time (``printf``, ``read`` from a file) and then
evaluated; the gate only sees the text of the call.
"""

from __future__ import annotations

from gatekeeper.lazyre import LazyRegex

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from gatekeeper.model import Command

_CODE_IN_SUBSCRIPT = LazyRegex(r"\[[^\]]*(?:\$\((?!\()|`)")


def holds_subscript_code(text: str) -> bool:
    """Whether a text holds `[`, then `$(` or a backtick before a `]`."""
    return _CODE_IN_SUBSCRIPT.search(text) is not None


def subscript_code(command: Command) -> str:
    """The first word or assigned value holding a subscript with a command in it, or ""."""
    for word in command.words:
        if "[" in word.text and holds_subscript_code(word.text):
            return word.text
    for _, value in command.assignments:
        if "[" in value.text and holds_subscript_code(value.text):
            return value.text
    return ""
