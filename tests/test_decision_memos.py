"""What one decision remembers of the filesystem, it forgets before the next one.

The path policy resolves its roots (home, allowed, tmp, protected) only when a question
needs them, and keeps what `lstat` said in a memo of the call. The warm server keeps one
`Engine` across many calls: these tests make the filesystem change between two decisions
of one engine and check that the second decision sees the change.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pytest

from gatekeeper import config as config_mod
from gatekeeper.model import Outcome
from gatekeeper.paths import PathPolicy
from gatekeeper.shell.parse import parse
from gatekeeper.testing import check

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv


def _key(env: GkEnv) -> Path:
    key = env.home / ".ssh" / "id_rsa"
    key.parent.mkdir(exist_ok=True)
    key.write_text("not a real key\n")
    return key


@pytest.mark.parametrize(
    "spelling", ["notes.txt", "./notes.txt", "./notes.txt/", "src/../notes.txt"]
)
def test_a_file_that_becomes_a_link_to_a_key_between_two_decisions(
    make_engine: Callable[..., Engine], gk_env: GkEnv, spelling: str
) -> None:
    engine = make_engine()
    (gk_env.project / "src").mkdir(exist_ok=True)
    notes = gk_env.project / "notes.txt"
    notes.write_text("hello\n")
    before = check(engine, f"cat {spelling}")
    assert before.outcome == Outcome.ALLOW, before.reason
    notes.unlink()
    notes.symlink_to(_key(gk_env))
    after = check(engine, f"cat {spelling}")
    assert after.outcome == Outcome.ASK
    assert after.rule == "GK-PROT-002", after.reason


def test_a_directory_that_becomes_a_link_to_home_between_two_decisions(
    make_engine: Callable[..., Engine], gk_env: GkEnv
) -> None:
    engine = make_engine()
    build = gk_env.project / "build"
    build.mkdir()
    before = check(engine, "rm -rf build")
    assert before.outcome != Outcome.ASK or before.rule not in ("GK-BASH-008", "GK-PROT-004")
    build.rmdir()
    build.symlink_to(gk_env.home)
    after = check(engine, "rm -rf build")
    assert after.outcome == Outcome.ASK
    assert after.rule in ("GK-BASH-008", "GK-PROT-004"), after.reason


def test_a_home_that_becomes_a_link_between_two_decisions(
    make_engine: Callable[..., Engine], gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `~` expands to the resolved home, resolved afresh for each decision.
    engine = make_engine()
    alias = gk_env.home.parent / (gk_env.home.name + "-alias")
    first = gk_env.home.parent / (gk_env.home.name + "-first")
    first.mkdir()
    alias.symlink_to(first)
    monkeypatch.setenv("HOME", str(alias))
    (first / ".ssh").mkdir()
    (first / ".ssh" / "id_rsa").write_text("not a real key\n")
    before = check(engine, "cat ~/.ssh/id_rsa")
    assert before.rule == "GK-PROT-002"
    assert str(first / ".ssh" / "id_rsa") in before.reason
    alias.unlink()
    alias.symlink_to(gk_env.home)
    _key(gk_env)
    after = check(engine, "cat ~/.ssh/id_rsa")
    assert after.outcome == Outcome.ASK
    assert after.rule == "GK-PROT-002"
    assert str(gk_env.home / ".ssh" / "id_rsa") in after.reason


@pytest.mark.parametrize(
    ("command", "tool_input"),
    [
        ("echo x > out.txt", None),
        ("sort -o out.txt in.txt && tee -a out.txt < in.txt", None),  # asked twice, two plugins
        ("xargs -J % cp -Rp % out.txt", None),  # and again inside the wrapper
        (None, {"file_path": "out.txt", "content": "x"}),
    ],
)
def test_a_write_target_that_becomes_a_link_to_a_startup_file_between_two_decisions(
    make_engine: Callable[..., Engine],
    gk_env: GkEnv,
    command: str | None,
    tool_input: dict[str, str] | None,
) -> None:
    # The class of a path, and whether it is protected, are remembered within one decision
    # only: the second decision classifies the same spelling afresh.
    engine = make_engine()
    target = gk_env.project / "out.txt"
    target.write_text("x\n")
    tool = "Bash" if command else "Write"
    before = check(engine, command, tool=tool, tool_input=tool_input)
    assert before.rule != "GK-PROT-001", before.reason
    target.unlink()
    target.symlink_to(gk_env.home / ".bashrc")
    after = check(engine, command, tool=tool, tool_input=tool_input)
    assert after.outcome == Outcome.ASK
    assert after.rule == "GK-PROT-001", after.reason
    assert str(gk_env.home / ".bashrc") in after.reason


def test_lexists_is_os_path_lexists(gk_env: GkEnv, tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    (tmp_path / "f").write_text("x")
    (tmp_path / "link").symlink_to(tmp_path / "d")
    (tmp_path / "dangling").symlink_to(tmp_path / "nope")
    names = ["d", "f", "link", "dangling", "nope", "f/x", "d/", "d/.", "a\0b", "link/x"]
    names += ["a" * 300, "d/" + "x" * 5000, "é" * 2100]  # too long: ENAMETOOLONG, no lstat
    policy = PathPolicy.from_config(config_mod.load(str(tmp_path)), str(tmp_path))
    for name in names:
        path = os.path.join(str(tmp_path), name)
        assert policy.lexists(path) == os.path.lexists(path), name
        assert policy.lexists(path) == os.path.lexists(path), name  # the memo answers alike


def test_each_policy_asks_lexists_afresh(gk_env: GkEnv, tmp_path: Path) -> None:
    config = config_mod.load(str(tmp_path))
    path = str(tmp_path / "later")
    assert not PathPolicy.from_config(config, str(tmp_path)).lexists(path)
    (tmp_path / "later").symlink_to(tmp_path)
    assert PathPolicy.from_config(config, str(tmp_path)).lexists(path)


@pytest.mark.parametrize("directory", ["", "/", "/a", "/a/", "/a/b"])
@pytest.mark.parametrize("name", ["x", ".x", "..", "a b", "é"])
def test_the_entry_of_a_cwd_is_os_path_join(directory: str, name: str) -> None:
    from gatekeeper.plugins.protected import _entry

    assert _entry(directory, name) == os.path.join(directory or "/", name)


def test_the_parser_asks_for_home_only_when_a_word_needs_it() -> None:
    asked: list[int] = []

    def home() -> str:
        asked.append(1)
        return "/home/u"

    for text in ("ls -la src", "git status && echo done", "cat a > b"):
        assert parse(text, home) == parse(text, "/home/u")
    assert asked == []
    for text in ("cat ~/x", "echo $HOME/y", "ls ${HOME}", "bash <<EOF\ncat ~/z\nEOF"):
        asked.clear()
        assert parse(text, home) == parse(text, "/home/u")
        assert asked == [1], text  # once per parse, however many words need it
