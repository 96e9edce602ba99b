"""Whether yarn or pnpm, run in a directory, would hand over to a program named by a file
outside the allowed dirs (redteam18).

yarn (classic) looks for `.yarnrc.yml` (`yarnPath`) and `.yarnrc` (`yarn-path`) in the
directory it runs in and every parent, and runs the script they name with node instead of
itself, for every command: `yarn --version` too. bash (yarn 1.22): with `yarnPath:
./planted.js` in /tmp/x/.yarnrc.yml, `yarn --version` there printed planted.js's version and
created its marker; the same file in a parent of the project (`yarnPath: /abs/planted.js`)
did so for `yarn --version` run in the project. Corepack's `yarn`/`pnpm` and pnpm itself
(`manage-package-manager-versions`) read package.json's `packageManager` and fetch and run the
version (or URL) it names: not run here (no pnpm, corepack off), from their docs.

The project's own files are the project's code (the same trust as its tests, GK-QUERY-001's
listings); a file in a tmp dir or a parent outside the allowed dirs is anyone's. The home's
`~/.yarnrc` and `~/.yarnrc.yml` are the user's (and protected).
"""

from __future__ import annotations

import os

from gatekeeper.shell.projectfiles import read_head, upwards

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable

_MAX_BYTES = 65536
# file name -> the key that names the program to run
_YARN_KEYS = ((".yarnrc.yml", b"yarnPath"), (".yarnrc", b"yarn-path"))
_PM_KEY = (("package.json", b"packageManager"),)


def _names_a_runner(path: str, key: bytes) -> bool:
    raw = read_head(path, _MAX_BYTES)
    return raw is not None and (len(raw) > _MAX_BYTES or key in raw)


def foreign_runner(
    start: str, inside: Callable[[str], bool], home: str, *, yarn: bool
) -> str | None:
    """The first file from `start` (absolute) upwards, in a directory not `inside` the
    allowed dirs (nor `home`), that names a program yarn (`yarn`) or pnpm would run, else
    None."""
    files = _YARN_KEYS + _PM_KEY if yarn else _PM_KEY
    for path in upwards(start):
        if path != home and not inside(path):
            for name, key in files:
                candidate = os.path.join(path, name)
                if _names_a_runner(candidate, key):
                    return candidate
    return None
