"""GK-BASH: what a simple shell command is — read-only, file management, or code execution.

git, wrappers (``sudo``, ``env``, ``xargs``, ``bash -c``...), dev tools and environment
prefixes have plugins of their own; write targets are judged by GK-WRITE and GK-PROT.

## GK-BASH-001 — a read-only command (SAFE)
**What it catches:** ``ls``, ``cat``, ``grep``, ``rg``, ``head``, ``tail``, ``wc``, ``find``,
``jq``, ``diff``, ``stat``, ``echo``, ``pwd``, ``cd``... whose file operands lie inside the
allowed dirs and whose flags neither write nor run anything.
A shell or interpreter asked only for its version or help (``python --version``,
``bash --version``) is SAFE too, and so are read-only ``gh`` queries (``gh pr view``,
``gh status``, ``gh api ENDPOINT`` as a plain GET), ``unzip -l``/``-lv``/``-tq``, ``tar -t`` and ``tar -c``
of the project's files into an archive inside the allowed dirs.
**Why:** reading the project is what the agent does all day.
**Example:** ``grep -rn "TODO" src``, ``find . -name '*.py' | head``.

## GK-BASH-002 — a read outside the allowed directories (REVIEW)
**What it catches:** a read-only command whose file operand (or ``cd`` target, or ``tar``
archive) resolves outside the allowed dirs, or is known only at run time; and a read through
an input redirect by any command (``wc -l < /etc/passwd``, ``$(<file)``). A whole
``<(...)`` operand is a pipe (its commands are judged apart), and a few public machine
facts (``/proc/cpuinfo``, ``/etc/os-release``...) are read by their exact path. Also
``man`` rendering a page file or manual dir outside ``/usr`` (``man ./x.1``, ``man -l -``,
``man -M DIR``): the page's ``.so FILE`` copies any file into the output.
**Why:** ``grep -r password ~`` reads what the user did not hand over.
**Example:** ``head /etc/passwd``, ``cat "$F"``.

## GK-BASH-003 — removal under a tmp directory (SAFE)
**What it catches:** ``rm`` (``-r``/``-f`` included) whose operands all lie in ``/tmp``,
``/var/tmp`` or ``$TMPDIR``. **Why:** the seeds' baseline: scratch space is disposable.
**Example:** ``rm -rf /tmp/build-cache``.

## GK-BASH-004 — removal elsewhere (REVIEW)
**What it catches:** ``rm``/``rmdir``/``unlink``/``shred`` of anything not under a tmp dir.
**Why:** deletion is not undoable; a reviewer or the human looks first.
**Example:** ``rm -rf build``.

## GK-BASH-005 — a read-only command with a writing or executing flag (REVIEW)
**What it catches:** ``sed -i`` and sed's ``e``/``w``/``W``, ``awk`` with ``system()``,
pipes, redirects or ``getline`` from a command, ``rg --pre``/``--hostname-bin``/``-z``,
``less``/``more`` with ``+`` commands, ``man -P``/``-H``, ``tar --to-command``/
``--checkpoint-action``/``--use-compress-program``/``-I`` and a ``host:file`` archive
(GNU tar reaches it through rsh/ssh), ``vim -c``, ``zip -T -TT``,
``find -delete``, ``sort --compress-program``, ``yq -i``, ``xxd -r``, ``base64 -o``,
``file -f``/``--files-from``/``-C``,
``--files0-from``, gawk's ``-e``/``-i``/``-o``/``-d``/``-p``/``-D`` and their long names,
mawk's ``-W``, ``less -o|-O``, ``tree -o|-R|--fromfile``, ``diff --from-file|--to-file``,
``man --pag=``, ``jq|yq -f|--from-file|-L``, jq's ``import``/``include``/``modulemeta``,
yq's ``load*()`` and ``-s|--split-exp`` (``shell.jsonfilters``), ``ack|ag --pager``,
``ack --files-from``/``-x`` and ``ack`` below a project ``.ackrc`` holding more than harmless
options (``shell.ackrc``), an abbreviation of any such long option (``sort --out=F``, ``sed --in-pl``),
``awk -f``/``-E``/``-l`` (attached forms included), and a glob that may expand
to a name read as an option (``rg x *`` with a file ``--pre=sh``; see ``shell.optglob``;
awk's operands after its program are files, never options), and a word known only at run
time that is not a file operand (a pattern, a program, an option's value: ``rg "$P" x`` with
``P=--pre=sh``)...
**Why:** each of these turns a reader into a writer or a launcher.
**Example:** ``rg --pre ./evil.sh x``, ``awk 'BEGIN{system("id")}'``.

## GK-BASH-006 — code the gate cannot see (REVIEW)
**What it catches:** ``eval``, ``source``/``.``, ``exec`` with a command, ``trap`` handlers,
``hash -p PATH NAME``,
``alias`` (bare ``alias``/``alias -p`` only prints), ``coproc``, ``enable``, a shell or interpreter that reads its program from
standard input (``curl x | sh``, ``cat x | python``), or runs a script file (``bash x.sh``).
**Why:** the commands that will run are not in the text the gate was shown.

## GK-BASH-007 — file management inside the allowed directories (SAFE)
**What it catches:** ``mkdir``, ``touch``, ``cp``, ``mv``, ``ln``, ``chmod`` whose every operand lies in
the allowed or tmp dirs (their targets are also checked by GK-WRITE and GK-PROT).
**Why:** the same as editing files with the Write tool.
**Example:** ``mkdir -p src/pkg && touch src/pkg/__init__.py``.

## GK-BASH-008 — removal of a root, the home directory or the project (ELEVATE)
**What it catches:** ``rm -r`` of ``/``, a top-level directory, ``~``, ``~/*`` or the project
root itself. **Why:** the one command nobody wants to explain afterwards.
**Example:** ``rm -rf ~``, ``rm -rf /*``.
"""

from __future__ import annotations

import os

from gatekeeper.hookspecs import hookimpl
from gatekeeper.lazyre import LazyRegex, re
from gatekeeper.model import SEVERITY, Finding, Verdict, Word, dominant, new_finding
from gatekeeper.paths import (
    ALLOWED,
    DEVICE,
    OUTSIDE,
    PROTECTED,
    SECRET,
    TMP,
    glob_targets_secrets,
    inside,
)
from gatekeeper.records import replace
from gatekeeper.shell import jsonfilters, sedscan
from gatekeeper.shell.effects import (
    long_options,
    operands,
    sed_executes,
    sed_read_targets,
    sed_scripts_and_files,
)
from gatekeeper.shell.globlinks import follows_links, glob_links, tree_links
from gatekeeper.shell.optfiles import option_files
from gatekeeper.shell.optglob import HARMLESS_OPTIONS, option_glob
from gatekeeper.shell.parse import TEXT_CLIP

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.context import Context
    from gatekeeper.model import Command, ToolCall

# Commands that only read. Value: how to find their file operands ("files": all operands,
# "none": operands are data, "pattern": the first operand is a pattern, not a file).
READ_ONLY: dict[str, str] = {
    **dict.fromkeys(
        [
            "cat",
            "head",
            "tail",
            "wc",
            "sort",
            "uniq",
            "cut",
            "tr",
            "nl",
            "od",
            "xxd",
            "hexdump",
            "strings",
            "column",
            "fold",
            "fmt",
            "paste",
            "join",
            "expand",
            "unexpand",
            "rev",
            "tac",
            "file",
            "stat",
            "du",
            "ls",
            "ll",
            "tree",
            "diff",
            "cmp",
            "comm",
            "sha1sum",
            "sha256sum",
            "sha512sum",
            "md5sum",
            "cksum",
            "b2sum",
            "base32",
            "base64",
            "realpath",
            "readlink",
            "zcat",
            "bzcat",
            "xzcat",
            "zless",
            "less",
            "more",
            "tsort",
            "look",
            "diff3",
            "sdiff",
            "lsattr",
            "iconv",
            "dos2unix_check",
            "shasum",
            "numfmt",
            "find",
            "pr",  # paginates: every option changes only the page layout
            "basenc",  # base64 and kin; no option writes a file
            "namei",  # each component's name and mode, links followed and shown
            "zipinfo",  # lists an archive: the archive, and member names, path-checked
            "eza",  # ls with colours: no option writes or runs anything
            "exa",
        ],
        "files",
    ),
    **dict.fromkeys(
        [
            "echo",
            "printf",
            "pwd",
            "true",
            "false",
            "test",
            "[",
            "sleep",
            "whoami",
            "id",
            "date",
            "uname",
            "hostname",
            "printenv",
            "which",
            "type",
            "whereis",
            "seq",
            "nproc",
            "uptime",
            "free",
            "ps",
            "locale",
            "getconf",
            "tty",
            "groups",
            "lscpu",
            "lsblk",
            "df",
            "lsmod",
            "lsb_release",  # the distribution's name and version
            "vmstat",  # counters of memory, processes and I/O; its operands are numbers
            "pathchk",  # checks names: its operands are never read
            ":",
            "wait",
            "jobs",
            "exit",
            "return",
            "break",
            "continue",
            "shift",
            "set",
            "shopt",
            "read",
            "unset",
            "export",
            "declare",
            "typeset",
            "readonly",
            "local",
            "let",
            "hash",
            "help",
            "logname",
            "users",
            "pgrep",
            "pidof",
            "factor",
            "expr",
            "yes",
            "dirs",
            "popd",
            "umask",
            "ulimit",
            "times",
            "caller",
            "compgen",
            "complete",
            "basename",  # string operations: their operands are names, never read
            "dirname",
            "alias",  # only bare `alias`/`alias -p` (it prints): a definition is GK-BASH-006
        ],
        "none",
    ),
    **dict.fromkeys(
        ["grep", "egrep", "fgrep", "rg", "ag", "ack", "jq", "yq", "sed"],
        "pattern",
    ),
    **dict.fromkeys(["awk", "gawk", "mawk", "nawk"], "pattern"),
}
_FILE_MANAGEMENT = {"mkdir", "touch", "cp", "mv", "ln", "chmod"}
_REMOVERS = {"rm", "rmdir", "unlink", "shred"}
_SHELL_BUILTINS_UNSEEN = {
    "eval": "`eval` runs a string the gate cannot see as a command",
    "source": "`source` runs a script file the gate has not read",
    ".": "`.` runs a script file the gate has not read",
    "trap": "`trap` installs a handler that runs later",
    "alias": "`alias` can make a harmless name run anything",
    "coproc": "`coproc` starts a command in the background",
    "enable": "`enable` can load builtins from a shared object",
    "fc": "`fc` re-runs commands from history",
    "bind": "`bind -x` binds a key to a command",
}
_SHELLS = {"sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "fish", "csh", "tcsh", "busybox"}
_INTERPRETERS = {
    "python",
    "python2",
    "python3",
    "node",
    "nodejs",
    "deno",
    "bun",
    "perl",
    "ruby",
    "php",
    "lua",
    "tclsh",
    "wish",
    "Rscript",
    "R",
    "julia",
    "osascript",
    "pwsh",
    "powershell",
    "irb",
    "ipython",
    "jshell",
    "scala",
    "groovy",
    "guile",
    "sbcl",
    "gdb",
    "awk",
}
_PATH_LISTERS = LazyRegex(
    r"^(?:git (?:ls-files|diff --name-only|diff --cached --name-only|diff --staged --name-only)"
    r"|find (?!/|~|\.\.)[^|;&<>`$]*|ls(?: -[1a-zA-Z]+)*(?: (?!/|~|\.\.)[^ |;&<>`$]+)*)"
    r"(?: [^|;&<>`$]*)?$"
)

# A whole word that is one process substitution and nothing else: no quote, `$` or
# backquote that could make a word dynamic for another reason (`'<('$X')'` is a file name).
# `unzip -l`, `-lv`, `-tq`, `-Zl`, `-z`: a mode that lists, tests or shows the comment.
_UNZIP_LISTING = LazyRegex(r"^-(?=[lvtqZz1hMs]*[lvtZz])[lvtqZz1hMs]+$")
_PROCESS_SUBSTITUTION = LazyRegex(r"^<\([^'\"$`\\()]*\)$")
# Machine facts that every user of the machine may read and that hold no secret: the same
# answers `uname`, `nproc`, `free` and `uptime` (already SAFE) print. Exact paths only: no
# `/proc/self/environ`, `/proc/<pid>/...`, `/etc/shadow`.
_PUBLIC_SYSTEM_FILES = frozenset(
    {
        "/proc/cpuinfo",
        "/proc/meminfo",
        "/proc/loadavg",
        "/proc/uptime",
        "/proc/version",
        "/proc/stat",
        "/proc/filesystems",
        "/proc/swaps",
        "/etc/os-release",
        "/usr/lib/os-release",
        "/etc/lsb-release",
        "/etc/debian_version",
        "/etc/hostname",
        "/etc/timezone",
    }
)


_VERSION_SUFFIX = LazyRegex(r"[0-9.]+$")  # the reference of `_without_version`


def _without_version(name: str) -> str:
    """``_VERSION_SUFFIX.sub("", name)`` without `re` (it runs for every command).

    ``$`` matches at the end and before a final newline, and only one run can touch either.
    """
    if name.endswith("\n"):
        return name[:-1].rstrip("0123456789.") + "\n"
    return name.rstrip("0123456789.")


def is_shell_or_interpreter(name: str) -> bool:
    """A program that runs a script given as a file, a string or on standard input."""
    if name in _SHELLS or name in _INTERPRETERS:
        return True
    # A versioned name (`python3.12`, `ruby3`) is its interpreter's: only a name ending in a
    # digit, a dot or a newline has a version to drop (hot: every command).
    return name[-1:] in "0123456789.\n" and _without_version(name) in _INTERPRETERS


def _review(rule: str, reason: str) -> Finding:
    return new_finding(Verdict.REVIEW, rule, reason, "", "")  # (hot)


def _read_operands(command: Command) -> list[Word]:
    return _operands_read(command) + option_files(command)


def _operands_read(command: Command) -> list[Word]:
    name = command.name
    style = READ_ONLY.get(name, "none")
    if name == "date":
        return _date_files(command)
    if style == "none":
        return []
    if name == "sed":
        scripts, files = sed_scripts_and_files(command)
        # `sed '1r /srv/notes' f` prints that file into the output
        return files + [Word(t) for script in scripts for t in sed_read_targets(script)]
    if name in ("awk", "gawk", "mawk", "nawk"):
        ops = operands(command, {"-v", "-F", "-f"})
        return ops if any(w.text == "-f" for w in command.words) else ops[1:]
    if name == "sort":
        return operands(command, {"-k", "-t", "-S", "-T", "-o", "--key", "--field-separator"})
    if name in ("head", "tail"):
        return operands(command, {"-n", "-c", "--lines", "--bytes"})
    if name == "cut":
        return operands(command, {"-d", "-f", "-c", "-b", "--delimiter", "--fields"})
    if name == "du":
        return operands(command, {"-d", "--max-depth", "-B", "--exclude"})
    if name == "tr":
        return []
    if name in ("jq", "yq"):
        return jsonfilters.reads(command)
    if style == "pattern":
        if name in ("jq", "yq"):
            value_opts = _JQ_VALUE_OPTIONS
        elif name == "rg":
            value_opts = _RG_VALUE_OPTIONS
        else:
            value_opts = _GREP_VALUE_OPTIONS
        ops = operands(command, value_opts)
        explicit_pattern = any(
            w.text in ("-e", "-f", "--regexp", "--file")
            or (w.text.startswith(("--regexp=", "-e")) and len(w.text) > 2)
            for w in command.words[1:]
        )
        return (ops if explicit_pattern else ops[1:]) + _pattern_files(command)
    return operands(command)


# The options of the "pattern" readers that take the next word as their value (made once;
# sets, as `operands` takes them, never changed).
_RG_VALUE_OPTIONS = {
    "-e", "-f", "-m", "-A", "-B", "-C", "--max-count", "-g", "--glob", "-t", "--type",
    "-T", "--type-not", "--include", "--exclude", "--exclude-dir", "-d", "--arg",
    "--argjson", "--slurpfile", "--rawfile", "-j", "-M", "--max-depth", "--color",
    "--colour", "-r", "--replace",
}  # fmt: skip
_JQ_VALUE_OPTIONS = (_RG_VALUE_OPTIONS - {"-r", "-C", "-M", "-j"}) | {"-L"}
_GREP_VALUE_OPTIONS = _RG_VALUE_OPTIONS - {"-r", "-j", "-M", "-t", "-T", "-g"}  # rg's only


def _date_files(command: Command) -> list[Word]:
    """`date -f FILE` prints every line it cannot parse (`date -f ~/.netrc` shows the file);
    `date -r FILE` prints its time. Both FILEs are reads."""
    words = command.words
    out: list[Word] = []
    for i, word in enumerate(words[1:], 1):
        text = word.text
        long = long_options(text, ("--file", "--reference"))  # `--fi=F` is `--file=F`
        if (text in ("-f", "-r") or (long and "=" not in text)) and i + 1 < len(words):
            out.append(words[i + 1])
        elif long:
            out.append(Word(text.split("=", 1)[1], word.dynamic))
        elif text.startswith("-") and not text.startswith("--") and len(text) > 2:
            for j, c in enumerate(text[1:], 1):
                if c in "fr":
                    if text[j + 1 :]:
                        out.append(Word(text[j + 1 :], word.dynamic))
                    elif i + 1 < len(words):
                        out.append(words[i + 1])
                    break
                if c in "dI":  # `-d STRING`, `-I[FMT]`: the rest is their value
                    break
    return out


def _pattern_files(command: Command) -> list[Word]:
    """The FILE of grep's and rg's `-f FILE`/`--file=FILE`: patterns are read from it, so it
    is a read like any operand (`grep -f /etc/passwd x` reads /etc/passwd)."""
    if command.name not in ("grep", "egrep", "fgrep", "rg"):
        return []
    words = command.words
    out: list[Word] = []
    for i, word in enumerate(words[1:], 1):
        text = word.text
        if text == "--":
            break
        if text in ("-f", "--file") and i + 1 < len(words):
            out.append(words[i + 1])
        elif text.startswith("--file="):
            out.append(Word(text.split("=", 1)[1], word.dynamic))
        elif text.startswith("-") and not text.startswith("--") and "f" in text:
            # `-f FILE` clustered: `-if FILE`, `-fFILE`, `-vfFILE` (the rest is the value)
            rest = text[text.index("f") + 1 :]
            if rest:
                out.append(Word(rest, word.dynamic))
            elif i + 1 < len(words):
                out.append(words[i + 1])
    return out


def _check_reads(command: Command, ctx: Context, words: list[Word]) -> Finding | None:
    follow: list[bool] = []  # `follows_links(command)`, once: it reads every word
    for word in words:
        if word.dynamic:
            inner = word.text.strip()
            if (
                inner.startswith("$(")
                and inner.endswith(")")
                and len(inner) <= TEXT_CLIP  # a cut `$( )` may print other paths in its middle
                and _PATH_LISTERS.match(inner[2:-1].strip())
            ):
                # `wc -l $(git ls-files '*.py')`: paths the project lists itself, and what
                # a listed symlink points to
                linked = check_tree_links(ctx, f"`{command.name} {word.text[:40]}`", ["."])
                if linked is not None:
                    return linked
                continue
            if inner.startswith("<(") and _PROCESS_SUBSTITUTION.match(inner):
                continue  # `comm <(sort a) <(sort b)`: a pipe; its commands are judged apart
            if inner in ("$(pwd)", "`pwd`"):
                if ctx.paths.is_allowed(ctx.paths.cwd):
                    continue  # `ls $(pwd)`: the working directory, already judged by `cd`
                return _review("GK-BASH-002", f"`{command.name}` reads the cwd, outside")
            return _review(
                "GK-BASH-002",
                f"`{command.name or '<'}` reads `{word.text}`, known only at run time",
            )
        text = word.text
        if word.glob:
            if glob_targets_secrets(text):
                return _review(
                    "GK-BASH-002",
                    f"`{command.name or '<'}` reads the credential files `{text}` picks",
                )
            text = re.split(r"[*?\[{]", text, maxsplit=1)[0] or "."
            if "/" in text and not text.endswith("/"):
                text = os.path.dirname(text) or "."
        if text in _PUBLIC_SYSTEM_FILES:
            continue
        kind, path = ctx.paths.classify(text, write=False)
        if kind in (ALLOWED, TMP, DEVICE):
            if not follow:
                follow.append(follows_links(command))
            linked = _linked_read(command, ctx, word, text, follow[0])
            if linked is not None:
                return linked
            continue
        who = command.name or "a redirect"
        if kind == SECRET:
            return _review("GK-BASH-002", f"`{who}` reads the credential file {path}")
        return _review("GK-BASH-002", f"`{who}` reads {path}, outside the allowed dirs")
    return None


def _linked_read(
    command: Command, ctx: Context, word: Word, root: str, follow: bool
) -> Finding | None:
    """GK-BASH-002 when a glob, or a reader following links (`grep -R`: `follow`), reaches
    through a symlink in the allowed dirs to a place outside them (see `shell.globlinks`).
    `root` is the word's literal directory (the word itself when it is no glob)."""
    if not word.glob and not follow:
        return None
    who = command.name or "a redirect"
    for cwd in (ctx.paths.cwd, *ctx.paths.other_cwds):
        dashed: list[str] = []  # `grep x *` with a file named `-R` in the cwd
        links = glob_links(word.text, cwd, dashed) if word.glob else []
        if (follow or dashed) and links is not None:
            below = tree_links(root, cwd, _exposes(ctx))
            links = None if below is None else links + below
        found = _links_out(ctx, f"`{who} {word.text}`", links)
        if found is not None:
            return found
    return None


# Installed software, the same for every user: a link there (a virtual environment's
# `bin/python -> /usr/bin/python3`) reads nothing of the user's.
_SYSTEM = ("/usr/", "/bin/", "/sbin/", "/lib/", "/lib64/", "/opt/", "/System/", "/nix/store/")


def _links_out(ctx: Context, what: str, links: list[str] | None) -> Finding | None:
    """GK-BASH-002 for the first of `links` pointing outside the allowed dirs (None: a walk
    that gave up, which counts as one)."""
    if links is None:
        return _review("GK-BASH-002", f"{what} reaches too many files to check for links")
    for link in links:
        kind, path = ctx.paths.classify(link, write=False)
        if kind in (ALLOWED, TMP, DEVICE) or (kind == OUTSIDE and path.startswith(_SYSTEM)):
            continue
        if kind == SECRET:
            # as `cat ~/.ssh/id_rsa` is (GK-PROT-002): the link hides the name from a reviewer
            return Finding(
                Verdict.ELEVATE,
                "GK-PROT-002",
                f"{what} reads through the link {link} the credential file {path}: only the "
                "user can approve that",
            )
        return _review(
            "GK-BASH-002", f"{what} reads through the link {link} to outside the allowed dirs: {path}"
        )
    return None


def _exposes(ctx: Context) -> Callable[[str], bool]:
    """Whether a link in a virtual environment or package tree points at credentials: a
    credential file or directory, `/`, `/etc`, or the home directory or a parent of it."""
    home = os.path.realpath(ctx.paths.home)

    def exposes(target: str) -> bool:
        parent = target.rstrip("/") + "/"
        return (
            target in ("/", "/etc", home)
            or home.startswith(parent)
            or ctx.paths.is_secret(target)
        )

    return exposes


def check_tree_links(ctx: Context, what: str, roots: list[str]) -> Finding | None:
    """GK-BASH-002 when a command reads every file under `roots` (`find . -exec cat {} +`,
    `fd -x cat`, `git ls-files | xargs cat`, `cp -rL`) and a symlink there points outside
    the allowed dirs: the reader follows it."""
    for root in roots or ["."]:
        kind, path = ctx.paths.classify(root, write=False)
        if kind not in (ALLOWED, TMP, DEVICE):
            # a read outside asks anyway: no walk of `/` or `~` up to the budget to say so
            return _review("GK-BASH-002", f"{what} reads {path}, outside the allowed dirs")
        for cwd in (ctx.paths.cwd, *ctx.paths.other_cwds):
            found = _links_out(ctx, what, tree_links(root, cwd, _exposes(ctx)))
            if found is not None:
                return found
    return None


def check_reads(command: Command, ctx: Context, words: list[Word]) -> Finding | None:
    """GK-BASH-002 for the first word read outside the allowed dirs (for other checkers)."""
    return _check_reads(command, ctx, words)


def _completion_runs(args: tuple[str, ...]) -> bool:
    """`compgen -C CMD` runs CMD, `-F FUNC` a function, and `-W WORDS` expands each word
    (its `$( )` and backticks run): `compgen -W '$(rm -rf ~)' x`. Letters cluster (`-aC`)."""
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg[:1] != "-" or arg[:2] == "--":
            continue
        for j, letter in enumerate(arg[1:], 2):
            if letter in "CF":
                return True
            if letter == "W":
                value = arg[j:] or (args[i + 1] if i + 1 < len(args) else "")
                return "$" in value or "`" in value or _completion_runs(args[i + 2 :])
            if letter in "AGPSXo":
                break  # the rest of the word (or the next word) is the option's value
    return False


def _sed_f(arg: str) -> bool:
    """Whether a short-option word of sed holds `-f` (`-fprog.sed`, `-nf prog.sed`): the
    letters before a value-taking `e`/`l`/`i` (the rest of the word is its value)."""
    if arg[:1] != "-" or arg[:2] == "--":
        return False
    for letter in arg[1:]:
        if letter == "f":
            return True
        if letter in "eli":
            return False
    return False


def _flag_problem(command: Command) -> Finding | None:
    """Writing or executing flags of otherwise read-only commands (GK-BASH-005)."""
    name = command.name
    argv = command.argv
    args = argv[1:]
    if name == "sed":
        scripts, _ = sed_scripts_and_files(command)
        if any(
            a == "--in-place"
            or a.startswith("--in-place=")
            or (a.startswith("-") and not a.startswith("--") and "i" in a[1:])
            for a in args
        ):
            return _review("GK-BASH-005", "`sed -i` rewrites files in place")
        if any(a in ("-f", "--file") or a.startswith("--file=") or _sed_f(a) for a in args):
            return _review("GK-BASH-005", "`sed -f` runs a script file the gate has not read")
        for script in scripts:
            if sed_executes(script) or sedscan.runs_command(script):
                return _review("GK-BASH-005", "the sed script runs a shell command (`e`)")
            if ("w" in script or "W" in script) and (
                re.search(  # both branches need one
                    r"(?:^|[;\n}]|\s)\s*(?:\d+|\$|/[^/]*/)?\s*[wW]\s+\S|s(.).*\1.*\1[^;]*w", script
                )
                or sedscan.written_files(script)
            ):
                return _review("GK-BASH-005", "the sed script writes a file (`w`)")
    elif name in ("awk", "gawk", "mawk", "nawk"):
        if any(a.startswith(("-f", "--file", "-E", "--exec", "-l", "--load")) for a in args):
            return _review("GK-BASH-005", "`awk -f` runs a program file the gate has not read")
        ops = operands(command, {"-v", "-F"})
        program = ops[0].text if ops else ""
        # imported here, not at the top: only an awk command needs it (the hook's imports)
        from gatekeeper.shell import awkscan

        if awkscan.has_effects(program):
            return _review(
                "GK-BASH-005", "the awk program runs commands, writes files or reads others"
            )
    elif name == "rg":
        for a in args:
            if (
                a in ("-z", "--search-zip")
                or a.startswith(("--pre", "--hostname-bin"))
                or (a.startswith("-") and not a.startswith("--") and "z" in a[1:])
            ):
                return _review("GK-BASH-005", f"`rg {a}` runs other programs on the files")
    elif name in ("less", "more", "zless"):
        if any(a.startswith("+") or a.startswith("--lesskey") or a in ("-k",) for a in args):
            return _review("GK-BASH-005", f"`{name}` with commands can run a shell")
    elif name == "sort":
        if any(a.startswith("--compress-program") for a in args):
            return _review("GK-BASH-005", "`sort --compress-program` runs another program")
    elif name == "yq" and jsonfilters.yq_in_place(args):
        return _review("GK-BASH-005", "`yq -i` rewrites files in place")
    elif name in ("jq", "yq") and (why := jsonfilters.problem(command)):
        return _review("GK-BASH-005", why)
    elif name == "base64" and any(
        a in ("-o", "--output") or a.startswith(("-o", "--output=")) for a in args
    ):
        return _review("GK-BASH-005", "`base64 -o` writes a file")
    elif name == "xxd" and any(a in ("-r", "-revert") for a in args):
        return _review("GK-BASH-005", "`xxd -r` writes binary data back to a file")
    elif name == "find" and "-delete" in args:
        return _review("GK-BASH-005", "`find -delete` removes files")
    elif name == "file":
        return _file_flag_problem(args)
    elif name in ("hash", "hostname", "date"):
        return _setter_problem(name, args)
    return None


def _setter_problem(name: str, args: tuple[str, ...]) -> Finding | None:
    """The forms of these readers that change something: `hash -p PATH NAME` makes NAME run
    PATH for the rest of the script (like an alias); `hostname NAME|-F FILE|-b` and `date -s
    DATE|--set|MMDDhhmm` set the machine's name or clock (they succeed as root)."""
    short = [a for a in args if a.startswith("-") and not a.startswith("--") and len(a) > 1]
    if name == "hash":
        if any("p" in a for a in short):
            return _review("GK-BASH-006", "`hash -p` makes a command name run another program")
        return None
    if name == "hostname":
        names = [a for a in args if not a.startswith("-")]
        if (
            names
            or any(set(a[1:]) & {"F", "b"} for a in short)
            or any(long_options(a, ("--file", "--boot")) for a in args)
        ):
            return _review("GK-BASH-005", "`hostname` with a name or a file sets the host name")
        return None
    # date: skip the values of its options; an operand that is no `+FORMAT` sets the clock
    # (BSD `-j` only parses it).
    values = {"-d", "--date", "-f", "--file", "-r", "--reference", "-v", "-z"}
    rest = list(args)
    positional: list[str] = []
    while rest:
        a = rest.pop(0)
        if a in values or (long_options(a, ("--date", "--file", "--reference")) and "=" not in a):
            rest = rest[1:]
        elif a == "--set" or a.startswith("--set=") or long_options(a, ("--set",)):
            return _review("GK-BASH-005", "`date --set` sets the clock")
        elif a.startswith("-") and not a.startswith("--") and len(a) > 1:
            for j, c in enumerate(a[1:], 2):
                if c == "s":
                    return _review("GK-BASH-005", "`date -s` sets the clock")
                if c in "dfrvzI":
                    if j == len(a) and c != "I":
                        rest = rest[1:]  # `-uf FILE`: the value is the next word
                    break
        elif not a.startswith(("+", "-")):
            positional.append(a)
    if positional and "-j" not in args:
        return _review("GK-BASH-005", f"`date {positional[0]}` sets the clock")
    return None


# Long options of the plain readers that write, run code or read a list of names the gate
# never sees. GNU getopt_long (and Python's argparse, for yq) take any unambiguous prefix,
# so `sort --out=F` is `sort --output=F`: a word that names one of these or abbreviates it
# goes to review. Value True: the exact spelling is risky too; False: the exact spelling is
# judged elsewhere (`_flag_problem`, the write effects), only an abbreviation is flagged here.
_AWK_RISKY_LONG: dict[str, bool] = {
    "--file": False,
    "--exec": False,
    "--load": False,
    "--source": True,  # program text inside the option: not scanned
    "--include": True,  # a source file of awk code
    "--pretty-print": True,  # writes the program to a file
    "--dump-variables": True,  # writes the variables to a file
    "--profile": True,  # writes a profile to a file
    "--debug": True,  # reads debugger commands
}
_RISKY_LONG_OPTIONS: dict[str, dict[str, bool]] = {
    "sort": {
        "--output": False,
        "--compress-program": False,
        "--files0-from": True,
        "--random-source": False,
    },
    "sed": {"--in-place": False, "--file": False, "--expression": False},
    "wc": {"--files0-from": True},
    "du": {"--files0-from": True},
    "yq": {"--in-place": False},
    "base64": {"--output": False},
    "awk": _AWK_RISKY_LONG,
    "gawk": _AWK_RISKY_LONG,
    "mawk": _AWK_RISKY_LONG,
    "nawk": _AWK_RISKY_LONG,  # the one true awk (BSD, macOS)
}
_RISKY_LONG_OPTIONS |= {
    "diff": {"--from-file": True, "--to-file": True},  # read a file the path check never saw
    "less": {"--log-file": False, "--LOG-FILE": True, "--lesskey-file": False},
    "tree": {"--fromfile": True, "--fromtabfile": True, "--infofile": True, "--gitfile": True},
    # man-db: `-C FILE` reads a config whose `DEFINE nroff|pager|col PROGRAM` it runs
    "man": {"--pager": False, "--html": False, "--config-file": True},
    # jq: the FILE of `--rawfile NAME FILE` sits where the filter is read, so it was taken
    # for the filter and never path-checked; `jq --rawfile x KEY -n '$x'` prints KEY.
    # `shell.jsonfilters` now reads FILE as FILE; only an abbreviation is flagged here.
    "jq": {"--rawfile": False, "--slurpfile": False},
    # ack (Getopt::Long) and ag (getopt_long) take prefixes; --pager runs a command;
    # ack's --files-from names the files to search in a file the gate never reads (redteam18)
    "ack": {"--pager": True, "--ackrc": True, "--files-from": True},
    "ag": {"--pager": True},
}
# Short options, as (risky letters, letters whose value is the rest of the word): gawk's
# -e (--source), -i, -o, -d, -p, -D and mawk's -W; awk's -f, -E, -l also after other letters
# (gawk bundles them: `gawk -bf evil.awk` ran evil.awk, redteam14); less -o/-O (log the input
# to a file); tree -o (write the listing to a file) and -R (with -o, a file in every directory).
_RISKY_SHORT: dict[str, tuple[str, str]] = {
    **dict.fromkeys(("awk", "gawk", "mawk", "nawk"), ("eiodpDWfEl", "vF")),
    "less": ("oO", "bhjkpPtTxyzD#"),
    "tree": ("oR", "LPIHT"),
    "man": ("PHC", "LmMSsepErTRX"),  # `-aPcat`, `-C FILE` (its DEFINEs run), `-Hlynx`
    "ack": ("x", "ABCmgptT"),  # `-x`: the names of the files to search, from stdin
}


# man-db's short options that take a value (`-M DIR`, `-MDIR`); in a cluster the rest of
# the word is the value.
_MAN_VALUED = frozenset("PHCLmMSsepErTRX")


def _man_own_page(command: Command, ctx: Context) -> str:
    """A page or manual dir of `man` outside /usr (where the system's own pages live), or "".

    A page file (`man ./x.1`, `man -l x.1`, `man -l -` from stdin) or a manual dir (`-M DIR`,
    `--manpath=DIR`) is roff the agent may have written: man-db renders it with groff, whose
    `.so FILE` (safe mode or not) copies any file into the output (bash: `man ./x.1` with
    `.so /path/key` printed the key).
    """
    args = command.argv[1:]
    local = False
    places: list[str] = []
    operands: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        i += 1
        if a == "--":
            operands += args[i:]
            break
        if a.startswith("--"):
            opt, eq, value = a.partition("=")
            if len(opt) > 4 and "--local-file".startswith(opt):
                local = True
            elif len(opt) > 4 and "--manpath".startswith(opt):
                if not eq and i < len(args):
                    value, i = args[i], i + 1
                places.append(value)
            continue
        if a.startswith("-") and a != "-":
            for j, c in enumerate(a[1:], 1):
                if c == "l":
                    local = True
                elif c in _MAN_VALUED:
                    value = a[j + 1 :]
                    if not value and i < len(args):
                        value, i = args[i], i + 1
                    if c == "M":
                        places.append(value)
                    break
            continue
        operands.append(a)
    places += [a for a in operands if local or "/" in a]
    for raw in places:
        if raw == "-" and local:
            return "a page read from stdin"
        path = ctx.paths.classify(raw or ".", write=False)[1]
        if path != "/usr" and not path.startswith("/usr/"):
            return path
    return ""


def _long_option_problem(command: Command) -> Finding | None:
    """A risky long option of a plain reader, spelled out or abbreviated (GK-BASH-005)."""
    name = command.name
    risky = _RISKY_LONG_OPTIONS.get(name)
    if risky is None:
        return None
    risky_short, valued = _RISKY_SHORT.get(name, ("", ""))
    args = command.argv[1:]
    for i, a in enumerate(args):
        if a == "--":
            break
        if risky_short and a.startswith("-") and not a.startswith("--"):
            # mawk -W version only prints the version
            version = a == "-Wversion" or (a == "-W" and args[i + 1 : i + 2] == ("version",))
            for c in a[1:]:
                if c in risky_short and not (c == "W" and version):
                    return _review("GK-BASH-005", f"`{name} {a}` runs code or writes a file")
                if c in valued or c == "W":
                    break  # the rest of the word is the option's value
            continue
        opt = a.split("=", 1)[0]
        for full in long_options(a, risky):
            if opt != full or risky[full]:
                what = "" if opt == full else f" abbreviates `{full}`, which"
                return _review(
                    "GK-BASH-005",
                    f"`{name} {opt}`{what} writes, runs code or reads names from a file",
                )
    return None


def _project_ackrc(ctx: Context) -> str | None:
    """The `.ackrc` of the command's directory or a parent holding more than harmless options
    (`shell.ackrc`), or None."""
    from gatekeeper.shell.ackrc import risky_ackrc  # only for ack

    home = ctx.paths.home
    for start in ctx.paths.resolve_all("."):
        found = risky_ackrc(start, home)
        if found:
            return found
    return None


def _file_flag_problem(args: tuple[str, ...]) -> Finding | None:
    """`file -f LIST` reads the names to examine from a file the gate has not read (and a
    `-m` magic file can print the bytes it matches); `file -C` compiles a magic file."""
    for a in args:
        if a == "--":
            break
        long = a.split("=", 1)[0] if a.startswith("--") and len(a) > 2 else ""
        short = a.startswith("-") and not long
        # getopt_long takes any unambiguous prefix: `--files` is `--files-from`.
        if (long and ("--files-from".startswith(long) or "--compile".startswith(long))) or (
            short and ("f" in a or "C" in a)
        ):
            return _review("GK-BASH-005", f"`file {a}` reads a list of names or writes a file")
    return None


def _removal(command: Command, ctx: Context) -> Finding:
    ops = operands(command)
    recursive = any(
        a in ("--recursive", "-R")
        or (a.startswith("-") and not a.startswith("--") and ("r" in a or "R" in a))
        for a in command.argv[1:]
    )
    for word in ops:
        path = ctx.paths.resolve(word.text.rstrip("*").rstrip("/") or "/")
        if recursive and (
            path == "/"
            or os.path.dirname(path) == "/"
            or path == ctx.paths.home
            or (path not in ctx.paths.tmp and any(inside(a, path) for a in ctx.paths.allowed))
        ):
            return Finding(
                Verdict.ELEVATE,
                "GK-BASH-008",
                f"`{command.name}` removes {path} as a whole",
            )
    if (
        ops
        and all(not w.dynamic and ctx.paths.classify(w.text, write=True)[0] == TMP for w in ops)
        and not any(w.glob and ctx.paths.resolve(w.text).count("/") < 3 for w in ops)
    ):
        return Finding(Verdict.SAFE, "GK-BASH-003", f"`{command.name}` under a tmp dir only")
    return _review("GK-BASH-004", f"`{command.name}` deletes files outside the tmp dirs")


def _runs_unseen_code(command: Command, call: ToolCall, ctx: Context) -> Finding | None:
    name = command.name
    if name in _SHELL_BUILTINS_UNSEEN and not (
        name == "alias" and command.argv[1:] in ((), ("-p",))
    ):
        return _review("GK-BASH-006", _SHELL_BUILTINS_UNSEEN[name])
    if name in ("compgen", "complete") and _completion_runs(command.argv[1:]):
        return _review("GK-BASH-006", f"`{name} -C`/`-F`/`-W` runs a command or expands a word")
    if name == "exec":
        if len(command.words) > 1 and not all(w.text.startswith("-") for w in command.words[1:]):
            return _review("GK-BASH-006", "`exec` replaces the shell with another command")
        return None
    if is_shell_or_interpreter(name) and name not in ("awk",):
        args = [a for a in command.argv[1:]]
        # `tclsh --version < x.tcl`: a flag it does not know may leave it reading stdin
        inputs = [r for r in command.redirects if r.op.startswith("<") and r.fd in ("", "0")]
        null_in = any(r.op == "<" and r.target.text == "/dev/null" for r in inputs)
        fed = any(r.target.text != "/dev/null" for r in inputs) or (
            command.stdin_piped and not null_in
        )
        if args and not fed and all(a in _version_flags(name) for a in args):
            configured = _configured_interpreter(command, call, ctx)
            if configured is not None:
                return _review("GK-BASH-006", configured)
            return Finding(Verdict.SAFE, "GK-BASH-001", f"`{name} {args[0]}` only prints a version")
        if (
            not args
            or args in (["-"], ["-s"], ["-i"])
            or all(a.startswith("-") and not _takes_code(name, a) for a in args)
        ):
            if command.stdin_piped:
                return _review(
                    "GK-BASH-006",
                    f"`{name}` runs whatever is piped into it; the gate cannot see that code",
                )
            return _review("GK-BASH-006", f"`{name}` runs code from its standard input")
    return None


def _configured_interpreter(command: Command, call: ToolCall, ctx: Context) -> str | None:
    """Why an interpreter's version query is not SAFE: a variable not plainly harmless set
    for it, as a prefix (`FOO=1 lua -v`) or by a statement before it (`export FOO=1; lua
    -v`). An interpreter reads variables of its own at start, some of them code
    (`LUA_INIT`, `RUBYOPT`: listed, GK-ENV-001), more than any list names; as the dev-tools
    and queries plugins judge their queries (`shell.setbefore`)."""
    from gatekeeper.shell.setbefore import env_changed

    changed = env_changed(command, call, ctx.paths.home_resolver)
    if changed is None:
        return None
    return f"{changed} may change what `{command.name}` runs before it prints"


# `-h` is an option of the sh family (`set -h`, hashall) and not help to sbcl: the shell then
# reads its script from stdin, as tclsh, wish and osascript do after any option at all.
_H_IS_NO_HELP = {"sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "csh", "tcsh", "sbcl"}
_NO_VERSION_FLAG = {"tclsh", "wish", "osascript"}


def _version_flags(name: str) -> set[str]:
    """The flags with which an interpreter only prints its version or help, then exits."""
    if name in _NO_VERSION_FLAG:
        return set()
    flags = {"--version", "--help"} if name in _H_IS_NO_HELP else {"--version", "--help", "-h"}
    if _is_pythonish(name):
        flags |= {"-V", "-VV"}
    elif name in ("node", "nodejs", "deno", "bun"):
        flags |= {"-v"}
    elif name in ("perl", "php", "ruby", "lua"):
        # each prints its version and exits (ruby once no other switch is given, lua since
        # `-v` stops it reading stdin); `perl -V` prints its configuration
        flags |= {"-v", "-V"} if name == "perl" else {"-v"}
    return flags


_PYTHONISH = LazyRegex(r"^(python|python[23](\.\d+)?|pypy3?|ipython)$")  # `_is_pythonish`


def _is_pythonish(name: str) -> bool:
    """``_PYTHONISH.match(name)`` without `re`: ``$`` also matches before a final newline,
    ``\\d`` is any Unicode decimal digit (`str.isdecimal`)."""
    if name.endswith("\n"):
        name = name[:-1]
    if name in ("python", "python2", "python3", "pypy", "pypy3", "ipython"):
        return True
    return name.startswith(("python2.", "python3.")) and name[8:].isdecimal()


def _takes_code(name: str, arg: str) -> bool:
    return arg in ("-c", "-e", "-m", "-E", "-r", "-p", "--eval", "--command") or (
        name in _SHELLS and arg.startswith("-") and "c" in arg
    )


@hookimpl
def gatekeeper_check_command(command: Command, call: ToolCall, ctx: Context) -> Finding | None:
    """Read-only → SAFE (within the allowed dirs); removal, hidden code and odd flags → REVIEW."""
    found = _classify(command, call, ctx)
    # `wc -l < /etc/shadow` and `$(<file)` read through a redirect, whatever the command is.
    if not command.redirects:
        return found  # (hot: most commands; no comprehension's frame for nothing)
    inputs = [
        r.target
        for r in command.redirects
        if r.op in ("<", "<>") or (r.op == "<&" and not r.target.text.isdigit())
    ]
    read = _check_reads(command, ctx, inputs) if inputs else None
    if read is not None and (found is None or SEVERITY[read.verdict] > SEVERITY[found.verdict]):
        return read
    return found


def _classify(command: Command, call: ToolCall, ctx: Context) -> Finding | None:
    name = command.name
    if not command.words:
        return Finding(Verdict.SAFE, "GK-BASH-007", "a redirect without a command")
    if command.words[0].dynamic:
        return None  # GK-SHELL-003 already speaks for a computed command name
    if name not in _ACTS_ON and name[-1:] not in _VERSION_ENDS:
        return None  # no branch below (nor of `_runs_unseen_code`) tests true (hot)
    if name in ("eval", "trap") and (seen := _visible_code(command, ctx)) is not None:
        return seen
    unseen = _runs_unseen_code(command, call, ctx)
    if unseen is not None:
        return unseen
    if name == "shopt" and (found := _shopt_problem(command)) is not None:
        return found
    if name in _REMOVERS:
        return _removal(command, ctx)
    if name in {"cd", "pushd"}:
        ops = operands(command)
        target = ops[0] if ops else None
        if target is None or target.text == "-":
            return _review("GK-BASH-002", f"`{name}` leaves the project directory")
        if target.glob:
            # with nullglob on, a glob that matches nothing leaves a bare `cd`: the home dir
            return _review("GK-BASH-002", f"`{name} {target.text}`: a glob may lead anywhere")
        if target.dynamic or not ctx.paths.is_allowed(target.text):
            return _review(
                "GK-BASH-002",
                f"`{name} {target.text}` moves outside the allowed dirs; commands after it "
                "run there",
            )
        return Finding(Verdict.SAFE, "GK-BASH-001", f"`{name}` within the allowed dirs")
    if name in _FILE_MANAGEMENT or name in READ_ONLY or name in ("tar", "man", "unzip"):
        glob = "" if name in HARMLESS_OPTIONS else _option_glob(command)
        if glob:
            return _review(
                "GK-BASH-005", f"`{glob}` may expand to a name `{name}` reads as an option"
            )
    if name in _FILE_MANAGEMENT:
        ops = operands(command, {"-m", "--mode", "-t", "-S"})
        found = _check_reads(command, ctx, ops) or _link_targets(command, ctx, ops)
        if found is None and name == "cp" and _dereferences(command):
            # `cp -rL src dst` copies what src's links point to into the project
            found = check_tree_links(ctx, "`cp -L`", [w.text for w in ops[:-1]])
        if found is not None:
            return found
        return new_finding(Verdict.SAFE, "GK-BASH-007", f"`{name}` inside the allowed dirs", "", "")
    if name in READ_ONLY:
        flagged = _long_option_problem(command) or _flag_problem(command) or _runtime_word(command)
        if flagged is not None:
            return flagged
        if name == "find":
            return _check_find(command, ctx)
        if name == "ack" and (ackrc := _project_ackrc(ctx)):
            return _review(
                "GK-BASH-005",
                f"`ack` reads its options from {ackrc}, which may name the files to search"
                " (`--files-from`) where the gate cannot see them",
            )
        read = _read_operands(command)
        if not read and follows_links(command):
            read = [Word(".")]  # `grep -R x`, `rg -L x`: the cwd, links and all
        found = _check_reads(command, ctx, read)
        if found is not None:
            return found
        return new_finding(Verdict.SAFE, "GK-BASH-001", f"`{name}` only reads", "", "")
    if name in ("gh",):
        return _check_gh(command, ctx)
    if name in ("tar", "man", "vim", "vi", "nvim", "zip", "unzip"):
        return _check_archivers(command, ctx)
    return None


def _visible_code(command: Command, ctx: Context) -> Finding | None:
    """The verdict of the string `eval` or `trap` runs, when it is written out and worse
    than REVIEW: `eval 'rm -rf ~'` removes the home directory as `rm -rf ~` does, and was
    only "a string the gate cannot see" (a reviewer could approve it). Anything milder stays
    GK-BASH-006 (`_runs_unseen_code`)."""
    words = command.words[1:]
    if words[:1] and words[0].text == "--":
        words = words[1:]
    if command.name == "trap":
        if len(words) < 2 or words[0].text[:1] == "-":
            return None  # `trap -p`, `trap - INT` (a reset), `trap INT`
        words = words[:1]
    if not words or any(w.dynamic for w in words):
        return None
    inner = ctx.classify_script(" ".join(w.text for w in words), command.name)
    if inner.verdict != Verdict.ELEVATE:
        return None
    return Finding(
        Verdict.ELEVATE, inner.rule, f"`{command.name}` runs `{words[0].text[:80]}`: {inner.reason}"
    )


def _shopt_problem(command: Command) -> Finding | None:
    """`shopt -s` of an option that changes where later words lead: with nocaseglob, the
    credential names a glob picks are found case-blind (`cat .EN[V]` reads .env, `cat
    *.PE[M]` the keys); with cdable_vars, `cd NAME` goes where the variable NAME points
    when no directory NAME exists (`d=~/.ssh; cd d; cat *` prints the keys). An option
    known only at run time may be either."""
    words = command.words[1:]
    if not any(w.text[:1] == "-" and w.text[1:2] != "-" and "s" in w.text for w in words):
        return None
    for word in words:
        if word.dynamic or word.text in ("nocaseglob", "cdable_vars"):
            return _review(
                "GK-BASH-002",
                f"`shopt -s {word.text}` changes what later names and globs lead to",
            )
    return None


# Every name a branch of `_classify` or `_runs_unseen_code` tests `name` with; a versioned
# interpreter (`python3.12`: `is_shell_or_interpreter`) ends with one of `_VERSION_ENDS`. For
# any other name each branch's test is false and `_classify` answers None, so it answers at
# once (~75 bytecodes and two calls less a command). `tests/test_name_gates.py` reads every
# test of both from their source (`ast`): each branch must test `name` and every name it
# compares with must be here.
_ACTS_ON = frozenset(
    {*_SHELL_BUILTINS_UNSEEN, "compgen", "complete", "exec", *_SHELLS, *_INTERPRETERS}
    | {"shopt", *_REMOVERS, "cd", "pushd", *_FILE_MANAGEMENT, *READ_ONLY, "tar", "man"}
    | {"unzip", "gh", "vim", "vi", "nvim", "zip"}
)
_VERSION_ENDS = "0123456789.\n"  # what `is_shell_or_interpreter` looks at a version for


def _option_glob(command: Command) -> str:
    """`shell.optglob.option_glob`, except that awk's operands after its program are files.

    Every awk stops reading options at its first operand, the program text (gawk's getopt
    string starts with `+`; mawk, the one true awk and busybox do the same), so `awk
    'FNR==1' *.txt` cannot turn a file name into an option. A glob up to and including the
    program still counts, whatever its first character: `awk -F a* p` may shift a name into
    the program's place.
    """
    if command.name not in ("awk", "gawk", "mawk", "nawk"):
        return option_glob(command)
    words = command.words
    i = 1
    while i < len(words):
        word = words[i]
        if word.glob:
            return word.text
        if word.text == "--":
            i += 1
            continue
        if word.text in ("-v", "-F", "-f", "-e", "-i", "-l", "-E", "-W"):
            if i + 1 < len(words) and words[i + 1].glob:
                return words[i + 1].text  # `-F a*`: more names than one value
            i += 2
            continue
        if word.text.startswith("-") and word.text != "-":
            i += 1
            continue
        return ""  # the program: every word after it is a file or an assignment
    return ""


def _runtime_word(command: Command) -> Finding | None:
    """A word known only at run time that is not a file operand of a reader (GK-BASH-005).

    A file operand known only at run time is GK-BASH-002. Any other such word — a pattern,
    a program, an option's value — is not checked at all, and the gate cannot tell `"$P"`
    from `$P`: unquoted, it splits into words of its own. So `rg "$P" x` with `P=--pre=sh`
    runs sh on every file, `awk "$P" x` and `sed "$S" x` run the program in P or S
    (`system()`, sed's `e`), `find . -name $N` may grow `-exec`/`-delete`, and `head -n $N x`
    with `N='5 /etc/shadow'` reads a file the gate never saw. Readers whose operands are all
    data (`echo`, `printf`, `expr`...) are not concerned.
    """
    if READ_ONLY.get(command.name, "none") == "none":
        return None
    words = command.words
    if not any(w.dynamic for w in words[1:]):
        return None
    reads = {id(w) for w in _read_operands(command)} if command.name != "find" else set()
    for word in words[1:]:
        if word.dynamic and id(word) not in reads:
            if command.name == "find" and not word.text.startswith("-") and word is words[1]:
                continue  # the start point: judged as a read (GK-BASH-002) by `_check_find`
            return _review(
                "GK-BASH-005",
                f"`{command.name}` is given `{word.text[:60]}`, known only at run time: it may "
                "hold options, program text or more file names",
            )
    return None


def _dereferences(command: Command) -> bool:
    """`cp -L`/`--dereference` (or `-rL`): the links below a source are copied as files."""
    for a in command.argv[1:]:
        if a == "--":
            break
        if long_options(a, ("--dereference",)) or (  # `--deref`: getopt_long's prefix
            a.startswith("-") and not a.startswith("--") and "L" in a
        ):
            return True
    return False


def _link_targets(command: Command, ctx: Context, ops: list[Word]) -> Finding | None:
    """`ln -s TARGET LINK`: a relative TARGET is resolved from LINK's directory, not the cwd
    (`cd src && ln -s ../.bashrc ../l` links the project's `l` to the home's `.bashrc`)."""
    argv = command.argv
    symbolic = any(
        a == "--symbolic" or (a.startswith("-") and not a.startswith("--") and "s" in a[1:])
        for a in argv[1:]
    )
    if command.name != "ln" or not symbolic:
        return None
    bases: list[str] = []
    for i, a in enumerate(argv):
        if a in ("-t", "--target-directory") and i + 1 < len(argv):
            bases.append(argv[i + 1])
        elif a.startswith("--target-directory="):
            bases.append(a.split("=", 1)[1])
    sources = ops
    if not bases and len(ops) >= 2:
        sources, link = ops[:-1], ops[-1].text
        bases = [link, os.path.dirname(link.rstrip("/")) or "."]  # into a dir, or as a name
    relative = [w for w in sources if not w.dynamic and not w.text.startswith(("/", "~"))]
    if not bases or not relative:
        return None
    words = [replace(w, text=os.path.join(b, w.text)) for b in bases for w in relative]
    return _check_reads(command, ctx, words)


def _check_find(command: Command, ctx: Context) -> Finding:
    if any(
        a in ("-files0-from", "--files0-from") or a.startswith(("-files0-from=", "--files0-from="))
        for a in command.argv
    ):
        return _review("GK-BASH-002", "`find -files0-from` walks places named in a file")
    starts: list[Word] = []
    words = command.words[1:]
    i = 0
    follows = False
    while i < len(words) and (
        words[i].text in ("-H", "-L", "-P", "-D") or words[i].text.startswith("-O")
    ):
        follows = follows or words[i].text == "-L"
        i += 2 if words[i].text == "-D" else 1  # `find -L ~ ...`: options before the starts
    for word in words[i:]:
        if word.text.startswith(("-", "(", "!", ")")) or word.text == ",":
            break
        starts.append(word)
    found = _check_reads(command, ctx, starts or [])
    if not starts and not ctx.paths.is_allowed(ctx.paths.cwd):
        return _review("GK-BASH-002", "`find` searches a cwd outside the allowed dirs")
    if found is None and (follows or "-follow" in command.argv):
        # `find -L . -name x` walks on through a link in the project to where it points
        found = check_tree_links(ctx, "`find -L`", [w.text for w in starts])
    if found is not None:
        return found
    if any(a in ("-exec", "-execdir", "-ok", "-okdir") for a in command.argv):
        return Finding(Verdict.SAFE, "GK-BASH-001", "`find` only reads (its -exec is judged apart)")
    return Finding(Verdict.SAFE, "GK-BASH-001", "`find` only reads")


_GH_READ = {
    ("issue", "view"),
    ("issue", "list"),
    ("issue", "status"),
    ("pr", "view"),
    ("pr", "list"),
    ("pr", "status"),
    ("pr", "diff"),
    ("pr", "checks"),
    ("repo", "view"),
    ("run", "list"),
    ("run", "view"),
    ("release", "list"),
    ("release", "view"),
    ("workflow", "list"),
    ("workflow", "view"),
    ("search", "issues"),
    ("search", "prs"),
    ("search", "repos"),
    ("search", "code"),
    ("label", "list"),
    ("auth", "status"),
    ("repo", "list"),
    ("gist", "list"),
    ("cache", "list"),
    ("secret", "list"),  # names and dates only; values are never readable
    ("variable", "list"),
    ("codespace", "list"),
    ("cs", "list"),
    ("extension", "list"),
    ("ext", "list"),
    ("alias", "list"),
    ("ssh-key", "list"),
    ("gpg-key", "list"),
    ("project", "list"),
    ("project", "view"),
    ("project", "field-list"),
    ("project", "item-list"),
    ("org", "list"),
    ("ruleset", "list"),
    ("ruleset", "view"),
    ("rs", "list"),
    ("rs", "view"),
    ("search", "commits"),
    ("gist", "view"),
    ("variable", "get"),
    ("extension", "search"),
    ("ext", "search"),
    ("run", "watch"),
    ("ruleset", "check"),
    ("rs", "check"),
    ("codespace", "view"),
    ("cs", "view"),
    ("config", "list"),
    ("release", "verify"),  # checks the release's attestation with GitHub
    ("attestation", "trusted-root"),  # prints the public trust roots
    ("at", "trusted-root"),
    ("codespace", "logs"),
    ("cs", "logs"),
}
# `gh codespace ports` lists; `ports forward` and `ports visibility` open or publish a port.
_GH_PORTS_VALUES = {"-c", "--codespace", "-q", "--jq", "-t", "--template", "--json", "-R"}


_GH_SECRET_KEY = LazyRegex(r"(?i)token|auth|secret|pass|key")
# `gh api` options that neither send a body, read a file nor change the host.
_GH_API_BARE = {"--paginate", "--slurp", "-i", "--include", "--silent", "--verbose"}
_GH_API_VALUE = {"-q", "--jq", "-t", "--template", "-f", "--raw-field", "-H", "--header"}
_GH_API_VALUE |= {"--cache", "-X", "--method", "-p", "--preview"}


def _check_gh_api(args: list[str]) -> Finding | None:
    """`gh api ENDPOINT` as a GET of a relative endpoint: SAFE; anything else has no opinion.

    `-F`/`--field` (reads `@file` values), `--input`, `--hostname`, `graphql` (may mutate),
    a method other than GET, and `-f` fields without an explicit GET (they make it a POST)
    are left to review.
    """
    endpoint = ""
    method = ""
    fields = False
    i = 0
    while i < len(args):
        a = args[i]
        name, eq, attached = a.partition("=") if a.startswith("--") else (a, "", "")
        if a.startswith("-X") and len(a) > 2:
            method = a[2:]
        elif name in _GH_API_VALUE:
            value = attached if eq else (args[i + 1] if i + 1 < len(args) else "")
            if not eq:
                i += 1
            if name in ("-X", "--method"):
                method = value
            fields = fields or name in ("-f", "--raw-field")
        elif a in _GH_API_BARE:
            pass
        elif a.startswith("-") or endpoint:
            return None
        else:
            endpoint = a
        i += 1
    if not endpoint or endpoint == "graphql" or "://" in endpoint:
        return None
    if method.upper() not in ("", "GET") or (fields and method.upper() != "GET"):
        return None
    return Finding(Verdict.SAFE, "GK-BASH-001", f"`gh api {endpoint[:60]}` only reads (GET)")


# `gh attestation verify FILE` / `gh release verify-asset TAG FILE`: check a local file's
# attestation with GitHub; the file, `--bundle` and `--custom-trusted-root` are reads.
_GH_VERIFY_VALUES = {
    "-o", "--owner", "-R", "--repo", "--signer-repo", "--signer-workflow", "--signer-digest",
    "--predicate-type", "--format", "-q", "--jq", "-t", "--template", "-L", "--limit",
    "--cert-oidc-issuer", "--source-ref", "--source-digest", "--digest-alg", "-d",
    "--bundle", "-b", "--custom-trusted-root", "--cert-identity", "--cert-identity-regex",
}  # fmt: skip
_GH_VERIFY_FLAGS = {"--deny-self-hosted-runners", "--no-public-good", "--bundle-from-oci"}


def _check_gh_verify(command: Command, ctx: Context, start: int) -> Finding | None:
    words = command.words[start:]
    reads: list[Word] = []
    i = 0
    while i < len(words):
        text = words[i].text
        name, eq, value = text.partition("=")
        if name in _GH_VERIFY_VALUES:
            if not eq and i + 1 >= len(words):
                return None
            target = replace(words[i], text=value) if eq else words[i + 1]
            if name in ("--bundle", "-b", "--custom-trusted-root"):
                reads.append(target)
            i += 1 if eq else 2
            continue
        if text.startswith("-"):
            if text not in _GH_VERIFY_FLAGS:
                return None  # --hostname, --bundle-from-oci's registry reads...
        elif "://" in text or text.startswith("oci:"):
            return None  # an image in a registry, with the user's registry credentials
        else:
            reads.append(words[i])
        i += 1
    return _check_reads(command, ctx, reads) or Finding(
        Verdict.SAFE, "GK-BASH-001", "`gh ... verify` checks a local file's attestation"
    )


def _gh_token_or_web(arg: str) -> bool:
    """`-t`/`--show-token` (gh prints the token) or `-w`/`--web` (opens a browser), however
    pflag lets it be spelt: `--show-token=true`, `-t=1`, a cluster of letters (`-at`)."""
    if arg[:2] == "--":
        return arg.partition("=")[0] in ("--web", "--show-token")
    if arg[:1] != "-":
        return False
    letters = arg[1:].partition("=")[0]
    return letters.isalpha() and ("t" in letters or "w" in letters)


def _check_gh(command: Command, ctx: Context) -> Finding | None:
    argv = list(command.argv)
    # `gh -R owner/repo pr list`: the repository option changes which repository, not what.
    if len(argv) > 2 and argv[1] in ("-R", "--repo"):
        del argv[1:3]
    elif len(argv) > 1 and argv[1].startswith("--repo="):
        del argv[1]
    if any(w.dynamic for w in command.words[1:]):
        return None
    if any(map(_gh_token_or_web, argv)):
        return None
    if argv[1:] in (["--help"], ["-h"], ["--version"], ["version"]) or argv[1:2] == ["help"]:
        return Finding(Verdict.SAFE, "GK-BASH-001", "`gh help` only prints help")
    if len(argv) >= 3 and argv[-1] in ("--help", "-h") and argv[1].isalpha():
        return Finding(Verdict.SAFE, "GK-BASH-001", f"`gh {argv[1]} --help` only prints help")
    if argv[1:2] == ["status"] and all(
        a in ("-o", "--org", "-e", "--exclude") or not a.startswith("-") for a in argv[2:]
    ):
        return Finding(Verdict.SAFE, "GK-BASH-001", "`gh status` only reads notifications")
    if argv[1:3] == ["config", "get"] and not any(_GH_SECRET_KEY.search(a) for a in argv[3:]):
        return Finding(Verdict.SAFE, "GK-BASH-001", "`gh config get` of a plain setting")
    if argv[1:2] == ["api"]:
        return _check_gh_api(argv[2:])
    if argv[1:3] in (["attestation", "verify"], ["at", "verify"]) and len(argv) == len(
        command.argv
    ):
        return _check_gh_verify(command, ctx, 3)
    if argv[1:3] == ["release", "verify-asset"] and len(argv) == len(command.argv):
        return _check_gh_verify(command, ctx, 4) if len(argv) > 4 else None
    if argv[1:2] == ["browse"] and ("-n" in argv or "--no-browser" in argv):
        return Finding(Verdict.SAFE, "GK-BASH-001", "`gh browse -n` only prints the URL")
    if argv[1:3] in (["codespace", "ports"], ["cs", "ports"]):
        rest = argv[3:]
        while rest and rest[0] in _GH_PORTS_VALUES and len(rest) > 1:
            rest = rest[2:]
        if not rest:
            return Finding(Verdict.SAFE, "GK-BASH-001", "`gh codespace ports` only lists ports")
        return None
    if (
        len(argv) >= 3
        and (argv[1], argv[2]) in _GH_READ
        and not any(a in ("--web", "-w", "--show-token", "-t") for a in argv)
    ):
        return Finding(Verdict.SAFE, "GK-BASH-001", f"`gh {argv[1]} {argv[2]}` only reads")
    return None


def _tar_archives(command: Command) -> list[Word]:
    """The archive files tar reads (`-f X`, `-tvf X`, `tf X`, `--file=X`)."""
    words = command.words
    out: list[Word] = []
    for i in range(1, len(words)):
        a = words[i].text
        if a.startswith("--file="):
            out.append(replace(words[i], text=a.split("=", 1)[1]))
        elif a == "--file" or (
            not a.startswith("--") and "f" in a and (a.startswith("-") or i == 1)
        ):
            rest = a[a.index("f") + 1 :] if a != "--file" else ""
            if rest:
                out.append(replace(words[i], text=rest))
            elif i + 1 < len(words):
                out.append(words[i + 1])
    return out


# Long options a `tar --list` may carry: they choose the archive, the decompressor (a fixed
# program) and which member names print; none writes or runs a program of the caller's.
_TAR_LIST_LONG = {
    "--list", "--file", "--verbose", "--wildcards", "--no-wildcards", "--anchored",
    "--no-anchored", "--ignore-case", "--no-ignore-case", "--wildcards-match-slash",
    "--no-wildcards-match-slash", "--gzip", "--gunzip", "--bzip2", "--xz", "--lzma",
    "--lzip", "--lzop", "--zstd", "--compress", "--auto-compress", "--numeric-owner",
    "--full-time", "--utc", "--exclude", "--force-local", "--occurrence", "--quoting-style",
    "--show-transformed-names", "--no-recursion", "--recursion", "--null", "--quiet",
}  # fmt: skip


# The letters of a `tar -t`: -g/-G (snapshot files, written), -T/-X (name lists read from
# files), -C, -K, -N... are not here.
_TAR_LIST_LETTERS = set("tvfzjJaZ")


def _tar_listing_option(arg: str) -> bool:
    """A long option of `_TAR_LIST_LONG`, or a cluster of `_TAR_LIST_LETTERS`."""
    if arg.startswith("--"):
        return arg.split("=", 1)[0] in _TAR_LIST_LONG
    letters = arg.lstrip("-")
    head = letters[: letters.index("f") + 1] if "f" in letters else letters  # `-tfa.tar`
    return set(head) <= _TAR_LIST_LETTERS


def _tar_remote(archive: str) -> bool:
    """GNU tar reads `host:file` (a colon before any slash) through rsh/ssh."""
    colon = archive.find(":")
    return colon > 0 and "/" not in archive[:colon]


# `tar -c`: the letters and long options that only choose the archive, its compressor (a
# fixed program), what is printed and the stored metadata. Not here: -C (another directory),
# -T/-X (name lists from files), -h (follows symlinks out of the tree), -P, -g/-G (snapshot
# files), --remove-files, and anything that runs a program (judged above).
_TAR_CREATE_LETTERS = set("cvfzjJaZ")
_TAR_CREATE_LONG = {
    "--create", "--file", "--verbose", "--gzip", "--bzip2", "--xz", "--lzma", "--zstd",
    "--auto-compress", "--exclude", "--exclude-vcs", "--exclude-vcs-ignores",
    "--exclude-caches", "--owner", "--group", "--mode", "--mtime", "--sort",
    "--numeric-owner", "--format", "--force-local", "--totals",
}  # fmt: skip
_TAR_CREATE_VALUED = {"--exclude", "--owner", "--group", "--mode", "--mtime", "--sort", "--format"}


def _tar_create(command: Command, ctx: Context) -> Finding | None:
    """SAFE for `tar -c[zjJ]f ARCHIVE MEMBERS...` reading and writing inside the allowed dirs."""
    words = command.words[1:]
    archives: list[Word] = []  # GNU tar writes the first `-f`, bsdtar the last: judge all
    members: list[Word] = []
    creating = False
    i = 0
    while i < len(words):
        text = words[i].text
        name, eq, value = text.partition("=")
        if text.startswith("--"):
            if name not in _TAR_CREATE_LONG:
                return None
            creating = creating or name == "--create"
            if name == "--file" and eq:
                archives.append(replace(words[i], text=value))
            elif name == "--file" or (name in _TAR_CREATE_VALUED and not eq):
                if i + 1 >= len(words):
                    return None
                if name == "--file":
                    archives.append(words[i + 1])
                i += 1
        elif text.startswith("-") or i == 0:  # `-czf` or the old style `czf`
            letters = text.lstrip("-")
            if not letters or not set(letters) <= _TAR_CREATE_LETTERS:
                return None
            creating = creating or "c" in letters
            if "f" in letters:
                if not letters.endswith("f") or i + 1 >= len(words):
                    return None  # `-cfv x`: GNU takes `v` as the archive, old style `x`
                archives.append(words[i + 1])
                i += 1
        elif text.startswith("@"):
            return None  # bsdtar copies the entries of another archive: a read it names oddly
        else:
            members.append(words[i])
        i += 1
    if not creating or not archives or not members or any(a.dynamic for a in archives):
        return None
    found = dominant(f for a in archives if (f := _tar_written(command, ctx, a)) is not None)
    if found is not None:
        return found
    found = _check_reads(command, ctx, members)
    if found is not None:
        return found
    return Finding(Verdict.SAFE, "GK-BASH-001", "`tar -c` archives the project's own files")


def _tar_written(command: Command, ctx: Context, archive: Word) -> Finding | None:
    """Why `tar -c` may not write `archive`, or None."""
    if archive.text == "-":
        return None
    if "--force-local" not in command.argv and _tar_remote(archive.text):
        return _review("GK-BASH-005", "`tar` reaches a remote archive (`host:file`)")
    kind, where = ctx.paths.classify(archive.text, write=True)
    if kind in (PROTECTED, SECRET):
        return Finding(Verdict.ELEVATE, "GK-PROT-001", f"`tar -c` writes {where}")
    if kind not in (ALLOWED, TMP, DEVICE):
        return _review("GK-WRITE-001", f"`tar -c` writes {where}, outside the allowed dirs")
    return None


def _check_archivers(command: Command, ctx: Context) -> Finding | None:
    name = command.name
    args = command.argv[1:]
    runtime = next((w.text for w in command.words[1:] if w.dynamic), "")
    if runtime and name in ("tar", "man", "zip", "unzip"):
        # `tar -tf a.tar $X` with X=--checkpoint-action=exec=sh: an option in a variable
        return _review(
            "GK-BASH-005",
            f"`{name}` is given `{runtime[:60]}`, known only at run time: it may hold options",
        )
    if name == "tar":
        if any(
            a.startswith(
                (
                    "--to-command",
                    "--checkpoint-action",
                    "--use-compress-program",
                    "--info-script",
                    "--new-volume-script",
                    "--rsh-command",
                )
            )
            or (
                (a.startswith("-") or i == 0)
                and not a.startswith("--")
                and bool({"I", "F"} & set(a))
            )
            for i, a in enumerate(args)
        ):
            return _review("GK-BASH-005", "this `tar` option runs another program")
        first = args[0] if args else ""
        if first.startswith("--"):
            listing = first == "--list"
        else:
            letters = set(first.lstrip("-"))
            listing = "t" in letters and not letters & {"x", "c", "r", "u", "A"}
        if listing and all(
            _tar_listing_option(a)
            for i, a in enumerate(args)
            if (a.startswith("-") and a != "-") or i == 0
        ):
            archives = _tar_archives(command)
            if "--force-local" not in args and any(_tar_remote(w.text) for w in archives):
                return _review("GK-BASH-005", "`tar` reaches a remote archive (`host:file`)")
            found = _check_reads(command, ctx, archives)
            if found is not None:
                return found
            return Finding(Verdict.SAFE, "GK-BASH-001", "`tar` only lists an archive")
        return _tar_create(command, ctx)
    if name == "man":
        if _long_option_problem(command) or any(
            a.startswith(("-P", "--pager", "-H", "--html")) for a in args
        ):
            return _review("GK-BASH-005", "`man` with a pager or browser option runs it")
        page = _man_own_page(command, ctx)
        if page:
            return _review(
                "GK-BASH-002",
                f"`man` renders {page}, not a system page: its `.so` requests read any file "
                "(a key too) into the output",
            )
        return Finding(Verdict.SAFE, "GK-BASH-001", "`man` only reads")
    if name in ("vim", "vi", "nvim"):
        return _review("GK-BASH-005", f"`{name}` can run commands (`-c`, `:!`)")
    if name == "zip":
        if any(a in ("-T", "-TT", "--unzip-command") or a.startswith("-TT") for a in args):
            return _review("GK-BASH-005", "`zip -TT` runs a test command")
        return None
    if name == "unzip" and tuple(args) in ((), ("-h",), ("-hh",), ("--help",)):
        return Finding(Verdict.SAFE, "GK-BASH-001", "`unzip` with no archive prints its usage")
    if name == "unzip" and args and _UNZIP_LISTING.match(args[0]):
        found = _check_reads(command, ctx, operands(command)[:1])
        if found is not None:
            return found
        return Finding(Verdict.SAFE, "GK-BASH-001", "`unzip -l` only lists an archive")
    return None
