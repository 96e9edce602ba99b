"""Per-session state of Tier 2: the push-back loop guard, the circuit breaker, the budget.

One small JSON file per Claude Code session under ``<state dir>/sessions/``. Parallel tool
calls of one session are concurrent hook processes, so every change is a read-modify-write
under the file's lock with an atomic replace (`gatekeeper.fileutil`); a reader without the
lock sees the old file or the new one. Files untouched for a week are pruned.

What is kept:

- ``pushed_back``: hashes of requests the reviewer sent back (tool name + canonical tool
  input + cwd, never ``tool_use_id``: a retry of the same request has a new id);
- ``consecutive_pushbacks``: push-backs since the reviewer last approved something;
- ``cost_usd``: what the reviewer has cost in this session.
"""

from __future__ import annotations

import os
import time

from gatekeeper import jsonc
from gatekeeper.config import state_dir
from gatekeeper.fileutil import atomic_write, locked, private_dir, read_bytes
from gatekeeper.model import thaw
from gatekeeper.records import dataclass, field

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.model import ToolCall

# A session id made of these alone (1 to 100 of them) names its file as it is.
_PLAIN_ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
_MAX_PLAIN_ID = 100
PRUNE_AFTER_SECONDS = 7 * 24 * 3600
MAX_REMEMBERED = 200  # push-back hashes kept per session (oldest dropped first)


@dataclass
class SessionState:
    """What gatekeeper remembers about one session's reviews."""

    pushed_back: list[str] = field(default_factory=list)
    consecutive_pushbacks: int = 0
    cost_usd: float = 0.0
    reviews: int = 0

    @classmethod
    def from_json(cls, data: object) -> SessionState:
        """Tolerant: a field of the wrong type is dropped, not trusted."""
        if not isinstance(data, dict):
            return cls()
        hashes = data.get("pushed_back")
        consecutive = data.get("consecutive_pushbacks")
        cost = data.get("cost_usd")
        reviews = data.get("reviews")
        return cls(
            pushed_back=[h for h in hashes if isinstance(h, str)]
            if isinstance(hashes, list)
            else [],
            consecutive_pushbacks=consecutive
            if isinstance(consecutive, int) and consecutive >= 0
            else 0,
            cost_usd=float(cost) if isinstance(cost, int | float) and cost >= 0 else 0.0,
            reviews=reviews if isinstance(reviews, int) and reviews >= 0 else 0,
        )

    def to_json(self) -> dict[str, object]:
        """The file's content."""
        return {
            "pushed_back": self.pushed_back[-MAX_REMEMBERED:],
            "consecutive_pushbacks": self.consecutive_pushbacks,
            "cost_usd": round(self.cost_usd, 6),
            "reviews": self.reviews,
            "updated": time.time(),
        }


def request_hash(call: ToolCall) -> str:
    """The identity of a request across retries: tool, canonical input, cwd."""
    import hashlib

    canonical = jsonc.dumps(
        [call.tool_name, thaw(call.tool_input), call.cwd],
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        default=str,
    )
    return hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()


def sessions_dir() -> str:
    """Where the per-session files live (0700)."""
    return os.path.join(state_dir(), "sessions")


def session_file(session_id: str) -> str:
    """The file of one session. Ids that are not plain names are hashed: none names a path."""
    if 0 < len(session_id) <= _MAX_PLAIN_ID and not session_id.strip(_PLAIN_ID_CHARS):
        return os.path.join(sessions_dir(), f"s-{session_id}.json")
    import hashlib

    digest = hashlib.sha256(session_id.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return os.path.join(sessions_dir(), f"h-{digest}.json")


def _parse(raw: bytes | None) -> SessionState:
    if raw is None:
        return SessionState()
    try:
        return SessionState.from_json(jsonc.loads(raw))
    except ValueError:
        return SessionState()  # a corrupt file starts afresh rather than blocking the session


def load(session_id: str) -> SessionState:
    """The session's state as last written (no lock: writes are atomic replaces)."""
    return _parse(read_bytes(session_file(session_id)))


def update(session_id: str, change: Callable[[SessionState], None]) -> SessionState:
    """Apply `change` to the session's state under its lock and write it back atomically."""
    path = session_file(session_id)
    private_dir(state_dir())
    private_dir(sessions_dir())
    with locked(path):
        current = _parse(read_bytes(path))
        change(current)
        atomic_write(path, jsonc.dumps(current.to_json()).encode())
    _maybe_prune(path)
    return current


def _maybe_prune(keep: str) -> None:
    """Remove session files (and their locks) untouched for a week; cheap, best effort."""
    directory = os.path.dirname(keep)
    marker = os.path.join(directory, ".pruned")
    now = time.time()
    try:
        if now - os.stat(marker).st_mtime < 3600:
            return
    except FileNotFoundError:
        pass
    try:
        with open(marker, "w"):
            pass
        entries = sorted(os.scandir(directory), key=lambda e: e.name.endswith(".lock"))
        for entry in entries:  # session files first, then locks whose session file is gone
            if entry.name.startswith(".") or entry.path in (keep, f"{keep}.lock"):
                continue
            if now - entry.stat().st_mtime <= PRUNE_AFTER_SECONDS:
                continue
            if not entry.name.endswith(".lock") or not os.path.exists(
                entry.path.removesuffix(".lock")
            ):
                os.unlink(entry.path)
    except OSError:
        return
