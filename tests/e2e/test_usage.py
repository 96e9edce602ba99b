"""Everyday use with the real Claude Code binary: the plugin, install, PermissionRequest mode.

Each test drives ``claude -p`` through the stand-in API (see harness.py) and checks what
really happened to each tool call. Where gatekeeper's hook is not wrapped by the recorder
(plugin and install tests: the hook is exactly what a user gets), the audit log is the
witness that gatekeeper decided.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from .fake_api import Scenario, turn
from .harness import HOOK_RECORDER, HOOK_TIMEOUT_SECONDS, ClaudeE2E, bash, write_file

if TYPE_CHECKING:
    from collections.abc import Mapping

REPO_ROOT = Path(__file__).resolve().parents[2]
PLUGIN_PARTS = (".claude-plugin", "hooks", "commands")
GATEKEEPER = str(Path(sys.executable).parent / "gatekeeper")


class PluginE2E(ClaudeE2E):
    """No hook in settings: the gatekeeper plugin, loaded with --plugin-dir, is the hook."""

    def settings_json(self, hook_log: Path) -> dict[str, Any]:
        del hook_log
        return dict(self.settings)


class InstalledE2E(ClaudeE2E):
    """settings.json is whatever `gatekeeper install` wrote into the throwaway HOME."""

    def settings_json(self, hook_log: Path) -> dict[str, Any]:
        del hook_log
        settings: dict[str, Any] = json.loads((self.home / ".claude" / "settings.json").read_text())
        return settings

    def gatekeeper(self, *argv: str) -> subprocess.CompletedProcess[str]:
        """Run the gatekeeper CLI with this world's HOME, config and state."""
        return subprocess.run(
            [GATEKEEPER, *argv],
            env=self.environment("http://127.0.0.1:9"),
            cwd=self.project,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )


class PermissionRequestE2E(ClaudeE2E):
    """gatekeeper (behind the recorder) answers PermissionRequest instead of PreToolUse."""

    def settings_json(self, hook_log: Path) -> dict[str, Any]:
        handler = {
            "type": "command",
            "command": sys.executable,
            "args": ["-I", str(HOOK_RECORDER), str(hook_log), "--", GATEKEEPER, "hook"],
            "timeout": HOOK_TIMEOUT_SECONDS,
        }
        settings = dict(self.settings)
        settings["hooks"] = {"PermissionRequest": [{"matcher": "*", "hooks": [handler]}]}
        return settings


def _world(cls: type[ClaudeE2E], claude_binary: Path, e2e_root: Path) -> Any:
    if not Path(GATEKEEPER).exists():
        pytest.skip("no gatekeeper console script beside the test interpreter")
    return cls(claude_binary, e2e_root)


def _audit(world: ClaudeE2E) -> list[dict[str, Any]]:
    return [r for r in world.audit_records() if r.get("event") == "decision"]


def _decision(output: Mapping[str, Any] | None) -> str:
    """The PermissionRequest behavior in a hook's output ("none" for no decision)."""
    specific = (output or {}).get("hookSpecificOutput") or {}
    return str((specific.get("decision") or {}).get("behavior", "none"))


# -- the Claude Code plugin -----------------------------------------------------------------


def test_plugin_dir_loads_the_plugin_and_its_hook_decides(
    claude_binary: Path, e2e_root: Path
) -> None:
    world: PluginE2E = _world(PluginE2E, claude_binary, e2e_root)
    # A copy, as a marketplace install makes (and the project must not lie inside the plugin
    # directory, which Claude Code treats as sensitive). It has no .venv: the hook finds
    # gatekeeper on PATH.
    plugin = e2e_root / "plugin"
    for part in PLUGIN_PARTS:
        copy = shutil.copytree if (REPO_ROOT / part).is_dir() else shutil.copy2
        copy(REPO_ROOT / part, plugin / part)
    target = world.project / "notes.txt"
    write, push = write_file(target, "from the plugin test\n"), bash("git push origin main")
    result = world.run(
        Scenario(turns=(turn(write), turn(push))), extra_args=["--plugin-dir", str(plugin)]
    )

    records = {r["tool_use_id"]: r for r in _audit(world)}
    assert records[write.id]["decision"] == "allow", result.describe()
    assert result.outcome(write).status == "ran", result.describe()
    assert result.outcome(write).decision_source == "hook"  # Claude Code alone would ask
    assert target.read_text() == "from the plugin test\n"
    assert records[push.id]["decision"] == "ask"
    assert result.outcome(push).status == "blocked"


# -- gatekeeper install, then a real session ------------------------------------------------


def test_install_then_a_session_is_gated_then_uninstall(
    claude_binary: Path, e2e_root: Path
) -> None:
    world: InstalledE2E = _world(InstalledE2E, claude_binary, e2e_root)
    installed = world.gatekeeper("install")
    assert installed.returncode == 0, installed.stderr
    assert world.config_path.exists()  # the commented default config

    (world.project / "README.md").write_text("hello\n")
    listing, push = bash("cat README.md"), bash("git push origin main")
    write = write_file(world.project / "out.txt", "x\n")
    result = world.run(Scenario(turns=(turn(listing), turn(write), turn(push))))

    assert result.outcome(listing).status == "ran", result.describe()
    assert "hello" in result.outcome(listing).text
    assert result.outcome(write).status == "ran"
    assert result.outcome(push).status == "blocked"
    decisions = {r["tool_use_id"]: r["decision"] for r in _audit(world)}
    assert decisions == {listing.id: "allow", write.id: "allow", push.id: "ask"}

    doctor = world.gatekeeper("doctor", "--json")
    report = json.loads(doctor.stdout)
    [test] = [c for c in report["checks"] if c["check"] == "self-test"]
    assert test["status"] == "ok", doctor.stdout

    assert world.gatekeeper("uninstall").returncode == 0
    assert json.loads((world.home / ".claude" / "settings.json").read_text()) == {}


def test_install_round_trip_with_the_stub_reviewer(claude_binary: Path, e2e_root: Path) -> None:
    """A safe command runs, `git push` is blocked, an unknown command is pushed back."""
    pytest.importorskip("gatekeeper_stub_reviewer")
    world: InstalledE2E = _world(InstalledE2E, claude_binary, e2e_root)
    world.config_path.write_text('[plugins]\nenabled = ["gatekeeper_stub_reviewer"]\n')
    reason = "frobnicate rewrites the lock file: run `make lock` instead"
    world.env_overrides["GATEKEEPER_STUB_REVIEWER"] = json.dumps(
        [{"match": "frobnicate", "decision": "PUSH_BACK", "reason": reason}]
    )
    assert world.gatekeeper("install").returncode == 0

    safe, push, unknown = bash("ls -la"), bash("git push origin main"), bash("frobnicate --all")
    result = world.run(Scenario(turns=(turn(safe), turn(push), turn(unknown))))

    assert result.outcome(safe).status == "ran", result.describe()
    assert result.outcome(push).status == "blocked"
    assert result.outcome(unknown).status == "blocked"
    assert reason in result.outcome(unknown).text
    decisions = {r["tool_use_id"]: (r["decision"], r["tier"]) for r in _audit(world)}
    assert decisions[unknown.id] == ("deny", "tier2")
    assert not result.requests_of("reviewer")  # the stub answered; no model was asked


# -- PermissionRequest mode -----------------------------------------------------------------


def test_permission_request_mode(claude_binary: Path, e2e_root: Path) -> None:
    world: PermissionRequestE2E = _world(PermissionRequestE2E, claude_binary, e2e_root)
    world.config_path.write_text(
        '[permissions]\ndeny = ["Bash(make deploy)"]\n[reviewer]\nenabled = false\n'
    )
    target = world.project / "written.txt"
    listing = bash("ls")
    write = write_file(target, "allowed by gatekeeper\n")
    push = bash("git push origin main")
    deploy = bash("make deploy")
    result = world.run(Scenario(turns=(turn(listing), turn(write), turn(push), turn(deploy))))

    by_command = {
        str(c.input.get("tool_input", {}).get("command") or c.input.get("tool_name")): c
        for c in result.hook_calls
    }
    assert all(c.input.get("hook_event_name") == "PermissionRequest" for c in result.hook_calls)
    # `ls` never prompts in Claude Code, so PermissionRequest does not fire for it.
    assert "ls" not in by_command, result.describe()
    assert result.outcome(listing).status == "ran"
    # SAFE → allow: the write runs although Claude Code would have asked.
    assert _decision(by_command["Write"].output) == "allow", result.describe()
    assert result.outcome(write).status == "ran"
    assert target.read_text() == "allowed by gatekeeper\n"
    # ELEVATE → no decision: Claude Code's own dialog (in -p: a refusal).
    assert by_command["git push origin main"].stdout.strip() == ""
    assert result.outcome(push).status == "blocked"
    # deny → deny with the message, which the model reads.
    assert _decision(by_command["make deploy"].output) == "deny"
    assert result.outcome(deploy).status == "blocked"
    assert "Bash(make deploy)" in result.outcome(deploy).text


def test_permission_request_push_back_reaches_the_model(
    claude_binary: Path, e2e_root: Path
) -> None:
    world: PermissionRequestE2E = _world(PermissionRequestE2E, claude_binary, e2e_root)
    call = bash("frobnicate --all-the-things")
    result = world.run(
        Scenario(turns=(turn(call),)),
        reviewer_decisions=[{"decision": "PUSH_BACK", "reason": "use the make target instead"}],
    )
    [hook_call] = result.hook_calls_for(call) or result.hook_calls
    if not result.requests_of("reviewer"):
        pytest.skip("gatekeeper has no built-in reviewer in this tree yet")
    assert _decision(hook_call.output) == "deny", result.describe()
    assert result.outcome(call).status == "blocked"
    assert "use the make target instead" in result.outcome(call).text
