"""Files that several gatekeeper processes share: a lock beside them, atomic replacement.

Claude Code runs parallel tool calls as concurrent hook processes, and a user may run
`gatekeeper allow` while a session is live. Every read-modify-write of a shared file
therefore holds an exclusive ``flock`` on a ``.lock`` file beside it, and the new content
replaces the old with ``rename(2)``: a reader sees the old file or the new one, never half.
"""

from __future__ import annotations

import fcntl
import os

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from types import TracebackType


def private_dir(path: str) -> str:
    """Create `path` (and its parents) if needed; gatekeeper's own directories are 0700."""
    os.makedirs(path, mode=0o700, exist_ok=True)
    return path


class _Lock:
    """The context manager of `locked` (a class: ``contextlib`` costs a cold hook ~2 ms)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.fd = -1

    def __enter__(self) -> None:
        fd = os.open(f"{self.path}.lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except BaseException:
            os.close(fd)
            raise
        self.fd = fd

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        os.close(self.fd)  # closing the descriptor releases the lock


def locked(path: str) -> _Lock:
    """Hold an exclusive lock for `path` (on ``path + ".lock"``) for the block."""
    return _Lock(path)


def atomic_write(path: str, data: bytes, mode: int = 0o600) -> None:
    """Replace `path` with `data` in one step: a temp file in the same directory, renamed."""
    import contextlib
    import tempfile

    directory = os.path.dirname(path) or "."
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=directory)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def read_bytes(path: str) -> bytes | None:
    """The file's content, or ``None`` if it does not exist."""
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except FileNotFoundError:
        return None


def package_data(name: str) -> str:
    """A text file shipped in gatekeeper's ``data`` directory (prompt, schema, templates).

    Read beside this module rather than through `importlib.resources`, whose imports the
    reviewer's path would otherwise pay for.
    """
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "data", name), encoding="utf-8") as handle:
        return handle.read()
