"""Whether cargo would read a config file, in the directory it runs in or a parent, that can
make a read-only subcommand run a program or talk to a host of the file's choosing
(redteam18).

cargo merges `.cargo/config.toml` (and the legacy `.cargo/config`) of the directory it runs
in and of every parent, then `$CARGO_HOME/config.toml`. `cargo tree` and `cargo metadata` ask
rustc about the target (`rustc -vV`, `rustc - --print=cfg ...`) through `build.rustc` and
`build.rustc-wrapper`, with `build.rustflags`; `cargo search` and `cargo info` go to the
registry `[registry]`/`[registries]`/`[source]` name, through `[http]`'s proxy. bash: with
`[build] rustc-wrapper = "/abs/wrap.sh"` (or `rustc = ...`) in the project's
`.cargo/config.toml`, or in a parent's, `cargo tree` and `cargo metadata` ran wrap.sh (it wrote
a marker); with `[registry] default` naming a registry at 127.0.0.1, `cargo search serde` and
`cargo info serde` asked that server for its index.

Only settings known to do neither are let through: `[alias]` (a built-in subcommand wins over
an alias of its name), `[term]`, `[cargo-new]`, `[profile]`, `[resolver]`, `[doc]`, a
`[build]` target, target dir, job count or incremental switch, and a `[target.X]` linker or
runner (neither links nor runs anything in these subcommands). Anything else, or a file that
cannot be read as TOML, counts. The home's `~/.cargo/config.toml` is the user's own (and a
protected path).
"""

from __future__ import annotations

import os

from gatekeeper.shell.projectfiles import read_head, upwards

_MAX_BYTES = 65536
_FILES = (".cargo/config.toml", ".cargo/config")
_HARMLESS_TABLES = frozenset({"alias", "term", "cargo-new", "profile", "resolver", "doc"})
_HARMLESS_BUILD = frozenset({"target", "target-dir", "jobs", "incremental"})
_HARMLESS_TARGET = frozenset({"linker", "runner"})


def _harmless(data: dict[str, object]) -> bool:
    """Whether a parsed config file sets only what `_HARMLESS_*` let through."""
    for key, value in data.items():
        if key in _HARMLESS_TABLES:
            continue
        if not isinstance(value, dict):
            return False
        if key == "build" and _HARMLESS_BUILD.issuperset(value):
            continue
        if key == "target" and all(
            isinstance(table, dict) and _HARMLESS_TARGET.issuperset(table)
            for table in value.values()
        ):
            continue
        return False
    return True


def _risky_file(path: str) -> bool:
    """Whether the config file at `path` (when it exists) sets something not harmless."""
    raw = read_head(path, _MAX_BYTES)
    if raw is None:
        return False  # no such file (or a directory): nothing cargo reads
    if len(raw) > _MAX_BYTES:
        return True
    import tomllib  # only when a config file exists

    try:
        data = tomllib.loads(raw.decode())
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return True
    return not _harmless(data)


def risky_config(start: str, home: str) -> str | None:
    """The first cargo config file from `start` (absolute) upwards that sets something able
    to run a program or pick another host, else None. `home`'s own is skipped."""
    for path in upwards(start):
        if path != home:
            for name in _FILES:
                candidate = os.path.join(path, name)
                if _risky_file(candidate):
                    return candidate
    return None
