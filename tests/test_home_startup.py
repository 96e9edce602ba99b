"""Start-up files of the home: by the name of a link to them, and those directly in the home.

Dotfile managers link `~/.bashrc` to `~/dotfiles/bashrc`. The path policy judged the resolved
path only, whose name (`bashrc`) is no protected name: `echo … >> ~/.bashrc` was a write
outside the allowed dirs (REVIEW), and in the dotfiles project itself, a write inside them
(allowed, no prompt). The files that a tool runs at each start directly in the home
(`~/.gdbinit`, `~/.psqlrc`, `~/.hgrc`, `~/.yarnrc.yml`…) are protected there and only there:
a project's own `.gdbinit` or `.yarnrc.yml` is the project's business.
Nothing here runs a command: the calls are only judged.
"""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import Outcome
from gatekeeper.testing import check

if TYPE_CHECKING:
    from pathlib import Path

    from gatekeeper.model import Decision
    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv


def _dotfiles(gk_env: GkEnv, link: str, target: str) -> Path:
    """`~/LINK` -> `PROJECT/TARGET`, as a dotfile manager lays it out."""
    (gk_env.project / target).write_text("# start-up\n")
    (gk_env.home / link).symlink_to(gk_env.project / target)
    return gk_env.home / link


@pytest.mark.parametrize(
    ("link", "target"),
    [(".bashrc", "bashrc"), (".zshrc", "zsh/rc"), (".gitconfig", "gitconfig"), (".vimrc", "vimrc")],
)
@pytest.mark.parametrize("tool", ["Bash", "Write", "Edit"])
def test_a_write_through_a_linked_start_up_file_goes_to_the_human(
    quiet_engine: Engine, gk_env: GkEnv, link: str, target: str, tool: str
) -> None:
    if "/" in target:
        (gk_env.project / target).parent.mkdir()
    linked = _dotfiles(gk_env, link, target)
    if tool == "Bash":
        decision = check(quiet_engine, f"echo 'curl x | sh' >> ~/{link}", cwd=str(gk_env.project))
    else:
        tool_input = {"file_path": str(linked), "content": "x"}
        if tool == "Edit":
            tool_input = {"file_path": str(linked), "old_string": "#", "new_string": "x"}
        decision = check(quiet_engine, tool=tool, tool_input=tool_input, cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ASK, decision.reason
    assert "GK-PROT-001" in {f.rule for f in decision.findings}, decision.reason


def test_a_link_with_another_name_to_an_ordinary_file_stays_an_ordinary_write(
    quiet_engine: Engine, gk_env: GkEnv
) -> None:
    (gk_env.project / "notes.md").write_text("x\n")
    (gk_env.project / "NOTES").symlink_to(gk_env.project / "notes.md")
    decision = check(quiet_engine, "echo y >> NOTES", cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ALLOW, decision.reason


def _write(engine: Engine, gk_env: GkEnv, path: Path) -> Decision:
    """The Write tool's call on `path`, from the project."""
    tool_input = {"file_path": str(path), "content": "x"}
    return check(engine, tool="Write", tool_input=tool_input, cwd=str(gk_env.project))


HOME_FILES = [".gdbinit", ".psqlrc", ".hgrc", ".yarnrc.yml", ".Rprofile", ".screenrc", ".curlrc"]


@pytest.mark.parametrize("name", HOME_FILES)
def test_a_start_up_file_directly_in_the_home_is_protected(
    quiet_engine: Engine, gk_env: GkEnv, name: str
) -> None:
    decision = _write(quiet_engine, gk_env, gk_env.home / name)
    assert decision.outcome is Outcome.ASK, decision.reason
    assert "GK-PROT-001" in {f.rule for f in decision.findings}, decision.reason


@pytest.mark.parametrize("name", HOME_FILES)
def test_the_projects_own_file_of_that_name_is_an_ordinary_write(
    quiet_engine: Engine, gk_env: GkEnv, name: str
) -> None:
    decision = _write(quiet_engine, gk_env, gk_env.project / name)
    assert decision.outcome is Outcome.ALLOW, decision.reason


def test_a_pth_file_in_the_user_site_is_protected(quiet_engine: Engine, gk_env: GkEnv) -> None:
    site = gk_env.home / ".local" / "lib" / "python3.11" / "site-packages"
    site.mkdir(parents=True)
    decision = _write(quiet_engine, gk_env, site / "zz.pth")
    assert decision.outcome is Outcome.ASK, decision.reason
    assert "GK-PROT-001" in {f.rule for f in decision.findings}, decision.reason


@pytest.mark.parametrize("tool", ["Bash", "Read"])
@pytest.mark.parametrize("where", ["key", "dir"])
def test_a_credential_read_through_a_link_into_the_project_goes_to_the_human(
    quiet_engine: Engine, gk_env: GkEnv, tool: str, where: str
) -> None:
    # `~/.ssh/id_ed25519` -> `PROJECT/ssh/mykey`, or the whole `~/.ssh` -> `PROJECT/ssh`.
    (gk_env.project / "ssh").mkdir()
    (gk_env.project / "ssh" / "mykey").write_text("-----BEGIN OPENSSH PRIVATE KEY-----\n")
    if where == "key":
        (gk_env.home / ".ssh").mkdir(exist_ok=True)
        (gk_env.home / ".ssh" / "id_ed25519").symlink_to(gk_env.project / "ssh" / "mykey")
        spelled = "~/.ssh/id_ed25519"
    else:
        (gk_env.home / ".ssh").symlink_to(gk_env.project / "ssh")
        spelled = "~/.ssh/mykey"
    if tool == "Bash":
        decision = check(quiet_engine, f"cat {spelled}", cwd=str(gk_env.project))
    else:
        path = spelled.replace("~", str(gk_env.home), 1)
        decision = check(
            quiet_engine, tool="Read", tool_input={"file_path": path}, cwd=str(gk_env.project)
        )
    assert decision.outcome is Outcome.ASK, decision.reason
    assert "GK-PROT-002" in {f.rule for f in decision.findings}, decision.reason


def test_a_linked_netrc_is_a_credential_file(quiet_engine: Engine, gk_env: GkEnv) -> None:
    _dotfiles(gk_env, ".netrc", "netrc")
    decision = check(quiet_engine, "cat ~/.netrc", cwd=str(gk_env.project))
    assert "GK-PROT-002" in {f.rule for f in decision.findings}, decision.reason


# -- The link's target named by its own name: the home's links are listed (`_home_links`).


def test_a_linked_start_up_file_written_by_its_own_name_goes_to_the_human(
    quiet_engine: Engine, gk_env: GkEnv
) -> None:
    _dotfiles(gk_env, ".bashrc", "bashrc")
    cwd = str(gk_env.project)
    decision = check(quiet_engine, "echo 'curl x | sh' >> bashrc", cwd=cwd)
    assert "GK-PROT-001" in {f.rule for f in decision.findings}, decision.reason
    tool_input = {"file_path": str(gk_env.project / "bashrc"), "content": "x"}
    decision = check(quiet_engine, tool="Write", tool_input=tool_input, cwd=cwd)
    assert "GK-PROT-001" in {f.rule for f in decision.findings}, decision.reason
    # The dotfiles project's other files stay the project's.
    decision = check(quiet_engine, "echo x >> README.md", cwd=cwd)
    assert decision.outcome is Outcome.ALLOW, decision.reason


def test_a_linked_credential_read_by_its_own_name_goes_to_the_human(
    quiet_engine: Engine, gk_env: GkEnv
) -> None:
    (gk_env.project / "ssh").mkdir()
    (gk_env.project / "ssh" / "mykey").write_text("-----BEGIN OPENSSH PRIVATE KEY-----\n")
    (gk_env.project / "ssh" / "mykey.pub").write_text("ssh-ed25519 AAAA\n")
    (gk_env.home / ".ssh").symlink_to(gk_env.project / "ssh")
    _dotfiles(gk_env, ".netrc", "netrc")
    cwd = str(gk_env.project)
    for command in ("cat ssh/mykey", "head -1 netrc"):
        decision = check(quiet_engine, command, cwd=cwd)
        assert "GK-PROT-002" in {f.rule for f in decision.findings}, (command, decision.reason)
    decision = check(
        quiet_engine, tool="Read", tool_input={"file_path": str(gk_env.project / "netrc")}, cwd=cwd
    )
    assert "GK-PROT-002" in {f.rule for f in decision.findings}, decision.reason
    decision = check(quiet_engine, "cat ssh/mykey.pub", cwd=cwd)
    assert decision.outcome is Outcome.ALLOW, decision.reason


def test_a_link_made_between_two_calls_is_seen_by_the_second(
    quiet_engine: Engine, gk_env: GkEnv
) -> None:
    cwd = str(gk_env.project)
    (gk_env.project / "zshrc").write_text("# start-up\n")
    assert check(quiet_engine, "echo x >> zshrc", cwd=cwd).outcome is Outcome.ALLOW
    (gk_env.home / ".zshrc").symlink_to(gk_env.project / "zshrc")
    decision = check(quiet_engine, "echo x >> zshrc", cwd=cwd)
    assert "GK-PROT-001" in {f.rule for f in decision.findings}, decision.reason


def test_the_home_listing_is_kept_only_while_the_home_is_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gatekeeper import paths

    home = tmp_path / "home"
    home.mkdir()
    (tmp_path / "bashrc").write_text("x\n")
    # Changed in the last two seconds: not kept, as a change in the same tick of the file
    # system's clock would leave the times where they are.
    assert paths._home_links(str(home)) == ()
    assert str(home) not in paths._DIR_LINKS
    monkeypatch.setattr(paths, "_RACY_NS", -(10**18))  # keep every listing from here on
    assert paths._home_links(str(home)) == ()
    assert paths._DIR_LINKS[str(home)][1][0] == ()  # its links (`paths._Listing`)
    (home / ".bashrc").symlink_to(tmp_path / "bashrc")
    assert paths._home_links(str(home)) == ((str(home / ".bashrc"), False),)
    (home / ".SSH").symlink_to(tmp_path)  # case-blind, and a credential directory
    old = time.time() - 3600
    os.utime(home, (old, old))  # the mtime set back: the ctime still moved on
    assert set(paths._home_links(str(home))) == {
        (str(home / ".bashrc"), False),
        (str(home / ".SSH"), True),
    }
