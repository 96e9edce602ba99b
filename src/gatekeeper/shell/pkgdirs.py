"""Where pip writes when it is told: ``pip install --target DIR``, ``pip download -d DIR``.

``pip install`` is the project's own business (GK-DEV-001), but its destination options
put files anywhere: ``pip install --target .git/hooks x`` or ``pip download -d ~/.ssh x``
write into protected directories, and a package's files land there under names the
command line does not show. So do ``--cache-dir DIR`` (pip's cache, under any command) and
``pip install --user`` (its scripts land in ``~/.local/bin``, its modules in the user site
``~/.local/lib``). Each destination is a write target for the one path policy.
optparse takes an unambiguous prefix of a long option (``--targ=DIR``) and a short
option's value in its word (``-tDIR``).
"""

from __future__ import annotations

from gatekeeper.model import Word
from gatekeeper.shell.effects import long_options

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from gatekeeper.model import Command

_SHORT = "tdw"  # --target, --dest (download), --wheel-dir (wheel)
# With pip's appending log (`--log ~/.bashrc` adds lines naming what it was given), an
# option that is also a prefix of `--log-file`: an exact name wins, as in optparse.
_LONG = (
    "--target", "--dest", "--wheel-dir", "--prefix", "--root", "--src", "--report", "--log",
    "--local-log", "--log-file", "--cache-dir",
)  # fmt: skip


def pip_destinations(command: Command) -> list[tuple[Word, str]]:
    """The directories (and report files) a pip command writes, as (word, channel)."""
    words = command.words
    second = words[1].text if len(words) > 1 else ""
    start = {"-m": 3, "pip": 2}.get(second, 1)  # `python -m pip ...`, `uv pip ...`
    out: list[tuple[Word, str]] = []
    i = start
    while i < len(words):
        word = words[i]
        text = word.text
        after = words[i + 1] if i + 1 < len(words) else None
        i += 1
        if text == "--":
            break
        if text == "--user" and "install" in command.argv[start:i]:
            # the user's scripts (`~/.local/bin/NAME`, first on many a PATH) and site (its
            # `.pth` files run in every later `python3`): both protected
            out.append((Word("~/.local/bin"), "pip install --user"))
            out.append((Word("~/.local/lib"), "pip install --user"))
        elif text.startswith("--"):
            name, eq, value = text.partition("=")
            found = [name] if name in _LONG else long_options(name, _LONG)
            if len(found) == 1:
                if eq:
                    out.append((Word(value, word.dynamic), f"pip {found[0]}"))
                elif after is not None:
                    out.append((after, f"pip {found[0]}"))
                    i += 1
        elif len(text) > 1 and text[0] == "-" and text[1] in _SHORT:
            rest = text[2:]
            if rest:
                out.append((Word(rest, word.dynamic), f"pip -{text[1]}"))
            elif after is not None:
                out.append((after, f"pip -{text[1]}"))
                i += 1
    return out
