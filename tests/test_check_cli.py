"""`gatekeeper check` explains a decision to a person, and to a script with --json."""

from __future__ import annotations

import json
import subprocess
from typing import TYPE_CHECKING

import pytest

from tests.conftest import GATEKEEPER, run_cli

if TYPE_CHECKING:
    from gatekeeper.testing import GkEnv


def _check(env: GkEnv, *args: str) -> subprocess.CompletedProcess[str]:
    return run_cli(env, "check", *args)


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


@pytest.mark.parametrize(
    ("command", "hint"),
    [
        ("cat ~/.ssh/id_rsa", "nothing: protected paths and gate changes always go to you"),
        ("rm -rf ~", "nothing: protected paths"),
        ("git push origin main", "`gatekeeper allow command 'git push origin main' --force`"),
        ("frobnicate --all", "to allow it always: `gatekeeper allow command 'frobnicate --all'`"),
    ],
)
def test_check_says_what_would_flip_an_ask(gk_env: GkEnv, command: str, hint: str) -> None:
    gk_env.write_config("[reviewer]\nenabled = false\n")
    out = _check(gk_env, command).stdout
    assert "to change it: " in out
    assert hint in out


def test_check_gives_no_hint_for_an_allow(gk_env: GkEnv) -> None:
    assert "to change it" not in _check(gk_env, "ls").stdout


def test_a_reader_that_goes_away_is_not_a_traceback(gk_env: GkEnv) -> None:
    """`gatekeeper check ... | head -1`: a closed pipe ends the command quietly."""
    many = "; ".join(["ls"] * 3000)  # far more output than a pipe buffer holds
    proc = subprocess.Popen(
        [GATEKEEPER, "check", "--json", many],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=gk_env.environ(),
    )
    assert proc.stdout is not None
    proc.stdout.read(1)
    proc.stdout.close()
    _, err = proc.communicate(timeout=60)
    assert b"Traceback" not in err
    assert proc.returncode in (0, 141)
