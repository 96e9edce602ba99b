"""`gatekeeper install` / `uninstall` against real files in a throwaway HOME."""

from __future__ import annotations

import dataclasses
import json
import os
import shlex
import subprocess
from typing import TYPE_CHECKING, Any

import pytest

from gatekeeper import cli
from gatekeeper import config as config_mod
from gatekeeper.commands import install

if TYPE_CHECKING:
    from pathlib import Path

    from gatekeeper.testing import GkEnv

EXISTING: dict[str, Any] = {
    "model": "sonnet",
    "permissions": {"allow": ["Bash(npm test)"], "deny": ["Read(./.env)"]},
    "hooks": {
        "PreToolUse": [
            {"matcher": "Bash", "hooks": [{"type": "command", "command": "/opt/audit.sh"}]}
        ],
        "PostToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "logger x"}]}],
    },
}


def settings_file(env: GkEnv) -> Path:
    return env.home / ".claude" / "settings.json"


def gk(*argv: str) -> int:
    return cli.main(list(argv))


def ours(settings: dict[str, Any]) -> list[tuple[str, str, object]]:
    return install.registered(settings)


def backups(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".gatekeeper-backup-*"))


def test_fresh_install_registers_the_absolute_hook_for_every_tool(gk_env: GkEnv) -> None:
    assert gk("install") == 0
    settings = json.loads(settings_file(gk_env).read_text())
    [group] = settings["hooks"]["PreToolUse"]
    assert group["matcher"] == "*"  # every tool, mcp__* included
    [handler] = group["hooks"]
    # The fast client: the venv's Python, isolated, running gatekeeper's client script.
    python, *flags, script = shlex.split(handler["command"])
    assert flags == ["-I", "-S"]
    assert os.path.isabs(python) and os.access(python, os.X_OK)
    assert script.endswith("/gatekeeper/fasthook.py") and os.path.isfile(script)
    assert handler["timeout"] == 30 + install.TIMEOUT_MARGIN_SECONDS
    assert (gk_env.home / ".claude" / "commands" / "allow-tool.md").exists()
    assert gk_env.config_path.exists()


def test_cold_install_enters_gatekeeper_hook_itself(gk_env: GkEnv) -> None:
    assert gk("install", "--cold") == 0
    [(_, command, _)] = ours(json.loads(settings_file(gk_env).read_text()))
    executable, word = command.rsplit(" ", 1)
    assert word == "hook"
    assert os.path.isabs(executable) and os.access(executable, os.X_OK)
    assert gk("install") == 0  # switching to the fast client replaces the entry
    [(_, command, _)] = ours(json.loads(settings_file(gk_env).read_text()))
    assert command.endswith("/gatekeeper/fasthook.py")
    assert gk("uninstall") == 0
    assert ours(json.loads(settings_file(gk_env).read_text())) == []


def test_installed_command_runs_and_decides(gk_env: GkEnv) -> None:
    gk("install")
    [(_, command, _)] = ours(json.loads(settings_file(gk_env).read_text()))
    payload = {
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "git push origin main"},
        "cwd": str(gk_env.project),
        "session_id": "s",
    }
    # Shell form, as Claude Code runs it (sh -c on Linux).
    proc = subprocess.run(
        ["sh", "-c", command],
        input=json.dumps(payload).encode(),
        capture_output=True,
        env=gk_env.environ(),
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0
    out = json.loads(proc.stdout)
    assert out["hookSpecificOutput"]["permissionDecision"] == "ask"


def test_default_config_is_commented_and_loads_as_the_defaults(gk_env: GkEnv) -> None:
    gk("install")
    text = gk_env.config_path.read_text()
    assert text.count("\n#") > 20
    loaded = config_mod.load(str(gk_env.project))
    assert loaded.warnings == ()
    assert loaded.sources == (str(gk_env.config_path),)
    defaults = config_mod.Config()
    for f in dataclasses.fields(config_mod.Config):
        if f.name in ("sources", "digest", "user_config_path", "project_root", "warnings"):
            continue
        assert getattr(loaded, f.name) == getattr(defaults, f.name), f.name
    # Every key of the schema is explained in the file (set, or commented out).
    for section, keys in config_mod.SCHEMA.items():
        for key in keys:
            assert f"{key} = " in text, f"{section}.{key}"


def test_existing_keys_and_hooks_are_kept_and_backed_up(gk_env: GkEnv) -> None:
    path = settings_file(gk_env)
    path.parent.mkdir(parents=True)
    original = json.dumps(EXISTING, indent=4)
    path.write_text(original)
    assert gk("install") == 0
    settings = json.loads(path.read_text())
    assert settings["model"] == "sonnet"
    assert settings["permissions"] == EXISTING["permissions"]
    assert settings["hooks"]["PostToolUse"] == EXISTING["hooks"]["PostToolUse"]
    assert settings["hooks"]["PreToolUse"][0] == EXISTING["hooks"]["PreToolUse"][0]
    assert len(ours(settings)) == 1
    [backup] = backups(path)
    assert backup.read_text() == original


def test_install_twice_is_install_once(gk_env: GkEnv) -> None:
    path = settings_file(gk_env)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(EXISTING))
    gk("install")
    first = path.read_text()
    assert gk("install") == 0
    assert path.read_text() == first
    assert len(ours(json.loads(first))) == 1
    assert len(backups(path)) == 1  # the second run changed nothing, so backed up nothing


def test_a_stale_gatekeeper_entry_is_replaced_not_duplicated(gk_env: GkEnv) -> None:
    path = settings_file(gk_env)
    path.parent.mkdir(parents=True)
    stale = {"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [
        {"type": "command", "command": "/old/venv/bin/gatekeeper hook", "timeout": 5}
    ]}]}}  # fmt: skip
    path.write_text(json.dumps(stale))
    gk("install")
    [(event, command, timeout)] = ours(json.loads(path.read_text()))
    assert event == "PreToolUse"
    assert not command.startswith("/old/")
    assert timeout == 30 + install.TIMEOUT_MARGIN_SECONDS


@pytest.mark.parametrize(
    "content", ["{not json", "[1, 2]", '{"hooks": []}', '{"hooks": {"PreToolUse": {}}}']
)
def test_unparseable_settings_are_refused_and_untouched(
    gk_env: GkEnv, content: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = settings_file(gk_env)
    path.parent.mkdir(parents=True)
    path.write_text(content)
    assert gk("install") == 1
    assert path.read_text() == content
    assert backups(path) == []
    assert not gk_env.config_path.exists()  # refused before anything was written
    assert "gatekeeper install:" in capsys.readouterr().err
    assert gk("uninstall") == 1
    assert path.read_text() == content


def test_dry_run_shows_the_diff_and_changes_nothing(
    gk_env: GkEnv, capsys: pytest.CaptureFixture[str]
) -> None:
    path = settings_file(gk_env)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(EXISTING, indent=2) + "\n")
    before = path.read_text()
    assert gk("install", "--dry-run") == 0
    out = capsys.readouterr().out
    assert f"+++ {path}" in out
    assert '+            "command": ' in out and '/gatekeeper/fasthook.py"' in out
    assert path.read_text() == before
    assert not gk_env.config_path.exists()
    assert not (gk_env.home / ".claude" / "commands").exists()
    assert backups(path) == []


def test_uninstall_removes_exactly_what_install_added(gk_env: GkEnv) -> None:
    path = settings_file(gk_env)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(EXISTING))
    gk("install")
    assert gk("uninstall") == 0
    assert json.loads(path.read_text()) == EXISTING
    assert not (gk_env.home / ".claude" / "commands").exists()  # emptied: removed
    assert not gk_env.config_path.exists()  # untouched default config: install's, removed


def test_uninstall_of_a_fresh_install_leaves_no_hooks_key(gk_env: GkEnv) -> None:
    gk("install")
    gk("uninstall")
    assert json.loads(settings_file(gk_env).read_text()) == {}


def test_uninstall_keeps_an_edited_config_and_command(gk_env: GkEnv) -> None:
    gk("install")
    gk_env.config_path.write_text(gk_env.config_path.read_text() + "\n# mine\n")
    command = gk_env.home / ".claude" / "commands" / "allow-tool.md"
    command.write_text("my own command\n")
    other = command.with_name("mine.md")
    other.write_text("another command\n")
    gk("uninstall")
    assert other.exists()
    assert gk_env.config_path.read_text().endswith("# mine\n")
    assert command.read_text() == "my own command\n"


def test_permission_request_mode_switches_the_event(gk_env: GkEnv) -> None:
    path = settings_file(gk_env)
    gk("install")
    assert gk("install", "--permission-request") == 0
    settings = json.loads(path.read_text())
    assert [event for event, _, _ in ours(settings)] == ["PermissionRequest"]
    assert "PreToolUse" not in settings["hooks"]
    gk("install")
    assert [event for event, _, _ in ours(json.loads(path.read_text()))] == ["PreToolUse"]


def test_project_install_writes_the_projects_local_settings(gk_env: GkEnv) -> None:
    assert gk("install", "--project", str(gk_env.project)) == 0
    local = gk_env.project / ".claude" / "settings.local.json"
    assert len(ours(json.loads(local.read_text()))) == 1
    assert (gk_env.project / ".claude" / "commands" / "allow-tool.md").exists()
    assert not settings_file(gk_env).exists()
    gk("uninstall", "--project", str(gk_env.project))
    assert json.loads(local.read_text()) == {}
    assert gk_env.config_path.exists()  # the user config is not the project's to remove


def test_timeout_follows_the_reviewer_timeout(gk_env: GkEnv) -> None:
    gk_env.write_config("[reviewer]\ntimeout_seconds = 100.5\n")
    gk("install")
    [(_, _, timeout)] = ours(json.loads(settings_file(gk_env).read_text()))
    assert timeout == 101 + install.TIMEOUT_MARGIN_SECONDS


def test_slash_command_names_the_installed_executable(gk_env: GkEnv) -> None:
    gk("install")
    text = (gk_env.home / ".claude" / "commands" / "allow-tool.md").read_text()
    assert text.startswith("---\ndescription:")
    assert "$ARGUMENTS" in text
    assert f"{install.gatekeeper_executable()} allow" in text
    assert "{gatekeeper}" not in text


def test_handler_recognition() -> None:
    assert install.is_gatekeeper_handler({"type": "command", "command": "gatekeeper hook"})
    assert install.is_gatekeeper_handler(
        {"type": "command", "command": "'/a b/gatekeeper' hook", "timeout": 3}
    )
    assert install.is_gatekeeper_handler(
        {"type": "command", "command": "/x/gatekeeper", "args": ["hook"]}
    )
    assert not install.is_gatekeeper_handler({"type": "command", "command": "gatekeeper check"})
    assert not install.is_gatekeeper_handler({"type": "command", "command": "/x/other hook"})
    assert not install.is_gatekeeper_handler({"type": "http", "url": "x"})


def test_the_client_commands_of_this_and_earlier_versions_are_ours() -> None:
    # Earlier versions wrote `.../gatekeeper/client.py`: install must still replace it and
    # uninstall remove it, next to today's `.../gatekeeper/fasthook.py`.
    for script in ("/opt/x/gatekeeper/fasthook.py", "/opt/x/gatekeeper/client.py"):
        assert install.is_fast_client(["/opt/x/python", "-I", "-S", script])
    assert not install.is_fast_client(["/opt/x/python", "-I", "-S", "/opt/x/other/client.py"])
    assert not install.is_fast_client(["/opt/x/python", "/opt/x/gatekeeper/fasthook.py"])
