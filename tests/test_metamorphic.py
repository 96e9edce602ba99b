"""Metamorphic properties (issue 3, item 11): a disguise never makes a command more permitted.

Every command of the annotated corpora (tests/corpora/*.sh) is rewritten by one or two
semantics-preserving (or effect-adding) transformations: flags split, bundled or spelled
long, the command name quoted (`r''m`, `"rm"`, `\\rm`) or given as an absolute path,
wrappers (`env`, `command`, `timeout 5`, `nice`, `bash -c '...'`), a harmless environment
prefix, a `cd . &&` prefix, an added redirect. The variant's verdict (the most severe
Tier 1 finding: SAFE < REVIEW < ELEVATE) must be at least the original's. Nothing is run.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from gatekeeper.model import SEVERITY, Verdict
from gatekeeper.testing import check, corpus_cases

if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.model import Decision
    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

COMMANDS = sorted(
    {c.command.strip() for c in corpus_cases(sorted(Path(__file__).parent.glob("corpora/*.sh")))}
)
_FIRST_WORD = re.compile(r"^([A-Za-z_][\w.+-]*)(?=\s|$)")
_ASSIGNMENT = re.compile(r"^[A-Za-z_]\w*=")
_OPERATORS = set("|;&()<>$`\n")
# Commands whose short options bundle the getopt way, with the long names we know.
_LONG: dict[str, dict[str, str]] = {
    "rm": {"r": "--recursive", "R": "--recursive", "f": "--force", "v": "--verbose"},
    "cp": {"r": "--recursive", "R": "--recursive", "f": "--force", "v": "--verbose"},
    "mv": {"f": "--force", "v": "--verbose"},
    "ls": {"a": "--all", "l": "-l", "R": "--recursive"},
    "grep": {"r": "--recursive", "n": "--line-number", "i": "--ignore-case"},
    "chmod": {"R": "--recursive", "v": "--verbose"},
    "sed": {"n": "--quiet", "i": "--in-place", "E": "--regexp-extended"},
}


def _argv(text: str) -> list[str] | None:
    """argv of a plain one-command line (no operators, redirects or expansions), else None.
    A glob is an expansion too: `shlex.join` would quote it (`cp * d` into `cp '*' d`)."""
    if any(ch in _OPERATORS or ch in "*?[" for ch in text):
        return None
    try:
        return shlex.split(text)
    except ValueError:
        return None


def _split_flags(text: str) -> str:
    argv = _argv(text)
    if not argv or argv[0] not in _LONG:
        return text
    out = [argv[0]]
    for a in argv[1:]:
        if re.fullmatch(r"-[A-Za-z]{2,}", a):
            out += [f"-{ch}" for ch in a[1:]]
        else:
            out.append(a)
    return shlex.join(out)


def _bundle_flags(text: str) -> str:
    argv = _argv(text)
    if not argv or argv[0] not in _LONG:
        return text
    flags = [a[1:] for a in argv[1:] if re.fullmatch(r"-[A-Za-z]+", a)]
    rest = [a for a in argv[1:] if not re.fullmatch(r"-[A-Za-z]+", a)]
    if "--" in rest:
        return text
    return shlex.join([argv[0], *([f"-{''.join(flags)}"] if flags else []), *rest])


def _long_flags(text: str) -> str:
    argv = _argv(text)
    if not argv or argv[0] not in _LONG:
        return text
    names = _LONG[argv[0]]
    out = [argv[0]]
    for a in argv[1:]:
        if re.fullmatch(r"-[A-Za-z]+", a) and all(ch in names for ch in a[1:]):
            out += [names[ch] for ch in a[1:]]
        else:
            out.append(a)
    return shlex.join(out)


# Builtins that change the shell itself: `nice cd x` runs an external `cd` that moves
# nothing, so a wrapper in front of them is not a disguise but a different command.
_SHELL_STATE = {"cd", "pushd", "popd", "export", "unset", "set", "shopt", "source", ".", "eval"}
_SHELL_STATE |= {"exec", "alias", "ulimit", "umask", "declare", "local", "readonly", "typeset"}
_SHELL_STATE |= {"command", "builtin"}  # `/bin/command cd x` is an external program


# Reserved words open a compound command; quoted or given a path they are a command name.
_RESERVED = {"for", "while", "until", "if", "case", "select", "function", "coproc"}


def _wrap(prefix: str, absolute: str = "") -> Callable[[str], str]:
    """Put a wrapper in front (or the name under a directory), except before a state builtin.

    Only `env` takes `NAME=value` words: `nice CI=1 x` would run a program named `CI=1`.
    """

    def apply(text: str) -> str:
        head = text.split(maxsplit=1)[0] if text.strip() else ""
        if re.sub(r"[\"'\\]|^/(usr/)?bin/", "", head) in _SHELL_STATE | _RESERVED:
            return text
        if _ASSIGNMENT.match(text) and prefix != "env ":
            return text
        if absolute:
            return _rename(text, lambda n: absolute + n)
        return prefix + text

    return apply


def _rename(text: str, how: Callable[[str], str]) -> str:
    m = _FIRST_WORD.match(text)
    if not m or _ASSIGNMENT.match(text) or m.group(1) in _RESERVED:
        return text
    return how(m.group(1)) + text[m.end(1) :]


def _through_variable(text: str, template: str) -> str:
    """The last word of a plain command through a variable `item`: `template` gets the
    word (quoted, a leading `~` or `~/` left bare so it expands as before) and the rest."""
    argv = _argv(text)
    if not argv or len(argv) < 2 or argv[0] in _SHELL_STATE or _ASSIGNMENT.match(text):
        return text
    if "{" in text:
        return text  # a brace expansion: `shlex` would quote it into one literal word
    last = argv[-1]
    if last == "~":
        word = "~"
    elif last.startswith("~/"):
        word = "~/" + shlex.quote(last[2:])
    else:
        word = shlex.quote(last)
    return template.format(word=word, rest=shlex.join(argv[:-1]))


def _loop(text: str) -> str:
    """`cat a b` as `for item in b; do cat a "$item"; done`."""
    return _through_variable(text, 'for item in {word}; do {rest} "$item"; done')


def _assign(text: str) -> str:
    """`cat a b` as `item=b; cat a "$item"`."""
    return _through_variable(text, 'item={word}; {rest} "$item"')


TRANSFORMS: dict[str, Callable[[str], str]] = {
    "split flags": _split_flags,
    "bundle flags": _bundle_flags,
    "long flags": _long_flags,
    "r''m": lambda t: _rename(t, lambda n: n[0] + "''" + n[1:]),
    '"rm"': lambda t: _rename(t, lambda n: f'"{n}"'),
    "\\rm": lambda t: _rename(t, lambda n: "\\" + n),
    "/bin/rm": _wrap("", absolute="/bin/"),
    "/usr/bin/rm": _wrap("", absolute="/usr/bin/"),
    "env": _wrap("env "),
    "command": _wrap("command "),  # `command CI=1 x` would run a program named `CI=1`
    "timeout 5": _wrap("timeout 5 "),
    "nice": _wrap("nice "),
    "bash -c": lambda t: "bash -c " + shlex.quote(t),
    "sh -c": lambda t: "sh -c " + shlex.quote(t),
    "env prefix": lambda t: "CI=1 " + t,
    "cd . &&": lambda t: "cd . && " + t,
    "> file": lambda t: t + " > out.txt",
    "2>&1": lambda t: t + " 2>&1",
    ">> /tmp": lambda t: t + " >> /tmp/gk-metamorphic.log",
    "for loop": _loop,
    "item=word;": _assign,
}


def _severity(decision: Decision) -> int:
    verdicts = [f.verdict for f in decision.findings] or [Verdict.REVIEW]
    return max(SEVERITY[v] for v in verdicts)


def test_the_corpora_give_enough_commands() -> None:
    assert len(COMMANDS) > 150


@pytest.mark.parametrize("name", sorted(TRANSFORMS))
def test_each_transform_changes_some_command(name: str) -> None:
    assert any(TRANSFORMS[name](c) != c for c in COMMANDS)


@settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    command=st.sampled_from(COMMANDS),
    steps=st.lists(st.sampled_from(sorted(TRANSFORMS)), min_size=1, max_size=2),
)
def test_a_variant_is_never_more_permitted_than_the_original(
    command: str, steps: list[str], make_engine: Callable[..., Engine], gk_env: GkEnv
) -> None:
    (gk_env.project / "src").mkdir(exist_ok=True)
    engine = make_engine()
    cwd = str(gk_env.project)
    variant = command
    for step in steps:
        variant = TRANSFORMS[step](variant)
    before = check(engine, command, cwd=cwd)
    # An original that bash refuses to run is no baseline: an appended word can complete it
    # into another, valid command (`ls &&` + ` 2>&1` is `ls && 2>&1`).
    assume("GK-SHELL-001" not in {f.rule for f in before.findings})
    after = check(engine, variant, cwd=cwd)
    expected = _severity(before)
    if "GK-SHELL-001" in {f.rule for f in after.findings}:
        # A disguise that breaks the syntax (`command f() { ...; }`) is refused by bash as a
        # whole; the gate only has to keep it from being allowed.
        expected = min(expected, SEVERITY[Verdict.REVIEW])
    assert _severity(after) >= expected, (
        f"{steps}: `{variant}` ({after.outcome.value}, {after.rule}) is more permitted than "
        f"`{command}` ({before.outcome.value}, {before.rule}): {after.reason}"
    )


@pytest.mark.parametrize("transform", [_loop, _assign])
def test_the_last_word_through_a_variable_is_never_more_permitted(
    transform: Callable[[str], str], make_engine: Callable[..., Engine], gk_env: GkEnv
) -> None:
    """Every corpus command whose last word can go through `for item in WORD` or
    `item=WORD;`: the variant's verdict is at least the original's (the command is judged
    with the word in place)."""
    (gk_env.project / "src").mkdir(exist_ok=True)
    engine = make_engine()
    cwd = str(gk_env.project)
    looped = 0
    for command in COMMANDS:
        variant = transform(command)
        if variant == command:
            continue
        before = check(engine, command, cwd=cwd)
        if "GK-SHELL-001" in {f.rule for f in before.findings}:
            continue
        looped += 1
        after = check(engine, variant, cwd=cwd)
        assert _severity(after) >= _severity(before), (
            f"`{variant}` ({after.outcome.value}, {after.rule}) is more permitted than "
            f"`{command}` ({before.outcome.value}, {before.rule}): {after.reason}"
        )
    assert looped > 100
