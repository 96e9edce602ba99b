"""A token kept in a repository's git config, printed into the conversation.

actions/checkout (and so a Claude Code run in CI) keeps the job's token in the checkout's
``.git/config`` as ``http.https://github.com/.extraheader = AUTHORIZATION: basic …``; a
remote added as ``https://user:TOKEN@host/repo`` keeps it in its URL. Then ``git config -l``,
``git var -l``, ``git config --get-regexp http``, ``git remote -v`` and ``cat .git/config``
print the token as surely as ``cat ~/.git-credentials`` does. These are judged by what the
config holds when the hook runs (like GK-ENV-002's ``env``): a config without such an entry
leaves them SAFE.

The user's global config counts too (redteam19): ``git config --global
url."https://TOKEN@github.com/".insteadOf https://github.com/`` is a common way to give git a
token, and then ``git config -l`` and ``git remote -v`` (which prints the rewritten URL) in
any repository print it; so does a file the global config includes (``[include] path =
~/.gitconfig.local``, where dotfiles keep what they do not publish).
"""

from __future__ import annotations

import os

from gatekeeper.shell.projectfiles import read_head

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Sequence

    from gatekeeper.model import Command

_MAX_CONFIG_BYTES = 1 << 20
_KEY_MARKS = ("extraheader", "url", "insteadof", "token", "password", "credential", "auth")
READERS = {"cat", "head", "tail", "less", "more", "bat", "batcat", "grep", "egrep", "fgrep"}
READERS |= {"rg", "sed", "awk", "nl", "tac", "strings", "xxd", "od", "sort", "cut", "view"}
READERS |= {"jq", "gojq", "jaq", "yq"}
_GIT_SUBS = {"config", "var", "remote", "ls-remote"}
_LISTING = {"-l", "--list", "list", "--get-regexp", "--regexp", "--get-urlmatch", "--show-origin"}


def secret_config(path: str) -> bool:
    """Whether the git config file at `path` holds an extra header or a URL with a password.

    Read without waiting (`read_head`): a FIFO in its place held the hook in `open()`
    until Claude Code's own timeout, which decides nothing. What cannot be read whole (a
    FIFO, a device, more than 1 MiB) may hold one: yes."""
    data = read_head(path, _MAX_CONFIG_BYTES)
    if data is None:
        return False
    if len(data) > _MAX_CONFIG_BYTES:
        return True
    text = data.decode("utf-8", "replace")
    if "extraheader" in text.lower():
        return True
    if "@" not in text:
        return False
    from gatekeeper.audit import redact

    return redact(text) != text


def git_dir(work_tree: str) -> str | None:
    """The repository directory of the work tree `work_tree` (its `.git`, or where its
    `.git` file's `gitdir:` points, then that one's `commondir`, where a linked work tree's
    config lives), or None when `work_tree` holds no `.git`."""
    dot_git = os.path.join(work_tree, ".git")
    if os.path.isdir(dot_git):
        return dot_git
    if not os.path.isfile(dot_git):
        return None
    line = _small_text(dot_git)  # a worktree: `gitdir: <common>/worktrees/<name>`
    if line is None:
        return None
    gitdir = os.path.join(work_tree, line.removeprefix("gitdir:").strip())
    common = _small_text(os.path.join(gitdir, "commondir"))
    return gitdir if common is None else os.path.join(gitdir, common)


def _small_text(path: str) -> str | None:
    """The stripped text of the small regular file at `path` (a `.git` file, `commondir`),
    None for anything else: read without waiting, so a FIFO there cannot hold the hook."""
    data = read_head(path, 4096)
    if data is None or len(data) > 4096:
        return None
    return data.decode("utf-8", "replace").strip()


def repo_config(cwd: str) -> str:
    """The config file of the repository holding `cwd` ("" when there is none)."""
    here = os.path.abspath(cwd or "/")
    while True:
        found = git_dir(here)
        if found is not None:
            return os.path.join(found, "config")
        if os.path.isfile(os.path.join(here, ".git")):
            return ""  # a `.git` file that cannot be read
        parent = os.path.dirname(here)
        if parent == here:
            return ""
        here = parent


_MAX_INCLUDES = 8
_MAX_MCP_BYTES = 1 << 22
MCP_CONFIGS = (".mcp.json", ".claude.json")


def secret_mcp_config(path: str) -> bool:
    """Whether Claude Code's MCP config at `path` (a project's `.mcp.json`, `~/.claude.json`)
    keeps a secret in the clear: a value the audit log would mask, or an MCP server's `env`
    or `headers` entry that looks like one (`"GITHUB_TOKEN": "…"`, not `"${GITHUB_TOKEN}"`).
    `claude mcp add -e KEY=VALUE` writes the literal value there."""
    data = read_head(path, _MAX_MCP_BYTES)
    if data is None:
        return False
    if len(data) > _MAX_MCP_BYTES:
        return True  # a FIFO, a device or a huge file: nothing to vouch for
    text = data.decode("utf-8", "replace")
    if not any(m in text for m in ('"env"', '"headers"', "sk-", "gh", "AKIA", "://", "PRIVATE")):
        return False
    from gatekeeper.shell.secretenv import secret_value, secret_variable

    if secret_value(text):
        return True
    import json

    try:
        tree = json.loads(text)
    except ValueError:
        return False
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, dict):
            for key, value in node.items():
                if key in ("env", "headers") and isinstance(value, dict):
                    for name, item in value.items():
                        if (
                            isinstance(item, str)
                            and item
                            and not item.startswith("${")
                            and (
                                secret_variable(str(name), {str(name): item})
                                or str(name).lower() == "authorization"
                            )
                        ):
                            return True
                elif isinstance(value, dict | list):
                    stack.append(value)
    return False



def _included(path: str) -> list[str]:
    """The files the git config file at `path` includes (`[include]`/`[includeIf …]`
    `path = …`; `~/` expanded, relative to `path`'s directory), one level."""
    data = read_head(path, _MAX_CONFIG_BYTES)
    if data is None or len(data) > _MAX_CONFIG_BYTES:
        return []  # `secret_config` answers yes for what cannot be read whole
    text = data.decode("utf-8", "replace")
    found: list[str] = []
    section = ""
    for raw in text.splitlines():
        entry = raw.strip()
        if entry.startswith("["):
            head, _, entry = entry[1:].partition("]")
            section = (head.split() or [""])[0].lower()
        key, eq, value = entry.partition("=")
        if section in ("include", "includeif") and eq and key.strip().lower() == "path":
            value = value.strip().strip('"')
            if value:
                value = os.path.expanduser(value)
                found.append(os.path.join(os.path.dirname(path), value))
    return found


def user_configs(home: str) -> list[str]:
    """The global and system git config files git reads (its environment's choice), and
    the files they include."""
    configs: list[str] = []
    chosen = os.environ.get("GIT_CONFIG_GLOBAL")
    if chosen:
        configs.append(chosen)
    else:
        configs.append(os.path.join(home, ".gitconfig"))
        xdg = os.environ.get("XDG_CONFIG_HOME") or os.path.join(home, ".config")
        configs.append(os.path.join(xdg, "git", "config"))
    if not os.environ.get("GIT_CONFIG_NOSYSTEM"):
        configs.append(os.environ.get("GIT_CONFIG_SYSTEM") or "/etc/gitconfig")
    for config in list(configs):
        configs += _included(config)[:_MAX_INCLUDES]
    return configs


def _home_path(path: str, home: str) -> str:
    """`path` with a leading `~/` made `home`'s."""
    return os.path.join(home, path[2:]) if home and path.startswith("~/") else path


def _named_file(args: Sequence[str]) -> str | None:
    """The file of `git config`'s `-f FILE`/`--file FILE`/`--file=FILE`, or None."""
    for i, a in enumerate(args):
        if a in ("-f", "--file") and i + 1 < len(args):
            return args[i + 1]
        if a.startswith("--file="):
            return a[len("--file=") :]
    return None


def printed_git_secret(command: Command, cwd: str, home: str = "") -> str:
    """The git config file whose token `command` prints, or "" (`home`: $HOME, whose
    global config counts too)."""
    argv = command.argv
    name = command.name
    if name == "git":
        at = next((i for i, a in enumerate(argv) if a in _GIT_SUBS and i > 0), 0)
        if not at:
            return ""
        sub = argv[at]
        rest = [a.lower() for a in argv[at + 1 :]]
        if sub == "config":
            keys = [a for a in rest if not a.startswith("-") and a not in ("get", "list")]
            listing = not keys or any(a in _LISTING for a in rest)
            if not listing and not any(m in k for k in keys for m in _KEY_MARKS):
                return ""
        elif sub == "var":
            if "-l" not in rest:
                return ""
        elif sub == "remote":
            if not ({"-v", "--verbose", "get-url", "show"} & set(rest)):
                return ""
        elif "--get-url" not in rest:  # ls-remote
            return ""
        configs = [repo_config(cwd)]
        named = _named_file(argv[at + 1 :]) if sub == "config" else None
        if named is not None:  # `git config -f FILE -l`: that file alone
            configs = [os.path.join(cwd or "/", _home_path(named, home))]
        elif home and not ({"--local", "--worktree", "--blob"} & set(rest)):
            configs += user_configs(home)
        return next((c for c in configs if c and secret_config(c)), "")
    if name in READERS:
        globals_ = [os.path.realpath(c) for c in user_configs(home)] if home else []
        for word in command.words[1:]:
            text = word.text
            if text.endswith(MCP_CONFIGS) and not word.dynamic:
                pass  # Claude Code's MCP config: `claude mcp add -e KEY=VALUE` keeps VALUE
            elif word.dynamic or not text.endswith("config") or (
                "/" not in text and text != "config"
            ):
                continue
            path = os.path.realpath(os.path.join(cwd or "/", _home_path(text, home)))
            config = os.path.basename(os.path.dirname(path)) == ".git" or path in globals_
            if config and secret_config(path):
                return path
            if path.endswith(MCP_CONFIGS) and secret_mcp_config(path):
                return path
    return ""
