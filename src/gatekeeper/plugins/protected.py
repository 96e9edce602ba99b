"""GK-PROT: the paths no plugin, rule or reviewer may approve a write to (essential plugin).

This plugin cannot be disabled, and its ELEVATE stands even over the user's allow rules.

## GK-PROT-001 — write to a protected path (ELEVATE)
**What it catches:** a write by any route — the Write/Edit/MultiEdit/NotebookEdit tools, a
shell redirect, ``tee``, ``cp``/``mv`` destinations, ``sed -i``, ``touch``, ``rm``... — to
gatekeeper's own config and state, Claude Code's ``settings*.json``, hooks, commands and
agents (project and home), ``.git`` internals, hooks and set-up that run code later (``.husky/``,
the directory ``core.hooksPath`` names (``shell.hookspath``),
``.devcontainer/``, ``.vscode/tasks.json``, ``settings.json``, ``launch.json``), shell start-up files (``.bashrc``,
``.profile``, ``.zshrc``, ``.envrc``...), ``~/.ssh``, ``~/.aws`` and other credential stores,
``.env*`` files, and ``/etc``, ``/usr``, ``/boot``.
Also a hard link to such a path (``ln .git/config cfg``, ``cp -l``, ``link``): a second
name the path policy cannot tell from an ordinary file, so a write through it is unchecked.
**Why:** each of these either switches the gate off or runs code later, outside any check.
**Example:** ``echo 'alias ls=...' >> ~/.bashrc``, ``Write .git/hooks/pre-commit``.
**Allowed alternative:** the human approves it in the dialog.

## GK-PROT-002 — read of a credential file (ELEVATE)
**What it catches:** any command argument or file tool path that names an existing
credential file: SSH and TLS private keys, ``.env*`` (not ``.env.example``),
``~/.aws/credentials``, ``~/.netrc``, ``.git-credentials``, ``/etc/shadow``...
Also, by name alone, such a file as git stores it (``git show HEAD~1:.env``,
``git log -p -- .env``): a secret committed and removed is still in the history.
A ``file:`` URI names its path: ``ReadMcpResourceTool`` with ``file:///home/u/.ssh/id_rsa``,
an MCP tool's ``uri`` or ``url``.
**Why:** a secret read by the agent ends up in its context, and from there anywhere.
**Example:** ``cat ~/.ssh/id_rsa``, ``Read .env``.
**Allowed alternative:** ask the human to provide the value you need.

## GK-PROT-004 — a whole tree that holds protected paths (ELEVATE)
**What it catches:** a recursive removal, move or permission change of a directory that is
or contains a protected path: ``rm -r``/``-rf``, every operand of ``mv``, the start paths of
``find ... -delete``, ``chmod``/``chown``/``chgrp -R``, when the directory is ``/``, the
home directory or one of its parents, a directory that holds gatekeeper's config or state,
``/etc``, ``/usr``, ``/boot``, or any directory with a ``.git`` or ``.claude`` in it (a
project). Also every source of ``mv``: moving ``.claude/settings.json`` away switches the
hook off as surely as overwriting it.
**Why:** ``rm -rf ~`` writes every protected path at once; no allow rule may approve it.
``find X -name ... -delete`` (with tests that select what goes) is REVIEW rather than
ELEVATE when X holds protected paths: it may reach them, so no allow rule approves it, but a
reviewer can judge the filter; so is ``find X ... -exec CMD {}`` when CMD writes its ``{}``
(``wrappers._find_writes_protected``).
Also (REVIEW) what lands there under names the command line does not show: a tree
copied in (``cp -r x/. ~``, ``rsync -a x/ ~/``), an archive extracted or a patch applied
(``tar -x``, ``unzip``, ``cpio -i``, ``7z x``, ``patch``), run-time globs, server-chosen
download names. A landing path that is itself protected (``cp x/.bashrc ~``,
``curl -O https://h/.envrc``, ``git clone URL ~/.claude``, ``git config`` that sets) is
GK-PROT-001. Under an allow rule, what a wrapper runs is checked too (pipeline guard).
**Example:** ``rm -rf ~``, ``rm -rf ..`` in a project, ``find ~ -delete``,
``mv .claude/settings.json /tmp/``.
**Allowed alternative:** remove what you mean by name (``rm -rf build``); the human
approves anything wider.

## GK-PROT-005 — a write or tree operation whose target is not known (REVIEW)
**What it catches:** a write channel or a tree operation whose target is computed at run
time (``rm -rf "$DIR"``, ``> "$OUT"``, ``mv $A $B``).
**Why:** nothing shows the target is not protected, so no allow rule may approve it
without a look: the reviewer (or the human) sees it.
**Example:** ``rm -rf "$BUILD_DIR"`` with an allow rule ``Bash(rm:*)``.
**Allowed alternative:** spell the path out.

## GK-PROT-003 — a `gatekeeper` command that changes the gate (ELEVATE)
**What it catches:** ``gatekeeper allow ...`` (except ``--list`` and ``--dry-run``),
``gatekeeper install``, ``uninstall``, ``plugins enable`` and ``plugins disable``.
**Why:** each rewrites gatekeeper's own config or Claude Code's settings; an agent (or a
reviewer) that could run them would approve its own next calls.
**Example:** ``gatekeeper allow rule 'Bash(*)' --force``.
**Allowed alternative:** the human approves it in the dialog (the ``/allow-tool`` command
shows the ``--dry-run`` diff first).
"""

from __future__ import annotations

import os
import posixpath

from gatekeeper.hookspecs import hookimpl
from gatekeeper.lazyre import LazyRegex
from gatekeeper.model import Finding, Verdict, Word
from gatekeeper.paths import NAME_MAX, PROTECTED
from gatekeeper.shell.effects import (
    CREDENTIAL_PRINTERS,
    STDIN_WRAPPERS,
    operands,
    write_targets,
)
from gatekeeper.shell.inlinecode import _INTERPRETERS, code_paths, inline_programs, interpreter

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from gatekeeper.context import Context
    from gatekeeper.model import Command, ToolCall

# The characters of a bare name: `_read_finding` takes a word made of these alone (and not
# starting with `-` or `.`) as a name in the cwd, never as a path (no `/`, `~`, `=`, `@`, `:`).
_BARE_NAME = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-."

_WRITE_TOOLS = {
    "Write": "file_path",
    "Edit": "file_path",
    "MultiEdit": "file_path",
    "NotebookEdit": "notebook_path",
}
_READ_TOOLS = {
    "Read": "file_path",
    "NotebookRead": "notebook_path",
    "Grep": "path",
    "Glob": "path",
    "LS": "path",
}


def _write_finding(raw: str, how: str, ctx: Context) -> Finding | None:
    kind, path = ctx.paths.classify(raw, write=True)
    if kind == PROTECTED:
        return Finding(
            Verdict.ELEVATE,
            "GK-PROT-001",
            f"{how} writes the protected path {path}: only the user can approve that",
        )
    return None


def _read_finding(raw: str, how: str, ctx: Context) -> Finding | None:
    # A bare word (`grep credentials x`, jq's filter `.key`) names a file only if one
    # exists; a path (a `/` in it, or a `~` first) always does.
    path_like = "/" in raw or raw[:1] == "~"  # not `startswith` (hot: ~650 instructions)
    # A bare word that names no entry of any cwd cannot resolve to an existing file: one
    # lstat instead of a realpath. Only for plain ASCII, so that a NUL or an unencodable
    # character still fails inside realpath as before (a REVIEW finding, not silence).
    # A bare ASCII word over NAME_MAX (255) bytes names nothing at all (a long `$( )` word
    # is one): no lstat, and no scan of a text that nests ever deeper, level after level.
    paths = ctx.paths
    if not path_like and raw.isascii() and "\0" not in raw:
        if len(raw) > NAME_MAX:
            return None
        cwd = paths.cwd or "/"  # _entry(paths.cwd, raw), inline (hot: every argument)
        if not paths.lexists(cwd + raw if cwd[-1] == "/" else f"{cwd}/{raw}") and not (
            paths.other_cwds and any(paths.lexists(_entry(c, raw)) for c in paths.other_cwds)
        ):
            return None
    for path in paths.resolve_all(raw):
        if not paths.is_secret_as_given(path, raw) or not (path_like or paths.lexists(path)):
            continue
        return _credential_read(how, path)
    return None


def _tool_write(raw: str, how: str, ctx: Context) -> Finding | None:
    """`_write_finding` of a tool's path, also where Node takes its `..` (`by_name`)."""
    found = _write_finding(raw, how, ctx)
    named = ctx.paths.by_name(raw) if found is None else None
    return _write_finding(named, how, ctx) if named is not None else found


def _tool_read(raw: str, how: str, ctx: Context) -> Finding | None:
    """`_read_finding` of a tool's path, also where Node takes its `..` (`by_name`)."""
    found = _read_finding(raw, how, ctx)
    named = ctx.paths.by_name(raw) if found is None else None
    return _read_finding(named, how, ctx) if named is not None else found


def _credential_read(how: str, path: str) -> Finding:
    return Finding(
        Verdict.ELEVATE,
        "GK-PROT-002",
        f"{how} reads the credential file {path}: only the user can approve that",
    )


def _entry(directory: str, name: str) -> str:
    """`os.path.join(directory or "/", name)` for a name without `/` (hot: every argument)."""
    directory = directory or "/"
    return directory + name if directory.endswith("/") else f"{directory}/{name}"


@hookimpl
def gatekeeper_check_tool(call: ToolCall, ctx: Context) -> Finding | None:
    """Writes to protected paths and reads of credential files by the file tools."""
    key = _WRITE_TOOLS.get(call.tool_name)
    if key and call.text(key):
        return _tool_write(call.text(key), call.tool_name, ctx)
    key = _READ_TOOLS.get(call.tool_name)
    if key and call.text(key):
        found = _tool_read(call.text(key), call.tool_name, ctx)
        if found is not None:
            return found
    if call.tool_name == "Grep" and _selects_secrets(call.text("glob")):
        return Finding(
            Verdict.ELEVATE,
            "GK-PROT-002",
            f"Grep with the glob `{call.text('glob')[:60]}` prints lines of credential files: "
            "only the user can approve that",
        )
    if call.tool_name.startswith("mcp__"):
        return _mcp_paths(call, ctx)
    if call.tool_name == "ReadMcpResourceTool":
        path = _file_uri_path(call.text("uri"))
        return _tool_read(path, call.tool_name, ctx) if path else None
    return None


def _file_uri_path(uri: str) -> str:
    """The local path a `file:` URI names (percent-decoded), or "" for another scheme.

    `ReadMcpResourceTool` (a harmless built-in, GK-TOOL-001) hands any URI to an MCP
    server's `resources/read`; a server that serves files reads
    `file:///home/u/.ssh/id_rsa` like its `read_file` tool would (redteam17).
    """
    if uri[:5].lower() != "file:":
        return ""
    from urllib.parse import unquote, urlsplit

    try:
        return unquote(urlsplit(uri).path)
    except ValueError:
        return uri  # judged as written: the path check reads what it can of it


# The input keys MCP file tools name paths by (the reference filesystem server's and the
# common spellings), and the tool-name words of one that only reads.
_MCP_PATH_KEYS = frozenset(
    {
        "path", "paths", "file_path", "filepath", "file", "filename", "files", "source",
        "destination", "dest", "target", "target_path", "new_path", "old_path", "directory",
        "dir", "notebook_path",
    }
)  # fmt: skip
_MCP_URI_KEYS = frozenset({"uri", "url", "uris", "urls", "resource"})
_MCP_READERS = (
    "read", "get", "list", "search", "find", "view", "show", "stat", "head", "tail",
    "directory_tree", "info", "query", "describe", "glob", "grep", "ls", "cat",
)  # fmt: skip


def _mcp_paths(call: ToolCall, ctx: Context) -> Finding | None:
    """An MCP tool's path inputs, judged like a file tool's: an allow rule for a server's
    tools (`mcp__filesystem__*`) must not approve a write of `~/.bashrc` or a read of a key.
    A tool whose name says it reads (`read_file`, `list_directory`) is judged as a read."""
    tool = call.tool_name.rsplit("__", 1)[-1].lower()
    reads = tool.startswith(_MCP_READERS)
    for key, value in call.tool_input.items():
        uris = key.lower() in _MCP_URI_KEYS  # only a `file:` URI there names a path
        if not uris and key.lower() not in _MCP_PATH_KEYS:
            continue
        values = value if isinstance(value, list | tuple) else [value]
        for raw in values:
            if not isinstance(raw, str) or not raw:
                continue
            path = _file_uri_path(raw) or ("" if uris else raw)  # `file:///x` is `/x`
            if not path:
                continue
            found = _tool_read(path, call.tool_name, ctx)
            if found is None and not reads:
                found = _tool_write(path, call.tool_name, ctx)
            if found is not None:
                return found
    return None


# Names a Grep `glob` must not select: ripgrep's globs override its ignore rules, so
# `glob: ".env"` searches (and prints) the hidden, git-ignored `.env`.
_SECRET_SAMPLES = (".env", ".env.local", "id_rsa", "id_ed25519", "x.pem", "x.key", ".netrc")
# The other credential names of the path policy (`paths._SECRET_PATTERNS`), which a glob
# picks when it picks none of the ordinary names (`*.json` reads files in general).
_MORE_SECRETS = (
    "credentials", "credentials.json", "secrets.json", "secrets.yaml", "secrets.yml",
    "master.key", ".git-credentials", ".pypirc", ".npmrc", "x.p12", "x.pfx", "x.keystore",
    "x.jks", "id_dsa", "id_ecdsa", "x.env", "shadow", "gshadow", ".credentials.json",
    "credentials.toml", "credentials.tfrc.json", ".vault-token", ".pgpass",
    "x.tfstate", "x.tfstate.backup", "x.tfvars", "x.tfvars.json", ".envrc", ".dev.vars",
    "secrets.toml", "local.settings.json", "x.keytab", "client_secret_x.json", ".s3cfg",
    ".boto", ".my.cnf", ".databrickscfg", ".dockercfg", "_netrc", ".mylogin.cnf",
    ".bash_history", ".zsh_history", ".sh_history", ".histfile", "fish_history",
    ".python_history", ".psql_history", ".mysql_history", ".sqlite_history",
    ".node_repl_history", ".rediscli_history",
)  # fmt: skip
_ORDINARY = ("x", "x.txt", "x.py", "x.json", "x.md", "x.yaml", "x.yml", "README", "Makefile")


# ripgrep's glob syntax beyond fnmatch's: `\c` is a literal `c`, `{a,b}` and `{a}` are
# alternatives (`*.{env,txt}` selects `.env`; checked in bash with `rg --glob`).
_GLOB_ESCAPE = LazyRegex(r"\\(.)")
_GLOB_BRACE = LazyRegex(r"\{([^{}]*)\}")


def _glob_alternatives(glob: str) -> list[str]:
    """The words a ripgrep glob stands for: `*.{env,txt}` → `*.env`, `*.txt` (bounded)."""
    if "\\" in glob:
        glob = _GLOB_ESCAPE.sub(r"\1", glob)
    out = [glob]
    for _ in range(8):
        expanded: list[str] = []
        for item in out:
            m = _GLOB_BRACE.search(item) if "{" in item else None
            if m is None:
                expanded.append(item)
            else:
                expanded += [item[: m.start()] + a + item[m.end() :] for a in m[1].split(",")]
        if expanded == out:
            break
        out = expanded[:64]
    return out


def _selects_secrets(glob: str) -> bool:
    from gatekeeper.globmatch import fnmatchcase  # fnmatch's answers; no `re` for `*` globs

    parts = glob.replace("{", ",").replace("}", ",").split(",")
    if "{" in glob or "\\" in glob:
        parts += _glob_alternatives(glob)
    for part in parts:
        last = part.rstrip("/").rsplit("/", 1)[-1]
        if last.startswith("!") or not any(c.isalnum() for c in last):
            continue
        if any(fnmatchcase(sample, last) for sample in _SECRET_SAMPLES):
            return True
        if any(fnmatchcase(sample, last) for sample in _MORE_SECRETS) and not any(
            fnmatchcase(name, last) for name in _ORDINARY
        ):
            return True  # `master.key`, `credentials`, `*.p12`
    return False


def _git_stored_secret(command: Command, ctx: Context) -> Finding | None:
    """GK-PROT-002 for a credential file git prints from its history or index.

    `git show HEAD~1:.env`, `git show :0:.env` and `git log -p -- .env` print the file as a
    commit or the index holds it, which is there when the working tree's copy is gone (a
    secret committed, then removed: bash printed it). The read check above asks only about
    files that exist, so these are judged by name: a `REV:PATH` word, or a pathspec after
    `--` (magic prefixes `:(top)`, `:/` stripped; `:!`/`:^` excludes).
    """
    from gatekeeper.paths import glob_targets_secrets

    args = command.argv[1:]
    sub = _git_subcommand(args)
    if sub in _GIT_STDIN_PRINTERS and any(
        a == "--stdin" or a.startswith(("--batch=", "--batch-command")) or a == "--batch"
        for a in args
    ):
        return Finding(
            Verdict.REVIEW,
            "GK-PROT-002",
            f"`git {sub}` prints the objects or paths named on its standard input, which the "
            "gate does not see (`HEAD~1:.env` among them?)",
        )
    after = False
    archived = False  # `git archive TREE PATH...`: the paths after the tree are tree paths
    cwd = ctx.paths.cwd or "/"
    for a in args:
        if a == "--" and not after:
            after = True
            continue
        if sub == "archive" and not after and a[:1] != "-" and a != sub:
            if not archived:
                archived = True
                continue
            after = True  # from here on every operand is a path in the tree
        if after:
            spec = a
            if spec.startswith(":("):
                magic, _, spec = spec[2:].partition(")")
                if "exclude" in magic:
                    continue
            elif spec.startswith((":!", ":^")):
                continue
            elif spec.startswith(":/"):
                spec = spec[2:]
        elif ":" in a and a[:1] != "-" and "://" not in a:
            spec = a.rsplit(":", 1)[1]
        else:
            continue
        if not spec:
            continue
        if any(c in spec for c in "*?["):
            secret = glob_targets_secrets(spec)
        else:
            secret = ctx.paths.is_secret(posixpath.normpath(posixpath.join(cwd, spec)))
        if secret:
            return Finding(
                Verdict.ELEVATE,
                "GK-PROT-002",
                f"`git` prints `{a[:60]}`, a credential file as git stores it: only the user "
                "can approve that",
            )
    return None


# git commands that print what their standard input names: `cat-file --batch` objects
# (`HEAD~1:.env`), `log --stdin` revisions and, after a `--` line, paths.
_GIT_STDIN_PRINTERS = frozenset({"cat-file", "log", "show", "whatchanged", "diff-tree"})
_GIT_VALUED = frozenset({"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path"})


def _git_subcommand(args: tuple[str, ...]) -> str:
    """The subcommand of `git [global options] SUB ...` ("" when none is found)."""
    skip = False
    for a in args:
        if skip:
            skip = False
        elif a in _GIT_VALUED:
            skip = True
        elif a[:1] != "-":
            return a
    return ""


# The options that take a file-name glob, as the Grep tool's `glob` (ripgrep's `-g` and
# `--type-add NAME:GLOB`, grep's `--include`), and rg's short options that take a value
# (in `-ig GLOB` the `g` takes the next word; in `-eg` the `g` is `-e`'s pattern).
_SEARCH_GLOBS = {
    "rg": ("--glob", "--iglob", "--type-add", "-g"),
    "grep": ("--include",),
    "egrep": ("--include",),
    "fgrep": ("--include",),
}
_RG_VALUED_SHORT = "ABCEMTdefgjmrt"


def _search_globs(command: Command) -> list[str]:
    """The file-name globs of an `rg -g`/`--glob`/`--type-add` or `grep --include`."""
    longs = tuple(o for o in _SEARCH_GLOBS[command.name] if o.startswith("--"))
    args = command.argv[1:]
    globs: list[str] = []
    for i, a in enumerate(args):
        if a == "--":
            break
        value: str | None = None
        if a in longs:
            value = args[i + 1] if i + 1 < len(args) else None
        elif a.startswith(longs) and "=" in a:
            value = a.split("=", 1)[1]
        elif command.name == "rg" and a[:1] == "-" and a[1:2] not in ("-", ""):
            for j, c in enumerate(a[1:], 1):
                if c in _RG_VALUED_SHORT:
                    if c == "g":
                        value = a[j + 1 :] or (args[i + 1] if i + 1 < len(args) else None)
                    break
        if value is None:
            continue
        if a.startswith("--type-add"):
            value = value.split(":", 1)[-1]  # `NAME:GLOB`; `NAME:include:OTHER` has no glob
        globs.append(value)
    return globs


_GATE_CHANGING = {"install", "uninstall", "allow", "plugins"}


def _changes_the_gate(command: Command) -> bool:
    if command.name != "gatekeeper":
        return False
    args = command.argv[1:]
    sub = next((a for a in args if not a.startswith("-")), "")
    if sub not in _GATE_CHANGING:
        return False
    if sub == "plugins":
        return any(a in ("enable", "disable") for a in args)
    if sub == "allow":
        return not any(a in ("--list", "--dry-run") for a in args)
    return "--dry-run" not in args


@hookimpl
def gatekeeper_check_command(command: Command, ctx: Context) -> Finding | None:
    """Every write channel of a shell command, and every argument that names a secret."""
    if command.name == "gatekeeper" and _changes_the_gate(command):
        return Finding(
            Verdict.ELEVATE,
            "GK-PROT-003",
            f"`{command.text[:80]}` changes gatekeeper's own configuration: only the user "
            "can approve that",
        )
    unknown: Finding | None = None
    targets = write_targets(command)
    if command.name == "mv":
        targets = (*targets, *_moved_sources(command))
    elif command.name in ("ln", "cp", "link"):
        targets = (*targets, *_linked_sources(command))
    for word, how in targets:
        if word.dynamic:
            unknown = unknown or _unknown_target(command, word.text)
            here = _from_pwd(word.text)
            if not here:
                continue
            word = Word(here)  # noqa: PLW2901 - `"$PWD"/x` is also `./x`, judged alike
        found = _write_finding(word.text, f"`{command.name or 'redirect'}` ({how})", ctx)
        if found is not None:
            return found
    # `_landing`, `_tree_targets` and `interpreter` answer nothing for a name outside
    # `_NAMED` that is no python's and has no `-m venv` (hot: most commands skip 3 calls).
    named = (
        command.name in _NAMED or command.name[:2] == "py" or command.argv[1:3] == ("-m", "venv")
    )
    landing = _landing(command, ctx) if named else None
    if landing is not None and landing.verdict == Verdict.ELEVATE:
        return landing
    unknown = unknown or landing
    for word in _tree_targets(command) if named else ():
        if word.dynamic:
            unknown = unknown or _unknown_target(command, word.text)
            here = _from_pwd(word.text)
            if not here:
                continue
            word = Word(here)  # noqa: PLW2901 - `"$PWD"/x` is also `./x`, judged alike
        for path in ctx.paths.resolve_all(word.text):
            if not ctx.paths.holds_protected(path):
                continue
            if not _filtered_find(command):  # the whole tree
                return Finding(
                    Verdict.ELEVATE,
                    "GK-PROT-004",
                    f"`{command.name}` acts on all of {path}, which holds protected paths: "
                    "only the user can approve that",
                )
            unknown = unknown or Finding(
                Verdict.REVIEW,
                "GK-PROT-004",
                f"`find -delete` below {path} may reach the protected paths it holds",
            )
    how = f"`{command.name}`"
    paths = ctx.paths
    # A bare name (`status`, `us-east-1`, `x.txt`) is read-checked only if it names an entry
    # of the cwd: `_read_finding`'s own first test, asked here without its other tests
    # (hot: most words of most commands). With other cwds, `_read_finding` asks them all.
    cwd = paths.cwd or "/"
    entry = cwd if cwd[-1] == "/" else f"{cwd}/"
    bare_ok = not paths.other_cwds
    exists = paths.lexists_below(entry)
    for word in command.words[1:]:
        text = word.text
        if (
            bare_ok
            and text
            and not text.strip(_BARE_NAME)
            and text[0] not in "-."
            and len(text) <= NAME_MAX
        ):
            if exists(entry + text):  # else: names nothing, reads nothing
                found = _read_finding(text, how, ctx)
                if found is not None:
                    return found
        elif "=" in text or "@" in text or ":" in text:
            for raw in _path_candidates(text):
                found = _read_finding(raw, how, ctx)
                if found is not None:
                    return found
        elif text and text[0] != "-":  # its own only candidate, as _path_candidates gives
            # (an option without `=`, `@` or `:` has none: hot, most options of most commands)
            found = _read_finding(text, how, ctx)
            if found is not None:
                return found
    for r in command.redirects:
        if r.op in ("<", "<>", "<&"):
            found = _read_finding(r.target.text, f"`{command.name or 'redirect'}` (`{r.op}`)", ctx)
            if found is not None:
                return found
    if (named and interpreter(command.name)) or (
        # a wrapper that runs a command on its own stdin: a here-string or here-document on
        # it is the wrapped interpreter's program (`nice tclsh <<< 'puts [read [open …]]'`)
        command.name in STDIN_WRAPPERS and _wraps_interpreter(command)
    ):
        found = _inline_code_finding(command, ctx)
        if found is not None:
            return found
    if command.name in _READS_BY_NAME:  # one test for the three below (hot: most skip them)
        found = _named_read_finding(command, how, ctx)
        if found is not None:
            return found
    if command.name in CREDENTIAL_PRINTERS or command.name[:4] in ("git-", "dock"):
        from gatekeeper.shell.credprint import printed_credential

        if printed_credential(command):
            return Finding(
                Verdict.ELEVATE,
                "GK-PROT-002",
                f"`{command.text[:80]}` prints a credential of the user (a token, a password "
                "from a store): only the user can approve that",
            )
        if command.name in ("docker", "docker-compose"):
            from gatekeeper.shell.composeenv import printed_compose_secret

            secret = printed_compose_secret(command, ctx.paths.cwd or "/")
            if secret:
                return Finding(
                    Verdict.ELEVATE,
                    "GK-PROT-002",
                    f"`{command.text[:80]}` prints the compose project with its variables "
                    f"filled in, from {secret}: only the user can approve that",
                )
    for _, value in command.assignments:
        for raw in _path_candidates(value.text):
            found = _read_finding(raw, "an environment assignment", ctx)
            if found is not None:
                return found
    return unknown


def _named_read_finding(command: Command, how: str, ctx: Context) -> Finding | None:
    """What `git`, a search with a glob option and `socat` read by name (GK-PROT-002)."""
    if command.name == "git":
        return _git_stored_secret(command, ctx)
    if command.name in _SEARCH_GLOBS:
        for glob in _search_globs(command):
            if _selects_secrets(glob.lower()):
                return Finding(
                    Verdict.ELEVATE,
                    "GK-PROT-002",
                    f"`{command.name}` with the glob `{glob[:60]}` prints lines of credential "
                    "files: only the user can approve that",
                )
        return None
    if command.name == "history":
        # `history -r` (or `-n`) with no file reads $HISTFILE, by default ~/.bash_history
        # even in a non-interactive bash; `history` then prints it (bash: a token typed there)
        args = command.argv[1:]
        if any(a[:1] == "-" and ("r" in a or "n" in a) for a in args) and all(
            a[:1] == "-" for a in args
        ):
            return _read_finding(os.environ.get("HISTFILE") or "~/.bash_history", how, ctx)
        return None
    if command.name == "socat":  # `socat -u OPEN:~/.ssh/id_rsa,rdonly -`: inside an address
        from gatekeeper.shell.socat import socat_files

        for word in socat_files(command)[0]:
            found = _read_finding(word.text, how, ctx)
            if found is not None:
                return found
    return None


_READS_BY_NAME = frozenset({"git", "socat", "history", *_SEARCH_GLOBS})


def _wraps_interpreter(command: Command) -> bool:
    """Whether a wrapper given a here-document or here-string runs an interpreter."""
    if not any(r.op in ("<<", "<<<") for r in command.redirects):
        return False
    return any(interpreter(a.rsplit("/", 1)[-1]) for a in command.argv[1:])


def _inline_code_finding(command: Command, ctx: Context) -> Finding | None:
    """A credential file or a protected path named in a program given to an interpreter
    inline (``python -c 'open("/etc/shadow")'``): ELEVATE, as the same read or write in
    Bash would be. What the program does with it the gate cannot see. An awk program's
    strings are mostly data to compare with (`$1 == "/usr/bin"`), and its writes are
    judged elsewhere (GK-BASH-005): for awk only the reads count. A protected path counts
    by its own names (`protected_by_name`): resolving the whole protected list for every
    literal of a program would cost ~18 realpaths, for a check that is a lower bound."""
    texts = [w.text for w in command.words[1:]]
    texts += [r.target.text for r in command.redirects if r.op in ("<<", "<<<")]
    how = f"`{command.name}`'s inline program"
    writes = not command.name.endswith("awk")
    paths = ctx.paths
    for raw in code_paths(texts, inline_programs(command)):
        if "/" not in raw and not raw.startswith("~"):  # a dot-name: only if it exists
            found = _read_finding(raw, how, ctx)
            if found is not None:
                return found
            continue
        # `_read_finding` for a path (it always counts), and the write test, on one
        # resolution: a literal like `/bin/sh` goes through a link, `os.path.realpath`.
        for path in paths.resolve_all(raw):
            if paths.is_secret_as_given(path, raw):
                return _credential_read(how, path)
            if writes and (paths.protected_by_name(path) or paths.protected_as_given(path, raw)):
                return Finding(
                    Verdict.ELEVATE,
                    "GK-PROT-001",
                    f"{how} names the protected path {path}, which it may write or run "
                    "(the gate cannot see which): only the user can approve that",
                )
    return None


def _from_pwd(text: str) -> str:
    """A dynamic word's text `$PWD/x` (or `${PWD}/x`, `$PWD`) as `./x`: bash's PWD is the
    directory the command runs in (`"$PWD"/.git/config` is `.git/config`), unless the call
    sets it. The word stays dynamic (REVIEW); this reading can only add a protected path's
    ELEVATE. "" for any other text, or when more than `$PWD` is known only at run time."""
    for lead in ("$PWD", "${PWD}"):
        if text == lead:
            return "."
        if text.startswith(lead + "/"):
            rest = text[len(lead) + 1 :]
            return "" if "$" in rest or "`" in rest else "./" + rest
    return ""


def _unknown_target(command: Command, text: str) -> Finding:
    return Finding(
        Verdict.REVIEW,
        "GK-PROT-005",
        f"`{command.name or 'redirect'}` writes `{text[:60]}`, which is only known at run "
        "time: it could be a protected path",
    )


_RECURSIVE = {"-r", "-R", "--recursive"}


def _recursive(command: Command) -> bool:
    for arg in command.argv[1:]:
        if arg == "--":
            return False
        if arg in _RECURSIVE or (
            arg.startswith("-") and not arg.startswith("--") and ("r" in arg or "R" in arg)
        ):
            return True
    return False


def _moved_sources(command: Command) -> list[tuple[Word, str]]:
    """Every operand of `mv` but the last: the source disappears from where it was."""
    if command.name != "mv":
        return []
    ops = operands(command, {"-t", "--target-directory", "-S", "--suffix"})
    if any(
        a in ("-t", "--target-directory") or a.startswith("--target-directory=")
        for a in command.argv
    ):
        return [(w, "`mv` source") for w in ops]
    return [(w, "`mv` source") for w in ops[:-1]]


def _linked_sources(command: Command) -> list[tuple[Word, str]]:
    """What `ln` (and `cp -l`/`-s`, `link`) links to: a link to a protected path is a way to
    write it that the path's name no longer shows (`ln .git/config c; echo … >> c` writes
    .git/config; `ln -s .git/hooks h; echo … > h/pre-commit` in the same call, before the
    link exists for the gate to resolve). A relative symbolic target counts from the link's
    directory too. A target known only at run time is left to the write it enables."""
    argv = command.argv
    if command.name == "link":  # `link FILE NAME`: a hard link, no option
        first = command.words[1:2]
        return [(w, "`link` target") for w in first if not w.dynamic]
    flags = [a for a in argv[1:] if a.startswith("-") and a != "--"]
    if command.name == "cp" and not any(
        a in ("--link", "--symbolic-link")
        or (not a.startswith("--") and ("l" in a[1:] or "s" in a[1:]))
        for a in flags
    ):
        return []
    ops = operands(command, _COPY_VALUE_OPTIONS)
    base = next(
        (
            argv[i + 1] if a in ("-t", "--target-directory") else a.split("=", 1)[1]
            for i, a in enumerate(argv[:-1])
            if a in ("-t", "--target-directory") or a.startswith("--target-directory=")
        ),
        None,
    )
    if base is None:
        base = "." if len(ops) == 1 else (ops[-1].text if ops else ".")
        ops = ops if len(ops) == 1 else ops[:-1]
    bases = (base, posixpath.dirname(base.rstrip("/")) or ".")
    out: list[tuple[Word, str]] = []
    for word in ops:
        if word.dynamic:
            continue
        out.append((word, f"`{command.name}` link target"))
        if not word.text.startswith(("/", "~")):
            for b in bases:
                out.append((Word(posixpath.join(b, word.text)), f"`{command.name}` link target"))
    return out


def _filtered_find(command: Command) -> bool:
    """`find X -name ... -delete`: deletes what matches, not necessarily the whole tree."""
    if command.name != "find":
        return False
    tests = [a for a in command.argv[1:] if a.startswith("-") and a not in ("-delete", "-depth")]
    return bool(tests)


def _tree_targets(command: Command) -> list[Word]:
    """The directories a command removes, moves or re-permissions as a whole."""
    name = command.name
    if name not in _TREE_NAMES and name[:2] != "py" and command.argv[1:3] != ("-m", "venv"):
        return []  # (hot: most commands) `tests/test_write_channels.py` checks the set
    if name == "rm" and _recursive(command):
        return operands(command)
    if name == "mv":
        return operands(command, {"-t", "--target-directory", "-S", "--suffix"})
    if name in ("chmod", "chown", "chgrp") and _recursive(command):
        return operands(command)[1:]
    if name == "find" and "-delete" in command.argv:
        starts = []
        for word in command.words[1:]:
            if word.text.startswith(("-", "(", "!", "\\(")) or word.text in ("(", "!"):
                break
            starts.append(word)
        return starts or [Word(".")]
    if name in ("uv", "virtualenv") or (name[:2] == "py" and "venv" in "".join(command.argv)):
        from gatekeeper.shell.venvs import venv_dirs  # `python -m venv --clear .` empties .

        dirs, clear = venv_dirs(command)
        return dirs if clear else []
    if name in _TREE_TOOLS:  # `rsync --delete`, `tar --remove-files`, `zip -m`, `gzip -r`
        from gatekeeper.shell.treeops import removed_trees

        return removed_trees(command)
    return []


_TREE_TOOLS = frozenset(
    {"rsync", "tar", "bsdtar", "gtar", "zip", "gzip", "gunzip", "bzip2", "bunzip2", "xz"}
    | {"unxz", "zstd", "lzma"}
)
# Every name `_tree_targets` tests (besides any name's `-m venv` and a python naming venv).
_TREE_NAMES = _TREE_TOOLS | {"rm", "mv", "chmod", "chown", "chgrp", "find", "uv", "virtualenv"}


def _path_candidates(text: str) -> list[str]:
    """The parts of an argument that may name a file: itself, after `=`, after `@`."""
    out = [text] if text and not text.startswith("-") else []
    for sep in ("=", "@", ":"):
        if sep in text:
            tail = text.split(sep, 1)[1]
            if tail:
                out.append(tail)
    return out


# -- where copies, archives, clones and downloads land -----------------------------------------
# `cp evil/.bashrc ~` names only `~` (not protected), yet writes `~/.bashrc`; `tar -xf a.tar`
# in a project may write `.git/hooks/pre-commit`. These find what lands below a directory.

_COPIERS = {"cp", "mv", "install", "ln", "rsync", "scp"}
_COPY_VALUE_OPTIONS = {"-m", "--mode", "-o", "--owner", "-g", "--group", "-S", "--suffix"}
_COPY_VALUE_OPTIONS |= {"-e", "--rsh", "-t", "--target-directory"}


def _landing(command: Command, ctx: Context) -> Finding | None:
    """The worst finding for what a command puts below a directory (None when harmless)."""
    name = command.name
    if name in _COPIERS:
        return _copied_into(command, ctx)
    if name == "git":
        return _git_writes(command, ctx)
    if name in ("curl", "wget"):
        return _downloaded(command, ctx)
    extract = _extraction_dirs(command)
    if extract is None:
        return None
    worst_found: Finding | None = None
    for word in extract:
        found = _unknown_below(command, word, ctx, "extracts files named by the archive into")
        if found is not None and found.verdict == Verdict.ELEVATE:
            return found
        worst_found = worst_found or found
    return worst_found


def _unknown_below(command: Command, word: Word, ctx: Context, what: str) -> Finding | None:
    """Files whose names the gate cannot see land in the directory `word`."""
    if word.dynamic:
        here = _from_pwd(word.text)
        if not here:
            return _unknown_target(command, word.text)
        found = _unknown_below(command, Word(here), ctx, what)
        return found if found is not None else _unknown_target(command, word.text)
    for path in ctx.paths.resolve_all(word.text):
        if ctx.paths.is_protected(path):
            return Finding(
                Verdict.ELEVATE,
                "GK-PROT-001",
                f"`{command.name}` {what} the protected path {path}: only the user can "
                "approve that",
            )
        if ctx.paths.holds_protected(path):
            return Finding(
                Verdict.REVIEW,
                "GK-PROT-004",
                f"`{command.name}` {what} {path}, which holds protected paths: it may "
                "overwrite them",
            )
    return None


def _copied_into(command: Command, ctx: Context) -> Finding | None:
    argv = command.argv
    if any(a in ("-T", "--no-target-directory") for a in argv[1:]):
        return None
    ops = operands(command, _COPY_VALUE_OPTIONS)
    target: Word | None = None
    for i, arg in enumerate(argv):
        if arg in ("-t", "--target-directory") and i + 1 < len(argv):
            target = command.words[i + 1]
        elif arg.startswith("--target-directory="):
            target = Word(arg.split("=", 1)[1], command.words[i].dynamic)
    if target is None:
        if command.name == "ln" and len(ops) == 1:
            target = Word(".")
        elif len(ops) >= 2 or (command.name == "rsync" and len(ops) == 1):
            target, ops = ops[-1], ops[:-1]
        else:
            return None
    if target.dynamic or not ops:
        return None  # a computed destination is GK-PROT-005 already
    recursive = command.name == "mv" or _copies_trees(command)
    worst_found: Finding | None = None
    for directory in ctx.paths.resolve_all(target.text):
        if not (target.text.endswith("/") or os.path.isdir(directory)):
            continue
        for source in ops:
            found = _one_landing(command, source, directory, recursive, ctx)
            if found is not None and found.verdict == Verdict.ELEVATE:
                return found
            worst_found = worst_found or found
    return worst_found


def _copies_trees(command: Command) -> bool:
    for arg in command.argv[1:]:
        if arg == "--":
            return False
        if arg in ("--recursive", "--archive", "--mirror"):
            return True
        if arg.startswith("-") and not arg.startswith("--") and any(c in arg for c in "rRa"):
            return True
    return False


def _one_landing(
    command: Command, source: Word, directory: str, recursive: bool, ctx: Context
) -> Finding | None:
    base = posixpath.basename(source.text.rstrip("/"))
    if source.dynamic or (source.glob and base.startswith((".", "[", "?"))):
        return _unknown_below(
            command, Word(directory), ctx, "copies files it names at run time into"
        )
    contents_only = (command.name == "rsync" and source.text.endswith("/")) or base in (
        "",
        ".",
        "..",
    )
    landed = directory if contents_only else os.path.join(directory, base)
    if not contents_only and ctx.paths.is_protected(landed):
        return Finding(
            Verdict.ELEVATE,
            "GK-PROT-001",
            f"`{command.name}` puts `{source.text[:60]}` at the protected path {landed}: only "
            "the user can approve that",
        )
    if recursive and (contents_only or os.path.isdir(ctx.paths.resolve(source.text))):
        what = "copies a whole tree into" if command.name != "mv" else "moves a whole tree into"
        return _unknown_below(command, Word(landed), ctx, what)
    return None


def _extraction_dirs(command: Command) -> list[Word] | None:
    """Where an archive tool (or `patch`) writes files it takes from its input; None: nowhere."""
    name = command.name
    if name not in _ARCHIVERS:
        return None  # (hot: most commands) `tests/test_write_channels.py` checks the set
    argv = command.argv
    words = command.words
    if name in ("tar", "bsdtar", "gtar"):
        first = argv[1] if len(argv) > 1 else ""
        extracting = any(
            a in ("--extract", "--get")
            or (a.startswith("-") and not a.startswith("--") and "x" in a)
            for a in argv[1:]
        ) or (bool(first) and not first.startswith("-") and "x" in first)
        if not extracting:
            return None
        return _dir_options(command, ("-C", "--directory"), "-C") or [Word(".")]
    if name == "unzip":
        if any(a in ("-l", "-v", "-t", "-Z", "-p", "-c", "-z") for a in argv[1:]):
            return None
        if len(argv) > 1 and _UNZIP_NO_EXTRACT.match(argv[1]):
            return None  # `-lv`, `-tq`, `-Zl`: a bundled listing or testing mode
        if tuple(argv[1:]) in ((), ("-h",), ("-hh",), ("--help",)):
            return None  # no archive named: unzip prints its usage and extracts nothing
        return _dir_options(command, ("-d", "--exdir"), "-d") or [Word(".")]
    if name in ("7z", "7za", "7zr", "7zz") and any(a in ("x", "e") for a in argv[1:2]):
        dirs = [Word(w.text[2:], w.dynamic) for w in words[2:] if w.text.startswith("-o")]
        return dirs or [Word(".")]
    if name == "cpio" and any(
        a in ("--extract", "-i") or (a.startswith("-") and not a.startswith("--") and "i" in a)
        for a in argv[1:]
    ):
        return _dir_options(command, ("-D", "--directory"), "-D") or [Word(".")]
    if name == "patch":
        return _dir_options(command, ("-d", "--directory"), "-d") or [Word(".")]
    return None


# Every name `_extraction_dirs` tests: no other has an extraction directory.
_ARCHIVERS = frozenset(
    {"tar", "bsdtar", "gtar", "unzip", "7z", "7za", "7zr", "7zz", "cpio", "patch"}
)
# Every name `_landing` (with `_extraction_dirs`), `_tree_targets` and `interpreter` look at:
# for any other name (not a python's, without `-m venv`) each answers nothing.
# `tests/test_name_gates.py` compares them with the gate off, over generated commands and
# the corpora, and `tests/test_write_channels.py` reads the sets' names from the source.
_NAMED = frozenset({*_COPIERS, "git", "curl", "wget", *_ARCHIVERS, *_TREE_NAMES, *_INTERPRETERS})
_UNZIP_NO_EXTRACT = LazyRegex(r"^-(?=[lvtqZz1hMs]*[lvtZz])[lvtqZz1hMs]+$")


def _dir_options(command: Command, options: tuple[str, ...], short: str) -> list[Word]:
    out: list[Word] = []
    words = command.words
    for i, word in enumerate(words[1:], 1):
        text = word.text
        if text in options and i + 1 < len(words):
            out.append(words[i + 1])
        elif any(text.startswith(o + "=") for o in options if o.startswith("--")):
            out.append(Word(text.split("=", 1)[1], word.dynamic))
        elif text.startswith(short) and len(text) > len(short):
            out.append(Word(text[len(short) :], word.dynamic))
    return out


_GIT_VALUE_OPTIONS = {"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env"}
_GIT_CONFIG_READS = {
    "--get",
    "--get-all",
    "--get-regexp",
    "--get-urlmatch",
    "--get-color",
    "--get-colorbool",
    "--list",
    "-l",
    "get",
    "list",
}


_GIT_WRITING = frozenset({"config", "clone", "init", "worktree"})  # `_git_writes`' subcommands


def _git_writes(command: Command, ctx: Context) -> Finding | None:
    """`git config` writes git's own config; `git clone/init/worktree add` create a tree."""
    if _GIT_WRITING.isdisjoint(command.argv):
        return None  # the subcommand (a word of argv) is none of these: nothing below acts
    args = list(command.words[1:])
    while args and args[0].text.startswith("-"):
        opt = args.pop(0).text
        if opt in _GIT_VALUE_OPTIONS and args:
            args.pop(0)
    if not args:
        return None
    sub = args[0].text
    rest = args[1:]
    texts = [w.text for w in rest]
    if sub == "config":
        if any(t in _GIT_CONFIG_READS for t in texts):
            return None
        positional = [t for t in texts if not t.startswith("-")]
        changes = any(
            t.startswith(("--unset", "--add", "--replace-all", "--rename-section"))
            or t in ("--remove-section", "-e", "--edit", "set", "unset", "edit")
            or t.startswith(("rename-section", "remove-section"))
            for t in texts
        )
        if not changes and len(positional) < 2:
            return None  # `git config KEY` reads
        where = ".git/config"
        if "--global" in texts:
            where = "~/.gitconfig"
        elif "--system" in texts:
            where = "/etc/gitconfig"
        for i, t in enumerate(texts):
            if t in ("-f", "--file") and i + 1 < len(rest):
                if rest[i + 1].dynamic:
                    return _unknown_target(command, rest[i + 1].text)
                where = rest[i + 1].text
            elif t.startswith("--file="):
                where = t.split("=", 1)[1]
        found = _write_finding(where, "`git config`", ctx)
        return found or Finding(
            Verdict.ELEVATE,
            "GK-PROT-001",
            "`git config` changes git's own configuration (hooks, aliases, pagers run from "
            "there): only the user can approve that",
        )
    if sub in ("clone", "init") or (sub == "worktree" and texts[:1] == ["add"]):
        made = [w for w in rest if not w.text.startswith("-")]
        if sub == "worktree":
            made = made[1:2]
        elif sub == "clone":
            if len(made) == 1:
                url = made[0].text.rstrip("/")
                stem = url.rsplit("/", 1)[-1].rsplit(":", 1)[-1]
                made = [Word(stem.removesuffix(".git") or ".", made[0].dynamic)]
            else:
                made = made[1:2]
        for word in made[:1]:
            if word.dynamic:
                return _unknown_target(command, word.text)
            found = _write_finding(word.text, f"`git {sub}`", ctx)
            if found is not None:
                return found
    return None


def _downloaded(command: Command, ctx: Context) -> Finding | None:
    """`curl -O`/`wget` name the file after the URL (or the server's header) in a directory."""
    argv = command.argv
    words = command.words
    urls = [w for w in words[1:] if "://" in w.text]
    if command.name == "curl":
        if not any(
            a in ("-O", "--remote-name", "--remote-name-all")
            or (a.startswith("-") and not a.startswith("--") and "O" in a)
            for a in argv[1:]
        ):
            return None
        dirs = _dir_options(command, ("--output-dir",), "--output-dir") or [Word(".")]
        header = any(
            a in ("-J", "--remote-header-name")
            or (a.startswith("-") and not a.startswith("--") and "J" in a)
            for a in argv[1:]
        )
    else:
        if any(
            a in ("-O", "--output-document") or a.startswith(("-O", "--output-document="))
            for a in argv[1:]
        ):
            return None
        dirs = _dir_options(command, ("-P", "--directory-prefix"), "-P") or [Word(".")]
        header = any(
            a.startswith(("--content-disposition", "--trust-server-names", "-r", "--recursive"))
            or a in ("-m", "--mirror")
            for a in argv[1:]
        )
    for directory in dirs:
        if header or any(u.dynamic for u in urls):
            found = _unknown_below(command, directory, ctx, "saves files the server names into")
            if found is not None:
                return found
            continue
        if directory.dynamic:
            return _unknown_target(command, directory.text)
        for url in urls:
            path = url.text.split("://", 1)[1].split("?", 1)[0].split("#", 1)[0]
            base = path.rsplit("/", 1)[-1] if "/" in path else ""
            if base:
                found = _write_finding(
                    os.path.join(directory.text, base), f"`{command.name}` (download)", ctx
                )
                if found is not None:
                    return found
    return None
