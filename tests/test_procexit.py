"""The end of a hook process (`gatekeeper.procexit`): no teardown only when none is needed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from gatekeeper import client, procexit

if TYPE_CHECKING:
    from gatekeeper.testing import GkEnv

GATEKEEPER = str(Path(sys.executable).with_name("gatekeeper"))


def payload(env: GkEnv, command: str) -> bytes:
    return json.dumps(
        {
            "session_id": "gk-test",
            "cwd": str(env.project),
            "permission_mode": "default",
            "hook_event_name": "PreToolUse",
            "tool_name": "Bash",
            "tool_input": {"command": command},
        }
    ).encode()


def needed_after_a_call(env: GkEnv, setup: str) -> bool:
    """`teardown_needed()` in a fresh interpreter after one hook call and `setup`."""
    code = (
        "import sys\n"
        "from gatekeeper.cli import main\n"
        "main(['hook'])\n"
        f"{setup}\n"
        "from gatekeeper import procexit\n"
        "print('NEEDED=' + str(procexit.teardown_needed()), file=sys.stderr)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        input=payload(env, "ls | head"),
        capture_output=True,
        env=env.environ(),
        cwd=env.project,
        timeout=60,
        check=True,
    )
    assert b'"allow"' in proc.stdout  # a real decision was made first
    return proc.stderr.decode().rsplit("NEEDED=", 1)[1].strip() == "True"


def test_an_ordinary_hook_call_needs_no_teardown(gk_env: GkEnv) -> None:
    gk_env.write_config("[reviewer]\nenabled = false\n")
    assert not needed_after_a_call(gk_env, "pass")


@pytest.mark.parametrize(
    "setup",
    [
        "import atexit; atexit.register(print)",
        "import threading, time; threading.Thread(target=time.sleep, args=(2,)).start()",
        "sys.setprofile(lambda *a: None)",
        "sys.settrace(lambda *a: None)",
        "import pluggy",  # a third-party module may rely on finalizers
    ],
)
def test_anything_a_teardown_would_run_keeps_it(gk_env: GkEnv, setup: str) -> None:
    gk_env.write_config("[reviewer]\nenabled = false\n")
    assert needed_after_a_call(gk_env, setup)


def test_an_atexit_callback_of_a_sitecustomize_still_runs(gk_env: GkEnv, tmp_path: Path) -> None:
    # The real console script, with a sitecustomize that registers a callback at exit.
    gk_env.write_config("[reviewer]\nenabled = false\n")
    site_dir = tmp_path / "site"
    site_dir.mkdir()
    marker = tmp_path / "ran"
    (site_dir / "sitecustomize.py").write_text(
        f"import atexit\natexit.register(lambda: open({str(marker)!r}, 'w').close())\n"
    )
    env = gk_env.environ()
    env["PYTHONPATH"] = str(site_dir)
    proc = subprocess.run(
        [GATEKEEPER, "hook"],
        input=payload(gk_env, "ls | head"),
        capture_output=True,
        env=env,
        cwd=gk_env.project,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["hookSpecificOutput"]["permissionDecision"] == "allow"
    assert marker.exists()


def test_the_hook_process_answers_and_audits_before_it_leaves(gk_env: GkEnv) -> None:
    gk_env.write_config("[reviewer]\nenabled = false\n")
    for command in ("ls | head", "rm -rf ~"):
        proc = subprocess.run(
            [GATEKEEPER, "hook"],
            input=payload(gk_env, command),
            capture_output=True,
            env=gk_env.environ(),
            cwd=gk_env.project,
            timeout=60,
            check=False,
        )
        assert proc.returncode == 0
        answer = json.loads(proc.stdout)["hookSpecificOutput"]["permissionDecision"]
        assert answer == ("allow" if command == "ls | head" else "ask")
    lines = (gk_env.state_dir / "audit.jsonl").read_text().splitlines()
    assert [json.loads(line)["input"]["command"] for line in lines] == ["ls | head", "rm -rf ~"]


def test_the_client_collects_as_the_hook_does() -> None:
    assert client.GC_THRESHOLD == procexit.GC_THRESHOLD


def test_tune_gc_keeps_the_older_generations() -> None:
    import gc

    before = gc.get_threshold()
    try:
        procexit.tune_gc()
        assert gc.get_threshold() == (procexit.GC_THRESHOLD, *before[1:])
    finally:
        gc.set_threshold(*before)
