"""The checkers' early exits answer as the code they skip.

`cloud._spelled` answers from a table of the names and their prefixes made once,
`cloud._abbreviates` tests one name without a table, `cloud._az_orgs` looks only at words
starting with `--o` (after one test of all the words joined), `environment`'s hook returns None at
once for a command without assignments or declarations, and `effects.write_targets` skips
words that are not options when it looks for `--output`-like channels. Each is compared
here with the code as it was (the whole corpora are compared by `bench/compare_trees.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hypothesis import given, settings
from hypothesis import strategies as st

from gatekeeper.model import Command, Word
from gatekeeper.plugins import bash, cloud, devtools, environment, git
from gatekeeper.shell import effects
from gatekeeper.shell.effects import _write_targets, long_options
from gatekeeper.shell.envvars import harmless_setting
from gatekeeper.shell.parse import parse

if TYPE_CHECKING:
    import pytest

_FLAGS = st.sampled_from(
    [
        *("--org", "--o", "--or", "--organization", "--orga=x", "-o", "-", "--", "--=", "org"),
        *("x", "--debug", "--deb", "--d", "-d", "--endpoint-url=http://h", "--end", "=", "--org=y"),
    ]
)
_NAMES = st.sampled_from(
    [("--org", "--organization"), ("--debug",), ("-d", "--debug"), ("-o",), ("--", "x"), ()]
)


def _spelled_as_it_was(flag: str, names: tuple[str, ...]) -> str:
    name = flag.split("=", 1)[0]
    if name in names:
        return name
    found = long_options(name, names)
    return found[0] if found else ""


def _az_orgs_as_it_was(args: list[str]) -> list[str]:
    found: list[str] = []
    for i, a in enumerate(args):
        name, eq, value = a.partition("=")
        if _spelled_as_it_was(name, ("--org", "--organization")):
            found.append(value if eq else (args[i + 1] if i + 1 < len(args) else ""))
    return found


@settings(max_examples=2000)
@given(_FLAGS, _NAMES)
def test_spelled_answers_as_before(flag: str, names: tuple[str, ...]) -> None:
    assert cloud._spelled(flag, cloud._abbreviations(names)) == _spelled_as_it_was(flag, names)
    if len(names) == 1 and names[0].startswith("--"):  # what it is called with: a long option
        assert cloud._abbreviates(flag, names[0]) == bool(_spelled_as_it_was(flag, names))


def test_the_tables_answer_as_the_names_did() -> None:
    """Every prefix of every risky flag of aws and gcloud, and a few other words, through
    the module's own tables."""
    for names, table in (
        (cloud._AWS_RISKY_GLOBALS, cloud._AWS_RISKY),
        (tuple(cloud._GCLOUD_BAD_FLAGS), cloud._GCLOUD_BAD),
    ):
        words = {n[:end] + tail for n in names for end in range(len(n) + 1) for tail in ("", "=v")}
        words |= {"--endpoint-urlx", "--debugger", "-d", "--", "x", "--no", "--c", "--ca"}
        for word in sorted(words):
            assert cloud._spelled(word, table) == _spelled_as_it_was(word, names), word


@settings(max_examples=1000)
@given(st.lists(_FLAGS, max_size=6))
def test_az_orgs_answers_as_before(args: list[str]) -> None:
    assert cloud._az_orgs(args) == _az_orgs_as_it_was(args)


def _set_names(command: Command, declared: bool) -> tuple[list[str], dict[str, str]]:
    """The names a command sets whose value is not plainly harmless (env14: `PAGER=cat` is),
    and the values the reason quotes (a prefix's and, if `declared`, a declaration's)."""
    names = [
        name
        for name, value in command.assignments
        if value.dynamic or not harmless_setting(name, value.text)
    ]
    values = {name: value.text for name, value in command.assignments}
    if declared:
        for w in command.words[1:]:
            name, eq, value = w.text.partition("=")
            if w.text.startswith("-"):
                continue
            if w.dynamic or not eq or not harmless_setting(name, value):
                names.append(name)
    if command.name in environment._DECLARATIONS:
        for w in command.words[1:]:
            if "=" in w.text:
                name, _, value = w.text.partition("=")
                values[name] = value
    return names, values


def _environment_as_it_was(command: Command) -> object:
    names, values = _set_names(command, command.name in environment._DECLARATIONS)
    return environment.risky_assignment(names, values)


_TEXTS = st.sampled_from(
    [
        "ls -la",
        "LD_PRELOAD=/tmp/x.so ls",
        "export PROMPT_COMMAND=x",
        "declare -x BASH_ENV=/tmp/e",
        "A=1 B=2 make",
        "readonly X=1",
        "typeset -x PAGER=less",
        "git -c core.pager=less log",
        "env PAGER=x git log",
        "local LD_LIBRARY_PATH=/x",
    ]
)


@settings(max_examples=200)
@given(_TEXTS)
def test_the_environment_exit_answers_as_before(text: str) -> None:
    for command in parse(text, "/home/u").commands:
        assert environment.gatekeeper_check_command(command) == _environment_as_it_was(command)


def _long_channels_as_they_were(command: Command) -> list[tuple[str, str]]:
    """The option loop of `_write_targets` as it was, looking at every word."""
    name, words, argv = command.name, command.words, command.argv
    out: list[tuple[str, str]] = []
    for i, arg in enumerate(argv[1:], 1):
        if arg in ("--output", "--output-file", "--out-file", "--outfile", "--log-file") and (
            i + 1 < len(words)
        ):
            out.append((words[i + 1].text, arg))
        elif arg.startswith(effects._LONG_OUTPUT_EQ):
            out.append((arg.split("=", 1)[1], arg.split("=", 1)[0]))
        elif (
            name in effects._DASH_O_OUTPUT
            and arg in ("-o", "-O")
            and not (name == "curl" and arg == "-O")
        ):
            if i + 1 < len(words):
                out.append((words[i + 1].text, f"{name} {arg}"))
        elif (
            name in effects._DASH_O_OUTPUT
            and len(arg) > 2
            and arg.startswith("-o")
            and name != "curl"
        ):
            out.append((arg[2:], f"{name} -o"))
    return out


_WORDS = st.sampled_from(
    ["--output", "--output=o", "--log-file", "x", "o.txt", "-o", "-ofile", "-", "--", "-O", "a=b"]
)


@settings(max_examples=1500)
@given(st.sampled_from(["ls", "git", "gcc", "curl", "sort", "tool"]), st.lists(_WORDS, max_size=5))
def test_write_targets_still_see_every_option_channel(name: str, args: list[str]) -> None:
    command = Command(tuple(Word(t) for t in (name, *args)))
    found = [(w.text, how) for w, how in _write_targets(command)]
    for target in _long_channels_as_they_were(command):
        assert target in found, (target, found)


def _abbreviated_as_it_was(args: list[str]) -> tuple[str, str] | None:
    for a in args:
        if a == "--":
            return None
        opt = a.split("=", 1)[0]
        if opt in git._FULL_NAMES or opt in git._RISKY_LONG:
            continue
        for full in long_options(a, git._RISKY_LONG):
            return opt, full
    return None


_GIT_WORDS = st.sampled_from(
    [
        *("--ext", "--ext-diff", "--ext-diff=x", "--textconv=y", "--text", "--to", "--t", "--"),
        *("--outp=F", "--output", "-O", "-Ovim", "--tool=vimdiff", "--tool", "--exec=sh", "-x"),
        *("log", "--oneline", "-5", "x=--ext", "--=", "--upload-pack=p", "--o", "--e", "-"),
    ]
)


@settings(max_examples=1500, deadline=None)
@given(st.lists(_GIT_WORDS, max_size=5))
def test_git_option_tests_answer_as_before(args: list[str]) -> None:
    assert git._abbreviated_risky_option(args) == _abbreviated_as_it_was(args)
    for a in args:
        before = any(a.startswith(o + "=") for o in git._EXEC_OPTIONS if o.startswith("--"))
        assert a.startswith(git._EXEC_ASSIGNED) == before, a


_NAMES_OF_PROGRAMS = st.one_of(
    st.sampled_from(["python3.12", "python3.", "ruby3", "node", "bash", "sh\n", "py", "ls"]),
    st.text(alphabet="pythonrubsh0123456789.\n", max_size=10),
)


@settings(max_examples=2000, deadline=None)
@given(_NAMES_OF_PROGRAMS)
def test_program_name_tests_answer_as_before(name: str) -> None:
    before = (
        name in bash._SHELLS
        or name in bash._INTERPRETERS
        or bash._without_version(name) in bash._INTERPRETERS
    )
    assert bash.is_shell_or_interpreter(name) == before
    assert (name[:2] == "py" and devtools._is_python(name)) == devtools._is_python(name)


def _environment_without_the_word_exit(command: Command) -> object:
    """`environment`'s hook before its one loop over the words for both helpers."""
    indirect = environment.indirect_setting(command)  # redteam11: checked first, no word exit
    if indirect is not None:
        return indirect
    declares = command.name in environment._DECLARATIONS
    sets = command.name in environment._SETTERS
    # redteam16: `test -v 'a[PATH=1]'` evaluates the subscript
    tests = command.name in ("test", "[") and any(w.text == "-v" for w in command.words)
    if command.assignments or declares or sets or tests:
        names, values = _set_names(command, declares and not environment._prints_only(command))
        if sets or tests:
            names += environment.set_names(command)
        # redteam12: a name known only at run time, judged with the names (fuzz13: of a
        # declaration or setter only; `CI=1 echo $GITHUB_TOKEN` prints the secret)
        found = environment.risky_assignment(names, values) or (
            environment._runtime_name(command) if declares or sets else None
        )
        if found is not None:
            return found
    return environment._subscript_code(command) or environment.printed_secret_finding(command)


_ENV_TEXTS = st.lists(
    st.sampled_from(
        [
            *("ls", "echo", "env", "printenv", "jq", "cat", "a[$(id)]=1", "x[0]", "[", "-n"),
            *('"$GITHUB_TOKEN"', "$HOME", "$(date)", "*.py", "'[x]'", "<<< $X", "> out"),
            *("export", "declare -p", "A=1", "B[$(id)]=2", "ps", "e", "|", ";", "<", "f"),
        ]
    ),
    min_size=1,
    max_size=6,
).map(" ".join)


@settings(max_examples=500)
@given(_ENV_TEXTS)
def test_the_environment_word_exit_answers_as_before(text: str) -> None:
    import os

    os.environ["GITHUB_TOKEN"] = _TOKEN  # a secret to print (the test process's own env)
    try:
        for command in parse(text, "/home/u").commands:
            got = environment.gatekeeper_check_command(command)
            assert got == _environment_without_the_word_exit(command), text
    finally:
        del os.environ["GITHUB_TOKEN"]


_TOKEN = "ghp_" + "a" * 36


def test_the_environment_word_exit_answers_as_before_over_the_corpora(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pathlib import Path

    monkeypatch.setenv("GITHUB_TOKEN", _TOKEN)
    monkeypatch.setenv("PGPASSWORD", "hunter2-secret")

    from gatekeeper.testing import corpus_cases
    from tests.peer_corpora import all_cases, peer_data_dir

    corpora = sorted((Path(__file__).resolve().parent / "corpora").glob("*.sh"))
    texts = [case.command for case in corpus_cases(corpora)]
    data = peer_data_dir()
    if data is not None:
        texts += [case.command for case in all_cases(data)]
    for text in texts:
        for command in parse(text, "/home/u").commands:
            got = environment.gatekeeper_check_command(command)
            assert got == _environment_without_the_word_exit(command), text
