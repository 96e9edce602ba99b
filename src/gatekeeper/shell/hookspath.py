"""The hooks directory a repository's `core.hooksPath` names (redteam14).

git runs the executable files of `core.hooksPath` as hooks, a directory of the work tree in
many projects (`.githooks`, `tools/hooks`): `.git/hooks` is protected by its name, that
directory was not. bash: in a repository with `core.hooksPath = .githooks`, a non-executable
`.githooks/post-index-change` was ignored; after `chmod +x` (SAFE since quiet12) `git status`
(SAFE) ran it and created a marker. The repository's config and the user's global ones are
read (no `include.path`); a relative value is relative to the work tree.
"""

from __future__ import annotations

import os

from gatekeeper.shell.gitcreds import git_dir
from gatekeeper.shell.projectfiles import read_head

_MAX_BYTES = 262144


def _values(path: str) -> list[str]:
    """The `core.hooksPath` values of one git config file (section and key case-blind)."""
    if not os.access(path, os.R_OK):
        return []  # missing, mostly (`~/.config/git/config`): a bool, no exception raised
    # Without waiting: a FIFO in its place held the hook in `open()`. git blocks on it too,
    # and what is fed to it later is not what the gate could read now; the head of a huge
    # file is read, as before.
    data = read_head(path, _MAX_BYTES)
    if data is None:
        return []
    text = data[:_MAX_BYTES].decode(errors="replace")
    section = ""
    found = []
    for raw in text.splitlines():
        entry = raw.strip()
        if entry.startswith("["):
            head, _, entry = entry[1:].partition("]")  # `[core] hooksPath = x`: one line
            section = (head.split() or [""])[0].split(".", 1)[0].lower()
        key, eq, value = entry.partition("=")
        if section == "core" and eq and key.strip().lower() == "hookspath":
            value = value.strip()
            if value.startswith('"'):
                value = value[1:].split('"', 1)[0]
            else:
                value = value.split("#", 1)[0].split(";", 1)[0].strip()
            if value:
                found.append(value)
    return found


def hooks_dirs(root: str, home: str) -> tuple[str, ...]:
    """The resolved directories `core.hooksPath` names for the work tree `root`."""
    if not root:
        return ()
    configs = [os.path.join(home, ".gitconfig")]
    xdg = os.environ.get("XDG_CONFIG_HOME") or os.path.join(home, ".config")
    configs.append(os.path.join(xdg, "git", "config"))
    gitdir = git_dir(root)
    if gitdir:
        configs.append(os.path.join(gitdir, "config"))
    dirs = []
    for config in configs:
        for value in _values(config):
            where = os.path.join(home, value[2:]) if value.startswith("~/") else value
            dirs.append(os.path.realpath(os.path.join(root, where)))
    return tuple(dirs)
