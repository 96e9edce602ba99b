"""A repository git would use whose config is not a protected `.git/config`.

git looks for its repository from the directory it runs in upwards: `D/.git` first (when it is
a `gitdir:` file or a repository; an empty `.git/` is passed over), then `D` itself when `D`
holds `HEAD`, `objects/` and `refs/` (a bare repository; git's default
`safe.bareRepository=all`). The gate protects every path with a `.git` part, but not a
`sub/config` next to `sub/HEAD`: an agent can write those with the Write tool, set
`core.worktree=..` and `core.fsmonitor=PROGRAM`, and `git -C sub status` runs PROGRAM.
`--git-dir=DIR` names such a directory outright.
"""

from __future__ import annotations

import os
from stat import S_ISDIR, S_ISREG

_MAX_LEVELS = 64


def _in_dot_git(path: str) -> bool:
    return ".git" in path.split(os.sep)


def _looks_like_gitdir(path: str) -> bool:
    return (
        os.path.isfile(os.path.join(path, "HEAD"))
        and os.path.isdir(os.path.join(path, "objects"))
        and os.path.isdir(os.path.join(path, "refs"))
    )


def _exists(path: str) -> bool:
    """`os.path.exists`, without an exception for a missing path (as `isfile` would fail)."""
    try:
        return os.access(path, os.F_OK)
    except ValueError:  # a NUL in the path: no such file
        return False


def planted_repo(start: str) -> str | None:
    """The unprotected repository directory git would find from `start` (absolute), or None."""
    path = os.path.normpath(start)
    for _ in range(_MAX_LEVELS):
        if _in_dot_git(path):
            return None  # inside a `.git` directory: protected
        dot_git = os.path.join(path, ".git")
        # `isfile(dot_git) or _looks_like_gitdir(dot_git)`, then `_looks_like_gitdir(path)`,
        # asked first with `access`: most levels of the walk hold neither, and a failing
        # `stat` raises (an exception per test, three a level).
        if _exists(dot_git):
            try:
                mode = os.stat(dot_git).st_mode
            except (OSError, ValueError):
                mode = 0
            if S_ISREG(mode) or (S_ISDIR(mode) and _looks_like_gitdir(dot_git)):
                return None  # the usual `.git` (a repository, or a protected `gitdir:` file)
        if _exists(os.path.join(path, "HEAD")) and _looks_like_gitdir(path):
            return path
        parent = os.path.dirname(path)
        if parent == path:
            return None
        path = parent
    return None


def unprotected_git_dir(path: str) -> bool:
    """Whether `--git-dir=PATH` (absolute) names a repository outside every `.git` dir."""
    return not _in_dot_git(os.path.normpath(path))
