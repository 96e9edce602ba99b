"""The hook's hot path imports nothing heavy (the lists are pinned here)."""

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
# What the cold hook no longer imports at all (docs/performance.md, "A lean cold hook"):
# pluggy (the small registry in gatekeeper.registry), typing (local TYPE_CHECKING, tree-sitter's
# binding loaded directly), dataclasses and inspect (gatekeeper.records). Without a config
# file; a TOML config still imports tomllib, and with it typing.
COLD_FORBIDDEN = {"typing", "inspect", "pluggy", "dataclasses", "tomllib", "ast", "dis"}


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
    assert "gatekeeper.plugins.git" in modules  # the plugins were loaded: not a vacuous list
    assert not COLD_FORBIDDEN & modules, sorted(COLD_FORBIDDEN & modules)
