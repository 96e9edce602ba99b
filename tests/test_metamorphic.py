"""Metamorphic properties (issue 3, item 11): a disguise never makes a command more permitted.

Every command of the annotated corpora (tests/corpora/*.sh) is rewritten by one or two
semantics-preserving (or effect-adding) transformations: flags split, bundled or spelled
long, the command name quoted (`r''m`, `"rm"`, `\\rm`) or given as an absolute path,
wrappers (`env`, `command`, `timeout 5`, `nice`, `bash -c '...'`), a harmless environment
prefix, a `cd . &&` prefix, an added redirect; and (fuzz13) the disguises an attacker
would try, each proven the same command in bash: a backslash-newline in or between words,
`{ ...; }`, `( ... )`, `if true; then ...; fi`, a function, `<<< ''`, `$'rm'`, a `;` or `&`
after it, `!`, `time -p`, `nohup`, `echo WORD | xargs`, tabs, `--` before the operands,
`--opt=value` and `--opt value`, and path spellings (`./`, `//`, `/./`, `$HOME`, `${HOME}`);
and (fuzz14) the write channels of one target (`>`, `1>`, `>|`, `>>`, `&>`, `| tee`, `| tee
-a`, `| dd of=`), the target's (or an operand's) spellings (`./x`, `src/../x`, `"$PWD"/x`,
`${PWD}/x`, `"$HOME"/x`), `git -C .` and `git --no-pager`, `exec` before the last command,
and the wrappers `command -p`, `env --`, `nice -n 5`, `ionice -c 3`, `chrt -o 0`, `taskset
-c 0`, `stdbuf -oL`, each proven in bash on a harmless command (tests/corpora/fuzz14.sh).
The variant's verdict (the most severe Tier 1 finding: SAFE < REVIEW < ELEVATE) must be at
least the original's; a dynamic name (`"$(printf %s rm)"`) at least REVIEW, `sudo -n` an
ELEVATE. Nothing is run.

`make test` draws 250 examples the same way every run (the `ci` hypothesis profile of
conftest.py); `make fuzz` draws 20,000 with fresh seeds (the `fuzz` profile).
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
_ASSIGNMENT = re.compile(r"^[A-Za-z_]\w*(?:\[[^\]]*\])?\+?=")
_OPERATORS = set("|;&()<>$`\n!")
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
    if "--" in rest or any(ch not in _LONG[argv[0]] for f in flags for ch in f):
        return text  # `sed -n -e p` bundled is `sed -nep`: `-e` takes the `p` as its script
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
_SHELL_STATE |= {"read", "let", "mapfile", "readarray", "getopts", "trap", "shift", "hash"}
_SHELL_STATE |= {"enable", "bind", "complete", "wait", "disown", "jobs", "fg", "bg"}


# Reserved words open a compound command; quoted or given a path they are a command name.
_RESERVED = {"for", "while", "until", "if", "case", "select", "function", "coproc", "time", "[["}


# `env X=1 cmd` is `X=1 cmd`; `env X=1; cmd` or `env a[k]=1` is another command.
_ENV_READY = re.compile(r"^(?:[A-Za-z_]\w*=[\w./:@%+,-]*[ \t]+)+[A-Za-z_./]")


def _bare(word: str) -> str:
    """A command name as bash looks it up: without quotes (`$'cd'`, `"cd"`), backslashes
    and a `/bin/` or `/usr/bin/` in front."""
    return re.sub(r"\$(?=')|[\"'\\]|^/(usr/)?bin/", "", word)


def _wrap(prefix: str, absolute: str = "") -> Callable[[str], str]:
    """Put a wrapper in front (or the name under a directory), except before a state builtin.

    Only `env` takes `NAME=value` words: `nice CI=1 x` would run a program named `CI=1`.
    """

    def apply(text: str) -> str:
        head = text.split(maxsplit=1)[0] if text.strip() else ""
        name = _bare(head)
        if name in _SHELL_STATE | _RESERVED or head.startswith(("(", "{", "!")):
            return text
        if name == "printf" and re.search(r"\s-v\b", text):
            return text  # `printf -v x` sets a shell variable; `/usr/bin/printf` sets none
        if _ASSIGNMENT.match(text) and (not prefix.startswith("env ") or not _ENV_READY.match(text)):
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


def _compound(text: str) -> bool:
    """Whether the text starts with a reserved word or a group: `CI=1 { a; }` runs a program
    named `{`, `CI=1 ! a` one named `!`."""
    head = text.split(maxsplit=1)[0] if text.strip() else ""
    return head[:1] in ("{", "(", "!") or head in _RESERVED


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


def _raw_words(text: str) -> list[str] | None:
    """The words of a plain one-command line as written (quotes kept), or None when the line
    has an operator, a substitution, a comment or a newline outside quotes."""
    words: list[str] = []
    word = ""
    quote = ""
    i = 0
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == quote:
                quote = ""
            elif ch == "\\" and quote == '"':
                word += ch
                i += 1
                ch = text[i] if i < len(text) else ""
            elif ch in "$`" and quote == '"':
                return None
        elif ch == "\\":
            word += ch
            i += 1
            ch = text[i] if i < len(text) else ""
            if ch in ("", "\n"):
                return None
        elif ch in "'\"":
            quote = ch
        elif ch in " \t":
            if word:
                words.append(word)
            word = ""
            i += 1
            continue
        elif ch in "|;&()<>`\n#" or text.startswith("$(", i):
            return None
        word += ch
        i += 1
    if quote:
        return None
    if word:
        words.append(word)
    if not words or _ASSIGNMENT.match(words[0]) or _bare(words[0]) in _SHELL_STATE | _RESERVED:
        return None
    return words


def _per_word(how: Callable[[str], str | None]) -> Callable[[str], str]:
    """Rewrite the operands of a plain command (every word after the name) that `how` takes."""

    def apply(text: str) -> str:
        words = _raw_words(text)
        if not words:
            return text
        out = [words[0]]
        for w in words[1:]:
            out.append(how(w) or w)
        return " ".join(out)

    return apply


# Commands whose `dir/name` operands name other things than files: a resource (`kubectl get
# secret/db`), a repository (`gh repo view owner/name`), a store's entry (`pass show
# web/site`, `vault read secret/db`), a chart, a package, a service. `./secret/db` is then
# another name (kubectl: no resource type `.`), no spelling of the same path (fuzz14).
_NOT_PATHS = {"kubectl", "oc", "helm", "gh", "glab", "pass", "gopass", "vault", "launchctl"}
_NOT_PATHS |= {"systemctl", "docker", "podman", "npm", "pnpm", "yarn", "pip", "go", "cargo"}
_NOT_PATHS |= {"brew", "aws", "gcloud", "az"}


def _per_path(how: Callable[[str], str | None]) -> Callable[[str], str]:
    """`_per_word` for a path's spellings: not for the operands of `_NOT_PATHS`."""
    rewrite = _per_word(how)
    return lambda t: t if (t.split(maxsplit=1) or [""])[0] in _NOT_PATHS else rewrite(t)


def _home_spelling(spelling: str) -> Callable[[str], str]:
    """`~/x` (unquoted) as `$HOME/x`, `${HOME}/x` or `"$HOME"/x`."""
    return _per_word(
        lambda w: spelling + w[1:] if w == "~" or w.startswith("~/") else None
    )


def _dot_slash(word: str) -> str | None:
    """`src/x.py` as `./src/x.py`: a relative path with a directory part."""
    if re.fullmatch(r"[A-Za-z_][\w.-]*/[\w./-]*", word):
        return "./" + word
    return None


# Options that take a value under getopt_long (and git's and argparse's parsers), so that
# `--file=x` and `--file x` are the same: an optional value (`--color=auto`) is not.
_VALUED = {"--file", "--output", "--out", "--git-dir", "--work-tree", "--format"}
_VALUED |= {"--files-from", "--exclude-from", "--checkpoint-action", "--to-command"}
_VALUED |= {"--output-directory", "--target-directory", "--directory", "--include"}
_VALUED |= {"--exclude-per-directory", "--upload-pack", "--receive-pack", "--reference"}
_VALUED |= {"--config-file", "--rcfile", "--basetemp", "--use-compress-program", "--rsh"}
_VALUED |= {"--expression", "--regexp", "--wheel-dir", "--exec", "--info-script"}


def _long_equals(text: str) -> str:
    """`--file=x` as `--file x` and `--file x` as `--file=x`."""
    words = _raw_words(text)
    if not words:
        return text
    out = [words[0]]
    i = 1
    while i < len(words):
        w = words[i]
        name, eq, value = w.partition("=")
        if eq and name in _VALUED and value:
            out += [name, value]
        elif w in _VALUED and i + 1 < len(words):
            out.append(f"{w}={words[i + 1]}")
            i += 1
        else:
            out.append(w)
        i += 1
    return " ".join(out)


# Commands whose short options (these letters) take no value, so that `--` fits after them.
_NO_VALUE = {"rm": "rRfivdI", "cp": "rRfivapnuLPHdlx", "mv": "fivnu", "ls": "alRhtSr1dFiL"}
_NO_VALUE |= {"chmod": "Rvcf", "cat": "nAbesvET", "touch": "acm", "mkdir": "pv", "rmdir": "pv"}
_NO_VALUE |= {"ln": "sfvnrT", "chown": "Rvhcf", "shred": "fuvz", "unlink": "", "wc": "lwcm"}


def _double_dash(text: str) -> str:
    """`rm -rf x` as `rm -rf -- x`: the end of the options written out."""
    words = _raw_words(text)
    if not words or words[0] not in _NO_VALUE or "--" in words:
        return text
    letters = _NO_VALUE[words[0]]
    i = 1
    while i < len(words) and words[i].startswith("-"):
        if not letters or not re.fullmatch(rf"-[{letters}]+|--[a-z-]+", words[i]):
            return text
        i += 1
    if i == len(words) or any(ch in w for w in words[i:] for ch in "*?[$"):
        return text  # `cp -- * d`: a glob after `--` can no longer be an option
    return " ".join([*words[:i], "--", *words[i:]])


def _xargs(text: str) -> str:
    """`cat a b` as `echo b | xargs cat a`: the last word read back by xargs (not after a
    `!`, which xargs would run as a program)."""
    words = _raw_words(text)
    if not words or words[0] == "!" or len(words) < 2 or not re.fullmatch(r"[\w./~@%+=:,][\w./@%+=:,-]*", words[-1]):
        return text
    return f"echo {words[-1]} | xargs {' '.join(words[:-1])}"


def _line_continuation(text: str) -> str:
    """`rm -rf x` as `rm \\<newline>-rf x`: a backslash-newline between the first two words."""
    m = _FIRST_WORD.match(text)
    if not m or _ASSIGNMENT.match(text) or m.group(1) in _RESERVED or m.end() == len(text):
        return text
    return text[: m.end()] + " \\\n" + text[m.end() :].lstrip(" \t")


def _tabs(text: str) -> str:
    """Every blank a tab, where no quote, escape, comment or here-document could see it."""
    if any(ch in text for ch in "'\"\\#") or "<<" in text:
        return text
    return text.replace(" ", "\t")


def _closes(text: str) -> bool:
    """The line can take `; }` (or `;`, `&`) after it: no comment, here-document or trailing
    `;`/`&` that would swallow or refuse it."""
    t = text.rstrip()
    return not ("#" in t or "<<" in t or t.endswith((";", "&", "|", "\\")) or "\n" in t)


def _enclose(open_: str, close: str) -> Callable[[str], str]:
    """`{ CMD; }`-style: `open_` CMD `close`, with a newline instead of `;` when needed."""

    def apply(text: str) -> str:
        if _closes(text):
            return f"{open_}{text}; {close}"
        return f"{open_}{text}\n{close}"

    return apply


def _fresh(text: str) -> str:
    """A function name the text does not use: a loop variable of the same name is no longer
    followed (`shell.loopvars` sees the bare word), which is REVIEW, and a limit of its own."""
    return "f" if re.search(r"\bf\b", text) is None else "gk_fn"


def _append(suffix: str) -> Callable[[str], str]:
    return lambda t: t + suffix if _closes(t) else t


def _prefix(word: str) -> Callable[[str], str]:
    """A reserved word in front (`!`, `time -p`): it applies to the pipeline that follows."""
    return lambda t: t if t.lstrip().startswith(("!", "time")) else word + t


# -- (fuzz14) the channels of one write, the spellings of one path, no-op options ----------

# A write at the end of a text by any of bash's channels for it (issue 3, point 2): `> T`,
# `1> T`, `>| T`, `>> T`, `&> T`, `| tee T`, `| tee -a T`, `| dd of=T`. T is a plain word
# (no quote, `$`, glob or `&`: `2>&1` is no write) that no option could be. Each channel
# writes T from what the end of the text prints; `>>` and `tee -a` append, `&>` adds
# stderr, `tee` prints it too: effects added, never taken (bash: each wrote the marker,
# tests/corpora/fuzz14.sh). A pipe's `tee` runs in the directory a redirect would open T in.
# `/dev/tcp/...` and `/dev/udp/...` are bash's own: `tee` and `dd` open no socket there.
_WRITE_AT_END = re.compile(
    r"^(?P<head>.*[^\s|&;(])"
    r"(?:[ \t]+(?:1>|>\||>>|&>|>)[ \t]*|[ \t]*\|[ \t]*tee[ \t]+(?:-a[ \t]+)?"
    r"|[ \t]*\|[ \t]*dd[ \t]+of=)"
    r"(?P<target>[\w.~@%+:,/][\w./~@%+:,-]*)$",
    re.S,
)
_CHANNELS = {
    ">": "{head} > {target}",
    "1>": "{head} 1> {target}",
    ">|": "{head} >| {target}",
    ">>": "{head} >> {target}",
    "&>": "{head} &> {target}",
    "| tee": "{head} | tee {target}",
    "| tee -a": "{head} | tee -a {target}",
    "| dd of=": "{head} | dd of={target} status=none",
}


def _written(text: str) -> re.Match[str] | None:
    """The write at the end of a one-line text (no here-document or comment to cut)."""
    if "<<" in text or "#" in text or "\n" in text:
        return None
    return _WRITE_AT_END.match(text)


def _channel(form: str) -> Callable[[str], str]:
    """The write at the end of the text through another channel to the same target."""

    def apply(text: str) -> str:
        m = _written(text)
        if m is None or (" | " in form and m["target"].startswith(("/dev/tcp/", "/dev/udp/"))):
            return text
        return form.format(head=m["head"], target=m["target"])

    return apply


def _relative(path: str) -> bool:
    """A path bash opens from the current directory (no `/`, `~` or `.` first)."""
    return not path.startswith(("/", "~", ".", "-"))


def _spelled(how: Callable[[str, str], str | None]) -> Callable[[str], str]:
    """Another spelling of the written target (or else of each operand) of a text: `how`
    gets the path and the text, and answers the spelling or None."""

    def apply(text: str) -> str:
        m = _written(text)
        if m is not None:
            spelled = how(m["target"], text)
            if spelled is None:
                return text
            return text[: m.start("target")] + spelled
        return _per_path(lambda w: how(w, text) if _dot_slash(w) else None)(text)

    return apply


def _moves(text: str) -> bool:
    """Whether the text may change directory or `PWD` (then `src/..` or `$PWD` may differ)."""
    return re.search(r"\b(cd|pushd|popd|PWD)\b", text) is not None


_SPELLINGS: dict[str, Callable[[str, str], str | None]] = {
    "./": lambda p, _: "./" + p if _relative(p) else None,
    # `src` is a real directory of the test's project (and not a link): `src/..` is `.`
    "src/../": lambda p, t: "src/../" + p if _relative(p) and not _moves(t) else None,
    '"$PWD"/': lambda p, t: '"$PWD"/' + p if _relative(p) and not _moves(t) else None,
    "${PWD}/": lambda p, t: "${PWD}/" + p if _relative(p) and not _moves(t) else None,
    '"$HOME"/ (target)': lambda p, _: '"$HOME"' + p[1:] if p.startswith("~/") else None,
}


# `git` where a command starts: after the start, `;`, `&`, `|`, `(`, `then` or `do`.
_GIT_AT = re.compile(r"(?:^|(?<=[;&|(])[ \t]*|(?<=\bthen )|(?<=\bdo ))git(?=[ \t])")


def _git_option(option: str) -> Callable[[str], str]:
    """`git -C . X`, `git --no-pager X`: options that change nothing git writes or runs
    (`-C .` stays where it is; `--no-pager` runs no pager), before every `git` command."""
    return lambda t: _GIT_AT.sub(f"git {option}", t)


def _exec_last(text: str) -> str:
    """`exec CMD` for the last command of the text (alone, or after the last `&&`): the
    shell is replaced by CMD where it would have ended after it anyway (not a `!`: `exec`
    would look for a program named `!`)."""
    head, sep, tail = text.rpartition(" && ")
    words = _raw_words(tail)
    if not words or words[0] == "!" or (words[0] == "printf" and "-v" in words):
        return text
    return f"{head}{sep}exec {tail}"


# The dynamic name: the gate cannot know what runs, so the variant must be at least REVIEW
# (and not more than that need be asked of it).
_DYNAMIC = '"$(printf %s rm)"'
# `sudo -n CMD` runs CMD as root: the variant must ELEVATE.
_SUDO = "sudo -n"
_FLOOR = {_DYNAMIC: Verdict.REVIEW, _SUDO: Verdict.ELEVATE}


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
    "env prefix": lambda t: t if _compound(t) else "CI=1 " + t,
    "cd . &&": lambda t: "cd . && " + t,
    "> file": lambda t: t + " > out.txt",
    "2>&1": lambda t: t + " 2>&1",
    ">> /tmp": lambda t: t + " >> /tmp/gk-metamorphic.log",
    "for loop": _loop,
    "item=word;": _assign,
    # Disguises of issue 3 (fuzz13), each the same command to bash (or one that adds an
    # effect): proved in bash on a harmless command, see tests/corpora/fuzz13.sh.
    "r\\<newline>m": lambda t: _rename(t, lambda n: n[0] + "\\\n" + n[1:]),
    "\\<newline> between words": _line_continuation,
    "{ ; }": _enclose("{ ", "}"),
    "( )": _enclose("( ", ")"),
    "if true": _enclose("if true; then ", "fi"),
    "f() { ; }; f": lambda t: _enclose(f"{_fresh(t)}() {{ ", "}")(t) + f"; {_fresh(t)}",
    "<<< ''": lambda t: t if "|" in t else t + " <<< ''",  # (it would replace a pipe's input)
    "$'rm'": lambda t: _rename(t, lambda n: f"$'{n}'"),
    _DYNAMIC: lambda t: _rename(t, lambda n: f'"$(printf %s {n})"'),
    "; appended": _append(";"),
    "& appended": _append(" &"),
    "! negation": _prefix("! "),
    "time -p": _prefix("time -p "),
    "nohup": _wrap("nohup "),
    "echo | xargs": _xargs,
    _SUDO: _wrap("sudo -n "),
    "tabs": _tabs,
    "-- before operands": _double_dash,
    "--opt=value": _long_equals,
    "./path": _per_path(_dot_slash),
    "//path": _per_path(lambda w: "/" + w if re.fullmatch(r"/[\w.-][\w./-]*", w) else None),
    "/./path": _per_path(lambda w: "/." + w if re.fullmatch(r"/[\w.-][\w./-]*", w) else None),
    "$HOME/": _home_spelling("$HOME"),
    "${HOME}/": _home_spelling("${HOME}"),
    '"$HOME"/': _home_spelling('"$HOME"'),
    # (fuzz14) each proven the same command in bash on a harmless one (tests/corpora/fuzz14.sh)
    **{f"write {name} T": _channel(form) for name, form in _CHANNELS.items()},
    **{f"path {name}": _spelled(how) for name, how in _SPELLINGS.items()},
    "git -C .": _git_option("-C ."),
    "git --no-pager": _git_option("--no-pager"),
    "exec at the end": _exec_last,
    "command -p": _wrap("command -p "),
    "env --": _wrap("env -- "),
    "nice -n 5": _wrap("nice -n 5 "),
    "ionice -c 3": _wrap("ionice -c 3 "),
    "chrt -o 0": _wrap("chrt -o 0 "),
    "taskset -c 0": _wrap("taskset -c 0 "),
    "stdbuf -oL": _wrap("stdbuf -oL "),
}


def disguise(command: str, steps: list[str]) -> tuple[str, Verdict | None]:
    """The variant of `command` by `steps`, and the verdict it must reach whatever the
    original's: the floor of the last step that changed it, if it has one (`_FLOOR`)."""
    variant, floor = command, None
    for step in steps:
        changed = TRANSFORMS[step](variant)
        if changed != variant and step in _FLOOR:
            floor = _FLOOR[step]
        variant = changed
    return variant, floor


def _severity(decision: Decision) -> int:
    verdicts = [f.verdict for f in decision.findings] or [Verdict.REVIEW]
    return max(SEVERITY[v] for v in verdicts)


def test_the_corpora_give_enough_commands() -> None:
    assert len(COMMANDS) > 150


@pytest.mark.parametrize("name", sorted(TRANSFORMS))
def test_each_transform_changes_some_command(name: str) -> None:
    assert any(TRANSFORMS[name](c) != c for c in COMMANDS)


# 250 examples under the `ci` profile (conftest.py: derandomized, the same every run), the
# profile's count under `make fuzz` (random seeds, 20,000 by default).
@settings(
    max_examples=max(250, settings().max_examples),
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
    variant, floor = disguise(command, steps)
    before = check(engine, command, cwd=cwd)
    # An original that bash refuses to run is no baseline: an appended word can complete it
    # into another, valid command (`ls &&` + ` 2>&1` is `ls && 2>&1`).
    assume("GK-SHELL-001" not in {f.rule for f in before.findings})
    after = check(engine, variant, cwd=cwd)
    expected = _severity(before) if floor is None else SEVERITY[floor]
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
