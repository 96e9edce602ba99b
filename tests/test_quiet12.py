"""quiet12: approvals that need files on disk (the corpora only get an empty `src/`).

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


# gofmt and tokei walk the trees they are given and follow a symlink to a file: a link the
# Write tool (or a checkout) put in the project may name a file outside it.
@pytest.mark.parametrize("command", ["gofmt -l .", "gofmt -d pkg", "tokei", "tokei pkg"])
def test_tree_readers_are_safe_until_a_link_leads_out(
    quiet_engine: Engine, gk_env: GkEnv, command: str
) -> None:
    pkg = gk_env.project / "pkg"
    pkg.mkdir()
    (pkg / "main.go").write_text("package main\n")
    assert check(quiet_engine, command, cwd=str(gk_env.project)).outcome is Outcome.ALLOW
    (pkg / "notes.go").symlink_to(gk_env.home / "notes.txt")
    decision = check(quiet_engine, command, cwd=str(gk_env.project))
    assert decision.outcome is not Outcome.ALLOW, decision.reason
    assert "GK-BASH-002" in {f.rule for f in decision.findings}


@pytest.mark.parametrize(
    "command",
    ["readelf -hSW a.out", "nm -C a.out", "objdump -d a.out", "size a.out", "addr2line 0x10"],
)
def test_binutils_inspectors_read_the_projects_binaries(
    quiet_engine: Engine, gk_env: GkEnv, command: str
) -> None:
    (gk_env.project / "a.out").write_bytes(b"\x7fELF")
    assert check(quiet_engine, command, cwd=str(gk_env.project)).outcome is Outcome.ALLOW


# find hands every file it finds to `-exec CMD {}`: with CMD a writer, the targets are the
# files below the start paths, not the literal `{}` (a name inside the project). bash: in a
# fresh repository `find .git -maxdepth 1 -name config -exec cp evil.cfg {} \;` copied a
# core.fsmonitor line over .git/config, and `git status` then ran it.
@pytest.mark.parametrize(
    "command",
    [
        "find . -exec chmod 644 {} \\;",
        "find . -type f -name '*.py' -exec chmod +x {} \\;",
        "find .git -maxdepth 1 -name config -exec cp evil.cfg {} \\;",
        "find . -exec mv {} {}.bak \\;",
    ],
)
def test_find_exec_writers_below_a_repository_are_not_allowed(
    quiet_engine: Engine, gk_env: GkEnv, command: str
) -> None:
    (gk_env.project / ".git").mkdir(exist_ok=True)
    decision = check(quiet_engine, command, cwd=str(gk_env.project))
    assert decision.outcome is not Outcome.ALLOW, decision.reason
    assert "GK-PROT-004" in {f.rule for f in decision.findings}
