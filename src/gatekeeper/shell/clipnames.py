"""The variables a word's cut part names (`shell.parse.TEXT_CLIP`).

A word keeps the text of an expansion part only up to ``TEXT_CLIP`` characters: its middle
is cut. Checkers read a dynamic word's text for the variables it expands (GK-ENV-002: a
secret printed; `shell.secretflow`: a copy of one), so ``echo "${u:-<300 characters>
$GITHUB_TOKEN <300 characters>}"`` printed the token while the gate saw a text without its
name and allowed it. `cut_references` gives the names of every part that was cut, each as
``${NAME}`` (``${!NAME}`` for an indirect one, ``${#NAME}`` for a length), for the word to
carry after its cut text. A ``$( )`` is walked as commands of its own and is not entered; a
bare name in an arithmetic expansion (``$(( GITHUB_TOKEN ))``) is evaluated, and counts;
so does a ``$NAME`` the parser keeps as text there (``"${u:-'$GITHUB_TOKEN'}"``: in double
quotes the single quotes are characters).
"""

from __future__ import annotations

from gatekeeper.shell.secretenv import _dollar_names

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from tree_sitter import Node

# Parts a word descends into (as `shell.parse._Walker.word` does), and parts whose text is
# the literal itself (never cut).
_CONTAINERS = frozenset({"string", "translated_string", "concatenation"})
_LITERALS = frozenset(
    {
        "word", "raw_string", "ansi_c_string", "string_content", "number", "extglob_pattern",
        "regex", "brace_expression",
    }
)  # fmt: skip
_SUBSTITUTIONS = frozenset({"command_substitution", "process_substitution"})
# Leaves the parser keeps as text inside an expansion, where bash may expand them.
_TEXT_LEAVES = frozenset({"raw_string", "word", "string_content", "regex"})


def cut_references(word: Node, src: bytes, clip: int) -> str:
    """`` ${NAME}`` for each variable named in a part of `word` longer than `clip` bytes
    (the parts the walker cut), or ""."""
    names: dict[str, None] = {}
    parts = [word]
    while parts:
        part = parts.pop()
        kind = part.type
        if kind in _CONTAINERS:
            parts.extend(part.children)
        elif (
            part.end_byte - part.start_byte > clip
            and kind not in _LITERALS
            and kind not in _SUBSTITUTIONS
        ):
            _collect(part, src, names)
    return "".join(f" {name}" for name in names)


def _collect(part: Node, src: bytes, names: dict[str, None]) -> None:
    # (node, the mark of the `${` it is in: "", "!" or "#")
    todo: list[tuple[Node, str]] = [(part, "")]
    while todo:
        node, mark = todo.pop()
        kind = node.type
        if kind in _SUBSTITUTIONS:
            continue  # walked as commands of their own
        if kind == "variable_name":
            name = src[node.start_byte : node.end_byte].decode("utf-8", "surrogateescape")
            names.setdefault(f"${{{mark}{name}}}", None)
            continue
        if kind in _TEXT_LEAVES and b"$" in src[node.start_byte : node.end_byte]:
            # `"${u:-'$GITHUB_TOKEN'}"`: in double quotes the single quotes are characters,
            # and bash expands the name the parser kept as text
            text = src[node.start_byte : node.end_byte].decode("utf-8", "surrogateescape")
            for leaf_mark, name in _dollar_names(text):
                names.setdefault(f"${{{leaf_mark}{name}}}", None)
            continue
        if kind == "expansion":
            head = src[node.start_byte + 2 : node.start_byte + 3]
            inner = head.decode("latin-1") if head in (b"!", b"#") else ""
            todo.extend((child, inner) for child in node.children)
        else:
            todo.extend((child, "") for child in node.children)
