"""Reading the small files of a project that decide what an approved command runs.

`.npmrc`, `.cargo/config.toml`, `.ackrc`, `.yarnrc.yml`, `rust-toolchain`, Terraform's
recorded state: the agent writes them freely (they are project files), and a command the
gate approves reads them from its directory and every directory above it. The gate reads
them first, so how it reads them is part of the check:

- without waiting: a FIFO in the place of `.npmrc` (``mkfifo``) would block the hook in
  ``open()`` until its time ran out, which decides nothing; and what a writer feeds the
  FIFO later is what the tool reads, not what the gate saw. Opened with ``O_NONBLOCK``, a
  FIFO, a device or a socket is answered as a file too big to judge;
- never whole: a link to `/dev/zero` or a huge file is read up to a limit, and past it
  answered as too big to judge, which each reader takes as a setting it cannot vouch for.
"""

from __future__ import annotations

import os
import stat

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Iterator

MAX_LEVELS = 64  # directories looked at from the command's directory upwards


def read_head(path: str, limit: int) -> bytes | None:
    """The regular file at `path`, up to `limit + 1` bytes (more than `limit`: too big to
    judge); None where there is nothing to read (no such file, a directory, no permission:
    the tool cannot read it either). Anything else there (a FIFO, a device, a socket) is
    answered as too big to judge: `limit + 1` bytes."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except (OSError, ValueError):
        return None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            return None
        if not stat.S_ISREG(mode):
            return b"\0" * (limit + 1)
        data = os.read(fd, limit + 1)
        while data and len(data) <= limit:  # os.read may give less than asked
            more = os.read(fd, limit + 1 - len(data))
            if not more:
                break
            data += more
        return data
    except OSError:
        return None
    finally:
        os.close(fd)


def upwards(start: str) -> Iterator[str]:
    """`start` (absolute) normalised, then each directory above it up to `/`, at most
    `MAX_LEVELS` of them: where a tool looks for its project config."""
    path = os.path.normpath(start)
    for _ in range(MAX_LEVELS):
        yield path
        parent = os.path.dirname(path)
        if parent == path:
            return
        path = parent
