"""The parser's fast paths give the checkers the identical model (`Script`).

The reference is the tree walk itself (`_walk_text`), with no plain-text fast path at the
top level and each node's bytes decoded rather than sliced from an ASCII text. Every text
here is parsed both ways and the two `Script`s compared whole (commands with their words,
assignments, redirects, labels, texts and stdin; problems; the `&&`-chain flag): every
command of `tests/corpora/*.sh` (line by line and each file whole), of
`examples/session.jsonl`, of the peers' corpora when present, and generated texts made of
the pieces where a fast path could go wrong (keywords, assignments, operators, blanks).
Nothing is run: the texts are only parsed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gatekeeper.shell import parse as shell_parse
from tests.peer_corpora import aegish_harmless, cc_allow, dippy, gtfobins, peer_data_dir

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

REPO = Path(__file__).resolve().parent.parent
HOME = "/home/walker"


def _model(script: shell_parse.Script) -> object:
    """A Script as plain values."""
    problems = tuple((p.rule, p.reason, p.text) for p in script.problems)
    return script.commands, problems, script.and_chain


def _same(text: str, where: str = "top", home: str | Callable[[], str] = HOME) -> None:
    got = shell_parse.parse(text, home, where=where)
    want = shell_parse._walk_text(text, home, where=where, sliced=False)
    assert _model(got) == _model(want), text


def _corpus_texts() -> Iterator[str]:
    for path in sorted((REPO / "tests" / "corpora").glob("*.sh")):
        whole = path.read_text(encoding="utf-8")
        yield whole
        for line in whole.splitlines():
            if line.strip() and not line.lstrip().startswith("#"):
                yield line
    for line in (REPO / "examples" / "session.jsonl").read_text(encoding="utf-8").splitlines():
        call = json.loads(line) if line.strip() else {}
        if call.get("tool_name") == "Bash":
            yield call["tool_input"]["command"]


def test_the_corpora_parse_alike() -> None:
    texts = list(_corpus_texts())
    assert len(texts) > 800
    fast = 0
    for text in texts:
        _same(text)
        _same(text, where="bash -c", home=lambda: HOME)
        fast += shell_parse._plain(text, "top") is not None
    assert fast > 50  # the fast path is among what is compared


def test_the_peer_corpora_parse_alike() -> None:
    data = peer_data_dir()
    if data is None:
        pytest.skip("no peer data (set GATEKEEPER_PEER_DATA)")
    cases = gtfobins(data) + aegish_harmless(data) + dippy(data) + cc_allow(data)
    for case in cases:
        _same(case.command)


PLAIN_TEXTS = [
    "ls",
    "git status",
    "  git   log  -n 5\t",
    "ls -la src | sort -r | head -5",
    "a|b",
    "make CC=gcc all",
    "kill %1",
    "gcloud config set project my-proj@x.y:z+1,2",
    "jq -r '.items[] | .name' data.json",
    "find . -name '*.py' | xargs wc -l",
    "git log --format='%h %s' -n 3",
    "x a'b'c'd' 'e' | y '' z",
    "awk '{print $1}' f | sort",
]


@pytest.mark.parametrize("text", PLAIN_TEXTS)
def test_plain_texts_take_the_fast_path_and_parse_alike(text: str) -> None:
    assert shell_parse._plain(text, "top") is not None
    _same(text)
    _same(text, where="substitution")


# Texts the fast path must leave to the tree: a keyword, an assignment, an empty stage.
NOT_PLAIN = ["x=1 ls", "a+=1 ls", "export A=1", "if", "ls in", "a || b", "| a", "a |", "", "  ", "a\nb"]
NOT_PLAIN += ["x ==", "x =='a'", "echo 'a", "'ls' x", "x | 'y'", "a 'x\ty'", "a 'x\ny'", "a 'caf\u00e9'", "a \0 'b'"]
# tree-sitter-bash leaves out the `-` of `- x=1` (the walk reports it): the tree decides.
NOT_PLAIN += ["- x=1", "- a=b | c", "a | - Cz@"]


@pytest.mark.parametrize(
    "text",
    [
        "echo 'café' | grep \"naïve $x\" > \"ü.txt\"",
        "cat ~/é/$(ls 日本) 2>&1",
        "printf '\udc80' && ls \udcff",
        "a=ñ b 'x' | c {é,f}",
    ],
)
def test_texts_beyond_ascii_parse_alike(text: str) -> None:
    """The walk slices an ASCII text by byte offsets directly; any other text is decoded."""
    _same(text)
    _same(text, where="heredoc")


@pytest.mark.parametrize("text", NOT_PLAIN)
def test_texts_with_keywords_or_assignments_take_the_tree(text: str) -> None:
    assert shell_parse._plain(text, "top") is None
    _same(text)


# Pieces of plain texts and their neighbours: every keyword of tree-sitter-bash and of bash,
# assignments and `=` in any place, operators, the single letters of `${x@Q}`, numbers.
_KEYWORDS = [*sorted(shell_parse._KEYWORDS), "test", "[", "]", "[[", "]]", "{", "}", "!"]
_ODD = ["=", "a=b", "=b", "a=", "x+=1", "-", "--", "%", "%1", ",", "@", "+", ":", ".", "..", "/"]
_ODD += ["A", "E", "K", "L", "P", "Q", "U", "a", "k", "u", "0", "1", "2", "10", "-1", "1.5"]
_ODD += ["'q'", '"d"', "#c", "~", "$v", "*", "{a,b}", "\\x", "&&", ";", "&"]
_PLAIN_WORDS = st.text(alphabet=sorted(shell_parse._PLAIN_CHARS), min_size=1, max_size=8)
# Single-quoted parts hold anything but a quote: operators, expansions, blanks, newlines.
_QUOTED = st.text(alphabet="ab |&;<>()$`\"\\*?[]{}~#=!%\t\n\u00e9", max_size=6).map(
    lambda inside: f"'{inside}'"
)
_GLUED = st.lists(st.one_of(_PLAIN_WORDS, _QUOTED, st.sampled_from(_KEYWORDS)), min_size=2, max_size=3)
_WORDS = st.one_of(
    _PLAIN_WORDS,
    st.sampled_from(_KEYWORDS),
    st.sampled_from(_ODD),
    _QUOTED,
    _GLUED.map("".join),
)
_BLANKS = st.sampled_from([" ", " ", "  ", "\t", " | ", "|", " |", "| ", " || ", " |& ", "\n"])


@st.composite
def _texts(draw: st.DrawFn) -> str:
    words = draw(st.lists(_WORDS, min_size=1, max_size=7))
    out = draw(st.sampled_from(["", "", " ", "\t"]))
    for i, word in enumerate(words):
        if i:
            out += draw(_BLANKS)
        out += word
    return out + draw(st.sampled_from(["", "", " ", "\t", "|"]))


def test_every_short_plain_word_parses_alike_in_every_place() -> None:
    """tree-sitter-bash reads some plain words as errors or operators only in one place
    (`a@` as a command name, `==` as an argument): every word of one or two plain
    characters, as a command name, an argument and a stage after a pipe."""
    chars = sorted(shell_parse._PLAIN_CHARS)
    words = chars + [a + b for a in chars for b in chars]
    fast = 0
    for word in words:
        for text in (word, f"x {word}", f"x|{word} y"):
            fast += shell_parse._plain(text, "top") is not None
            _same(text)
    assert fast > 2 * len(words)


@settings(max_examples=800, deadline=None)
@given(_texts())
def test_generated_texts_parse_alike(text: str) -> None:
    _same(text)


_FAST_WORDS = st.one_of(_PLAIN_WORDS, _QUOTED, _GLUED.map("".join))


@settings(max_examples=800, deadline=None)
@given(
    _PLAIN_WORDS,
    st.lists(_FAST_WORDS, min_size=0, max_size=6),
    st.lists(_BLANKS, min_size=6, max_size=6),
)
def test_generated_plain_texts_parse_alike(name: str, words: list[str], blanks: list[str]) -> None:
    text = name + "".join(b + w for b, w in zip(blanks, words, strict=False))
    _same(text)
