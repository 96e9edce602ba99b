"""Differential execution (diff14): let bash itself say which programs a text runs.

`Sandbox` runs a text in real bash where running is harmless: PATH holds nothing but stub
programs (one per name of `STUBS`), each of which records its name, its working directory
and its argv in a log directory and exits 0. `texts()` is a hypothesis strategy that
builds bash texts from the constructs of issue 3 point 1, with harmless names and the
marker `rm` put anywhere. `assert_harmless` refuses a text with any way out of the stub
directory before it runs; the generator never makes one, the check is the safety net.

Used by tests/test_differential.py; nothing here decides anything about the gate.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import shlex
import shutil
import signal
import subprocess
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from hypothesis import strategies as st

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

T = TypeVar("T")

# The programs a text may reach: everything else is "command not found". `rm`, `curl`,
# `sh`, `bash` and `git push` are what the gate never allows bare; the others it allows on
# project files.
STUBS = ("ls", "cat", "head", "wc", "grep", "git", "tail", "sort", "rm", "curl", "sh", "bash")

# A stub: bash in privileged mode (`-p`: no BASH_ENV, no functions from the environment,
# so nothing the text exports runs in it). Its name is written into it, not read from $0
# (`exec -a ls rm` runs rm under the name ls). One file per call: background calls run at
# the same time, and a file name of pid and random number never repeats within a run.
_STUB = """#!{bash} -p
printf '%s\\0' {name} "$PWD" "$@" > {log}/"$$.$SRANDOM"
exit 0
"""

# Ways out of the stub directory, or into a real program: a path (`/`, `~`, `..`), the
# variables that hold one or change the search (`HOME`, `PATH`, `CDPATH`, `PWD`, `BASH`,
# `SHELL`, `$_`), builtins that reach past PATH (`enable -f`, `hash -p`, `command -p`,
# `type -P`) or outside the sandbox (`kill`, `ulimit`, `umask`, `fc`, `history`), names by
# reference, and escapes that can spell a `/` (`\\57`, `\\x2f`, `\\u002f`, `%b`).
_FORBIDDEN = re.compile(
    r"[/~]|\.\.|HOME|PATH|PWD|BASH|SHELL|\$_|\$\{_|\$\{!|\benable\b|\bhash\b|\bkill\b"
    r"|\bulimit\b|\bumask\b|\bfc\b|\bhistory\b|\bdeclare\s+-|\blocal\s+-|\btypeset\s+-"
    r"|\\[0-7xuU]|(?:^|[\s'\x22])%b|-[A-Za-z]*[pP]\b"
)


def assert_harmless(text: str) -> None:
    """Refuse a text that could run anything but the stubs (`time -p` is the one `-p`)."""
    m = _FORBIDDEN.search(text.replace("time -p", "time"))
    assert m is None, f"generated text has a way out of the sandbox ({m.group()!r}): {text!r}"


@dataclass(frozen=True, slots=True)
class Call:
    """One program bash ran: its name, working directory and arguments."""

    name: str
    cwd: str
    args: tuple[str, ...]

    def command(self) -> str:
        """The call as a command line of its own, a process substitution's `/dev/fd/N`
        (bash's name for the pipe the gate judged as `<( )`) read as a project file."""
        args = [re.sub(r"^/dev/fd/\d+$", "a", a) for a in self.args]
        return shlex.join([self.name, *args])


@dataclass(frozen=True, slots=True)
class Run:
    """What one text did in bash: the calls (in no order), the status, whether it timed out."""

    calls: tuple[Call, ...]
    returncode: int | None
    timed_out: bool


class Sandbox:
    """A stub PATH, a log directory and a project directory for running texts in bash.

    `project` and `home` are reset to `fresh` contents before each run: the files `a`, `b`
    and the directory `sub` (the project also keeps its `.git`).
    """

    def __init__(self, root: Path, home: Path, project: Path) -> None:
        self.bin = root / "bin"
        self.log = root / "log"
        self.home = home
        self.project = project
        self.bash = shutil.which("bash") or "bash"
        self.bin.mkdir(parents=True, exist_ok=True)
        self.log.mkdir(exist_ok=True)
        for name in STUBS:
            stub = self.bin / name
            stub.write_text(_STUB.format(bash=self.bash, name=name, log=shlex.quote(str(self.log))))
            stub.chmod(0o755)
        self._home_keep = {p.name for p in home.iterdir()}
        self.reset()

    def reset(self) -> None:
        """The project and home as before any run, the log empty."""
        for where, keep in ((self.project, {".git"}), (self.home, self._home_keep)):
            for p in where.iterdir():
                if p.name not in keep:
                    if p.is_dir() and not p.is_symlink():
                        shutil.rmtree(p)
                    else:
                        p.unlink()
        for p in self.log.iterdir():
            p.unlink()
        (self.project / "a").write_text("a\n")
        (self.project / "b").write_text("b\n")
        (self.project / "sub").mkdir()

    def run(self, text: str, timeout: float = 2.0) -> Run:
        """Run `text` with `bash --norc --noprofile -c` in the project, stdin /dev/null."""
        assert_harmless(text)
        proc = subprocess.Popen(
            [self.bash, "--norc", "--noprofile", "-c", text],
            cwd=self.project,
            env={"PATH": str(self.bin), "HOME": str(self.home)},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        timed_out = False
        try:
            # The pipes close when every process holding them (background jobs, process
            # substitutions, coprocs) has ended: then each stub has written its file.
            proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
        finally:
            with contextlib.suppress(ProcessLookupError):  # the group ended on its own
                os.killpg(proc.pid, signal.SIGKILL)
            if timed_out:
                proc.communicate()
        calls = []
        for p in self.log.iterdir():
            fields = p.read_bytes().split(b"\0")[:-1]
            if len(fields) >= 2:
                name, cwd, *args = (f.decode(errors="replace") for f in fields)
                calls.append(Call(name, cwd, tuple(args)))
        return Run(tuple(calls), None if timed_out else proc.returncode, timed_out)


# -- the generator ------------------------------------------------------------------------

# Strategies are built once per argument: a fresh strategy object per draw is most of the
# generator's cost.
_cached = functools.lru_cache(maxsize=None)
_int = _cached(st.integers)
_SAMPLED: dict[tuple[object, ...], st.SearchStrategy[Any]] = {}


def _pick(values: tuple[T, ...]) -> st.SearchStrategy[T]:
    got = _SAMPLED.get(values)
    if got is None:
        got = _SAMPLED[values] = st.sampled_from(values)
    return got


def _lists(elements: st.SearchStrategy[T], min_size: int, max_size: int) -> st.SearchStrategy[list[T]]:
    return _list_of(elements, min_size, max_size)


_list_of = _cached(lambda e, lo, hi: st.lists(e, min_size=lo, max_size=hi))

# A text fragment and the here-document bodies it has opened: they follow the next newline.
@dataclass(frozen=True, slots=True)
class Frag:
    text: str
    pending: str = ""

    def closed(self) -> str:
        """The fragment with its here-documents, ready to sit before a closing `)` or `}`."""
        return f"{self.text}\n{self.pending}" if self.pending else self.text

    def ended(self) -> str:
        """The fragment as a finished command: `;` or, with here-documents, a newline."""
        return f"{self.text}\n{self.pending}" if self.pending else f"{self.text};"


NAMES = ("ls", "cat", "echo", "rm", "head", "wc", "true", "ls", "cat", "echo")
PLAIN = ("a", "b", "x", "sub", "-l", "-rf", "rm", "ls", "*", "?", "{a,b}", "-n", "--", "%s")
VARS = ("v", "w", "IFS")
BLANKS = (" ", " ", " ", "\t", " \\\n", "  ")
ODD = ("\r", "\v", "\f", "\\\r\n")


def _spell(name: str, way: int) -> str:
    """`name` quoted one way: bare, `'rm'`, `"rm"`, `r''m`, `\\rm`, `$'rm'`, `$"rm"`, `r"m"`."""
    half = max(1, len(name) // 2)
    return (
        name,
        f"'{name}'",
        f'"{name}"',
        f"{name[:half]}''{name[half:]}",
        "\\" + name,
        f"$'{name}'",
        f'$"{name}"',
        f'{name[:half]}"{name[half:]}"',
    )[way]


@_cached
@st.composite
def _name(draw: st.DrawFn, depth: int) -> str:
    kind = draw(_int(0, 9))
    if kind <= 6 or depth <= 0:
        return _spell(draw(_pick(NAMES)), draw(_int(0, 7)))
    if kind == 7:
        return draw(_pick(("$v", '"$v"', "${v}", "$w", "${v:-ls}", "${w:=rm}")))
    if kind == 8:
        return draw(_pick(("{r,}m", "{ls,}", "r{m,}", "{rm,ls}")))
    return f"$({draw(_list(depth - 1)).closed()})"


@_cached
@st.composite
def _word(draw: st.DrawFn, depth: int) -> str:
    kind = draw(_int(0, 14))
    if kind <= 4 or depth <= 0:
        return draw(_pick(PLAIN))
    if kind == 5:
        return _spell(draw(_pick(NAMES)), draw(_int(0, 7)))
    if kind == 6:
        inner = draw(_list(depth - 1)).closed()
        return draw(_pick(("$({})", '"$({})"', "x$({})", "<({})", ">({})"))).format(inner)
    if kind == 7:
        inner = draw(_list(depth - 1)).closed()
        if "`" in inner:
            return f"$({inner})"
        return draw(_pick(("`{}`", '"`{}`"'))).format(inner)
    if kind == 8:
        var = draw(_pick(VARS[:2]))
        op = draw(_pick((":-", ":=", ":+", "-", "=", "+", ":?", "#", "%", "##", "%%")))
        arg = draw(_word(depth - 1))
        form = draw(_pick(("${{{v}{o}{a}}}", '"${{{v}{o}{a}}}"')))
        return form.format(v=var, o=op, a=arg)
    if kind == 9:
        var = draw(_pick(VARS[:2]))
        return draw(_pick((f"${var}", f'"${var}"', f"${{{var}}}", f"${{#{var}}}",
                                     f"${{{var}^^}}", f"${{{var}@Q}}", f"${{{var}[0]}}")))
    if kind == 10:
        inner = draw(_list(depth - 1)).closed()
        return draw(_pick(("$((1+2))", "$((q[$({})]))", "$(( 1 + q[$({})] ))",
                                     "$[1+q[$({})]]"))).format(inner)
    if kind == 11:
        return draw(_pick(("'a b'", '"a  b"', "$'a\\tb'", "a\\ b", "'r'm", '"r"m',
                                     "a#rm", "#rm", "\\#rm", "'$(rm)'", '"\\$(rm)"', "\\`rm\\`")))
    if kind == 12:
        return draw(_pick(("@(rm|ls)", "!(x)", "?(a)", "*(b)", "+(a)")))
    return draw(_word(depth - 1)) + draw(_word(depth - 1))


_REDIRECTS = ("> x", ">x", ">> x", "2>&1", "&> x", "< a", "<a", "{fd}> x", ">| x", "2> x",
              "<> x", ">&2", "&>> x", "3> x", "<&-", "0< a")


@_cached
@st.composite
def _redirect(draw: st.DrawFn, depth: int) -> Frag:
    kind = draw(_int(0, 5))
    if kind <= 2 or depth <= 0:
        return Frag(draw(_pick(_REDIRECTS)))
    if kind == 3:
        return Frag(f"<<< {draw(_word(depth - 1))}")
    if kind == 4:
        return Frag(draw(_pick(("> ", "< "))) + draw(_word(depth - 1)))
    return draw(_heredoc(depth - 1))


_DELIMS = ("EOF", "'EOF'", '"EOF"', "\\EOF", "E'O'F", "rm")


@_cached
@st.composite
def _heredoc(draw: st.DrawFn, depth: int) -> Frag:
    delim = draw(_pick(_DELIMS))
    word = re.sub(r"['\"\\]", "", delim)
    dash = draw(_int(0, 1))
    lines = draw(_lists(_body_line(depth), min_size=0, max_size=3))
    indent = "\t" if dash else ""
    body = "".join(f"{indent}{line}\n" for line in lines) + f"{indent}{word}\n"
    return Frag(f"<<{'-' if dash else ''}{delim}", body)


@_cached
@st.composite
def _body_line(draw: st.DrawFn, depth: int) -> str:
    kind = draw(_int(0, 4))
    if kind == 0 or depth <= 0:
        return draw(_pick(("rm a", "ls", "x $v", "\\$(rm a)", "'", "#", "EOFX")))
    if kind == 1:
        return f"$({draw(_list(depth - 1)).closed()})"
    if kind == 2:
        inner = draw(_list(depth - 1)).closed()
        return f"x `{inner}`" if "`" not in inner and "\n" not in inner else "x"
    if kind == 3:
        return draw(_list(depth - 1)).closed().replace("\n", " ; ")
    return draw(_word(depth - 1))


@_cached
@st.composite
def _simple(draw: st.DrawFn, depth: int) -> Frag:
    parts: list[Frag] = []
    for _ in range(draw(_int(0, 1))):
        parts.append(draw(_redirect(depth)))
    for _ in range(draw(_int(0, 1))):
        parts.append(Frag(f"{draw(_pick(VARS))}={draw(_word(depth))}"))
    parts.append(Frag(draw(_name(depth))))
    for _ in range(draw(_int(0, 3))):
        if draw(_int(0, 4)) == 0:
            parts.append(draw(_redirect(depth)))
        else:
            parts.append(Frag(draw(_word(depth))))
    return _join(draw, parts)


def _join(draw: st.DrawFn, parts: list[Frag]) -> Frag:
    text = ""
    for i, p in enumerate(parts):
        if i:
            odd = draw(_int(0, 30)) == 0
            text += draw(_pick(ODD if odd else BLANKS))
        text += p.text
    return Frag(text, "".join(p.pending for p in parts))


def _quoted(draw: st.DrawFn, frag: Frag) -> str:
    way = draw(_int(0, 2))
    text = frag.closed()
    if way == 0 or '"' in text or "$" in text or "`" in text or "\\" in text:
        return shlex.quote(text)
    if way == 1:
        return f'"{text}"'
    return "$" + shlex.quote(text) if "\n" not in text and "'" not in text else shlex.quote(text)


_KINDS = (*range(22), *range(8, 22))


@_cached
@st.composite
def _builtin(draw: st.DrawFn, depth: int) -> Frag:
    inner = draw(_list(max(depth - 1, 0)))
    # The structures the gate can follow (lists, groups, loops, tests, here-documents)
    # twice as often as the ones it always asks about (eval, source, trap, alias, ...).
    kind = draw(_pick(_KINDS))
    q = _quoted(draw, inner)
    if kind == 0:
        return Frag(f"eval {q}")
    if kind == 1:
        return Frag(f"{draw(_pick(('source', '.')))} <(echo {q})")
    if kind == 2:
        how = draw(_pick(("source", ".", "eval \"$(cat f.sh)\"", "sh f.sh")))
        return Frag(f"printf '%s\\n' {q} > f.sh; {how.replace(' f.sh', '')} f.sh"
                    if how in ("source", ".", "sh f.sh") else f"printf '%s\\n' {q} > f.sh; {how}")
    if kind == 3:
        return Frag(f"trap {q} {draw(_pick(('EXIT', 'ERR', 'RETURN', 'DEBUG', '0')))}")
    if kind == 4:
        name = draw(_pick(("n", "ls", "cat", "echo")))
        return Frag(f"shopt -s expand_aliases\nalias {name}={q}\n{name}")
    if kind == 5:
        name = draw(_pick(("f", "ls", "cat", "echo", "rm")))
        form = draw(_pick(("{n}() {{ {b} }}", "function {n} {{ {b} }}",
                                     "{n}() ( {b} )", "function {n}() {{ {b} }}")))
        body = inner.ended() if "{" in form else inner.closed()
        call = draw(_pick(("", f"; {name}", f"\n{name}", f"; {name} a")))
        return Frag(form.format(n=name, b=body) + call)
    if kind == 6:
        return Frag(f"coproc {inner.closed()}" if not inner.pending else "coproc ls")
    if kind == 7:
        return Frag(f"coproc n {{ {inner.ended()} }}")
    if kind == 8:
        return Frag(f"{draw(_pick(('command', 'builtin', 'exec', 'time', 'time -p', '!', '! !')))} {inner.text}", inner.pending)
    if kind == 9:
        var = draw(_pick(("v", "w")))
        form = draw(_pick(("{v}={x}", "export {v}={x}", "declare {v}={x}", "readonly {v}={x}",
                                     "read -r {v} <<< {x}", "printf -v {v} %s {x}", "{v}+={x}",
                                     "let {v}=1", "q[$(ls)]={x}", "set -- {x}; {v}=$1",
                                     "for {v} in {x}; do :; done", "unset {v}")))
        return Frag(form.format(v=var, x=draw(_word(depth))))
    if kind == 10:
        return Frag(draw(_pick(("shopt -s extglob", "set -f", "set -e", "set -k", "set -a",
                                          "shopt -s nullglob", "set -o posix", "shopt -s lastpipe",
                                          "set +H", "set -u", "shopt -s failglob", "IFS=m",
                                          "IFS=' '", "exec 3> x", "exec {fd}> x", "cd sub",
                                          "cd", "pushd sub", "popd", "cd -", "set -x", "shift"))))
    if kind == 11:
        return Frag(f"( {inner.closed()} )")
    if kind == 12:
        return Frag(f"{{ {inner.ended()} }}")
    if kind == 13:
        cond = draw(_list(max(depth - 1, 0)))
        other = draw(_list(max(depth - 1, 0)))
        tail = draw(_pick(("", "else ", "elif ")))
        if tail == "else ":
            tail += other.ended() + " "
        elif tail == "elif ":
            tail += f"{cond.ended()} then {other.ended()} "
        return Frag(f"if {cond.ended()} then {inner.ended()} {tail}fi")
    if kind == 14:
        words = " ".join(draw(_lists(_word(depth - 1), min_size=0, max_size=2)))
        form = draw(_pick(("for v in {w}; do {b} done", "for v do {b} done",
                                     "for ((i=0;i<2;i++)); do {b} done",
                                     "for (( i = q[$(ls)] ; i < 1 ; i++ )) do {b} done",
                                     "select v in {w}; do {b} break; done")))
        return Frag(form.format(w=words or "a", b=inner.ended()))
    if kind == 15:
        cond = draw(_list(max(depth - 1, 0)))
        form = draw(_pick(("while", "until", "while !", "until !")))
        return Frag(f"{form} {cond.ended()} do {inner.ended()} break; done")
    if kind == 16:
        subject = draw(_word(depth - 1))
        pats = draw(_lists(_pick(("rm", "r*", "[r]m", '"rm"', "(rm", "*", "a|b", "'a'",
                                              "$v", "@(rm|ls)", "\\)", "x)y", "esac", "in")),
                             min_size=1, max_size=3))
        arms = ""
        for p in pats:
            arm = draw(_list(max(depth - 1, 0)))
            end = draw(_pick((";;", ";&", ";;&", "")))
            arms += f" {p}) {arm.closed()}\n{end}" if arm.pending else f" {p}) {arm.text} {end}"
        sep = draw(_pick((" ", "\n")))
        return Frag(f"case {subject} in{sep}{arms} esac")
    if kind == 17:
        w = draw(_word(depth - 1))
        return Frag(draw(_pick(("[[ {w} == rm ]]", "[[ -n {w} ]]", "[[ {w} == r? ]]",
                                          "[[ q[$(ls)] -eq 1 ]]", "[[ ! {w} ]]",
                                          "[[ {w} < a ]]", "[[ ( -z {w} ) ]]"))).format(w=w))
    if kind == 18:
        return Frag(draw(_pick(("(( q[$({i})] ))", "(( x = 1 + q[$({i})] ))",
                                          "(( {w} ))", "let 'q[$({i})]'", "(( x ))")))
                    .format(i=inner.closed(), w=draw(_word(depth - 1))))
    if kind == 19:
        return Frag(f"cat <<< {q}", "")
    if kind == 20:
        hd = draw(_heredoc(depth))
        shell = draw(_pick(("cat", "sh", "bash", "source", ".", "eval \"$(cat", "read -r v")))
        if shell.startswith("eval"):
            return Frag(f"{shell} {hd.text}\n{hd.pending})\"")
        return Frag(f"{shell} {hd.text}", hd.pending)
    delim = draw(_pick(_DELIMS[:5]))  # a here-document inside `$( )`
    return Frag(f"echo \"$(cat <<{delim}\n{inner.closed()}\nEOF\n)\"")


@_cached
@st.composite
def _command(draw: st.DrawFn, depth: int) -> Frag:
    if depth <= 0 or draw(_int(0, 2)) == 0:
        return draw(_simple(depth))
    return draw(_builtin(depth))


_OPS = ("; ", " && ", " || ", " & ", " | ", " |& ", "\n", ";", "&&", "|", " ;\n", "\n\n")


@_cached
@st.composite
def _list(draw: st.DrawFn, depth: int) -> Frag:
    items = draw(_lists(_command(depth), min_size=1, max_size=3))
    out = items[0]
    for item in items[1:]:
        op = draw(_pick(_OPS))
        if "\n" in op:
            out = Frag(f"{out.closed()}{op.lstrip(' ;') if out.pending else op}{item.text}",
                       item.pending)
        else:
            out = Frag(f"{out.text}{op}{item.text}", out.pending + item.pending)
    comment = draw(_int(0, 12))
    if comment == 0:
        out = Frag(f"{out.text} # rm a", out.pending)
    elif comment == 1:
        out = Frag(f"{out.text} #", out.pending)
    return out


def texts(depth: int = 3) -> st.SearchStrategy[str]:
    """Whole bash texts: a list of commands with its here-documents closed."""
    return _list(depth).map(lambda f: f.closed())


def fragments() -> dict[str, Callable[[int], st.SearchStrategy[Frag]]]:
    """The generator's parts by name (for tests of the generator itself)."""
    return {"list": _list, "command": _command, "simple": _simple, "builtin": _builtin}
