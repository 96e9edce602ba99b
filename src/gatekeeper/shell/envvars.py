"""Environment variables by what setting them can do to the command that follows."""

from __future__ import annotations

# Set before a command, these change nothing about what it may do.
HARMLESS_ENV = frozenset(
    {
        "CI",
        "NO_COLOR",
        "FORCE_COLOR",
        "CLICOLOR",
        "CLICOLOR_FORCE",
        "TERM",
        "COLUMNS",
        "LINES",
        "LANG",
        "LANGUAGE",
        "LC_ALL",
        "LC_CTYPE",
        "LC_MESSAGES",
        "LC_COLLATE",
        "LC_NUMERIC",
        "LC_TIME",
        "TZ",
        "PYTHONUNBUFFERED",
        "PYTHONDONTWRITEBYTECODE",
        "PYTHONHASHSEED",
        "PYTHONIOENCODING",
        "PYTHONUTF8",
        "PYTHONFAULTHANDLER",
        "PYTHONDEVMODE",
        "NODE_ENV",
        "RUST_BACKTRACE",
        "RUST_LOG",
        "DEBUG",
        "VERBOSE",
        "GIT_TERMINAL_PROMPT",
        "GIT_PAGER_IN_USE",
        "NPM_CONFIG_COLOR",
        "PIP_DISABLE_PIP_VERSION_CHECK",
        "PIP_NO_INPUT",
        "HYPOTHESIS_PROFILE",
        "COVERAGE_PROCESS_START",
        "MPLBACKEND",
        "CARGO_TERM_COLOR",
        "LOG_LEVEL",
        "TIMEOUT",
        "USER",
        "ENVIRONMENT",
        "ENV_NAME",
        "PORT",
        "HOST",
    }
)

# Names that make the next program load or run code of the caller's choosing.
_EXEC_ENV = frozenset(
    {
        "LD_PRELOAD",
        "LD_LIBRARY_PATH",
        "LD_AUDIT",
        "BASH_ENV",
        "GCONV_PATH",  # glibc loads iconv modules (shared objects) from it: `iconv` runs them
        "DOTNET_STARTUP_HOOKS",
        "BASH_CMDS",  # bash's hash table: `BASH_CMDS[ls]=/tmp/x; ls` runs /tmp/x
        "BASH_ALIASES",  # with expand_aliases, an alias by assignment
        "CDPATH",  # `CDPATH=..; cd other` leaves the project where the gate sees `./other`
        "ENV",
        "PROMPT_COMMAND",
        "SHELLOPTS",
        "BASHOPTS",
        "PATH",
        "IFS",
        "PS4",
        "PAGER",
        "GIT_PAGER",
        "MANPAGER",
        "SYSTEMD_PAGER",
        "EDITOR",
        "VISUAL",
        "GIT_EDITOR",
        "GIT_SEQUENCE_EDITOR",
        "GIT_SSH",
        "GIT_SSH_COMMAND",
        "GIT_EXTERNAL_DIFF",
        "GIT_ASKPASS",
        "SSH_ASKPASS",
        "GIT_EXEC_PATH",
        "GIT_DIR",
        "GIT_WORK_TREE",
        "GIT_INDEX_FILE",
        "GIT_TEMPLATE_DIR",
        "GIT_PROXY_COMMAND",
        "GIT_CONFIG",
        "GIT_CONFIG_GLOBAL",
        "GIT_CONFIG_SYSTEM",
        "GIT_CONFIG_COUNT",
        "GIT_CONFIG_PARAMETERS",
        "GIT_ALTERNATE_OBJECT_DIRECTORIES",
        "PYTHONPATH",
        "PYTHONSTARTUP",
        "PYTHONHOME",
        "PYTHONUSERBASE",
        "PYTHONINSPECT",
        "PYTHONBREAKPOINT",
        "PYTHONEXECUTABLE",
        "NODE_OPTIONS",
        "NODE_PATH",
        "PERL5OPT",
        "PERL5LIB",
        "PERLLIB",
        "RUBYOPT",
        "RUBYLIB",
        "JAVA_TOOL_OPTIONS",
        "_JAVA_OPTIONS",
        "JDK_JAVA_OPTIONS",
        "CLASSPATH",
        "LESSOPEN",
        "LESSCLOSE",
        "LESSKEY",
        "LESSKEYIN",  # a lesskey source: its #env section can set LESSOPEN
        "LESSKEY_CONTENT",  # less 643+: the lesskey source itself, #env section included
        "LESSKEYIN_SYSTEM",
        "LESSKEY_SYSTEM",
        "BROWSER",
        "TMPDIR",
        "XDG_CONFIG_HOME",
        "HOME",
        "ZDOTDIR",
        "INPUTRC",
        "MAKEFLAGS",
        "CC",
        "CXX",
        "NPM_CONFIG_SCRIPT_SHELL",
        "npm_config_script_shell",
        "PYTEST_ADDOPTS",
        "PYTEST_PLUGINS",
        "GATEKEEPER_CONFIG",
        "GATEKEEPER_STATE_DIR",
        "GATEKEEPER_REVIEWER_CHILD",
        "CLAUDE_PROJECT_DIR",
        "SUDO_ASKPASS",
        "RUSTC_WRAPPER",
        "CARGO_BUILD_RUSTC_WRAPPER",
        "GOFLAGS",
        "LD_BIND_NOW",
        "MALLOC_CHECK_",
        "DOCKER_HOST",
        "KUBECONFIG",
        # Read by programs gatekeeper approves (redteam14, each checked in bash): OpenSSL
        # loads the config's providers and engines (shared objects) in every subcommand,
        # `openssl rand -hex 8` too; `lua -v` runs LUA_INIT (code, or `@FILE`) after printing;
        # php's PHPRC and scan dir name the php.ini whose extensions it loads.
        "OPENSSL_CONF",
        "OPENSSL_ENGINES",
        "OPENSSL_MODULES",
        "LUA_INIT",
        "PHPRC",
        "PHP_INI_SCAN_DIR",
        "LSB_OS_RELEASE",  # Debian's lsb_release (sh) sources the file it names
        # Options or config files a tool reads from the environment: each can name a
        # program to run (`--checkpoint-action=exec=`, `--pre=`, `-P`, `-TT`, `+!`) or a
        # remote archive (`TAPE=host:file`). (fzf's variables: GK-QUERY-002.)
        "SHELL",  # the shell util-linux `script -c`, vim's `:!`, `less`'s `!` and kin start
        # Cloud CLIs' config and plugin locations: an AWS config runs `credential_process`,
        # az loads its extensions (Python) from a dir, gh and helm read pagers, plugins and
        # hosts, and an endpoint or host override sends the user's token elsewhere.
        "AWS_CONFIG_FILE",
        "AWS_SHARED_CREDENTIALS_FILE",
        "AWS_ENDPOINT_URL",
        "AWS_CA_BUNDLE",
        "AZURE_CONFIG_DIR",
        "AZURE_EXTENSION_DIR",
        "AZURE_DEVOPS_EXT_CONFIG_DIR",
        "CLOUDSDK_CONFIG",
        "CLOUDSDK_PYTHON",
        "CLOUDSDK_AUTH_ACCESS_TOKEN_FILE",
        "HELM_PLUGINS",
        "HELM_CONFIG_HOME",
        "HELM_DATA_HOME",
        "HELM_KUBEAPISERVER",
        "GH_CONFIG_DIR",
        "GH_HOST",
        "GH_PAGER",
        "GH_BROWSER",
        "GH_EDITOR",
        "DOCKER_CONFIG",
        "TAR_OPTIONS",
        "XZ_OPT",  # xz's options for every run, `tar -cJ` too: `--files=LIST` (de)compresses
        "XZ_DEFAULTS",  # the files LIST names in place, wherever they are
        "TAPE",
        "RIPGREP_CONFIG_PATH",
        "LESS",
        "MANOPT",
        "MANROFFOPT",  # groff's options: `-U` (unsafe) lets a page's `.sy` run commands
        "MANPATH",  # pages from a dir the agent writes: their `.so` reads any file
        "ZIPOPT",
        "ZIP",
        "UNZIP",
        "UNZIPOPT",
        "GREP_OPTIONS",
        "ACKRC",  # an ackrc of the agent's: `--files-from` and `--pager` allowed there
        "ACK_PAGER",
        "ACK_PAGER_COLOR",
        "BAT_PAGER",
        "BAT_CONFIG_PATH",
        "DELTA_PAGER",
        "PSQLRC",
        "CURL_HOME",
        "WGETRC",
    }
)
# Names that start so: what r"^(DYLD_|LD_|GIT_CONFIG_(KEY|VALUE)_|...|PYTHON)" matched.
_EXEC_PREFIX = (
    "DYLD_",
    "LD_",
    "GIT_CONFIG_KEY_",
    "GIT_CONFIG_VALUE_",
    "BASH_FUNC_",
    "GIT_TRACE",
    "npm_config_",
    "NPM_CONFIG_",
    "PIP_",
    "UV_",
    "CARGO_",
    "RUSTFLAGS",
    "CFLAGS",
    "LDFLAGS",
    "CPPFLAGS",
    "PYTHON",  # PYTHONWARNINGS too: `ignore::antigravity.X` imports antigravity (redteam21)
    "LUA_INIT_",  # LUA_INIT_5_4 and kin: read before LUA_INIT
    "LUA_PATH",
    "LUA_CPATH",
    # rustup's proxies (`cargo`, `rustc`) run the toolchain RUSTUP_TOOLCHAIN names, a path
    # too, or the ones below RUSTUP_HOME: `RUSTUP_TOOLCHAIN=/x rustc --explain E0308` ran /x/bin/rustc
    "RUSTUP_",
)
# One service's endpoint (`AWS_ENDPOINT_URL_S3`, gcloud's overrides): the token goes there.
_ENDPOINT_PREFIX = ("AWS_ENDPOINT_URL_", "CLOUDSDK_API_ENDPOINT_OVERRIDES_")


# What the value of these variables is to the programs that read them, each checked in bash
# (env14): "line" a shell line (git runs its pagers, editors, `GIT_SSH_COMMAND` and
# `GIT_EXTERNAL_DIFF` with `sh -c`; man-db splits `MANPAGER` into words itself, which the
# shell's reading covers), "open" a line of less's input preprocessor (`|LINE %s`), "program"
# a program run with arguments of the reader's own (git's and ssh's askpass, Python's
# `webbrowser`). The value is judged as the command it is (`value_script`), beside the
# name's GK-ENV-001.
VALUE_KINDS = {
    "PAGER": "line",
    "GIT_PAGER": "line",
    "MANPAGER": "line",
    "SYSTEMD_PAGER": "line",
    "GH_PAGER": "line",
    "BAT_PAGER": "line",
    "DELTA_PAGER": "line",
    "ACK_PAGER": "line",
    "ACK_PAGER_COLOR": "line",
    "EDITOR": "line",
    "VISUAL": "line",
    "GIT_EDITOR": "line",
    "GIT_SEQUENCE_EDITOR": "line",
    "GH_EDITOR": "line",
    "FCEDIT": "line",
    "GIT_SSH_COMMAND": "line",
    "GIT_EXTERNAL_DIFF": "line",
    "GIT_PROXY_COMMAND": "line",
    "PROMPT_COMMAND": "line",
    "LESSOPEN": "open",
    "LESSCLOSE": "open",
    "GIT_ASKPASS": "program",
    "SSH_ASKPASS": "program",
    "SUDO_ASKPASS": "program",
    "GIT_SSH": "program",
    "BROWSER": "program",
    "GH_BROWSER": "program",
}


def value_script(name: str, value: str) -> str | None:
    """The shell text that stands for what a program runs when `name` holds `value`
    (`VALUE_KINDS`), None for a name whose value is no command. less runs its
    preprocessor with `sh -c` after the leading `|`s and `-`, a file name for each `%s`;
    a program's words are quoted one by one (no shell reads them)."""
    kind = VALUE_KINDS.get(name)
    if kind is None or not value.strip():
        return None
    if kind == "open":
        return value.lstrip("|").removeprefix("-").replace("%s", "FILE")
    if kind == "program":
        return " ".join(["'" + w.replace("'", "'\\''") + "'" for w in value.split()])
    return value


# `git -c KEY=VALUE` keys whose value git runs with the shell (an alias's or a helper's after
# `!`), by their last part: `core.pager`, `pager.log`, `filter.x.smudge`... The same keys set
# through the environment (`GIT_CONFIG_KEY_N`/`GIT_CONFIG_VALUE_N`, `GIT_CONFIG_PARAMETERS`).
_GIT_LINE_KEYS = {"pager", "editor", "sshcommand", "fsmonitor", "askpass", "external", "program"}
_GIT_LINE_KEYS |= {"helper", "uploadpack", "receivepack", "packobjectshook", "clean", "smudge"}
_GIT_LINE_KEYS |= {"process", "textconv", "command", "driver", "cmd", "sendmailcmd", "browser"}


def git_line_key(key: str) -> bool:
    """Whether git runs the value of config `key` as a shell line (`core.pager`, `alias.x`)."""
    return key.rpartition(".")[2].lower() in _GIT_LINE_KEYS or key.lower().startswith("alias.")


# Values that change nothing about what any program reading the name may do (env14, each
# checked against the program's manual and in bash): `cat` as a pager (git runs none then),
# plain `less` with display options only, an editor that leaves the file as it is.
_PAGERS = frozenset({"PAGER", "GIT_PAGER", "MANPAGER"})
_EDITORS = frozenset({"EDITOR", "VISUAL", "GIT_EDITOR", "GIT_SEQUENCE_EDITOR"})
HARMLESS_VALUE_NAMES = _PAGERS | _EDITORS | {"LESS", "PYTHONWARNINGS"}
# less's options that take no value and neither run nor write anything: not `+CMD` (`+!CMD`
# runs CMD), `-k`/`--lesskey-src` (a lesskey file's #env sets LESSOPEN), `-o`/`-O` (a log
# file), nor any other that takes a value (in a cluster it takes the rest of the word).
_LESS_FLAGS = frozenset("aABcCdeEfFgGiIJKLmMnNqQrRsSuUVwWX~")
_LESS_LONG = frozenset(
    {
        "--RAW-CONTROL-CHARS", "--raw-control-chars", "--quit-if-one-screen", "--no-init",
        "--chop-long-lines", "--ignore-case", "--IGNORE-CASE", "--LONG-PROMPT",
        "--quit-at-eof", "--QUIT-AT-EOF", "--squeeze-blank-lines", "--LINE-NUMBERS",
        "--line-numbers", "--no-lessopen", "--quiet", "--QUIET", "--silent", "--SILENT",
    }
)  # fmt: skip


def harmless_value(name: str, value: str) -> bool:
    """Whether `value` (a static text) set for `name` leaves every program that reads it
    doing what it does without it: `PAGER=cat`, `GIT_PAGER=less -R`, `EDITOR=true`,
    `LESS=-R`, `PYTHONWARNINGS=ignore::DeprecationWarning`. Strict: a program named by a
    path, a `$`, a quote, a `;` or any option not listed is not harmless."""
    if name in _PAGERS:
        words = value.split(" ")
        return value == "cat" or (words[0] == "less" and _less_options(words[1:]))
    if name in _EDITORS:
        return value in ("true", ":", "cat")
    if name == "LESS":
        return _less_options(value.split(" "), dash=False)
    if name == "PYTHONWARNINGS":
        return _builtin_warnings(value)
    return False


def _less_options(words: list[str], *, dash: bool = True) -> bool:
    """Only display options of less (`-R`, `-FRX`, `--no-init`); in `LESS` the leading
    `-` may be left out (`LESS=FRX`, as git sets it)."""
    for word in words:
        if word.startswith("--"):
            if word not in _LESS_LONG:
                return False
            continue
        letters = word[1:] if word.startswith("-") else word if not dash else ""
        if not letters or not _LESS_FLAGS.issuperset(letters):
            return False
    return True


def _builtin_warnings(value: str) -> bool:
    """`PYTHONWARNINGS` filters (`action:message:category:module:lineno`, comma-separated)
    whose categories name no module: a category with a `.` is imported at start-up
    (`ignore::antigravity.X` imports antigravity, redteam21); one without is looked up among
    the builtins only (an unknown one is reported and ignored)."""
    if not value.isascii() or not value.isprintable():
        return False
    for spec in value.split(","):
        fields = spec.split(":")
        if len(fields) > 5 or (len(fields) > 2 and "." in fields[2]):
            return False
    return True


def harmless_setting(name: str, value: str | None) -> bool:
    """`env_risk(name) == "harmless"`, or a name with a value `harmless_value` vouches for
    (`value` None: not known statically)."""
    if name in HARMLESS_ENV:
        return True
    return value is not None and name in HARMLESS_VALUE_NAMES and harmless_value(name, value)


def arith_names(text: str) -> list[str]:
    """The variables an arithmetic text assigns with `=` (`let PATH=1`, `a[HOME=0]`):
    `NAME =` not part of `==`, `<=`, `>=`, `!=`."""
    if "=" not in text:
        return []
    from gatekeeper.lazyre import re

    return re.findall(r"(?<!\w)([A-Za-z_]\w*)\s*=(?!=)", text)


def env_risk(name: str) -> str:
    """ "harmless", "exec" (can run code or redirect what runs) or "unknown"."""
    if name in HARMLESS_ENV:
        return "harmless"
    if name in _EXEC_ENV or name.startswith(_EXEC_PREFIX) or name.startswith(_ENDPOINT_PREFIX):
        return "exec"
    return "unknown"
