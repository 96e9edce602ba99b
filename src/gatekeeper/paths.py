"""The one path policy: where a read or a write lands, for every tool and every shell route.

A path is expanded (``~``), made absolute against the call's ``cwd`` and resolved through
symlinks (for a path that does not exist yet, through its deepest existing parent). It is
then compared as `PurePath.is_relative_to` does, component by component, never as a bare
string prefix:
``/proj`` does not admit ``/projevil``.

Classes, checked in this order:

* ``device``    ``/dev/null``, ``/dev/stdout``, ``/dev/stderr``, ``/dev/fd/1``...: harmless;
* ``network``   ``/dev/tcp/...``, ``/dev/udp/...``: bash opens a socket (ELEVATE);
* ``protected`` gatekeeper's own config and state, Claude Code settings, hooks and commands,
                ``.git`` internals, shell start-up files, credentials: writes ELEVATE;
* ``secret``    credential files (keys, ``.env*``, ``~/.aws/credentials``...): reads ELEVATE;
* ``allowed``   inside an allowed dir (the project root, ``[paths] allowed``);
* ``tmp``       inside ``/tmp``, ``/var/tmp`` or ``$TMPDIR``;
* ``outside``   anything else.

``protected`` and ``secret`` are decided before ``allowed``: a project's ``.git/hooks`` or
``.env`` is protected although it is inside the project.
"""

from __future__ import annotations

import os
import stat
import time

from gatekeeper import globmatch
from gatekeeper.config import home_dir, state_dir, user_config_path
from gatekeeper.lazyre import LazyRegex, re
from gatekeeper.memo import memo
from gatekeeper.records import dataclass, field, twin_of

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from gatekeeper.config import Config

DEVICE = "device"
NETWORK = "network"
PROTECTED = "protected"
SECRET = "secret"  # noqa: S105 - a path class name, not a password
ALLOWED = "allowed"
TMP = "tmp"
OUTSIDE = "outside"

_HARMLESS_DEVICES = {
    "/dev/null",
    "/dev/zero",
    "/dev/stdout",
    "/dev/stderr",
    "/dev/stdin",
    "/dev/tty",
    "/dev/fd/0",
    "/dev/fd/1",
    "/dev/fd/2",
    "/proc/self/fd/1",
    "/proc/self/fd/2",
}

# Basenames that are shell or tool start-up files: a write there runs code later.
# Editor files that run commands when the folder is opened or a task starts.
_VSCODE_RUNS_CODE = frozenset({"tasks.json", "settings.json", "launch.json"})
_STARTUP_FILES = {
    ".bashrc",
    ".bash_profile",
    ".bash_login",
    ".bash_logout",
    ".profile",
    ".zshrc",
    ".zprofile",
    ".zshenv",
    ".zlogin",
    ".zlogout",
    ".kshrc",
    ".cshrc",
    ".tcshrc",
    ".inputrc",
    ".envrc",
    ".pythonrc",
    ".gitconfig",
    ".npmrc",
    ".pypirc",
    ".netrc",
    ".git-credentials",
    ".claude.json",
    ".mcp.json",
    # mise's project config: with `mise activate` in the user's shell, the files of the
    # directory the shell is in are read at every prompt, and their `{{exec(...)}}`
    # templates, `[env] _.source` scripts and `[hooks]` run then. Trust is by path, not by
    # content, outside mise's paranoid mode (`mise trust --help`): an edit of a trusted
    # file runs at the next prompt, as direnv's `.envrc` would.
    "mise.toml",
    ".mise.toml",
    "mise.local.toml",
    ".mise.local.toml",
    ".rtx.toml",
    # Editors, terminals and the login session run these: vim's `:!cmd`, tmux's `run-shell`,
    # `.pam_environment`'s variables (`LD_PRELOAD`) for every login, X session scripts.
    ".vimrc",
    ".gvimrc",
    ".exrc",
    ".tmux.conf",
    ".pam_environment",
    ".xprofile",
    ".xinitrc",
    ".xsession",
    ".xsessionrc",
    ".lesskey",  # its `#env` section sets LESSOPEN: every later `less FILE` runs a program
}
# Files directly in the home that a tool runs at each start (lower case: compared case-blind,
# as `_STARTUP_FILES`). A project's own file of the same name is an ordinary project file
# (`.yarnrc.yml`, `.Rprofile`, `.gdbinit` are the project's business), so these are tested
# by name and place rather than by name alone (session 11).
_HOME_STARTUP_FILES = frozenset({
    ".irbrc", ".pryrc", ".gemrc", ".rprofile",
    ".gdbinit",  # `shell CMD`
    ".lldbinit",  # `platform shell CMD`
    ".psqlrc",  # `\! CMD`
    ".sqliterc",  # `.shell CMD`
    ".hgrc",  # [hooks]: every hg command
    ".yarnrc", ".yarnrc.yml",  # yarn-path / yarnPath: the script every `yarn` runs
    ".bunfig.toml",  # preload scripts for `bun run` / `bun test`
    ".terraformrc",  # provider dev_overrides: the binaries terraform runs
    ".wgetrc", ".curlrc",  # options every later download takes (its output file, its CA)
    ".screenrc",  # `exec CMD`
    ".emacs", ".mailcap",  # elisp; the program run for each MIME type
    # redteam19: sourced by the default `~/.bashrc` of Debian and Ubuntu, by bash-completion,
    # by zsh's `compinit`; the debuggers' and REPLs' own start-up code (`.pdbrc`'s `!cmd`,
    # perl -d's `.perldb`, ghci's `:!cmd`, erl's `.erlang`...); R's `.Renviron`
    # (`R_PROFILE_USER`: a script R runs), conda's channels, npm's `npm init` script, the
    # terminal's Lua, nano's `formatter`/`linter` programs, ansible's vault password script.
    ".bash_aliases", ".bash_completion", ".zcompdump",
    ".pdbrc", ".perldb", ".ghci", ".ocamlinit", ".erlang", ".iex.exs", ".tclshrc",
    ".wishrc", ".xonshrc", ".sbclrc", ".guile", ".racketrc",
    ".renviron", ".condarc", ".npm-init.js", ".pydistutils.cfg", ".wezterm.lua", ".nanorc",
    ".selected_editor", ".ansible.cfg",
    # redteam20: Debian's lesspipe runs `~/.lessfilter` on each `less FILE`; ack's `--pager`,
    # mycli's `pager`; the start-up code of DuckDB's shell (`.shell CMD`), Octave, gnuplot
    # (`system`), csh's login and logout, mksh, yash, sh's `ENV`, SWI-Prolog, CLISP, ECL and
    # Clozure CL; mutt's backquoted commands; aider's `lint-cmd`/`test-cmd`.
    ".lessfilter", ".ackrc", ".myclirc", ".duckdbrc", ".octaverc", ".gnuplot", ".login",
    ".logout", ".mkshrc", ".yashrc", ".shrc", ".swiplrc", ".clisprc.lisp", ".eclrc",
    ".ccl-init.lisp", ".muttrc", ".aider.conf.yml",
})  # fmt: skip
# Names directly in the home whose link target is a credential file or directory (the
# others of `_STARTUP_FILES` and `_HOME_STARTUP_FILES` are start-up files: writes only).
_SECRET_LINK_NAMES = frozenset({
    ".netrc", ".git-credentials", ".pypirc", ".npmrc",
    ".ssh", ".aws", ".gnupg", ".kube", ".docker", ".azure",
    # redteam19: the other token files directly in the home (`_HOME_SECRET_FILES`,
    # `_SECRET_PATTERNS`), which a dotfiles repository keeps under names of its own
    ".pgpass", ".my.cnf", ".mylogin.cnf", ".s3cfg", ".boto", ".databrickscfg",
    ".vault-token", ".terraformrc", ".yarnrc.yml", ".kaggle", ".huggingface",
})  # fmt: skip
_LINKS_SCAN_MAX = 20_000  # entries of one directory listed at most
# A listing keeps its entries' names (`_Entries`) up to this many entries: past it, each name
# is asked of the kernel, as before.
_ENTRIES_MAX = 4096
# A listing is kept only when the directory's ctime is this much older than the listing: a
# change in the same tick of the file system's clock as the last one would leave the times as
# they are (what git calls a racily clean entry).
_RACY_NS = 2_000_000_000
# A directory's entries as its listing found them: each name with whether it is a symlink,
# and the set of the names in lower case (see `_entry_listed`).
_Entries = tuple[dict[str, bool], frozenset[str]]
# What a listing found (`_listing`): the links, the entries (or None), and the real
# directories in it (`_tree_links`; None when it holds more than `_TREE_WIDE` entries).
_Listing = tuple[tuple[str, ...], _Entries | None, tuple[str, ...] | None]
# `_listing`'s answers per directory: its (device, inode, mtime, ctime) when it was listed,
# and what the listing found. A link, directory or any other name added, removed, renamed or
# replaced there changes its mtime and ctime; `touch -d` can set the mtime back, but the
# ctime only moves on (so does a `chmod` of the directory).
_DIR_LINKS: dict[str, tuple[tuple[int, int, int, int], _Listing]] = {}
_UNLISTED: _Listing = ((), None, ())


def _dir_links(directory: str) -> tuple[str, ...]:
    """The symlinks directly in `directory` (every name): one `stat` of the directory, and
    a listing when it changed (the server keeps the last one of each)."""
    return _listing(directory)[0]


def _listing(directory: str) -> _Listing:
    """`_dir_links(directory)`; the directory's entries (`_Entries`) when the listing can
    stand for an `lstat` of each name below it: complete, at most `_ENTRIES_MAX` names, every
    one ASCII, and the directory searchable by this process (`access`, effective ids), as an
    `lstat` below it needs, else None; and the real directories directly in it (None when it
    holds more than `_TREE_WIDE` entries: not walked below, see `_tree_links`).
    `_UNLISTED` where it cannot be listed."""
    try:
        st = os.stat(directory)
    except (OSError, ValueError):
        return _UNLISTED
    if not stat.S_ISDIR(st.st_mode):
        return _UNLISTED
    stamp = (st.st_dev, st.st_ino, st.st_mtime_ns, st.st_ctime_ns)
    kept = _DIR_LINKS.get(directory)
    if kept is not None and kept[0] == stamp:
        return kept[1]
    found: list[str] = []
    kinds: dict[str, bool] | None = {}
    dirs: list[str] = []
    count = 0
    try:
        with os.scandir(directory) as entries:
            for count, entry in enumerate(entries):
                if count >= _LINKS_SCAN_MAX:
                    kinds = None
                    break
                link = entry.is_symlink()  # the type the listing gave: no system call
                if link:
                    found.append(entry.path)
                elif entry.is_dir(follow_symlinks=False) and entry.name not in _TREE_SKIPPED:
                    dirs.append(entry.path)
                if kinds is not None:
                    if count >= _ENTRIES_MAX or not entry.name.isascii():
                        kinds = None
                    else:
                        kinds[entry.name] = link
        searchable = kinds is not None and _access_works() and _access(
            directory, os.X_OK, effective_ids=True
        )
    except (OSError, ValueError):
        return _UNLISTED
    listed = (kinds, frozenset(map(str.lower, kinds))) if kinds is not None and searchable else None
    found_all: _Listing = (tuple(found), listed, tuple(dirs) if count < _TREE_WIDE else None)
    if time.time_ns() - max(st.st_mtime_ns, st.st_ctime_ns) > _RACY_NS:
        if len(_DIR_LINKS) >= 1024:  # the home's dirs and those below them (`_tree_links`)
            _DIR_LINKS.clear()
        _DIR_LINKS[directory] = (stamp, found_all)
    return found_all


# The walk below a protected or credential dir of the home (`_tree_links`), bounded: dotfile
# managers link files one by one at any depth (`~/.vim/plugin/x.vim`, `~/.ssh/keys/work`,
# `~/.claude/skills/NAME/SKILL.md`), but a tool's own trees there are large
# (`~/.local/lib/python3.X/site-packages`, `~/.vim/plugged`, `~/.kube/cache`).
_TREE_DEPTH = 3  # directories below the top one listed: `top/a/b/c` is the deepest
_TREE_DIRS = 8  # directories listed per top dir at most, the top one included
_TREE_WIDE = 32  # a directory of more entries is listed, not walked below
# Directories a tool fills on its own, where no dotfile manager links a file: not walked (a
# stat each per call saved). Caches and logs (aws' token caches, `~/.aws/sso/cache`), gpg's
# key and revocation stores, docker's `buildx`/`contexts`, gcloud's `configurations`.
_TREE_SKIPPED = frozenset({
    "cache", "caches", "logs", "log", ".git", "node_modules", "__pycache__",
    "private-keys-v1.d", "openpgp-revocs.d", "crls.d", "public-keys.d",
    "buildx", "contexts", "cli-plugins", "configurations", "legacy_credentials",
})  # fmt: skip


def _tree_links(top: str, listing: Callable[[str], _Listing] = _listing) -> tuple[str, ...]:
    """The symlinks in `top` and in the real directories below it, breadth first, within
    `_TREE_DEPTH`, `_TREE_DIRS` and `_TREE_WIDE` (no link followed): one `stat` per listed
    directory, and a listing of those that changed (`listing`: `_listing`, or a policy's
    once-per-call `PathPolicy._list`)."""
    links, _, subdirs = listing(top)
    if not subdirs:
        return links
    found = list(links)
    level: list[str] = list(subdirs)
    budget = _TREE_DIRS - 1
    for _ in range(_TREE_DEPTH):
        deeper: list[str] = []
        for directory in level:
            if budget <= 0:
                return tuple(found)
            budget -= 1
            links, _, subdirs = listing(directory)
            found += links
            if subdirs:
                deeper += subdirs
        level = deeper
        if not level:
            break
    return tuple(found)


def _entry_listed(entries: _Entries, name: str) -> int | None:
    """What `_entry_state(D/name)` answers (`_LINK`, `_ENTRY` or `_MISSING`), from the
    entries of D's listing in this call (`_listing`), or None where the listing cannot say.

    A name listed is there, a link or not, as `lstat` finds it in a searchable D. A name not
    listed is missing, but on a case-insensitive file system (macOS, Windows) `lstat` finds
    `.SSH` for `.ssh`: with every listed name ASCII, only an ASCII name equal to one of them
    in lower case can be found that way, and that one is left to the kernel. So are the
    names `lstat` does not take as one entry (empty, `.`, `..`, a `/` or NUL in it), and a
    `~` (a Windows short name, `PROGRA~1`)."""
    link = entries[0].get(name)
    if link is not None:
        return _LINK if link else _ENTRY
    if (
        name.isascii()
        and name not in ("", ".", "..")
        and "/" not in name
        and "\0" not in name
        and "~" not in name
        and name.lower() not in entries[1]
    ):
        return _MISSING
    return None


def _home_links(
    home: str, links: tuple[str, ...] | None = None
) -> tuple[tuple[str, bool], ...]:
    """The symlinks directly in `home` (`_dir_links`, or `links` as a listing of it gave
    them) named as a start-up or credential file or directory (case-blind), each with
    whether the name is a credential's."""
    found: list[tuple[str, bool]] = []
    for link in _dir_links(home) if links is None else links:
        name = link.rpartition("/")[2].casefold()
        secret = name in _SECRET_LINK_NAMES
        if secret or name in _STARTUP_FILES or name in _HOME_STARTUP_FILES:
            found.append((link, secret))
    return tuple(found)


# `PathPolicy._spelled_protected` per (home source, home, protected sources): strings only.
_SPELLED: dict[tuple[str, str, tuple[str, ...]], tuple[str, ...]] = {}
# `PathPolicy._missing_mask` per (base, items' identity): the items, the listings it read
# (directory, entries object) and its answer, a function of those entries alone.
_MASKS: dict[
    tuple[str, int],
    tuple[
        tuple[tuple[str, ...], ...], tuple[tuple[str, _Entries | None], ...], tuple[bool, ...]
    ],
] = {}
# `PathPolicy._protected_plan` per (home source, protected sources): the listings it read
# (directory, entries object), the state of each path it looked at (recorded in `known` as
# `realpath`'s walk records it), and per source whether `realpath` must be asked (a link
# on its way, or not below the home). A function of those entries alone, like `_MASKS`.
_PLANS: dict[
    tuple[str, tuple[str, ...]],
    tuple[tuple[tuple[str, _Entries], ...], dict[str, int], tuple[bool, ...]],
] = {}
_LinkDirs = tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]
_LINK_DIRS: dict[tuple[str, tuple[str, ...]], _LinkDirs] = {}


def _link_dirs(home: str, protected: tuple[str, ...]) -> _LinkDirs:
    """The dirs whose links `PathPolicy.linked` lists: the protected ones below `home` but
    those on PATH (`_PATH_DIRS`), their parents below it (`.claude/settings.json`,
    `.cargo/config.toml`), and `.claude`; and each one's names below `home`. A function of
    the strings (kept)."""
    key = (home, protected)
    found = _LINK_DIRS.get(key)
    if found is None:
        directories: dict[str, None] = {f"{home}/.claude": None}
        for source in protected:
            if source[: len(home) + 1] == home + "/" and source[len(home) + 1 :] not in _PATH_DIRS:
                directories[source] = None  # its links: protected by their place
                parent = source.rpartition("/")[0]
                if parent != home:
                    directories[parent] = None
        if len(_LINK_DIRS) >= 16:
            _LINK_DIRS.clear()
        found = _LINK_DIRS[key] = (
            tuple(directories),
            tuple(tuple(d[len(home) + 1 :].split("/")) for d in directories),
        )
    return found


def _known_missing(path: str, known: dict[str, int], top: str) -> bool:
    """Whether `realpath`'s walk (`known`) found `path` or one of its parents below `top`
    missing."""
    while len(path) > len(top):
        if known.get(path) == _MISSING:
            return True
        path = path.rpartition("/")[0]
    return False


# Directories under $HOME that hold credentials or code that runs on its own.
_HOME_PROTECTED_DIRS = (
    ".ssh",
    ".aws",
    ".gnupg",
    ".kube",
    ".docker",
    ".azure",
    ".config/gcloud",
    ".config/gh",
    ".config/fish",
    ".config/git",  # git's other global config (`core.pager`, `core.fsmonitor`), credentials
    ".config/autostart",
    ".config/systemd",
    ".config/nvim",  # init.lua / init.vim: code neovim runs at start
    ".config/lesskey",  # `#env` LESSOPEN=|PROGRAM %s: `less FILE` runs PROGRAM (redteam11)
    ".less",  # the compiled lesskey file, env section included
    ".vim",  # plugin/ and autoload/: scripts vim sources at start
    ".config/pip",  # pip.conf: the index every `pip install` trusts
    ".cargo/config.toml",  # build.rustc-wrapper, target runners: programs cargo runs
    ".cargo/config",
    ".cargo/bin",  # on PATH: a file here stands in for a command the user types
    ".local/bin",  # on PATH in the default profile of Debian, Ubuntu and Fedora
    ".local/share/systemd",
    # Code that a tool runs at each start, in every project (session 11): a `.pth` file or
    # `usercustomize.py` in the user site runs in every `python3 script.py` and `pytest`,
    # which Tier 1 allows; the others run in the user's own sessions of those tools. (The
    # files directly in the home are `_HOME_STARTUP_FILES`, tested by name.)
    ".local/lib",  # the user site (`python3 -m site --user-site`), `pip install --user`
    ".ipython",  # profile_*/startup/*.py and ipython_config.py
    ".jupyter",  # jupyter_*_config.py
    ".gradle",  # init.d/, init.gradle: every gradle build runs them; gradle.properties' jvmargs
    ".m2/settings.xml",  # mirrors every maven build trusts, server credentials
    ".sbt",  # global plugins every sbt build loads
    ".emacs.d",
    ".config/emacs",
    ".config/gdb",
    ".config/hg",
    ".config/direnv",  # direnvrc: sourced by the user's shell on each `cd`
    ".config/environment.d",  # the user session's environment (`LD_PRELOAD`)
    ".config/Code/User",  # VS Code's settings.json and tasks.json for every folder
    # redteam19: read at each start of a shell, terminal, multiplexer, prompt or window
    # manager (`~/.config/tmux/tmux.conf`'s `run-shell`, Fedora's `~/.bashrc.d/*`,
    # oh-my-zsh's `custom/*.zsh`, starship's `custom` commands, a `.desktop` file's `Exec`),
    # or the index every install trusts (pip's legacy `~/.pip`, uv, conda), or code a tool
    # runs in every project (Leiningen's profiles, Julia's startup.jl, podman's hooks).
    ".config/tmux",
    ".bashrc.d",
    ".oh-my-zsh/custom",
    ".local/share/bash-completion",
    ".config/starship.toml",
    ".config/powershell",
    ".config/nushell",
    ".config/xonsh",
    ".config/kitty",
    ".config/alacritty",
    ".config/wezterm",
    ".config/i3",
    ".config/sway",
    ".config/hypr",
    ".config/nano",
    ".config/ghc",  # ghci.conf: `:!cmd` at each ghci start
    ".local/share/applications",
    ".pip",
    ".config/uv",
    ".config/conda",
    ".conda/.condarc",
    ".lein/profiles.clj",
    ".julia/config",
    ".config/containers",
    ".claude/hooks",
    ".claude/commands",
    ".claude/agents",
    ".claude/plugins",
    ".claude/skills",  # a skill is a command: `!` lines and frontmatter `hooks:` run code
    # redteam20: lesspipe's user filter (as `~/.lessfilter`); neovim's site and plugin
    # manager dirs (`site/plugin/*.lua`, lazy.nvim's checkouts: run at each start); the
    # extensions VS Code and Cursor run; the MCP servers other agents and Claude Desktop
    # start (`command`); opencode's plugins and MCP servers, ranger's `commands.py`,
    # ghostty's `command`, mise's hooks (run on `cd`), bat's `--pager`. (Each entry costs a
    # write ~1.5 µs: the rarer tools' start-up dirs stay a review, GK-WRITE-001.)
    ".config/lessfilter",
    ".local/share/nvim",
    ".vscode/extensions",
    ".vscode-server/extensions",
    ".cursor/extensions",
    ".cursor/mcp.json",
    ".codex/config.toml",
    ".gemini/settings.json",
    ".config/Claude/claude_desktop_config.json",
    ".config/opencode",
    ".config/ranger",
    ".config/ghostty",
    ".config/mise",
    ".config/bat",
    # macOS: a LaunchAgent's plist (`RunAtLoad`, `StartInterval`: launchd runs its program at
    # each login), VS Code's and Cursor's user settings and tasks (as `.config/Code/User`),
    # Claude Desktop's MCP servers, iTerm2's AutoLaunch scripts, Hammerspoon's `init.lua`.
    "Library/LaunchAgents",
    "Library/Application Support/Code/User",
    "Library/Application Support/Cursor/User",
    "Library/Application Support/Claude/claude_desktop_config.json",
    "Library/Application Support/iTerm2/Scripts",
    ".hammerspoon",
)
# The protected dirs on PATH, whose links are not listed (`PathPolicy.linked`): a link there
# to a project's own script (`~/.local/bin/tool -> ~/src/tool/tool.py`) names the project's
# program, which the project edits; what the dir guards, a name standing in for a command,
# is the link itself, protected where it is.
_PATH_DIRS = (".local/bin", ".cargo/bin")
# Credential files by name, anywhere.
_SECRET_PATTERNS = (
    "id_rsa*",
    "id_dsa*",
    "id_ecdsa*",
    "id_ed25519*",
    "*.pem",
    "*.key",
    "*.p12",
    "*.pfx",
    "*.keystore",
    "*.jks",
    ".env",
    ".env.*",
    "*.env",
    ".netrc",
    ".git-credentials",
    ".pypirc",
    ".npmrc",
    "credentials",
    "credentials.json",
    # Tokens kept by name in a tool's home dir: Claude Code's own OAuth token, cargo's and
    # Terraform's registry tokens, Vault's token, the PostgreSQL password file.
    ".credentials.json",
    "credentials.toml",
    "credentials.tfrc.json",
    ".vault-token",
    ".pgpass",
    ".mylogin.cnf",
    # Shell and REPL histories: a token typed or pasted on a command line is kept there.
    ".bash_history",
    ".zsh_history",
    ".sh_history",
    ".histfile",
    "fish_history",
    ".python_history",
    ".psql_history",
    ".mysql_history",
    ".sqlite_history",
    ".node_repl_history",
    ".rediscli_history",
    "secrets.json",
    "secrets.yaml",
    "secrets.yml",
    "shadow",
    "gshadow",
    "master.key",
    # Files of a project that keep secrets in the clear by their tool's design (redteam19):
    # Terraform's state (every resource attribute, generated passwords and keys included)
    # and its variable files, direnv's `.envrc` (the `.env` of direnv: `export X_TOKEN=…`),
    # Wrangler's `.dev.vars`, Streamlit's `secrets.toml`, Azure Functions'
    # `local.settings.json`, Kerberos keytabs, Google OAuth client secrets, and the
    # credential files of s3cmd, boto, the MySQL client, Databricks and old docker.
    "*.tfstate",
    "*.tfstate.backup",
    "*.tfvars",
    "*.tfvars.json",
    ".envrc",
    ".dev.vars",
    "secrets.toml",
    "local.settings.json",
    "*.keytab",
    "client_secret*.json",
    ".s3cfg",
    ".boto",
    ".my.cnf",
    ".databrickscfg",
    ".dockercfg",
    "_netrc",
)
_NOT_SECRET = ("*.pub", ".env.example", ".env.sample", ".env.template", ".env.dist")
_SECRET_HOME_DIRS = (
    ".ssh", ".aws", ".gnupg", ".kube", ".docker", ".config/gh", ".config/gcloud",
    ".azure",  # the az CLI's tokens (`msal_token_cache.json`, `accessTokens.json`)
)  # fmt: skip
# Files of the home, by their place below it (lower case), where a tool keeps a token or a
# password in the clear (redteam19): rclone's remotes, hub's and glab's tokens, sops' age
# key, composer's and podman's registry auth, Poetry's, Terraform's, Yarn's, Gradle's and
# Maven's credentials, Kaggle's key, Hugging Face's token, the DigitalOcean, Hetzner,
# Fly.io, ngrok, Wrangler, Stripe, Travis and CircleCI CLIs' tokens. Tested by name and
# place (no listing).
_HOME_SECRET_FILES = frozenset({
    ".config/rclone/rclone.conf", ".config/hub", ".config/glab-cli/config.yml",
    ".config/sops/age/keys.txt", ".config/composer/auth.json", ".composer/auth.json",
    ".config/containers/auth.json", ".config/pypoetry/auth.toml", ".terraformrc",
    ".yarnrc.yml", ".gradle/gradle.properties", ".m2/settings.xml", ".kaggle/kaggle.json",
    ".huggingface/token", ".cache/huggingface/token", ".config/doctl/config.yaml",
    ".config/hcloud/cli.toml", ".fly/config.yml", ".config/ngrok/ngrok.yml",
    ".ngrok2/ngrok.yml", ".wrangler/config/default.toml", ".config/stripe/config.toml",
    ".travis/config.yml", ".circleci/cli.yml",
    # redteam20: the other coding agents' and AI CLIs' keys and OAuth tokens (Codex, Gemini
    # CLI, opencode, GitHub Copilot), and the Vercel, Netlify, Supabase, Railway, Sentry,
    # Firebase, newer Wrangler CLIs' tokens, Maven's master password, atuin's sync key.
    ".codex/auth.json", ".gemini/oauth_creds.json", ".local/share/opencode/auth.json",
    ".config/github-copilot/hosts.json", ".config/github-copilot/apps.json",
    ".local/share/com.vercel.cli/auth.json", ".vercel/auth.json",
    ".config/netlify/config.json", ".netlify/config.json", ".supabase/access-token",
    ".railway/config.json", ".sentryclirc", ".config/configstore/firebase-tools.json",
    ".config/.wrangler/config/default.toml", ".m2/settings-security.xml",
    ".local/share/atuin/key",
})  # fmt: skip
_SECRET_HOME_MARKS = tuple("/" + d for d in _SECRET_HOME_DIRS)
# Each of them as its names below the home (`.config/gh`: `.config`, `gh`).
_SECRET_HOME_NAMES = tuple(tuple(d.split("/")) for d in _SECRET_HOME_DIRS)
_MARKS_DOTTED = all(mark.startswith("/.") for mark in _SECRET_HOME_MARKS)
_SYSTEM_SECRETS = ("/etc/shadow", "/etc/gshadow", "/etc/sudoers", "/etc/ssh")
_SYSTEM_SECRET_DIRS = tuple(f"{p}/" for p in _SYSTEM_SECRETS)


# Pattern words (a find -name, an fd regex or extension, a grep filter) that may pick
# credential files by name. Deliberately loose: a substring is enough.
_SECRET_WORDS = LazyRegex(
    r"(?i)pem|key|id_[rde]|p12|pfx|keystore|jks|\benv\b|\.env|netrc|credential|secret|shadow"
    r"|npmrc|pypirc|tfstate|tfvars|dev\.vars|local\.settings|s3cfg|boto|my\.cnf|databrickscfg"
    r"|dockercfg|_history|histfile"
)
# Ordinary names: a glob that matches one of them reads files in general (`*`, `*.*`).
_GENERIC_NAMES = ("x", "x.txt", "x.py", "x.json", "x.md", "README", "Makefile")
_MAX_BRACE_WORDS = 64
# A name each credential pattern matches, with its `*` empty and filled (`*.pem`: `.pem`, `x.pem`).
_SECRET_SAMPLES = tuple(
    q for p in _SECRET_PATTERNS for q in (p.replace("*", ""), p.replace("*", "x"))
)


def may_pick_secrets(word: str) -> bool:
    """Whether a pattern word may select credential files by name (`*.pem`, `'\\.key$'`)."""
    return _SECRET_WORDS.search(word) is not None


def _brace_words(text: str) -> list[str]:
    """Bash's brace expansion of `text` (`*.{pem,key}` → `*.pem`, `*.key`), bounded."""
    out = [text]
    for _ in range(8):
        done = True
        expanded: list[str] = []
        for item in out:
            m = re.search(r"\{([^{}]*,[^{}]*)\}", item)
            if m is None:
                expanded.append(item)
                continue
            done = False
            expanded += [item[: m.start()] + alt + item[m.end() :] for alt in m[1].split(",")]
        out = expanded[:_MAX_BRACE_WORDS]
        if done:
            break
    return out


def glob_targets_secrets(pattern: str) -> bool:
    """Whether a glob picks credential files by name (`*.pem`, `id_*`, `.env*`, `*.{pem,key}`).

    True when its last component matches a credential file name but none of a few ordinary
    names: `cat *.pem` names keys as surely as `cat key.pem` does, while `cat *` or
    `grep x *.py` read files in general (like `grep -r x .`, which the policy allows).
    """
    name = pattern.rstrip("/").rsplit("/", 1)[-1].casefold()  # case-blind, as `is_secret` is
    for alt in _brace_words(name):
        matches = globmatch.matcher((alt,))  # fnmatch.fnmatchcase(·, alt), without regexes
        if any(matches(g) for g in _GENERIC_NAMES):
            continue
        if any(matches(sample) for sample in _SECRET_SAMPLES):
            return True
    return False


# Most severe first: the order in which `classify` picks among several resolutions.
_CLASS_ORDER = (NETWORK, PROTECTED, SECRET, OUTSIDE, TMP, ALLOWED, DEVICE)


_MATCHERS: list[Callable[[str], object]] = []
_SETTINGS_JSON = globmatch.matcher(("settings*.json",))  # fnmatch.fnmatch(name, ·)


def _name_matchers() -> list[Callable[[str], object]]:
    """One test per name list: `any(fnmatch.fnmatch(name, p) for p in patterns)`.

    `gatekeeper.globmatch` answers as fnmatch does, without importing `re` (names are
    case-sensitive here, as `os.path.normcase` is on POSIX).
    """
    if not _MATCHERS:
        for patterns in (_NOT_SECRET, _SECRET_PATTERNS):
            _MATCHERS.append(globmatch.matcher(patterns))
    return _MATCHERS


# Per file name, what its name alone says: not a secret (`*.pub`, `.env.example`...), a
# secret (a credential pattern), or nothing (the place decides). A function of the string.
_NOT_SECRET_NAME, _SECRET_NAME, _PLACE_DECIDES = 0, 1, 2
_SECRET_BY_NAME: dict[str, int] = {}


def _secret_by_name(name: str) -> int:
    """`_NOT_SECRET_NAME` if `_NOT_SECRET` matches `name`, else `_SECRET_NAME` if
    `_SECRET_PATTERNS` does, else `_PLACE_DECIDES`; kept in `_SECRET_BY_NAME` (bounded)."""
    not_secret, secret = _name_matchers()
    answer = (
        _NOT_SECRET_NAME if not_secret(name) else _SECRET_NAME if secret(name) else _PLACE_DECIDES
    )
    if len(_SECRET_BY_NAME) >= 4096:
        _SECRET_BY_NAME.clear()
    _SECRET_BY_NAME[name] = answer
    return answer


_HOME_DIRS: dict[str, tuple[str, ...]] = {}


def _secret_home_dirs(home: str) -> tuple[str, ...]:
    dirs = _HOME_DIRS.get(home)
    if dirs is None:
        dirs = _HOME_DIRS[home] = tuple(os.path.join(home, d) for d in _SECRET_HOME_DIRS)
    return dirs


# A path of this many characters has at least as many bytes: lstat fails (ENAMETOOLONG).
PATH_MAX = 4096
NAME_MAX = 255  # the longest file name (one path component) Linux and macOS accept, in bytes


@memo(4096)  # one path is tested against a dozen roots in a row
def _plain(path: str) -> bool:
    """An absolute path PurePath would keep as it is: no `//`, `.` or trailing `/`."""
    return (
        path.startswith("/")
        and "//" not in path
        and "/./" not in path
        and not path.endswith("/.")
        and (path == "/" or not path.endswith("/"))
    )


def inside(path: str, root: str) -> bool:
    """`PurePath(path).is_relative_to(root)`, with a string fast path for plain paths.

    Resolved paths are plain, so the fast path is the rule; for them, component-wise
    containment is exactly "equal, or starts with root + `/`" (`/proj` ≠ `/projevil`).
    PurePath costs ~10 µs a call and this test runs dozens of times per command.
    """
    if _plain(path) and _plain(root):
        return root in (path, "/") or path.startswith(root + "/")
    from pathlib import PurePath  # rare: paths that are not plain

    return PurePath(path).is_relative_to(root)


_inside = inside

# Per tuple of roots, for `inside_any`: each root + `/` (the root `/` as it is), or None
# when a root is not plain. A function of the strings alone (no filesystem answer).
_PREFIXES: dict[tuple[str, ...], tuple[str, ...] | None] = {}
_SYSTEM_DIRS = ("/etc", "/usr", "/boot")


def inside_any(path: str, roots: tuple[str, ...]) -> bool:
    """`any(inside(path, root) for root in roots)`, in one `startswith` for plain paths.

    For a plain path and plain roots, inside one of them is "equal to one of them, or
    starting with one of them + `/`" (`inside`'s fast path, over the tuple at once).
    """
    prefixes = _PREFIXES.get(roots)
    if prefixes is None and roots not in _PREFIXES:
        if len(_PREFIXES) >= 256:
            _PREFIXES.clear()
        prefixes = _PREFIXES[roots] = (
            tuple(r if r == "/" else r + "/" for r in roots)
            if all(_plain(r) for r in roots)
            else None
        )
    if prefixes is not None and _plain(path):
        return path in roots or path.startswith(prefixes)
    return any(_inside(path, root) for root in roots)


def _parts(path: str) -> tuple[str, ...]:
    """`PurePath(path).parts`, with a string fast path for plain paths."""
    if _plain(path):
        return ("/", *path[1:].split("/")) if path != "/" else ("/",)
    from pathlib import PurePath

    return PurePath(path).parts


def _name(path: str) -> str:
    """`PurePath(path).name`, with a string fast path for plain paths."""
    if _plain(path):
        return path.rsplit("/", 1)[-1]
    from pathlib import PurePath

    return PurePath(path).name


# The longest raw path the policy resolves. `os.path.realpath` is quadratic in a path's
# components (at each one it copies the rest of the path): `a/..` 100,000 times took 5 s and
# a 4 MB path minutes, past the hook's timeout, which lets the call through. A longer path
# is judged as a credential (a read) or a protected path (a write): the human decides.
MAX_PATH_CHARS = 16 * 1024


class PathTooLong(ValueError):
    """A raw path longer than `MAX_PATH_CHARS` (see `PathPolicy.classify`). A checker that
    meets one fails with it, and the host makes that an ELEVATE (`asks_the_human`)."""

    asks_the_human = True


def resolve(raw: str, cwd: str, known: dict[str, int] | None = None) -> str:
    """Expand `~`, make absolute against cwd, resolve symlinks (deepest existing parent)."""
    if len(raw) > MAX_PATH_CHARS:
        raise PathTooLong(f"a path of {len(raw):,} characters is too long to resolve")
    # realpath resolves every existing component and keeps the rest, as Path.resolve(False).
    path = _absolute(raw, cwd)
    if (path[:6] == "/proc/" or path[:8] == "/dev/fd/") and _opaque(path):
        return path  # the agent's descriptors or another process' directories
    if known is not None and cwd not in known and path.startswith(cwd) and _plain(cwd):
        # A path below the cwd, the first of this call: the cwd asked of the kernel at once
        # (it exists, mostly), not through the parent of `raw` (`https://x/y` has none).
        _kernel_clean(cwd, known)
    return realpath(path, known)


# What `lstat` said of a path: an entry, nothing, a symlink; `_CLEAN` is an entry that is not
# a link and neither is any of its parents (the walk below got past it).
_ENTRY, _MISSING, _LINK, _CLEAN = 0, 1, 2, 3

# Most `lstat`s of a decision fail (a bare word that names no file, `~/.ssh` in a fresh home),
# and a failing `lstat` raises: the `FileNotFoundError`, its message (strerror, decoded) and
# its traceback cost ~6k instructions, 3 µs here, against ~1 µs for the system call. `access`
# with `F_OK`, `AT_EACCESS` and `AT_SYMLINK_NOFOLLOW` asks the same question (can the path's
# entry be looked up, with the process' effective ids, without following a final link) and
# answers with a bool. It is asked first; only a path it finds is `lstat`ed (for the link
# bit). An answer of "missing" where `lstat` would succeed would be more permissive, so the
# flags must be honoured: `_CAN_ACCESS` needs them compiled in (`faccessat`), and `_absent`
# checks once per process that `/` is found. A libc that rejects the flags (musl on a kernel
# without `faccessat2` answers EINVAL) fails that probe, and every path is `lstat`ed as before.
_CAN_ACCESS = os.access in os.supports_follow_symlinks and os.access in os.supports_effective_ids
_ACCESS_PROBE: list[bool] = []  # a property of the platform, not of any path
_access = os.access
_lstat = os.lstat
_F_OK = os.F_OK
_S_ISLNK = stat.S_ISLNK


def _absent(path: str) -> bool:
    """True only if `os.lstat(path)` would fail (ENOENT, ENOTDIR, EACCES...).

    False when it would succeed, or when `access` cannot tell on this platform. Raises what
    `os.lstat` raises for a path it cannot take (a NUL byte, an unencodable name).
    """
    return _access_works() and not _access(path, _F_OK, effective_ids=True, follow_symlinks=False)


def _access_works() -> bool:
    """Whether `access` with those flags answers on this platform (probed once: `/` is found)."""
    if not _ACCESS_PROBE:
        _ACCESS_PROBE.append(
            _CAN_ACCESS and _access("/", _F_OK, effective_ids=True, follow_symlinks=False)
        )
    return _ACCESS_PROBE[0]


# The kernel's own answer for a directory: `open(O_PATH)` walks the whole path (following
# every link) in one call, and `/proc/self/fd/N` names where it landed, as the kernel's
# `d_path` spells it. When that is the directory itself, the walk below would have found
# every prefix present and none of them a link (see `_kernel_clean`): 3 system calls
# instead of one `lstat` per component (a cwd such as `/home/u/src/project`, a home dir).
# Linux only (O_PATH); where `/proc/self/fd` does not name `/` as `/` (no procfs), never.
_O_PATH = getattr(os, "O_PATH", 0)
_KERNEL_PROBE: list[bool] = []  # a property of the platform, not of any path
_KERNEL_DEPTH = 2  # below this many unknown prefixes, the lstats cost less


# Per tuple of protected sources, its runs of consecutive entries with one parent directory
# (`H/.ssh`, `H/.aws`, ... share `H`): `(parent, entries)`, the parent None for entries whose
# last component is empty, `.` or `..` (which realpath's first case does not take). A
# function of the strings alone (no filesystem answer).
_PARENT_RUNS: dict[tuple[str, ...], list[tuple[str | None, list[str]]]] = {}


def _parent_runs(sources: tuple[str, ...]) -> list[tuple[str | None, list[str]]]:
    runs: list[tuple[str | None, list[str]]] = []
    for source in sources:
        parent: str | None
        parent, _, name = source.rpartition("/")
        if not name or name in (".", ".."):
            parent = None
        if runs and runs[-1][0] == parent:
            runs[-1][1].append(source)
        else:
            runs.append((parent, [source]))
    if len(_PARENT_RUNS) >= 64:
        _PARENT_RUNS.clear()
    _PARENT_RUNS[sources] = runs
    return runs


def _kernel_names(directory: str) -> str | None:
    """Where the kernel lands for `directory` (every link followed), or None if it cannot say."""
    try:
        fd = os.open(directory, _O_PATH | os.O_CLOEXEC)
    except Exception:  # noqa: BLE001 - missing, not searchable, a NUL...: the walk answers
        return None
    try:
        return os.readlink(f"/proc/self/fd/{fd}")
    except OSError:
        return None
    finally:
        os.close(fd)


def _kernel_clean(directory: str, known: dict[str, int]) -> bool:
    """True if every prefix of the plain path `directory` (itself included) is present and
    no link: what the walk of `realpath` would find with one `lstat` per prefix.

    Asked of the kernel at once: `directory` opened with `O_PATH` (no permission on it
    needed, no device or FIFO opened, as for `lstat`) lands where `/proc/self/fd/N` says.
    If a prefix were a link, the kernel would have followed it and would name the target,
    not `directory` (a link that names itself is a loop: `open` fails); if a prefix were
    missing or not searchable, `open` fails. Any failure, or any other name (a deleted
    directory's ` (deleted)`, a path outside the process' root, no procfs), answers False
    and the walk asks as before. A prefix the memo holds as missing or a link answers
    False too, so the walk's answer through `known` stands; so do fewer than
    `_KERNEL_DEPTH` prefixes not in `known` (their `lstat`s cost less). The prefixes are
    recorded as `_CLEAN`. `tests/test_paths_kernel.py` compares it with `lstat`.
    """
    if not _KERNEL_PROBE:
        _KERNEL_PROBE.append(bool(_O_PATH) and _kernel_names("/") == "/")
    if not _KERNEL_PROBE[0]:
        return False
    clean = _CLEAN_PREFIXES.get(directory)
    if clean is None:
        clean = _clean_prefixes(directory)
    if known:
        unknown = 0
        for prefix in clean:
            state = known.get(prefix)
            if state is None:
                unknown += 1
            elif state in (_MISSING, _LINK):
                return False
    else:  # the call's first question (mostly): every prefix is unknown
        unknown = len(clean)
    if unknown < _KERNEL_DEPTH or _kernel_names(directory) != directory:
        return False
    known.update(clean)
    return True


# Per directory string, its prefixes (itself included) mapped to `_CLEAN`: what `_kernel_clean`
# records when the kernel says so. A function of the string alone (no filesystem answer).
_CLEAN_PREFIXES: dict[str, dict[str, int]] = {}


def _clean_prefixes(directory: str) -> dict[str, int]:
    """`{prefix: _CLEAN}` for every prefix of the plain path `directory` (itself included)."""
    prefixes: dict[str, int] = {}
    prefix = ""
    for part in directory[1:].split("/"):
        prefix = f"{prefix}/{part}"
        prefixes[prefix] = _CLEAN
    if len(_CLEAN_PREFIXES) >= 64:
        _CLEAN_PREFIXES.clear()
    _CLEAN_PREFIXES[directory] = prefixes
    return prefixes


def realpath(path: str, known: dict[str, int] | None = None) -> str:
    """`os.path.realpath(path)`, with a fast path for a plain path without symlinks.

    `os.path.realpath` is pure Python: per component a `join`, an `lstat` and dict work
    (~20 µs for a short path). For an absolute path without a `..` component in which no
    component is a symlink, its answer is the path without its `.` components, `//` and
    trailing `/` (which its walk skips). That is checked here with one `lstat` per
    component. realpath treats a component whose `lstat` fails as no link and goes on;
    every deeper component then fails too (its parent does not exist, is not a directory
    or cannot be searched), so the walk stops there. Any
    symlink, any other path and any exception other than `OSError` (a NUL byte, an
    unencodable name) go to `os.path.realpath`, which then answers or raises exactly as
    before. `tests/test_paths_realpath.py` pins the two.

    `known` memoizes what `lstat` said of each prefix. It belongs to one `PathPolicy`, that
    is to one call: the filesystem does not change while a call is decided, and the next
    call starts with a fresh one, so a symlink made between two calls is always seen. A
    prefix the walk got past is recorded as `_CLEAN`: when a path's parent is, only its
    last component is looked at (the dozen protected dirs below the home, siblings).
    """
    if path[-2:] == "/." and len(path) > 2 and path[-3] != "/":
        # `X/.` (a `.` argument, `cwd/.`): realpath's walk skips a `.` component, so it
        # resolves as X does (X included, where it is no directory or is missing). Not
        # `X//.`: after a symlink loop X, realpath joins the rest `/.` and answers `/`.
        path = path[:-2]
    if known is not None:
        # The common case first: a name below a directory this call got past already (the
        # cwd, the home), or below one it found missing. Such a parent is plain (only the
        # walk and `_kernel_clean` record `_CLEAN`, only `_plain` paths are recorded), so
        # with a name that is neither empty, `.` nor `..` the path is plain too: the walk
        # below would look at its last component alone.
        parent, _, name = path.rpartition("/")
        state = known.get(parent)
        if state is not None and name and name not in (".", ".."):
            if state == _CLEAN:
                # The last step of the walk, inline (hot: most paths of a call end here):
                # `access` first (the last component is often missing), then `lstat` for
                # the link bit, recorded in `known`; exceptions as the walk has them.
                state = known.get(path)
                if state is None:
                    try:
                        state = _entry_state(path)
                    except Exception:  # noqa: BLE001 - let realpath raise (or answer) as always
                        return os.path.realpath(path)
                    known[path] = state
                if state == _LINK:
                    return _link_target(path, parent, known)
                if state == _ENTRY:
                    known[path] = _CLEAN
                return path
            if state == _MISSING:
                # A missing parent whose own parent the walk got past (`~/.config` missing,
                # for `~/.config/gh`): the walk would pass every prefix above it without an
                # lstat and stop at it, with this answer.
                grand = parent.rpartition("/")[0]
                if not grand or known.get(grand) == _CLEAN:
                    return path
    if "/.." in path and ".." in path.split("/"):
        return os.path.realpath(path)  # `..` needs its prefix resolved first: realpath's walk
    given = path
    if not _plain(path):
        if not path.startswith("/"):
            return os.path.realpath(path)
        # `.` components, `//` and a trailing `/` are skipped by realpath's walk: without
        # them the path is plain, and the walk below lstats exactly the prefixes it would.
        path = "/" + "/".join([part for part in path.split("/") if part and part != "."])
    end = 0
    if known is not None:
        cut = path.rfind("/")
        if cut > 0:
            state = known.get(path[:cut])
            if state == _CLEAN:
                end = cut  # the walk got past the parent already: only the last component is left
            elif state == _MISSING:
                # A missing parent whose own parent the walk got past (`~/.config` missing, for
                # `~/.config/gh`): the walk would pass every prefix above it without an lstat
                # and stop at it, with this answer.
                up = path.rfind("/", 0, cut)
                if up == 0 or (up > 0 and known.get(path[:up]) == _CLEAN):
                    return path
            elif state is None:
                # The deepest ancestor the walk got past (`H` for `H/.config/gh`): every
                # prefix above it is `_CLEAN` too (the walk records them in order, and
                # `_kernel_clean` all at once), which the walk would pass without an lstat.
                up = path.rfind("/", 0, cut)
                while up > 0:
                    state = known.get(path[:up])
                    if state is not None:
                        if state == _CLEAN:
                            end = up
                        break  # anything else: the walk from the top answers, as before
                    up = path.rfind("/", 0, up)
    try:
        while end != -1:
            end = path.find("/", end + 1)
            prefix = path if end == -1 else path[:end]
            state = known.get(prefix) if known is not None else None
            if state is None:
                # The last component is often missing (a file to be written, a bare word);
                # the directories above it mostly exist: `access` first only for the last.
                if end == -1 and _absent(prefix):
                    state = _MISSING
                else:
                    try:
                        state = _LINK if stat.S_ISLNK(os.lstat(prefix).st_mode) else _ENTRY
                    except OSError:
                        state = _MISSING
                if known is not None:
                    known[prefix] = state
            if state == _MISSING:
                return path
            if state == _LINK:
                return os.path.realpath(given)
            if state == _ENTRY and known is not None:
                known[prefix] = _CLEAN
    except Exception:  # noqa: BLE001 - let realpath raise (or answer) as it always did
        return os.path.realpath(given)
    return path


# `os.readlink` answers as posixpath's `realpath` reads a link (not ntpath's).
_READLINK = os.name == "posix"


def _link_target(link: str, directory: str, known: dict[str, int]) -> str:
    """`os.path.realpath(link)` for a link (`known` says so) in a `directory` the walk got
    past (present, no link on its way): its target read once and walked as `realpath`'s
    walk would, instead of `os.path.realpath`'s walk of every component of both.

    For such a link, realpath reads the target and resolves it against `directory`: a
    target that is plain and absolute once joined (no `.`, `..`, `//` or trailing `/`, so
    no component realpath would fold) in which that walk meets no link (every prefix
    present and no link, up to a missing one, which realpath keeps as it is) is its whole
    answer, the target itself. Any other target (a link in it, a link to a link, a loop),
    a link that is none any more, or a failure: `os.path.realpath`, as before."""
    if _READLINK and directory:
        try:
            target = os.readlink(link)
        except (OSError, ValueError):
            return os.path.realpath(link)
        if target[:1] != "/":
            target = f"{directory}/{target}"
        if target != "/" and "/.." not in target and _plain(target) and _unlinked(target, known):
            return target
    return os.path.realpath(link)


def _unlinked(path: str, known: dict[str, int]) -> bool:
    """True if `realpath`'s walk of the plain `path` meets no link: each prefix present and
    no link, up to the end or a missing one (what `lstat` says recorded in `known`, as the
    walk records it). False if it meets a link, or a question fails."""
    cut = len(path)
    start = 0
    while cut > 0:  # the deepest prefix the walk got past (all above it are, too)
        state = known.get(path[:cut])
        if state == _CLEAN:
            start = cut
            break
        if state == _LINK:
            return False
        cut = path.rfind("/", 0, cut)
    end = start
    while end != -1 and end < len(path):
        end = path.find("/", end + 1)
        prefix = path if end == -1 else path[:end]
        state = known.get(prefix)
        if state is None:
            try:
                state = _entry_state(prefix)
            except Exception:  # noqa: BLE001 - os.path.realpath answers or raises, as before
                return False
            known[prefix] = state
        if state == _MISSING:
            return True
        if state == _LINK:
            return False
        known[prefix] = _CLEAN
    return True


def _entry_state(path: str) -> int:
    """`_MISSING`, `_LINK` or `_ENTRY` for `path`: `access` first (the last component is often
    missing), then `lstat` for the link bit. An error of `_absent` is the caller's."""
    # `_absent(path)`, inline (hot: most questions of a call end here): the same probe, the
    # same `access`, one Python call less.
    probe = _ACCESS_PROBE[0] if _ACCESS_PROBE else _access_works()
    if probe and not _access(path, _F_OK, effective_ids=True, follow_symlinks=False):
        return _MISSING
    try:
        return _LINK if _S_ISLNK(_lstat(path).st_mode) else _ENTRY
    except OSError:
        return _MISSING


def _absolute(raw: str, cwd: str) -> str:
    """`resolve` without the symlinks: `~` expanded, made absolute against cwd."""
    # Slices and indexes, not `startswith`/`endswith` (hot: every path of every call): in
    # CPython 3.11 those parse their arguments as a tuple, ~650 instructions a call.
    expanded = raw
    first = raw[:1]
    if first == "~" and (raw == "~" or raw[1:2] == "/"):
        expanded = home_dir() + raw[1:]
        first = expanded[:1]
    if first == "/":
        if expanded[1:6] == "proc/" or expanded[1:2] in ("/", "."):
            return _proc_self(expanded, cwd)  # `/proc/self/cwd/…`, `//proc/…`, `/./proc/…`
        return expanded  # what os.path.join(cwd, expanded) gives for an absolute one
    base = cwd or "/"
    if type(base) is str:  # what os.path.join(base, expanded) gives, inline (every path)
        return base + expanded if base[-1] == "/" else f"{base}/{expanded}"
    return os.path.join(base, expanded)


def _proc_self(path: str, cwd: str) -> str:
    """`/proc/self/cwd/…` (and `/proc/thread-self/cwd/…`) as the call's cwd, `/proc/self/root/…`
    as `/…`: the kernel resolves them in the process that opens them, the agent's shell, whose
    directory is the call's, not the gate's (`echo k >> /proc/self/cwd/../.ssh/
    authorized_keys` from a project in the home directory writes the user's keys)."""
    spelled = path
    while "//" in spelled or "/./" in spelled:  # `//proc/./self/cwd`: the same link
        spelled = spelled.replace("//", "/").replace("/./", "/")
    parts = spelled.split("/")  # ["", "proc", entry, ...]
    while len(parts) > 3 and parts[1] == "proc" and parts[3] == ".." and _below_proc(parts[2]):
        del parts[2:4]  # `/proc/self/../self/cwd`: a process' directory is right below /proc
    if len(parts) > 2 and parts[1] == "proc" and parts[2] == "..":
        return "/" + "/".join(parts[3:])  # `/proc/self/../../etc/shadow`
    spelled = "/".join(parts)
    for link, base in (
        ("/proc/self/cwd", cwd or "/"),
        ("/proc/thread-self/cwd", cwd or "/"),
    ):
        if spelled == link or spelled.startswith(link + "/"):
            return base.rstrip("/") + spelled[len(link) :]
    if len(parts) > 3 and parts[1] == "proc" and parts[3] == "root" and _process(parts[2]):
        return "/" + "/".join(parts[4:])  # any process' root: `/`, as far as the gate knows
    return path


def _process(entry: str) -> bool:
    """Whether an entry of /proc is a process' (or thread's) directory."""
    return entry in ("self", "thread-self") or entry.isdigit()


def _below_proc(entry: str) -> bool:
    """Whether /proc's entry leads to a directory right below /proc (`thread-self` leads to
    `/proc/PID/task/TID`: its `..` is the task list)."""
    return entry == "self" or entry.isdigit()


def _opaque(path: str) -> bool:
    """A path the kernel resolves through the agent shell's own state, which the gate's
    process does not share: its descriptors (`/dev/fd/3/x`, `/proc/self/fd/3`) and another
    process' directory (`/proc/1/cwd/x`). Resolved here, they would name the gate's own
    descriptors and directories; left unresolved, they are outside every allowed dir."""
    if path[:8] == "/dev/fd/":
        return True
    parts = path.split("/", 4)
    return len(parts) > 3 and parts[1] == "proc" and _process(parts[2]) and parts[3] != ""


# The environment variables a policy's sources depend on: `home_dir` (HOME), the tmp dirs
# (TMPDIR), `user_config_path` and `state_dir` (the other four).
_POLICY_ENV = (
    b"HOME",
    b"TMPDIR",
    b"GATEKEEPER_CONFIG",
    b"XDG_CONFIG_HOME",
    b"GATEKEEPER_STATE_DIR",
    b"XDG_STATE_HOME",
)
_POSIX = os.name == "posix"
_SLASH = ord("/")  # what a bytes value's first item is when it starts with /
# home source, allowed sources, tmp sources, protected sources, whether one holds a NUL.
_Sources = tuple[str, tuple[str, ...], tuple[str, ...], tuple[str, ...], bool]
_SOURCES: dict[tuple[object, ...], _Sources] = {}
# `_SOURCES`' entry of the last policy built with a key: (config, cwd, environment key,
# sources). It holds the config, so no other config can have its identity meanwhile.
_LAST_SOURCES: list[tuple[object, str, object, _Sources]] = [
    (None, "", None, ("", (), (), (), False))
]


def environment_key() -> tuple[object, ...] | None:
    """What `home_dir`, `user_config_path` and `state_dir` (and $TMPDIR) depend on, or None.

    The environment is read from `os.environ`'s own mapping of bytes (what `os.environ.get`
    reads and decodes, at ~0.1 µs a name instead of ~0.5, and ~1 µs for a missing name):
    the raw values of `_POLICY_ENV` are the key; whoever memoizes on it computes on a miss
    through those functions, the ordinary way. A relative $GATEKEEPER_CONFIG or
    $GATEKEEPER_STATE_DIR is made absolute against the process' cwd, which is then part
    of the key. None (no memo) with HOME unset or empty, or a `~user` in those two: then
    `home_dir` or `expanduser` asks the user database, a file, not an input.
    """
    try:
        data = os.environ._data  # type: ignore[attr-defined]  # ~1k instructions below `getattr`
    except AttributeError:
        return None
    if type(data) is not dict or not _POSIX:
        return None
    # The key without a cwd, built once: `(None, *map(data.get, _POLICY_ENV))` written out
    # (~1.3k instructions less; `tests/test_policy_memo.py` checks it against that).
    get = data.get
    home = get(b"HOME")
    if not home:
        return None
    config = get(b"GATEKEEPER_CONFIG")
    state = get(b"GATEKEEPER_STATE_DIR")
    if not (config and config[0] != _SLASH) and not (state and state[0] != _SLASH):
        # Both unset or absolute (the common case): no cwd in the key.
        return (None, home, get(b"TMPDIR"), config, get(b"XDG_CONFIG_HOME"), state,
                get(b"XDG_STATE_HOME"))  # fmt: skip
    env = (home, get(b"TMPDIR"), config, get(b"XDG_CONFIG_HOME"), state, get(b"XDG_STATE_HOME"))
    process_cwd = None
    for explicit in (config, state):
        if explicit and not explicit.startswith(b"/"):
            if explicit.startswith(b"~") and not explicit.startswith(b"~/"):
                return None
            try:
                process_cwd = os.getcwd()
            except OSError:  # a deleted cwd: no memo, the functions raise as they always did
                return None
    return (process_cwd, *env)


# Per directory string (ending with `/`), whether `directory + NAME` is plain, NUL-free and
# short for every bare NAME (`lexists_below`): a function of the string alone.
_PLAIN_BELOW: dict[str, bool] = {}

# `from_config`'s `env` when the caller has not read `environment_key()` yet (a real key
# is never empty).
READ_ENV: tuple[object, ...] = ()


def _sources_key(
    config: Config, cwd: str, env: tuple[object, ...] | None = READ_ENV
) -> tuple[object, ...] | None:
    """Every input of `_sources`, or None when one of them cannot be a key.

    `env` is `environment_key()` as the caller just read it, or `READ_ENV` to read it here.
    """
    if type(config.allowed_paths) is not tuple or type(config.protected_paths) is not tuple:
        return None  # not hashable, or not as `config.load` builds them: no memo
    if env is READ_ENV:
        env = environment_key()
    if env is None:
        return None
    return (config.project_root, config.allowed_paths, config.protected_paths, cwd, *env)


def _sources(config: Config, cwd: str) -> _Sources:
    """What a policy is built from: pure string work on the config, the cwd and the env.

    Nothing here touches the filesystem (but `home_dir` with HOME unset, which
    `_sources_key` keeps out of the memo): every path stays unresolved, and `PathPolicy`
    resolves what a call asks about, afresh for each call.
    """
    home = home_dir()
    env_tmp = os.environ.get("TMPDIR")
    allowed = tuple(_absolute(raw, cwd) for raw in config.allowed_paths)
    tmp = ("/tmp", "/var/tmp", env_tmp) if env_tmp else ("/tmp", "/var/tmp")
    protected = [os.path.dirname(user_config_path()), state_dir()]
    protected += [_absolute(p, cwd) for p in config.protected_paths]
    protected += [os.path.join(home, d) for d in _HOME_PROTECTED_DIRS]
    nul = any("\0" in p for p in (home, *allowed, *tmp))
    return home, allowed, tmp, tuple(protected), nul


@dataclass(frozen=True, slots=True)
class PathPolicy:
    """Where files may be touched without review, for one call."""

    cwd: str
    # $HOME as the call found it, not yet resolved: `home` resolves it on first use (the
    # shell parser asks only for a word with `~` or `$HOME`; a path check asks too).
    home_source: str
    # The allowed directories: the project root (resolved when the config was loaded, or
    # ""), then the configured ones, absolute but not yet resolved; and the tmp
    # directories, not yet resolved. `allowed` and `tmp` resolve them on first use: most
    # calls never compare a path against them, and each costs an lstat per component.
    project_root: str
    allowed_sources: tuple[str, ...]
    tmp_sources: tuple[str, ...]
    # Whole directories or files, absolute but not yet resolved: `protected` resolves them
    # on first use (a dozen realpath calls, which most calls, having no write, never need).
    # Those below the home directory are joined to `home_source`: resolving `H/.ssh` gives
    # what resolving `realpath(H)/.ssh` gives.
    protected_sources: tuple[str, ...]
    # Other directories a command of this call may run in (`cd sub && ...`): a relative
    # path is judged against every one of them and the most severe class wins.
    other_cwds: tuple[str, ...] = ()
    # `protected` and `protected_lowered`, once resolved (shared by the derived policies).
    _resolved: list[tuple[str, ...]] = field(default_factory=list, compare=False, repr=False)
    # The resolved targets of the home's linked start-up and credential files (`_home_links`):
    # every one, then the credential ones; once per policy, shared like `_resolved`.
    _linked: list[tuple[str, ...]] = field(default_factory=list, compare=False, repr=False)
    _home: list[str] = field(default_factory=list, compare=False, repr=False)
    # `allowed` and `tmp`, once resolved (each on first use: a call whose paths are all in
    # the project never resolves the tmp dirs): shared, like `_resolved`, by the policies
    # derived from this one for the same call.
    _roots: dict[bool, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)
    # What `lstat` said of each path prefix during this call (see `realpath`); shared by
    # the policies derived from this one for the same call (`with_cwds`, `replace`).
    _known: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    # The answers already given during this call, shared like `_known`: `classify` per
    # (raw path, write, cwd, other cwds), `is_protected` and `is_secret` per resolved path.
    # Each is a function of the roots (resolved once per call) and of `_known`, so it
    # cannot change within the call; the next call builds a new policy and asks afresh.
    _classes: dict[tuple[str, bool, str, tuple[str, ...]], tuple[str, str]] = field(
        default_factory=dict, compare=False, repr=False
    )
    _tests: dict[tuple[bool, str], bool] = field(default_factory=dict, compare=False, repr=False)
    # Each directory's listing asked during this call (`_listing`: its links and entries),
    # shared like `_known`: one `stat` of a directory per call, however many ask.
    _listed: dict[str, _Listing] = field(
        default_factory=dict, compare=False, repr=False
    )

    @property
    def home(self) -> str:
        """The home directory, resolved (once per policy)."""
        if not self._home:
            known = self._known
            source = self.home_source
            if source not in known and _plain(source):
                _kernel_clean(source, known)  # `/home/u`, and the cwd below it, in 3 calls
            self._home.append(realpath(source, known))
        return self._home[0]

    def home_resolver(self) -> str:
        """`home`, as a function: what the shell parser calls if a word holds `~`."""
        return self.home

    @property
    def protected(self) -> tuple[str, ...]:
        """The protected directories and files, resolved (once per policy)."""
        if not self._resolved:
            resolved = self._protected_listed()
            if resolved is None:
                resolved = self._protected_walked()
            for target in self.linked()[1]:
                resolved[target] = None
            # the hooks directory `core.hooksPath` names: git runs what is executable there
            from gatekeeper.shell.hookspath import hooks_dirs

            resolved.update(dict.fromkeys(hooks_dirs(self.project_root, self.home)))
            entries = tuple(resolved)
            # and the same in lower case, for the case-blind tests (`protected_lowered`)
            self._resolved.extend((entries, tuple(map(str.casefold, entries))))
        return self._resolved[0]

    def _protected_listed(self) -> dict[str, None] | None:
        """`_protected_walked()`, from the listings of the home and of the directories on
        the way to each protected source below it (`_entry_listed` per name), kept while
        every listing read is the one kept (`_PLANS`, as `_missing_mask`): per call, a
        `stat` of each directory read and a dict of the sources, instead of ~60 names
        looked up one by one. A source reached through a link, or not below the home, is
        `realpath`'s each call (a link's target can change anywhere along its path). None
        where a listing cannot say (`_entry_listed`; a name on the way that is no
        directory) or the home is not plain and found clean: the walk answers."""
        source = self.home_source
        known = self._known
        if source == "/" or not _plain(source):
            return None
        self.home  # noqa: B018 - the home's prefixes, recorded as the walk records them
        if known.get(source) != _CLEAN:
            return None
        sources = self.protected_sources
        key = (source, sources)
        kept = _PLANS.get(key)
        if kept is not None:
            for directory, entries in kept[0]:
                if self._list(directory)[1] is not entries:
                    break
            else:
                known.update(kept[1])
                return self._planned(kept[2])
        read: dict[str, _Entries] = {}
        states: dict[str, int] = {}
        asks: list[bool] = []
        below = source + "/"
        for path in sources:
            if path[: len(below)] != below:
                asks.append(True)  # not below the home: `realpath` each call
                continue
            directory, state = source, _CLEAN
            for name in path[len(below) :].split("/"):
                entry = f"{directory}/{name}"
                state = states.get(entry, -1)
                if state == -1:
                    names = read.get(directory)
                    if names is None:
                        names = self._list(directory)[1]
                        if names is None:
                            return None  # not listed, no directory, too large: the walk
                        read[directory] = names
                    found = _entry_listed(names, name)
                    if found is None:
                        return None  # the kernel's to answer (`.`, `~`, case-blind...)
                    state = states[entry] = _CLEAN if found == _ENTRY else found
                if state != _CLEAN:
                    break  # missing: realpath stops there (the path as it is); a link
                directory = entry
            asks.append(state == _LINK)
        if len(_PLANS) >= 16:
            _PLANS.clear()
        _PLANS[key] = (tuple(read.items()), states, tuple(asks))
        known.update(states)
        return self._planned(tuple(asks))

    def _planned(self, asks: tuple[bool, ...]) -> dict[str, None]:
        """The protected sources in order without repeats, `realpath` of those `asks` marks
        (the states of the plan recorded in `known` first)."""
        if True not in asks:
            return dict.fromkeys(self.protected_sources)
        known = self._known
        return dict.fromkeys(
            [
                realpath(path, known) if ask else path
                for path, ask in zip(self.protected_sources, asks, strict=True)
            ]
        )

    def _protected_walked(self) -> dict[str, None]:
        """The protected sources resolved, in order without repeats: `realpath` of each,
        with the listings and states the call has (the home's runs of names)."""
        known = self._known
        resolved: dict[str, None] = {}  # in order, without repeats
        groups = _PARENT_RUNS.get(self.protected_sources)
        if groups is None:
            groups = _parent_runs(self.protected_sources)
        listed = self._listed
        for parent, sources in groups:
            if parent is not None and parent not in known:
                # a parent below a listed directory the call got past (`~/.cargo`): its
                # state from that listing, recorded as realpath's walk records it
                up, _, name = parent.rpartition("/")
                above = listed[up][1] if up in listed and known.get(up) == _CLEAN else None
                state = _entry_listed(above, name) if above is not None else None
                if state is not None:
                    known[parent] = _CLEAN if state == _ENTRY else state
            if parent is None or known.get(parent) != _CLEAN:
                for source in sources:
                    resolved[realpath(source, known)] = None
                continue
            # the parent's listing: one `stat` for a run of three or more (`~/.ssh`,
            # `~/.aws`...), instead of an `access` each; the same answers (`_entry_listed`)
            names = self._list(parent)[1] if len(sources) > 2 or parent in listed else None
            for source in sources:
                # realpath's first case, inline (hot: ~40 entries, most of them a name
                # right below the home, which the call got past): the same question,
                # recorded as realpath records it; a link or an error goes to realpath
                state = known.get(source)
                if state is None and names is not None:
                    state = _entry_listed(names, source[len(parent) + 1 :])
                    if state is not None:
                        known[source] = state
                if state is None:
                    try:
                        state = known[source] = _entry_state(source)
                    except Exception:  # noqa: BLE001 - realpath asks again and raises or answers
                        state = _LINK
                if state != _LINK:
                    if state == _ENTRY:
                        known[source] = _CLEAN
                    resolved[source] = None
                else:
                    resolved[realpath(source, known)] = None
        return resolved

    @property
    def protected_lowered(self) -> tuple[str, ...]:
        """`protected`, each entry case-folded (once per policy, with `protected`)."""
        if not self._resolved:
            self.protected  # noqa: B018 - resolves both
        return self._resolved[1]

    @property
    def allowed(self) -> tuple[str, ...]:
        """The allowed directories, resolved: the project root first, then `[paths] allowed`."""
        roots = self._roots.get(True)
        return roots if roots is not None else self._resolve_roots(True)

    @property
    def tmp(self) -> tuple[str, ...]:
        """The tmp directories, resolved: `/tmp`, `/var/tmp`, then `$TMPDIR` if set."""
        roots = self._roots.get(False)
        return roots if roots is not None else self._resolve_roots(False)

    def _resolve_roots(self, allowed: bool) -> tuple[str, ...]:
        # `/` or the home dir itself is never an allowed or tmp dir as a whole.
        known = self._known
        if allowed:
            found = [self.project_root] if self.project_root else []
            sources = self.allowed_sources
        else:
            found = [realpath(p, known) for p in self.tmp_sources[:2]]
            sources = self.tmp_sources[2:]
        if sources:  # the home is resolved only to be left out (none: a project root alone)
            home = self.home
            for path in [realpath(p, known) for p in sources]:
                if path not in ("/", home):
                    found.append(path)
        roots = self._roots[allowed] = tuple(dict.fromkeys(found))
        return roots

    @classmethod
    def from_config(
        cls, config: Config, cwd: str, env: tuple[object, ...] | None = READ_ENV
    ) -> PathPolicy:
        """The policy of one call: project root + configured dirs + tmp dirs.

        The environment is read here (or `env`, `environment_key()` read by the caller for
        this call); the filesystem is not: every root (home included) is resolved by the
        first question that needs it, with this call's `lstat` memo, and nothing the
        filesystem said is kept beyond the policy.
        """
        if env is READ_ENV:
            env = environment_key()
        # The last call's inputs, compared first: the same config object (frozen, so the
        # same fields) and equal strings, without building and hashing the whole key.
        # One read of the entry: another thread may replace it meanwhile.
        config_, cwd_, env_, sources = _LAST_SOURCES[0]
        if config_ is not config or cwd_ != cwd or env_ != env or env is None:
            key = _sources_key(config, cwd, env)
            kept = _SOURCES.get(key) if key is not None else None
            sources = kept if kept is not None else _sources(config, cwd)
            if key is not None:
                if kept is None:
                    if len(_SOURCES) >= 256:
                        _SOURCES.clear()
                    _SOURCES[key] = sources
                _LAST_SOURCES[0] = (config, cwd, env, sources)
        home, allowed, tmp, protected, nul = sources
        if cls is PathPolicy and _POLICY_TWIN is not None:
            # `PathPolicy(cwd, home, ...)` made as its twin (`records.twin_of`: a third of
            # the constructor's instructions): no other cwd, and this call's memos, new.
            twin = _POLICY_TWIN()
            twin.cwd = cwd
            twin.home_source = home
            twin.project_root = config.project_root
            twin.allowed_sources = allowed
            twin.tmp_sources = tmp
            twin.protected_sources = protected
            twin.other_cwds = ()
            twin._resolved = []
            twin._linked = []
            twin._home = []
            twin._roots = {}
            twin._known = {}
            twin._classes = {}
            twin._tests = {}
            twin._listed = {}
            twin.__class__ = PathPolicy
            policy: PathPolicy = twin
        else:
            # cwd, home_source, project_root, allowed_sources, tmp_sources,
            # protected_sources: positional, ~0.4 µs less per keyword.
            policy = cls(cwd, home, config.project_root, allowed, tmp, protected)
        if nul:
            policy.home  # noqa: B018 - raises here, for the whole call, as it always did
            policy._resolve_roots(True)
            policy._resolve_roots(False)
        return policy

    def lexists(self, path: str) -> bool:
        """`os.path.lexists(path)` for an absolute path, through this call's `lstat` memo.

        `realpath` records what `lstat` said of every prefix it walked; this reads and adds
        to the same record, so a path tested here and then resolved (or tested twice in
        one call) costs one `lstat`.
        """
        if len(path) >= PATH_MAX:
            return False  # ENAMETOOLONG: nothing to look at (and no huge key in any cache)
        if not _plain(path) or "\0" in path:
            return os.path.lexists(path)
        return self.lexists_plain(path)

    def lexists_plain(self, path: str) -> bool:
        """`lexists(path)` for a path its caller made plain, without NUL and shorter than
        `PATH_MAX` (see `lexists_below`): the memo and the look-up, without those tests."""
        known = self._known
        state = known.get(path)
        if state is None:
            try:
                state = _entry_state(path)
            except (OSError, ValueError):
                state = _MISSING
            known[path] = state
        return state != _MISSING

    def lexists_below(self, directory: str) -> Callable[[str], bool]:
        """`lexists` for the paths `directory + NAME`, `directory` ending with `/` and NAME a
        bare name (1 to `NAME_MAX` characters of `[A-Za-z0-9_.-]`, not `.` or `..`).

        When `directory + "x"` is plain, so is such a path (NAME holds no `/` and is not
        `.` or `..`); without a NUL in `directory` it holds none, and for a short enough
        `directory` it is shorter than `PATH_MAX`: `lexists_plain` then answers as `lexists`
        would, without its tests (hot: `protected` asks for most words of most commands).
        """
        plain = _PLAIN_BELOW.get(directory)
        if plain is None:
            plain = (
                len(directory) + NAME_MAX < PATH_MAX
                and "\0" not in directory
                and _plain(directory + "x")
            )
            if len(_PLAIN_BELOW) >= 256:
                _PLAIN_BELOW.clear()
            _PLAIN_BELOW[directory] = plain
        return self.lexists_plain if plain else self.lexists

    def resolve(self, raw: str) -> str:
        """A raw path of this call, resolved against its cwd."""
        return resolve(raw, self.cwd, self._known)

    def by_name(self, raw: str) -> str | None:
        """`raw` with its `..` components taken by name, as Node's `path.resolve` takes them
        (absolute, `~` expanded; None when it has none): where a tool written in Node opens
        the path, whatever links come before the `..`.

        The kernel, and so bash, steps back from where a link leads (`proj/link/../../x`
        with `link` -> `/tmp/a/b` is `/tmp/x`); `path.resolve` steps back through the names
        as written (`~/x` for a project in the home). Claude Code's own file tools resolve
        their path that way, as does the reference MCP filesystem server: a file tool's
        path is judged at both places (redteam17).
        """
        if ".." not in raw.split("/"):
            return None
        import posixpath

        return posixpath.normpath(_absolute(raw, self.cwd))

    def resolve_all(self, raw: str) -> list[str]:
        """A raw path resolved against the cwd and every directory the call `cd`s into."""
        first = resolve(raw, self.cwd, self._known)
        if not self.other_cwds or raw.startswith(("/", "~")):  # `/`: os.path.isabs
            return [first]
        return [first, *(resolve(raw, c, self._known) for c in self.other_cwds)]

    def with_cwds(self, cwds: tuple[str, ...]) -> PathPolicy:
        """The same policy, also judging relative paths against `cwds`."""
        from gatekeeper.records import replace

        return replace(self, other_cwds=tuple(c for c in cwds if c != self.cwd))

    def is_protected(self, path: str) -> bool:
        """True for a resolved path whose write could change the gate or run code later."""
        key = (True, path)
        answer = self._tests.get(key)
        if answer is None:
            answer = self._tests[key] = self._is_protected(path)
        return answer

    def _is_protected(self, path: str) -> bool:
        # The tests by name first: resolving the protected list costs a realpath per entry
        # (~18), which a path protected by its name alone (`.git/hooks/x`, `/etc/x`) spares.
        if self.protected_by_name(path) or inside_any(path, self.protected):
            return True
        claude = self.linked()[2]  # filled by `protected` just above
        if claude and inside(path, claude[0]):
            # In the target of a linked `~/.claude`: `settings.json` there is Claude Code's.
            return self.protected_by_name(f"{self.home}/.claude{path[len(claude[0]) :]}")
        # Case-blind, as the names are: on macOS `~/.Config/Gatekeeper/config.toml` is the
        # gate's own config and `~/.LOCAL/bin/ls` stands in for `ls`.
        return inside_any(path.casefold(), self.protected_lowered)

    def protected_by_name(self, path: str) -> bool:
        """`is_protected` without the resolved protected list: a resolved path protected by
        its own names (start-up files, credentials, `.git`, `.claude` settings and hooks,
        the system dirs), not by being below a protected entry that a link leads to."""
        # Compared case-blind: on a case-insensitive file system (macOS, Windows)
        # `.Claude/Settings.json` is Claude Code's settings file. Case-folded, not lowered:
        # APFS folds as Unicode does (full folding), so `.claude/` + "\u017fettings.json" (a
        # long s) and `~/.con` + "\ufb01g" (a ligature) open the ASCII names (redteam20).
        parts = _parts(path.casefold())
        name = parts[-1] if parts else ""
        if name in _STARTUP_FILES or self.is_secret(path):
            return True
        if name in _HOME_STARTUP_FILES and path.rpartition("/")[0] == self.home:
            return True
        return self._named_protected(path, parts)

    def _named_protected(self, path: str, parts: tuple[str, ...] | None = None) -> bool:
        """`protected_by_name`'s tests of the dirs a path is in (`.git`, `.claude/hooks`...,
        case-blind; `parts` those of the lower-cased path) and of the system dirs: no
        credential test, no link listed."""
        if parts is None:
            parts = _parts(path.casefold())
        name = parts[-1] if parts else ""
        for i, part in enumerate(parts[:-1]):
            if part in (".git", ".husky", ".devcontainer", ".hg"):
                # .git and .hg internals (`.hg/hgrc` [hooks]: `hg status` runs them); hooks
                # and container set-up that run code later
                return True
            if part == ".vscode" and parts[i + 1] in _VSCODE_RUNS_CODE:
                return True
            if part == ".claude":
                rest = parts[i + 1 :]
                if rest and (
                    rest[0] in ("hooks", "commands", "agents", "plugins", "skills")
                    or _SETTINGS_JSON(rest[0])
                    or rest[0] == "gatekeeper.toml"
                ):
                    return True
        return name in (".git", ".claude", ".husky", ".devcontainer", ".hg") or inside_any(
            path, _SYSTEM_DIRS
        )

    def _list(self, directory: str) -> _Listing:
        """`_listing(directory)`, once per call (the file system does not change while a
        call is decided, as `realpath`'s memo has it)."""
        listed = self._listed.get(directory)
        if listed is None:
            listed = self._listed[directory] = _listing(directory)
        return listed

    def _listed_missing(
        self, base: str, names: tuple[str, ...], read: dict[str, _Entries | None] | None = None
    ) -> bool:
        """True if `base/names[0]/names[1]...` is missing as the listings of `base` and of
        each directory on the way say (`_entry_listed`): one of the names is not there, and
        those above it are entries but no links. That is what `realpath` finds with an
        `lstat` per prefix below `base` (it keeps the path as it is and records the prefix
        missing). False where a listing cannot say, a name is a link, or the path is there:
        the caller asks the kernel, as before. (`read`: each listing read, by directory.)"""
        directory = base
        for name in names:
            entries = self._list(directory)[1]
            if read is not None:
                read[directory] = entries
            if entries is None:
                return False
            state = _entry_listed(entries, name)
            if state != _ENTRY:
                return state == _MISSING
            directory = f"{directory}/{name}"
        return False

    def linked(self) -> list[tuple[str, ...]]:
        """The resolved targets of the links in the home named as a start-up or credential
        file or directory (`~/.bashrc` -> `~/dotfiles/bashrc`), and of the links in the
        home's protected dirs and below them (`_tree_links`) (then a linked `~/.claude`'s target, or nothing) (`~/.config/git/config`, `~/.config/gh/hosts.yml`,
        `~/.claude/settings.json` -> `~/dotfiles/...`): the credential ones, then all of
        them. A dotfiles repository holds the very files the home runs and the keys it
        keeps, under names of its own (`bashrc`, `ssh/mykey`, `git/config`): a write or a
        read there by such a name is what it is through the link (once per policy; the
        credential ones alone for a read, which lists only the credential dirs)."""
        known = self._known
        self.linked_secrets()
        if len(self._linked) < 2:
            source = self.home_source
            links = self._list(source)[0]
            every = [realpath(link, known) for link, _ in _home_links(source, links)]
            every += self._linked[0]
            spelled = self._spelled_protected()
            home = self.home
            dirs = _link_dirs(home, spelled)
            missing = self._missing_mask(home, dirs[1])
            for directory, listed_missing in zip(dirs[0], missing, strict=True):
                if listed_missing or _known_missing(directory, known, home):
                    continue  # missing by the listings, or found so resolving the list
                # a protected dir walked below (`~/.vim/plugin/x.vim`), a parent listed
                deep = inside_any(directory, spelled)
                listed = _tree_links(directory, self._list) if deep else self._list(directory)[0]
                for link in listed:
                    if inside_any(link, spelled) or self._named_protected(link):
                        every.append(realpath(link, known))
            self._linked.append(tuple(dict.fromkeys(every)))
            # `~/.claude` linked as a whole (`-> dotfiles/claude`): its target, whose files
            # are judged by their names below `~/.claude` (`_is_protected`).
            claude = realpath(f"{home}/.claude", known)
            self._linked.append((claude,) if claude != f"{home}/.claude" else ())
        return self._linked

    def linked_secrets(self) -> tuple[str, ...]:
        """`linked()[0]`, the credential targets alone: what a read asks (the home's
        listing and the credential dirs', not every protected dir's)."""
        if not self._linked:
            known = self._known
            source = self.home_source
            links = self._list(source)[0]
            secret = [realpath(link, known) for link, cred in _home_links(source, links) if cred]
            home = ""  # resolved, and its credential dirs, once one of them is there
            dirs: tuple[str, ...] = ()
            # Missing by the listings of the home and of `.config` (the home needs no
            # resolving: the listing of its source is that of the resolved home): where
            # `realpath` would answer `directory` and find it missing (below).
            missing = self._missing_mask(source, _SECRET_HOME_NAMES)
            for i, listed_missing in enumerate(missing):
                if listed_missing:
                    continue
                if not dirs:
                    home = self.home
                    dirs = _secret_home_dirs(home)
                directory = dirs[i]
                resolved = realpath(directory, known)
                if resolved != directory:
                    # Reached through a link not directly in the home (`~/.config` ->
                    # `dotfiles/config`, a linked `~/.config/gh`): the whole target dir.
                    secret.append(resolved)
                elif _known_missing(directory, known, home):
                    continue
                for link in _tree_links(directory, self._list):  # `~/.ssh/keys/work` too
                    if self._is_secret(link):  # by the link's own place and name: not `*.pub`
                        secret.append(realpath(link, known))
            self._linked.append(tuple(dict.fromkeys(secret)))
        return self._linked[0]

    def _spelled_protected(self) -> tuple[str, ...]:
        """The protected sources as a command spells them (`_given`): those below the home
        below the resolved home, none resolved. A function of the strings (kept)."""
        key = (self.home_source, self.home, self.protected_sources)
        spelled = _SPELLED.get(key)
        if spelled is None:
            source, home = self.home_source.rstrip("/") or "/", self.home
            spelled = tuple(
                home + p[len(source) :] if p[: len(source) + 1] == source + "/" else p
                for p in self.protected_sources
            )
            if len(_SPELLED) >= 16:
                _SPELLED.clear()
            _SPELLED[key] = spelled
        return spelled

    def _missing_mask(
        self, base: str, items: tuple[tuple[str, ...], ...]
    ) -> tuple[bool, ...]:
        """`_listed_missing(base, names)` for each of `items`, kept while every listing it
        read is the one kept (`_listing` answers a directory unchanged since its listing
        with the same entries object; a new listing, another object, asks again): per
        call, a `stat` of each directory read, not a look-up per item."""
        # keyed by the tuple's identity (kept by `_link_dirs`, or a constant), not its hash
        kept = _MASKS.get((base, id(items)))
        if kept is not None and kept[0] is items:
            listings, mask = kept[1], kept[2]
            for directory, entries in listings:
                if self._list(directory)[1] is not entries:
                    break
            else:
                return mask
        read: dict[str, _Entries | None] = {}
        mask = tuple(self._listed_missing(base, names, read) for names in items)
        if len(_MASKS) >= 64:
            _MASKS.clear()
        _MASKS[(base, id(items))] = (items, tuple(read.items()), mask)
        return mask

    def holds_protected(self, path: str) -> bool:
        """True for a resolved directory that is, or contains, something protected.

        Removing, moving or re-permissioning such a tree whole (``rm -rf ~``, ``mv . x``,
        ``chmod -R 777 ..``) reaches every protected path below it.
        """
        if path == "/" or self.is_protected(path) or _inside(self.home, path):
            return True
        if any(_inside(p, path) for p in self.protected):
            return True
        lowered = path.casefold()
        if any(_inside(p, lowered) for p in self.protected_lowered):
            return True
        if any(_inside(p, path) for p in ("/etc", "/usr", "/boot")):
            return True
        # A project (or any directory) with a repository or Claude Code settings in it.
        return os.path.isdir(path) and any(
            os.path.lexists(os.path.join(path, name)) for name in (".git", ".claude")
        )

    def is_secret(self, path: str) -> bool:
        """True for a resolved path that holds credentials: reading it needs the human."""
        key = (False, path)
        answer = self._tests.get(key)
        if answer is None:
            answer = self._is_secret(path)
            if not answer and (self._linked[0] if self._linked else self.linked_secrets()):
                answer = self._linked_secret(path)  # most homes link no credential
            self._tests[key] = answer
        return answer

    def _linked_secret(self, path: str) -> bool:
        """Inside the target of a credential file or directory the home links to."""
        targets = self.linked_secrets()
        if not targets or not inside_any(path, targets):
            return False
        name = _name(path)
        return not name.endswith(".pub") and name not in ("known_hosts", "config.pub")

    def _is_secret(self, path: str) -> bool:
        # Case-blind, as `protected_by_name` is: on macOS and Windows `.ENV` opens `.env`
        # and `~/.SSH/id_rsa` is the key, and a `KEY.PEM` from Windows is a key anywhere.
        name = _name(path).casefold()
        by_name = _SECRET_BY_NAME.get(name)
        if by_name is None:
            by_name = _secret_by_name(name)
        if by_name != _PLACE_DECIDES:
            return by_name == _SECRET_NAME
        # Inside `H/.ssh` (H the resolved home) means holding `/.ssh` for a plain path: most
        # paths hold none of these, and need no resolved home (an lstat per component).
        # (When every mark starts with `/.`, a path without `/.` holds none of them.)
        lowered = path.casefold()
        marked = (_MARKS_DOTTED is False or "/." in path) and any(
            d in lowered for d in _SECRET_HOME_MARKS
        )
        plain = _plain(path)
        if (marked or not plain) and (
            inside_any(path, _secret_home_dirs(self.home))
            or (lowered != path and inside_any(lowered, _secret_home_dirs(self.home.casefold())))
        ):
            return not name.endswith(".pub") and name not in ("known_hosts", "config.pub")
        if (marked or "/." in path) and self._home_secret_file(path):
            return True
        if name == "environ" and path.startswith("/proc/"):
            return True  # a process' environment (`/proc/self/environ`): its keys and tokens
        if plain:  # `inside_any(path, _SYSTEM_SECRETS)`, inline (its roots are plain)
            return path in _SYSTEM_SECRETS or path.startswith(_SYSTEM_SECRET_DIRS)
        return inside_any(path, _SYSTEM_SECRETS)

    def _home_secret_file(self, path: str) -> bool:
        """One of `_HOME_SECRET_FILES` (case-blind, as the other names)."""
        home = self.home
        return (
            path[: len(home) + 1] == home + "/"
            and path[len(home) + 1 :].casefold() in _HOME_SECRET_FILES
        )

    def classify(self, raw: str, *, write: bool) -> tuple[str, str]:
        """The class of a raw path (see the module docstring) and its resolved form.

        When the call changes directory, the most severe class over every place the path
        may resolve to.
        """
        if raw.startswith(("/dev/tcp/", "/dev/udp/")):
            return NETWORK, raw
        if len(raw) > MAX_PATH_CHARS:  # too long to resolve in time: the human decides
            return (PROTECTED if write else SECRET), f"{raw[:100]}... ({len(raw):,} characters)"
        key = (raw, write, self.cwd, self.other_cwds)
        answer = self._classes.get(key)
        if answer is None:
            found = self.resolve_all(raw)
            if len(found) == 1:  # no other cwd, or an absolute path: one class, no `min`
                answer = self._classify_one(found[0], raw, write)
            else:
                results = [self._classify_one(path, raw, write) for path in found]
                answer = min(results, key=lambda r: _CLASS_ORDER.index(r[0]))
            self._classes[key] = answer
        return answer

    def _classify_one(self, path: str, raw: str, write: bool) -> tuple[str, str]:
        if path in _HARMLESS_DEVICES or raw in _HARMLESS_DEVICES:
            return DEVICE, path
        if path.startswith(("/dev/tcp/", "/dev/udp/")):
            return NETWORK, path
        if write and (self.is_protected(path) or self.protected_as_given(path, raw)):
            return PROTECTED, path
        if self.is_secret_as_given(path, raw):
            return SECRET, path
        if inside_any(path, self.allowed):
            return ALLOWED, path
        if inside_any(path, self.tmp):
            return TMP, path
        return OUTSIDE, path

    def is_secret_as_given(self, path: str, raw: str) -> bool:
        """`is_secret` of a resolved path, or of `raw` as the command spelled it (`_given`)."""
        if self.is_secret(path):
            return True
        if raw in (path, ".") or path == f"{self.cwd}/{raw}":
            return False  # spelled as resolved (hot: every argument of a read)
        return any(self.is_secret(given) for given in self._given(path, raw))

    def protected_as_given(self, path: str, raw: str) -> bool:
        """`protected_by_name` of `raw` as the command spelled it (`_given`), or below a
        protected source as spelled (`~/.config/git/config`, a link in a real
        `~/.config/git`), where that is not its resolved `path` (whose own test is the
        caller's)."""
        if raw in (path, ".") or path == f"{self.cwd}/{raw}":
            return False
        given = self._given(path, raw)
        if not given:
            return False
        spelled = self._spelled_protected()
        return any(self.protected_by_name(g) or inside_any(g, spelled) for g in given)

    def _given(self, path: str, raw: str) -> list[str]:
        """`raw` as the command spelled it (`~` expanded, made absolute against the cwd or,
        for a relative one, each directory the call `cd`s into; no link followed), where
        that differs from its resolved `path`.

        The names and places of protected and credential files are tested on both. Dotfile
        managers link `~/.bashrc` to `~/dotfiles/bashrc`, `~/.ssh/id_ed25519` or the whole
        `~/.ssh` into a dotfiles repository: the resolved path's names (`bashrc`,
        `dotfiles/ssh/mykey`) are no protected or credential names, and with the dotfiles
        repository as the project they were even inside the allowed dirs. With a `..` the
        spelling says nothing (bash follows the links first), and the resolved path alone
        decides.
        """
        if raw == path:
            return []
        cwds: tuple[str, ...] = (self.cwd,)
        if self.other_cwds and raw[:1] not in ("/", "~"):
            cwds += self.other_cwds
        found: list[str] = []
        source = self.home_source
        for cwd in cwds:
            given = _absolute(raw, cwd)
            if not _plain(given):
                if "\0" in given or given[:1] != "/":
                    continue
                # `.` components, `//` and a trailing `/` as realpath's walk skips them: a
                # plain path, which the tests by name take without PurePath
                given = "/" + "/".join([p for p in given.split("/") if p and p != "."])
            if given == path or "/.." in given:
                continue
            if source != self.home and given[: len(source) + 1] == source + "/":
                given = self.home + given[len(source) :]  # below the home, as resolved
            found.append(given)
        return found

    def is_allowed(self, raw: str) -> bool:
        """Inside an allowed dir or a tmp dir (after resolution), wherever the call `cd`s."""
        return all(
            inside_any(path, self.allowed) or inside_any(path, self.tmp)
            for path in self.resolve_all(raw)
        )


_POLICY_TWIN: Any = twin_of(PathPolicy)  # see `records.twin_of` and `from_config`
