"""`effects._write_targets`' two early exits answer as the function did without them.

A name `_CHANNELS` does not hold goes to `_any_name` only when its first argument is `-m`
or the name starts with `py` (`_any_name` finds nothing otherwise), and the loop for the
`--output`-like channels passes over an option whose second character is not `o`/`O` and
whose third is not `o`/`l` (each channel is `--o…`, `--l…`, `-o…` or `-O`). The function
as it was is kept here and compared over generated commands and every corpus.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from gatekeeper.model import Command, Word, static_command
from gatekeeper.shell import effects
from gatekeeper.shell.effects import _write_targets
from gatekeeper.shell.parse import parse
from gatekeeper.testing import corpus_cases


def _write_targets_as_it_was(command: Command) -> list[tuple[Word, str]]:
    """`_write_targets` before the two exits (the rest as it is)."""
    targets: list[tuple[Word, str]] = []
    for r in command.redirects:
        if r.op in effects._WRITE_OPS:
            if r.op in (">&", "<>") and (r.target.text.isdigit() or r.target.text == "-"):
                continue
            targets.append((r.target, f"redirect `{r.op}`"))
    name = command.name
    words = command.words
    argv = command.argv
    channels = effects._CHANNELS.get(name)
    targets += channels(command) if channels is not None else effects._any_name(command)
    for i, arg in enumerate(argv[1:], 1):
        if arg[:1] != "-":
            continue
        if arg in (
            "--output",
            "--output-file",
            "--out-file",
            "--outfile",
            "--log-file",
        ) and i + 1 < len(words):
            targets.append((words[i + 1], arg))
        elif arg.startswith(effects._LONG_OUTPUT_EQ):
            value = arg.split("=", 1)[1]
            targets.append((Word(value, words[i].dynamic), arg.split("=", 1)[0]))
        elif (
            name in effects._DASH_O_OUTPUT
            and arg in ("-o", "-O")
            and not (name == "curl" and arg == "-O")
        ):
            if i + 1 < len(words):
                targets.append((words[i + 1], f"{name} {arg}"))
        elif (
            name in effects._DASH_O_OUTPUT
            and len(arg) > 2
            and arg.startswith("-o")
            and name != "curl"
        ):
            targets.append((Word(arg[2:], words[i].dynamic), f"{name} -o"))
    if name == "curl" and any(
        a in ("-O", "--remote-name", "--remote-name-all")
        or (a.startswith("-") and not a.startswith("--") and "O" in a)
        for a in argv[1:]
    ):
        targets.append((Word("."), "curl -O (a file named by the server, in the cwd)"))
    return targets


_NAMES = st.sampled_from(
    sorted(
        {*effects._CHANNELS, *effects._DASH_O_OUTPUT}
        | {"python3", "python3.12", "pypy3", "py", "x", "ls", "venv", "pip", "node", "-m", ""}
    )
)
_ARGS = st.lists(
    st.sampled_from(
        [
            *("-m", "pip", "venv", "install", "-t", "d", "--target=d", "-mvenv", "-I", "x"),
            *("--output", "--output=o", "--out-file=f", "--outfile", "--log-file", "--log"),
            *("-o", "-O", "-oF", "-Ox", "-lo", "-l", "-ol", "--o", "--l", "-", "--", "-x"),
            *("o.txt", "--remote-name", "-sO", "--clear", "-i", "--in-place", "-w", "a=b"),
        ]
    ),
    max_size=6,
)


@settings(max_examples=4000)
@given(_NAMES, _ARGS)
def test_write_targets_answer_as_before(name: str, args: list[str]) -> None:
    texts = [name, *args] if name else args or ["x"]
    command = static_command(texts, "top", " ".join(texts), False)
    assert _write_targets(command) == _write_targets_as_it_was(command)


def test_write_targets_answer_as_before_over_the_corpora() -> None:
    from tests.peer_corpora import all_cases, peer_data_dir

    corpora = sorted((Path(__file__).resolve().parent / "corpora").glob("*.sh"))
    texts = [case.command for case in corpus_cases(corpora)]
    data = peer_data_dir()
    if data is not None:
        texts += [case.command for case in all_cases(data)]
    seen = 0
    for text in texts:
        for command in parse(text, "/home/u").commands:
            assert _write_targets(command) == _write_targets_as_it_was(command), text
            seen += 1
    assert seen > 1000
