"""`effects._write_targets` looks up a command's own channels by name (`_CHANNELS`) instead
of testing its name against each channel in turn; every answer must be the chain's. And
`effects.split_options` tests words with indexes instead of `startswith`: the same split.
The protected checker's `_tree_targets` and `_extraction_dirs` return at once for a name
outside a set: every name their tests compare `name` with must be in it (read from their
code, so that a name added to a test but not to the set fails here).

The chain of tests is kept here as it was (the reference), and both are asked about
generated commands (every name of the table, `python3`, `uv`, and names it does not hold,
with the words that switch a branch: `-m pip`, `-m venv`, `-i`, `-o`...) and about every
command of the public corpora. Nothing is run: the commands are only parsed.
"""

from __future__ import annotations

import ast
import inspect
import sys
import textwrap
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from gatekeeper.model import Command, Redirect, Word
from gatekeeper.plugins import protected
from gatekeeper.shell import effects
from gatekeeper.shell.effects import (
    _AWKS,
    _COMPRESSORS,
    _DESTINATION_LAST,
    _OPERANDS_WRITTEN,
    _VALUE_OPTIONS,
    _destination,
    _iconv_output,
    _sdiff_output,
    _sed_writes,
    _single_dash_outputs,
    _sort_writes,
    _time_output,
    _wget,
    operands,
)
from gatekeeper.shell.jsonfilters import yq_in_place
from gatekeeper.shell.parse import parse


def _own_channels_as_they_were(command: Command) -> list[tuple[Word, str]]:
    """The chain of name tests of `_write_targets` before `_CHANNELS` (its middle part)."""
    targets: list[tuple[Word, str]] = []
    name = command.name
    words = command.words
    argv = command.argv
    if name == "tee":
        targets += [(w, "tee") for w in operands(command)]
    elif name in _OPERANDS_WRITTEN:
        ops = operands(command, _VALUE_OPTIONS.get(name))
        # (quiet12: no operand is the mode after `--reference` or a dash mode, `chmod -w F`)
        if name in ("chmod", "chown", "chgrp", "setfacl", "chattr") and ops:
            ops = ops if effects._no_mode(command) else ops[1:]
        targets += [(w, f"`{name}`") for w in ops]
    elif name in _DESTINATION_LAST:
        targets += _destination(command)
    elif name == "dd":
        targets += [
            (Word(w.text[3:], w.dynamic), "dd of=") for w in words if w.text.startswith("of=")
        ]
    elif name == "history":  # redteam16: `history -w FILE`
        targets += effects._history(command)
    elif name == "sed":
        targets += _sed_writes(command)
    elif name == "find":
        for i, arg in enumerate(argv):
            if arg in ("-fprint", "-fprint0", "-fprintf", "-fls") and i + 1 < len(words):
                targets.append((words[i + 1], f"find {arg}"))
    elif name == "wget":
        targets += _wget(command)
    elif name == "xxd":
        ops = operands(command, {"-s", "-seek", "-l", "-len", "-c", "-cols", "-g", "-o", "-n"})
        targets += [(w, "xxd outfile") for w in ops[1:2]]
    elif name == "uniq":
        ops = operands(
            command, {"-f", "--skip-fields", "-s", "--skip-chars", "-w", "--check-chars"}
        )
        targets += [(w, "uniq outfile") for w in ops[1:2]]
    elif name == "yq" and yq_in_place(argv[1:]):
        ops = [w for w in operands(command) if w.text not in ("eval", "e", "eval-all", "ea")]
        targets += [(w, "yq -i") for w in ops[1:]]
    elif name == "time":
        targets += _time_output(command)
    elif name == "sort":
        targets += _sort_writes(command)
    elif name == "iconv":
        targets += _iconv_output(command)
    elif name == "sdiff":
        targets += _sdiff_output(command)
    elif name in ("perl", "ruby"):
        from gatekeeper.shell.inplace import in_place_files

        targets += [(w, f"{name} -i") for w in in_place_files(command)]
    elif name in _AWKS:
        from gatekeeper.shell.inplace import awk_in_place_files

        targets += [(w, "awk -i inplace") for w in awk_in_place_files(command)]
    elif (
        name in ("pip", "pip3")
        or (argv[1:3] == ("-m", "pip") and name.startswith("python"))
        or (name == "uv" and argv[1:2] == ("pip",))
    ):
        from gatekeeper.shell.pkgdirs import pip_destinations

        targets += pip_destinations(command)
    elif name in ("openssl", "gpg", "gpg2"):
        targets += _single_dash_outputs(command)
    elif name in _COMPRESSORS:
        from gatekeeper.shell.treeops import compressed_files

        targets += [(w, name) for w in compressed_files(command)]
    elif (
        name in ("uv", "virtualenv")
        or argv[1:3] == ("-m", "venv")
        or (name[:2] == "py" and "venv" in "".join(argv))
    ):
        from gatekeeper.shell.venvs import venv_dirs

        targets += [(w, "venv") for w in venv_dirs(command)[0]]
    elif name == "socat":
        from gatekeeper.shell.socat import socat_files

        targets += [(w, "socat address") for w in socat_files(command)[1]]
    elif name == "git":
        for i, arg in enumerate(argv):
            if arg in ("-o", "--output-directory") and i + 1 < len(words):
                targets.append((words[i + 1], f"git {arg}"))
            elif arg.startswith("--output-directory="):
                targets.append((Word(arg.split("=", 1)[1], words[i].dynamic), "git -o"))
            elif arg.startswith("-o") and len(arg) > 2:
                targets.append((Word(arg[2:], words[i].dynamic), "git -o"))
    return targets


def _own_channels(command: Command) -> list[tuple[Word, str]]:
    """The middle part of `_write_targets` now: what it adds between the redirects and the
    option loop (the whole answer for a command without redirects, less the option loop's)."""
    handler = effects._CHANNELS.get(command.name)
    return handler(command) if handler is not None else effects._any_name(command)


NAMES = [*sorted(effects._CHANNELS), "python3", "python", "python3.12", "pythonw", "yqq", "ls"]
ARGS = st.sampled_from(
    [
        *("-m", "pip", "venv", "install", "-i", "--in-place", "-o", "out", "-oout", "-t", "d"),
        *("--target", "t", "-e", "s/a/b/w f", "-", "--", "x.txt", "of=f", "-fprint", "-r"),
        *("-P", "dir", "-O", "inplace", "--clear", ".", "OPEN:f", "CREATE:/tmp/x", "-u", "enc"),
        *("-out", "-keyout", "--output-directory=o", "eval", "-pi", "--out=f", "-T", "/tmp"),
    ]
)


# The first words that switch a branch of the chain for any name.
LEADS = st.sampled_from([(), ("-m", "pip"), ("-m", "venv"), ("pip",), ("-i",), ("-m",)])


@settings(max_examples=4000)
@given(st.sampled_from(NAMES), LEADS, st.lists(ARGS, max_size=5), st.booleans())
def test_the_table_answers_as_the_chain(
    name: str, lead: tuple[str, ...], args: list[str], redirect: bool
) -> None:
    redirects = (Redirect(">", Word("r.txt")),) if redirect else ()
    command = Command(tuple(Word(t) for t in (name, *lead, *args)), redirects=redirects)
    assert _own_channels(command) == _own_channels_as_they_were(command)
    # And the whole answer: the redirects first, then these, then the option loop's.
    whole = effects._write_targets(command)
    mine = _own_channels(command)
    assert whole[len(redirects) : len(redirects) + len(mine)] == mine


def test_each_name_of_the_chain_is_in_the_table_once() -> None:
    names = [
        "tee", *_OPERANDS_WRITTEN, *_DESTINATION_LAST, "dd", "sed", "find", "wget", "xxd",
        "uniq", "yq", "time", "sort", "iconv", "sdiff", "perl", "ruby", *_AWKS, "pip", "pip3",
        "openssl", "gpg", "gpg2", *_COMPRESSORS, "uv", "virtualenv", "socat", "git", "history",
    ]  # fmt: skip
    assert len(names) == len(set(names))
    assert set(names) == set(effects._CHANNELS)


def test_every_corpus_command_has_the_chain_s_channels() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    import run as bench  # bench/ is not a package

    seen = 0
    for _, text in bench.public_commands():
        for command in parse(text, "/home/u").commands:
            assert _own_channels(command) == _own_channels_as_they_were(command), text
            seen += 1
    assert seen > 500


def _split_options_as_it_was(
    args: list[str], value_flags: set[str], *, dash_values: bool = True
) -> tuple[list[str], list[str]]:
    positional: list[str] = []
    flags: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            positional += args[i + 1 :]
            break
        if a.startswith("-") and len(a) > 1:
            nxt = args[i + 1] if i + 1 < len(args) else None
            if a in value_flags and nxt is not None and (dash_values or not nxt.startswith("-")):
                flags.append(f"{a}={nxt}")
                i += 2
                continue
            flags.append(a)
        else:
            positional.append(a)
        i += 1
    return positional, flags


OPTION_WORDS = st.sampled_from(["-", "--", "-a", "--profile", "p", "", "--x=y", "-", "v", "--q"])


@settings(max_examples=3000)
@given(st.lists(OPTION_WORDS, max_size=7), st.booleans())
def test_split_options_splits_as_it_did(args: list[str], dash_values: bool) -> None:
    flags = {"--profile", "-a", "--q"}
    assert effects.split_options(args, flags, dash_values=dash_values) == (
        _split_options_as_it_was(args, flags, dash_values=dash_values)
    )
    assert effects.split_options(tuple(args), flags) == _split_options_as_it_was(args, flags)


def _names_compared(function: object) -> set[str]:
    """Every string a test of `function` compares `name` with (`==`, `in` a literal or a
    module-level set)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))  # type: ignore[arg-type]
    names: set[str] = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Compare) and isinstance(node.left, ast.Name)):
            continue
        if node.left.id != "name":
            continue
        for op, right in zip(node.ops, node.comparators, strict=True):
            assert isinstance(op, (ast.Eq, ast.In, ast.NotIn)), ast.dump(node)
            if isinstance(right, ast.Constant):
                names.add(str(right.value))
            elif isinstance(right, (ast.Tuple, ast.Set, ast.List)):
                names |= {str(e.value) for e in right.elts if isinstance(e, ast.Constant)}
            else:
                assert isinstance(right, ast.Name), ast.dump(node)
                names |= set(getattr(protected, right.id))
    return names


def test_the_early_exits_hold_every_name_their_tests_compare() -> None:
    tree_names = _names_compared(protected._tree_targets)
    assert {"rm", "mv", "find", "chmod", "rsync"} <= tree_names
    assert tree_names <= protected._TREE_NAMES
    archive_names = _names_compared(protected._extraction_dirs)
    assert {"tar", "unzip", "7z", "cpio", "patch"} <= archive_names
    assert archive_names <= protected._ARCHIVERS
