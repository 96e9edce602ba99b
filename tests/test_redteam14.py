"""Red-team round 14: holes that need files on disk (the corpora only get an empty `src/`).

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

# rustup's proxies approved by quiet12 and before: `rustc --explain CODE`, version queries,
# cargo's read-only subcommands
_RUST_COMMANDS = [
    "rustc --explain E0308",
    "rustc --version",
    "cargo --version",
    "cargo version",
    "cargo tree",
    "cargo metadata",
    "cd sub && cargo tree",
]


def _toolchain_dir(where: Path) -> Path:
    """What the Write tool may create in the project: a toolchain whose bin/rustc is a script."""
    tc = where / "tc"
    (tc / "bin").mkdir(parents=True)
    (tc / "lib").mkdir()
    (tc / "bin" / "rustc").write_text("#!/bin/sh\ntouch /tmp/rt14-marker-1\n")
    return tc


# bash (rustup 1.29): with `[toolchain] path = "/abs/tc"` in the project's
# rust-toolchain.toml, `rustc --explain E0308`, `rustc --version` and `cargo --version` ran
# tc/bin/rustc (tc/bin/cargo), which created /tmp/rt14-marker-1; a legacy `rust-toolchain`
# file holding /abs/tc did the same.
@pytest.mark.parametrize("command", _RUST_COMMANDS)
@pytest.mark.parametrize("legacy", [False, True])
def test_rustup_proxies_under_a_path_toolchain_are_not_allowed(
    quiet_engine: Engine, gk_env: GkEnv, command: str, legacy: bool
) -> None:
    (gk_env.project / "sub").mkdir()
    tc = _toolchain_dir(gk_env.project)
    if legacy:
        (gk_env.project / "rust-toolchain").write_text(f"{tc}\n")
    else:
        (gk_env.project / "rust-toolchain.toml").write_text(f'[toolchain]\npath = "{tc}"\n')
    decision = check(quiet_engine, command, cwd=str(gk_env.project))
    assert decision.outcome is not Outcome.ALLOW, decision.reason
    assert "GK-DEV-002" in {f.rule for f in decision.findings}


@pytest.mark.parametrize("command", _RUST_COMMANDS)
@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("rust-toolchain.toml", '[toolchain]\nchannel = "1.80.0"\ncomponents = ["clippy"]\n'),
        ("rust-toolchain", "stable\n"),
        (None, ""),
    ],
)
def test_rustup_proxies_under_a_channel_stay_allowed(
    quiet_engine: Engine, gk_env: GkEnv, command: str, name: str | None, text: str
) -> None:
    (gk_env.project / "sub").mkdir()
    if name:
        (gk_env.project / name).write_text(text)
    decision = check(quiet_engine, command, cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ALLOW, decision.reason


def test_a_path_toolchain_in_a_parent_of_the_project_is_found(
    quiet_engine: Engine, gk_env: GkEnv
) -> None:
    """rustup walks up past the project root: a planted file in a parent counts too."""
    parent = gk_env.project.parent
    tc = _toolchain_dir(parent)
    (parent / "rust-toolchain.toml").write_text(f'[toolchain]\npath = "{tc}"\n')
    decision = check(quiet_engine, "rustc --explain E0308", cwd=str(gk_env.project))
    assert decision.outcome is not Outcome.ALLOW, decision.reason


@pytest.mark.parametrize("text", ["[toolchain\n", "[other]\nx = 1\n", '[toolchain]\nchannel = 7\n'])
def test_a_toolchain_file_the_gate_cannot_read_is_not_allowed(
    quiet_engine: Engine, gk_env: GkEnv, text: str
) -> None:
    (gk_env.project / "rust-toolchain.toml").write_text(text)
    decision = check(quiet_engine, "cargo --version", cwd=str(gk_env.project))
    assert decision.outcome is not Outcome.ALLOW, decision.reason


# bash: in a repository with `core.hooksPath = .githooks`, git ignored a non-executable
# .githooks/post-index-change; after `chmod +x` (SAFE since quiet12) `git status` (SAFE) ran
# it and created /tmp/rt14-m14. The directory hooksPath names is protected like .git/hooks.
@pytest.mark.parametrize(
    "command",
    [
        "chmod +x .githooks/post-index-change",
        "chmod 755 .githooks/pre-commit",
        "cp hook.sh .githooks/pre-commit",
        "chmod -R +x .githooks",
    ],
)
@pytest.mark.parametrize(
    "config",
    [
        "[core]\n\thooksPath = .githooks\n",
        '[Core]\n\tHOOKSPATH = ".githooks" # the team\'s hooks\n',
    ],
)
def test_the_hooks_path_directory_is_protected(
    quiet_engine: Engine, gk_env: GkEnv, command: str, config: str
) -> None:
    (gk_env.project / ".githooks").mkdir()
    (gk_env.project / ".git").mkdir(exist_ok=True)
    (gk_env.project / ".git" / "config").write_text(config)
    decision = check(quiet_engine, command, cwd=str(gk_env.project))
    assert decision.outcome is not Outcome.ALLOW, decision.reason
    assert {"GK-PROT-001", "GK-PROT-004"} & {f.rule for f in decision.findings}


@pytest.mark.parametrize(
    "command", ["chmod +x .githooks/post-index-change", "cp hook.sh .githooks/pre-commit"]
)
def test_a_githooks_directory_git_does_not_use_stays_writable(
    quiet_engine: Engine, gk_env: GkEnv, command: str
) -> None:
    (gk_env.project / ".githooks").mkdir()
    (gk_env.project / ".git").mkdir(exist_ok=True)
    (gk_env.project / ".git" / "config").write_text("[core]\n\tbare = false\n")
    decision = check(quiet_engine, command, cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ALLOW, decision.reason
