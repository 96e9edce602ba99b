"""Whether ack would read a project `.ackrc` that gives it options beyond the harmless ones
(redteam18).

ack reads the first `.ackrc` (or `_ackrc`) it finds from the directory it runs in upwards, as
if its lines were options on the command line. It refuses `--pager`, `--output` and `--match`
there, but takes `--files-from=FILE`: the names of the files to search come from FILE, which
the gate never sees. bash (ack 3.6): a project `.ackrc` holding
`--files-from=/abs/home/.ssh/id_rsa` made `ack foo` print the key's lines (as the names of
missing files); one holding `--files-from=list.txt`, with list.txt naming the key, made
`ack -h .` print the key.

Only options that pick file types, directories to skip, case and output layout are let
through; any other line (an abbreviation included: ack takes any unambiguous prefix) counts.
The home's `~/.ackrc` is the user's own.
"""

from __future__ import annotations

import os

from gatekeeper.shell.projectfiles import read_head, upwards

_MAX_BYTES = 65536
_NAMES = (".ackrc", "_ackrc")
# Long options (before any `=`) that only choose files by name or shape the output
_HARMLESS_LONG = frozenset({
    "--type-set", "--type-add", "--type-del", "--type", "--notype",
    "--ignore-dir", "--ignore-directory", "--noignore-dir", "--noignore-directory",
    "--ignore-file", "--smart-case", "--nosmart-case", "--no-smart-case", "--ignore-case",
    "--no-ignore-case", "--sort-files", "--color", "--colour", "--nocolor", "--nocolour",
    "--color-filename", "--color-match", "--color-lineno", "--color-colno", "--heading",
    "--noheading", "--break", "--nobreak", "--group", "--nogroup", "--column", "--nocolumn",
    "--known-types", "--word-regexp", "--literal", "--with-filename", "--no-filename",
    "--nofollow", "--nopager", "--recurse", "--no-recurse", "--max-count", "--context",
    "--after-context", "--before-context", "--proximate", "--underline", "--nounderline",
    "--env", "--noenv", "--filter", "--nofilter",
})  # fmt: skip
_HARMLESS_SHORT = frozenset("iISwQHhkrRnsvk")


def _risky_line(line: str) -> bool:
    if line.startswith("--"):
        return line.split("=", 1)[0].split(None, 1)[0] not in _HARMLESS_LONG
    if line.startswith("-") and len(line) > 1:
        return not _HARMLESS_SHORT.issuperset(line[1:])
    return True  # a file operand: ack refuses it, but it is no option the gate knows


def _risky_file(path: str) -> bool:
    raw = read_head(path, _MAX_BYTES)
    if raw is None:
        return False  # no such file: nothing ack reads
    if len(raw) > _MAX_BYTES:
        return True
    try:
        text = raw.decode()
    except UnicodeDecodeError:
        return True
    for raw_line in text.splitlines():
        line = raw_line.strip()
        if line and not line.startswith("#") and _risky_line(line):
            return True
    return False


def risky_ackrc(start: str, home: str) -> str | None:
    """The project ackrc ack would read from `start` (absolute) when it holds an option not
    let through, else None. `home`'s own is skipped."""
    for path in upwards(start):
        if path != home:
            for name in _NAMES:
                candidate = os.path.join(path, name)
                if os.path.isfile(candidate):
                    return candidate if _risky_file(candidate) else None
    return None
