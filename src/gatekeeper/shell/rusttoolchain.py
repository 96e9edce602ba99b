"""Whether rustup's proxies (`cargo`, `rustc`) would run a toolchain a project file names by
path (redteam14).

`cargo` and `rustc` are usually rustup's proxy: before anything else they look for
`rust-toolchain` or `rust-toolchain.toml` in the directory they run in and its parents, and
run `bin/rustc` (`bin/cargo`) of the toolchain it names. A toolchain may be a directory:
`[toolchain] path = "/abs/dir"`, or a legacy file holding `/abs/dir`. bash: with such a file
in the project, `rustc --explain E0308`, `rustc --version` and `cargo --version` ran the
project's `dir/bin/rustc` (a script creating a marker). A file naming a channel
(`channel = "1.80"`, `stable`) only picks an official toolchain.
"""

from __future__ import annotations

import os

from gatekeeper.shell.projectfiles import read_head, upwards

_MAX_BYTES = 65536
# rustup looks at the legacy name first, then the TOML one, in each directory
_FILES = ("rust-toolchain", "rust-toolchain.toml")


def _names_a_path(text: str) -> bool:
    """Whether a toolchain file's text names a directory (or cannot be read as a channel)."""
    import tomllib  # only when a toolchain file exists

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        words = text.split()
        # a legacy file: one channel name (`stable`, `1.80.0`, `nightly-2024-05-01`)
        return len(words) != 1 or not all(c.isalnum() or c in "._-+" for c in words[0])
    table = data.get("toolchain")
    if not isinstance(table, dict):
        return True  # no [toolchain] table: not a form the gate knows
    channel = table.get("channel", "")
    return (
        "path" in table
        or not isinstance(channel, str)
        or "/" in channel
        or "\\" in channel
    )


def path_toolchain(start: str) -> str | None:
    """The toolchain file rustup would read from `start` (absolute) when it names a directory
    to run programs from (or cannot be read), else None."""
    for path in upwards(start):
        for name in _FILES:
            candidate = os.path.join(path, name)
            raw = read_head(candidate, _MAX_BYTES)
            if raw is None:
                continue
            if len(raw) > _MAX_BYTES:
                return candidate  # too big, or a FIFO or device: rustup reads what it feeds
            try:
                text = raw.decode()
            except UnicodeDecodeError:
                return candidate
            return candidate if _names_a_path(text) else None
    return None
