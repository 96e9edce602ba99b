"""The directories a virtual environment is made in, and whether they are emptied first.

``python -m venv --clear DIR`` deletes everything in DIR before it makes the environment:
``python3 -m venv --clear .`` in a project is ``rm -rf ./* ./.git``, and it was allowed as
"a venv inside the allowed dirs". ``virtualenv --clear DIR`` and ``uv venv --clear DIR`` do
the same; ``uv venv DIR`` replaces an environment already there (without
``--allow-existing``), so it counts as clearing too. Each directory is a write target (an
environment made in ``.git/hooks`` writes there), and a cleared one is removed as a whole:
the protected-tree check (GK-PROT-004) judges it as it judges ``rm -rf DIR``.
"""

from __future__ import annotations

from gatekeeper.model import Word

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from gatekeeper.model import Command

# The options (of any of the three) that take the next word as their value.
_VALUED = frozenset(
    {
        "--prompt", "-p", "--python", "--activators", "--creator", "--seeder",
        "--extra-search-dir", "--app-data", "--pip", "--setuptools", "--wheel", "--index-url",
        "--extra-index-url", "--link-mode", "--directory", "--project", "--cache-dir",
        "--index", "--default-index", "--keyring-provider", "--exclude-newer", "--color",
        "--config-file", "--index-strategy", "--find-links", "-f", "-i",
    }
)  # fmt: skip


def venv_dirs(command: Command) -> tuple[list[Word], bool]:
    """(the environment directories, whether they are emptied first); ([], False) for a
    command that makes no environment."""
    words = command.words
    argv = command.argv
    name = command.name
    if name == "uv":
        start = next((i + 1 for i, a in enumerate(argv) if a == "venv"), 0)
        if not start or any(a == "pip" for a in argv[1:start]):
            return [], False
    elif name == "virtualenv":
        start = 1
    elif argv[1:3] == ("-m", "venv"):
        start = 3
    else:
        return [], False
    dirs: list[Word] = []
    clear = False
    allow_existing = False
    i = start
    while i < len(words):
        text = words[i].text
        i += 1
        if text == "--clear":
            clear = True
        elif text == "--allow-existing":
            allow_existing = True
        elif text in _VALUED:
            i += 1
        elif not text.startswith("-"):
            dirs.append(words[i - 1])
    if name == "uv":
        dirs = dirs[:1] or [Word(".venv")]
        clear = clear or not allow_existing
    return dirs, clear
