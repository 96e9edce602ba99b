"""What feeds a command's standard input: the stages before it in the same pipeline.

A `Command` knows only that its input is piped (``stdin_piped``), not from what. The
wrappers plugin needs more for ``find . -name '*.py' | xargs grep foo``: whether the words
``xargs`` appends are paths a lister printed. `feeders` parses the Bash text once more and
answers, for every pipeline stage that is a simple command, the texts of the stages before
it. Anything it cannot vouch for (a stage that is a subshell, a loop, a here-document, a
``|&`` that mixes error messages into the pipe) is recorded as unknown (``None``).

Text is the key: a caller must check that its command's text occurs in the whole Bash text
exactly as often as `feeders` found it as a stage, otherwise the same words may also stand
somewhere this walk does not see (inside ``bash -c '...'``, a here-document fed to a shell).
"""

from __future__ import annotations

from gatekeeper.memo import memo
from gatekeeper.shell.parse import tree_of  # the one parser per process, already loaded

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing

if TYPE_CHECKING:
    from collections.abc import Mapping

    from tree_sitter import Node

Feeders = tuple[str, ...] | None


@memo(32)
def feeders(text: str) -> Mapping[str, tuple[Feeders, ...]]:
    """For every pipeline stage that is a simple command (keyed by its text), one entry per
    occurrence: the texts of the stages before it, producer first, or None when unknown."""
    src = text.encode("utf-8", "surrogateescape")
    root = tree_of(src).root_node
    found: dict[str, list[Feeders]] = {}
    todo = [root]
    while todo:
        node = todo.pop()
        todo.extend(node.children)
        if node.type != "pipeline":
            continue
        stages: list[Feeders] = []  # per stage: its own text (a 1-tuple) or None
        mixed = False  # after a `|&`, error messages share the pipe
        for stage_node in node.children:
            child = stage_node
            if not child.is_named:
                mixed = mixed or child.type == "|&"
                continue
            if child.type == "comment":
                continue
            if child.type == "negated_command" and not stages:
                # `! echo x | xargs rm`: bash negates the whole pipeline; tree-sitter-bash
                # hangs the `!` on its first stage
                inner = [c for c in child.children if c.is_named]
                child = inner[0] if len(inner) == 1 else child
            command = _command_of(child)
            if command is not None:
                key = _text(src, command)
                before = tuple(s[0] for s in stages if s is not None)
                known = not mixed and stages and all(s is not None for s in stages)
                found.setdefault(key, []).append(before if known else None)
            stage = _stage_text(src, child)
            stages.append((stage,) if stage is not None else None)
    return {k: tuple(v) for k, v in found.items()}


def _text(src: bytes, node: Node) -> str:
    return src[node.start_byte : node.end_byte].decode("utf-8", "surrogateescape")


def _command_of(stage: Node) -> Node | None:
    """The simple command a stage runs, if it is one (with or without redirects)."""
    if stage.type == "redirected_statement":
        body = stage.child_by_field_name("body")
        return body if body is not None and body.type == "command" else None
    return stage if stage.type == "command" else None


def _stage_text(src: bytes, stage: Node) -> str | None:
    """The text of the command whose output a stage writes into the pipe, with its redirects.

    tree-sitter hangs ``cd x && find . 2>/dev/null | xargs ...`` as a pipeline whose first
    stage is the whole list; bash pipes only the list's last command (with the redirects).
    """
    redirects: list[str] = []
    node: Node | None = stage
    if stage.type == "redirected_statement":
        node = stage.child_by_field_name("body")
        for i, child in enumerate(stage.children):
            if stage.field_name_for_child(i) == "body" or not child.is_named:
                continue
            if child.type != "file_redirect":
                return None  # a here-document or here-string feeds the stage
            redirects.append(_text(src, child))
    while node is not None and node.type == "list":
        named = [c for c in node.children if c.is_named and c.type != "comment"]
        node = named[-1] if named else None
    if node is None or node.type != "command":
        return None
    return " ".join([_text(src, node), *redirects])
