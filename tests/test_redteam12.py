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
