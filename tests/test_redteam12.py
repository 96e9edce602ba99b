"""Red-team round 12: holes the annotated corpora cannot hold.

Nothing here runs a command: each case is judged by the engine and never executed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import Outcome
from gatekeeper.testing import check

if TYPE_CHECKING:
    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

FAKE_TOKEN = "ghp_" + "a1b2c3d4e5" * 4


# bash removes the quotes of a here-document's delimiter word (`E"O"F` is `EOF`, `$'EOF'` and
# `$"EOF"` are `EOF`) and ends the body at the first line equal to that; tree-sitter-bash
# compared these forms literally, read the lines after bash's end as the body, and the gate
# allowed them (bash: `cat <<E"O"F`, a line `EOF`, then `touch /tmp/m` created the marker).
@pytest.mark.parametrize(
    "command",
    [
        'cat <<E"O"F\nhi\nEOF\nrm -rf ~\nE"O"F',
        "cat <<$'EOF'\nhi\nEOF\nrm -rf ~\n$'EOF'",
        "cat <<$'E\\x4fF'\nhi\nEOF\nrm -rf ~\n$'E\\x4fF'",
        'cat <<$"EOF"\nhi\nEOF\nrm -rf ~\n$"EOF"',
        'cat <<-E"O"F\nhi\n\tEOF\nrm -rf ~\nE"O"F',
        'cat <<E"O"F > notes.txt\nhi\nEOF\nrm -rf ~\nE"O"F',
    ],
)
def test_a_here_document_ends_where_bash_ends_it(quiet_engine: Engine, command: str) -> None:
    decision = check(quiet_engine, command)
    assert decision.outcome is not Outcome.ALLOW, decision.reason
    assert "GK-SHELL-001" in {f.rule for f in decision.findings}


@pytest.mark.parametrize(
    "command",
    [
        "cat <<'EOF'\nrm -rf ~\nEOF",
        'cat <<"EOF"\nhi\nEOF',
        "cat <<\\EOF\nhi\nEOF",
        "cat <<-'EOF'\n\thi\n\tEOF",
        "cat <<E${x}OF\nhi\nE${x}OF",
    ],
)
def test_a_here_document_bash_reads_alike_stays_allowed(
    quiet_engine: Engine, gk_env: GkEnv, command: str
) -> None:
    decision = check(quiet_engine, command, cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ALLOW, decision.reason


# A secret of the environment printed by routes the name scan missed (bash, with
# GITHUB_TOKEN=SEKRET: each printed SEKRET): an indirect expansion through a positional
# parameter (`${!1}`, `${!@}`, `${!*}`), an indirect expansion copied into a variable first,
# and a copy printed by its name (`printenv y`, `declare -p y`) or expanded by the child shell
# a prefix assignment hands it to. The gate allowed each.
@pytest.mark.parametrize(
    "command",
    [
        "set -- GITHUB_TOKEN; echo ${!1}",
        'set -- GITHUB_TOKEN; echo "${!@}"',
        'set -- GITHUB_TOKEN; printf %s "${!*}"',
        "bash -c 'echo ${!1}' _ GITHUB_TOKEN",
        "x=GITHUB_TOKEN; y=${!x}; echo $y",
        'y="${!x:-}"; printf %s "$y"',
        "y=$GITHUB_TOKEN; export y; printenv y",
        "export y=$GITHUB_TOKEN; printenv y",
        "y=$GITHUB_TOKEN; declare -p y",
        "y=$GITHUB_TOKEN; typeset -p y",
        "y=$GITHUB_TOKEN; y=$y bash -c 'echo $y'",
    ],
)
def test_a_secret_printed_through_a_copy_or_a_positional_name(
    quiet_engine: Engine, gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    monkeypatch.setenv("GITHUB_TOKEN", FAKE_TOKEN)
    decision = check(quiet_engine, command, cwd=str(gk_env.project))
    assert decision.outcome is not Outcome.ALLOW, decision.reason
    assert "GK-ENV-002" in {f.rule for f in decision.findings}


@pytest.mark.parametrize(
    "command",
    [
        "set -- a b; echo ${!#}",
        "y=$HOME; declare -p y; printenv HOME",
        "y=$GITHUB_TOKEN; y=$y bash -c 'echo ok'",
        'f() { echo "$1"; }; set -- x; echo "$1"',
    ],
)
def test_what_prints_no_secret_by_those_routes_stays_allowed(
    quiet_engine: Engine, gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    monkeypatch.setenv("GITHUB_TOKEN", FAKE_TOKEN)
    decision = check(quiet_engine, command, cwd=str(gk_env.project))
    assert "GK-ENV-002" not in {f.rule for f in decision.findings}, decision.reason
