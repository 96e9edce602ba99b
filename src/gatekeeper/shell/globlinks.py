"""Symbolic links a glob or a symlink-following walk goes through.

The path policy resolves a literal path through its symlinks, and a glob through its
literal prefix only: ``cat */*`` is judged as a read of ``.``. When the project holds a link
to another place (a cloned repository may ship ``config -> /home/u/.aws``), the shell's
expansion goes through it: ``cat */*`` prints ``~/.aws/credentials``. Likewise ``grep -R``
and ``rg -L`` follow every link under the tree they search. These functions list the links
such a read passes, so each can be judged where it points.

Both walks are bounded: past `BUDGET` directory entries they give up (None), and the caller
treats the read as one it cannot see the end of.
"""

from __future__ import annotations

import os

from gatekeeper.globmatch import matcher
from gatekeeper.shell.effects import long_options
from gatekeeper.shell.parse import check_deadline

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.model import Command

BUDGET = 20000  # directory entries looked at, per word


def glob_links(pattern: str, cwd: str, dashed: list[str] | None = None) -> list[str] | None:
    """The symlinks (as absolute, unresolved paths) the shell's expansion of `pattern` may
    match or descend through, from `cwd`; None past the budget. The names it matches that
    start with `-` (options to the command: a file named `-R`) are added to `dashed`."""
    absolute = pattern if pattern.startswith("/") else os.path.join(cwd or "/", pattern)
    parts = [p for p in absolute.split("/") if p]
    first = next((i for i, p in enumerate(parts) if _magic(p)), len(parts))
    if first == len(parts):
        return []  # no glob character: the policy resolves the literal path itself
    dirs = ["/" + "/".join(parts[:first])]
    links: list[str] = []
    budget = BUDGET
    for index in range(first, len(parts)):
        part = parts[index]
        last = index == len(parts) - 1
        found: list[str] = []
        match = matcher((part,))
        for base in dirs:
            if not _magic(part):
                path = os.path.join(base, part)
                if os.path.islink(path):
                    links.append(path)
                elif last or os.path.isdir(path):
                    found.append(path)
                continue
            entries = _scan(base)
            budget -= len(entries)
            if budget < 0:
                return None
            for entry in entries:
                if not match(entry.name):
                    continue
                if last and dashed is not None and entry.name.startswith("-"):
                    dashed.append(entry.name)
                if entry.is_symlink():
                    links.append(entry.path)
                elif last or entry.is_dir(follow_symlinks=False):
                    found.append(entry.path)
            if part == "**":  # zsh, and bash with globstar: every directory below as well
                walked = _tree(found, budget, links)
                if walked is None:
                    return None
                budget, below = walked
                found += below
        dirs = found
    return links


def tree_links(
    root: str, cwd: str, exposes: Callable[[str], bool] | None = None
) -> list[str] | None:
    """The symlinks anywhere under `root` (a walk that does not follow them); None past the
    budget. `root` itself, when a link, is for the path policy to resolve.

    With `exposes`, the `ENVIRONMENTS` below `root` are walked too (a budget of their own),
    and a link there counts when `exposes(its resolved target)`: `node_modules/x -> ~/.ssh`
    is read by `grep -R key .` as surely as one in `src`; `.venv/bin/python -> ~/.local/...`
    (the toolchain) is not a link to count."""
    start = os.path.normpath(root if root.startswith("/") else os.path.join(cwd or "/", root))
    if os.path.islink(start) or not os.path.isdir(start):
        return []
    links: list[str] = []
    skipped: list[str] | None = [] if exposes is not None else None
    walked = _tree([start], BUDGET, links, skipped)
    if walked is None:
        return None
    if skipped and exposes is not None:
        inner: list[str] = []
        if _tree(skipped, BUDGET, inner, enter_all=True) is None:
            return None
        links += [link for link in inner if exposes(os.path.realpath(link))]
    return links


def follows_links(command: Command) -> bool:
    """Whether a reader walks directories through every symlink it meets: ``grep -R``
    (``--dereference-recursive``), ``rg -L`` (``--follow``), ``ag -f`` (``--follow``),
    ``diff -r`` (GNU diff reads what a link points to), ``ls -RL`` (the names below a linked
    directory). getopt_long takes a prefix of a long option: ``grep --deref`` is ``-R``.
    A glob that expands to a name like ``-R`` is `glob_links`' `dashed`."""
    name = command.name
    if name == "ls":
        return _ls_follows(command.argv[1:])
    letters, longs = _FOLLOWING.get(name, ("", ()))
    if not letters and not longs:
        return False
    for arg in command.argv[1:]:
        if arg == "--":
            break
        if arg.startswith("--"):
            whole = arg.split("=", 1)[0] in longs
            if whole or (name not in _WHOLE_NAMES and long_options(arg, longs)):
                return True
        elif arg.startswith("-") and any(c in letters for c in arg[1:]):
            return True
    return False


def _ls_follows(args: tuple[str, ...]) -> bool:
    """`ls -R` with `-L` (`--dereference`) lists the trees linked directories point to."""
    recursive = dereference = False
    for arg in args:
        if arg == "--":
            break
        if arg.startswith("--"):
            recursive = recursive or bool(long_options(arg, ("--recursive",)))
            dereference = dereference or arg.split("=", 1)[0] == "--dereference"
        elif arg.startswith("-"):
            recursive = recursive or "R" in arg
            dereference = dereference or "L" in arg
    return recursive and dereference


# (short letters, long options) that make a reader follow links below its operands.
_FOLLOWING: dict[str, tuple[str, tuple[str, ...]]] = {
    "grep": ("R", ("--dereference-recursive",)),
    "egrep": ("R", ("--dereference-recursive",)),
    "fgrep": ("R", ("--dereference-recursive",)),
    "rg": ("L", ("--follow",)),
    "ag": ("f", ("--follow",)),
    "diff": ("r", ("--recursive",)),
    "tree": ("l", ()),  # names and sizes, from where the links point
    "du": ("L", ("--dereference",)),
}
_WHOLE_NAMES = {"rg"}  # ripgrep's parser takes no prefix of a long option


def _tree(
    dirs: list[str],
    budget: int,
    links: list[str],
    skipped: list[str] | None = None,
    *,
    enter_all: bool = False,
) -> tuple[int, list[str]] | None:
    """Every directory below `dirs` (not through links), collecting the links met; the
    `ENVIRONMENTS` are not entered (unless `enter_all`), and listed in `skipped`."""
    below: list[str] = []
    stack = list(dirs)
    while stack:
        entries = _scan(stack.pop())
        budget -= len(entries)
        if budget < 0:
            return None
        for entry in entries:
            if entry.is_symlink():
                links.append(entry.path)
            elif entry.is_dir(follow_symlinks=False):
                if enter_all or entry.name not in ENVIRONMENTS:
                    below.append(entry.path)
                    stack.append(entry.path)
                elif skipped is not None:
                    skipped.append(entry.path)
    return budget, below


# Directories a tree walk does not enter: virtual environments and package trees link their
# interpreters and tools to the system's or the user's toolchain (`.venv/bin/python ->
# ~/.local/share/uv/python/...`), and the repository's own store. A link planted in one of
# them counts only when it exposes credentials (`tree_links`' `exposes`; docs/rules.md,
# GK-BASH-002).
ENVIRONMENTS = frozenset(
    {".git", ".venv", "venv", ".tox", ".nox", "node_modules", "__pypackages__", ".direnv"}
)


def _scan(directory: str) -> list[os.DirEntry[str]]:
    """The entries of `directory`; none when it cannot be read (the shell sees none either).

    Each word has its own budget of entries, so a call of a thousand glob words could walk a
    big tree a thousand times: the call's deadline (GK-SHELL-008) is checked per directory."""
    check_deadline()
    try:
        return list(os.scandir(directory))
    except OSError:
        return []


def _magic(part: str) -> bool:
    return "*" in part or "?" in part or "[" in part
