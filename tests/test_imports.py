"""The hook's hot path imports nothing heavy (the lists are pinned here)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from pathlib import Path

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
# Nor, for ordinary calls, the chain json → re → enum → functools → collections and the other
# small modules they pulled in (docs/performance.md, "Without json, re and enum"): JSON goes
# through `_json` (gatekeeper.jsonc), regexes compile on first use and the ordinary calls use
# none, the model's enums are gatekeeper.lightenum, tree-sitter's extension loads with
# stand-ins for the `re` and `enum` it asks for.
ORDINARY_FORBIDDEN = {
    "json",
    "re",
    "enum",
    "functools",
    "collections",
    "contextlib",
    "fnmatch",
    "types",
    "operator",
    "keyword",
    "reprlib",
    "itertools",
    "copyreg",
}
ORDINARY_CALLS = [
    ("Bash", {"command": "ls | head"}, "gatekeeper.plugins.git"),
    ("Bash", {"command": "git status | head -5"}, "gatekeeper.plugins.git"),
    ("Read", {"file_path": "/tmp/notes.txt"}, "gatekeeper.plugins.files"),
    ("Edit", {"file_path": "/tmp/a.py", "old_string": "a", "new_string": "b"}, "gatekeeper.audit"),
    ("Grep", {"pattern": "TODO", "path": "/tmp", "glob": "*.py"}, "gatekeeper.plugins.protected"),
]


def hook_modules(
    home: Path, config: str, tool: str, tool_input: dict[str, str]
) -> tuple[str, set[str]]:
    """Run `gatekeeper hook` on one call in a fresh interpreter: its answer and `sys.modules`."""
    stdout, modules, _ = hook_run(home, config, tool, tool_input)
    return stdout, modules


def hook_run(
    home: Path, config: str, tool: str, tool_input: dict[str, str]
) -> tuple[str, set[str], list[str]]:
    """`hook_modules`, and what the call compiled at run time (not a module's source)."""
    payload = json.dumps(
        {
            "tool_name": tool,
            "tool_input": tool_input,
            "cwd": "/tmp",
            "hook_event_name": "PreToolUse",
        }
    )
    code = (
        "import sys\n"
        "compiled = []\n"
        "sys.addaudithook(lambda event, args: event == 'compile' and compiled.append(str(args[1])))\n"
        "from gatekeeper.cli import main\n"
        "main(['hook'])\n"
        "print('\\nCOMPILED=' + repr([c for c in compiled if c.startswith('<')]), file=sys.stderr)\n"
        "print('\\nMODULES=' + ','.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    env = {
        "HOME": str(home),
        "GATEKEEPER_STATE_DIR": f"{home}/state",
        "GATEKEEPER_CONFIG": config,
        "PATH": "/usr/bin:/bin",
    }
    proc = subprocess.run(
        [sys.executable, "-c", code],
        input=payload,
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=60,
    )
    compiled = proc.stderr.rsplit("COMPILED=", 1)[1].split("\n", 1)[0]
    modules = set(proc.stderr.rsplit("MODULES=", 1)[1].strip().split(","))
    return proc.stdout, modules, ast.literal_eval(compiled)


@pytest.mark.parametrize(("tool", "tool_input", "loaded"), ORDINARY_CALLS)
def test_the_hook_hot_path_imports_nothing_heavy(
    tmp_path: Path, tool: str, tool_input: dict[str, str], loaded: str
) -> None:
    stdout, modules = hook_modules(tmp_path, f"{tmp_path}/none.toml", tool, tool_input)
    assert '"permissionDecision": "allow"' in stdout
    assert not FORBIDDEN & modules, sorted(FORBIDDEN & modules)
    assert loaded in modules  # the plugins were loaded, the call audited: not a vacuous list
    assert not COLD_FORBIDDEN & modules, sorted(COLD_FORBIDDEN & modules)
    assert not ORDINARY_FORBIDDEN & modules, sorted(ORDINARY_FORBIDDEN & modules)


def test_a_config_with_bash_rules_keeps_the_chain_out(tmp_path: Path) -> None:
    # The third call: the first two parse the TOML (tomllib imports re); the first creates the
    # state dir (its audit record), the second caches the parse (docs/performance.md).
    config = tmp_path / "config.toml"
    config.write_text(
        "[reviewer]\nenabled = false\n[permissions]\n"
        'allow = ["Bash(npm run test:*)", "mcp__fs__*"]\n'
        'deny = ["Bash(rm -rf *)"]\nask = ["Bash(git push:*)"]\n'
    )
    for _ in range(3):
        stdout, modules = hook_modules(
            tmp_path, str(config), "Bash", {"command": "npm run test -- -k x"}
        )
    assert "allowed by your rule `Bash(npm run test:*)`" in stdout
    assert "gatekeeper.rules" in modules
    assert not ORDINARY_FORBIDDEN & modules, sorted(ORDINARY_FORBIDDEN & modules)


@pytest.mark.parametrize(("tool", "tool_input", "loaded"), ORDINARY_CALLS)
def test_the_hook_compiles_nothing_at_run_time(
    tmp_path: Path, tool: str, tool_input: dict[str, str], loaded: str
) -> None:
    # compile() costs ~20 million instructions the first time (the records' __init__s come
    # from gatekeeper.recordinits' bytecode; docs/performance.md, run U). A module's own
    # source compiled by the import system (no bytecode yet) is not counted.
    stdout, modules, compiled = hook_run(tmp_path, f"{tmp_path}/none.toml", tool, tool_input)
    assert '"permissionDecision": "allow"' in stdout
    assert loaded in modules
    assert compiled == []
