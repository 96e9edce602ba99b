"""`allowed.toml`: the machine-written half of the user config.

The user's own ``config.toml`` is hand-edited and its comments matter, so gatekeeper never
writes it. What the commands `gatekeeper allow` and `gatekeeper plugins enable/disable`
learn goes to ``allowed.toml`` beside it, rewritten whole with tomli-w under a lock. Only
the keys in `config._ALLOWED_FILE_KEYS` are read back from it.
"""

from __future__ import annotations

import os
import tomllib

from gatekeeper import config as config_mod
from gatekeeper.fileutil import atomic_write, locked, private_dir, read_bytes

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable

HEADER = (
    "# Written by `gatekeeper allow` and `gatekeeper plugins`; edits by hand are kept,\n"
    "# comments are not. Your own settings belong in config.toml beside this file.\n"
)


class AllowedFileError(Exception):
    """allowed.toml exists but cannot be parsed; it is left untouched."""


def path() -> str:
    """Where allowed.toml lives (beside the user config)."""
    return config_mod.allowed_file_path()


def _parse(data: bytes | None, where: str) -> dict[str, object]:
    if data is None:
        return {}
    try:
        return tomllib.loads(data.decode())
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise AllowedFileError(f"{where} cannot be parsed ({exc}); fix or remove it") from exc


def load(where: str | None = None) -> dict[str, object]:
    """allowed.toml as a dict ({} if missing); `AllowedFileError` if it is malformed."""
    target = where or path()
    return _parse(read_bytes(target), target)


def render(data: dict[str, object]) -> str:
    """The text allowed.toml would hold for `data`."""
    import tomli_w

    return HEADER + tomli_w.dumps(data)


def update(
    mutate: Callable[[dict[str, object]], None], *, where: str | None = None, dry_run: bool = False
) -> tuple[str, str]:
    """Read, change and atomically rewrite allowed.toml under its lock.

    `mutate` changes the parsed dict in place. Returns (old text, new text) for a diff;
    with `dry_run` nothing is written.
    """
    target = where or path()
    private_dir(os.path.dirname(target))
    with locked(target):
        raw = read_bytes(target)
        data = _parse(raw, target)
        before = raw.decode() if raw is not None else ""
        mutate(data)
        after = render(data)
        if not dry_run and after != before:
            atomic_write(target, after.encode())
        return before, after


def str_list(data: dict[str, object], section: str, key: str) -> list[str]:
    """The list at ``[section] key``, created if missing (a wrong type is replaced)."""
    table = data.setdefault(section, {})
    if not isinstance(table, dict):
        table = data[section] = {}
    value = table.setdefault(key, [])
    if not isinstance(value, list):
        value = table[key] = []
    return value
