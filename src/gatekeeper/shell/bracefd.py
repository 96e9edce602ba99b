"""A redirect with a named descriptor first on a command line: ``{fd}>/dev/null rm -rf ~``.

Bash opens the file on a new descriptor (10 or above), stores its number in ``fd``, and runs
the rest as the command: ``rm -rf ~``. tree-sitter-bash reads ``{fd}>…`` at the start of a
statement as an error (after an assignment, ``x=1 {fd}>f rm``, or after the command's name,
it reads it as a word glued to a redirect, which the walker knows). The whole line was then
one unparsed text (GK-SHELL-001, REVIEW), and the ``rm -rf ~`` in it never met its own rule.

`numbered` rewrites each such ``{name}`` to a numbered descriptor of the same length
(``{fd}`` → ``   9``): bash's redirect with a number opens the same file the same way, only
on a descriptor chosen by the text, and the name's variable gets a number (an integer is a
relative file name or a count, never a path outside). The text is used only if the new tree
has no error at all.
"""

from __future__ import annotations

from gatekeeper.lazyre import LazyRegex

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from tree_sitter import Node

# `{name}` glued to a redirect operator, first in a statement (after a separator, or a
# `&&`/`||`/`|`, `(`, `{`, `!` and blanks, or a keyword and blanks: `then {fd}>f rm`).
_BRACE_FD = LazyRegex(
    r"(?:(?:^|(?<=[;&|(\n{!]))([ \t]*)"
    r"|(?<=\bthen|\belse|\belif)([ \t]+)|(?<=\bwhile|\buntil)([ \t]+)|(?<=\bdo|\bif)([ \t]+))"
    r"(?P<fd>\{[A-Za-z_][A-Za-z0-9_]*\})(?=[<>])"
)


def numbered(text: str, root: Node) -> str | None:
    """`text` with each `{name}` descriptor that starts a statement inside an error of the
    tree made a numbered one of the same length; None when there is none."""
    errors = _error_spans(root)
    if not errors:
        return None
    out = text
    changed = False
    for m in _BRACE_FD.finditer(text):
        start, end = m.span("fd")
        if not text.isascii():  # the tree's offsets are bytes: only ASCII texts here
            return None
        if any(low <= start < high for low, high in errors):
            out = out[:start] + " " * (end - start - 1) + "9" + out[end:]
            changed = True
    return out if changed else None


def _error_spans(root: Node) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "ERROR":
            spans.append((node.start_byte, node.end_byte))
        elif node.has_error:
            stack.extend(node.children)
    return spans
