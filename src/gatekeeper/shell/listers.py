"""Pipelines that print only paths under known directories (for ``... | xargs CMD``).

``find . -name '*.py' | xargs grep foo`` runs ``grep foo`` on words that ``find`` printed.
Those words are paths under ``find``'s start points, so the wrapped command can be judged
with the start points in their place. `listed_roots` names those start points, or answers
None when the pipeline may print anything else: a lister with an output format of its own
(``find -printf``, ``ls -l`` with symlink targets, ``git ls-files --format``), a filter that
rewrites lines (``sed``, ``cut``, ``grep -o``), a stage that reads a file, or anything this
module does not know.

Residual risk, accepted and documented (docs/rules.md, GK-WRAP-002): with xargs' default
splitting (blanks, quotes) or ``-d '\\n'``, a file name made for it inside the project (a
directory called ``"a "`` holding ``etc/passwd``) splits into a word that leaves the listed
directory. Only ``-0``/``--null`` splitting is exact. The same holds for
``wc -l $(git ls-files)``, and a project can already run code through its own tests.
"""

from __future__ import annotations

from gatekeeper.lazyre import LazyRegex
from gatekeeper.paths import may_pick_secrets
from gatekeeper.shell.parse import parse

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing

if TYPE_CHECKING:
    from collections.abc import Sequence

    from gatekeeper.model import Command

_GLOB = LazyRegex(r"[*?\[]")
_PLAIN_WORD = LazyRegex(r"^[\w./@%+=:,-]+$")
# find: tests that take one value, and the words that take none. No action other than
# -print/-print0/-prune (`-printf`, `-ls`, `-fprint` and `-exec` print or do other things).
_FIND_VALUE = {
    "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex",
    "-type", "-xtype", "-maxdepth", "-mindepth", "-newer", "-mtime", "-mmin", "-atime",
    "-amin", "-ctime", "-cmin", "-size", "-user", "-group", "-perm", "-links", "-regextype",
    "-uid", "-gid", "-inum", "-used", "-samefile",
}  # fmt: skip
_FIND_BARE = {
    "-print", "-print0", "-prune", "-empty", "-not", "!", "(", ")", "-o", "-or", "-a", "-and",
    "-readable", "-writable", "-executable", "-depth", "-xdev", "-mount", "-noleaf",
    "-daystart", "-true", "-false", "-nouser", "-nogroup", ",",
}  # fmt: skip
_LS_LETTERS = set("1aAdpRrStuUvXcfBGhFiQ")  # no -l/-n/-g/-o: long formats print link targets
_GIT_LS_FILES = {
    "-z", "-c", "--cached", "-o", "--others", "-m", "--modified", "-d", "--deleted",
    "--exclude-standard", "-i", "--ignored", "--directory", "--no-empty-directory",
    "--error-unmatch", "--recurse-submodules", "-k", "--killed", "-u", "--unmerged", "-t", "-v",
}  # fmt: skip
_GIT_DIFF = {
    "--name-only", "--name-status", "--cached", "--staged", "-z", "--relative", "--no-renames",
    "-M", "-r", "--no-color", "--ignore-submodules", "-R", "--merge-base",
}  # fmt: skip
_FD_VALUE = {"-t", "--type", "-e", "--extension", "-d", "--max-depth", "-E", "--exclude"}
_FD_VALUE |= {"--min-depth", "--exact-depth", "-S", "--size", "--changed-within"}
_FD_VALUE |= {"--changed-before", "-j", "--threads"}
_FD_BARE = {"-H", "--hidden", "-I", "--no-ignore", "-u", "--unrestricted", "-g", "--glob"}
_FD_BARE |= {"-F", "--fixed-strings", "-s", "--case-sensitive", "-i", "--ignore-case"}
_FD_BARE |= {"-0", "--print0", "-a", "--absolute-path", "-p", "--full-path", "--color=never"}
_RG_VALUE = {"-g", "--glob", "--iglob", "-t", "--type", "-T", "--type-not", "-e", "--regexp"}
_RG_VALUE |= {"--sort", "--sortr", "-d", "--max-depth", "-j", "--threads", "-m", "--max-count"}
_RG_BARE = {"--files", "-l", "--files-with-matches", "--files-without-match", "--hidden"}
_RG_BARE |= {"-u", "-uu", "--no-ignore", "-i", "--ignore-case", "-S", "--smart-case", "-F"}
_RG_BARE |= {"--fixed-strings", "-w", "--word-regexp", "-0", "--null", "-s", "-v"}
_RG_BARE |= {"--case-sensitive", "--invert-match", "-x", "--line-regexp", "-P", "-U"}
_GREP_LETTERS = set("rlLisvwxEFGIZ")
_GREP_LONG = {"--recursive", "--files-with-matches", "--files-without-match", "--null"}
_GREP_LONG |= {"--ignore-case", "--invert-match", "--word-regexp", "--line-regexp"}
_GREP_LONG |= {"--extended-regexp", "--fixed-strings", "--binary-files=without-match"}


def listed_roots(stages: Sequence[str], home: str, *, split: str) -> list[str] | None:
    """The directories (or files) whose paths are the only words xargs reads, or None.

    `stages` are the texts of the pipeline stages before ``xargs``, producer first; `split`
    is how xargs splits its input: ``"blank"`` (the default, or ``-L``/``-I``), ``"line"``
    (``-d '\\n'``), ``"nul"`` (``-0``) or ``"other"`` (any other delimiter, which may cut a
    path into pieces such as ``/etc/passwd`` from ``./etc/passwd`` with ``-d .``).
    """
    if split not in ("blank", "line", "nul") or not stages:
        return None
    commands = [_one_command(stage, home) for stage in stages]
    if any(c is None for c in commands):
        return None
    if not all(_line_filter(c) for c in commands[1:] if c is not None):
        return None
    if any(may_pick_secrets(w) for c in commands if c is not None for w in c.argv[1:]):
        return None  # `find . -name '*.pem' | xargs cat` picks keys by name: not a plain list
    producer = commands[0]
    assert producer is not None  # noqa: S101 - checked just above
    if producer.name == "echo":
        args = list(producer.argv[1:])
        if args and all(_PLAIN_WORD.match(a) and not a.startswith("-") for a in args):
            return args
        return None
    return _lister_roots(producer)


def _one_command(text: str, home: str) -> Command | None:
    """The stage as one literal simple command whose only redirect hides its errors."""
    script = parse(text, home)
    if script.problems or len(script.commands) != 1:
        return None
    command = script.commands[0]
    if command.assignments or not command.words or any(w.dynamic for w in command.words):
        return None
    for r in command.redirects:
        if not (r.fd == "2" and r.op in (">", ">>") and r.target.text == "/dev/null"):
            return None
    return command


def _line_filter(command: Command) -> bool:
    """A stage that passes some of its input lines through unchanged (or counts them)."""
    name, args = command.name, list(command.argv[1:])
    if name in ("grep", "egrep", "fgrep"):
        patterns = 0
        positional = 0
        i = 0
        while i < len(args):
            a = args[i]
            if a in ("-e", "--regexp") and i + 1 < len(args):
                patterns += 1
                i += 2
                continue
            if a.startswith("-") and not a.startswith("--") and len(a) > 1:
                if not set(a[1:]) <= set("viEFwxG"):
                    return False
            elif a.startswith("--"):
                if a not in _GREP_LONG - {"--recursive", "--files-with-matches", "--null"}:
                    return False
            else:
                positional += 1
            i += 1
        return (patterns > 0 and positional == 0) or (patterns == 0 and positional == 1)
    if name in ("head", "tail"):
        i = 0
        while i < len(args):
            a = args[i]
            if a in ("-n", "--lines") and i + 1 < len(args) and args[i + 1].lstrip("+-").isdigit():
                i += 2
                continue
            value = a[2:] if a.startswith("-n") else a[1:] if a.startswith("-") else ""
            if a.startswith("--lines="):
                value = a.split("=", 1)[1]
            if not value.lstrip("+-").isdigit():
                return False
            i += 1
        return True
    if name == "sort":
        return all(a.startswith("-") and set(a[1:]) <= set("urnVfhbd") for a in args)
    if name == "uniq":
        return all(a.startswith("-") and set(a[1:]) <= set("udci") for a in args)
    return False


def _lister_roots(command: Command) -> list[str] | None:
    name, args = command.name, list(command.argv[1:])
    if name == "find":
        return _find(command)
    if name in ("fd", "fdfind"):
        return _fd(args)
    if name == "ls":
        return _ls(command)
    if name == "git":
        return _git(args)
    if name == "rg":
        return _rg(args)
    if name in ("grep", "egrep", "fgrep"):
        return _grep(args)
    return None


def _root(word: str) -> str | None:
    """A literal start point, or the directory a glob searches (`src/*.py` → `src`)."""
    if not word or word.startswith("~"):
        return None
    if _GLOB.search(word):
        head = _GLOB.split(word, maxsplit=1)[0]
        return head.rsplit("/", 1)[0] if "/" in head else "."
    return word


def _roots(words: list[str]) -> list[str] | None:
    roots = [_root(w) for w in words] or ["."]
    return None if any(r is None for r in roots) else [r for r in roots if r is not None]


def _find(command: Command) -> list[str] | None:
    words = list(command.argv[1:])
    while words and words[0] == "-P":
        words.pop(0)  # never follow symbolic links: the default
    starts: list[str] = []
    while words and not words[0].startswith(("-", "(", "!", ")")) and words[0] != ",":
        starts.append(words.pop(0))
    i = 0
    while i < len(words):
        w = words[i]
        if w in _FIND_VALUE and i + 1 < len(words):
            i += 2
            continue
        if w not in _FIND_BARE:
            return None
        i += 1
    return _roots(starts)


def _fd(args: list[str]) -> list[str] | None:
    positional: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a in _FD_VALUE and i + 1 < len(args):
            i += 2
            continue
        if a.startswith("-"):
            if a not in _FD_BARE and not (a.startswith("--") and a.split("=")[0] in _FD_VALUE):
                return None
        else:
            positional.append(a)
        i += 1
    return _roots(positional[1:])


def _ls(command: Command) -> list[str] | None:
    operands: list[str] = []
    for a in command.argv[1:]:
        if a in ("--all", "--almost-all", "--reverse", "--recursive", "--color=never"):
            continue
        if a.startswith("-") and len(a) > 1:
            if a.startswith("--") or not set(a[1:]) <= _LS_LETTERS:
                return None
            continue
        operands.append(a)
    return _roots(operands)


def _git(args: list[str]) -> list[str] | None:
    if args[:1] == ["--no-pager"]:
        args = args[1:]
    if not args:
        return None
    sub, rest = args[0], args[1:]
    if sub == "ls-files":
        pathspecs: list[str] = []
        for a in rest:
            if a == "--":
                continue
            if a.startswith("-"):
                if a not in _GIT_LS_FILES:
                    return None
            elif a.startswith(":"):
                return None  # pathspec magic (`:/`, `:(top)`) lists from the repository's top
            else:
                pathspecs.append(a)
        return _roots(pathspecs)
    if sub == "diff":
        if not {"--name-only", "--name-status"} & set(rest):
            return None
        for a in rest:
            if a.startswith("-") and a != "--":
                if a not in _GIT_DIFF and not a.startswith(("--diff-filter=", "--relative=")):
                    return None
            elif a.startswith(("/", "~", "..", ":")) or "/../" in a:
                # `git diff A B` with paths outside the work tree is `--no-index`: it prints
                # those paths.
                return None
        return ["."]  # paths relative to the repository, read from the cwd below it
    return None


def _rg(args: list[str]) -> list[str] | None:
    positional: list[str] = []
    listing = False
    explicit = False
    i = 0
    while i < len(args):
        a = args[i]
        if a in _RG_VALUE and i + 1 < len(args):
            explicit = explicit or a in ("-e", "--regexp")
            i += 2
            continue
        if a.startswith("-"):
            if a not in _RG_BARE:
                return None
            listing = listing or a in ("--files", "-l", "--files-with-matches")
            listing = listing or a == "--files-without-match"
        else:
            positional.append(a)
        i += 1
    if not listing:
        return None
    paths = positional if "--files" in args or explicit else positional[1:]
    return _roots(paths)


def _grep(args: list[str]) -> list[str] | None:
    letters: set[str] = set()
    positional: list[str] = []
    explicit = False
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("-e", "--regexp") and i + 1 < len(args):
            explicit = True
            i += 2
            continue
        if a.startswith("--"):
            if a not in _GREP_LONG:
                return None
            letters |= {"r"} if a == "--recursive" else {"l"} if "with" in a else set()
        elif a.startswith("-") and len(a) > 1:
            if not set(a[1:]) <= _GREP_LETTERS:
                return None
            letters |= set(a[1:])
        else:
            positional.append(a)
        i += 1
    if not letters & {"l", "L"}:
        return None  # without -l it prints matching lines, not names
    files = positional if explicit else positional[1:]
    if not files and "r" not in letters:
        return None  # reads standard input
    return _roots(files)
