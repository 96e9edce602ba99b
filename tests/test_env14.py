"""env14: a variable's value judged as what it runs, and the values that change nothing.

The calls themselves are in tests/corpora/env14.sh; these pin the two helpers' edges.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import Outcome
from gatekeeper.shell.envvars import harmless_setting, harmless_value, value_script
from gatekeeper.shell.parse import parse
from gatekeeper.testing import check

if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("PAGER", "cat"),
        ("GIT_PAGER", "less"),
        ("GIT_PAGER", "less -R"),
        ("MANPAGER", "less -FRX --no-init"),
        ("EDITOR", "true"),
        ("GIT_SEQUENCE_EDITOR", ":"),
        ("LESS", "-R"),
        ("LESS", "FRX"),
        ("LESS", "-R -X"),
        ("PYTHONWARNINGS", "ignore"),
        ("PYTHONWARNINGS", "error::DeprecationWarning"),
        ("PYTHONWARNINGS", "ignore:some.message:UserWarning:my.module:12"),
        ("PYTHONWARNINGS", "ignore::Foo,default"),
    ],
)
def test_harmless(name: str, value: str) -> None:
    assert harmless_value(name, value)
    assert harmless_setting(name, value)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("PAGER", "./cat"),
        ("PAGER", "/tmp/cat"),
        ("PAGER", "cat;x"),
        ("PAGER", "cat x"),
        ("PAGER", "less +!sh"),
        ("PAGER", "less -k f"),
        ("PAGER", "less -Ofile"),
        ("PAGER", "less  -R"),  # an empty word: nothing odd is vouched for
        ("PAGER", "less R"),  # a file name to less, not an option
        ("PAGER", ""),
        ("EDITOR", "vi"),
        ("EDITOR", ""),
        ("LESS", ""),
        ("LESS", "+!sh"),
        ("LESS", "--lesskey-src=f"),
        ("LESS", "-Rk f"),
        ("LESS", "-o"),
        ("PYTHONWARNINGS", "ignore::antigravity.X"),
        ("PYTHONWARNINGS", "ignore,error::json.decoder.JSONDecodeError"),
        ("PYTHONWARNINGS", "a:b:c:d:e:f"),
        ("PYTHONWARNINGS", "ignore\n"),
        ("LD_PRELOAD", "cat"),  # no value makes another name harmless
        ("GIT_SSH_COMMAND", "ssh"),
    ],
)
def test_not_harmless(name: str, value: str) -> None:
    assert not harmless_setting(name, value)
    assert not harmless_setting(name, None)  # a value not known statically


def test_value_scripts() -> None:
    assert value_script("PAGER", "rm -rf ~") == "rm -rf ~"
    assert value_script("LESSOPEN", "||-lesspipe %s") == "lesspipe FILE"
    assert value_script("LESSCLOSE", "x %s %s") == "x FILE FILE"
    assert value_script("GIT_ASKPASS", "/a b/c;d") == "'/a' 'b/c;d'"
    assert value_script("PATH", "/x") is None
    assert value_script("PAGER", "  ") is None


def test_the_value_commands_are_the_call_s() -> None:
    """Every way of setting the value gives its commands, labelled by the variable."""
    for text in (
        "PAGER='rm -rf x' git log",
        "export PAGER='rm -rf x'; git log",
        "declare -x PAGER='rm -rf x'; git log",
        "PAGER='rm -rf x'; git log",
    ):
        found = [c for c in parse(text, "/home/u").commands if c.where == "$PAGER"]
        assert [c.argv for c in found] == [("rm", "-rf", "x")], text


def test_an_appended_value_is_unknown() -> None:
    """`PAGER+=cat` is the old value, then `cat`: never a harmless value."""
    (command, _) = parse("PAGER+=cat git log", "/home/u").commands
    assert command.assignments[0][1].dynamic
    script = parse("PAGER+=cat; git log", "/home/u")
    assert [p.rule for p in script.problems] == ["GK-ENV-001"]


def test_an_allow_rule_matches_behind_a_harmless_value(
    make_engine: Callable[..., Engine], gk_env: GkEnv
) -> None:
    """`PAGER=cat mytool` is `mytool` to an allow rule; `PAGER=./x mytool` is not."""
    gk_env.write_config('[permissions]\nallow = ["Bash(mytool *)"]\n')
    engine = make_engine()
    assert check(engine, "mytool x").outcome == Outcome.ALLOW
    assert check(engine, "PAGER=cat LESS=-R mytool x").outcome == Outcome.ALLOW
    assert check(engine, "PAGER=./x mytool x").outcome == Outcome.ASK
    assert check(engine, "PAGER='rm -rf ~' mytool x").outcome == Outcome.ASK
