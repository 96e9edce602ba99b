"""GK-WRAP: commands that run other commands.

A wrapper is judged by what it runs: the host classifies the wrapped command with every
checker (``ctx.classify``), and the wrapper's verdict is at least that.

## GK-WRAP-001 — privilege escalation (ELEVATE)
**What it catches:** ``sudo``, ``doas``, ``su``, ``pkexec``, ``run0``, whatever they run.
**Why:** root can undo every other check. **Example:** ``sudo ls``.

## GK-WRAP-002 — a wrapper around another command (that command's verdict)
**What it catches:** ``env`` (``-i``, ``-u``, ``-S``, ``-C``), ``time``, ``timeout``, ``nice``,
``nohup``, ``stdbuf``, ``command``, ``builtin``, ``ionice``, ``setsid``, ``flock``, ``arch``
(macOS ``arch -arm64 CMD``; plain ``arch`` only prints the machine type), ``xargs``
(``-I`` included), ``find -exec/-execdir/-ok/-okdir`` (every clause), ``watch``.
**Why:** ``timeout 5 rm -rf ~`` is ``rm -rf ~``. **Example:** ``timeout 60 pytest``.

## GK-WRAP-003 — a shell given a script string (its commands' verdict)
**What it catches:** ``bash -c STRING``, ``sh -c``, ``zsh -c``, ``dash -c``, ``ksh -c``,
``env -S STRING``: the string is parsed and every command in it judged.
**Example:** ``bash -c 'git status'`` is SAFE, ``sh -c 'curl x | sh'`` is not.

## GK-WRAP-004 — a wrapper whose command is not known statically (REVIEW)
**What it catches:** ``xargs`` or ``find -exec`` running a computed command, ``bash -c "$X"``,
``npx``/``pnpm dlx``/``bunx``/``uvx`` (they may download and run a package).
**Why:** the gate cannot see what will run.
"""

from __future__ import annotations

from gatekeeper.hookspecs import hookimpl
from gatekeeper.model import SEVERITY, Finding, Verdict, dominant, worst
from gatekeeper.plugins.environment import risky_assignment
from gatekeeper.shell.envvars import env_risk

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Sequence

    from gatekeeper.context import Context
    from gatekeeper.model import Command

_ESCALATORS = {"sudo", "doas", "su", "pkexec", "run0", "sudoedit", "calife", "ksu"}
_SHELLS = {"sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "busybox"}
# wrapper -> options that take a separate value
_SIMPLE: dict[str, set[str]] = {
    "time": {"-f", "--format", "-o", "--output"},
    "nice": {"-n", "--adjustment"},
    "nohup": set(),
    "stdbuf": {"-i", "-o", "-e"},
    "command": set(),
    "builtin": set(),
    "ionice": {"-c", "-n", "-p", "--class", "--classdata"},
    "setsid": set(),
    "chronic": set(),
    "unbuffer": set(),
    "noglob": set(),
    "caffeinate": set(),
    "taskset": set(),
    "chrt": set(),
}
_DOWNLOAD_RUNNERS = {"npx", "bunx", "uvx", "pipx"}


def _wrapped(ctx: Context, argv: Sequence[str], how: str, floor: Verdict = Verdict.SAFE) -> Finding:
    if not argv:
        return Finding(Verdict.SAFE, "GK-WRAP-002", f"`{how}` runs nothing")
    inner = ctx.classify(argv, how)
    verdict = worst(inner.verdict, floor)
    # Report the wrapped command's own rule: `timeout 5 rm -rf ~` is GK-BASH-008.
    if inner.verdict == Verdict.SAFE:
        rule = "GK-WRAP-002" if verdict == Verdict.SAFE else "GK-WRAP-004"
    else:
        rule = inner.rule if inner.verdict == verdict else "GK-WRAP-004"
    return Finding(verdict, rule, f"`{how}` runs `{' '.join(argv)[:120]}`: {inner.reason}")


def _skip_options(args: Sequence[str], with_value: set[str]) -> list[str]:
    rest = list(args)
    while rest and rest[0].startswith("-") and rest[0] != "-":
        opt = rest.pop(0)
        if opt == "--":
            break
        if opt in with_value and rest:
            rest.pop(0)
    return rest


def _script(ctx: Context, text: str, how: str) -> Finding:
    inner = ctx.classify_script(text, how)
    rule = "GK-WRAP-003" if inner.verdict == Verdict.SAFE else inner.rule
    return Finding(inner.verdict, rule, f"`{how}` runs `{text[:120]}`: {inner.reason}")


@hookimpl
def gatekeeper_check_command(command: Command, ctx: Context) -> Finding | None:
    """Classify what a wrapper runs; escalators are at least ELEVATE."""
    name = command.name
    words = command.words
    argv = command.argv
    if not words or words[0].dynamic:
        return None
    if name in _ESCALATORS:
        return Finding(
            Verdict.ELEVATE, "GK-WRAP-001", f"`{name}` runs a command with other privileges"
        )
    if name in _SIMPLE:
        if name == "command" and len(argv) > 1 and argv[1] in ("-v", "-V"):
            return Finding(Verdict.SAFE, "GK-WRAP-002", "`command -v` only looks a name up")
        rest = _skip_options(argv[1:], _SIMPLE[name])
        if name == "nice" and rest and rest[0].lstrip("-+").isdigit() and argv[1].startswith("-"):
            rest = rest[1:]
        if name in ("taskset", "chrt") and rest:
            rest = rest[1:]
        return _wrapped(ctx, rest, name)
    if name == "timeout":
        rest = _skip_options(argv[1:], {"-s", "--signal", "-k", "--kill-after"})
        return _wrapped(ctx, rest[1:], "timeout")
    if name == "watch":
        rest = _skip_options(argv[1:], {"-n", "--interval", "-d"})
        return _script(ctx, " ".join(rest), "watch") if rest else None
    if name == "flock":
        rest = _skip_options(argv[1:], {"-w", "--timeout", "-E", "--conflict-exit-code"})
        if len(rest) >= 3 and rest[1] in ("-c", "--command"):
            return _script(ctx, rest[2], "flock -c")
        return _wrapped(ctx, rest[1:], "flock")
    if name == "env":
        return _env(command, ctx)
    if name == "arch":
        return _arch(command, ctx)
    if name == "xargs":
        return _xargs(command, ctx)
    if name == "find":
        return _find_exec(command, ctx)
    if name in _SHELLS:
        return _shell(command, ctx)
    if name in _DOWNLOAD_RUNNERS or (name in ("pnpm", "yarn") and argv[1:2] == ("dlx",)):
        skip = 2 if name in ("pnpm", "yarn") else 1
        rest = _skip_options(argv[skip:], {"-p", "--package", "--from", "--with", "--python"})
        return _wrapped(ctx, rest, name, floor=Verdict.REVIEW)
    return None


def _env(command: Command, ctx: Context) -> Finding | None:
    args = list(command.argv[1:])
    names: list[str] = []
    while args:
        a = args[0]
        if a in ("-i", "--ignore-environment", "-0", "--null", "-v", "--debug"):
            args.pop(0)
        elif a in ("-u", "--unset", "-C", "--chdir") and len(args) > 1:
            if a in ("-C", "--chdir") and not ctx.paths.is_allowed(args[1]):
                return Finding(
                    Verdict.REVIEW,
                    "GK-WRAP-002",
                    f"`env -C {args[1]}` runs outside the allowed dirs",
                )
            del args[:2]
        elif a in ("-S", "--split-string") and len(args) > 1:
            found = risky_assignment(names)
            inner = _script(ctx, " ".join(args[1:]), "env -S")
            return (
                inner
                if found is None
                else Finding(worst(found.verdict, inner.verdict), found.rule, found.reason)
            )
        elif a.startswith("-S") and len(a) > 2:
            return _script(ctx, " ".join([a[2:], *args[1:]]), "env -S")
        elif a == "--":
            args.pop(0)
            break
        elif "=" in a and not a.startswith("-"):
            names.append(a.split("=", 1)[0])
            args.pop(0)
        elif a.startswith("-"):
            return Finding(
                Verdict.REVIEW, "GK-WRAP-004", f"`env {a}` is an option the gate does not know"
            )
        else:
            break
    risky = risky_assignment(names)
    if not args:
        return risky or Finding(Verdict.SAFE, "GK-WRAP-002", "`env` only prints the environment")
    inner = _wrapped(ctx, args, "env")
    if risky is not None:
        return Finding(worst(risky.verdict, inner.verdict), risky.rule, risky.reason)
    unknown = [n for n in names if env_risk(n) != "harmless"]
    if unknown and inner.verdict == Verdict.SAFE:
        # The inner command is judged without the variables `env` sets, and a tool may read
        # its options from one (`env FZF_DEFAULT_OPTS='--bind ...:execute(sh)' fzf`).
        return Finding(
            Verdict.REVIEW,
            "GK-WRAP-002",
            f"`env` sets {unknown[0]} for `{args[0]}`, which may change what it does",
        )
    return inner


def _arch(command: Command, ctx: Context) -> Finding:
    """`arch` alone prints the machine; macOS `arch -arm64 CMD` runs CMD (`-e` sets variables)."""
    rest = list(command.argv[1:])
    if not rest:
        return Finding(Verdict.SAFE, "GK-WRAP-002", "`arch` only prints the machine type")
    names: list[str] = []
    while rest and rest[0].startswith("-"):
        opt = rest.pop(0)
        if opt in ("-arch", "-e", "-d") and rest:
            value = rest.pop(0)
            names.append(value.split("=", 1)[0] if opt == "-e" else "")
    inner = _wrapped(ctx, rest, "arch")
    risky = risky_assignment([n for n in names if n])
    if risky is not None:
        return Finding(worst(risky.verdict, inner.verdict), risky.rule, risky.reason)
    return inner


def _xargs(command: Command, ctx: Context) -> Finding:
    with_value = {
        "-I",
        "-i",
        "-n",
        "-P",
        "-d",
        "-L",
        "-l",
        "-s",
        "-a",
        "-E",
        "-e",
        "--max-args",
        "--max-procs",
        "--delimiter",
        "--arg-file",
        "--replace",
        "--max-lines",
        "--max-chars",
        "--eof",
    }
    args = list(command.argv[1:])
    placeholder = ""
    while args and args[0].startswith("-") and args[0] != "-":
        opt = args.pop(0)
        if opt == "--":
            break
        if opt in ("-I", "-i", "--replace") and args:
            placeholder = args.pop(0)
            continue
        if opt.startswith("-I") and len(opt) > 2:
            placeholder = opt[2:]
            continue
        if opt in with_value and args:
            args.pop(0)
    if not args:
        return Finding(Verdict.SAFE, "GK-WRAP-002", "`xargs` runs `echo`")
    # The arguments xargs adds come from its input: words known only at run time.
    data = "$XARGS_INPUT"
    appended = [*args, data] if not placeholder else [a.replace(placeholder, data) for a in args]
    found = dominant([_wrapped(ctx, args, "xargs"), _wrapped(ctx, appended, "xargs")])
    assert found is not None  # noqa: S101 - two findings in, one out
    return found


def _find_exec(command: Command, ctx: Context) -> Finding | None:
    argv = command.argv
    findings: list[Finding] = []
    i = 0
    while i < len(argv):
        if argv[i] in ("-exec", "-execdir", "-ok", "-okdir"):
            action = argv[i]
            j = i + 1
            clause: list[str] = []
            while j < len(argv) and argv[j] not in (";", "+"):
                clause.append(argv[j])
                j += 1
            findings.append(_wrapped(ctx, clause, f"find {action}"))
            i = j + 1
            continue
        i += 1
    if not findings:
        return None
    return dominant(findings)


def _shell(command: Command, ctx: Context) -> Finding | None:
    argv = command.argv
    words = command.words
    for i, a in enumerate(argv[1:], 1):
        if a == "-c" or (a.startswith("-") and not a.startswith("--") and "c" in a[1:]):
            if i + 1 >= len(argv):
                return Finding(Verdict.REVIEW, "GK-WRAP-004", f"`{argv[0]} -c` without a script")
            inner = _script(ctx, argv[i + 1], f"{command.name} -c")
            if words[i + 1].dynamic:
                # Still judge the text as written: `bash -c "$(</etc/shadow)"` must not hide
                # behind "unknown" when what is known is already worse.
                unknown = Finding(
                    Verdict.REVIEW,
                    "GK-WRAP-004",
                    f"`{command.name} -c` runs a script known only at run time",
                )
                return inner if SEVERITY[inner.verdict] > SEVERITY[Verdict.REVIEW] else unknown
            return inner
        if a in ("-o", "+o", "-O", "+O", "--rcfile", "--init-file"):
            return Finding(
                Verdict.REVIEW, "GK-WRAP-004", f"`{command.name} {a}` changes how the shell starts"
            )
        if not a.startswith(("-", "+")):
            return Finding(
                Verdict.REVIEW,
                "GK-WRAP-004",
                f"`{command.name} {a}` runs a script file the gate has not read",
            )
    return None  # a bare shell reading stdin is GK-BASH-006
