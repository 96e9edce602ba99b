"""The Claude Code plugin in the repository root: manifest, hooks.json, command, launcher."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from gatekeeper.commands import install

if TYPE_CHECKING:
    from gatekeeper.testing import GkEnv

ROOT = Path(__file__).resolve().parents[1]
LAUNCHER = ROOT / "hooks" / "gatekeeper-hook"


def test_manifest_and_hooks_json() -> None:
    manifest = json.loads((ROOT / ".claude-plugin" / "plugin.json").read_text())
    assert manifest["name"] == "gatekeeper"
    hooks = json.loads((ROOT / "hooks" / "hooks.json").read_text())["hooks"]
    assert list(hooks) == ["PreToolUse"]
    [group] = hooks["PreToolUse"]
    assert group["matcher"] == "*"
    [handler] = group["hooks"]
    assert handler["command"] == "${CLAUDE_PLUGIN_ROOT}/hooks/gatekeeper-hook"
    assert handler["args"] == []  # exec form: a plugin path with spaces cannot break it
    assert handler["timeout"] > 30  # above the default reviewer timeout
    assert LAUNCHER.stat().st_mode & 0o111


def test_plugin_command_is_the_installed_one_for_gatekeeper_on_path() -> None:
    shipped = (ROOT / "commands" / "allow-tool.md").read_text()
    assert shipped == install.slash_command_text("gatekeeper")


def _launch(env: dict[str, str], root: Path) -> subprocess.CompletedProcess[bytes]:
    payload = {
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "ls"},
        "cwd": str(root),
    }
    return subprocess.run(
        [str(LAUNCHER)],
        input=json.dumps(payload).encode(),
        env={**env, "CLAUDE_PLUGIN_ROOT": str(root)},
        capture_output=True,
        timeout=60,
        check=False,
    )


def test_launcher_runs_gatekeeper_from_path(gk_env: GkEnv) -> None:
    env = gk_env.environ()
    env["PATH"] = f"{Path(sys.executable).parent}:/usr/bin:/bin"
    proc = _launch(env, gk_env.home)  # no .venv there: found on PATH
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["hookSpecificOutput"]["permissionDecision"] == "allow"


def test_launcher_without_gatekeeper_asks_instead_of_failing_open(gk_env: GkEnv) -> None:
    env = gk_env.environ()
    env["PATH"] = "/usr/bin:/bin"
    proc = _launch(env, gk_env.home)
    assert proc.returncode == 0
    out = json.loads(proc.stdout)["hookSpecificOutput"]
    assert out["hookEventName"] == "PreToolUse"
    assert out["permissionDecision"] == "ask"
    assert "not found" in out["permissionDecisionReason"]
