"""`for f in WORDS; do …"$f"…; done`: the body is judged once per word (shell/loopvars.py).

The annotated cases are in tests/corpora/loops.sh. Here: a loop never judges more leniently
than the same commands written out (links under a glob, words outside, non-ASCII texts,
lines instead of `;`), and the parts of `loopvars` that say when a variable is the loop's
alone. Nothing here is executed: the commands are only judged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import SEVERITY, Outcome, Verdict, Word
from gatekeeper.shell import loopvars
from gatekeeper.shell.parse import parse
from gatekeeper.testing import check
from tests.conftest import assert_goes_to_the_human

if TYPE_CHECKING:
    from gatekeeper.model import Decision
    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

HOME = "/home/u"


def _severity(decision: Decision) -> int:
    return max((SEVERITY[f.verdict] for f in decision.findings), default=SEVERITY[Verdict.REVIEW])


def _words(text: str) -> list[list[str]]:
    return [[w.text for w in c.words] for c in parse(text, HOME).commands]


def test_the_body_is_built_once_per_word() -> None:
    assert _words('for f in a.txt {b,c}.txt; do wc -l "$f" "x/${f}"; done') == [
        ["wc", "-l", "a.txt", "x/a.txt"],
        ["wc", "-l", "b.txt", "x/b.txt"],
        ["wc", "-l", "c.txt", "x/c.txt"],
    ]


def test_a_glob_word_stays_a_glob_and_a_tilde_is_expanded() -> None:
    script = parse('for f in src/*.py ~/notes; do head "$f"; done', HOME)
    assert [c.words[1] for c in script.commands] == [
        Word("src/*.py", False, True),
        Word(HOME + "/notes", False, False),
    ]


def test_a_substitution_word_stands_for_its_output() -> None:
    (command,) = [
        c
        for c in parse('for f in $(git ls-files); do wc -l "$f" "src/$f"; done', HOME).commands
        if c.words[0].text == "wc"
    ]
    assert command.words[2:] == (
        Word("$(git ls-files)", True, False),
        Word("src/$(git ls-files)", True, False),
    )


def test_nested_loops_give_every_pair() -> None:
    assert _words('for a in x y; do for b in 1 2; do cat "$a$b"; done; done') == [
        ["cat", "x1"],
        ["cat", "x2"],
        ["cat", "y1"],
        ["cat", "y2"],
    ]


@pytest.mark.parametrize(
    "text",
    [
        'for f in a; do f=/etc; cat "$f"; done',
        'for f in a; do printf -vf x; cat "$f"; done',
        'for f in a; do printf -v "$n" x; cat "$f"; done',
        'for f in a; do builtin read -r "$n"; cat "$f"; done',
        'for f in a; do time read -r "$n"; cat "$f"; done',
        'for f in a; do cat "${f:-x}"; done',
        'for f in a; do cat "$f"; done; cat "$f"',
        'for f in a; do IFS=x; cat $f; done',
        'for f in *.txt; do cat $f; done',
        'for f in "a b"; do cat $f; done',
        'for f in ""; do cat $f; done',
        'for f in $x; do cat "$f"; done',
        'for f in a; do cat "$f" <(echo); done',
        'select f in a; do cat "$f"; done',
        'for f in a; do compgen -V "$n" -W x; cat "$f"; done',
        # an assignment that may have run more than once before the use (one that may not
        # have run at all: see the test after this one)
        'd=a || x; d=b; cat "$d"',
        'd=a &\ncat "$d"',
        'd=a | x; cat "$d"',
        '(d=a); cat "$d"',
        'cat "$d"; d=a',
        'd={a,b}; cat "$d"',
        'd=x:~/y; cat "$d"',
        'd=$x; cat "$d"',
        'd=a; unset d; cat "$d"',
    ],
)
def test_a_variable_anything_else_may_set_stays_unknown(text: str) -> None:
    cats = [c for c in parse(text, HOME).commands if c.words and c.words[0].text == "cat"]
    assert cats
    assert all(any(w.dynamic for w in c.words[1:]) or not c.words[1:] for c in cats), cats


@pytest.mark.parametrize("text", ['x && d=a; cat "$d"', 'ls && d=a && cat "$d"'])
def test_an_assignment_that_may_not_run_leaves_its_value_and_an_unknown_one(text: str) -> None:
    """`cd . && f=~/.ssh/id_rsa; cat "$f"`: the cat reads the key or whatever f held before;
    the command is judged with both (it was judged with the unknown one alone: REVIEW where
    the key alone is ELEVATE)."""
    cats = [c for c in parse(text, HOME).commands if c.words and c.words[0].text == "cat"]
    assert [w.text for c in cats for w in c.words[1:] if not w.dynamic] == ["a"]
    assert any(w.dynamic for c in cats for w in c.words[1:]), cats


def test_a_variable_assigned_once_at_the_top_is_its_value() -> None:
    assert _words('d=src; f=a.txt && ls "$d" $d/x && wc -l "$f"') == [
        ["ls", "src", "src/x"],
        ["wc", "-l", "a.txt"],
    ]
    # A `{ }` group is this shell (fuzz13; bash: `{ d=a; }; echo "$d"` prints a).
    assert _words('{ d=a; }; cat "$d"') == [["cat", "a"]]
    # An assignment neither splits nor globs: `*.py` is text, until an unquoted `$p`.
    (quoted,) = parse('p=*.py; wc -l "$p"', HOME).commands
    (unquoted,) = parse("p=*.py; wc -l $p", HOME).commands
    assert (quoted.words[2], unquoted.words[2]) == (Word("*.py"), Word("*.py", False, True))


def test_too_many_copies_are_not_made() -> None:
    words = " ".join(f"f{i}" for i in range(loopvars.MAX_VALUES + 1))
    (command,) = parse(f'for f in {words}; do cat "$f"; done', HOME).commands
    assert command.words[1].dynamic
    nine = " ".join(str(i) for i in range(9))
    nested = f'for a in {nine}; do for b in {nine}; do cat "$a$b"; done; done'
    (command,) = parse(nested, HOME).commands  # 81 copies > MAX_COPIES
    assert command.words[1].dynamic


@pytest.mark.parametrize(
    ("text", "name", "ok"),
    [
        ('for f in a; do cat "$f"; done', "f", True),
        ('for f in a; do [ -f "$f" ] && cat "$f"; done', "f", True),
        ('for f in a; do ls -lf "$f"; done', "f", False),  # an option run ending in f
        ('for f in a; do cat "$f" "$file"; done', "f", True),  # another variable
        ('for f in a; do echo f; done', "f", False),
        ('for f in a; do (( f++ )); done', "f", False),
        ('for f in a; do cat "${#f}"; done', "f", False),
        ('for F in a; do cat "$F"; done', "F", False),
        ('for _ in a; do cat "$_"; done', "_", False),
    ],
)
def test_loop_variable(text: str, name: str, ok: bool) -> None:
    body = text.index(" do ") + 1
    assert loopvars.loop_variable(text, name, 4, (body, len(text))) is ok


def test_only_the_first_loops_and_assignments_are_looked_at() -> None:
    """Each look scans the whole text: the 33rd and later stay unknown."""
    text = "; ".join(f'for v{i} in a; do cat "$v{i}"; done' for i in range(40))
    cats = [c.words[1] for c in parse(text, HOME).commands]
    assert [w.dynamic for w in cats] == [False] * 32 + [True] * 8


def test_a_named_coproc_is_a_setter_and_a_plain_one_is_not() -> None:
    named = parse('for f in a; do coproc f { cat; }; cat "$f"; done', HOME).commands
    plain = parse('for f in a; do coproc cat "$f"; done', HOME).commands
    assert [c.words[1] for c in named if c.words[0].text == "cat" and c.words[1:]] == [
        Word("$f", True, False)
    ]
    assert [c.words[2].text for c in plain if c.words[0].text == "coproc"] == ["a"]


def test_a_setter_through_command_is_seen() -> None:
    script = parse('for f in a; do command printf -v "$n" x; cat "$f"; done', HOME)
    assert loopvars.sets_names(script.commands)


@pytest.fixture
def linked(gk_env: GkEnv) -> GkEnv:
    """A project whose src/ holds a link to a credential file and a link to /etc."""
    ssh = gk_env.home / ".ssh"
    ssh.mkdir(exist_ok=True)
    (ssh / "id_rsa").write_text("k\n")
    src = gk_env.project / "src"
    src.mkdir(exist_ok=True)
    (src / "app.py").write_text("x\n")
    (src / "key.py").symlink_to(ssh / "id_rsa")
    (src / "etc").symlink_to("/etc")
    return gk_env


@pytest.mark.parametrize(
    ("loop", "direct"),
    [
        ('for f in src/*.py; do cat "$f"; done', "cat src/*.py"),
        ('for f in src/*; do wc -l "$f"; done', "wc -l src/*"),
        ('for d in src/*/; do ls -1 "$d"; done', "ls -1 src/*/"),
        ('for d in src/*; do grep -r x "$d"; done', "grep -r x src/*"),
    ],
)
def test_a_glob_over_links_is_judged_as_the_glob(
    loop: str, direct: str, quiet_engine: Engine, linked: GkEnv
) -> None:
    cwd = str(linked.project)
    looped, written = check(quiet_engine, loop, cwd=cwd), check(quiet_engine, direct, cwd=cwd)
    assert written.outcome is Outcome.ASK  # the links are seen in the written-out form
    assert looped.outcome is Outcome.ASK, looped.reason
    assert _severity(looped) >= _severity(written)


def test_a_credential_among_the_words_goes_to_the_human(
    quiet_engine: Engine, gk_env: GkEnv
) -> None:
    for text in (
        'for f in README.md ~/.ssh/id_rsa; do cat "$f"; done',
        'for f in \'café.txt\' /etc/shadow; do head -1 "$f"; done',
        'for f in README.md\n  ~/.ssh/id_rsa\ndo\n  cat "$f"\ndone',
    ):
        assert_goes_to_the_human(quiet_engine, text, str(gk_env.project))


def test_everyday_loops_are_allowed(quiet_engine: Engine, gk_env: GkEnv) -> None:
    for text in (
        'for f in *.py; do\n  echo "== $f"\n  head -5 "$f"\ndone',
        'for f in \'café.txt\' notes.md; do wc -l "$f"; done',
    ):
        decision = check(quiet_engine, text, cwd=str(gk_env.project))
        assert decision.outcome is Outcome.ALLOW, decision.reason
