"""redteam15: links in the home's protected subdirectories, and paths spelled below them.

Session 11 listed the links directly in the home (`~/.bashrc` -> `~/dotfiles/bashrc`) and
judged a path as spelled by its names. A dotfiles manager links files one by one inside real
directories too (`~/.config/git/config`, `~/.config/gh/hosts.yml`,
`~/.claude/settings.json` -> the dotfiles repository). With that repository as the project,
`echo … >> git/config` and `echo {} > claude/settings.json` were allowed, and `cat
gh/hosts.yml` printed the GitHub token with no prompt; from another project,
`echo … >> ~/.config/git/config` went to the reviewer only (a write outside the allowed dirs).

Proven in bash (a throwaway HOME): `echo '[core] fsmonitor = "touch MARKER; false"' >>
git/config` from the dotfiles repository, then `git status` in any repository created the
marker; `echo '{"hooks":…}' > claude/settings.json` changed what `cat
~/.claude/settings.json` printed; `cat gh/hosts.yml` printed the token.
Nothing here runs a command: the calls are only judged.
"""

from __future__ import annotations

import shutil
from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import Outcome
from gatekeeper.testing import check

if TYPE_CHECKING:
    from gatekeeper.model import Decision
    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv


def _linked(gk_env: GkEnv, link: str, target: str, text: str = "x\n") -> None:
    """`~/LINK` -> `PROJECT/TARGET`, the link in a real directory of the home."""
    (gk_env.project / target).parent.mkdir(parents=True, exist_ok=True)
    (gk_env.project / target).write_text(text)
    (gk_env.home / link).parent.mkdir(parents=True, exist_ok=True)
    (gk_env.home / link).symlink_to(gk_env.project / target)


def _rules(decision: Decision) -> set[str]:
    return {f.rule for f in decision.findings}


@pytest.mark.parametrize(
    ("link", "target"),
    [
        (".config/git/config", "git/config"),
        (".claude/settings.json", "claude/settings.json"),
        (".claude/hooks/pre.sh", "claude/pre.sh"),
        (".config/fish/config.fish", "fish/config.fish"),
        (".cargo/config.toml", "cargo/config.toml"),
        (".config/nvim/init.lua", "nvim/init.lua"),
    ],
)
def test_a_file_linked_from_a_protected_home_dir_is_protected_by_its_own_name(
    quiet_engine: Engine, gk_env: GkEnv, link: str, target: str
) -> None:
    _linked(gk_env, link, target)
    cwd = str(gk_env.project)
    decision = check(quiet_engine, f"echo x >> {target}", cwd=cwd)
    assert "GK-PROT-001" in _rules(decision), decision.reason
    tool_input = {"file_path": str(gk_env.project / target), "content": "x"}
    decision = check(quiet_engine, tool="Write", tool_input=tool_input, cwd=cwd)
    assert "GK-PROT-001" in _rules(decision), decision.reason
    # The dotfiles project's other files stay the project's.
    decision = check(quiet_engine, "echo x >> README.md", cwd=cwd)
    assert decision.outcome is Outcome.ALLOW, decision.reason
    decision = check(quiet_engine, f"cat {target}", cwd=cwd)
    assert decision.outcome is Outcome.ALLOW, decision.reason


def test_an_unprotected_link_in_the_claude_dir_names_an_ordinary_file(
    quiet_engine: Engine, gk_env: GkEnv
) -> None:
    _linked(gk_env, ".claude/CLAUDE.md", "claude/CLAUDE.md")
    decision = check(quiet_engine, "echo x >> claude/CLAUDE.md", cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ALLOW, decision.reason


@pytest.mark.parametrize(
    ("link", "target"),
    [
        (".config/gh/hosts.yml", "gh/hosts.yml"),
        (".kube/config", "kube/config"),
        (".docker/config.json", "docker/config.json"),
        (".aws/config", "aws/config"),
    ],
)
def test_a_file_linked_from_a_credential_dir_is_a_credential_by_its_own_name(
    quiet_engine: Engine, gk_env: GkEnv, link: str, target: str
) -> None:
    _linked(gk_env, link, target, "oauth_token: gho_x\n")
    cwd = str(gk_env.project)
    decision = check(quiet_engine, f"cat {target}", cwd=cwd)
    assert decision.outcome is Outcome.ASK, decision.reason
    assert "GK-PROT-002" in _rules(decision), decision.reason
    tool_input = {"file_path": str(gk_env.project / target)}
    decision = check(quiet_engine, tool="Read", tool_input=tool_input, cwd=cwd)
    assert "GK-PROT-002" in _rules(decision), decision.reason


def test_a_public_key_linked_from_the_ssh_dir_stays_readable(
    quiet_engine: Engine, gk_env: GkEnv
) -> None:
    (gk_env.home / ".ssh").mkdir()
    _linked(gk_env, ".ssh/id_ed25519.pub", "ssh/id.pub", "ssh-ed25519 AAAA\n")
    _linked(gk_env, ".ssh/id_ed25519", "ssh/id", "-----BEGIN OPENSSH PRIVATE KEY-----\n")
    cwd = str(gk_env.project)
    decision = check(quiet_engine, "cat ssh/id.pub", cwd=cwd)
    assert decision.outcome is Outcome.ALLOW, decision.reason
    decision = check(quiet_engine, "cat ssh/id", cwd=cwd)
    assert "GK-PROT-002" in _rules(decision), decision.reason


def test_a_write_spelled_below_a_protected_home_dir_goes_to_the_human(
    quiet_engine: Engine, gk_env: GkEnv
) -> None:
    # A link on PATH to the project's own script: the project's file by its own name, but
    # spelled through `~/.local/bin` a write of a protected dir (it was ALLOW: the resolved
    # path is inside the project).
    _linked(gk_env, ".local/bin/tool", "bin/tool.sh", "#!/bin/sh\n")
    cwd = str(gk_env.project)
    decision = check(quiet_engine, "echo 'touch /tmp/m' >> ~/.local/bin/tool", cwd=cwd)
    assert "GK-PROT-001" in _rules(decision), decision.reason
    tool_input = {"file_path": str(gk_env.home / ".local/bin/tool"), "content": "x"}
    decision = check(quiet_engine, tool="Write", tool_input=tool_input, cwd=cwd)
    assert "GK-PROT-001" in _rules(decision), decision.reason
    decision = check(quiet_engine, "echo x >> bin/tool.sh", cwd=cwd)
    assert decision.outcome is Outcome.ALLOW, decision.reason


# A credential dir reached through a link that is not directly in the home: `~/.config` ->
# `dotfiles/config`, or `~/.config/gh` -> `dotfiles/gh` in a real `~/.config`. The credential
# dirs were compared unresolved, so `cat gh/hosts.yml` in the dotfiles repository was allowed
# (bash: printed the token).
@pytest.mark.parametrize(
    ("link", "target", "read"),
    [
        (".config", "config", "config/gh/hosts.yml"),
        (".config/gh", "gh", "gh/hosts.yml"),
        (".config/gcloud", "gcloud", "gcloud/credentials.db"),
    ],
)
def test_a_credential_dir_linked_below_the_home_is_a_credential_dir(
    quiet_engine: Engine, gk_env: GkEnv, link: str, target: str, read: str
) -> None:
    if (gk_env.home / link).exists():  # `~/.config` (the gate's config): moved, then linked
        shutil.move(gk_env.home / link, gk_env.project / target)
    (gk_env.project / read).parent.mkdir(parents=True)
    (gk_env.project / read).write_text("oauth_token: gho_x\n")
    (gk_env.home / link).parent.mkdir(parents=True, exist_ok=True)
    (gk_env.home / link).symlink_to(gk_env.project / target)
    cwd = str(gk_env.project)
    decision = check(quiet_engine, f"cat {read}", cwd=cwd)
    assert "GK-PROT-002" in _rules(decision), decision.reason
    (gk_env.project / target / "README").write_text("x\n")
    decision = check(quiet_engine, f"cat {target}/README", cwd=cwd)
    if link == ".config":  # the rest of `~/.config` is no credential dir
        assert decision.outcome is Outcome.ALLOW, decision.reason
    else:
        assert "GK-PROT-002" in _rules(decision), decision.reason


# `~/.claude` linked as a whole to the dotfiles repository: its `settings.json` there was an
# ordinary project file (`echo {} > claude/settings.json` allowed; bash: the write changed what
# `cat ~/.claude/settings.json` printed, the settings whose hooks Claude Code runs).
@pytest.mark.parametrize("name", ["settings.json", "settings.local.json", "gatekeeper.toml"])
def test_the_target_of_a_linked_claude_dir_keeps_its_protected_names(
    quiet_engine: Engine, gk_env: GkEnv, name: str
) -> None:
    if (gk_env.home / ".claude").exists():
        shutil.move(gk_env.home / ".claude", gk_env.project / "claude")
    else:
        (gk_env.project / "claude").mkdir()
    (gk_env.home / ".claude").symlink_to(gk_env.project / "claude")
    cwd = str(gk_env.project)
    decision = check(quiet_engine, f"echo '{{}}' > claude/{name}", cwd=cwd)
    assert "GK-PROT-001" in _rules(decision), decision.reason
    tool_input = {"file_path": str(gk_env.project / "claude" / name), "content": "{}"}
    decision = check(quiet_engine, tool="Write", tool_input=tool_input, cwd=cwd)
    assert "GK-PROT-001" in _rules(decision), decision.reason
    decision = check(quiet_engine, "echo x >> claude/CLAUDE.md", cwd=cwd)
    assert decision.outcome is Outcome.ALLOW, decision.reason
