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


def makes_venv(command: Command) -> bool:
    """Whether `command` makes a virtual environment: `uv venv`, `virtualenv`, or a python
    running the venv module however its options are spelt (`-m venv`, `-mvenv`, `-Im venv`,
    `-I -m venv`: each empties `.` with `--clear .`)."""
    name = command.name
    return name in ("uv", "virtualenv") or (name[:2] == "py" and venv_start(command.argv) > 0)


def venv_start(argv: tuple[str, ...]) -> int:
    """The index of the first word after python's `-m venv`, or 0 when python runs no venv.

    CPython's short options cluster (`-Im venv`, `-mvenv`); `-W`/`-X` take a value (the rest
    of the word, or the next one), and `-c CODE`, a script or `-` end its options."""
    i = 1
    while i < len(argv):
        word = argv[i]
        if word == "--check-hash-based-pycs":
            i += 2
            continue
        if word[:1] != "-" or word[:2] == "--" or word == "-":
            return 0
        for j in range(1, len(word)):
            letter = word[j]
            if letter == "m":
                module = word[j + 1 :]
                if module:
                    return i + 1 if module == "venv" else 0
                return i + 2 if argv[i + 1 : i + 2] == ("venv",) else 0
            if letter == "c":
                return 0
            if letter in "WX":
                if j + 1 == len(word):
                    i += 1  # the value is the next word
                break
        i += 1
    return 0


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
    else:
        start = venv_start(argv)
        if not start:
            return [], False
    dirs: list[Word] = []
    clear = False
    allow_existing = False
    i = start
    while i < len(words):
        text = words[i].text
        i += 1
        if text.startswith("--cl") and "--clear".startswith(text):
            clear = True  # argparse takes a prefix: `--cl` is `--clear`
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
