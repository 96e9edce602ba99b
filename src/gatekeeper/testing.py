"""pytest helpers for gatekeeper and its plugin authors (opt-in: ``pytest_plugins``).

Enable with ``pytest_plugins = ["gatekeeper.testing"]`` in a ``conftest.py``. It gives:

* `StubReviewer`: a reviewer plugin that answers with a fixed decision and records calls;
* the ``gk_env`` fixture: a throwaway HOME, config and state dir for the test;
* the ``make_engine`` fixture: a fresh `Engine` (built-ins + chosen plugins + stubs);
* `check` / `assert_decision`: run one call through an engine;
* ``gk_env.hook(tool, input, env=...)``: run the real ``gatekeeper hook`` process
  (a `HookResult`: decision, reason, output, the audit record);
* `corpus_cases`: the runner for annotated command corpora (``# ruleid:`` / ``# ok:``).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pytest

from gatekeeper import config as config_mod
from gatekeeper.hookspecs import hookimpl
from gatekeeper.host import BUILTIN_PLUGINS, make_plugin_manager
from gatekeeper.model import Outcome, Review, ReviewDecision, Verdict
from gatekeeper.pipeline import Engine, parse_input

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
    from pathlib import Path

    from gatekeeper.context import Context
    from gatekeeper.model import Decision, Finding, ToolCall


@dataclass
class StubReviewer:
    """A reviewer that answers every review with a fixed decision and records what it saw."""

    decision: ReviewDecision = ReviewDecision.APPROVE
    reason: str = "stub reviewer"
    asked: list[tuple[ToolCall, tuple[Finding, ...]]] = field(default_factory=list)

    @hookimpl(tryfirst=True)  # a test's stub must answer before any real reviewer
    def gatekeeper_review(
        self, call: ToolCall, findings: Sequence[Finding], ctx: Context
    ) -> Review:
        """Record the call and answer with the fixed decision."""
        del ctx
        self.asked.append((call, tuple(findings)))
        return Review(self.decision, self.reason)


@dataclass(frozen=True)
class GkEnv:
    """The throwaway environment of one test."""

    home: Path
    project: Path
    config_path: Path
    state_dir: Path

    def write_config(self, text: str) -> Path:
        """Write the user config (TOML text)."""
        self.config_path.parent.mkdir(parents=True, exist_ok=True)
        self.config_path.write_text(text)
        return self.config_path

    def environ(self) -> dict[str, str]:
        """The environment a subprocess of this test should get."""
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("GATEKEEPER_", "CLAUDE", "ANTHROPIC_"))
        }
        env.update(self.variables())
        return env

    def variables(self) -> dict[str, str]:
        """The variables that point gatekeeper at this environment."""
        return {
            "HOME": str(self.home),
            "GATEKEEPER_CONFIG": str(self.config_path),
            "GATEKEEPER_STATE_DIR": str(self.state_dir),
            "XDG_CONFIG_HOME": str(self.home / ".config"),
            "XDG_STATE_HOME": str(self.home / ".local" / "state"),
            "CLAUDE_PROJECT_DIR": str(self.project),
            # A `claude` that a test reaches by accident (a developer's own, first on PATH)
            # finds no credentials in the throwaway HOME and no API but a closed loopback port.
            "ANTHROPIC_BASE_URL": "http://127.0.0.1:9",
            "ANTHROPIC_API_KEY": "gatekeeper-test-no-network",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            # A warm decision server started by an installed hook goes away soon after.
            "GATEKEEPER_SERVER_IDLE": "20",
        }

    def hook(
        self,
        tool: str,
        tool_input: Mapping[str, object],
        *,
        env: Mapping[str, str] | None = None,
        **fields: str,
    ) -> HookResult:
        """Run the real `gatekeeper hook` process on one PreToolUse call in the project.

        `env` adds environment variables (a plugin's settings, PYTHONPATH); `fields` add or
        override hook input fields (``permission_mode``, ``cwd``...).
        """
        import subprocess
        import sys
        from pathlib import Path

        payload: dict[str, object] = {
            "session_id": "gk-test",
            "cwd": str(self.project),
            "permission_mode": "default",
            "hook_event_name": "PreToolUse",
            "tool_name": tool,
            "tool_input": dict(tool_input),
        }
        payload.update(fields)
        environ = self.environ()
        environ.update(env or {})
        proc = subprocess.run(
            [str(Path(sys.executable).with_name("gatekeeper")), "hook"],
            input=json.dumps(payload).encode(),
            capture_output=True,
            env=environ,
            timeout=60,
            check=False,
        )
        assert proc.returncode == 0, f"the hook exited {proc.returncode}: {proc.stderr!r}"
        out = json.loads(proc.stdout) if proc.stdout.strip() else {}
        spec = out.get("hookSpecificOutput", {})
        audit = self.state_dir / "audit.jsonl"
        records = audit.read_text().splitlines() if audit.exists() else []
        return HookResult(
            decision=spec.get("permissionDecision", "none"),
            reason=spec.get("permissionDecisionReason", ""),
            output=out,
            audit=json.loads(records[-1]) if records else {},
            stderr=proc.stderr.decode(errors="replace"),
        )


@dataclass(frozen=True)
class HookResult:
    """What one run of the real hook answered, and the audit record it wrote."""

    decision: str  # allow / deny / ask, or "none" for no decision
    reason: str
    output: Mapping[str, object]  # the whole JSON object on stdout ({} when empty)
    audit: Mapping[str, object]  # the last audit record ({} when none was written)
    stderr: str


@pytest.fixture
def gk_env(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[GkEnv]:
    """A throwaway HOME with a project dir, gatekeeper config path and state dir.

    It lives under ``<rootdir>/.cache/gk-homes``, not under /tmp: /tmp is a path class of its
    own (scratch space), so a HOME there would make every path look like scratch.
    """
    import shutil
    import tempfile
    from pathlib import Path

    base = Path(request.config.rootpath) / ".cache" / "gk-homes"
    tmp_dirs = [Path(p).resolve() for p in ("/tmp", "/var/tmp", os.environ.get("TMPDIR") or "/tmp")]
    if any(base.resolve().is_relative_to(t) for t in tmp_dirs):
        # A checkout under /tmp: fall back to the user's cache dir (never ~/.claude).
        cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        base = Path(cache) / "gatekeeper-test-homes"
    base.mkdir(parents=True, exist_ok=True)
    root = Path(tempfile.mkdtemp(prefix="t-", dir=base))
    home = root / "home"
    project = home / "project"
    project.mkdir(parents=True)
    (project / ".git").mkdir()
    env = GkEnv(
        home=home,
        project=project,
        config_path=home / ".config" / "gatekeeper" / "config.toml",
        state_dir=home / ".local" / "state" / "gatekeeper",
    )
    from gatekeeper.shell.secretenv import secret_variable

    # A secret in the environment makes `env` ask (GK-ENV-002): the tests start without one.
    for name in [
        k
        for k in os.environ
        if k.startswith(("GATEKEEPER_", "CLAUDE", "ANTHROPIC_")) or secret_variable(k, os.environ)
    ]:
        monkeypatch.delenv(name)
    for name, value in env.variables().items():
        monkeypatch.setenv(name, value)
    from gatekeeper.shell import proclines

    # Likewise the machine's processes: a command line holding a token makes `ps -ef` ask
    # (GK-ENV-002). The tests see none unless they write `PROC/PID/cmdline` themselves.
    (root / "proc").mkdir()
    monkeypatch.setattr(proclines, "PROC", str(root / "proc"))
    from gatekeeper.shell import unitenv

    # And the machine's systemd units: a token in one makes `systemctl cat UNIT` ask. The
    # tests see the user's units of the throwaway HOME, and the system's under `root/systemd`.
    monkeypatch.setattr(unitenv, "SYSTEM_DIRS", (str(root / "systemd" / "system"),))
    monkeypatch.setattr(unitenv, "USER_DIRS", unitenv.USER_DIRS[:2])
    yield env
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def make_engine(gk_env: GkEnv) -> Callable[..., Engine]:
    """Build an `Engine` from the test's config, with extra plugin objects or modules."""

    def factory(
        *extra: object,
        plugins: Iterable[str] = BUILTIN_PLUGINS,
        enabled: Iterable[str] = (),
        blocked: Iterable[str] = (),
        cwd: str | None = None,
    ) -> Engine:
        config = config_mod.load(cwd or str(gk_env.project))
        pm, failures = make_plugin_manager(
            plugins=plugins,
            enabled=(*config.plugins_enabled, *enabled),
            extra=extra,
            blocked=(*config.plugins_disabled, *blocked),
        )
        return Engine(config, pm, failures)

    return factory


def tool_call(
    tool: str = "Bash",
    tool_input: Mapping[str, object] | None = None,
    *,
    command: str | None = None,
    cwd: str = "/",
    mode: str = "default",
    session: str = "test-session",
) -> ToolCall:
    """A validated `ToolCall` built through stage 0, exactly as the hook would."""
    if command is not None:
        tool_input = {"command": command}
    payload = {
        "tool_name": tool,
        "tool_input": tool_input or {},
        "cwd": cwd,
        "permission_mode": mode,
        "session_id": session,
        "hook_event_name": "PreToolUse",
    }
    return parse_input(json.dumps(payload).encode())


def check(
    engine: Engine,
    command: str | None = None,
    *,
    tool: str = "Bash",
    tool_input: Mapping[str, object] | None = None,
    cwd: str | None = None,
    mode: str = "default",
) -> Decision:
    """Decide one call: a Bash command line, or a tool with its input."""
    where = cwd or engine.config.project_root or "/"
    return engine.decide(tool_call(tool, tool_input, command=command, cwd=where, mode=mode))


def assert_decision(
    engine: Engine,
    command: str | None = None,
    *,
    expected: str,
    rule: str | None = None,
    **kwargs: object,
) -> Decision:
    """Check a call and assert its outcome (`allow`/`deny`/`ask`/`none`) and deciding rule."""
    decision = check(engine, command, **kwargs)  # type: ignore[arg-type]
    assert decision.outcome == Outcome(expected), (
        f"{command or kwargs}: expected {expected}, got {decision.outcome.value}: {decision.reason}"
    )
    if rule is not None:
        rules = {f.rule for f in decision.findings} | {decision.rule}
        assert rule in rules, f"{command or kwargs}: rule {rule} not among {sorted(rules)}"
    return decision


@dataclass(frozen=True)
class CorpusCase:
    """One annotated command of a corpus file."""

    path: str
    line: int
    kind: str  # "ruleid" or "ok"
    rule: str
    command: str

    @property
    def id(self) -> str:
        """A readable pytest id."""
        return f"{os.path.basename(self.path)}:{self.line}"


_ANNOTATION = re.compile(r"^#\s*(ruleid|ok):\s*([A-Z0-9-]+)\s*$")
_HEREDOC_START = re.compile(r"(?<!<)<<(?!<)(-?)\s*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\2")


def corpus_cases(paths: Iterable[str | Path]) -> Iterator[CorpusCase]:
    """Read annotated corpora: each `# ruleid: R` / `# ok: R` applies to the next command.

    ``ruleid`` means the command must produce a finding with rule R; ``ok`` means it must
    not, and must not be denied. A corpus is valid bash, but it is only read, never run.

    A command is one line, extended the way bash extends it: a line ending in a backslash
    continues on the next line, and a line that opens here-documents (``<<EOF``,
    ``<<'EOF'``, ``<<-EOF``) runs until each one's closing delimiter line. So multi-line
    commands are written exactly as they would be typed.
    """
    for path in paths:
        lines = open(path, encoding="utf-8").read().splitlines()  # noqa: SIM115 - tiny files
        pending: tuple[str, str, int] | None = None
        number = 0
        while number < len(lines):
            line = lines[number]
            number += 1
            m = _ANNOTATION.match(line.strip())
            if m:
                pending = (m.group(1), m.group(2), number)
                continue
            if pending is not None and line.strip() and not line.lstrip().startswith("#"):
                kind, rule, _ = pending
                start = number
                text, number = _whole_command(lines, number - 1)
                yield CorpusCase(str(path), start, kind, rule, text)
                pending = None


def _whole_command(lines: Sequence[str], index: int) -> tuple[str, int]:
    """The command starting at lines[index], with continuations and heredoc bodies."""
    out = [lines[index]]
    index += 1
    while out[-1].endswith("\\") and index < len(lines):
        out.append(lines[index])
        index += 1
    for m in _HEREDOC_START.finditer("\n".join(out)):
        strip_tabs, delimiter = m.group(1) == "-", m.group(3)
        while index < len(lines):
            body = lines[index]
            out.append(body)
            index += 1
            if (body.lstrip("\t") if strip_tabs else body) == delimiter:
                break
        else:
            raise ValueError(f"here-document {delimiter} is never closed")
    return "\n".join(out), index


def run_corpus_case(engine: Engine, case: CorpusCase, cwd: str | None = None) -> None:
    """Assert one corpus case against an engine."""
    decision = check(engine, case.command, cwd=cwd)
    rules = {f.rule for f in decision.findings} | {decision.rule}
    if case.kind == "ruleid":
        assert case.rule in rules, (
            f"{case.id}: `{case.command}` should trigger {case.rule}; got "
            f"{decision.outcome.value} with {sorted(rules)}: {decision.reason}"
        )
        # `ruleid` marks a command the gate must not wave through: the rule fires as REVIEW
        # or ELEVATE (a SAFE finding of the same id does not count), and it is not allowed.
        flagged = {f.rule for f in decision.findings if f.verdict != Verdict.SAFE}
        assert case.rule in flagged or decision.outcome != Outcome.ALLOW, (
            f"{case.id}: `{case.command}` was allowed ({decision.reason})"
        )
        if case.rule.startswith(("GK-PROT", "GK-WRAP-001", "GK-GIT-002")):
            assert decision.outcome != Outcome.ALLOW, f"{case.id}: `{case.command}` was allowed"
    else:
        assert case.rule not in rules, (
            f"{case.id}: `{case.command}` should not trigger {case.rule}: {decision.reason}"
        )
        assert decision.outcome == Outcome.ALLOW, (
            f"{case.id}: `{case.command}` should be allowed; got {decision.outcome.value}: "
            f"{decision.reason}"
        )
