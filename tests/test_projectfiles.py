"""The project files that decide what an approved command runs are read without waiting and
never whole (`shell.projectfiles`).

A FIFO in the place of `.npmrc` or `.cargo/config.toml` blocked the hook in `open()` until
its time ran out (no decision), and what a writer fed it afterwards was what npm or cargo
read. Each case runs the real `gatekeeper check` in a process with a time limit: on the tree
before the fix it never answered.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pytest

from gatekeeper.shell.projectfiles import read_head, upwards
from tests.conftest import check_cli

if TYPE_CHECKING:
    from pathlib import Path

    from gatekeeper.testing import GkEnv

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


@pytest.mark.parametrize(
    ("planted", "command"),
    [
        (".npmrc", "npm ls"),
        (".npmrc", "npm view left-pad version"),
        (".cargo/config.toml", "cargo tree"),
        ("rust-toolchain.toml", "cargo --version"),
        (".yarnrc.yml", "yarn --version"),
    ],
)
def test_a_fifo_in_place_of_a_project_config_is_answered_and_not_allowed(
    gk_env: GkEnv, planted: str, command: str
) -> None:
    project = gk_env.home / "work" / "proj"  # a yarnPath counts in a parent of the project
    project.mkdir(parents=True)
    where = (project.parent if planted == ".yarnrc.yml" else project) / planted
    where.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(where)
    decision, rules = check_cli(gk_env, command, project)
    assert decision != "allow", rules
    assert "GK-PLUGIN-001" not in rules  # judged, not a crash


def test_a_config_linked_to_an_endless_device_is_not_allowed(gk_env: GkEnv) -> None:
    (gk_env.project / ".cargo").mkdir()
    (gk_env.project / ".cargo" / "config.toml").symlink_to("/dev/zero")
    decision, rules = check_cli(gk_env, "cargo tree", gk_env.project)
    assert decision != "allow", rules


def test_read_head_reads_a_regular_file_up_to_its_limit(tmp_path: Path) -> None:
    small = tmp_path / "small"
    small.write_bytes(b"registry=x\n")
    assert read_head(str(small), 100) == b"registry=x\n"
    big = tmp_path / "big"
    big.write_bytes(b"a" * 1000)
    assert read_head(str(big), 100) == b"a" * 101  # more than the limit: too big to judge
    assert read_head(str(tmp_path / "missing"), 100) is None
    assert read_head(str(tmp_path), 100) is None  # a directory: nothing a tool reads
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert read_head(str(fifo), 100) == b"\0" * 101  # answered at once, as too big


def test_upwards_climbs_to_the_root_and_stops() -> None:
    assert list(upwards("/a/b/../c")) == ["/a/c", "/a", "/"]
