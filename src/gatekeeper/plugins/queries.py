"""GK-QUERY: read-only queries of package managers, system information and terminal tools.

Only an allow-list is approved, per command: a read-only subcommand and flags known to
neither write, run code, open a browser or editor, nor read a file the path policy has not
seen. Everything else has no opinion here and goes to review (GK-UNKNOWN); the dangerous
neighbours of an approved query are named (GK-QUERY-002).

## GK-QUERY-001 — a read-only query (SAFE)
**What it catches:** ``brew info|list|search|deps|desc|uses|outdated|leaves|config|doctor|
--prefix...``; ``npm ls|outdated|view|search|audit|explain|root|pkg get...``,
``npm diff`` of two registry versions (a directory it packs runs its ``prepare`` script);
``terraform version``, ``terraform fmt`` (``-check``/``-diff``; its targets inside the
allowed dirs), ``terraform workspace show``; ``fzf`` without a preview or command-running
binding; ``fd`` whose search paths lie inside the allowed dirs (``-x``/``-X`` only with a
plain reader: ``cat``, ``head``, ``wc``, ``ls``, ``stat``, checksums...); ``ip addr|link|route|neigh...
[show|list|get]``; ``journalctl``/``dmesg`` reading logs; ``systemctl status|list-units|
is-active...``; ``ss``, ``netstat``, ``ifconfig`` (no arguments that configure), ``lspci``,
``lsusb``, ``lsof`` (not ``-D``: it writes the device cache), ``who``, ``w``, ``cal``,
``uuidgen``, ``pstree``, ``crontab -l``,
``history``, ``apt list|show|search|policy``, ``apt-cache``, ``dpkg -l|-L|-s|-S``,
``snap list|find|info``, ``flatpak list``, ``pyenv versions``, ``rfkill list``,
``timedatectl status``, ``hostnamectl``/``localectl`` status and lists, ``loginctl`` lists
and statuses, ``sensors``, ``tput cols``, ``cargo tree|metadata|search|info|
pkgid|locate-project|verify-project|read-manifest|help`` (nothing that compiles: a build
runs the crate's build scripts), ``7z l|t|h|i|b`` (list, test, hash; no output switches),
``terraform workspace list``, ``terraform providers`` (no remote backend recorded),
``terraform metadata functions``,
``mktemp -u``, ``mktemp``/``mktemp -d`` without a template or a dir,
``pre-commit help|validate-config``,
``yarn``/``pnpm`` ``list|why|info|outdated|audit`` (cwd inside the allowed dirs),
``openssl version|list|x509 -noout -text``, ``openssl rand -hex N``, ``gzip``/``gunzip`` ``-c|-l|-t``,
``curl``/``wget`` ``--version``/``--help`` (nothing else: a URL is egress); ansible's help,
version, ``ansible-doc``, ``ansible-config list`` and ``ansible-galaxy role|collection list``
(cwd inside the allowed dirs), macOS ``networksetup -list*|-get*|-show*``, ``auth0 --help``
``nmcli`` status and listings, ``bluetoothctl devices|info``, ``sysctl`` reads, ``top``,
``htop``, ``pactl list|info`` (see ``queries_ops``); macOS ``diskutil list``, ``launchctl list``,
``tmutil listbackups``, ``pkgutil --pkgs``, ``scutil --dns``, ``codesign -dv``, ``xattr -l``,
``security find-identity``... (see ``queries_macos``); help and version of the database
clients (``sqlite3``, ``duckdb``, ``mysql``, ``psql``, ``sqlcmd``), ``packer fmt|version``,
``packer plugins required``, ``prometheus --version``, macOS ``lipo -info``, ``plutil -p``,
``sips -g``, ``dscl . -read``, ``textutil -info``, ``mdimport -t``, ``say``... (see
``queries_tools``)...
**Why:** looking at the machine, its packages and its logs is everyday work and changes
nothing.
**Example:** ``brew info python``, ``ip -br addr``, ``journalctl -u nginx -n 50``.

## GK-QUERY-002 — a query tool used to write, run code or open something (REVIEW)
**What it catches:** ``fzf --preview``, ``fzf --bind`` with ``execute``/``become``/``reload``/
``transform`` (or any action the gate does not know), ``fzf --listen``/``--history``/
``--with-shell``; ``yarn``/``pnpm`` (``--version`` too) below a ``yarnPath``, ``yarn-path``
or ``packageManager`` file outside the allowed dirs (``shell.yarnpath``);
``terraform workspace list|providers`` beside a state file recording a
remote backend (``shell.tfbackend``: they run it, and its ``credential_process``); ``cargo`` queries below a ``.cargo/config.toml`` (or a parent's) setting
more than harmless keys (``shell.cargoconfig``: ``build.rustc-wrapper`` runs for ``cargo
tree``), ``npm``/``pnpm`` queries below a ``.npmrc`` (or a parent's) setting more than
harmless keys (``shell.npmrc``: a registry with ``${VAR}`` in it, ``logs-dir``);
``fd -x``/``-X`` running anything but a plain reader (or on files its
pattern picks by a credential's name: ``fd id_rsa -x cat``); ``ip`` with ``add``/``del``/``set``/``flush``/``exec``
and ``ip -batch``/``-all``/``-force``; ``brew info --github``, ``brew deps --graph``,
``brew`` given a formula file path (a Ruby file it would load); ``dmesg -c|-C|-D|-E|-n``;
``journalctl --vacuum-*|--rotate|--flush|--file|--directory``; ``systemctl``/
``timedatectl``/``hostnamectl``/``localectl``/``loginctl``/``journalctl`` with ``-H``/``-M``
(another host); ``ss -K``/``-D`` (long names
abbreviated too: ``ss --dia=F``); ``lastlog --clear|--set|--root`` and their prefixes;
``crontab`` other than ``-l``; ``terraform -chdir`` and ``fmt`` targets outside the allowed
dirs; ``ansible-doc -M``, ``ansible-galaxy --server``; ``networksetup -set*|-create*...``;
``nmcli -s`` and nmcli's changing forms; ``sysctl -w|-p|name=value``; a tool-configuring variable set before the command (``FZF_DEFAULT_OPTS=...``).
**Why:** each turns a viewer into a launcher or a writer, or points it somewhere else.
**Example:** ``fzf --bind 'start:execute(sh x)'``, ``ip netns exec ns sh``.
"""

from __future__ import annotations

from gatekeeper.hookspecs import hookimpl
from gatekeeper.lazyre import LazyRegex, re
from gatekeeper.model import Finding, Verdict
from gatekeeper.paths import ALLOWED, TMP, may_pick_secrets
from gatekeeper.plugins import queries_macos, queries_ops, queries_tools
from gatekeeper.plugins.bash import check_reads, check_tree_links
from gatekeeper.shell.effects import long_options, split_options
from gatekeeper.shell.optglob import option_glob

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Collection

    from gatekeeper.context import Context
    from gatekeeper.model import Command, ToolCall, Word


_safe = queries_ops.safe
_review = queries_ops.review


def _split(args: list[str], value_flags: Collection[str]) -> tuple[list[str], list[str]]:
    """Positional words and flags; a flag in `value_flags` swallows the next word."""
    return split_options(args, value_flags, dash_values=False)


def _name(flag: str) -> str:
    return flag.split("=", 1)[0]


def _flags_in(flags: list[str], allowed: Collection[str]) -> bool:
    return all(_name(f) in allowed for f in flags)


def _short_cluster(flag: str, letters: str) -> bool:
    """`-THw` made only of the given single-letter flags."""
    return (
        flag.startswith("-")
        and not flag.startswith("--")
        and len(flag) > 1
        and all(c in letters for c in flag[1:])
    )


# -- brew ------------------------------------------------------------------------------------

_BREW_READ = {
    "info",
    "abv",
    "list",
    "ls",
    "search",
    "-S",
    "deps",
    "desc",
    "leaves",
    "uses",
    "outdated",
    "missing",
    "config",
    "--config",
    "doctor",
    "dr",
    "options",
    "tap-info",
    "formulae",
    "casks",
    "log",
    "cat",
    "commands",
    "help",
    "shellenv",
    "--cache",
    "--cellar",
    "--caskroom",
    "--prefix",
    "--repository",
    "--repo",
    "--version",
    "-v",
    "--env",
    "--taps",
}
# Built-in commands whose `--help` only prints text (an external `brew-X` would run).
_BREW_BUILTIN = _BREW_READ | {
    "install",
    "uninstall",
    "remove",
    "reinstall",
    "upgrade",
    "update",
    "tap",
    "untap",
    "link",
    "unlink",
    "pin",
    "unpin",
    "cleanup",
    "autoremove",
    "services",
    "bundle",
    "fetch",
    "home",
    "edit",
    "create",
    "audit",
    "style",
    "test",
}


def _brew(args: list[str]) -> Finding | None:
    if not args:
        return None
    sub, rest = args[0], args[1:]
    if rest in (["--help"], ["-h"]) and sub in _BREW_BUILTIN:
        return _safe(f"`brew {sub} --help` only prints help")
    if sub in ("--help", "-h") and not rest:
        return _safe("`brew --help` only prints help")
    if sub == "analytics" and rest in ([], ["state"]):
        return _safe("`brew analytics` only shows the setting")
    if sub not in _BREW_READ:
        return None
    for a in rest if sub not in ("search", "-S", "desc") else ():
        if a.startswith(("/", ".", "~")) or a.endswith(".rb") or "://" in a:
            return _review(f"`brew {sub} {a}` loads a formula file or URL (Ruby code)")
    if "--github" in rest:
        return _review("`brew info --github` opens a browser")
    if sub == "deps" and "--graph" in rest and "--dot" not in rest:
        return _review("`brew deps --graph` opens a browser")
    if "--fetch-HEAD" in rest:
        return None
    return _safe(f"`brew {sub}` only reads")


# -- npm -------------------------------------------------------------------------------------

_NPM_READ = {
    "ls",
    "list",
    "ll",
    "la",
    "outdated",
    "view",
    "info",
    "show",
    "v",
    "search",
    "s",
    "se",
    "find",
    "explain",
    "why",
    "root",
    "prefix",
    "bin",
    "query",
    "find-dupes",
    "completion",
    "ping",
    "whoami",
    "stars",
    "help-search",
    "sbom",
    "diff",
}
_NPM_FLAGS = {
    "-g",
    "--global",
    "--depth",
    "--json",
    "--long",
    "-l",
    "--all",
    "-a",
    "--omit",
    "--include",
    "--parseable",
    "-p",
    "--prod",
    "--production",
    "--dev",
    "--sbom-format",
    "--sbom-type",
    "--diff",
    "--diff-name-only",
    "--diff-unified",
    "--no-color",
    "--color",
    "--workspace",
    "-w",
    "--workspaces",
    "-ws",
    "--location",
    "--package-lock-only",
    "--link",
    "--unicode",
    "--no-unicode",
    "--audit-level",
    "--searchlimit",
    "--no-description",
}
_NPM_WORKSPACE = {"--workspace", "-w", "--workspaces", "-ws"}
_NPM_VALUES = {
    "--depth",
    "--omit",
    "--include",
    "--sbom-format",
    "--sbom-type",
    "--diff",
    "--workspace",
    "-w",
    "--location",
    "--audit-level",
    "--searchlimit",
}
_SECRET_KEY = LazyRegex(r"(?i)auth|token|pass|cert|key|otp")


# The approved subcommands that ask the registry (the others read the project's files)
_NPM_NETWORK = {
    "outdated", "view", "info", "show", "v", "search", "s", "se", "find", "ping", "whoami",
    "stars", "diff", "audit", "dist-tag", "owner", "access",
}  # fmt: skip


def _npm(args: list[str], ctx: Context) -> Finding | None:
    found = _npm_query(args)
    if found is None or found.verdict is not Verdict.SAFE:
        return found
    positional = _split(args, _NPM_VALUES)[0]
    if npmrc := _npmrc(ctx, network=positional[0] in _NPM_NETWORK):
        return _review(
            f"`npm {positional[0]}` reads {npmrc}, which can send it to another host (with"
            " the environment's values in the request) or have it write its logs elsewhere"
        )
    return found


def _npmrc(ctx: Context, *, network: bool) -> str | None:
    """A `.npmrc` of the command's directory or a parent that sets more than npm's harmless
    settings (`shell.npmrc`), or None."""
    from gatekeeper.shell.npmrc import risky_npmrc  # only for npm's and pnpm's queries

    home = ctx.paths.home
    for start in ctx.paths.resolve_all("."):
        found = risky_npmrc(start, home, network)
        if found:
            return found
    return None


# `name@version` (or a tag or range) of the registry: `npm diff` fetches its tarball. A directory,
# a bare name (the installed copy in node_modules), a git or file spec is packed instead.
_NPM_REGISTRY_SPEC = LazyRegex(r"(@[a-z0-9][a-z0-9._-]*/)?[a-z0-9][a-z0-9._-]*@[A-Za-z0-9.^~*+-]+")


def _npm_query(args: list[str]) -> Finding | None:
    positional, flags = _split(args, _NPM_VALUES)
    if not positional or not _flags_in(flags, _NPM_FLAGS):
        return None
    sub, rest = positional[0], positional[1:]
    if sub == "diff":
        # bash (npm 11): `npm diff`, `npm diff --diff=. --diff=./b` packed the directory and
        # ran its package.json's `prepare` script (it created a marker)
        specs = [f for f in flags if _name(f) == "--diff"]
        if len(specs) != 2 or any(_name(f) in _NPM_WORKSPACE for f in flags):
            return None
        if not all(_NPM_REGISTRY_SPEC.fullmatch(f.partition("=")[2]) for f in specs):
            return None
    if sub in _NPM_READ:
        return _safe(f"`npm {sub}` only reads")
    if sub == "audit" and rest in ([], ["signatures"]):
        return _safe("`npm audit` only reports")
    if sub == "fund" and not rest:
        return _safe("`npm fund` only lists funding links")
    if sub == "run" and not rest and not flags:
        return _safe("`npm run` without a script only lists the scripts")
    if (sub in ("config", "c") and rest in (["list"], ["ls"])) and not flags:
        return _safe("`npm config list` shows the settings (credentials hidden)")
    keys = rest[1:] if sub in ("config", "c") and rest[:1] == ["get"] else rest
    if (sub == "get" or (sub in ("config", "c") and rest[:1] == ["get"])) and keys:
        if any(_SECRET_KEY.search(k) for k in keys):
            return None
        return _safe("`npm config get` of a plain setting")
    if (sub, rest[:1]) in (
        ("cache", ["ls"]),
        ("cache", ["list"]),
        ("dist-tag", ["ls"]),
        ("pkg", ["get"]),
        ("owner", ["ls"]),
        ("access", ["list"]),
        ("access", ["get"]),
    ):
        return _safe(f"`npm {sub} {rest[0]}` only reads")
    return None


# -- terraform -------------------------------------------------------------------------------

_TF_BUILTIN = {
    "init",
    "validate",
    "plan",
    "apply",
    "destroy",
    "console",
    "fmt",
    "force-unlock",
    "get",
    "graph",
    "import",
    "login",
    "logout",
    "metadata",
    "output",
    "providers",
    "refresh",
    "show",
    "state",
    "taint",
    "test",
    "untaint",
    "version",
    "workspace",
}
_TF_FMT_FLAGS = {"-check", "-diff", "-list", "-write", "-recursive", "-no-color"}


def _terraform(args: list[str], ctx: Context) -> Finding | None:
    if not args:
        return None
    if args[0].startswith("-chdir"):
        return _review("`terraform -chdir` runs in another directory")
    sub, rest = args[0], args[1:]
    if sub in ("-help", "--help", "-h", "-version", "--version", "-v") and not rest:
        return _safe(f"`terraform {sub}` only prints text")
    if rest in (["-help"], ["--help"], ["-h"]) and sub in _TF_BUILTIN:
        return _safe(f"`terraform {sub} -help` only prints help")
    if sub == "version" and all(a == "-json" for a in rest):
        return _safe("`terraform version` only prints versions")
    if sub == "workspace" and rest == ["show"]:
        return _safe("`terraform workspace show` prints the workspace's name")
    loads_backend = (sub == "workspace" and rest == ["list"]) or (
        sub == "providers" and all(a == "-no-color" for a in rest)
    )
    if loads_backend and (state := _tf_remote_backend(ctx)):
        return _review(
            f"`terraform {' '.join(args)}` configures the backend {state} records: a client"
            " of another host, which runs what its settings name (a credential_process)"
        )
    if sub == "workspace" and rest == ["list"]:
        return _safe("`terraform workspace list` prints workspace names")
    if loads_backend:
        return _safe("`terraform providers` prints the configuration's provider requirements")
    if sub == "metadata" and rest[:1] == ["functions"] and all(a == "-json" for a in rest[1:]):
        return _safe("`terraform metadata functions` prints the built-in function signatures")
    if sub == "fmt":
        positional, flags = _split(rest, ())
        if not _flags_in(flags, _TF_FMT_FLAGS):
            return None
        checking = any(_name(f) == "-check" or f in ("-write=false",) for f in flags)
        targets = positional or [ctx.paths.cwd]
        for target in targets:
            if target == "-":
                continue
            kind = ctx.paths.classify(target, write=not checking)[0]
            if kind not in (ALLOWED, TMP):
                return _review(f"`terraform fmt {target}` works outside the allowed dirs")
        return _safe("`terraform fmt` formats the project's own files")
    return None


def _tf_remote_backend(ctx: Context) -> str | None:
    """The state file of the command's directory recording a backend other than the local one
    (`shell.tfbackend`), or None."""
    from gatekeeper.shell.tfbackend import remote_backend  # only for terraform's listings

    for start in ctx.paths.resolve_all("."):
        found = remote_backend(start)
        if found:
            return found
    return None


# -- cargo -----------------------------------------------------------------------------------

# Subcommands that read the manifest and lock file (and may consult the registry index) but
# build nothing: no build script, no proc macro, no test binary runs. `check`, `clippy`,
# `build`, `doc`, `test` and `run` compile, and compiling runs the crate's build scripts.
_CARGO_READ = {
    "tree",
    "metadata",
    "read-manifest",
    "locate-project",
    "pkgid",
    "verify-project",
    "search",
    "info",
}
_CARGO_BUILTIN = _CARGO_READ | {
    "build", "b", "check", "c", "clean", "doc", "d", "new", "init", "add", "remove", "run",
    "r", "test", "t", "bench", "update", "install", "uninstall", "publish", "fmt", "clippy",
    "fetch", "fix", "vendor", "package", "login", "logout", "owner", "yank", "generate-lockfile",
    "rustc", "rustdoc", "report", "config",
}  # fmt: skip
# Options that point cargo at other code or files, or change what it runs.
_CARGO_RISKY = ("--manifest-path", "--config", "-Z", "--lockfile-path", "--index", "--registry")


def _cargo(args: list[str], ctx: Context) -> Finding | None:
    if not args:
        return None
    if args[0] in ("--version", "-V", "--help", "-h", "--list") and len(args) == 1:
        return _safe(f"`cargo {args[0]}` only prints text")
    if args[0] == "help" and all(a in _CARGO_BUILTIN for a in args[1:]):
        return _safe("`cargo help` only prints help")
    sub, rest = args[0], args[1:]
    if sub in _CARGO_BUILTIN and rest in (["--help"], ["-h"]):
        return _safe(f"`cargo {sub} --help` only prints help")
    if sub not in _CARGO_READ or sub.startswith("+"):
        return None
    if ctx.paths.classify(".", write=False)[0] != ALLOWED:
        return None  # `.cargo/config.toml` of a shared tmp dir may run credential providers
    if any(a.startswith(_CARGO_RISKY) for a in rest):
        return _review(f"`cargo {sub}` pointed at another manifest, config or index")
    if sub == "tree" and any(a.startswith(("-o", "--output")) for a in rest):
        return None
    if config := _cargo_config(ctx):
        return _review(
            f"`cargo {sub}` reads {config}, which can make it run a program (build.rustc,"
            " build.rustc-wrapper) or ask another host (a registry, a proxy)"
        )
    if sub in ("search", "info"):
        return _safe(f"`cargo {sub}` only queries the package registry")
    return _safe(f"`cargo {sub}` only reads the manifest and lock file")


def _cargo_config(ctx: Context) -> str | None:
    """A cargo config file of the command's directory or a parent that sets more than the
    harmless settings (`shell.cargoconfig`), or None."""
    from gatekeeper.shell.cargoconfig import risky_config  # only for cargo's queries

    home = ctx.paths.home
    for start in ctx.paths.resolve_all("."):
        found = risky_config(start, home)
        if found:
            return found
    return None


# -- yarn, pnpm ------------------------------------------------------------------------------

# Built-in listings (a built-in wins over a package script of the same name). yarn reads
# `.yarnrc.yml`, whose `yarnPath` and `plugins` load the project's JavaScript on every
# command: the same trust as the project's own tests, so only inside the allowed dirs.
_JS_PM_READ = {
    "yarn": {"list", "ls", "why", "info", "outdated", "audit", "help", "--help", "-h", "-v"},
    "pnpm": {"list", "ls", "ll", "why", "info", "view", "outdated", "audit", "help", "root"},
}
_JS_PM_FLAGS = {"--json", "--long", "--prod", "--production", "--dev", "-P", "-D", "-r"}
_JS_PM_FLAGS |= {"--recursive", "--depth", "--parseable", "--version", "--help", "-h"}
_JS_PM_FLAGS |= {"-g", "--global", "--no-color", "--all", "-a"}


def _yarn_pnpm(name: str, args: list[str], ctx: Context) -> Finding | None:
    if runner := _foreign_runner(name, ctx):
        # a review, not no opinion: devtools approves `yarn --version` on its own
        return _review(
            f"`{name}` runs the program {runner} names, a file outside the allowed dirs"
            " (anyone's, in a tmp dir), before it does anything else"
        )
    if args in (["--version"], ["-v"], ["--help"], ["-h"]):
        return _safe(f"`{name} {args[0]}` only prints its version or help")
    if ctx.paths.classify(".", write=False)[0] != ALLOWED:
        return None  # a shared tmp dir's `.yarnrc.yml` / `.pnpmfile.cjs` may be anyone's code
    positional, flags = _split(args, {"--depth"})
    if not positional or not _flags_in(flags, _JS_PM_FLAGS):
        return None
    sub, rest = positional[0], positional[1:]
    if sub == "licenses" and rest == ["list"]:
        return _safe(f"`{name} licenses list` only lists licenses")
    if sub not in _JS_PM_READ[name]:
        return None
    if any(r.startswith((".", "/", "~")) or "://" in r or r.startswith("file:") for r in rest):
        return None  # a path or URL, not a package name
    if name == "pnpm" and (npmrc := _npmrc(ctx, network=sub in _NPM_NETWORK)):
        return _review(f"`pnpm {sub}` reads {npmrc}, which can send it to another host")
    return _safe(f"`{name} {sub}` only reads the dependency tree or the registry")


def _foreign_runner(name: str, ctx: Context) -> str | None:
    """A `.yarnrc.yml`, `.yarnrc` or package.json outside the allowed dirs, in the command's
    directory or a parent, naming the yarn or pnpm to run (`shell.yarnpath`), or None."""
    from gatekeeper.shell.yarnpath import foreign_runner  # only for yarn and pnpm

    def inside(directory: str) -> bool:
        return ctx.paths.classify(directory, write=False)[0] == ALLOWED

    home = ctx.paths.home
    for start in ctx.paths.resolve_all("."):
        found = foreign_runner(start, inside, home, yarn=name == "yarn")
        if found:
            return found
    return None


# -- openssl ---------------------------------------------------------------------------------

_X509_PRINT = {
    "-noout", "-text", "-subject", "-issuer", "-dates", "-startdate", "-enddate", "-serial",
    "-fingerprint", "-sha1", "-sha256", "-sha384", "-sha512", "-md5", "-pubkey", "-modulus",
    "-purpose", "-email", "-ocsp_uri", "-hash", "-subject_hash", "-issuer_hash", "-alias",
    "-ext_all", "-ocspid",
}  # fmt: skip
_X509_VALUE = {"-in", "-inform", "-nameopt", "-certopt", "-ext", "-checkend"}
_OPENSSL_VERSION_FLAGS = {f"-{c}" for c in "avbofpdemrc"}


def _openssl_rand(rest: list[str]) -> bool:
    """`openssl rand [-hex|-base64] N`: no `-out`/`-writerand` (they write), `-rand` (it reads
    seed files), `-engine`/`-provider` (they load a module)."""
    flags = [a for a in rest if a.startswith("-")]
    counts = [a for a in rest if not a.startswith("-")]
    return (
        all(f in ("-hex", "-base64") for f in flags)
        and len(counts) == 1
        and counts[0][:1].isdigit()
        and counts[0].rstrip("KMGT").isdigit()
    )


def _openssl(command: Command, ctx: Context) -> Finding | None:
    args = list(command.argv[1:])
    if not args:
        return None  # an interactive prompt that runs any openssl command
    sub, rest = args[0], args[1:]
    if sub == "version" and all(a in _OPENSSL_VERSION_FLAGS for a in rest):
        return _safe("`openssl version` only prints versions")
    if sub == "help" or (sub == "list" and all(a.startswith("-") for a in rest)):
        return _safe(f"`openssl {sub}` only prints what it supports")
    if sub == "rand" and _openssl_rand(rest):
        return _safe("`openssl rand` only prints random bytes")
    if sub != "x509":
        return None  # s_client and friends talk to the network; others write
    files = []
    i = 0
    words = command.words[2:]
    while i < len(rest):
        a = rest[i]
        if a in _X509_VALUE and i + 1 < len(rest):
            if a == "-in":
                files.append(words[i + 1])
            i += 2
            continue
        if a not in _X509_PRINT:
            return None  # -out, -signkey, -req, -CA...: writes or signs
        i += 1
    found = check_reads(command, ctx, files)
    if found is not None:
        return found
    return _safe("`openssl x509` only prints a certificate's fields")


# -- gzip ------------------------------------------------------------------------------------

_GZIP_LONG = {"--stdout", "--to-stdout", "--list", "--test", "--decompress", "--uncompress"}
_GZIP_LONG |= {"--verbose", "--force", "--quiet", "--name", "--no-name"}


def _gzip(name: str, command: Command, ctx: Context) -> Finding | None:
    args = list(command.argv[1:])
    if args in (["--help"], ["-h"], ["--version"], ["-V"]):
        return _safe(f"`{name} {args[0]}` only prints text")
    letters: set[str] = set()
    files = []
    for word in command.words[1:]:
        a = word.text
        if a in _GZIP_LONG:
            letters |= {{"--stdout": "c", "--to-stdout": "c", "--list": "l"}.get(a, "")}
            letters |= {"t"} if a == "--test" else set()
        elif a.startswith("-") and len(a) > 1 and not a.startswith("--"):
            if not set(a[1:]) <= set("cdltvfnNq"):
                return None
            letters |= set(a[1:])
        elif a.startswith("-"):
            return None
        else:
            files.append(word)
    # Without -c, -l or -t, gzip replaces each file by its (de)compressed form.
    if not letters & {"c", "l", "t"} or not files:
        return None
    found = check_reads(command, ctx, files)
    if found is not None:
        return found
    return _safe(f"`{name}` only prints to standard output, lists or tests")


# -- 7-Zip -----------------------------------------------------------------------------------

# `7z l|t|h|i|b`: list, test, hash, show formats, benchmark. Switches that only shape output
# or choose what to read; `-o` (output dir), `-w` (work dir), `-si`/`-so`, `-sdel` and list
# files (`-i@`, `-x@`, `@file`) are not among them.
_SEVENZIP_SWITCH = LazyRegex(
    r"^-(slt|scrc\w*|scs\w+|ssc-?|mmt(=?\d+)?|mm=\w+|p|ba|bb\d?|bs\w+|r-?|y|t\w+)$"
)


def _sevenzip(name: str, command: Command, ctx: Context) -> Finding | None:
    words = list(command.words[1:])
    texts = [w.text for w in words]
    if not texts or texts in (["--help"], ["-h"]):
        return _safe(f"`{name}` only prints help")
    mode = texts[0]
    if mode not in ("l", "t", "h", "i", "b"):
        return None
    files = []
    for word in words[1:]:
        if word.text.startswith("-"):
            if not _SEVENZIP_SWITCH.match(word.text):
                return None
        elif word.text.startswith("@"):
            return None
        else:
            files.append(word)
    if mode == "b" and files and not all(w.text.isdigit() for w in files):
        return None
    found = check_reads(command, ctx, files) if mode in ("l", "t", "h") else None
    if found is not None:
        return found
    return _safe(f"`{name} {mode}` only lists, tests or hashes")


# -- fzf -------------------------------------------------------------------------------------

_FZF_FLAGS = {
    "-e",
    "--exact",
    "-i",
    "+i",
    "--ignore-case",
    "--no-ignore-case",
    "--smart-case",
    "--literal",
    "--scheme",
    "--algo",
    "-x",
    "+x",
    "--extended",
    "--no-extended",
    "-n",
    "--nth",
    "--with-nth",
    "--accept-nth",
    "-d",
    "--delimiter",
    "+s",
    "--no-sort",
    "--tail",
    "--disabled",
    "--tiebreak",
    "--read0",
    "--print0",
    "--ansi",
    "--sync",
    "--no-tty-default",
    "--style",
    "--color",
    "--no-color",
    "--no-bold",
    "--height",
    "--min-height",
    "--tmux",
    "--layout",
    "--reverse",
    "--margin",
    "--padding",
    "--border",
    "--border-label",
    "--border-label-pos",
    "-m",
    "--multi",
    "+m",
    "--no-multi",
    "--highlight-line",
    "--cycle",
    "--wrap",
    "--no-multi-line",
    "--raw",
    "--track",
    "--tac",
    "--gap",
    "--keep-right",
    "--scroll-off",
    "--no-hscroll",
    "--hscroll-off",
    "--pointer",
    "--marker",
    "--prompt",
    "--info",
    "-q",
    "--query",
    "-1",
    "--select-1",
    "-0",
    "--exit-0",
    "-f",
    "--filter",
    "--print-query",
    "--expect",
    "--header",
    "--header-lines",
    "--header-first",
    "--header-border",
    "--footer",
    "--footer-border",
    "--preview-window",
    "--preview-border",
    "--preview-label",
    "--preview-label-pos",
    "--walker",
    "--walker-skip",
    "--walker-root",
    "--history-size",
    "--bash",
    "--zsh",
    "--fish",
    "--bind",
    "--help",
    "-h",
    "--version",
    "--man",
}
_FZF_VALUES = {
    "-n",
    "--nth",
    "--with-nth",
    "--accept-nth",
    "-d",
    "--delimiter",
    "-q",
    "--query",
    "-f",
    "--filter",
    "--expect",
    "--header",
    "--footer",
    "--bind",
    "--walker-root",
    "--preview",
    "--prompt",
    "--color",
    "--height",
    "--layout",
    "--border",
    "--history",
    "--listen",
    "--with-shell",
}
# Actions that change only fzf's own screen, query or selection.
_FZF_ACTIONS = set(
    [
        "abort",
        "accept",
        "accept-non-empty",
        "accept-or-print-query",
        "backward-char",
        "backward-delete-char",
        "backward-delete-char/eof",
        "backward-kill-word",
        "backward-word",
        "beginning-of-line",
        "cancel",
        "clear-query",
        "clear-screen",
        "clear-selection",
        "close",
        "delete-char",
        "delete-char/eof",
        "deselect",
        "deselect-all",
        "disable-search",
        "down",
        "down-match",
        "enable-search",
        "end-of-line",
        "exclude",
        "exclude-multi",
        "first",
        "forward-char",
        "forward-word",
        "half-page-down",
        "half-page-up",
        "hide-header",
        "hide-input",
        "hide-preview",
        "ignore",
        "jump",
        "jump-accept",
        "kill-line",
        "kill-word",
        "last",
        "next-history",
        "next-selected",
        "offset-down",
        "offset-middle",
        "offset-up",
        "page-down",
        "page-up",
        "prev-history",
        "prev-selected",
        "preview-bottom",
        "preview-down",
        "preview-half-page-down",
        "preview-half-page-up",
        "preview-page-down",
        "preview-page-up",
        "preview-top",
        "preview-up",
        "print-query",
        "refresh-preview",
        "select",
        "select-all",
        "show-header",
        "show-input",
        "show-preview",
        "toggle",
        "toggle-all",
        "toggle-header",
        "toggle-hscroll",
        "toggle-in",
        "toggle-input",
        "toggle-multi-line",
        "toggle-out",
        "toggle-preview",
        "toggle-preview-wrap",
        "toggle-search",
        "toggle-sort",
        "toggle-track",
        "toggle-track-current",
        "toggle-wrap",
        "top",
        "track",
        "track-current",
        "unix-line-discard",
        "unix-word-rubout",
        "untrack-current",
        "up",
        "up-match",
        "yank",
    ]
)
# Actions whose argument is plain text, never a command.
_FZF_TEXT_ACTIONS = {
    "put",
    "print",
    "pos",
    "change-query",
    "change-prompt",
    "change-header",
    "change-footer",
    "change-ghost",
    "change-pointer",
    "change-border-label",
    "change-header-label",
    "change-footer-label",
    "change-input-label",
    "change-list-label",
    "change-preview-label",
    "change-preview-window",
}


def _fzf_binding_problem(value: str) -> str:
    """The first action of a `--bind` value that is not plainly harmless, or ""."""
    for binding in value.split(","):
        if ":" not in binding:
            return binding
        _, actions = binding.split(":", 1)
        for action in actions.split("+"):
            m = re.match(r"([a-z][a-z/-]*)(.*)$", action, re.S)
            if m is None:
                return action
            name, argument = m.group(1), m.group(2)
            if argument and name not in _FZF_TEXT_ACTIONS:
                return action
            if not argument and name not in _FZF_ACTIONS:
                return action
    return ""


def _fzf(args: list[str], command: Command, ctx: Context) -> Finding | None:
    positional, flags = _split(args, _FZF_VALUES)
    flags += [p for p in positional if p in ("+i", "+x", "+s", "+m")]
    if any(p not in ("+i", "+x", "+s", "+m") for p in positional):
        return None
    for f in flags:
        name, _, value = f.partition("=")
        if name in ("--preview", "--listen", "--with-shell", "--history") or name.startswith(
            ("--listen", "--history=")
        ):
            return _review(f"`fzf {name}` runs commands or writes a file")
        if name == "--bind":
            bad = _fzf_binding_problem(value)
            if bad:
                return _review(f"`fzf --bind` action `{bad[:40]}` may run a command")
        elif name not in _FZF_FLAGS:
            return None
        if name == "--walker-root":
            found = check_reads(command, ctx, [_word(command, value)])
            if found is not None:
                return found
    return _safe("`fzf` only filters its input")


def _word(command: Command, text: str) -> Word:
    from gatekeeper.records import replace

    return replace(command.words[0], text=text, dynamic=False, glob=False)


# -- fd --------------------------------------------------------------------------------------

_FD_VALUES = {
    "-e",
    "--extension",
    "-t",
    "--type",
    "-d",
    "--max-depth",
    "--min-depth",
    "--exact-depth",
    "-E",
    "--exclude",
    "-S",
    "--size",
    "--changed-within",
    "--changed-before",
    "--change-newer-than",
    "--change-older-than",
    "--newer",
    "--older",
    "-c",
    "--color",
    "-j",
    "--threads",
    "--max-results",
    "-o",
    "--owner",
    "--path-separator",
    "--base-directory",
    "--search-path",
    "--ignore-file",
    "--format",
}
_FD_FLAGS = _FD_VALUES | {
    "-H",
    "--hidden",
    "-I",
    "--no-ignore",
    "-u",
    "-uu",
    "--unrestricted",
    "--no-ignore-vcs",
    "--no-ignore-parent",
    "-a",
    "--absolute-path",
    "-l",
    "--list-details",
    "-L",
    "--follow",
    "-p",
    "--full-path",
    "-g",
    "--glob",
    "--regex",
    "-F",
    "--fixed-strings",
    "-s",
    "--case-sensitive",
    "-i",
    "--ignore-case",
    "-0",
    "--print0",
    "-q",
    "--quiet",
    "-1",
    "--prune",
    "--one-file-system",
    "--show-errors",
    "--strip-cwd-prefix",
    "-h",
    "--help",
    "-V",
    "--version",
}


# What `fd -x|-X` may run on the matches: readers whose options neither write, run a program
# nor read a file of their own, so a match named like an option (old fd versions do not
# prefix `./`) cannot turn into one. grep, rg, sed, git and every shell are not here.
_FD_EXEC_READERS = {
    "cat", "head", "tail", "wc", "stat", "ls", "du", "md5sum", "sha1sum", "sha256sum",
    "sha512sum", "b2sum", "cksum", "basename", "dirname", "realpath", "readlink", "echo",
}  # fmt: skip
_FD_EXEC = ("-x", "--exec", "-X", "--exec-batch")


def _fd(command: Command, ctx: Context) -> Finding | None:
    words = list(command.words[1:])
    texts = [w.text for w in words]
    at = next((i for i, t in enumerate(texts) if t in _FD_EXEC or t.startswith("--exec")), -1)
    if at < 0:
        return _fd_search(command, words, ctx)
    clause = texts[at + 1 :]
    if texts[at] not in _FD_EXEC or not clause or clause[0] not in _FD_EXEC_READERS:
        return _review("`fd -x` runs a command on every match")
    if ";" in clause or any(t in _FD_EXEC or t.startswith("--exec") for t in clause):
        return _review("`fd -x` runs a command on every match")
    if any(may_pick_secrets(t) for t in texts[:at]):
        # `fd id_rsa -x cat`, `fd -e pem -X cat`: the reader prints the keys fd picked by name
        return _review("`fd -x` reads the files its pattern picks by a credential's name")
    searched = _fd_search(command, words[:at], ctx)
    ran = ctx.classify(clause, "fd -x")
    if searched is None or searched.verdict != Verdict.SAFE:
        return searched
    if ran.verdict == Verdict.ELEVATE:
        return ran
    if ran.verdict != Verdict.SAFE:
        return _review(f"`fd -x` runs `{' '.join(clause)[:80]}`: {ran.reason}")
    # `fd -x cat` reads what a listed symlink points to (with -L, every linked tree)
    linked = check_tree_links(ctx, f"`fd -x {clause[0]}`", _fd_roots(texts[:at]))
    if linked is not None:
        return linked
    return _safe(f"`fd -x {clause[0]}` only reads the files fd lists")


def _fd_roots(texts: list[str]) -> list[str]:
    """The directories fd searches: its operands after the pattern, --search-path and
    --base-directory values (or the cwd)."""
    roots: list[str] = []
    positional: list[str] = []
    i = 0
    while i < len(texts):
        t = texts[i]
        name, eq, value = t.partition("=")
        if t == "--":
            positional += texts[i + 1 :]
            break
        if t.startswith("-") and len(t) > 1:
            if name in ("--search-path", "--base-directory"):
                roots.append(value if eq else texts[i + 1] if i + 1 < len(texts) else ".")
            if name in _FD_VALUES and not eq:
                i += 1
        else:
            positional.append(t)
        i += 1
    return roots + positional[1:]


def _fd_search(command: Command, words: list[Word], ctx: Context) -> Finding | None:
    texts = [w.text for w in words]
    reads: list[Word] = []
    positional: list[Word] = []
    i = 0
    while i < len(words):
        t = texts[i]
        if t == "--":
            positional += words[i + 1 :]
            break
        if t.startswith("-") and len(t) > 1:
            name, eq, value = t.partition("=")
            if name not in _FD_FLAGS:
                return None
            if name in _FD_VALUES and not eq:
                if i + 1 >= len(words):
                    return None
                if name in ("--base-directory", "--search-path", "--ignore-file"):
                    reads.append(words[i + 1])
                i += 2
                continue
            if eq and name in ("--base-directory", "--search-path", "--ignore-file"):
                reads.append(_word(command, value))
        else:
            positional.append(words[i])
        i += 1
    reads += positional[1:]
    if (
        not positional[1:]
        and not any(t.startswith(("--search-path", "--base-directory")) for t in texts)
        and not ctx.paths.is_allowed(ctx.paths.cwd)
    ):
        return Finding(
            Verdict.REVIEW, "GK-BASH-002", "`fd` searches a cwd outside the allowed dirs"
        )
    found = check_reads(command, ctx, reads)
    if found is None and ("-L" in texts or "--follow" in texts):
        # `fd -L` lists the names below every linked directory, as `tree -l` does
        found = check_tree_links(ctx, "`fd -L`", _fd_roots(texts))
    if found is not None:
        return found
    return _safe("`fd` only lists file names")


# -- ip --------------------------------------------------------------------------------------

_IP_GLOBAL = {
    "-4",
    "-6",
    "-0",
    "-s",
    "-stats",
    "-statistics",
    "-d",
    "-details",
    "-h",
    "-human",
    "-human-readable",
    "-j",
    "-json",
    "-p",
    "-pretty",
    "-c",
    "-color",
    "-br",
    "-brief",
    "-o",
    "-oneline",
    "-r",
    "-resolve",
    "-t",
    "-timestamp",
    "-ts",
    "-tshort",
    "-N",
    "-Numeric",
}
_IP_GLOBAL_VALUE = {"-n", "-netns", "-f", "-family"}
_IP_OBJECTS = (
    "address",
    "link",
    "route",
    "rule",
    "neighbour",
    "neighbor",
    "ntable",
    "tunnel",
    "tuntap",
    "maddress",
    "mroute",
    "monitor",
    "netns",
    "netconf",
    "stats",
    "nexthop",
    "vrf",
)
_IP_SHORT = {"a": "address", "l": "link", "r": "route", "n": "neighbour", "m": "maddress"}
_IP_READ_VERBS = {"show", "list", "lst", "ls", "sh", "get", "help"}


def _ip(args: list[str]) -> Finding | None:
    rest = list(args)
    while rest and rest[0].startswith("-"):
        opt = "-" + rest.pop(0).lstrip("-")
        if opt.startswith("-c="):
            continue
        if opt in _IP_GLOBAL_VALUE and rest:
            rest.pop(0)
        elif opt in ("-b", "-batch", "-force", "-a", "-all"):
            return _review(f"`ip {opt}` runs a batch of commands or commands in namespaces")
        elif opt not in _IP_GLOBAL:
            return None
    if not rest:
        return None
    word = rest[0]
    obj = _IP_SHORT.get(word) or next((o for o in _IP_OBJECTS if o.startswith(word)), "")
    if len(word) < 2 and word not in _IP_SHORT:
        obj = ""
    if not obj:
        return None
    verbs = rest[1:]
    if obj == "monitor":
        if "file" in verbs:
            return None
        return _safe("`ip monitor` only watches for changes")
    if obj == "netns" and verbs[:1] in ([], ["list"], ["identify"], ["pids"], ["list-id"]):
        return _safe("`ip netns` only lists namespaces")
    if not verbs or verbs[0] in _IP_READ_VERBS:
        if obj == "netns":
            return None
        return _safe(f"`ip {obj}` only shows the configuration")
    if verbs[0] in ("add", "del", "delete", "change", "replace", "set", "flush", "exec"):
        return _review(f"`ip {obj} {verbs[0]}` changes the network configuration")
    return None


# -- logs and services -----------------------------------------------------------------------

_JOURNAL_VALUES = {
    "-n",
    "--lines",
    "-o",
    "--output",
    "-u",
    "--unit",
    "--user-unit",
    "-p",
    "--priority",
    "-S",
    "--since",
    "-U",
    "--until",
    "-g",
    "--grep",
    "-t",
    "--identifier",
    "--output-fields",
    "-F",
    "--field",
}
_JOURNAL_FLAGS = _JOURNAL_VALUES | {
    "-f",
    "--follow",
    "-r",
    "--reverse",
    "-b",
    "--boot",
    "-k",
    "--dmesg",
    "--no-pager",
    "-x",
    "--catalog",
    "--disk-usage",
    "--list-boots",
    "-q",
    "--quiet",
    "-a",
    "--all",
    "--utc",
    "--no-hostname",
    "--case-sensitive",
    "--system",
    "--user",
    "-l",
    "--full",
    "--no-full",
    "-m",
    "--merge",
    "--no-tail",
    "-N",
    "--fields",
    "--list-catalog",
}


def _journalctl(args: list[str]) -> Finding | None:
    i = 0
    while i < len(args):
        a = args[i]
        name = _name(a)
        if a.startswith("-") and len(a) > 1:
            if name not in _JOURNAL_FLAGS and not _short_cluster(a, "frkxqalmN"):
                if name.startswith(("--vacuum", "--rotate", "--flush", "--sync", "--relinq")):
                    return _review(f"`journalctl {name}` changes the journal")
                if name in ("-D", "--directory", "--file", "-M", "--machine", "--root"):
                    return _review(f"`journalctl {name}` reads another journal or machine")
                return None
            if name in ("-b", "--boot") and "=" not in a:
                if i + 1 < len(args) and re.match(r"^(-?\d+|[0-9a-f]{32}|all)$", args[i + 1]):
                    i += 1
            elif name in _JOURNAL_VALUES and "=" not in a:
                i += 1
        elif not (re.match(r"^[A-Z_][A-Z0-9_]*=", a) or a == "+"):
            return None
        i += 1
    return _safe("`journalctl` only reads the logs")


_DMESG_VALUES = {"-l", "--level", "-f", "--facility", "-s", "--buffer-size", "--since", "--until"}
_DMESG_FLAGS = _DMESG_VALUES | {
    "-T",
    "--ctime",
    "-H",
    "--human",
    "-L",
    "--color",
    "-w",
    "--follow",
    "-W",
    "--follow-new",
    "-x",
    "--decode",
    "-r",
    "--raw",
    "-t",
    "--notime",
    "-k",
    "--kernel",
    "-u",
    "--userspace",
    "-e",
    "--reltime",
    "-P",
    "--nopager",
    "-d",
    "--show-delta",
    "-J",
    "--json",
}


def _dmesg(args: list[str]) -> Finding | None:
    _, flags = _split(args, _DMESG_VALUES)
    for f in flags:
        if _name(f) in _DMESG_FLAGS or _short_cluster(f, "THLwWxrtkuePdJ"):
            continue
        if _name(f) in ("-c", "--clear", "-C", "--read-clear", "-D", "--console-off", "-E"):
            return _review(f"`dmesg {f}` clears the log or changes the console")
        if _name(f) in ("-n", "--console-level") or re.match(r"^-[A-Za-z]*[cCDEn]", f):
            return _review(f"`dmesg {f}` clears the log or changes the console")
        return None
    if _split(args, _DMESG_VALUES)[0]:
        return None
    return _safe("`dmesg` only reads the kernel log")


_SYSTEMCTL_READ = {
    "status",
    "show",
    "cat",
    "list-units",
    "list-unit-files",
    "list-sockets",
    "list-timers",
    "list-jobs",
    "list-dependencies",
    "list-machines",
    "list-automounts",
    "list-paths",
    "is-active",
    "is-enabled",
    "is-failed",
    "is-system-running",
    "get-default",
    "show-environment",
}


def _remote(flags: list[str]) -> bool:
    return any(
        _name(f) in ("-H", "--host", "-M", "--machine") or f.startswith(("-H", "-M")) for f in flags
    )


def _systemctl(args: list[str]) -> Finding | None:
    positional, flags = _split(args, {"-t", "--type", "--state", "-p", "--property", "-n"})
    if _remote(flags):
        return _review("`systemctl -H/-M` talks to another host or machine")
    if (not positional and flags in (["--version"], ["--help"])) or (
        positional and positional[0] in _SYSTEMCTL_READ
    ):
        return _safe("`systemctl` only shows the state of units")
    return None


def _timedatectl(args: list[str]) -> Finding | None:
    positional, flags = _split(args, ())
    if _remote(flags):
        return _review("`timedatectl -H/-M` talks to another host or machine")
    if positional[:1] in ([], ["status"], ["show"], ["list-timezones"], ["timesync-status"]):
        return _safe("`timedatectl` only shows the clock settings")
    return None


# systemd's other `*ctl` tools: the verbs that only show (a bare call is `status`, or
# `list-sessions` for loginctl); `hostnamectl hostname NAME` and every `set-*` change things.
_CTL_SHOW = {
    "hostnamectl": frozenset({"status"}),
    "localectl": frozenset({"status", "list-locales", "list-keymaps", "list-x11-keymap-models",
                            "list-x11-keymap-layouts", "list-x11-keymap-variants",
                            "list-x11-keymap-options"}),
    "loginctl": frozenset({"list-sessions", "list-users", "list-seats", "session-status",
                           "show-session", "user-status", "show-user", "seat-status",
                           "show-seat"}),
}  # fmt: skip


def _ctl_show(name: str, args: list[str]) -> Finding | None:
    positional, flags = _split(args, ())
    if _remote(flags):
        return _review(f"`{name} -H/-M` talks to another host or machine")
    if not positional or positional[0] in _CTL_SHOW[name]:
        return _safe(f"`{name}` only shows the machine's settings or sessions")
    return None


# -- small system-information tools ----------------------------------------------------------

_TPUT_CAPS = {
    "cols",
    "lines",
    "colors",
    "longname",
    "sgr0",
    "bold",
    "dim",
    "smul",
    "rmul",
    "rev",
    "setaf",
    "setab",
    "el",
    "ed",
    "cup",
    "civis",
    "cnorm",
    "smso",
    "rmso",
    "sc",
    "rc",
    "clear",
    "home",
    "hpa",
    "vpa",
}
_APT_READ = {"list", "show", "search", "policy", "depends", "rdepends", "madison"}
_APT_CACHE_READ = _APT_READ | {"showpkg", "showsrc", "stats", "pkgnames", "dump"} - {"list"}
_DPKG_READ = {
    "-l",
    "--list",
    "-L",
    "--listfiles",
    "-s",
    "--status",
    "-S",
    "--search",
    "-p",
    "--print-avail",
    "--get-selections",
    "--print-architecture",
    "--print-foreign-architectures",
    "-W",
    "--show",
    "--version",
}


def _apt(name: str, args: list[str]) -> Finding | None:
    positional, flags = _split(args, ())
    if any(_name(f) in ("-o", "--option", "-c", "--config-file") for f in flags) or any(
        f.startswith(("-o", "-c")) for f in flags
    ):
        return None
    read = _APT_READ if name == "apt" else _APT_CACHE_READ
    if positional and positional[0] in read:
        return _safe(f"`{name} {positional[0]}` only reads the package lists")
    return None


def _dpkg(args: list[str]) -> Finding | None:
    if args and args[0] in _DPKG_READ and not any(a.startswith("--admindir") for a in args):
        if any(a.startswith(("-f", "--showformat")) for a in args[1:]):
            return None
        return _safe("`dpkg` only queries the package database")
    return None


def _first_is(args: list[str], allowed: Collection[str], empty_ok: bool = True) -> bool:
    positional, _ = _split(args, ())
    return (not positional and empty_ok) or (bool(positional) and positional[0] in allowed)


def _forbids(args: list[str], prefixes: tuple[str, ...]) -> bool:
    longs = tuple(p for p in prefixes if p.startswith("--"))
    return any(a.startswith(prefixes) or (longs and _long_prefix(a, longs)) for a in args)


def _tput(args: list[str]) -> Finding | None:
    rest = list(args)
    if rest[:1] == ["-T"] and len(rest) > 1:
        rest = rest[2:]
    if rest and rest[0] in _TPUT_CAPS and all(a.isdigit() for a in rest[1:]):
        return _safe(f"`tput {rest[0]}` only prints a terminal capability")
    return None


def _long_prefix(arg: str, options: tuple[str, ...]) -> bool:
    """`arg` names one of the long `options` or abbreviates it (`ss --dia=F` is `--diag=F`)."""
    return bool(long_options(arg, options))


def _ss(args: list[str]) -> Finding | None:
    for a in args:
        if _long_prefix(a, ("--kill", "--diag", "--filter")):
            return _review(f"`ss {a}` kills sockets or reads or writes a file")
        if a.startswith("-") and not a.startswith("--") and set(a[1:]) & set("KDF"):
            return _review(f"`ss {a}` kills sockets or reads or writes a file")
    return _safe("`ss` only lists sockets")


def _ifconfig(args: list[str]) -> Finding | None:
    positional, flags = _split(args, ())
    if all(f in ("-a", "-s", "-l", "-v", "-u", "-d") for f in flags) and len(positional) <= 1:
        return _safe("`ifconfig` only shows the interfaces")
    return None


def _lsof(args: list[str]) -> Finding | None:
    """`lsof` lists open files; only `-D` (the device cache: `-Db PATH` writes a file) acts.

    A value may be glued to its option (`-Db/path`, `-nPDb`), so a short-option word that
    holds a `D` before any option that takes a value is left to review (`-cDropbox` is `-c`
    with the value `Dropbox`; `+D DIR` only searches a directory tree).
    """
    if any(a.startswith("-") and not a.startswith("--") and _lsof_sets_d(a) for a in args):
        return None
    return _safe("`lsof` only prints information")


# lsof's options whose value may be glued to them: the rest of the word is that value.
_LSOF_VALUED = frozenset("cdgikmoprsSTuFeEK")


def _lsof_sets_d(word: str) -> bool:
    """Whether a short-option word of lsof holds `-D` as an option (not inside a value)."""
    for c in word[1:]:
        if c == "D":
            return True
        if c in _LSOF_VALUED:
            return False
    return False


# The caller's own user name or id, as the system prints it: one word, never an option.
_OWN_USER = frozenset({"$(whoami)", "`whoami`", "$(id -un)", "$(id -nu)", "$(id -u)", "`id -u`"})


def _own_user_only(command: Command) -> bool:
    """`lsof -u $(whoami)`: every run-time word is the value of `-u` and the caller's own
    user (a `whoami` shadowed by a function or alias is flagged by the shell checks)."""
    if command.name != "lsof":
        return False
    words = command.words
    return all(
        not w.dynamic or (w.text in _OWN_USER and words[i - 1].text == "-u")
        for i, w in enumerate(words[1:], 1)
    )


def _mktemp(positional: list[str], flags: list[str]) -> Finding | None:
    """`mktemp` and `mktemp -d` with no template create one empty, fresh-named entry in the
    temp dir (`O_EXCL`, mode 0600: nothing existing is touched) and print its name."""
    if not positional and all(
        f in ("-d", "--directory", "-q", "--quiet", "-dq", "-qd") for f in flags
    ):
        return _safe("`mktemp` only creates a fresh, empty temp file or dir")
    return None  # a template, `-p`, `--tmpdir` or `-t` choose where; the reviewer judges


def _scheduled(name: str, args: list[str]) -> Finding | None:
    """GK-PROT-001 for a job scheduled to run later (redteam20): `at TIME`, `batch` (atd
    runs the commands read from stdin or `-f FILE` when the time comes or the load drops),
    `systemd-run --on-calendar=…` and its other timer options (a transient timer the
    service manager fires later); as `crontab FILE` is. `at -l`, `-c`, `-r`/`-d` list, print
    or remove jobs, and `systemd-run CMD` runs one now: they stay as they were."""
    if name == "systemd-run":
        timers = ("--on-", "--timer-property", "--path-property", "--socket-property")
        if not any(a.startswith(timers) for a in args):
            return None
        what = "`systemd-run` with a timer leaves a job that the service manager runs later"
    else:
        flags = "".join(a[1:] for a in args if a[:1] == "-" and a[1:2] != "-")
        if name == "at" and (set(flags) & set("lcrdV") or not args):
            return None
        what = f"`{name}` schedules a job that atd runs later"
    return Finding(
        Verdict.ELEVATE,
        "GK-PROT-001",
        f"{what}, unasked and outside any gate: only the user can approve that",
    )


def _simple(name: str, args: list[str], command: Command, ctx: Context) -> Finding | None:
    """The small tools: one line of policy each."""
    if name == "lsof":
        return _lsof(args)
    if name in ("cal", "ncal", "uuidgen", "clear", "pstree", "sestatus", "w", "netstat"):
        return _safe(f"`{name}` only prints information")
    if name in ("lspci", "lsusb"):
        if _forbids(args, ("-F", "-i", "-p", "-A", "-H", "-O", "-D")):
            return None
        return _safe(f"`{name}` only lists devices")
    if name == "who":
        positional, _ = _split(args, ())
        if positional and positional not in (["am", "i"], ["am", "I"]):
            words = [w for w in command.words[1:] if not w.text.startswith("-")]
            found = check_reads(command, ctx, words)
            if found is not None:
                return found
        return _safe("`who` only lists logins")
    if name == "mktemp":
        # `-u` prints a fresh name and creates nothing.
        positional, flags = _split(args, ("-t", "-p", "--tmpdir", "--suffix"))
        if "-u" in flags and all(_name(f) in ("-u", "-t", "-p", "--suffix", "-q") for f in flags):
            return _safe("`mktemp -u` only prints a name")
        return _mktemp(positional, flags)
    if name == "pre-commit":
        if args in (["help"], ["--help"], ["-h"], ["--version"], ["-V"]):
            return _safe("`pre-commit help` only prints text")
        if args[:1] in (["validate-config"], ["validate-manifest"]):
            found = check_reads(command, ctx, list(command.words[2:]))
            return found or _safe(f"`pre-commit {args[0]}` only reads the configuration")
        return None  # `pre-commit` alone runs the hooks
    if name in ("curl", "wget"):
        # Only the version and the help: any other word may be a URL, and a URL carries
        # data out (even a GET, in its path and query). Egress stays with the reviewer.
        if args in (["--version"], ["-V"], ["--help"], ["-h"]):
            return _safe(f"`{name} {args[0]}` only prints its version or help")
        return None
    if name == "tput":
        return _tput(args)
    if name == "ss":
        return _ss(args)
    if name == "ifconfig":
        return _ifconfig(args)
    if name == "mount" and args in ([], ["-l"]):
        return _safe("`mount` without arguments only lists the mounts")
    if name == "findmnt" and not _forbids(args, ("-F", "--tab-file", "--poll")):
        return _safe("`findmnt` only lists the mounts")
    if (
        name == "swapon"
        and args
        and all(
            a.startswith(("--show", "-s", "--summary", "--noheadings", "--bytes", "--raw"))
            for a in args
        )
    ):
        return _safe("`swapon --show` only lists swap areas")
    if name == "crontab":
        if args == ["-l"]:
            return _safe("`crontab -l` only prints the table")
        # `crontab FILE`, `-e`, `-`: a job that cron runs later, every minute if it likes,
        # outside any gate; as a write of the shell's start-up files is (GK-PROT-001)
        return Finding(
            Verdict.ELEVATE,
            "GK-PROT-001",
            "`crontab` other than `-l` installs, edits or removes the user's schedule: cron "
            "runs what it holds later, unasked; only the user can approve that",
        )
    if name in ("at", "batch", "systemd-run"):
        return _scheduled(name, args)
    if name == "history" and (not args or (len(args) == 1 and args[0].isdigit())):
        return _safe("`history` only prints the command history")
    if name in ("apt", "apt-cache"):
        return _apt(name, args)
    if name in ("dpkg", "dpkg-query"):
        return _dpkg(args)
    if name == "snap" and _first_is(
        args, {"list", "find", "info", "version", "services", "connections"}, empty_ok=False
    ):
        return _safe("`snap` only lists packages")
    if name == "flatpak" and _first_is(args, {"list", "info", "remotes", "search"}, False):
        return _safe("`flatpak` only lists packages")
    if name == "pyenv" and args and args[0] in ("versions", "version", "--version", "root"):
        return _safe("`pyenv` only lists versions")
    if name == "rfkill" and _first_is(args, {"list"}):
        return _safe("`rfkill list` only lists radios")
    if name in ("java", "javac") and args in (["-version"], ["--version"], ["-help"]):
        return _safe(f"`{name} {args[0]}` only prints its version")
    if name == "sensors" and not _forbids(args, ("-s", "--set", "-c", "--config-file", "/")):
        return _safe("`sensors` only reads the sensors")
    if (
        name == "upower"
        and args
        and args[0]
        in (
            "-i",
            "--show-info",
            "-e",
            "--enumerate",
            "-d",
            "--dump",
            "--version",
        )
    ):
        return _safe("`upower` only reads the power devices")
    if (
        name == "lastlog"
        and not _forbids(args, ("-C", "-S", "-R"))
        and not any(_long_prefix(a, ("--clear", "--set", "--root")) for a in args)
    ):
        return _safe("`lastlog` only reads the login records")
    return None


_SIMPLE = {
    "cal",
    "ncal",
    "uuidgen",
    "clear",
    "pstree",
    "sestatus",
    "w",
    "lsof",
    "netstat",
    "lspci",
    "lsusb",
    "who",
    "tput",
    "ss",
    "ifconfig",
    "mount",
    "findmnt",
    "swapon",
    "crontab",
    "at",
    "batch",
    "systemd-run",
    "history",
    "apt",
    "apt-cache",
    "dpkg",
    "dpkg-query",
    "snap",
    "flatpak",
    "pyenv",
    "rfkill",
    "java",
    "javac",
    "sensors",
    "upower",
    "lastlog",
    "curl",
    "wget",
    "mktemp",
    "pre-commit",
}
_TOOLS = _SIMPLE | {
    "yarn",
    "pnpm",
    "openssl",
    "gzip",
    "gunzip",
    "cargo",
    "7z",
    "7za",
    "7zr",
    "7zz",
    "brew",
    "npm",
    "terraform",
    "fzf",
    "fd",
    "fdfind",
    "ip",
    "journalctl",
    "dmesg",
    "systemctl",
    "timedatectl",
    *_CTL_SHOW,
}
_TOOLS |= queries_ops.TOOLS | queries_macos.TOOLS | queries_tools.TOOLS


@hookimpl
def gatekeeper_check_command(command: Command, call: ToolCall, ctx: Context) -> Finding | None:
    """Read-only queries → SAFE; their writing, executing or opening corners → REVIEW."""
    if not command.words or command.words[0].dynamic:
        return None
    name = command.name
    if name not in _TOOLS:
        return None
    if (any(w.dynamic for w in command.words[1:]) and not _own_user_only(command)) or (
        option_glob(command)
    ):
        return None  # a glob may expand to a name read as an option (`fd x *`, a file `-x`)
    args = list(command.argv[1:])
    found: Finding | None
    if name == "brew":
        found = _brew(args)
    elif name == "npm":
        found = _npm(args, ctx)
    elif name == "terraform":
        found = _terraform(args, ctx)
    elif name == "cargo":
        found = _cargo(args, ctx)
    elif name in ("yarn", "pnpm"):
        found = _yarn_pnpm(name, args, ctx)
    elif name == "openssl":
        found = _openssl(command, ctx)
    elif name in ("gzip", "gunzip"):
        found = _gzip(name, command, ctx)
    elif name in ("7z", "7za", "7zr", "7zz"):
        found = _sevenzip(name, command, ctx)
    elif name == "fzf":
        found = _fzf(args, command, ctx)
    elif name in ("fd", "fdfind"):
        found = _fd(command, ctx)
    elif name == "ip":
        found = _ip(args)
    elif name == "journalctl":
        found = _journalctl(args)
    elif name == "dmesg":
        found = _dmesg(args)
    elif name == "systemctl":
        found = _systemctl(args)
    elif name == "timedatectl":
        found = _timedatectl(args)
    elif name in _CTL_SHOW:
        found = _ctl_show(name, args)
    elif name in queries_ops.TOOLS:
        found = queries_ops.check(name, args, ctx)
    elif name in queries_macos.TOOLS:
        found = queries_macos.check(name, args, command, ctx)
    elif name in queries_tools.TOOLS:
        found = queries_tools.check(name, args, command, ctx)
    else:
        found = _simple(name, args, command, ctx)
    if found is None or found.verdict is Verdict.SAFE:
        # vouched for (or not known) only while nothing it reads from its environment
        # changes; what it found more severe stands (`X=1 sample 1234 -file ~/.zshrc`)
        return _configured(command, call, ctx) or found
    return found


def _configured(command: Command, call: ToolCall, ctx: Context) -> Finding | None:
    """REVIEW for a query with a variable not plainly harmless set for it: as a prefix
    (`FOO=1 npm ls`) or by a statement before it (`export FOO=1; npm ls`). Each tool reads
    variables of its own (`LUA_INIT`, `LSB_OS_RELEASE`: redteam14), more than any list
    names (`shell.setbefore`)."""
    from gatekeeper.shell.setbefore import env_changed

    changed = env_changed(command, call, ctx.paths.home_resolver)
    if changed is not None:
        return _review(f"{changed} may change how `{command.name}` behaves")
    return None
