"""`gitplant.planted_repo` answers as it did before its walk asked one `stat` per `.git`.

The function as it was is kept here and compared on every layout a level of the walk can
show: no `.git`, a `gitdir:` file, an empty `.git/`, a repository, a `.git` that is a
symlink (to a repository, to a file, dangling), a FIFO, a bare repository (at the start or
above it), each at the start and one level up, and inside a `.git` directory.
"""

from __future__ import annotations

import itertools
import os
from typing import TYPE_CHECKING

import pytest

from gatekeeper.shell.gitplant import _MAX_LEVELS, _in_dot_git, _looks_like_gitdir, planted_repo

if TYPE_CHECKING:
    from pathlib import Path


def _planted_repo_as_it_was(start: str) -> str | None:
    path = os.path.normpath(start)
    for _ in range(_MAX_LEVELS):
        if _in_dot_git(path):
            return None
        dot_git = os.path.join(path, ".git")
        if os.path.isfile(dot_git) or _looks_like_gitdir(dot_git):
            return None
        if _looks_like_gitdir(path):
            return path
        parent = os.path.dirname(path)
        if parent == path:
            return None
        path = parent
    return None


def _repository(path: Path) -> None:
    (path / "objects").mkdir(parents=True)
    (path / "refs").mkdir()
    (path / "HEAD").write_text("ref: refs/heads/main\n")


def _make(where: Path, kind: str, scratch: Path) -> None:
    scratch.mkdir()
    dot_git = where / ".git"
    if kind == "gitdir file":
        dot_git.write_text("gitdir: /nowhere\n")
    elif kind == "empty dir":
        dot_git.mkdir()
    elif kind == "repository":
        _repository(dot_git)
    elif kind == "link to a repository":
        _repository(scratch / "elsewhere")
        dot_git.symlink_to(scratch / "elsewhere")
    elif kind == "link to a file":
        (scratch / "f").write_text("gitdir: /nowhere\n")
        dot_git.symlink_to(scratch / "f")
    elif kind == "dangling link":
        dot_git.symlink_to(scratch / "missing")
    elif kind == "fifo":
        os.mkfifo(dot_git)
    elif kind == "bare":
        _repository(where)


KINDS = ["none", "gitdir file", "empty dir", "repository", "link to a repository"]
KINDS += ["link to a file", "dangling link", "fifo", "bare"]


@pytest.mark.parametrize(("top", "below"), list(itertools.product(KINDS, KINDS)))
def test_the_walk_answers_as_before(tmp_path: Path, top: str, below: str) -> None:
    upper = tmp_path / "w" / "up"
    lower = upper / "down"
    lower.mkdir(parents=True)
    _make(upper, top, tmp_path / "s1")
    _make(lower, below, tmp_path / "s2")
    for start in (lower, lower / "missing" / "deeper", upper, upper / ".git" / "x"):
        assert planted_repo(str(start)) == _planted_repo_as_it_was(str(start)), (top, below)


def test_a_start_with_a_nul_answers_as_before(tmp_path: Path) -> None:
    _repository(tmp_path / "up")
    start = str(tmp_path / "up" / "a\0b")
    assert planted_repo(start) == _planted_repo_as_it_was(start)
