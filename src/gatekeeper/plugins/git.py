"""GK-GIT: git, by what each subcommand and option really does.

## GK-GIT-001 — a read-only git command (SAFE)
**What it catches:** ``status``, ``diff``, ``log``, ``show``, ``blame``, ``ls-files``,
``rev-parse``, ``grep``, listing forms of ``branch``/``tag``/``remote``/``stash``/``config``
..., with read-only flags, ``clean -n``/``--dry-run``, and the listing forms
``sparse-checkout list``, ``lfs ls-files``/``status``, ``rerere status``/``remaining``,
``replace -l``, ``rerere diff``, ``apply --check|--stat|--numstat|--summary``,
``hash-object`` without ``-w``, ``bundle verify|list-heads`` (the files read inside the
allowed dirs), the exports ``archive`` (stdout or ``-o``; no ``--remote``/``--exec``) and
``format-patch`` (cwd, ``-o``, ``--output`` or ``--stdout``) whose written files lie in
the allowed or tmp dirs and are not protected, and ``git X --help`` (which is ``git help X``), in a repository inside the
allowed dirs (``-C`` included).
**Example:** ``git log --oneline -20``, ``git -C sub diff --stat``.

## GK-GIT-002 — a git write (ELEVATE)
**What it catches:** ``commit``, ``push``, ``add``, ``rm``, ``mv``, ``rebase``, ``reset``,
``checkout``, ``switch``, ``restore``, ``merge``, ``cherry-pick``, ``revert``, ``stash`` push/pop/
drop/clear, writes of ``tag``/``branch``/``remote``/``config``/``worktree``/``notes``,
``clean``, ``update-ref``, ``reflog expire``, ``gc``, ``pull``, ``am``, ``apply``,
``filter-branch``, ``submodule`` updates... ``-C path`` does not hide one.
**Why:** history is shared; the seeds send every git write to the human.
**Allowed alternative:** ``gatekeeper allow rule 'Bash(git commit *)'``.

## GK-GIT-003 — an option that runs code or writes files (REVIEW)
**What it catches:** ``-c``, ``--config-env``, ``--exec-path``, ``--git-dir``/``--work-tree``
outside the allowed dirs, ``--ext-diff``, ``--textconv``, ``--upload-pack``/
``--receive-pack``, ``-O``/``--open-files-in-pager``, ``difftool``, ``submodule foreach``,
``bisect run``, ``archive -o``/``format-patch -o`` outside the allowed dirs, and a glob
that may expand to a name git reads as an option (``git diff *``; ``-- *`` is fine), and an
abbreviation of ``--output``/``--output-directory`` or of the long options above
(``git diff --outp=F``: git takes any unambiguous prefix), and a word known only at run
time in a reading command (``git diff $X`` with ``X=--output=F``), except
``$(git rev-parse REV)``/``$(git merge-base A B)`` (an object name in hex).
**Why:** each runs a program of the caller's choosing or writes where it should not.
**Example:** ``git -c core.fsmonitor='rm -rf ~' status``.

## GK-GIT-004 — an unknown git subcommand or alias (REVIEW)
**What it catches:** a subcommand gatekeeper does not know (aliases included: ``git x`` can
be ``!sh -c ...``). **Why:** unknown means review.

## GK-GIT-005 — a repository outside the allowed dirs (REVIEW)
**What it catches:** git run (by ``cwd``, a ``cd`` earlier in the command, ``-C``,
``--git-dir`` or ``--work-tree``) in a directory outside the allowed dirs; a tmp dir counts
as outside here (``cd /tmp/x && git status``); ``git blame --contents FILE`` with FILE
outside them (blame prints its lines); ``git diff`` of a path outside them (``--no-index``);
a reading command in a planted bare repository (``HEAD``, ``objects/``, ``refs/`` in a
directory that is no ``.git``: its ``config`` is not protected) or ``--git-dir`` outside
every ``.git`` directory (``shell.gitplant``).
**Why:** a hostile repository runs code through its own config (``core.fsmonitor``, hooks).
"""

from __future__ import annotations

from gatekeeper.hookspecs import hookimpl
from gatekeeper.lazyre import LazyRegex
from gatekeeper.model import Finding, Verdict, new_finding
from gatekeeper.paths import ALLOWED, PROTECTED, TMP
from gatekeeper.shell.effects import long_options
from gatekeeper.shell.gitcreds import MCP_CONFIGS, printed_git_secret
from gatekeeper.shell.gitcreds import READERS as GIT_CONFIG_READERS
from gatekeeper.shell.gitplant import planted_repo, unprotected_git_dir
from gatekeeper.shell.optglob import option_glob
from gatekeeper.shell.parse import TEXT_CLIP

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from gatekeeper.context import Context
    from gatekeeper.model import Command

_READ_ONLY = {
    "status",
    "diff",
    "log",
    "show",
    "blame",
    "annotate",
    "ls-files",
    "ls-tree",
    "cat-file",
    "rev-parse",
    "rev-list",
    "describe",
    "shortlog",
    "grep",
    "whatchanged",
    "help",
    "version",
    "count-objects",
    "for-each-ref",
    "name-rev",
    "merge-base",
    "show-ref",
    "show-branch",
    "check-ignore",
    "check-attr",
    "check-ref-format",
    "var",
    "fsck",
    "verify-commit",
    "verify-tag",
    "cherry",
    "range-diff",
    "diff-tree",
    "diff-files",
    "diff-index",
    "ls-remote",
    "reflog",
    "stash",
    "branch",
    "tag",
    "remote",
    "config",
    "worktree",
    "notes",
    "submodule",
    "symbolic-ref",
    "bisect",
}
_WRITES = {
    "commit",
    "push",
    "add",
    "rm",
    "mv",
    "rebase",
    "reset",
    "checkout",
    "switch",
    "restore",
    "merge",
    "cherry-pick",
    "revert",
    "clean",
    "update-ref",
    "gc",
    "pull",
    "am",
    "apply",
    "filter-branch",
    "filter-repo",
    "prune",
    "repack",
    "update-index",
    "write-tree",
    "commit-tree",
    "read-tree",
    "replace",
    "init",
    "clone",
    "fetch",
    "mktag",
    "hash-object",
    "fast-import",
    "pack-refs",
    "maintenance",
    "sparse-checkout",
    "lfs",
    "format-patch",
    "archive",
    "bundle",
    "checkout-index",
    "merge-file",
    "stage",
    "mergetool",
    "send-email",
    "request-pull",
    "instaweb",
    "svn",
    "p4",
    "daemon",
    "credential",
    "rerere",
    "citool",
    "gui",
}
_NETWORK_OR_NEW = {"fetch", "clone", "init", "format-patch", "archive", "bundle", "lfs"}
# Subcommand -> the listing forms (first argument) that only read.
_LISTING = {
    "stash": {"list", "show"},
    "reflog": {"show", "exists"},
    "worktree": {"list"},
    "notes": {"list", "show"},
    "submodule": {"status", "summary"},
    "bisect": {"log", "visualize", "view"},
    "remote": {"-v", "--verbose", "show", "get-url"},
}
# The listing forms of otherwise writing subcommands (subcommand, first argument).
_READ_FORMS = {
    ("sparse-checkout", "list"),
    ("lfs", "ls-files"),
    ("lfs", "status"),
    ("rerere", "status"),
    ("rerere", "remaining"),
    ("rerere", "diff"),
    ("replace", "-l"),
    ("replace", "--list"),
}
_EXEC_OPTIONS = (
    "--ext-diff",
    "--textconv",
    "--upload-pack",
    "--receive-pack",
    "-O",
    "--open-files-in-pager",
    "--exec",
    "--extcmd",
    "-x",
    "--tool",
)


# git's option parser takes any unambiguous prefix of a long option (`--outp=F` is
# `--output=F`, `--ext` is `--ext-diff`): these are the risky ones an abbreviation may name.
# `--text` and `--to` are options of their own (`diff --text`, `format-patch --to`).
_RISKY_LONG = (*(o for o in _EXEC_OPTIONS if o.startswith("--")), "--output", "--output-directory")
_FULL_NAMES = {"--text", "--to"}
# The long ones with their value attached (`--tool=vim`), for one `startswith` (hot: each word).
_EXEC_ASSIGNED = tuple(o + "=" for o in _EXEC_OPTIONS if o.startswith("--"))


# git grep's long options that take a value (the next word, or after `=`)
_GREP_VALUED = {"--regexp", "--context", "--after-context", "--before-context"}
_GREP_VALUED |= {"--max-depth", "--max-count", "--threads"}
_PER_DIRECTORY = ("--exclude-per-directory",)


def _config_token(command: Command, ctx: Context) -> Finding | None:
    """GK-PROT-002: `git config -l`, `git remote -v`, `cat .git/config`... while the
    repository's config keeps a token (see `shell.gitcreds`)."""
    for cwd in (ctx.paths.cwd, *ctx.paths.other_cwds):
        path = printed_git_secret(command, cwd, ctx.paths.home_source)
        if path:
            return Finding(
                Verdict.ELEVATE,
                "GK-PROT-002",
                f"`{command.name}` prints the token kept in {path} (an extra header or a URL "
                "with a password): only the user can approve that",
            )
    return None


def _files_read(sub: str, args: list[str]) -> list[str]:
    """Files `git grep --no-index` searches (and prints), `git grep -f FILE` takes its
    patterns from, `git config --file FILE` lists, `git ls-files -X FILE` takes its
    exclude patterns from: each is a read like an operand.
    parse-options takes a prefix of a long option (`--no-ind`, `--fil=F`) and a short
    option's value in its word (`-f/srv/x`)."""
    files: list[str] = []
    positional: list[str] = []
    valued = "efABCm" if sub == "grep" else "f"  # short options that take a value
    letter_file, long_file = "f", "--file"
    if sub == "ls-files":  # `git ls-files -ioX/srv/x`: its exclude patterns from a file
        valued, letter_file, long_file = "xX", "X", "--exclude-from"
    i = 0
    while i < len(args):
        a = args[i]
        nxt = args[i + 1] if i + 1 < len(args) else None
        i += 1
        if a == "--":
            positional += args[i:]
            break
        if a.startswith("--"):
            name, eq, value = a.partition("=")
            if long_options(name, (long_file,)) and len(name) > 3:
                files += [value] if eq else [nxt] if nxt is not None else []
                i += 0 if eq else 1
            elif sub == "grep" and not eq and name in _GREP_VALUED:
                i += 1
            elif sub == "ls-files" and len(name) > 10 and long_options(name, _PER_DIRECTORY):
                # `--exclude-per-directory=../x`: a name read in every directory; with a
                # `/` in it, a path that reaches out of the tree (`../../.ssh/id_rsa`)
                per_directory = value if eq else nxt or ""
                i += 0 if eq else 1
                if "/" in per_directory:
                    files.append(per_directory)
        elif a.startswith("-") and len(a) > 1:
            for j, letter in enumerate(a[1:], 2):  # `-nf FILE`: the letters cluster
                if letter == "O":
                    break  # `-O[PAGER]`: its value only in its word
                if letter in valued:
                    rest = a[j:]
                    if letter == letter_file:
                        files += [rest] if rest else [nxt] if nxt is not None else []
                    i += 0 if rest else 1
                    break
        else:
            positional.append(a)
    if sub == "grep" and any(
        len(a.split("=", 1)[0]) > 5 and long_options(a, ("--no-index",)) for a in args
    ):
        explicit = any(a.startswith(("-e", "-f", "--regexp", "--file")) for a in args)
        files += positional if explicit else positional[1:]
    return files


def _abbreviated_risky_option(args: list[str]) -> tuple[str, str] | None:
    """The first `--abbrev` (before any `--`) that is a strict prefix of a risky long option."""
    for a in args:
        if a == "--":
            return None
        if not a.startswith("--"):
            continue  # no long option: nothing it could abbreviate (hot: most words)
        opt = a.split("=", 1)[0]
        if opt in _FULL_NAMES or opt in _RISKY_LONG:
            continue
        for full in long_options(a, _RISKY_LONG):
            return opt, full
    return None


def _blame_contents(args: list[str]) -> str:
    """The file of `git blame --contents FILE` (or `--cont=FILE`...): blame prints its lines."""
    for i, a in enumerate(args):
        if a == "--":
            return ""
        opt, eq, value = a.partition("=")
        if len(opt) >= 5 and "--contents".startswith(opt):
            if eq:
                return value
            return args[i + 1] if i + 1 < len(args) else ""
    return ""


# `$(git rev-parse HEAD)`, `$(git merge-base main HEAD)`: an object name in hex, one word.
# A range from it (`$(git merge-base main HEAD)..HEAD`) starts with hex too.
_HASH_OF = LazyRegex(
    r"^\$\(git (?:rev-parse|merge-base)(?: (?!-)[\w./^~@{}-]+| --verify| -q)+\)"
    r"(?:\.\.\.?[\w./^~@{}-]*)?$"
)


def _runtime_word(command: Command) -> str:
    """The first word known only at run time (other than an object name git computes), or "".

    The gate cannot tell `"$X"` from `$X`, and either may hold an option: `git diff $X` with
    `X=--output=.git/hooks/pre-commit` writes that file, `X=--ext-diff` runs a program.
    """
    appended = command.where == "xargs"  # `xargs git log`: the wrapper asks for its words
    for word in command.words[1:]:
        if not word.dynamic or (appended and word.text == "$XARGS_INPUT"):
            continue
        if not (
            word.text.startswith("$(git ")
            and len(word.text) <= TEXT_CLIP  # a cut `$( )` hides what else it prints
            and _HASH_OF.match(word.text)
        ):
            return word.text  # (`re` is imported only for a `$(git ...)` word)
    return ""


def _runtime_value(command: Command, value: str) -> bool:
    """Whether the value of `-C`/`--git-dir`/`--work-tree` is known only at run time."""
    return any(w.dynamic and value in w.text for w in command.words[1:])


def _planted(ctx: Context, repo: str, gitdir: str) -> str:
    """Why the repository git would use has a config the agent may have written, or ""."""
    if gitdir and any(unprotected_git_dir(p) for p in ctx.paths.resolve_all(gitdir)):
        return (
            f"`git --git-dir={gitdir}` uses a repository outside a `.git` directory: its "
            "config, which can run programs (core.fsmonitor, core.pager), is not protected"
        )
    for start in ctx.paths.resolve_all(repo):
        found = planted_repo(start)
        if found:
            return (
                f"git takes {found} (HEAD, objects/, refs/) as its repository: its config, "
                "which can run programs (core.fsmonitor, core.pager), is not protected"
            )
    return ""


def _review(rule: str, reason: str) -> Finding:
    return new_finding(Verdict.REVIEW, rule, reason, "", "")  # (hot)


@hookimpl
def gatekeeper_check_command(command: Command, ctx: Context) -> Finding | None:
    """Read-only git → SAFE, writes → ELEVATE, code-running options → REVIEW."""
    if command.name == "git" or (
        command.name in GIT_CONFIG_READERS
        and any(w.text.endswith(("config", *MCP_CONFIGS)) for w in command.words[1:])
    ):
        found = _config_token(command, ctx)  # a token kept in .git/config, printed
        if found is not None:
            return found
    if command.name != "git" or not command.words or command.words[0].dynamic:
        return None
    argv = list(command.argv[1:])
    repo = "."
    gitdir = ""
    while argv and argv[0].startswith("-"):
        opt = argv.pop(0)
        value = ""
        if (
            opt
            in (
                "-C",
                "--git-dir",
                "--work-tree",
                "--namespace",
                "-c",
                "--config-env",
                "--exec-path",
                "--super-prefix",
            )
            and argv
        ):
            value = argv.pop(0)
        elif opt.startswith("-c") and not opt.startswith("--") and len(opt) > 2:
            opt, value = "-c", opt[2:]  # `-ccore.pager=...`, the attached form
        elif "=" in opt:
            opt, value = opt.split("=", 1)
        if opt in ("-c", "--config-env", "--exec-path"):
            return _review("GK-GIT-003", f"`git {opt}` can make git run any program")
        if opt in ("-C", "--git-dir", "--work-tree"):
            if (
                _runtime_value(command, value)
                or ctx.paths.classify(value, write=False)[0] != ALLOWED
            ):
                return _review(
                    "GK-GIT-005", f"`git {opt} {value}` uses a repository outside the allowed dirs"
                )
            if opt == "-C":  # git applies each `-C` to the one before: `-C sub -C refs`
                repo = value if repo == "." or value.startswith(("/", "~")) else f"{repo}/{value}"
            if opt == "--git-dir":
                gitdir = value
        if opt == "--bare" and not gitdir:
            # git sets GIT_DIR to the directory it is in (after the `-C`s before it): a
            # project root holding HEAD, objects/, refs/ and a `config` the Write tool wrote
            # is the repository, whatever `.git` is there (bash: `git --bare log -p` ran the
            # planted config's diff textconv)
            gitdir = repo
    if not argv:
        return Finding(Verdict.SAFE, "GK-GIT-001", "`git` without a subcommand prints help")
    sub, args = argv[0], argv[1:]
    if command.words[-len(argv)].dynamic:
        return _review("GK-GIT-004", "the git subcommand is known only at run time")
    glob = option_glob(command)
    if glob and (sub not in _WRITES or sub in _NETWORK_OR_NEW):
        # `git diff *` with a file named `--output=x` or `--ext-diff`: the shell makes it a flag.
        return _review("GK-GIT-003", f"`{glob}` may expand to a name git reads as an option")
    if args in (["--help"], ["-h"]) and (sub in _READ_ONLY or sub in _WRITES):
        sub, args = "help", [sub]  # `git push --help` is `git help push`: the manual only
    # a write is ELEVATE anyway; a read (or a fetch/clone) must not hide a program or a file
    read_like = sub not in _WRITES or sub in _NETWORK_OR_NEW
    planted = _planted(ctx, repo, gitdir) if read_like else ""
    if planted:
        return _review("GK-GIT-005", planted)
    if sub == "blame":
        contents = _blame_contents(args)
        if (
            contents
            and contents != "-"
            and (
                "$" in contents
                or "`" in contents
                or ctx.paths.classify(contents, write=False)[0] != ALLOWED
            )
        ):
            return _review(
                "GK-GIT-005", f"`git blame --contents` prints {contents}, outside the allowed dirs"
            )
    if sub == "diff":
        # `git diff A B` with a path outside the work tree is `git diff --no-index A B`: it
        # prints both files (`git diff --no-index ~/.ssh/id_rsa /dev/null`).
        for a in args:
            if not a.startswith("-") and ctx.paths.classify(a, write=False)[0] != ALLOWED:
                return _review("GK-GIT-005", f"`git diff` reads {a}, outside the allowed dirs")
    if sub in ("grep", "config", "ls-files"):
        for a in _files_read(sub, args):
            if ctx.paths.classify(a, write=False)[0] != ALLOWED:
                return _review("GK-GIT-005", f"`git {sub}` reads {a}, outside the allowed dirs")
    abbreviated = _abbreviated_risky_option(args)
    if abbreviated and read_like:
        return _review(
            "GK-GIT-003",
            f"`git {sub} {abbreviated[0]}` abbreviates `{abbreviated[1]}`, which runs another "
            "program or writes a file: spell the option out",
        )
    for a in args:
        if (
            a in _EXEC_OPTIONS
            or a.startswith(_EXEC_ASSIGNED)
            or a.startswith("-O")  # `-Ovim`: the pager attached
            or (sub == "grep" and a.startswith("-") and not a.startswith("--") and "O" in a)
        ):
            if not read_like:
                break  # a write is ELEVATE anyway
            return _review("GK-GIT-003", f"`git {sub} {a}` runs another program")
    if sub in ("difftool",):
        return _review("GK-GIT-003", "`git difftool` runs an external diff program")
    if sub == "submodule" and args[:1] == ["foreach"]:
        return Finding(
            Verdict.ELEVATE,
            "GK-GIT-003",
            "`git submodule foreach` runs a command in every submodule",
        )
    if sub == "bisect" and args[:1] == ["run"]:
        return _review("GK-GIT-003", "`git bisect run` runs a command on every step")
    runtime = _runtime_word(command)
    if runtime and read_like:
        return _review(
            "GK-GIT-003",
            f"`{runtime[:60]}` is known only at run time: it may hold an option that writes a "
            "file or runs a program (`--output=`, `--ext-diff`)",
        )
    if sub == "clean" and _dry_run(args):
        if ctx.paths.classify(repo, write=False)[0] != ALLOWED:
            return _review("GK-GIT-005", "git runs outside the allowed dirs")
        return Finding(Verdict.SAFE, "GK-GIT-001", "`git clean -n` only lists what it would remove")
    reading = _file_reading(sub, args)
    if reading is not None:
        if ctx.paths.classify(repo, write=False)[0] != ALLOWED:
            return _review("GK-GIT-005", "git runs outside the allowed dirs")
        outside = [f for f in reading if ctx.paths.classify(f, write=False)[0] != ALLOWED]
        if outside:
            return _review(
                "GK-GIT-005", f"`git {sub}` reads {outside[0]}, outside the allowed dirs"
            )
        return new_finding(Verdict.SAFE, "GK-GIT-001", f"`git {sub}` only reads and prints", "", "")
    if (sub, args[0] if args else "") in _READ_FORMS:
        if ctx.paths.classify(repo, write=False)[0] != ALLOWED:
            return _review("GK-GIT-005", "git runs outside the allowed dirs")
        return new_finding(Verdict.SAFE, "GK-GIT-001", f"`git {sub} {args[0]}` only lists", "", "")
    if sub in ("archive", "format-patch"):
        exported = _export(sub, args, ctx, repo)
        if exported is not None and ctx.paths.classify(repo, write=False)[0] != ALLOWED:
            return _review("GK-GIT-005", "git runs outside the allowed dirs")
        if exported is not None:
            return exported
    if sub in _WRITES:
        if sub in _NETWORK_OR_NEW:
            return _review("GK-GIT-004", f"`git {sub}` fetches, creates or exports data")
        return Finding(
            Verdict.ELEVATE, "GK-GIT-002", f"`git {sub}` changes the repository: ask the user"
        )
    if sub not in _READ_ONLY:
        return _review(
            "GK-GIT-004", f"`git {sub}` is not a subcommand gatekeeper knows (an alias?)"
        )
    write = _listing_write(sub, args)
    if write:
        return Finding(
            Verdict.ELEVATE,
            "GK-GIT-002",
            f"`git {sub} {' '.join(args)[:60]}` changes the repository: ask the user",
        )
    kind, where = ctx.paths.classify(repo, write=False)
    if kind != ALLOWED:
        # A tmp dir counts as outside: anyone can plant a repository (and its config) there.
        return _review("GK-GIT-005", f"git runs in {where}, outside the allowed dirs")
    return new_finding(Verdict.SAFE, "GK-GIT-001", f"`git {sub}` only reads", "", "")


# The printing forms of `apply`, `hash-object` and `bundle`: the flags that neither write
# the work tree, the index nor the object store (`apply` without `--check`/`--stat`/
# `--numstat`/`--summary` applies; `hash-object -w` writes; `--stdin-paths` reads names the
# gate cannot see; `--build-fake-ancestor` writes a file).
_APPLY_PRINT = {"--check", "--stat", "--numstat", "--summary"}
_APPLY_FLAGS = _APPLY_PRINT | {
    "-v", "--verbose", "-R", "--reverse", "-z", "--cached", "--index", "--recount",
    "--ignore-whitespace", "--ignore-space-change", "--unidiff-zero", "--allow-empty",
    "--no-add", "--inaccurate-eof", "-q", "--quiet",
}  # fmt: skip
_APPLY_VALUED = LazyRegex(r"-[pC]\d+|--whitespace=\w+")
_HASH_OBJECT_FLAGS = {"--stdin", "--no-filters", "--literally"}


def _file_reading(sub: str, args: list[str]) -> list[str] | None:
    """The files a printing form of apply/hash-object/bundle reads, or None if not one."""
    if sub == "apply":
        files: list[str] = []
        for a in args:
            if a.startswith("-"):
                if not (a in _APPLY_FLAGS or _APPLY_VALUED.fullmatch(a)):
                    return None
            else:
                files.append(a)
        return files if _APPLY_PRINT & set(args) and "--apply" not in args else None
    if sub == "hash-object":
        files, i = [], 0
        while i < len(args):
            a = args[i]
            if a in ("-t", "--path") and i + 1 < len(args):
                i += 1
            elif a.startswith(("--path=", "-t")) and len(a) > 2:
                pass
            elif a.startswith("-"):
                if a not in _HASH_OBJECT_FLAGS:
                    return None  # -w, --stdin-paths
            else:
                files.append(a)
            i += 1
        return files
    if sub == "bundle" and args[:1] in (["verify"], ["list-heads"]):
        rest = [a for a in args[1:] if a not in ("-q", "--quiet")]
        if len(rest) < 1 or rest[0].startswith("-") or rest[0] == "-":
            return None
        return rest[:1]  # list-heads may name refs after the bundle file
    return None


# `git archive` and `git format-patch` write an archive or patch files from the repository's
# own objects: SAFE when every file they write (and read) lies in the allowed or tmp dirs,
# like the Write tool. `archive --remote`/`--exec` never get here unjudged (GK-GIT-003/004).
_ARCHIVE_FLAGS = {"-l", "--list", "-v", "--verbose", "--worktree-attributes"}
_ARCHIVE_VALUED = {"--format", "--prefix", "--mtime", "--add-virtual-file", "--add-file"}
_PATCH_FLAGS = {
    "--stdout", "-n", "--numbered", "-N", "--no-numbered", "-k", "--keep-subject", "-s",
    "--signoff", "--cover-letter", "--no-cover-letter", "--thread", "--no-thread", "--stat",
    "--no-stat", "-p", "--no-patch", "--no-binary", "--zero-commit", "--root", "-q",
    "--quiet", "--rfc", "--no-signature", "--numbered-files", "--minimal", "--patience",
    "--histogram", "-M", "-C", "--progress", "--no-notes", "--notes", "--no-attach",
}  # fmt: skip
_PATCH_VALUED = {
    "--subject-prefix", "--to", "--cc", "--from", "--in-reply-to", "--base", "--suffix",
    "--start-number", "--reroll-count", "-v", "--signature", "--thread", "--rfc",
    "--output-indicator-new",
}  # fmt: skip
_NUMBER_FLAG = LazyRegex(r"-\d+")


def _export(sub: str, args: list[str], ctx: Context, repo: str) -> Finding | None:
    """SAFE for `archive`/`format-patch` writing and reading only allowed files, else None."""
    archive = sub == "archive"
    flags, valued = (_ARCHIVE_FLAGS, _ARCHIVE_VALUED) if archive else (_PATCH_FLAGS, _PATCH_VALUED)
    writes: list[str] = [] if archive else ["."]  # format-patch writes into the cwd
    reads: list[str] = []
    i = 0
    while i < len(args) and args[i] != "--":
        a = args[i]
        name, eq, value = a.partition("=")
        takes_next = not eq and name in valued | {"-o", "--output", "--output-directory"}
        if takes_next and name not in ("--thread", "--rfc", "--notes"):
            if i + 1 >= len(args):
                return None
            value, i = args[i + 1], i + 1
        if name in ("-o", "--output", "--output-directory"):
            if archive and name == "--output-directory":
                return None
            writes = [value]
        elif name == "--stdout" and not archive:
            writes = []
        elif name == "--add-file":
            reads.append(value)
        elif (
            a.startswith("-")
            and name not in valued
            and a not in flags
            and (archive or not _NUMBER_FLAG.fullmatch(a))
        ):
            return None  # --remote, --exec, --signature-file, --description-file...
        i += 1
    for path in writes:
        where = path if path.startswith(("/", "~")) or repo == "." else f"{repo}/{path}"
        kind = ctx.paths.classify(where, write=True)[0]
        if kind == PROTECTED:  # `--output-directory=.git/hooks`: the protected check's rule
            return Finding(Verdict.ELEVATE, "GK-PROT-001", f"`git {sub}` writes into {path}")
        if kind not in (ALLOWED, TMP):
            return _review("GK-GIT-003", f"`git {sub}` writes {path}, outside the allowed dirs")
    for path in reads:
        where = path if path.startswith(("/", "~")) or repo == "." else f"{repo}/{path}"
        if ctx.paths.classify(where, write=False)[0] not in (ALLOWED, TMP):
            return _review("GK-GIT-005", f"`git {sub}` reads {path}, outside the allowed dirs")
    where = f"to {writes[0]}" if writes else "to standard output"
    return Finding(Verdict.SAFE, "GK-GIT-001", f"`git {sub}` only exports commits {where}")


def _dry_run(args: list[str]) -> bool:
    """`git clean -n`/`--dry-run` (bundles included), and never interactive."""
    short = [a for a in args if a.startswith("-") and not a.startswith("--")]
    if any(a in ("-i", "--interactive") or "i" in a[1:] for a in short) or "--interactive" in args:
        return False
    return "--dry-run" in args or any("n" in a[1:] for a in short)


def _listing_write(sub: str, args: list[str]) -> bool:
    """True when a mostly-read-only subcommand is used in a writing form."""
    positional = [a for a in args if not a.startswith("-")]
    first = positional[0] if positional else ""
    if sub == "stash":
        return not args or args[0] not in _LISTING["stash"]  # bare `git stash` pushes
    if sub == "reflog":
        return first in ("expire", "delete")  # bare `git reflog` shows
    if sub in ("notes", "submodule"):
        return bool(first) and first not in _LISTING[sub]  # bare: list / status
    if sub == "remote":
        return bool(args) and args[0] not in _LISTING["remote"]
    if sub in _LISTING:
        return not args or args[0] not in _LISTING[sub]
    if sub == "branch":
        writing = {
            "-d",
            "-D",
            "--delete",
            "-m",
            "-M",
            "--move",
            "-c",
            "-C",
            "--copy",
            "-f",
            "--force",
            "-u",
            "--set-upstream-to",
            "--unset-upstream",
            "--edit-description",
        }
        listing = {
            "-l",
            "--list",
            "-a",
            "--all",
            "-r",
            "--remotes",
            "--contains",
            "--merged",
            "--no-merged",
            "--points-at",
            "--format",
            "--sort",
            "--show-current",
            "-v",
            "-vv",
        }
        if any(a in writing or a.startswith("--set-upstream-to=") for a in args):
            return True
        return bool(positional) and not any(a in listing for a in args)
    if sub == "tag":
        if any(a in ("-d", "--delete", "-a", "-s", "-u", "-f", "-m", "-F") for a in args):
            return True
        return bool(positional) and not any(
            a in ("-l", "--list", "--contains", "--points-at") for a in args
        )
    if sub == "config":
        writes = {
            "--unset",
            "--unset-all",
            "--add",
            "--replace-all",
            "--rename-section",
            "--remove-section",
            "-e",
            "--edit",
            "set",
            "unset",
            "rename-section",
            "remove-section",
            "edit",
        }
        if any(a in writes for a in args):
            return True
        reads = {
            "--get",
            "--get-all",
            "--get-regexp",
            "--list",
            "-l",
            "--get-urlmatch",
            "--show-origin",
            "--show-scope",
            "get",
            "list",
        }
        if any(a in reads for a in args):
            return False
        return len(positional) != 1
    if sub == "symbolic-ref":
        return len(positional) > 1 or any(a in ("-d", "--delete") for a in args)
    if sub == "reflog":
        return bool(args) and args[0] in ("expire", "delete")
    return False
