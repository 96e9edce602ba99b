"""GK-ENV: environment variables set for a command or exported for the rest of the script.

Harmless names (``CI=1``, ``NO_COLOR=1``, ``LANG=C``, ``TZ=UTC``, ``PYTHONUNBUFFERED=1``...)
and names gatekeeper does not know leave the verdict to the other checkers.

## GK-ENV-001 — a variable that can run code (REVIEW)
**What it catches:** ``LD_PRELOAD``, ``LD_*``, ``DYLD_*``, ``BASH_ENV``, ``ENV``,
``PROMPT_COMMAND``, ``SHELLOPTS``, ``PATH``, ``IFS``, ``PAGER``, ``GIT_PAGER``, ``EDITOR``,
``GIT_SSH_COMMAND``, ``GIT_EXTERNAL_DIFF``, ``GIT_CONFIG_*``, ``GIT_DIR``, ``PYTHONPATH``,
``PYTHONSTARTUP``, ``NODE_OPTIONS``, ``PERL5OPT``, ``RUBYOPT``, ``PIP_*``, ``npm_config_*``...
set before a command (``PAGER='sh -c x' git log``) or exported; and a variable set by a name
known only at run time (``declare $x=V``, ``read $x``, ``printf -v "$x"``, ``unset $x``).
**Why:** each one makes a harmless-looking program load or run code of the caller's choosing.
**Example:** ``GIT_PAGER='rm -rf ~' git log``.
A value that is a command (a pager's, an editor's, ``GIT_SSH_COMMAND``'s, ``LESSOPEN``'s, an
askpass program) is judged as commands of the call too (``shell.envvars.VALUE_KINDS``, the
walker's ``value_commands``): ``PAGER='rm -rf ~' git log`` is ELEVATE by GK-BASH-008. A
harmless value (``PAGER=cat``, ``LESS=-R``, ``EDITOR=true``, ``PYTHONWARNINGS=ignore``:
``shell.envvars.harmless_value``) leaves the verdict to the command's own checkers.

## GK-ENV-002 — a secret of the environment printed (ELEVATE, or REVIEW)
**What it catches:** a command that prints the whole environment (``env``, ``printenv``,
``set``, ``export -p``, ``declare -p``, ``ps auxe``, ``jq -n env``) while it holds a variable
that looks like a secret (``GITHUB_TOKEN``, ``AWS_SECRET_ACCESS_KEY``, ``PGPASSWORD``, or any
name whose value is a token, a key or a URL with a password), and a command that names such a
variable (``echo $GITHUB_TOKEN``, ``printenv OPENAI_API_KEY``, ``jq -n '$ENV.NPM_TOKEN'``):
ELEVATE for the readers and printers (their output is the transcript), REVIEW for any other
command (it hands the secret to a program: where does it go?). ``shell.secretenv`` says
exactly what counts.
**Why:** what a command prints goes to the model's provider, the transcript and the logs:
a token printed there is leaked like ``cat ~/.aws/credentials``. In an environment without
such a variable ``env`` stays SAFE: asking for every ``env`` would be noise.
**Example:** ``env | grep -i key`` with ``ANTHROPIC_API_KEY`` set.
Likewise a listing of the processes' command lines (``ps -ef``, ``ps aux``, ``pgrep -a``,
``pstree -a``, ``top -c``, ``systemctl status``) while one of them holds what looks like a
secret (``server --api-key sk-…``, ``mysql -pPW``, a URL with a password): ELEVATE
(``shell.proclines``).
"""

from __future__ import annotations

from gatekeeper.hookspecs import hookimpl
from gatekeeper.model import Finding, Verdict
from gatekeeper.shell.effects import PROCESS_LISTERS
from gatekeeper.shell.envvars import VALUE_KINDS, arith_names, env_risk, harmless_setting
from gatekeeper.shell.secretenv import LISTERS, printed_secret
from gatekeeper.shell.subscripts import subscript_code

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Sequence

    from gatekeeper.model import Command, Word

_DECLARATIONS = {"export", "declare", "typeset", "readonly", "local"}
# builtins that set a variable an operand names
_SETTERS = {"read", "printf", "unset", "let", "wait"}
_READ_VALUES = set("dinNptu")  # `read` options whose value is no variable name (`-a` is one)


def set_names(command: Command) -> list[str]:
    """The variables `read NAME…` and `printf -v NAME` set (a variable of the environment
    stays exported: `read PATH < f; ls` runs what f names)."""
    args = [w.text for w in command.words[1:]]
    if command.name == "unset":
        # without PATH, bash looks a command up in the current directory: `unset PATH; ls`
        # runs ./ls
        return ["PATH"] if "PATH" in args else []
    if command.name == "read":
        return [a for a in args if not a.startswith("-")]  # an option's value too: stricter
    if command.name == "let":
        return [name for a in args for name in arith_names(a)]  # `let PATH=1`
    if command.name in ("test", "["):
        # `test -v 'a[PATH=1]'` evaluates the subscript: the names it assigns
        return [
            name
            for i, a in enumerate(args)
            if i and args[i - 1] == "-v" and "[" in a
            for name in arith_names(a.partition("[")[2])
        ]
    flag = "-p" if command.name == "wait" else "-v"  # `wait -p NAME` sets NAME to a PID
    names = []
    for i, a in enumerate(args):
        if a == "--":
            break
        if a.startswith(flag):
            names.append(a[2:] or (args[i + 1] if i + 1 < len(args) else ""))
    return names


def _runtime_name(command: Command) -> Finding | None:
    """GK-ENV-001 for a variable set by a name known only at run time: `declare $x=./bin`,
    `export "$x=…"`, `read $x`, `printf -v "$x"`, `unset $x`, `let "$x=1"` set whatever x
    holds, PATH or LD_PRELOAD too (bash: `x=PATH; declare $x=./bin; ls` ran ./bin/ls)."""
    words = command.words[1:]
    if not any(w.dynamic for w in words):
        return None  # (hot: every declaration and setter)
    name = command.name
    how = name
    if name == "read":
        named = _read_names(words)
    elif name in ("printf", "wait"):
        flag = "-p" if name == "wait" else "-v"
        how = f"{name} {flag}"
        named = [
            w
            for i, w in enumerate(words)
            if i and words[i - 1].text == flag and not words[i - 1].dynamic
        ]
    else:
        named = list(words)
    for word in named:
        if word.dynamic and any(c in _base_name(word.text) for c in "$`"):
            return Finding(
                Verdict.REVIEW,
                "GK-ENV-001",
                f"`{how} {word.text[:60]}` sets a variable whose name is known only at run "
                "time: it may be one that runs code (PATH, LD_PRELOAD, BASH_ENV)",
            )
    return None


def _base_name(text: str) -> str:
    """The variable of a `NAME=value` / `NAME[sub]=value` word: `$x` in `$x=1`, `a` in
    `a[$i]=1` (a subscript is judged as arithmetic, not as the name)."""
    return text.split("=", 1)[0].split("[", 1)[0]


def _read_names(words: Sequence[Word]) -> list[Word]:
    """The words `read` takes for variable names: its operands and `-a NAME`."""
    names: list[Word] = []
    value_next = name_next = False
    for word in words:
        if value_next or name_next:
            if name_next:
                names.append(word)
            value_next = name_next = False
        elif word.text.startswith("-") and not word.dynamic and word.text != "--":
            letters = word.text[1:]
            for j, letter in enumerate(letters):
                if letter in _READ_VALUES or letter == "a":
                    attached = letters[j + 1 :]  # (`-aNAME`: a literal name)
                    value_next = not attached and letter != "a"
                    name_next = not attached and letter == "a"
                    break
        else:
            names.append(word)
    return names


def risky_assignment(names: list[str], values: dict[str, str] | None = None) -> Finding | None:
    """A REVIEW finding for the first name that can run code, else None. `values`: the
    names' values, said in the reason of a name whose value is a command (`VALUE_KINDS`)."""
    for name in names:
        base, bracket, subscript = name.partition("[")
        if bracket and "=" in subscript:
            # `read 'a[PATH=1]'`: bash evaluates the subscript, which assigns PATH
            found = risky_assignment(arith_names(subscript))
            if found is not None:
                return found
        if env_risk(base) == "exec":  # `BASH_CMDS[ls]`: the array
            if values and base in VALUE_KINDS and name in values:
                return Finding(
                    Verdict.REVIEW,
                    "GK-ENV-001",
                    f"setting {name} can make the command run `{values[name][:80]}` (its "
                    "commands are judged as the call's too)",
                )
            return Finding(
                Verdict.REVIEW,
                "GK-ENV-001",
                f"setting {name} can make the command load or run other code",
            )
    return None


@hookimpl
def gatekeeper_check_command(command: Command) -> Finding | None:
    """Prefix assignments and exports of code-running variables → REVIEW; a secret of the
    environment printed → ELEVATE (REVIEW when handed to another program)."""
    found = indirect_setting(command)
    if found is not None:
        return found
    if command.name in PROCESS_LISTERS:
        found = _command_line_secret(command)
        if found is not None:
            return found
    declares = command.name in _DECLARATIONS
    sets = command.name in _SETTERS
    tests = command.name in ("test", "[") and any(w.text == "-v" for w in command.words)
    if command.assignments or declares or sets or tests:  # else no name to judge (hot)
        names = [
            name
            for name, value in command.assignments
            if value.dynamic or not harmless_setting(name, value.text)
        ]
        if declares and not _prints_only(command):
            names += [
                name
                for w in command.words[1:]
                if not w.text.startswith("-")
                for name, eq, value in [w.text.partition("=")]
                if w.dynamic or not eq or not harmless_setting(name, value)
            ]
        if sets or tests:
            names += set_names(command)
        # (a prefix alone names nothing at run time: `CI=1 echo $GITHUB_TOKEN` prints a secret)
        values = {name: value.text for name, value in command.assignments}
        if declares:  # `export PAGER=LINE`
            values.update(w.text.partition("=")[::2] for w in command.words[1:] if "=" in w.text)
        found = risky_assignment(names, values) or (
            _runtime_name(command) if declares or sets else None
        )
        if found is not None:
            return found
    elif not command.redirects and command.name not in LISTERS:
        # Both checks below answer nothing for a command without assignments, redirects,
        # `[`, `environ` or a dynamic word that lists nothing (`subscript_code` reads the words' and
        # values' `[`, `printed_secret` needs a lister, a redirect or a dynamic word): one
        # loop over the words for both (hot: most commands).
        for word in command.words:
            if word.dynamic or "[" in word.text or "environ" in word.text:
                break
        else:
            return None
    return _subscript_code(command) or printed_secret_finding(command)


def indirect_setting(command: Command) -> Finding | None:
    """GK-ENV-001 for a variable set other than by its name: keyword mode (`set -k; ls
    LD_PRELOAD=x`) and a name reference (`declare -n r=LD_PRELOAD; export r=x`)."""
    if command.name == "set" and _keyword_mode(command):
        return Finding(
            Verdict.REVIEW,
            "GK-ENV-001",
            "`set -k` puts every NAME=value word of the later commands in their environment "
            "(`set -k; ls LD_PRELOAD=x`): the gate reads those words as arguments",
        )
    if command.name not in _DECLARATIONS or _prints_only(command):
        return None
    found = risky_assignment(_nameref_targets(command))
    if found is None and _nameref_unknown(command):
        found = Finding(
            Verdict.REVIEW,
            "GK-ENV-001",
            "a name reference whose target is set later or known only at run time "
            "(`declare -n r; r=LD_PRELOAD; export r=x`) may set a variable that runs code",
        )
    return found


def _keyword_mode(command: Command) -> bool:
    """`set -k` / `set -o keyword` (in any cluster: `set -ek`)."""
    args = [w.text for w in command.words[1:]]
    for i, a in enumerate(args):
        if a == "--":
            break
        if a == "-o" and args[i + 1 : i + 2] == ["keyword"]:
            return True
        if a.startswith("-") and not a.startswith("--") and "k" in a:
            return True
    return False


def _nameref_targets(command: Command) -> list[str]:
    """The variables a `declare -n r=NAME` makes `r` stand for: `export r=x` then sets and
    exports NAME (`declare -n r=LD_PRELOAD; export r=./x.so; ls`)."""
    words = [w.text for w in command.words[1:]]
    options = [a for a in words if a.startswith("-") and not a.startswith("--")]
    if not any("n" in a[1:] for a in options):
        return []
    return [a.split("=", 1)[1] for a in words if not a.startswith("-") and "=" in a]


def _nameref_unknown(command: Command) -> bool:
    """A `declare -n r` with no target (given later: `r=NAME`, `for r in NAME`) or one known
    only at run time (`declare -n r=$x`)."""
    words = command.words[1:]
    if not any(w.text.startswith("-") and "n" in w.text[1:] for w in words):
        return False
    return any(
        not w.text.startswith(("-", "+")) and ("=" not in w.text or w.dynamic) for w in words
    )


def _prints_only(command: Command) -> bool:
    """`declare -p PATH` (typeset, local): with `-p` these print their names and set none,
    `NAME=value` included (bash: "not found"); `export -p X=1` and `readonly -p` do set."""
    if command.name not in ("declare", "typeset", "local"):
        return False
    return any(
        w.text.startswith("-") and not w.text.startswith("--") and "p" in w.text
        for w in command.words[1:]
    )


def _subscript_code(command: Command) -> Finding | None:
    text = subscript_code(command)
    if not text:
        return None
    return Finding(
        Verdict.REVIEW,
        "GK-BASH-006",
        f"`{text[:60]}` runs its subscript's command when bash evaluates it as a name or a "
        "number (let, declare, printf -v, read, test -v, $((X)), ${!X})",
    )


def _command_line_secret(command: Command) -> Finding | None:
    """GK-ENV-002 for a listing of the processes' command lines while one holds a secret,
    and for `systemctl cat|show` of a unit whose files hold one (`shell.unitenv`)."""
    if command.name == "systemctl":
        from gatekeeper.shell.unitenv import printed_unit_secret

        unit = printed_unit_secret(command)
        if unit:
            return Finding(
                Verdict.ELEVATE,
                "GK-ENV-002",
                f"`{command.text[:80]}` prints the environment or the command lines of "
                f"{unit}, which hold what looks like a secret (`Environment=TOKEN=…`, a "
                "password option): only the user can approve that",
            )
    from gatekeeper.shell.proclines import printed_command_line_secret

    pid = printed_command_line_secret(command)
    if not pid:
        return None
    return Finding(
        Verdict.ELEVATE,
        "GK-ENV-002",
        f"`{command.name}` prints the processes' command lines, and process {pid}'s holds "
        "what looks like a secret (a token, a password option, a URL with a password): only "
        "the user can approve that",
    )


def printed_secret_finding(command: Command) -> Finding | None:
    """GK-ENV-002 for a command that prints or is handed a secret of the environment."""
    secret = printed_secret(command)
    if not secret:
        return None  # before the import below: an import statement costs ~1 µs (hot)
    from gatekeeper.plugins.bash import READ_ONLY  # the readers: what they get, they print
    from gatekeeper.plugins.wrappers import RUNS_ANOTHER

    name = command.name
    if name == "let":
        # its operands are arithmetic: a value that is no expression is quoted in the error
        # (as `item=x=NAME; let "$item"`, a name known only at run time, is reviewed)
        return Finding(
            Verdict.REVIEW,
            "GK-ENV-002",
            f"`let` evaluates the environment's secret {secret}, and prints it when it is no "
            "number",
        )
    if name in READ_ONLY or name in ("env", "printenv", "ps", "jq", "yq", "systemctl"):
        return Finding(
            Verdict.ELEVATE,
            "GK-ENV-002",
            f"`{name}` prints the environment's secret {secret}: only the user can approve that",
        )
    if name in RUNS_ANOTHER:
        # `nice cat <<< "$PGPASSWORD"`: the here-string is the wrapper's, so the command it
        # runs is judged without it; whatever that command is, it may print the secret.
        return Finding(
            Verdict.ELEVATE,
            "GK-ENV-002",
            f"`{name}` runs a command that is handed the environment's secret {secret} and "
            "may print it: only the user can approve that",
        )
    return Finding(
        Verdict.REVIEW, "GK-ENV-002", f"`{name}` is handed the environment's secret {secret}"
    )
