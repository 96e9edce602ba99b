"""`gatekeeper check` explains a decision to a person, and to a script with --json."""

from __future__ import annotations

import json
import subprocess
from typing import TYPE_CHECKING

from tests.conftest import GATEKEEPER

if TYPE_CHECKING:
    from gatekeeper.testing import GkEnv


def _check(env: GkEnv, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [GATEKEEPER, "check", *args],
        capture_output=True,
        text=True,
        env=env.environ(),
        cwd=env.project,
        timeout=60,
        check=False,
    )


def test_check_explains_every_command_and_finding(gk_env: GkEnv) -> None:
    proc = _check(gk_env, "ls | head && git push")
    assert proc.returncode == 0
    assert "git push" in proc.stdout
    assert "GK-GIT-002" in proc.stdout and "gatekeeper.plugins.git" in proc.stdout
    assert "GK-BASH-001" in proc.stdout
    assert "decision: ASK" in proc.stdout


def test_check_json_for_a_tool_call(gk_env: GkEnv) -> None:
    target = str(gk_env.project / "a.py")
    proc = _check(gk_env, "--tool", "Read", "--input", json.dumps({"file_path": target}), "--json")
    out = json.loads(proc.stdout)
    assert out["decision"] == "allow"
    assert out["findings"][0]["rule"] == "GK-FILE-001"


def test_check_rejects_bad_usage(gk_env: GkEnv) -> None:
    assert _check(gk_env).returncode == 2
    assert _check(gk_env, "--tool", "Read", "--input", "{nope").returncode == 2
