"""The hook's hot path imports nothing heavy (the list is pinned here)."""

from __future__ import annotations

import json
import subprocess
import sys

FORBIDDEN = {
    "structlog",
    "importlib.metadata",
    "asyncio",
    "subprocess",
    "tomli_w",
    "logging",
    "argparse",
    "email",
}


def test_the_hook_hot_path_imports_nothing_heavy(tmp_path: object) -> None:
    payload = json.dumps(
        {
            "tool_name": "Bash",
            "tool_input": {"command": "ls | head"},
            "cwd": "/tmp",
            "hook_event_name": "PreToolUse",
        }
    )
    code = (
        "import io, sys\n"
        f"sys.stdin = io.TextIOWrapper(io.BytesIO({payload.encode()!r}))\n"
        "from gatekeeper.cli import main\n"
        "main(['hook'])\n"
        "print('\\nMODULES=' + ','.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    env = {
        "HOME": str(tmp_path),
        "GATEKEEPER_STATE_DIR": f"{tmp_path}/state",
        "GATEKEEPER_CONFIG": f"{tmp_path}/none.toml",
        "PATH": "/usr/bin:/bin",
    }
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=60,
    )
    assert '"permissionDecision": "allow"' in proc.stdout
    modules = set(proc.stderr.rsplit("MODULES=", 1)[1].strip().split(","))
    assert not FORBIDDEN & modules, sorted(FORBIDDEN & modules)
