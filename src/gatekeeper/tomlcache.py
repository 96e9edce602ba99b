"""Parsed config files, cached by their exact text: a cold hook with a config skips tomllib.

``import tomllib`` imports ``typing``, ``datetime`` and ``string``: ~15 ms of every cold
``gatekeeper hook`` on a slow interpreter, for a file that rarely changes. The config loader
reads every source file on every call anyway, so the cache is keyed by the file's whole text,
not by its size or mtime: an entry answers only for the very text it was parsed from, so an
edit, however small and however fast, is seen by the next call (it misses and parses), and no
entry can be stale.

The cache is one JSON file in the private state dir (``toml-cache.json``, 0600 in a 0700
directory). Only results that JSON carries exactly are cached (tables, arrays, strings,
booleans, integers, finite floats; not TOML dates or times, not NaN or infinities). It is
read only if it is a regular file of this user that nobody else can write; anything
unexpected (missing, unreadable, malformed, another format version) is a miss, and a failed
write is ignored. Whoever can write the state dir could plant an entry, but that is the user
(or something acting as the user, who can edit the config itself), and gatekeeper's
protected-path rules gate the agent's writes to the state dir exactly as to the config.
"""

from __future__ import annotations

import os
import stat

from gatekeeper import jsonc
from gatekeeper.config import state_dir

FORMAT = 1
CACHE_NAME = "toml-cache.json"
MAX_ENTRIES = 8  # the user config, allowed.toml, and the project configs of a few projects
MAX_BYTES = 1 << 20  # a bigger cache file is not read (a config is a few kB)


def cache_path() -> str:
    """The cache file in the state dir."""
    return os.path.join(state_dir(), CACHE_NAME)


def _entries() -> list[dict[str, object]]:
    """The cache's entries; [] on anything unexpected."""
    try:
        fd = os.open(cache_path(), os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return []
    try:
        st = os.fstat(fd)
        if (
            not stat.S_ISREG(st.st_mode)
            or st.st_uid != os.getuid()
            or st.st_mode & 0o022
            or st.st_size > MAX_BYTES
        ):
            return []
        raw = os.read(fd, MAX_BYTES + 1)
    except OSError:
        return []
    finally:
        os.close(fd)
    try:
        data = jsonc.loads(raw)
    except (ValueError, RecursionError):
        return []
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return []
    entries = data.get("entries")
    if not isinstance(entries, list):
        return []
    return [e for e in entries if isinstance(e, dict)]


def lookup(text: str) -> dict[str, object] | None:
    """The parse of exactly `text` if it is cached, else None."""
    for entry in _entries():
        parsed = entry.get("parsed")
        if entry.get("text") == text and isinstance(parsed, dict):
            return parsed
    return None


def _exact(value: object) -> bool:
    """Whether JSON gives back exactly this value (type and value)."""
    if isinstance(value, dict):
        return all(isinstance(k, str) and _exact(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_exact(v) for v in value)
    if isinstance(value, float):
        return value - value == 0.0  # False for NaN and the infinities (no `math` import)
    return isinstance(value, str | bool | int)


def store(text: str, parsed: dict[str, object]) -> None:
    """Remember `parsed` as the parse of `text` (most recent first); errors are ignored."""
    if not _exact(parsed):
        return
    entries: list[dict[str, object]] = [{"text": text, "parsed": parsed}]
    entries += [e for e in _entries() if e.get("text") != text][: MAX_ENTRIES - 1]
    data = jsonc.dumps({"format": FORMAT, "entries": entries}, ensure_ascii=False).encode()
    if len(data) > MAX_BYTES:
        return
    try:
        from gatekeeper.fileutil import atomic_write

        # Not created here: a command that only reads the config leaves no state dir behind
        # (the hook's audit record creates it; the next call then stores its parse).
        atomic_write(cache_path(), data)
    except OSError:
        pass  # only a cache: the next call parses again
