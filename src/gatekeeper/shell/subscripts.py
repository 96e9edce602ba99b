"""Text that bash runs as a command when it evaluates the text as a name or a number.

An array subscript is expanded when bash evaluates it, and so is every ``$( )`` or backtick
in it. A quoted ``'a[$(rm -rf ~)]'`` is only text to the walker (nothing runs while the word
is expanded), but bash evaluates it again wherever it takes the text as a variable name or an
arithmetic operand: ``let``, ``declare``/``typeset``/``local``, ``printf -v``, ``read``,
``test -v``, ``$((X))``, ``${a[X]}``, ``${Y:X}``, ``${!X}`` (X holding the text), and the
substitution runs then. So a word or an assigned value whose text holds a subscript with a
command substitution in it (``[`` … ``$(`` or a backtick, before the ``]``) is code the gate
cannot see. ``$((`` (arithmetic, no command) does not count: ``"${a[$((i+1))]}"`` is fine.

A subscript that expands a variable set in the same call to such text (``a='$(cmd)'; test -v
"b[$a]"``) is found by `runtime_subscripts`. Not covered: such a text built by other routes
and then evaluated; the gate only sees the text of the call.
"""

from __future__ import annotations

from gatekeeper.lazyre import LazyRegex

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Iterable

    from gatekeeper.model import Command

_CODE_IN_SUBSCRIPT = LazyRegex(r"\[[^\]]*(?:\$\((?!\()|`)")


def holds_subscript_code(text: str) -> bool:
    """Whether a text holds `[`, then `$(` or a backtick before a `]`."""
    return _CODE_IN_SUBSCRIPT.search(text) is not None


# The builtins that evaluate a word as a variable name or an arithmetic expression, and so
# expand a subscript in it a second time: `test -v "b[$a]"` with `a='$(cmd)'` runs cmd.
_EVALUATORS = frozenset(
    {"test", "[", "read", "printf", "declare", "typeset", "local", "let", "readonly", "export"}
)
_VARIABLE_IN_SUBSCRIPT = LazyRegex(r"\[[^\]]*\$\{?([A-Za-z_][A-Za-z0-9_]*)")


def runtime_subscripts(
    commands: Iterable[Command], copies: Iterable[tuple[str, str]]
) -> list[tuple[str, str]]:
    """(the word, its command's text) for each subscript that expands, when bash evaluates
    it, a variable this call set to text that can hold a command (``a='$(rm -rf ~)'; test
    -v "b[$a]"``): the value is only text when `$a` is expanded, and code when the
    subscript is evaluated. A value counts when its text holds a `$` or a backtick (a
    quoted payload, or a value computed at run time); plain values (`i=3`, `for i in 1
    2`) do not. Words count where bash evaluates them: the operands of `test`/`[`,
    `read`, `printf`, `declare`/`typeset`/`local`/`readonly`/`export` and `let`; so do the
    values assigned, which `$(( $x ))` or `(( x ))` may evaluate later."""
    commands = list(commands)
    values = list(copies)
    for command in commands:
        values += [(name, value.text) for name, value in command.assignments]
        if command.name in ("declare", "typeset", "local", "readonly", "export"):
            values += [
                (w.text.partition("=")[0], w.text.partition("=")[2])
                for w in command.words[1:]
                if "=" in w.text
            ]
    payloads = {name for name, value in values if "$" in value or "`" in value}
    if not payloads:
        return []
    found: list[tuple[str, str]] = []
    for name, value in values:
        if _expands_payload(value, payloads):
            found.append((value, f"{name}={value}"))
    for command in commands:
        if command.name in _EVALUATORS:
            found += [
                (w.text, command.text)
                for w in command.words[1:]
                if w.dynamic and _expands_payload(w.text, payloads)
            ]
    return found


# An expansion `${a[$i]}` evaluates its subscript once, when it is expanded: no second time.
_ARRAY_EXPANSION = LazyRegex(r"\$\{[#!]?[A-Za-z_][A-Za-z0-9_]*\[[^\]]*\][^}]*\}")


def _expands_payload(text: str, payloads: set[str]) -> bool:
    if "[" not in text or "$" not in text:
        return False
    if "${" in text:
        text = _ARRAY_EXPANSION.sub("", text)
    return any(m.group(1) in payloads for m in _VARIABLE_IN_SUBSCRIPT.finditer(text))


def subscript_code(command: Command) -> str:
    """The first word or assigned value holding a subscript with a command in it, or ""."""
    for word in command.words:
        if "[" in word.text and holds_subscript_code(word.text):
            return word.text
    for _, value in command.assignments:
        if "[" in value.text and holds_subscript_code(value.text):
            return value.text
    return ""
