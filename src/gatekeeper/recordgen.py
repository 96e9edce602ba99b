"""Writes `gatekeeper.recordinits`: the records' ``__init__``s, compiled ahead of time.

    python -m gatekeeper.recordgen            # rewrite src/gatekeeper/recordinits.py
    python -m gatekeeper.recordgen --check    # exit 1 if it is out of date

`gatekeeper.records` builds each record's ``__init__`` from a generated source. Compiling
those sources costs a cold hook ~20 million instructions (a sixth of the call); a module
holding them is compiled once by the import system and then loaded from its cached bytecode,
checked against its source like any module's. Each function is stored under its exact
source, which `records` looks up: a record changed since the module was written misses
and is compiled at run time, as before, so a stale module costs time, never correctness.
`tests/test_records.py` fails when the module is out of date.
"""

from __future__ import annotations

import sys
from pathlib import Path

# The modules whose records a hook call builds (those that use `records.dataclass`; a test
# compares this list with the package's sources).
MODULES = (
    "gatekeeper.model",
    "gatekeeper.context",
    "gatekeeper.config",
    "gatekeeper.paths",
    "gatekeeper.rules",
    "gatekeeper.shell.parse",
    "gatekeeper.pipeline",
    "gatekeeper.state",
)
TARGET = Path(__file__).with_name("recordinits.py")

HEADER = '''"""The records' ``__init__``s, compiled ahead of time. Generated: do not edit.

Written by ``python -m gatekeeper.recordgen`` (see there and `gatekeeper.records`): each
function is stored under its exact source; `gatekeeper.records` gives it its globals (the
slots' setters, the defaults) and its default arguments when it makes a record's class.
"""

# ruff: noqa
# mypy: ignore-errors

INITS = {}
'''


def sources() -> list[str]:
    """The distinct ``__init__`` sources of the records of `MODULES`, in a stable order."""
    import importlib

    from gatekeeper import records

    for name in MODULES:
        importlib.import_module(name)
    return sorted(set(records.SOURCES))


def render(texts: list[str]) -> str:
    """The module's text for these sources."""
    parts = [HEADER]
    for text in texts:
        parts.append(f"\n\n{text}\n\nINITS[{text!r}] = __init__\n")
    return "".join(parts)


def main(argv: list[str]) -> int:
    text = render(sources())
    current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
    if "--check" in argv:
        if current != text:
            print(f"{TARGET.name} is out of date: run python -m gatekeeper.recordgen")
            return 1
        return 0
    if current != text:
        TARGET.write_text(text, encoding="utf-8")
        print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
