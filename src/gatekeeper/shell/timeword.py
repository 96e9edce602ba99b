"""The reserved word `time` in front of a pipeline: ``time -p cd .claude && echo {} > x``.

Bash reads an unquoted `time` first in a pipeline as a reserved word, like `!`: it times the
pipeline and runs it in this shell, taking a `-p` and then a `--` as its own options. So
``time -p cd .claude`` moves this shell, ``time export X=1`` exports, ``time { rm -rf ~; }``
runs the group. tree-sitter-bash reads `time` as a command name: the walk took ``time -p cd
.claude`` for a program `time` running an external `cd` that moves nothing, so the command
after it was judged in the old directory; and ``time { ...; }`` or ``time for ...`` fell
apart into unknown words.

`untimed` blanks each such `time` (with its `-p` and `--`) to spaces of the same length, so
that the tree of the new text is the tree of what bash runs. A quoted or escaped `\\time`, or
one after an assignment (``X=1 time cd x``) or another command's name (``env time ...``), is
the external program: it is left to the wrappers plugin.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from tree_sitter import Node


def untimed(text: str, src: bytes, root: Node) -> str | None:
    """`text` with every reserved `time` (and its `-p`, `--`) blanked; None when there is
    none, or when the text is not ASCII (the tree's offsets are bytes)."""
    spans: list[tuple[int, int]] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "command":
            span = _time_span(node, src)
            if span is not None:
                spans.append(span)
        stack.extend(node.children)
    if not spans or not text.isascii():
        return None
    out = bytearray(src)
    for start, end in spans:
        out[start:end] = b" " * (end - start)
    return out.decode("ascii")


def _time_span(command: Node, src: bytes) -> tuple[int, int] | None:
    """The bytes of `time -p --` that start `command`, if its name is the reserved word and
    something follows it (a lone `time` times nothing)."""
    children = command.children
    if not children or children[0].type != "command_name":
        return None  # an assignment first: `X=1 time cd x` runs the program
    name = children[0]
    if src[name.start_byte : name.end_byte] != b"time":
        return None
    end = name.end_byte
    rest = children[1:]
    for option in (b"-p", b"--"):
        if rest and src[rest[0].start_byte : rest[0].end_byte] == option:
            end = rest[0].end_byte
            rest = rest[1:]
    if not rest:
        return None
    return name.start_byte, end
