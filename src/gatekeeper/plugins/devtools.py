"""GK-DEV: the development tools the seeds trust, and their dangerous corners.

## GK-DEV-001 — a trusted dev tool (SAFE)
**What it catches:** ``python script.py`` (a script inside the allowed dirs), ``pytest``,
``ruff``, ``mypy``, ``black``, ``isort``, ``flake8``, ``pylint``, ``pip install``/``list``/
``show``/``freeze``, ``uv run pytest``, ``uv sync``, ``uv pip install``, ``uv lock``,
``python -m pytest|pip|mypy|ruff|venv|...``, version queries (``node --version``),
``rustc --explain E0308``,
``uv help``, ``uv cache dir``, ``uv python list|find``, ``pip tree``, ``pip hash`` of the
project's archives.
**Why:** the seeds' baseline for a Python project: running its own tests and linters.
**Example:** ``pytest -x tests/``, ``uv run pytest``.

## GK-DEV-002 — a dev tool used in a way the seeds do not cover (REVIEW)
**What it catches:** ``cargo``/``rustc`` (rustup's proxies) below a ``rust-toolchain(.toml)``
naming a toolchain directory (``shell.rusttoolchain``), ``python -i`` (after ``-c`` or the
script it runs its standard input),
``python -c``/``python -``/code on stdin (unless plainly harmless:
``python -c 'import sys; print(sys.version)'``, ``python -c 'print(f"{x}")'`` — a string
or an f-string whose fields are bare names, ``python -c 'print(1+1)'`` — numbers and single
operators), a script outside the allowed dirs,
``pytest --basetemp`` outside a tmp dir (pytest deletes that directory), ``pytest @FILE``
(more arguments the gate cannot see), ``pytest --pastebin``, ``pytest -o`` of a setting
other than a harmless one (``addopts``, ``cache_dir``...), ``pytest --cov-report=html:DIR``
outside, ``pip install`` of a project, ``-e``, ``-r`` or ``-c`` in a tmp dir, ``uv`` run in
a tmp dir (but its version, help, ``cache dir``),
``python -m``/``python -c 'import platform...'`` run in a tmp dir without
``-I``/``-P`` (it imports from there first), ``pytest``/``pylint``/``mypy``/``flake8`` run in or pointed at a tmp dir (anyone on the
machine may plant a conftest.py, an ini file or a plugin there),
``pip install --target/--prefix/--root/--dest/--wheel-dir/--src/--log/--cache-dir/
--report`` outside the allowed dirs (abbreviated too: pip takes ``--tar=DIR``), ``pip`` with another
index or from a URL/VCS (``git+https://...``) or a path outside the allowed dirs,
``pip config`` other than ``list``/``get``/``debug`` (and any ``--editor``), ``pip cache``
other than ``dir``/``info``/``list``, linters and ``pytest`` given a path outside the
allowed dirs (``pytest`` runs the code it collects), ``uv run`` of anything (the command it runs is classified instead), ``uv`` pointed at another project, config,
interpreter or output (``--directory``, ``--project``, ``--config-file``, ``--python PATH``,
``-o``, ``uv venv DIR``) outside the allowed dirs, ``python -m`` of
other modules, ``pip``/``uv`` given a word known only at run time (another index in ``$X``),
a warning filter whose category names a module to import (``python -W
ignore::antigravity.X``, ``pytest -W``/``-o filterwarnings=``), ``python -X
pycache_prefix=DIR`` outside the allowed dirs (compiled modules are loaded from DIR),
``python -m pydoc|unittest NAME`` of a module that is not the project's (importing it runs
it), ``python -m compileall`` with no directory (all of ``sys.path``) and ``python -m
py_compile -`` (the files its standard input names), ``pytest --pyargs NAME`` of a module
that is not the project's, ``pytest --pdb|--trace|--pdbcls`` (the debugger runs the python
statements of its standard input).
**Why:** each either runs code the gate cannot read or writes outside the project.
"""

from __future__ import annotations

from gatekeeper.hookspecs import hookimpl
from gatekeeper.lazyre import LazyRegex
from gatekeeper.model import Finding, Verdict, new_finding
from gatekeeper.paths import ALLOWED, PROTECTED, TMP
from gatekeeper.shell.effects import long_options
from gatekeeper.shell.optglob import option_glob

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from gatekeeper.context import Context
    from gatekeeper.model import Command, ToolCall

_LINTERS = {
    "ruff",
    "mypy",
    "black",
    "isort",
    "flake8",
    "pylint",
    "pyright",
    "pyflakes",
    "pycodestyle",
    "pydocstyle",
    "bandit",
    "vulture",
    "codespell",
    "yamllint",
}
_PYTHON = LazyRegex(r"^(python|python3|python3\.\d+|py)$")  # the reference of `_is_python`


def _is_python(name: str) -> bool:
    """``_PYTHON.match(name)``, without `re` (it runs for every command of every call).

    ``$`` also matches before a final newline, and ``\\d`` is any Unicode decimal digit,
    which is what `str.isdecimal` tests (tests/test_cold_equivalence.py compares the two).
    """
    if name.endswith("\n"):
        name = name[:-1]
    if name in ("python", "python3", "py"):
        return True
    return name.startswith("python3.") and name[8:].isdecimal()


_MODULE_TOOLS = {
    "pytest",
    "pip",
    "mypy",
    "ruff",
    "black",
    "isort",
    "flake8",
    "pylint",
    "pyflakes",
    "unittest",
    "venv",
    "build",
    "compileall",
    "json.tool",
    "pydoc",
    "site",
    "doctest",
    "timeit",
    "tokenize",
    "py_compile",
    "coverage",
}
_VERSION_QUERIES = {"--version", "-V", "--help", "-h", "-v"}
# The tools whose `TOOL version` is a subcommand that only prints. Elsewhere `version` is an
# operand: a make target, a script (`node version` runs ./version.js), a class (`java`), a
# file to compile, or a prompt (`claude`); `yarn version` bumps, commits and tags.
_VERSION_SUBCOMMAND = {"go", "cargo", "docker", "uv", "gh", "kubectl", "terraform", "npm"}
# `swift -v` with no input goes on to start the REPL, which reads its standard input.
# `ninja -v` builds (verbosely); cmake takes no `-v`/`-V` of its own.
_NOT_A_VERSION_QUERY = {("swift", "-v"), ("ninja", "-v"), ("cmake", "-v"), ("cmake", "-V")}
# The tools whose `TOOL --version` (one of `_VERSION_QUERIES`) only prints.
_VERSION_TOOLS = {
    "node",
    "npm",
    "npx",
    "go",
    "cargo",
    "rustc",
    "java",
    "javac",
    "gcc",
    "make",
    "docker",
    "uv",
    "pip",
    "ruby",
    "perl",
    "deno",
    "bun",
    "pnpm",
    "yarn",
    "tsc",
    "gh",
    "claude",
    "kubectl",
    "terraform",
    "php",
    "dotnet",
    "swift",
    "clang",
    "clang++",
    "cmake",
    "ninja",
    "meson",
}
_PLAIN_PYTHON = LazyRegex(
    r"^\s*(import (sys|platform|os)(, ?(sys|platform|os))*\s*;\s*)?"
    r"print\((sys\.(version|version_info|executable|path|platform)|platform\.\w+\(\)"
    # a string literal, or an f-string whose fields are bare names (no calls, no attributes)
    r"|f?\"(?:[^\"\\{}]|\{[A-Za-z_]\w*\})*\"|f?'(?:[^'\\{}]|\{[A-Za-z_]\w*\})*'"
    # numbers joined by single operators (no `**`: `9**9**9` would not end)
    r"|\d+(?:\.\d+)?(?:\s*[-+*/%]\s*\d+(?:\.\d+)?)*)\)\s*$"
)


def _safe(reason: str) -> Finding:
    return new_finding(Verdict.SAFE, "GK-DEV-001", reason, "", "")  # (hot)


def _review(reason: str) -> Finding:
    return new_finding(Verdict.REVIEW, "GK-DEV-002", reason, "", "")


def _option_value(args: list[str], names: tuple[str, ...]) -> list[str]:
    values = []
    for i, a in enumerate(args):
        for n in names:
            if a == n and i + 1 < len(args):
                values.append(args[i + 1])
            elif a.startswith(n + "="):
                values.append(a.split("=", 1)[1])
    return values


# Tools with options that delete, write elsewhere or load code, which a glob operand may
# turn on (`pytest *` with a file named `--basetemp=..`, `pip install *` with `--target=..`).
_OPTION_TAKERS = {"pytest", "py.test", *_LINTERS}

# Tools that run code found beside or above what they check: pytest imports every
# conftest.py and test file and takes `addopts` from an ini file in any parent directory,
# pylint's rc file has `init-hook`, mypy's config loads `plugins`, flake8's
# `[flake8:local-plugins]` imports modules from its `paths` (redteam18).
# rustup's proxies approved somewhere (`rustc --explain`, `cargo tree`, version queries): each
# runs the toolchain a `rust-toolchain(.toml)` file in its directory or above names
_RUSTUP_PROXIES = {"cargo", "rustc"}
_LOAD_CODE_NEAR = {"pytest", "py.test", "pylint", "mypy", "flake8"}


def _in_tmp(args: list[str], ctx: Context) -> bool:
    """Whether the tool runs from, or is pointed at, a tmp dir: /tmp is shared, so anyone on
    the machine can plant a conftest.py or a pytest.ini there, or in a parent of the agent's
    own `/tmp/x` (the project itself is an allowed dir, even when it lies under /tmp)."""
    places = [".", *(a for a in args if not a.startswith("-"))]
    places += _option_value(args, ("--rootdir", "--confcutdir", "--config-file", "--rcfile"))
    return any(ctx.paths.classify(p, write=False)[0] == TMP for p in places)


def _outside_operand(args: list[str], ctx: Context) -> str:
    """The first argument (or `--opt=value` value) naming a path outside the allowed dirs."""
    for a in args:
        value = a.split("=", 1)[1] if a.startswith("--") and "=" in a else a
        if value.startswith("-") or not value:
            continue
        if ("$" in value or "`" in value) or not ctx.paths.is_allowed(value):
            return a
    return ""


_REPORT_ONLY = {"--check", "--diff"}


def _rewrites(name: str, args: list[str]) -> bool:
    """Whether a linter rewrites the files it is given: `black`, `isort`, `ruff format`
    (unless `--check`/`--diff`), `ruff check --fix`, `codespell -w`."""
    if name in ("black", "isort") or (name == "ruff" and args[:1] == ["format"]):
        return not any(a in _REPORT_ONLY for a in args)
    if name == "ruff":
        return any(a in ("--fix", "--unsafe-fixes") for a in args) and "--no-fix" not in args
    if name == "codespell":
        return any(a == "--write-changes" or (a[:2] == "-w" and a[1:2] != "-") for a in args)
    return False


def _protected_rewrite(name: str, args: list[str], ctx: Context) -> Finding | None:
    """GK-PROT-001 when a linter that rewrites files is given a protected one (`black
    .git/hooks/pre-commit`: the hook runs at the next commit; `ruff format ~/.bashrc`)."""
    if not _rewrites(name, args):
        return None
    for a in args:
        if a.startswith("-") or not a or "$" in a or "`" in a:
            continue
        kind, where = ctx.paths.classify(a, write=True)
        if kind == PROTECTED:
            return Finding(Verdict.ELEVATE, "GK-PROT-001", f"`{name}` rewrites {where}")
    return None


@hookimpl
def gatekeeper_check_command(command: Command, call: ToolCall, ctx: Context) -> Finding | None:
    """The seeds' dev tools → SAFE; their code-running and out-of-project corners → REVIEW."""
    if not command.words or command.words[0].dynamic:
        return None
    name = command.name
    if name not in _ACTS_ON and name[:2] != "py":
        return None  # no branch below tests true (hot: most commands; see `_ACTS_ON`)
    args = list(command.argv[1:])
    if name[:2] == "py" and _is_python(name):  # (every python name starts so; hot)
        return _python(args, ctx)
    if name in _RUSTUP_PROXIES and (toolchain := _path_toolchain(ctx)):
        return _review(
            f"`{name}` is rustup's proxy: it runs the toolchain {toolchain} names by path, "
            "programs of the project's choosing"
        )
    if (name in _OPTION_TAKERS or (name in ("pip", "pip3") and args[:1] != ["hash"])) and (
        glob := option_glob(command)
    ):
        # a file named `--basetemp=..` makes `pytest *` delete the project's parent
        return _review(f"`{glob}` may expand to a name `{name}` reads as an option")
    if name in _LOAD_CODE_NEAR and _in_tmp(args, ctx):
        return _review(
            f"`{name}` in a tmp dir loads code from its configuration or conftest.py files,"
            " and anyone on the machine may have planted them there"
        )
    if name in ("pytest", "py.test"):
        hidden = _pytest_hidden(args)
        if hidden:
            return _review(hidden)
        for base in _option_value(args, ("--basetemp",)):
            kind = ctx.paths.classify(base, write=True)[0]
            if kind != "tmp":
                return _review(f"`pytest --basetemp={base}` deletes that directory first")
        for report in _option_value(args, ("--cov-report",)):
            kind, _, where = report.partition(":")  # `html:DIR`, `xml:FILE`...
            if where and not ctx.paths.is_allowed(where):
                return _review(f"`pytest --cov-report={report}` writes {where}, outside")
        if "--pyargs" in args and (name := _foreign_module("pytest", args, ctx)):
            # bash: `pytest --pyargs antigravity` collected (imported) it: the browser started
            return _review(f"`pytest --pyargs` imports {name}, not a module of the project")
        if any(_pytest_short(a) == "p" for a in args):
            return _review("`pytest -p` loads a plugin module of the caller's choosing")
        for a in args:  # `-c/srv/pytest.ini`: a value glued to its letter
            if _pytest_short(a) == "c" and a.index("c") < len(a) - 1:
                config = a[a.index("c") + 1 :]
                if not ctx.paths.is_allowed(config):
                    return _review(f"`pytest -c {config}` reads its settings from outside")
        outside = _outside_operand(args, ctx)
        if outside:
            return _review(f"`pytest {outside}` collects and runs code outside the allowed dirs")
        return _safe("`pytest` runs the project's tests")
    if name in _LINTERS:
        if (written := _protected_rewrite(name, args, ctx)) is not None:
            return written
        outside = _outside_operand(args, ctx)
        if outside:
            return _review(f"`{name} {outside}` works on files outside the allowed dirs")
        return _safe(f"`{name}` checks the project's code")
    if name in ("pip", "pip3", "uv") and any(w.dynamic for w in command.words[1:]):
        # `pip install $X` with X='--index-url https://elsewhere/ pkg': unchecked options
        return _review(
            f"`{name}` is given a word known only at run time: it may name another index, a "
            "URL or a path outside the project"
        )
    if name in ("pip", "pip3"):
        return _pip(args, ctx)
    if name == "uv":
        return _uv(args, ctx)
    if len(args) == 1 and name in _VERSION_TOOLS and _version_query(name, args[0]):
        return _configured(command, call, ctx) or _safe(
            f"`{name} {args[0]}` only prints its version or help"
        )
    if name == "rustc" and len(args) == 2 and args[0] == "--explain" and args[1][1:].isdigit():
        return _configured(command, call, ctx) or _safe(
            f"`rustc --explain {args[1]}` only prints the error's explanation"
        )
    return None


def _configured(command: Command, call: ToolCall, ctx: Context) -> Finding | None:
    """GK-DEV-002 for a version or help query with a variable set that is not plainly
    harmless, as a prefix (`FOO=1 perl -v`) or by a statement before it (`export FOO=1;
    perl -v`): a tool reads its own (`LUA_INIT` runs code before `lua -v` prints,
    `LSB_OS_RELEASE` is sourced by `lsb_release`; redteam14), and the dangerous list cannot
    name every tool's (`shell.setbefore`)."""
    from gatekeeper.shell.setbefore import env_changed

    changed = env_changed(command, call, ctx.paths.home_resolver)
    if changed is not None:
        return _review(f"{changed} may change what `{command.name}` runs")
    return None


# Every name a branch of `gatekeeper_check_command` tests `name` with (a python's name starts
# with `py`, which it tests apart): for any other name each branch's test is false and the
# hook answers None, so it answers at once (~60 bytecodes less a command).
# `tests/test_name_gates.py` reads every test of the hook from its source (`ast`): each
# branch must test `name` and every name it compares with must be here.
_ACTS_ON = frozenset(
    {*_OPTION_TAKERS, "pip", "pip3", "uv", *_LOAD_CODE_NEAR, "pytest", "py.test", *_LINTERS}
    | _VERSION_TOOLS
    | _RUSTUP_PROXIES
)



def _path_toolchain(ctx: Context) -> str | None:
    """The `rust-toolchain(.toml)` file naming a toolchain directory that rustup's proxy run
    in the command's directory would use (`shell.rusttoolchain`), or None."""
    from gatekeeper.shell.rusttoolchain import path_toolchain  # only for cargo and rustc

    for start in ctx.paths.resolve_all("."):
        found = path_toolchain(start)
        if found:
            return found
    return None


def _version_query(name: str, arg: str) -> bool:
    """Whether `name arg` (`name` one of `_VERSION_TOOLS`) only prints a version or help."""
    if arg == "version":
        return name in _VERSION_SUBCOMMAND
    return arg in _VERSION_QUERIES and (name, arg) not in _NOT_A_VERSION_QUERY


def _python_options(args: list[str]) -> tuple[list[str], list[str], list[tuple[str, str]]]:
    """CPython's own options, the rest from `-c`/`-m`/`-`/the script on (given back as
    ``["-c", CODE, ...]``, ``["-m", MODULE, ...]``), and the values of `-W`/`-X` as (letter,
    value): letters cluster (``-Ic CODE``, ``-Bm MOD``, ``-uc'...'``), and ``-W``/``-X``/
    ``--check-hash-based-pycs`` take a value (``-W ignore /srv/x.py`` runs /srv/x.py). A flag
    word ends at its `W`/`X` (``-bWignore::PendingDeprecationWarning`` is ``-bW``): the
    value's letters are no flags (its `P` is no `-P`)."""
    flags: list[str] = []
    values: list[tuple[str, str]] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "-" or not a.startswith("-"):
            return flags, args[i:], values
        if a.startswith("--"):
            flags.append(a)
            i += 2 if a == "--check-hash-based-pycs" else 1
            continue
        for j, letter in enumerate(a[1:], 1):
            if letter in "cm":
                attached = a[j + 1 :]
                if j > 1:
                    flags.append(a[:j])  # `-ic CODE`: the letters before `c` are flags too
                rest = [f"-{letter}", *([attached] if attached else []), *args[i + 1 :]]
                return flags, rest, values
            if letter in "WX":
                value = a[j + 1 :]
                if not value:
                    i += 1  # the next word is the value
                    value = args[i] if i < len(args) else ""
                values.append((letter, value))
                a = a[: j + 1]
                break
        flags.append(a)
        i += 1
    return flags, [], values


def _interactive(flags: list[str]) -> bool:
    """Whether CPython's flags hold `-i` (`-Bi`, `-ic`), which after the `-c` code or the
    script reads and runs its standard input (a file or pipe too, not only a terminal)."""
    for flag in flags:
        if flag[:1] != "-" or flag[:2] == "--":
            continue
        for letter in flag[1:]:
            if letter == "i":
                return True
            if letter in "WX":
                break  # the rest of the word is the value
    return False


def _python(args: list[str], ctx: Context) -> Finding | None:
    flags, args, values = _python_options(args)
    if not args:
        if flags and all(f in ("--version", "-V", "-VV", "--help", "-h") for f in flags):
            return _safe("`python --version` only prints its version")
        return None  # reads code from stdin: GK-BASH-006
    for letter, value in values:
        if letter == "W" and (module := _warning_module(value)):
            return _review(f"`python -W {value[:60]}` imports {module}: {_IMPORT_RUNS}")
        if letter == "X" and (found := _pycache_prefix(value, ctx)) is not None:
            return found
    if _interactive(flags):
        # bash: `python3 -i -c 'print(1+1)' < in.txt` ran in.txt's code (redteam14)
        return _review("`python -i` goes on to run the code on its standard input")
    head = args[0]
    if head == "-c":
        code = args[1] if len(args) > 1 else ""
        if "platform" in code and _imports_from_tmp_cwd(flags, ctx):
            return _review(
                "`python -c` in a tmp dir imports `platform` from that dir first, and anyone on"
                " the machine may have planted a platform.py there"
            )
        if _PLAIN_PYTHON.match(code):
            return _safe("`python -c` only prints interpreter facts")
        return _review("`python -c` runs code the gate does not analyse")
    if head == "-":
        return None  # stdin: GK-BASH-006
    if head == "-m":
        module = args[1] if len(args) > 1 else ""
        if _imports_from_tmp_cwd(flags, ctx):
            return _review(
                f"`python -m {module}` in a tmp dir imports {module} (and what it imports) from"
                " that dir first, and anyone on the machine may have planted them there"
            )
        if module in _MODULE_TOOLS:
            tool = "pip" if module == "pip" else module
            if module in ("venv",):
                targets = [a for a in args[2:] if not a.startswith("-")]
                if all(ctx.paths.is_allowed(t) for t in targets):
                    return _safe("`python -m venv` inside the allowed dirs")
                return _review("`python -m venv` outside the allowed dirs")
            if module in _STDLIB_TOOLS:
                return _stdlib_tool(module, args[2:], ctx)
            inner = ctx.classify([tool, *args[2:]], f"python -m {module}")
            return Finding(inner.verdict, inner.rule, f"`python -m {module}`: {inner.reason}")
        return _review(f"`python -m {module}` runs a module gatekeeper does not know")
    if ctx.paths.is_allowed(head):
        return _safe(f"`python {head}` runs a script of the project")
    return _review(f"`python {head}` runs a script outside the allowed dirs")


def _imports_from_tmp_cwd(flags: list[str], ctx: Context) -> bool:
    """Whether python (`-c`/`-m`) puts a tmp dir first on its module path: the directory it
    runs in, unless `-P` or `-I` (isolated) leaves it out. bash: a json/__init__.py planted
    in /tmp/x ran (it created a marker) for `cd /tmp/x && python3 -m json.tool d.json`, a
    platform.py for `python3 -c 'import platform; print(platform.system())'` (redteam18)."""
    if any(f[:1] == "-" and f[1:2] != "-" and ("P" in f or "I" in f) for f in flags):
        return False
    return _cwd_in_tmp(ctx)


_IMPORT_RUNS = "importing a module runs its code (`antigravity` starts a web browser)"


def _warning_module(spec: str) -> str:
    """The module a warning filter (``action:message:category:module:lineno``: python's `-W`,
    pytest's `-W` and `filterwarnings`) imports, or "": python and pytest import MODULE of a
    category ``MODULE.Class`` to find the class, and an import runs the module's code. bash:
    `python3 -W ignore::antigravity.X -c 'print(1)'` and `pytest -W ignore::antigravity.X`
    started the web browser antigravity opens (redteam21). A builtin category
    (``error::DeprecationWarning``) is imported from nowhere."""
    for line in spec.splitlines():
        fields = line.split(":")
        category = fields[2].strip() if len(fields) > 2 else ""
        if "." in category:
            return category.rsplit(".", 1)[0]
    return ""


def _pycache_prefix(option: str, ctx: Context) -> Finding | None:
    """GK-DEV-002 for `-X pycache_prefix=DIR` outside the allowed dirs: python loads every
    module's compiled code from the mirror tree under DIR when it is there (and writes it
    there when not). bash: a `keyword.cpython-311.pyc` planted under /tmp/pc, stamped with
    the real source's time and size, ran for `python3 -X pycache_prefix=/tmp/pc -c
    'print(1)'` (redteam21)."""
    name, _, where = option.partition("=")
    if name.strip() != "pycache_prefix" or not where:
        return None
    if ctx.paths.classify(where, write=True)[0] == ALLOWED:
        return None
    return _review(
        f"`python -X pycache_prefix={where}` loads the modules' compiled code from {where}, "
        "outside the allowed dirs, where anyone may have planted it"
    )


_STDLIB_TOOLS = {
    "json.tool", "pydoc", "compileall", "py_compile", "tokenize", "timeit", "site", "doctest",
    "build", "unittest", "coverage",
}  # fmt: skip


def _stdlib_tool(module: str, args: list[str], ctx: Context) -> Finding:
    """`python -m MODULE` of the standard tools, by what each does with its arguments."""
    how = f"`python -m {module}`"
    if module == "timeit":
        return _review(f"{how} runs the statements it is given")
    if module == "pydoc" and any(a.startswith(("-p", "-b", "-n")) for a in args):
        return _review(f"{how} -p/-b starts a documentation server")
    if module == "coverage" and args[:1] == ["run"]:
        return _coverage_run(args[1:], ctx)
    if module in ("pydoc", "unittest") and (name := _foreign_module(module, args, ctx)):
        return _review(f"{how} imports {name}, not a module of the project: {_IMPORT_RUNS}")
    if module == "py_compile" and "-" in args:
        # bash: `echo /tmp/x/m.py | python3 -m py_compile -` wrote /tmp/x/__pycache__ (redteam21)
        return _review(f"{how} - compiles the files its standard input names, wherever they are")
    operands = [a for a in args if not a.startswith("-")]
    if module == "compileall" and not _compileall_operands(args):
        # bash: `python3 -m compileall -q` wrote __pycache__ into a PYTHONPATH dir (redteam21)
        return _review(f"{how} with no directory compiles every one on python's path")
    # json.tool writes its second operand; compileall and py_compile write a __pycache__
    # beside each file they compile
    writes = module in ("json.tool", "compileall", "py_compile")
    if module == "json.tool":
        reads, written = operands[:1], operands[1:2]
    else:
        reads, written = ([], operands) if writes else (operands, [])
    for path in written:
        kind, where = ctx.paths.classify(path, write=True)
        if kind == PROTECTED:
            return Finding(Verdict.ELEVATE, "GK-PROT-001", f"{how} writes {where}")
        if kind not in (ALLOWED, TMP):
            return _review(f"{how} writes {where}, outside the allowed dirs")
    outside = _outside_operand(reads, ctx) or _outside_operand(
        [a for a in args if a.startswith("-")], ctx
    )
    if outside or any(a.startswith(("-o/", "-d/", "-s/", "-i")) for a in args):
        return _review(f"{how} {outside or 'with that option'} works outside the allowed dirs")
    return _safe(f"{how} works on the project's files")


def _compileall_operands(args: list[str]) -> list[str]:
    """The files and directories `python -m compileall` is given: its words but the options
    and their values (``-j 0``, ``-r2``, ``--invalidation-mode MODE``); none means every
    directory of `sys.path`. A value glued to its letter is part of the option's word."""
    operands: list[str] = []
    value_next = False
    for a in args:
        if value_next:
            value_next = False
        elif a.startswith("--"):
            value_next = "=" not in a and a != "--hardlink-dupes"
        elif a.startswith("-") and len(a) > 1:
            for j, letter in enumerate(a[1:], 2):
                if letter in "rdspxijoe":
                    value_next = j == len(a)  # `-j 0`: the next word; `-j0`: this one
                    break
        else:
            operands.append(a)
    return operands


# The options of pydoc, unittest and pytest whose value is no module name (others of pytest:
# their value is taken for one, and reviewed).
_NAMELESS_VALUES = {"-k", "-n", "-p", "-m", "-o", "-W", "-r", "--durations", "--tb"}


def _foreign_module(module: str, args: list[str], ctx: Context) -> str:
    """The first operand of `python -m pydoc|unittest` (or `pytest --pyargs`) naming a
    module (``antigravity``, ``json.decoder``) whose top package is no file or directory of
    the project, or "". pydoc and unittest import the modules they are given, and an import
    runs the module's code: bash: `python3 -m pydoc antigravity` and `python3 -m unittest
    antigravity` started the web browser (redteam21). A path (``tests/test_x.py``) is
    judged as a path; ``unittest discover`` takes directories and patterns."""
    if module == "unittest" and args[:1] == ["discover"]:
        return ""
    value_next = False
    for a in args:
        if value_next or a.startswith("-"):
            value_next = not value_next and a in _NAMELESS_VALUES
            continue
        top = a.split(".", 1)[0]
        if "/" in a or a.endswith(".py") or not top.isidentifier():
            continue  # a path, or nothing python can import
        if not any(_project_entry(entry, ctx) for entry in (top, f"{top}.py")):
            return a
    return ""


def _project_entry(name: str, ctx: Context) -> bool:
    """Whether `name` is a file or directory of the allowed dirs in every directory the
    command may run in."""
    return ctx.paths.is_allowed(name) and all(
        ctx.paths.lexists(path) for path in ctx.paths.resolve_all(name)
    )


_COVERAGE_RUN_VALUES = {"--rcfile", "--source", "--include", "--omit", "--data-file", "--context"}
_COVERAGE_RUN_VALUES |= {"--concurrency"}


def _coverage_run(args: list[str], ctx: Context) -> Finding:
    """`coverage run [OPTIONS] (-m MODULE | FILE) ARGS`: judged as the python it runs."""
    rest = list(args)
    while rest and rest[0].startswith("-") and rest[0] != "-m":
        opt = rest.pop(0)
        if opt in _COVERAGE_RUN_VALUES and rest:
            rest.pop(0)
    outside = _outside_operand(args[: len(args) - len(rest)], ctx)
    if outside:
        return _review(f"`coverage run {outside}` works outside the allowed dirs")
    found = _python(list(rest), ctx)
    if found is None:
        return _review("`coverage run` runs code the gate cannot see")
    return Finding(found.verdict, found.rule, f"`coverage run`: {found.reason}")


# `pytest -o KEY=VALUE` settings that only change what is printed or how tests are judged:
# `addopts` may add `--basetemp=~` (deleted first), `cache_dir` and `pythonpath` leave the
# project, `required_plugins`... load more.
_PYTEST_INI_OK = {
    "log_cli", "log_cli_level", "log_level", "log_format", "log_cli_format", "console_output_style",
    "xfail_strict", "filterwarnings", "asyncio_mode", "asyncio_default_fixture_loop_scope",
    "junit_family", "verbosity_assertions", "verbosity_test_cases", "empty_parameter_set_mark",
}  # fmt: skip


def _pytest_short(arg: str) -> str:
    """The first of pytest's valued letters `p`, `c`, `o`, `k`, `m`, `r`, `W` in a word of
    short options (``-qp NAME``, ``-pNAME``), or "": argparse clusters them."""
    if not arg.startswith("-") or arg.startswith("--"):
        return ""
    for letter in arg[1:]:
        if letter in "pcokmrW":
            return letter
    return ""


def _pytest_hidden(args: list[str]) -> str:
    """Why pytest's arguments say less than it will do, or "": ``@FILE`` (pytest reads more
    arguments from FILE: ``--basetemp=~`` there is deleted), ``--pastebin`` (the session's
    output goes to a paste service), a ``-o`` setting other than a harmless one, a warning
    filter (``-W``, ``filterwarnings``) whose category names a module to import, the
    debugger (``--pdb``, ``--trace``: it runs the python statements of its standard input;
    ``--pdbcls=MODULE:CLASS`` imports MODULE)."""
    settings: list[str] = []
    for i, a in enumerate(args):
        if a in ("--pdb", "--trace") or a.startswith("--pdbcls"):
            # bash: `printf 'open(MARKER, "w")\nc\n' | pytest --trace` created the marker,
            # as `--pdb` did at a failure; `--pdbcls=antigravity:X --trace` started the
            # browser (redteam21)
            return f"`pytest {a}` starts the debugger, which runs what its standard input says"
        spec = _pytest_warning_filter(args, i)
        if module := _warning_module(spec):
            return f"`pytest -W {spec[:60]}` imports {module}: {_IMPORT_RUNS}"
        if a.startswith("@"):
            return f"`pytest {a}` reads more arguments from {a[1:]}, which the gate cannot see"
        if a == "--pastebin" or a.startswith("--pastebin="):
            return "`pytest --pastebin` sends the session's output to a paste service"
        if a == "--override-ini":
            settings.append(args[i + 1] if i + 1 < len(args) else "")
        elif a.startswith("--override-ini="):
            settings.append(a.split("=", 1)[1])
        elif _pytest_short(a) == "o":  # `-o K=V`, `-oK=V`, `-qo K=V`
            attached = a[a.index("o") + 1 :]
            settings.append(attached or (args[i + 1] if i + 1 < len(args) else ""))
    for setting in settings:
        key, _, value = setting.partition("=")
        if key.strip() == "filterwarnings" and (module := _warning_module(value)):
            return f"`pytest -o {setting[:60]}` imports {module}: {_IMPORT_RUNS}"
        if key not in _PYTEST_INI_OK:
            return f"`pytest -o {setting[:60]}` changes a setting that may leave the project"
    return ""


def _pytest_warning_filter(args: list[str], i: int) -> str:
    """The warning filter `args[i]` gives pytest (``-W F``, ``-WF``, ``-qW F``,
    ``--pythonwarnings[=]F``), or ""."""
    a = args[i]
    after = args[i + 1] if i + 1 < len(args) else ""
    if a == "--pythonwarnings":
        return after
    if a.startswith("--pythonwarnings="):
        return a.split("=", 1)[1]
    if _pytest_short(a) == "W":
        return a[a.index("W") + 1 :] or after
    return ""


# pip parses with optparse: a long option is any unambiguous prefix of it (`--tar=/x` is
# `--target=/x`), a short one takes the rest of its word (`-t/x`, `-qt /x`).
_PIP_WRITES = (
    "--target", "--prefix", "--root", "--dest", "--wheel-dir", "--src", "--log", "--log-file",
    "--cache-dir", "--report",
)  # fmt: skip
_PIP_INDEXES = ("--index-url", "--extra-index-url", "--find-links")
_PIP_SHORT = {"-t": "--target", "-d": "--dest", "-w": "--wheel-dir", "-i": "--index-url"}
_PIP_SHORT |= {"-f": "--find-links", "-e": "--editable", "-r": "--requirement"}
_PIP_SHORT |= {"-c": "--constraint"}
_PIP_SHORT_VALUED = set("rcetdifwC")  # pip's short options that take a value
_PIP_EXACT = {"--pre", "--root-user-action"}  # whole names, not abbreviations of others


def _pip_values(args: list[str], names: tuple[str, ...]) -> list[str]:
    """The values pip gives the long options `names` (spelled out, abbreviated, or as their
    short letters of `_PIP_SHORT`)."""
    values: list[str] = []
    for i, a in enumerate(args):
        after = args[i + 1] if i + 1 < len(args) else ""
        if a.startswith("--"):
            name, eq, value = a.partition("=")
            if name not in _PIP_EXACT and long_options(name, names):
                values.append(value if eq else after)
        elif a.startswith("-") and len(a) > 1:
            for j, letter in enumerate(a[1:], 1):
                if letter in _PIP_SHORT_VALUED:
                    if _PIP_SHORT.get(f"-{letter}") in names:
                        values.append(a[j + 1 :] or after)
                    break
    return values


def _pip_tmp_source(specs: list[str], args: list[str], ctx: Context) -> str:
    """A local project, requirements or constraints file of a pip install that lies in a
    tmp dir (`.` when pip runs there), or "". bash: a setup.py in /tmp/x touching a marker;
    `cd /tmp/x && pip install -e .` created it (redteam18)."""
    named = _pip_values(args, ("--editable", "--requirement", "--constraint"))
    written = _pip_values(args, _PIP_WRITES)  # `--cache-dir /tmp/c`: judged as a write
    for spec in [*(s for s in specs if s not in written), *named]:
        local = "/" in spec or spec.startswith((".", "~")) or spec in named
        if local and spec and ctx.paths.classify(spec, write=False)[0] == TMP:
            return spec
    return ""


def _pip(args: list[str], ctx: Context) -> Finding | None:
    positional = [a for a in args if not a.startswith("-")]
    sub = positional[0] if positional else ""
    if not sub and args and all(a in ("--version", "-V", "--help", "-h") for a in args):
        return _safe("`pip --version` only prints its version")
    if sub in ("config", "cache"):
        action = positional[1] if len(positional) > 1 else ""
        reads = {"config": ("list", "get", "debug"), "cache": ("dir", "info", "list")}[sub]
        if any(a.startswith("--editor") for a in args):
            return _review("`pip config --editor` runs a program of the caller's choosing")
        if action in reads and sub == "config":
            from gatekeeper.shell.pipcreds import secret_pip_config

            leaked = secret_pip_config(ctx.paths.home)
            if leaked:
                return Finding(
                    Verdict.ELEVATE,
                    "GK-PROT-002",
                    f"`pip config {action}` prints the password kept in {leaked}: only the "
                    "user can approve that",
                )
        if action in reads:
            return _safe(f"`pip {sub} {action}` only reads")
        return _review(f"`pip {sub} {action}` changes pip's configuration or cache")
    if sub in ("list", "show", "freeze", "check", "help", "debug", "inspect", "index", "tree"):
        return _safe(f"`pip {sub}` only reads")
    if sub == "hash":
        files = [a for a in positional[1:] if a not in ("sha256", "sha384", "sha512")]
        outside = [f for f in files if not ctx.paths.is_allowed(f)]
        if not files or outside:
            return None
        return _safe("`pip hash` only prints the hashes of the project's archives")
    if sub in ("install", "download", "wheel", "uninstall"):
        for target in _pip_values(args, _PIP_WRITES):
            if not target or not ctx.paths.is_allowed(target):
                return _review(f"`pip {sub}` writes to {target}, outside the allowed dirs")
        if _pip_values(args, _PIP_INDEXES):
            return _review(f"`pip {sub}` from another package index")
        for spec in positional[1:]:
            if "://" in spec or spec.startswith(("git+", "hg+", "svn+", "bzr+")):
                return _review(f"`pip {sub} {spec}` installs code from a URL, not the index")
            if ("/" in spec or spec.startswith((".", "~"))) and not ctx.paths.is_allowed(spec):
                return _review(f"`pip {sub} {spec}` installs a package from outside the project")
        if sub != "uninstall" and (shared := _pip_tmp_source(positional[1:], args, ctx)):
            return _review(
                f"`pip {sub}` builds or reads {shared} in a tmp dir: anyone on the machine may"
                " have put the setup.py or requirements there"
            )
        return _safe(f"`pip {sub}` manages the project's packages")
    return None


# uv's options that name a place: the project it works on, its config, the interpreter it
# runs, where it writes. (clap: whole names, `--opt value` or `--opt=value`, `-p3.12`.)
_UV_PLACES = {
    "--directory": "runs in", "--project": "works on the project in",
    "--config-file": "reads its settings from", "--cache-dir": "writes its cache to",
    "--python": "runs the interpreter", "-p": "runs the interpreter",
    "--output-file": "writes", "-o": "writes",
}  # fmt: skip


_SYSTEM_PYTHONS = ("/usr/bin/", "/usr/local/bin/", "/opt/homebrew/", "/usr/local/Cellar/")


def _uv_places(args: list[str], ctx: Context) -> Finding | None:
    """REVIEW when uv is pointed at a place outside the allowed dirs (or in a tmp dir, where
    anyone may have put a pyproject.toml whose build backend uv runs), or runs an
    interpreter given by its path there: `uv sync --directory /srv` builds that project."""
    for i, a in enumerate(args):
        if a == "--":
            break
        name, eq, value = a.partition("=")
        if name not in _UV_PLACES:
            if a[:2] in ("-p", "-o") and len(a) > 2 and not a.startswith("--"):
                name, value, eq = a[:2], a[2:], "="
            else:
                continue
        if not eq:
            value = args[i + 1] if i + 1 < len(args) else ""
        if name in ("--python", "-p") and "/" not in value:
            continue  # a version request (`3.12`, `pypy`): uv finds or downloads one
        kind, path = ctx.paths.classify(
            value or ".", write=name in ("--cache-dir", "--output-file", "-o")
        )
        if name in ("--python", "-p") and path.startswith(_SYSTEM_PYTHONS):
            continue  # an installed interpreter (`-p /usr/bin/python3`)
        if kind != ALLOWED and not (
            kind == TMP and name in ("--cache-dir", "--output-file", "-o")
        ):
            return _review(f"`uv {name} {value}` {_UV_PLACES[name]} {value}, outside the project")
    return None


def _cwd_in_tmp(ctx: Context) -> bool:
    return ctx.paths.classify(".", write=False)[0] == TMP


# uv's forms that read no project, config or environment of the directory they run in
_UV_NOWHERE: list[list[str]] = [[], ["--help"], ["-h"], ["-V"], ["--version"], ["version"]]
_UV_NOWHERE += [["cache", "dir"], ["python", "dir"], ["tool", "dir"], ["tool", "list"]]


def _uv(args: list[str], ctx: Context) -> Finding | None:
    placed = _uv_places(args, ctx)
    if placed is not None:
        return placed
    sub = args[0] if args else ""
    if args not in _UV_NOWHERE and sub != "help" and _cwd_in_tmp(ctx):
        # uv reads the pyproject.toml and uv.toml of the directory it runs in and its
        # parents (a build backend it runs, an index), and queries the .venv it finds there
        return _review(
            f"`uv {sub}` in a tmp dir works on the project, settings and environment it finds"
            " there: anyone on the machine may have put them there"
        )
    if sub == "run":
        rest = list(args[1:])
        while rest and rest[0].startswith("-"):
            opt = rest.pop(0)
            if (
                opt
                in (
                    "--with",
                    "--python",
                    "-p",
                    "--directory",
                    "--project",
                    "--package",
                    "--extra",
                    "--group",
                    "--env-file",
                    "--index",
                    "--from",
                )
                and rest
            ):
                rest.pop(0)
        if not rest:
            return _review("`uv run` without a command")
        inner = ctx.classify(rest, "uv run")
        return Finding(inner.verdict, inner.rule, f"`uv run`: {inner.reason}")
    if sub == "venv" and any(
        not a.startswith("-") and not ctx.paths.is_allowed(a) for a in args[1:2]
    ):
        return _review(f"`uv venv {args[1]}` creates an environment outside the allowed dirs")
    if sub in ("sync", "lock", "tree", "version", "--version", "venv", "export"):
        return _safe(f"`uv {sub}` manages the project's environment")
    if args in ([], ["--help"], ["-h"], ["-V"]) or sub == "help":
        return _safe("`uv help` only prints help")
    if args in (["cache", "dir"], ["python", "dir"], ["tool", "dir"], ["tool", "list"]) or (
        args[:2] in (["python", "list"], ["python", "find"])
        and all(a.startswith("-") or a[:1].isdigit() for a in args[2:])
    ):
        return _safe(f"`uv {' '.join(args[:2])}` only lists")
    if sub == "pip":
        return _pip(args[1:], ctx)
    return None
