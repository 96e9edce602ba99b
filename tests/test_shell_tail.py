"""`tree_of` parses a long pipeline with a newline after it: the same tree, only faster.

tree-sitter-bash is slow when a text ends with the last stage of a pipeline of three or more
stages; with a newline after it, the parse is 5-10 times faster. `tree_of` keeps that
tree only where it cannot differ from the parse of the text as it is. These tests compare
the two, node by node, over generated pipelines, and `parse` over both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gatekeeper.shell import parse as shell_parse
from gatekeeper.shell.parse import _parser, parse, tree_of

if TYPE_CHECKING:
    from tree_sitter import Node

# Shell fragments, among them every construct whose end a newline could change: quotes,
# backslashes, here-documents, comments, redirects, substitutions, compound commands.
FRAGMENTS = [
    "a", "b c", "'x y'", '"q $v"', "$(d | e)", "`f`", "<<EOF\nx\nEOF", "<<-EOF\n\tx\n\tEOF",
    "<<'E'\ny\nE", "<<<w", "> o", "2>&1", "2>/dev/null", ">> f", "&>x", "#c", "#", "\\",
    "\\\n", "x\\", "{x,y}", "[[ a =~ b ]]", "$'z'", "((1+2))", "$((1))", "!", "&", ";", "&&",
    "||", "\n", "\t", "case x in y) z;; esac", "esac", "if a; then b; fi",
    "for i in 1; do j; done", "while read l; do e; done", "x=1", "a=(1 2)", "${v:-w}", "${",
    "$(", "`", "'", '"', "$", "*.py", "(s)", "{ t; }", "{rm,-rf,~}", "<(p)", ">(q)", "-n",
    "-", "--", "%", "~", "~/x", "-name '*.py'", "xargs", "grep -v x", "sort -rn", "tail -5",
    "sed 's/a/b/'", "awk '{print $1}'", "-exec rm {} \\;", "{}", "[ -f x ]", "export z=1",
    "declare -x y", "time", "coproc", "function f { g; }", "cat <<EOF", "EOF",
]  # fmt: skip
# Most texts with a redirect are parsed as they are: half the examples have none, so
# that most of them take the newline.
PLAIN = [f for f in FRAGMENTS if "<" not in f and ">" not in f]


SEPARATORS = [" | ", "|", " |& ", " | ", " && ", " || ", "; ", " & ", "\n"]


def _pipelines(fragments: list[str]) -> st.SearchStrategy[str]:
    stage = st.lists(st.sampled_from(fragments), min_size=1, max_size=4).map(" ".join)
    return st.builds(
        lambda first, rest, tail: first + "".join(sep + s for sep, s in rest) + tail,
        stage,
        st.lists(st.tuples(st.sampled_from(SEPARATORS), stage), min_size=2, max_size=6),
        st.sampled_from(["", "", " ", "\\", "\n", " #c", ";", " &"]),
    )


# Whole stages that parse cleanly: where the grouping of stages is what may differ.
STAGES = [
    "a", "b c", "grep -v x", "'q r'", '"s $t"', "$(d)", "`e`", "sort -rn", "{ f; }", "(g)",
    "! h", "x=1 i", "j 2>&1", "k > o", "l < m", "if n; then o; fi", "while p; do q; done",
    "for r in s; do t; done", "case u in v) w;; esac", "[[ x ]]", "((y))", "time z",
    "cc #c", "$(a | b | c)", "'x|y'", "a\\|b", "{x,y}", "${v:-w}", "echo {}", "xargs wc -l",
]  # fmt: skip
CLEAN = st.builds(
    lambda first, rest: first + "".join(sep + s for sep, s in rest),
    st.sampled_from(STAGES),
    st.lists(
        st.tuples(st.sampled_from([" | ", "|", " | ", " && ", " || "]), st.sampled_from(STAGES)),
        min_size=2,
        max_size=6,
    ),
)
PIPELINES = st.one_of(_pipelines(FRAGMENTS), _pipelines(PLAIN), CLEAN)


def _dump(node: Node, out: list[object], root: bool = True) -> list[object]:
    # The root's end is left out: with the newline it is one byte further.
    out.append((node.type, node.start_byte, None if root else node.end_byte, node.is_missing))
    for i, child in enumerate(node.children):
        out.append(node.field_name_for_child(i))
        _dump(child, out, root=False)
    return out


def _plain_parse(text: str, monkeypatch: pytest.MonkeyPatch) -> shell_parse.Script:
    with monkeypatch.context() as m:
        m.setattr(shell_parse, "tree_of", lambda src: _parser().parse(src))
        return parse(text, "/home/u")


@settings(max_examples=3000, deadline=None)
@given(PIPELINES)
def test_the_tree_is_the_tree_of_the_text_as_it_is(text: str) -> None:
    src = text.encode("utf-8", "surrogateescape")
    assert _dump(tree_of(src).root_node, []) == _dump(_parser().parse(src).root_node, [])


@pytest.mark.parametrize(
    "text",
    [
        "find . -name '*.py' -not -path './.venv/*' | xargs wc -l | sort -n | tail -5",
        "a | b | c",
        "a | b | c #x",
        "du -ah . | sort -rh | head -n 10",
    ],
)
def test_a_long_pipeline_takes_the_newline(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    src = text.encode()
    tree = tree_of(src)
    assert tree.root_node.end_byte == len(src) + 1  # parsed with the newline
    assert _dump(tree.root_node, []) == _dump(_parser().parse(src).root_node, [])
    assert parse(text, "/home/u") == _plain_parse(text, monkeypatch)


@pytest.mark.parametrize(
    "text",
    [
        # A redirect-only first stage: tree-sitter nests the stages by what follows the text.
        "2>&1 | a | b > o | c",
        "a | a && a | a | a | a && a",  # `&&` and `|`: the last `a` is piped, or not
        "> o | a | b <<EOF\nx\nEOF | c",
        "a | b | c \\\t",  # an error as it is, none with a newline after
    ],
)
def test_where_the_newline_changes_the_tree_the_text_is_parsed_as_it_is(text: str) -> None:
    src = text.encode()
    assert _dump(_parser().parse(src + b"\n").root_node, []) != _dump(
        _parser().parse(src).root_node, []
    )
    assert tree_of(src).root_node.end_byte == len(src)


@pytest.mark.parametrize(
    "text",
    [
        "2>&1 | a | b > o",  # any redirect: parsed as it is
        "a | b | c \\",  # a newline would continue the line
        "a | b | c\\",
        "a | b | c ",
        "a | b | {rm,-rf,~}",  # an error: parsed as it is
        "a | b",  # two stages: fast anyway
    ],
)
def test_a_text_the_newline_could_change_is_parsed_as_it_is(text: str) -> None:
    src = text.encode()
    assert tree_of(src).root_node.end_byte == len(src)


@settings(max_examples=1500, deadline=None)
@given(PIPELINES)
def test_parse_is_the_parse_of_the_text_as_it_is(text: str) -> None:
    with pytest.MonkeyPatch.context() as m:
        plain = _plain_parse(text, m)
    assert parse(text, "/home/u") == plain
