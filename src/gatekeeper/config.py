"""Read, merge and validate gatekeeper's configuration.

Sources, in order (later ones add to earlier ones):

1. built-in defaults (`DEFAULTS`), the seeds' baseline;
2. the user config, ``$GATEKEEPER_CONFIG`` or ``$XDG_CONFIG_HOME/gatekeeper/config.toml``,
   hand-edited (read only, never rewritten);
3. ``allowed.toml`` beside it, written only by ``gatekeeper allow``;
4. the project's ``.claude/gatekeeper.toml``, which may only tighten (ask/deny rules,
   protected paths, turning the reviewer off) unless the user config lists the project under
   ``[projects] trusted``.

A file that does not parse is ignored as a whole; a key of the wrong type falls back to its
default; an unknown key is ignored. Each of these leaves a warning naming the file, the line
and the problem, which the hook shows on every call (``systemMessage``) until it is fixed.
"""

from __future__ import annotations

import os
from stat import S_ISREG as _S_ISREG  # `stat` is imported by `os` already

from gatekeeper.lazyre import re
from gatekeeper.records import dataclass, field

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Mapping

# The harmless built-in tools of Claude Code (current and older names). Configurable.
DEFAULT_SAFE_TOOLS = (
    "Agent",
    "Task",
    "WebSearch",
    "WebFetch",
    "TodoWrite",
    "TodoRead",
    "ToolSearch",
    "Skill",
    "TaskCreate",
    "TaskUpdate",
    "TaskGet",
    "TaskList",
    "TaskOutput",
    "TaskStop",
    "BashOutput",
    "KillBash",
    "KillShell",
    "ListAgents",
    "ReportFindings",
    "ScheduleWakeup",
    "ListMcpResourcesTool",
    "ReadMcpResourceTool",
    "StructuredOutput",
    "SlashCommand",
)


@dataclass(frozen=True, slots=True)
class ReviewerConfig:
    """``[reviewer]``: the Tier 2 reviewer."""

    enabled: bool = True
    command: str = "claude"
    model: str = "haiku"
    timeout_seconds: float = 30.0
    max_budget_usd: float = 0.05
    max_consecutive_pushbacks: int = 3
    max_session_cost_usd: float = 1.0
    prompt_file: str = ""


@dataclass(frozen=True, slots=True)
class Config:
    """The merged, validated configuration for one call."""

    allowed_paths: tuple[str, ...] = ()
    protected_paths: tuple[str, ...] = ()
    allow: tuple[str, ...] = ()
    ask: tuple[str, ...] = ()
    deny: tuple[str, ...] = ()
    safe_tools: tuple[str, ...] = DEFAULT_SAFE_TOOLS
    reviewer: ReviewerConfig = field(default_factory=ReviewerConfig)
    plugins_enabled: tuple[str, ...] = ()
    plugins_disabled: tuple[str, ...] = ()
    trusted_projects: tuple[str, ...] = ()
    audit_path: str = ""
    audit_enabled: bool = True
    warnings: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    digest: str = ""
    user_config_path: str = ""
    project_root: str = ""


# section -> key -> (expected type, Config attribute or reviewer attribute)
_STR_LIST = "list of strings"
SCHEMA: Mapping[str, Mapping[str, str]] = {
    "paths": {"allowed": _STR_LIST, "protected": _STR_LIST},
    "permissions": {"allow": _STR_LIST, "ask": _STR_LIST, "deny": _STR_LIST},
    "tools": {"safe": _STR_LIST},
    "reviewer": {
        "enabled": "boolean",
        "command": "string",
        "model": "string",
        "timeout_seconds": "number",
        "max_budget_usd": "number",
        "max_consecutive_pushbacks": "integer",
        "max_session_cost_usd": "number",
        "prompt_file": "string",
    },
    "plugins": {"enabled": _STR_LIST, "disabled": _STR_LIST},
    "projects": {"trusted": _STR_LIST},
    "audit": {"path": "string", "enabled": "boolean"},
}

# What a project config may set without being trusted: only what tightens.
_PROJECT_TIGHTENING = {
    ("permissions", "ask"),
    ("permissions", "deny"),
    ("paths", "protected"),
    ("reviewer", "enabled"),
}
# What allowed.toml (machine-written by `gatekeeper allow` and `gatekeeper plugins`) may hold.
_ALLOWED_FILE_KEYS = {
    ("paths", "allowed"),
    ("permissions", "allow"),
    ("permissions", "ask"),
    ("permissions", "deny"),
    ("plugins", "enabled"),
    ("plugins", "disabled"),
}


def home_dir() -> str:
    """The user's home directory ($HOME, as the agent's processes see it)."""
    return os.environ.get("HOME") or os.path.expanduser("~")


def user_config_path() -> str:
    """Where the user config lives: $GATEKEEPER_CONFIG, else the XDG location."""
    explicit = os.environ.get("GATEKEEPER_CONFIG")
    if explicit:
        return os.path.abspath(os.path.expanduser(explicit))
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(home_dir(), ".config")
    return os.path.join(base, "gatekeeper", "config.toml")


def allowed_file_path() -> str:
    """`allowed.toml`, beside the user config."""
    return os.path.join(os.path.dirname(user_config_path()), "allowed.toml")


def state_dir() -> str:
    """gatekeeper's state directory: $GATEKEEPER_STATE_DIR, else the XDG location."""
    explicit = os.environ.get("GATEKEEPER_STATE_DIR")
    if explicit:
        return os.path.abspath(os.path.expanduser(explicit))
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(home_dir(), ".local", "state")
    return os.path.join(base, "gatekeeper")


def project_root(cwd: str) -> str:
    """The project root: $CLAUDE_PROJECT_DIR, else the git root of cwd, else cwd.

    `/` and the home directory itself are never a project root ("" is returned instead).
    """
    root = os.environ.get("CLAUDE_PROJECT_DIR") or _git_root(cwd) or cwd
    root = os.path.realpath(os.path.expanduser(root)) if root else ""
    if root in ("", "/", os.path.realpath(home_dir())):
        return ""
    return root


def _git_root(cwd: str) -> str:
    here = os.path.abspath(cwd) if cwd else ""
    while here and here != "/":
        if os.path.exists(os.path.join(here, ".git")):
            return here
        parent = os.path.dirname(here)
        if parent == here:
            break
        here = parent
    return ""


@dataclass(slots=True)
class _Builder:
    """Mutable accumulator while reading the sources; frozen into `Config` at the end."""

    values: dict[tuple[str, str], object] = field(default_factory=dict)
    lists: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    raw: list[bytes] = field(default_factory=list)


def load(cwd: str) -> Config:
    """Load the configuration that applies to a call made in `cwd`. Never raises."""
    b = _Builder()
    upath = user_config_path()
    user = _read(upath, b)
    if user is not None:
        _merge(user, upath, b, allowed_keys=None)
    apath = allowed_file_path()
    allowed = _read(apath, b)
    if allowed is not None:
        _merge(allowed, apath, b, allowed_keys=_ALLOWED_FILE_KEYS)
    root = project_root(cwd)
    if root:
        ppath = os.path.join(root, ".claude", "gatekeeper.toml")
        project = _read(ppath, b)
        if project is not None:
            trusted = {
                os.path.realpath(os.path.expanduser(p))
                for p in b.lists.get(("projects", "trusted"), [])
            }
            keys = None if root in trusted else _PROJECT_TIGHTENING
            _merge(project, ppath, b, allowed_keys=keys, tighten_only=root not in trusted)
    return _freeze(b, upath, root)


# A config file is a few hundred bytes; a bigger one is no config gatekeeper wrote or a
# person would write.
MAX_CONFIG_BYTES = 1024 * 1024


def _read(path: str, b: _Builder) -> dict[str, object] | None:
    """A config file's parsed TOML; None (and a warning) for one that cannot be used.

    Only a regular file, and only its first `MAX_CONFIG_BYTES`: a repository may ship its
    `.claude/gatekeeper.toml` as a link to `/dev/zero` (git keeps links), which `read()`
    took whole on every call until memory ran out (MemoryError, or the kernel's OOM killer
    ending the hook with no answer at all; redteam17). A FIFO is opened without waiting.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    except OSError as exc:
        b.warnings.append(f"{path}: cannot be read ({exc.strerror}); using the defaults")
        return None
    try:
        if not _S_ISREG(os.fstat(fd).st_mode):
            b.warnings.append(f"{path}: not a regular file; this file is ignored, defaults apply")
            return None
        data = os.read(fd, MAX_CONFIG_BYTES + 1)
        while data and len(data) <= MAX_CONFIG_BYTES:  # os.read may return less than asked
            more = os.read(fd, MAX_CONFIG_BYTES + 1 - len(data))
            if not more:
                break
            data += more
    except OSError as exc:
        b.warnings.append(f"{path}: cannot be read ({exc.strerror}); using the defaults")
        return None
    finally:
        os.close(fd)
    if len(data) > MAX_CONFIG_BYTES:
        b.warnings.append(
            f"{path}: larger than {MAX_CONFIG_BYTES // 1024} KiB; this file is ignored, "
            "defaults apply"
        )
        return None
    b.raw.append(data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        b.warnings.append(f"{path}: not valid UTF-8; this file is ignored, defaults apply")
        return None
    from gatekeeper import tomlcache  # the parse of this exact text, if seen before

    parsed = tomlcache.lookup(text)
    if parsed is None:
        # Imported here: tomllib costs ~20 ms and most calls have nothing new to parse.
        import tomllib

        try:
            parsed = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            problem = _toml_error(str(exc), data)
            b.warnings.append(f"{path}:{problem}; this file is ignored, defaults apply")
            return None
        tomlcache.store(text, parsed)
    b.sources.append(path)
    return parsed


def _toml_error(message: str, data: bytes) -> str:
    """`LINE: problem` from tomllib's message ("Invalid value (at line 3, column 9)")."""
    m = re.search(r"\(at line (\d+), column (\d+)\)", message)
    if m:
        return f"{m.group(1)}: {message[: m.start()].strip()} (column {m.group(2)})"
    if "end of document" in message:
        last = data.rstrip(b"\n").count(b"\n") + 1
        return f"{last}: {message.split(' (at', 1)[0]} (the file ends early)"
    return f"?: {message}"


def _line_of(path: str, section: str, key: str) -> str:
    """The line where `key` is set in `[section]` of a file, for a warning ("?" if unknown)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            lines = fh.read().splitlines()
    except OSError:
        return "?"
    current = ""
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        header = re.match(r"^\[\s*([A-Za-z0-9_.-]+)\s*\]", stripped)
        if header:
            current = header.group(1)
            continue
        if current == section and re.match(rf"^{re.escape(key)}\s*=", stripped):
            return str(number)
        if current == "" and re.match(rf"^{re.escape(section)}\.{re.escape(key)}\s*=", stripped):
            return str(number)
    return "?"


def _type_ok(expected: str, value: object) -> bool:
    if expected == _STR_LIST:
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if expected == "string":
        return isinstance(value, str)
    if expected == "boolean":
        return isinstance(value, bool)
    if expected == "integer":
        return isinstance(value, int) and not isinstance(value, bool) and value >= 0
    if expected == "number":
        return isinstance(value, int | float) and not isinstance(value, bool) and value >= 0
    return False


def _merge(
    data: Mapping[str, object],
    path: str,
    b: _Builder,
    *,
    allowed_keys: set[tuple[str, str]] | None,
    tighten_only: bool = False,
) -> None:
    for section, table in data.items():
        spec = SCHEMA.get(section)
        if spec is None:
            b.warnings.append(f"{path}: unknown section [{section}] is ignored")
            continue
        if not isinstance(table, dict):
            line = _line_of(path, "", section)
            b.warnings.append(f"{path}:{line}: [{section}] must be a table; it is ignored")
            continue
        for key, value in table.items():
            expected = spec.get(key)
            if expected is None:
                line = _line_of(path, section, key)
                b.warnings.append(f"{path}:{line}: unknown key {section}.{key} is ignored")
                continue
            if allowed_keys is not None and (section, key) not in allowed_keys:
                line = _line_of(path, section, key)
                why = "a project config may only tighten" if tighten_only else "not allowed here"
                b.warnings.append(f"{path}:{line}: {section}.{key} is ignored ({why})")
                continue
            if not _type_ok(expected, value):
                line = _line_of(path, section, key)
                b.warnings.append(
                    f"{path}:{line}: {section}.{key} must be a {expected}, "
                    f"got {type(value).__name__}; the default is used"
                )
                continue
            if tighten_only and (section, key) == ("reviewer", "enabled") and value is not False:
                continue  # a project may turn the reviewer off, never on
            if expected == _STR_LIST:
                assert isinstance(value, list)  # noqa: S101 - checked by _type_ok above
                if section == "paths" and any("\0" in v for v in value):
                    # A NUL names no file, and resolving one raises: a project's
                    # `protected = ["a\u0000b"]` made the protected-paths check fail on
                    # every write it had to place, REVIEW instead of ELEVATE, and in
                    # bypassPermissions mode no decision at all (redteam17).
                    line = _line_of(path, section, key)
                    b.warnings.append(
                        f"{path}:{line}: {section}.{key}: an entry with a NUL byte names "
                        "no file; it is ignored"
                    )
                b.lists.setdefault((section, key), []).extend(v for v in value if "\0" not in v)
            else:
                b.values[(section, key)] = value


def _freeze(b: _Builder, upath: str, root: str) -> Config:
    def strs(section: str, key: str, default: tuple[str, ...] = ()) -> tuple[str, ...]:
        got = b.lists.get((section, key))
        return tuple(dict.fromkeys(got)) if got is not None else default

    r = ReviewerConfig()
    reviewer = ReviewerConfig(
        enabled=bool(b.values.get(("reviewer", "enabled"), r.enabled)),
        command=str(b.values.get(("reviewer", "command"), r.command)),
        model=str(b.values.get(("reviewer", "model"), r.model)),
        timeout_seconds=float(
            str(b.values.get(("reviewer", "timeout_seconds"), r.timeout_seconds))
        ),
        max_budget_usd=float(str(b.values.get(("reviewer", "max_budget_usd"), r.max_budget_usd))),
        max_consecutive_pushbacks=int(
            str(
                b.values.get(("reviewer", "max_consecutive_pushbacks"), r.max_consecutive_pushbacks)
            )
        ),
        max_session_cost_usd=float(
            str(b.values.get(("reviewer", "max_session_cost_usd"), r.max_session_cost_usd))
        ),
        prompt_file=str(b.values.get(("reviewer", "prompt_file"), r.prompt_file)),
    )
    digest = ""
    if b.raw:
        import zlib  # a cheap, stable fingerprint of the config bytes for the audit record

        crc = 0
        for chunk in b.raw:
            crc = zlib.crc32(chunk, crc)
        digest = f"{crc:08x}"
    return Config(
        allowed_paths=strs("paths", "allowed"),
        protected_paths=strs("paths", "protected"),
        allow=strs("permissions", "allow"),
        ask=strs("permissions", "ask"),
        deny=strs("permissions", "deny"),
        safe_tools=strs("tools", "safe", DEFAULT_SAFE_TOOLS),
        reviewer=reviewer,
        plugins_enabled=strs("plugins", "enabled"),
        plugins_disabled=strs("plugins", "disabled"),
        trusted_projects=strs("projects", "trusted"),
        audit_path=str(b.values.get(("audit", "path"), "")),
        audit_enabled=bool(b.values.get(("audit", "enabled"), True)),
        warnings=tuple(b.warnings),
        sources=tuple(b.sources),
        digest=digest,
        user_config_path=upath,
        project_root=root,
    )
