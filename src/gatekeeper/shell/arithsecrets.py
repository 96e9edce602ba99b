"""A secret of the environment named in arithmetic, which bash prints when it fails to
evaluate it.

Bash evaluates a variable named in arithmetic (``$(( X ))``, ``(( X ))``, ``let y=X``, the
operands of ``[[ … -eq … ]]``, ``declare -i y=X``, a C-style ``for`` header, an indexed
array's subscript, ``${s:X}``) by its value, as an expression of its own, and a value that
is no expression is an error whose message quotes it whole: with
``DATABASE_URL=postgres://app:pw@db/app``, ``echo $(( DATABASE_URL ))`` prints
``postgres://app:pw@db/app: syntax error in expression``, and an AWS secret key (letters,
digits, ``/`` and ``+``) is a division by 0 or a bad number, printed the same way. No ``$``
names the variable, so the commands' check of ``$NAME`` (`shell.secretenv`) does not see it.

`arithmetic_secrets` finds, outside commands (`let` and ``declare -i`` are judged by
`secretenv` as commands), the variables that look like secrets (`secretenv.secret_variable`:
by the name, or by the value the environment holds now) named in such a place, ``$NAME``
included (`(( $X ))` has no command to judge). Not told apart: an associative array's key
(``declare -A m; m[X]=1`` is a string), which counts too.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Mapping

    from tree_sitter import Node

_ARITH_TESTS = frozenset({"-eq", "-ne", "-lt", "-le", "-gt", "-ge"})
_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")



def arithmetic_secrets(
    root: Node, src: bytes, environ: Mapping[str, str] | None = None
) -> list[tuple[str, Node]]:
    """(name, the node naming it) for each variable that looks like a secret (by its name,
    or by its value in the environment) named where bash evaluates it as arithmetic. A
    name this text assigns (`TOKEN_COUNT=0; (( TOKEN_COUNT++ ))`) is its own variable."""
    from gatekeeper.lazyre import re
    from gatekeeper.shell.secretenv import secret_variable

    env = os.environ if environ is None else environ
    text = src.decode("latin-1")
    found: list[tuple[str, Node]] = []
    for name in dict.fromkeys(re.findall(r"(?<![A-Za-z0-9_])[A-Za-z_][A-Za-z0-9_]*", text)):
        if f"{name}=" in text or not secret_variable(name, env):
            continue
        at = text.find(name)
        while at >= 0:
            end = at + len(name)
            whole = (at == 0 or text[at - 1] not in _NAME_CHARS) and (
                end == len(text) or text[end] not in _NAME_CHARS
            )
            node = root.descendant_for_byte_range(at, end) if whole else None
            if node is not None and _in_arithmetic(node, at, src):
                found.append((name, node))
                break
            at = text.find(name, end)
    return found


def _in_arithmetic(node: Node, at: int, src: bytes) -> bool:
    """Whether the text at byte `at`, inside `node`, is evaluated as arithmetic."""
    child = node
    parent = node.parent
    while parent is not None:
        kind = parent.type
        if kind == "arithmetic_expansion":
            return True
        if kind == "c_style_for_statement":
            body = parent.child_by_field_name("body")
            return body is None or at < body.start_byte
        if kind == "compound_statement" and src[parent.start_byte : parent.start_byte + 2] == (
            b"(("
        ):
            return True
        if kind == "subscript" and child == parent.child_by_field_name("index"):
            return True
        if kind == "expansion" and _expansion_arithmetic(parent, at, src):
            return True
        if kind == "binary_expression" and parent.parent is not None:
            op = parent.child_by_field_name("operator")
            test = parent.parent
            if (
                op is not None
                and src[op.start_byte : op.end_byte].decode("latin-1") in _ARITH_TESTS
                and test.type == "test_command"
                and src[test.start_byte : test.start_byte + 2] == b"[["
            ):
                return True
        if kind in ("command", "declaration_command"):
            # `let y=X`, `declare -i y=X`: the command's own check (`secretenv`) names X
            return False
        child = parent
        parent = parent.parent
    return False


def _expansion_arithmetic(node: Node, at: int, src: bytes) -> bool:
    """Whether byte `at` is in the `:offset:length` of `${NAME:…}` (not `:-`, `:=`…)."""
    body = src[node.start_byte : node.end_byte]
    colon = body.find(b":")
    if colon < 0 or body[colon + 1 : colon + 2] in (b"-", b"=", b"?", b"+"):
        return False
    head = body[2:colon].lstrip(b"#!").partition(b"[")[0]  # `${a[@]:X}` too
    return (head in (b"@", b"*") or head.replace(b"_", b"a").isalnum()) and (
        at > node.start_byte + colon
    )
