"""Run the real ``claude -p`` against the stand-in API with a PreToolUse hook, and read the result.

One :class:`ClaudeE2E` is a throwaway world for one test: a fake ``HOME`` (so the real
``~/.claude`` is never read or written), a project directory, gatekeeper's config and state
paths, and the hook command under test. :meth:`ClaudeE2E.run` plays a
:class:`~.fake_api.Scenario` through the binary and returns a :class:`RunResult` that says, per
``tool_use_id``, whether the tool ran, was blocked (and with which text Claude got back), or got
no result at all; it also carries the parsed stream-json output, every API request the stand-in
recorded and every hook call with its exact input and output.

The hook command is always wrapped by ``hook_recorder.py`` (same interpreter), which passes the
answer through unchanged; that is how a test sees a hook's silent "no decision".
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from .fake_api import FakeAnthropicAPI, RecordedRequest, Scenario, ToolUse, tool_result_text

# sun_path holds 108 bytes with the terminating NUL (gatekeeper.client.MAX_SOCKET_PATH).
MAX_SOCKET_PATH = 107

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping, Sequence

DEFAULT_PROMPT = "Run the scripted end-to-end scenario."
# A scenario takes about a second; the bound only has to catch a hang, not be tight.
RUN_TIMEOUT_SECONDS = 90.0
# Claude Code's per-hook timeout (seconds). Above hook_recorder's own child timeout so a hung
# hook is recorded by the recorder rather than killed silently by Claude Code.
HOOK_TIMEOUT_SECONDS = 90
HOOK_RECORDER = Path(__file__).with_name("hook_recorder.py")

Status = Literal["ran", "blocked", "no result"]


def bash(command: str, description: str = "e2e command") -> ToolUse:
    return ToolUse("Bash", {"command": command, "description": description})


def write_file(path: Path | str, content: str) -> ToolUse:
    return ToolUse("Write", {"file_path": str(path), "content": content})


def read_file(path: Path | str) -> ToolUse:
    return ToolUse("Read", {"file_path": str(path)})


def inside_tmp_dir(path: Path) -> bool:
    """True if ``path`` lies in /tmp, /var/tmp or $TMPDIR (after resolving symlinks)."""
    candidates = ["/tmp", "/var/tmp", os.environ.get("TMPDIR") or "/tmp"]
    resolved = path.resolve()
    return any(resolved.is_relative_to(Path(tmp).resolve()) for tmp in candidates)


def default_hook_command() -> list[str]:
    """``<venv>/bin/gatekeeper hook`` for the venv that runs the tests.

    ``sys.executable`` is deliberately not resolved: in a venv it is a symlink whose directory,
    not the target's, holds the console scripts.
    """
    return [str(Path(sys.executable).parent / "gatekeeper"), "hook"]


@dataclass(frozen=True)
class ToolOutcome:
    """What became of one tool_use.

    ``status`` is ``ran`` when Claude Code executed the tool (even if the tool itself then
    failed, e.g. a command exiting non-zero), ``blocked`` when a tool_result came back without
    the tool running (hook deny, ask in ``-p``, permission rule, tool not available), and
    ``no result`` when no tool_result for the id was seen at all.
    """

    tool_use_id: str
    status: Status
    text: str = ""
    is_error: bool = False
    decision: str | None = None  # tool_result_meta.permission_decision.decision: accept/reject
    decision_source: str | None = None  # ... .source: hook/config
    non_execution_kind: str | None = None  # e.g. permission-rule, user-rejected


@dataclass(frozen=True)
class HookCall:
    """One invocation of the hook under test, as hook_recorder.py saw it."""

    input: Mapping[str, Any]
    stdout: str
    stderr: str
    returncode: int | None
    seconds: float

    @property
    def tool_use_id(self) -> str | None:
        value = self.input.get("tool_use_id")
        return str(value) if value is not None else None

    @property
    def tool_name(self) -> str | None:
        value = self.input.get("tool_name")
        return str(value) if value is not None else None

    @property
    def output(self) -> Mapping[str, Any] | None:
        """The hook's stdout as a JSON object, or None (empty, plain text or not an object)."""
        text = self.stdout.strip()
        if not text.startswith("{"):
            return None
        try:
            parsed = json.loads(text)
        except ValueError:
            return None
        return parsed if isinstance(parsed, dict) else None

    @property
    def decision(self) -> str | None:
        """``permissionDecision`` from the output, or None for "no decision"."""
        specific = (self.output or {}).get("hookSpecificOutput")
        if isinstance(specific, dict) and specific.get("permissionDecision") is not None:
            return str(specific["permissionDecision"])
        return None


@dataclass
class RunResult:
    """Everything one ``claude -p`` run produced."""

    scenario: Scenario
    root: Path
    returncode: int
    stream: list[dict[str, Any]]
    stderr: str
    requests: list[RecordedRequest]
    hook_calls: list[HookCall]
    wall_seconds: float
    outcomes: dict[str, ToolOutcome] = field(default_factory=dict)

    def outcome(self, use: ToolUse | str) -> ToolOutcome:
        tool_use_id = use.id if isinstance(use, ToolUse) else use
        return self.outcomes.get(tool_use_id, ToolOutcome(tool_use_id, "no result"))

    def hook_calls_for(self, use: ToolUse | str) -> list[HookCall]:
        tool_use_id = use.id if isinstance(use, ToolUse) else use
        return [call for call in self.hook_calls if call.tool_use_id == tool_use_id]

    @property
    def result(self) -> Mapping[str, Any] | None:
        """The final ``{"type": "result", ...}`` message of the stream."""
        results = [message for message in self.stream if message.get("type") == "result"]
        return results[-1] if results else None

    @property
    def system_messages(self) -> list[str]:
        """Texts of hook ``systemMessage`` output as Claude Code streamed them.

        Version 2.1.328 emits ``{"type": "system", "subtype": "informational", "content":
        "PreToolUse:<Tool> says: <message>"}``.
        """
        return [
            str(message.get("content", ""))
            for message in self.stream
            if message.get("type") == "system" and message.get("subtype") == "informational"
        ]

    def requests_of(self, *kinds: str) -> list[RecordedRequest]:
        return [request for request in self.requests if request.kind in kinds]

    def describe(self) -> str:
        """A compact account of the run for assertion messages."""
        lines = [f"claude exit {self.returncode}, {self.wall_seconds:.2f}s, in {self.root}"]
        for tool_use_id, outcome in self.outcomes.items():
            lines.append(
                f"  {tool_use_id}: {outcome.status} ({outcome.decision_source}) "
                f"{outcome.text[:160]!r}"
            )
        for call in self.hook_calls:
            lines.append(
                f"  hook {call.tool_name} {call.tool_use_id}: exit {call.returncode} "
                f"out={call.stdout.strip()[:200]!r} err={call.stderr.strip()[:200]!r}"
            )
        lines.append(
            "  requests: " + ", ".join(f"{r.method} {r.path} [{r.kind}]" for r in self.requests)
        )
        if self.stderr.strip():
            lines.append(f"  claude stderr: {self.stderr.strip()[:1000]}")
        return "\n".join(lines)


class ClaudeRunError(AssertionError):
    """claude timed out; carries what was seen so far."""


def parse_stream(stdout: str) -> list[dict[str, Any]]:
    """stream-json output: one JSON object per line; anything else is kept as a raw record."""
    messages: list[dict[str, Any]] = []
    for line in stdout.splitlines():
        if not line.strip():
            continue
        try:
            parsed = json.loads(line)
        except ValueError:
            messages.append({"type": "_unparsed", "line": line})
            continue
        messages.append(parsed if isinstance(parsed, dict) else {"type": "_unparsed", "line": line})
    return messages


def collect_outcomes(
    stream: Sequence[Mapping[str, Any]],
    api_tool_results: Mapping[str, Mapping[str, Any]],
    expected_ids: Iterable[str],
) -> dict[str, ToolOutcome]:
    """Per tool_use_id, what happened, from the stream's tool results and their metadata.

    The text is the one the stand-in API received (exactly what the model got back), falling
    back to the stream's copy. ``tool_result_meta.permission_decision`` says whether the call
    was accepted; without it, an error result means the tool did not run.
    """
    results: dict[str, tuple[Mapping[str, Any], Mapping[str, Any]]] = {}
    seen_ids: list[str] = []
    denied: set[str] = set()
    for message in stream:
        kind = message.get("type")
        if kind == "assistant":
            for block in message.get("message", {}).get("content") or []:
                if isinstance(block, dict) and block.get("type") == "tool_use":
                    seen_ids.append(str(block.get("id")))
        elif kind == "user":
            metas = {
                str(meta.get("id")): meta
                for meta in message.get("tool_result_meta") or []
                if isinstance(meta, dict)
            }
            for block in message.get("message", {}).get("content") or []:
                if isinstance(block, dict) and block.get("type") == "tool_result":
                    tool_use_id = str(block.get("tool_use_id"))
                    results[tool_use_id] = (block, metas.get(tool_use_id, {}))
        elif kind == "result":
            denied.update(
                str(d.get("tool_use_id"))
                for d in message.get("permission_denials") or []
                if isinstance(d, dict)
            )

    outcomes: dict[str, ToolOutcome] = {}
    for tool_use_id in dict.fromkeys([*expected_ids, *seen_ids]):
        stream_block, meta = results.get(tool_use_id, ({}, {}))
        block = api_tool_results.get(tool_use_id) or stream_block
        if not block:
            outcomes[tool_use_id] = ToolOutcome(tool_use_id, "no result")
            continue
        decision_info = meta.get("permission_decision") or {}
        decision = decision_info.get("decision")
        is_error = bool(block.get("is_error"))
        status: Status
        if decision == "accept":
            status = "ran"
        elif decision == "reject" or tool_use_id in denied or is_error:
            status = "blocked"
        else:
            status = "ran"
        outcomes[tool_use_id] = ToolOutcome(
            tool_use_id=tool_use_id,
            status=status,
            text=tool_result_text(block),
            is_error=is_error,
            decision=str(decision) if decision is not None else None,
            decision_source=str(decision_info["source"])
            if decision_info.get("source") is not None
            else None,
            non_execution_kind=str(meta["non_execution_kind"])
            if meta.get("non_execution_kind") is not None
            else None,
        )
    return outcomes


def _read_hook_log(path: Path) -> list[HookCall]:
    if not path.exists():
        return []
    calls: list[HookCall] = []
    for line in path.read_text().splitlines():
        record = json.loads(line)
        try:
            hook_input = json.loads(record["input"])
        except ValueError:
            hook_input = {"_unparsed": record["input"]}
        calls.append(
            HookCall(
                input=hook_input if isinstance(hook_input, dict) else {"_json": hook_input},
                stdout=record["stdout"],
                stderr=record["stderr"],
                returncode=record["returncode"],
                seconds=float(record["seconds"]),
            )
        )
    return calls


class ClaudeE2E:
    """A throwaway HOME + project (a fresh git repository) for running scenarios.

    Layout under ``root``: ``home/`` (HOME, with ``.claude/settings.json``), ``project/`` (cwd),
    ``gatekeeper/config.toml`` (GATEKEEPER_CONFIG; not created), ``state/``
    (GATEKEEPER_STATE_DIR; not created, gatekeeper makes it), ``claude-tmp/`` and one
    ``hooks-N.jsonl`` hook log per run.
    """

    def __init__(
        self,
        claude: Path,
        root: Path,
        hook_command: Sequence[str] | None = None,
        on_run: Callable[[RunResult], None] | None = None,
        init_git: bool = True,
    ) -> None:
        self.claude = claude
        self.root = root
        self.home = root / "home"
        self.project = root / "project"
        self.config_path = root / "gatekeeper" / "config.toml"
        self.state_dir = root / "state"
        if len(os.fsencode(self.state_dir / "run" / "server.sock")) > MAX_SOCKET_PATH:
            # The warm server's socket is <state dir>/run/server.sock: past sun_path's 107
            # bytes it cannot bind (and the hook decides in process). A deep checkout, as a
            # CI clone may be, gets a short state dir of its own; `close` removes it.
            self.state_dir = Path(tempfile.mkdtemp(prefix="gk-state-"))
        self.claude_tmp = root / "claude-tmp"
        self.hook_command: list[str] = (
            list(hook_command) if hook_command is not None else default_hook_command()
        )
        # Extra top-level keys for ~/.claude/settings.json (e.g. "permissions"); hooks are ours.
        self.settings: dict[str, Any] = {}
        # Extra environment for claude (and so for the hook); applied last.
        self.env_overrides: dict[str, str] = {}
        self.runs: list[RunResult] = []
        self._on_run = on_run
        for directory in (
            self.home / ".claude",
            self.project,
            self.config_path.parent,
            self.claude_tmp,
        ):
            directory.mkdir(parents=True, exist_ok=True)
        if init_git:
            self.git_init()

    def close(self) -> None:
        """Remove what lives outside `root` (a short state dir; see `__init__`)."""
        if not self.state_dir.is_relative_to(self.root):
            shutil.rmtree(self.state_dir, ignore_errors=True)

    @property
    def audit_log(self) -> Path:
        return self.state_dir / "audit.jsonl"

    def audit_records(self) -> list[dict[str, Any]]:
        """gatekeeper's audit lines (empty if there is no audit log yet)."""
        if not self.audit_log.exists():
            return []
        return [
            json.loads(line) for line in self.audit_log.read_text().splitlines() if line.strip()
        ]

    def settings_json(self, hook_log: Path) -> dict[str, Any]:
        # Exec form (command + args): no shell, so paths with spaces or quotes cannot break it.
        handler = {
            "type": "command",
            "command": sys.executable,
            # -I: the recorder needs nothing from PYTHON* variables or the script's directory.
            "args": ["-I", str(HOOK_RECORDER), str(hook_log), "--", *self.hook_command],
            "timeout": HOOK_TIMEOUT_SECONDS,
        }
        settings = dict(self.settings)
        settings["hooks"] = {"PreToolUse": [{"matcher": "*", "hooks": [handler]}]}
        return settings

    def environment(self, base_url: str) -> dict[str, str]:
        """A minimal environment: none of the caller's Claude, Anthropic or proxy settings."""
        path_entries = [
            str(self.claude.parent),  # `claude` = the pinned binary, e.g. for a reviewer subprocess
            str(Path(sys.executable).parent),  # the test venv's console scripts
            os.environ.get("PATH", os.defpath),
        ]
        env = {
            "PATH": os.pathsep.join(path_entries),
            "HOME": str(self.home),
            "LANG": "C.UTF-8",
            "XDG_CONFIG_HOME": str(self.home / ".config"),
            "XDG_STATE_HOME": str(self.home / ".local" / "state"),
            "XDG_CACHE_HOME": str(self.home / ".cache"),
            "XDG_DATA_HOME": str(self.home / ".local" / "share"),
            "GATEKEEPER_CONFIG": str(self.config_path),
            "GATEKEEPER_STATE_DIR": str(self.state_dir),
            # A warm decision server started by the installed fast hook goes away soon after.
            "GATEKEEPER_SERVER_IDLE": "20",
            # Claude Code's scratch files (task output etc.) would otherwise go to the system tmp.
            "CLAUDE_CODE_TMPDIR": str(self.claude_tmp),
            "ANTHROPIC_BASE_URL": base_url,
            "ANTHROPIC_API_KEY": "test",
            # No telemetry, update checks or error reports: the stand-in is the only peer.
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            # git (Claude Code's and the hook's) must not find a repository above the project,
            # such as the gatekeeper checkout that holds the e2e root.
            "GIT_CEILING_DIRECTORIES": str(self.root),
            "NO_PROXY": "127.0.0.1,localhost",
            "no_proxy": "127.0.0.1,localhost",
        }
        env.update(self.env_overrides)
        return env

    def git_init(self) -> None:
        """Make the project its own git repository.

        Claude Code 2.1.328 finds the enclosing git root by itself (it ignores
        GIT_CEILING_DIRECTORIES) and keys its project state and settings.local.json on it; with
        the e2e root inside a checkout, that would be the checkout. A repository of its own
        keeps the project the project.
        """
        subprocess.run(
            ["git", "init", "-q", str(self.project)],
            env={"PATH": os.environ.get("PATH", os.defpath), "HOME": str(self.home)},
            check=True,
            timeout=30,
            capture_output=True,
        )

    def run(
        self,
        scenario: Scenario,
        *,
        prompt: str = DEFAULT_PROMPT,
        reviewer_decisions: Iterable[Mapping[str, Any]] = (),
        extra_args: Sequence[str] = (),
        timeout: float = RUN_TIMEOUT_SECONDS,
    ) -> RunResult:
        """Play ``scenario`` through ``claude -p`` and collect what happened."""
        hook_log = self.root / f"hooks-{len(self.runs)}.jsonl"
        (self.home / ".claude" / "settings.json").write_text(
            json.dumps(self.settings_json(hook_log), indent=2)
        )
        command = [
            str(self.claude),
            "-p",
            prompt,
            "--output-format",
            "stream-json",
            "--verbose",
            *extra_args,
        ]
        with FakeAnthropicAPI(scenario, reviewer_decisions=reviewer_decisions) as api:
            started = time.monotonic()
            # A new session, so a timeout can kill claude together with its hooks and tools.
            process = subprocess.Popen(
                command,
                cwd=self.project,
                env=self.environment(api.base_url),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                start_new_session=True,
            )
            try:
                stdout, stderr = process.communicate(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                stdout, stderr = process.communicate(timeout=30)
                raise ClaudeRunError(
                    f"claude did not finish within {timeout}s\nstdout tail: {stdout[-3000:]}\n"
                    f"stderr tail: {stderr[-3000:]}\n"
                    f"requests: {[(r.path, r.kind) for r in api.requests]}"
                ) from None
            wall = time.monotonic() - started
            requests = api.requests
            api_results = api.tool_results()
        stream = parse_stream(stdout)
        result = RunResult(
            scenario=scenario,
            root=self.root,
            returncode=process.returncode,
            stream=stream,
            stderr=stderr,
            requests=requests,
            hook_calls=_read_hook_log(hook_log),
            wall_seconds=wall,
            outcomes=collect_outcomes(
                stream, api_results, (use.id for use in scenario.tool_uses())
            ),
        )
        self.runs.append(result)
        if self._on_run is not None:
            self._on_run(result)
        return result
