"""Red-team round 11: holes that need files on disk (the corpora only get an empty `src/`).

Nothing here runs a command: each case is judged by the engine and never executed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import Outcome
from gatekeeper.testing import check

if TYPE_CHECKING:
    from pathlib import Path

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv


def _plant_bare_repo(where: Path) -> None:
    """What the Write tool may create in the project: HEAD, objects/, refs/ (and a config)."""
    (where / "objects").mkdir(parents=True)
    (where / "refs").mkdir()
    (where / "HEAD").write_text("ref: refs/heads/main\n")
    (where / "config").write_text("[core]\n\tbare = false\n\tworktree = ..\n")


# git takes a directory holding HEAD, objects/ and refs/ as a (bare) repository, and reads
# its `config`: with `core.fsmonitor=PROGRAM` there, `git -C sub status` ran PROGRAM (checked
# in bash with a `printf` marker). Every file of it is an ordinary project file the Write tool
# may write; the gate allowed the read-only git commands run in it.
@pytest.mark.parametrize(
    "command",
    [
        "git -C sub status",
        "git -C sub log",
        "cd sub && git log",
        "cd sub; git status",
        "cd sub/refs && git status",
        "git -C sub/objects diff",
        "git -C sub.git log",
        "git -C sub -C refs status",  # git applies each -C to the one before
    ],
)
def test_git_in_a_planted_bare_repository_is_not_allowed(
    quiet_engine: Engine, gk_env: GkEnv, command: str
) -> None:
    _plant_bare_repo(gk_env.project / "sub")
    _plant_bare_repo(gk_env.project / "sub.git")
    decision = check(quiet_engine, command, cwd=str(gk_env.project))
    assert decision.outcome is not Outcome.ALLOW, decision.reason
    assert "GK-GIT-005" in {f.rule for f in decision.findings}


@pytest.mark.parametrize(
    "command",
    ["git status", "git -C src log", "cd src && git log", "git --git-dir=.git log"],
)
def test_git_in_the_project_repository_stays_allowed(
    quiet_engine: Engine, gk_env: GkEnv, command: str
) -> None:
    (gk_env.project / ".git" / "objects").mkdir(parents=True)
    (gk_env.project / ".git" / "refs").mkdir()
    (gk_env.project / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (gk_env.project / "src").mkdir()
    decision = check(quiet_engine, command, cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ALLOW, decision.reason


def test_a_planted_repository_at_the_project_root_is_not_allowed(
    quiet_engine: Engine, gk_env: GkEnv
) -> None:
    # a project that is no git repository: git finds the planted one at its root
    _plant_bare_repo(gk_env.project)
    decision = check(quiet_engine, "git status", cwd=str(gk_env.project))
    assert decision.outcome is not Outcome.ALLOW, decision.reason


# `pip config list|get|debug` prints pip's config whole: an index URL with a password came
# out (checked in bash with a throwaway HOME and a made-up password); the gate said
# "only reads" and allowed it.
def _pip_conf(gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch, url: str) -> None:
    """The user's pip config, and no other pip config the process could see."""
    for name in ("PIP_CONFIG_FILE", "VIRTUAL_ENV", "XDG_CONFIG_DIRS"):
        monkeypatch.delenv(name, raising=False)
    conf = gk_env.home / ".config" / "pip" / "pip.conf"
    conf.parent.mkdir(parents=True)
    conf.write_text(f"[global]\nindex-url = {url}\n")


@pytest.mark.parametrize(
    "command",
    ["pip config list", "pip3 config get global.index-url", "python3 -m pip config debug"],
)
def test_pip_config_printing_a_password_goes_to_the_human(
    quiet_engine: Engine, gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    _pip_conf(gk_env, monkeypatch, "https://me:hunter2hunter2@pkgs.invalid/simple")
    decision = check(quiet_engine, command, cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ASK, decision.reason
    assert "GK-PROT-002" in {f.rule for f in decision.findings}


def test_pip_config_without_a_password_stays_allowed(
    quiet_engine: Engine, gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch
) -> None:
    _pip_conf(gk_env, monkeypatch, "https://pkgs.invalid/simple")
    decision = check(quiet_engine, "pip config list", cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ALLOW, decision.reason


# less reads `~/.config/lesskey` (or `~/.lesskey`) at every start; its `#env` section may set
# `LESSOPEN=|PROGRAM %s`, and `less FILE`, which the gate allows, then runs PROGRAM (checked
# in bash with a throwaway HOME and a `printf` marker, stdout no tty). Writing it was only
# GK-WRITE-001 REVIEW.
@pytest.mark.parametrize("name", [".config/lesskey", ".lesskey", ".less"])
def test_writing_less_key_files_goes_to_the_human(
    quiet_engine: Engine, gk_env: GkEnv, name: str
) -> None:
    from gatekeeper.model import Verdict, dominant

    decision = check(
        quiet_engine,
        tool="Write",
        tool_input={"file_path": str(gk_env.home / name), "content": "#env\nLESSOPEN=x\n"},
        cwd=str(gk_env.project),
    )
    worst = dominant(decision.findings)
    assert worst is not None
    assert worst.verdict is Verdict.ELEVATE, decision.reason
    assert decision.outcome is Outcome.ASK
