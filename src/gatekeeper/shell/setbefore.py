"""The variables a Bash call sets for a command in statements before it.

A version query or a read-only query is SAFE only while nothing it reads from its
environment is changed: each tool reads variables of its own, and some run code
(`LUA_INIT` before `lua -v`; `LSB_OS_RELEASE` is sourced by `lsb_release`), more than any
list can name. A prefix (`FOO=1 perl -v`) was already judged so. A statement before it
sets the environment as surely (`export FOO=1; perl -v`; `FOO=1; perl -v` when FOO is
exported already), and so does a builtin that sets a variable from its input (`read FOO`).
A variable known to run code (`PATH`, `LD_PRELOAD`) is flagged where it is set
(GK-ENV-001); this module finds the others, for the checkers that vouch for a query.
"""

from __future__ import annotations

from gatekeeper.lazyre import LazyRegex

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.model import Command, ToolCall

_BEFORE = r"(?:^|[\s;&|(){}`'\"])"
# `NAME=`, `NAME+=`, `NAME[i]=` where a word starts: a candidate, confirmed by the parser
_ASSIGNED = LazyRegex(_BEFORE + r"([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?\+?=")
# builtins that set a variable from their input, as words anywhere in the text
_SETTERS = LazyRegex(_BEFORE + r"(read|mapfile|readarray|printf[ \t]+-v)(?![\w-])")
# `for NAME in …` / `select NAME in …`: the loop sets NAME (exported if it is already)
_LOOPED = LazyRegex(_BEFORE + r"(?:for|select)[ \t]+([A-Za-z_][A-Za-z0-9_]*)(?![\w=])")
_DECLARERS = frozenset({"export", "declare", "typeset", "readonly", "local"})
_INPUT_SETTERS = frozenset({"read", "mapfile", "readarray"})


def env_changed(command: Command, call: ToolCall, home: str | Callable[[], str]) -> str | None:
    """What sets a variable not plainly harmless for `command`, said for a reason: "setting
    X" for its prefix (`X=1 perl -v`), "`X` before it" for a statement (`set_before`);
    None when nothing does. The queries, dev-tools and bash plugins vouch for a query only
    then."""
    from gatekeeper.shell.envvars import harmless_setting

    for name, value in command.assignments:
        if value.dynamic or not harmless_setting(name, value.text):
            return f"setting {name}"
    earlier = set_before(command, call, home)
    return None if earlier is None else f"`{earlier}` before it"


def set_before(command: Command, call: ToolCall, home: str | Callable[[], str]) -> str | None:
    """A variable, not plainly harmless, that a statement of `call`'s Bash text other than
    `command`'s own prefix sets (or the builtin that sets one from its input), else None.

    Cheap first: a text with no assignment or setting builtin in it answers None at once.
    Then the parser says what the text's statements set (`echo a=b` sets nothing;
    `d=$(mktemp -d)` sets d after mktemp ran). A command a wrapper runs (`timeout 5 perl
    -v`) runs in that environment too; its wrapper judges the variables it sets itself
    (`env X=1 perl -v`). A command of a script inside the text (`bash -c '…'`, `eval`) is
    judged by the words of the whole text, which may name more than it sets (the safe
    direction). Statements after the command count too (also the safe direction)."""
    text = call.tool_input.get("command")
    if not isinstance(text, str) or text == command.text:
        return None  # one command, no other statement (its prefix is the caller's)
    setter = _SETTERS.search(text)
    if setter is None and ("\\" in text or "'" in text or '"' in text):
        # `\read FOO`, `r''ead FOO`, `"read" FOO`: the builtin all the same
        setter = _SETTERS.search(text.replace("\\", "").replace("'", "").replace('"', ""))
    looped = [m.group(1) for m in _LOOPED.finditer(text)] if "for" in text or "select" in text else []
    if "=" not in text and setter is None and not looped:
        return None
    from gatekeeper.shell.envvars import HARMLESS_ENV, harmless_setting

    candidates = [m.group(1) for m in _ASSIGNED.finditer(text) if m.group(1) not in HARMLESS_ENV]
    looped = [name for name in looped if name not in HARMLESS_ENV]
    if not candidates and setter is None and not looped:
        return None
    from gatekeeper.shell.parse import parse

    script = parse(text, home)
    # (name, value): a statement's value as written (`PAGER=cat;`; a quoted one is no
    # harmless value, nor one appended to: `PAGER+=cat`), None when not known. The parser's
    # assignments hold the loops' variables too: those count below, if exported.
    only_looped = set(looped).difference(candidates)
    names: list[tuple[str, str | None]] = [
        (name, None if f"{name}+=" in text else value)
        for name, value in script.assigned
        if command.text not in value and name.partition("[")[0] not in only_looped
    ]
    declared: list[str] = []
    exports_all = False
    for other in script.commands:
        argv = _builtin_argv(other.argv)
        if argv[:1] and argv[0] in _DECLARERS:
            dynamic = any(w.dynamic for w in other.words)
            for a in argv[1:]:
                if a[:1] not in "-+":
                    declared_name, eq, declared_value = a.partition("=")
                    declared.append(declared_name)
                    names.append((declared_name, declared_value if eq and not dynamic else None))
        elif argv[:1] == ("set",):
            exports_all = exports_all or _exports_all(argv[1:])
        elif argv[:1] and (argv[0] in _INPUT_SETTERS or (argv[0] == "printf" and "-v" in argv)):
            names.append((argv[0], None))  # `read FOO`: the name is the builtin's to choose
    # A loop's variable reaches a command's environment only when it is exported: declared
    # so in the text, `set -a`, or exported already (`export FOO; for FOO in 1; do perl -v;
    # done` runs perl with FOO=1). An unexported one (`for f in *.py; do mypy "$f"; done`)
    # stays in the shell. Its value is the loop's word: not known here.
    if looped:
        import os

        names += [(n, None) for n in looped if exports_all or n in declared or n in os.environ]
    for name, value in names:
        base = name.partition("[")[0]
        if name in _INPUT_SETTERS or name == "printf" or not harmless_setting(base, value):
            return base if name != "printf" else "printf -v"
    if command.where != "top" and _in_script(command.where):
        return candidates[0] if candidates else setter.group(1) if setter else None
    return None


def _exports_all(args: tuple[str, ...]) -> bool:
    """Whether `set ARGS` turns on allexport (`set -a`, `set -ea`, `set -o allexport`)."""
    for i, arg in enumerate(args):
        if arg == "-o" and args[i + 1 : i + 2] == ("allexport",):
            return True
        if arg[:1] == "-" and arg[1:2] not in ("-", "o") and "a" in arg:
            return True
    return False


def _builtin_argv(argv: tuple[str, ...]) -> tuple[str, ...]:
    """The argv of the builtin a command runs in this shell: `command -p read X` and
    `builtin read X` are `read X` (`command -v read` is not: `-v` only describes)."""
    while len(argv) > 1 and argv[0] in ("command", "builtin"):
        argv = argv[1:]
        while len(argv) > 1 and argv[0] in ("-p", "--"):
            argv = argv[1:]
    return argv


def _in_script(where: str) -> bool:
    """Whether `where` (`Command.where`) says the command is one of a script the text holds
    as a string (`bash -c`, `sh -c`, `flock -c`, `eval`, `trap`, `env -S`, `watch`, a
    variable's value a program runs: `$PAGER`)."""
    first = where.partition(",")[0].strip("`")
    return first.endswith(" -c") or first in ("eval", "trap", "env -S", "watch") or first[:1] == "$"
