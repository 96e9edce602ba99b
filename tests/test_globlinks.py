"""Reads that reach through a symlink inside the project to a place outside it.

The path policy resolves a literal path through its links, and a glob through its literal
prefix: before `shell.globlinks`, ``cat */*`` in a project holding ``config -> ~/.aws`` was
judged as a read of ``.`` and printed the credentials, as did ``grep -R x .`` and ``rg -L``.
A cloned repository can ship such a link. Nothing here is executed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import Outcome, Verdict
from gatekeeper.shell.globlinks import glob_links, tree_links
from gatekeeper.testing import check

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv


@pytest.fixture
def linked(gk_env: GkEnv, make_engine: Callable[..., Engine]) -> Engine:
    """A project with `config -> ~/.aws` and `src/vendor -> ~/lib` (outside the project)."""
    aws = gk_env.home / ".aws"
    aws.mkdir()
    (aws / "credentials").write_text("[default]\n")
    lib = gk_env.home / "lib"
    lib.mkdir()
    (lib / "util.py").write_text("x = 1\n")
    (gk_env.project / "src").mkdir()
    (gk_env.project / "src" / "app.py").write_text("x = 1\n")
    (gk_env.project / "config").symlink_to(aws)
    (gk_env.project / "src" / "vendor").symlink_to(lib)
    gk_env.write_config("[reviewer]\nenabled = false\n")
    return make_engine()


@pytest.mark.parametrize(
    "command",
    [
        "cat */*",
        "cat c*/*",
        "head -n 50 ./*/cred*",
        "cat src/*/util.py",
        "cat src/**/*.py",
        "grep -R key .",
        "grep -R key",
        "grep --dereference-recursive key src",
        "rg -L key",
        "rg --follow key .",
        "grep -R key *",
        "diff -r src /tmp",
        "cd src && cat */*",
        "find -L . -name credentials",
        "tree -l",
        "du -L -a .",
        "find . -follow -name credentials",
        "grep --deref key .",  # getopt_long's prefix of --dereference-recursive
        "grep --dereference-r key src",
        "diff --recur src /tmp",
        "ag --fol key",
        "ls -LR",  # the names below config -> ~/.aws, as tree -l lists them
        "ls -l --dereference --recursive src",
        "fd -L",
        "fd --follow cred src",
    ],
)
def test_a_read_through_a_link_out_of_the_project_is_not_allowed(
    linked: Engine, gk_env: GkEnv, command: str
) -> None:
    decision = check(linked, command, cwd=str(gk_env.project))
    assert decision.outcome != Outcome.ALLOW, f"{command}: {decision.reason}"
    assert "link" in decision.reason or "credential" in decision.reason, decision.reason


@pytest.mark.parametrize("command", ["cat */*", "cat s*/*", "grep -R key .", "find -L . -type f"])
def test_a_credential_reached_through_a_link_goes_to_the_user(
    linked: Engine, gk_env: GkEnv, command: str
) -> None:
    """As `cat ~/.ssh/id_rsa` does (ELEVATE): a reviewer sees `cat */*`, not where it leads."""
    ssh = gk_env.home / ".ssh"
    ssh.mkdir()
    (ssh / "id_rsa").write_text("key\n")
    (gk_env.project / "config").unlink()
    (gk_env.project / "src" / "vendor").unlink()
    (gk_env.project / "sshlink").symlink_to(ssh)
    decision = check(linked, command, cwd=str(gk_env.project))
    assert decision.outcome == Outcome.ASK, f"{command}: {decision.reason}"
    assert any(f.verdict is Verdict.ELEVATE for f in decision.findings), decision.findings


@pytest.mark.parametrize(
    "command",
    [
        "cat src/*.py",
        "grep -r key .",
        "grep -rn key src/*.py",
        "rg key",
        "ls -la",
        "wc -l src/*",
        "ls -R",
        "ls -lL",
        "fd cred",
    ],
)
def test_reads_that_do_not_follow_the_link_stay_allowed(
    linked: Engine, gk_env: GkEnv, command: str
) -> None:
    (gk_env.project / "src" / "vendor").unlink()  # `wc -l src/*` would read through it
    (gk_env.project / "src" / "vendor").mkdir()
    decision = check(linked, command, cwd=str(gk_env.project))
    assert decision.outcome == Outcome.ALLOW, f"{command}: {decision.reason}"


def test_glob_links_lists_the_links_a_pattern_reaches(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "f.txt").write_text("")
    (tmp_path / "out").symlink_to("/")
    assert glob_links("*/f.txt", str(tmp_path)) == [str(tmp_path / "out")]
    assert glob_links("a/*", str(tmp_path)) == []
    assert glob_links("a/f.txt", str(tmp_path)) == []  # a literal path: the policy's job
    assert tree_links(".", str(tmp_path)) == [str(tmp_path / "out")]


def test_a_walk_past_the_budget_gives_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gatekeeper.shell import globlinks

    for i in range(5):
        (tmp_path / f"d{i}").mkdir()
    monkeypatch.setattr(globlinks, "BUDGET", 3)
    assert glob_links("*/x", str(tmp_path)) is None
    assert tree_links(".", str(tmp_path)) is None


def test_a_glob_that_expands_to_dash_r_follows_the_links(linked: Engine, gk_env: GkEnv) -> None:
    """`grep key *` with a file named `-R` is `grep -R key ...`: it follows src/vendor."""
    (gk_env.project / "config").unlink()  # only the link one level down is left
    assert check(linked, "grep key *", cwd=str(gk_env.project)).outcome == Outcome.ALLOW
    (gk_env.project / "-R").write_text("")
    decision = check(linked, "grep key *", cwd=str(gk_env.project))
    assert decision.outcome != Outcome.ALLOW, decision.reason


@pytest.fixture
def file_link(gk_env: GkEnv, make_engine: Callable[..., Engine]) -> Engine:
    """A project whose src/creds links to ~/.ssh/id_rsa (as a cloned repository may)."""
    ssh = gk_env.home / ".ssh"
    ssh.mkdir()
    (ssh / "id_rsa").write_text("key\n")
    (gk_env.project / "src").mkdir()
    (gk_env.project / "src" / "app.py").write_text("x = 1\n")
    (gk_env.project / "src" / "creds").symlink_to(ssh / "id_rsa")
    gk_env.write_config("[reviewer]\nenabled = false\n")
    return make_engine()


@pytest.mark.parametrize(
    "command",
    [
        "fd -x cat",
        "fd . src -X cat",
        "find . -exec cat {} +",
        "find src -exec head {} ;",
        "find src | xargs cat",
        "git ls-files | xargs cat",
        "cat $(git ls-files)",
        "cp -rL src copy",
        "cp --dereference -r src copy",
        "cp -R --deref src copy",
        "grep --dereference key src",
    ],
)
def test_a_reader_over_a_tree_follows_its_file_links(
    file_link: Engine, gk_env: GkEnv, command: str
) -> None:
    decision = check(file_link, command, cwd=str(gk_env.project))
    assert decision.outcome != Outcome.ALLOW, f"{command}: {decision.reason}"


@pytest.mark.parametrize("command", ["cp -r src copy", "fd -x cat", "find src -exec cat {} +"])
def test_without_the_link_the_tree_readers_stay_allowed(
    file_link: Engine, gk_env: GkEnv, command: str
) -> None:
    if "cp" not in command:
        (gk_env.project / "src" / "creds").unlink()
    decision = check(file_link, command, cwd=str(gk_env.project))
    assert decision.outcome == Outcome.ALLOW, f"{command}: {decision.reason}"


@pytest.mark.parametrize(
    "command", ["grep -R key .", "find . -exec cat {} +", "fd -x cat", "cat bin/*"]
)
def test_environments_and_system_links_do_not_count(
    gk_env: GkEnv, make_engine: Callable[..., Engine], command: str
) -> None:
    """A virtual environment links its interpreter to the system's or the user's toolchain;
    a link to installed software reads nothing of the user's."""
    venv = gk_env.project / ".venv" / "bin"
    venv.mkdir(parents=True)
    (gk_env.home / "toolchain").mkdir()
    (venv / "python").symlink_to(gk_env.home / "toolchain")
    (gk_env.project / "bin").mkdir()
    (gk_env.project / "bin" / "sh").symlink_to("/bin/sh")
    gk_env.write_config("[reviewer]\nenabled = false\n")
    decision = check(make_engine(), command, cwd=str(gk_env.project))
    assert decision.outcome == Outcome.ALLOW, f"{command}: {decision.reason}"


@pytest.mark.parametrize(
    "command", ["find / -type f -exec du -h {} +", "find ~ -exec cat {} +", "cp -rL / dst"]
)
def test_a_tree_outside_the_project_asks_without_being_walked(
    linked: Engine, gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """A read outside asks anyway: walking `/` up to the budget (~65 ms) would only say so."""
    from gatekeeper.plugins import bash
    from gatekeeper.shell import globlinks

    walked: list[str] = []

    def counting(root: str, cwd: str) -> list[str] | None:
        walked.append(root)
        return globlinks.tree_links(root, cwd)

    monkeypatch.setattr(bash, "tree_links", counting)
    decision = check(linked, command, cwd=str(gk_env.project))
    assert decision.outcome != Outcome.ALLOW, decision.reason
    assert not [root for root in walked if root in ("/", "~", str(gk_env.home))], walked
