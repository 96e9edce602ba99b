"""A secret of the environment copied into another variable, then used.

GK-ENV-002 judges each command by the variables it names: ``echo $GITHUB_TOKEN`` asks. A copy
hides the name: ``x=$GITHUB_TOKEN; echo $x``, ``for t in "$GITHUB_TOKEN"; do echo "$t";
done``, ``declare x=$GITHUB_TOKEN; echo $x``, ``a=($GITHUB_TOKEN); echo ${a[0]}``,
``X=$GITHUB_TOKEN printenv X``, and with a secret in the environment ``y=${!x}; echo $y``
(x may name it). Over one Bash call, a variable assigned (on its own, in a
declaration, as a prefix, as a ``for`` loop's variable) from a secret, or from such a copy,
is a copy; a command that uses a copy is handed the secret. So is a name reference
(``declare -n r=GITHUB_TOKEN; echo $r``: ``$r`` is the variable r names) to a secret, a
copy or a name known only at run time (``declare -n r=$x``), given in the declaration, by a
later ``r=NAME`` or by ``for r in NAME`` (and, with a secret in the environment, any
reference: ``read r``, ``printf -v r``, ``${r:=NAME}`` and ``r+=…`` give it a target too). Copying it on (``export
GH_TOKEN=$x``) prints nothing and does not count, as ``export GH_TOKEN=$GITHUB_TOKEN`` does
not.
"""

from __future__ import annotations

import os

from gatekeeper.shell.secretenv import _dollar_names, secret_variable

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from gatekeeper.model import Command

_DECLARATIONS = {"export", "declare", "typeset", "local", "readonly"}
# (`export -n` takes the export attribute away: no reference)
_NAMEREF_DECLARERS = frozenset({"declare", "typeset", "local"})
_PRINTERS = frozenset({"printenv", *_DECLARATIONS})


def used_copies(
    commands: Iterable[Command],
    copies: Iterable[tuple[str, str]],
    environ: Mapping[str, str] | None = None,
) -> list[tuple[str, str]]:
    """(the copy, the command's text) for each command that uses a copy of a secret.

    `copies` are the (name, value text) of the assignments that are no command: `x=$T`
    alone, a `for` loop's variable and its words."""
    env = os.environ if environ is None else environ
    commands = list(commands)
    pairs = list(copies)
    for command in commands:
        pairs += [(name, value.text) for name, value in command.assignments]
        if command.name in _DECLARATIONS:
            for word in command.words[1:]:
                name, eq, value = word.text.partition("=")
                if eq and not name.startswith("-"):
                    pairs.append((name, value))
    refs = _namerefs(commands)
    tainted: set[str] = set()
    if refs and any(secret_variable(name, env) for name in env):
        # `printf -v r`, `read r`, `${r:=NAME}`, `r+=…` also give a reference its target:
        # with a secret in the environment, a reference may be it (as `${!x}` may)
        tainted |= refs
    changed = True
    while changed:
        changed = False
        for name, text in pairs:
            base = name.split("[", 1)[0]
            if base in tainted:
                continue
            if ("$" in text and _from_secret(text, tainted, env)) or (
                base in refs and _names_secret(text, tainted, env)
            ):
                tainted.add(base)
                changed = True
    if not tainted:
        return []
    out: list[tuple[str, str]] = []
    for command in commands:
        named = _printed_by_name(command) & tainted
        if named:  # `y=$GITHUB_TOKEN; declare -p y`, `export y; printenv y`
            out.append((sorted(named)[0], command.text))
            continue
        if command.name in ("test", "[") or (
            command.name in _DECLARATIONS and not command.redirects
        ):
            continue  # compares, or copies on: nothing printed
        texts = [w.text for w in command.words if w.dynamic and "$" in w.text]
        texts += [r.target.text for r in command.redirects if r.op in ("<<", "<<<")]
        used = {var for t in texts for mark, var in _dollar_names(t) if mark != "#"} & tainted
        prefixed = {name for name, _ in command.assignments if name in tainted}
        if prefixed and any(w.text in prefixed for w in command.words[1:]):
            used |= prefixed  # `X=$TOKEN printenv X`: the command's own environment
        if prefixed:
            # `y=$y bash -c 'echo $y'`: a quoted script the command's shell expands
            quoted = {var for w in command.words[1:] for _, var in _dollar_names(w.text)}
            used |= prefixed & quoted
        if prefixed and command.name in ("env", "printenv") and len(command.words) == 1:
            used |= prefixed
        if used:
            out.append((sorted(used)[0], command.text))
    return out


def _printed_by_name(command: Command) -> set[str]:
    """The variables a command prints by name: `printenv NAME`, `declare -p NAME` (and
    `typeset`, `local`, `export`, `readonly` with `-p`)."""
    name = command.name
    if name not in _PRINTERS:
        return set()
    words = command.words[1:]
    if name != "printenv" and not any(
        w.text[:1] == "-" and w.text[1:2] != "-" and "p" in w.text for w in words
    ):
        return set()
    return {w.text for w in words if not w.dynamic and w.text[:1] not in ("-", "+")}


def _from_secret(text: str, tainted: set[str], env: Mapping[str, str]) -> bool:
    for mark, var in _dollar_names(text):
        if mark != "#" and (var in tainted or secret_variable(var, env)):
            return True
        if mark == "!" and any(secret_variable(name, env) for name in env):
            return True  # `y=${!x}`: whichever variable x names, a secret too
    return False


def _namerefs(commands: list[Command]) -> set[str]:
    """The names a `declare -n`/`typeset -n`/`local -n` makes references: `$r` is then
    the variable whose name r was given (`declare -n r=GITHUB_TOKEN; echo $r`), set in the
    declaration, by a later `r=NAME`, `for r in NAME`, `read r`, `printf -v r`..."""
    refs: set[str] = set()
    for command in commands:
        args = [w.text for w in command.words]
        while args and args[0] in ("command", "builtin"):  # `command declare -n r=…`
            args = args[1:]
            while args and args[0].startswith("-"):
                args = args[1:]
        if not args or args[0].rsplit("/", 1)[-1] not in _NAMEREF_DECLARERS:
            continue
        args = args[1:]
        if any(a[:1] == "-" and a != "--" and "n" in a for a in args):
            refs.update(a.partition("=")[0] for a in args if a[:1] not in ("-", "+"))
    return refs


def _names_secret(text: str, tainted: set[str], env: Mapping[str, str]) -> bool:
    """Whether a reference's target text names a secret, a copy, or a name known only at
    run time (`declare -n r=$x`)."""
    return any(
        "$" in word or "`" in word or word in tainted or secret_variable(word, env)
        for word in text.split()
    )
