"""`gatekeeper plugins list | enable | disable`, through the real command in a throwaway HOME."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from typing import TYPE_CHECKING, Any

import pytest

from tests.conftest import hook_payload, run_cli, run_hook

if TYPE_CHECKING:
    from gatekeeper.testing import GkEnv


def gk(env: GkEnv, *args: str) -> subprocess.CompletedProcess[str]:
    """Run the real `gatekeeper` command in the test's environment, from the project dir."""
    return run_cli(env, *args)


def decide(env: GkEnv, command: str) -> dict[str, Any]:
    proc = gk(env, "check", "--json", command)
    assert proc.returncode == 0, proc.stderr
    result: dict[str, Any] = json.loads(proc.stdout)
    return result


def hook_decision(env: GkEnv, command: str) -> str:
    proc = run_hook(env, hook_payload(env, "Bash", {"command": command}))
    assert proc.returncode == 0
    out = json.loads(proc.stdout)["hookSpecificOutput"]
    return str(out["permissionDecision"])


def allowed_toml(env: GkEnv) -> dict[str, Any]:
    return tomllib.loads((env.config_path.parent / "allowed.toml").read_text())


def listing(env: GkEnv) -> dict[str, dict[str, Any]]:
    proc = gk(env, "plugins", "list", "--json")
    assert proc.returncode == 0, proc.stderr
    return {p["module"]: p for p in json.loads(proc.stdout)["plugins"]}


def test_list_shows_builtins_and_installed_plugins(gk_env: GkEnv) -> None:
    plugins = listing(gk_env)
    git = plugins["gatekeeper.plugins.git"]
    assert (git["state"], git["builtin"], git["hooks"]) == (
        "enabled",
        True,
        ["gatekeeper_check_command"],
    )
    assert plugins["gatekeeper.plugins.protected"]["state"] == "essential"
    docker = plugins["gatekeeper_docker"]
    assert docker["distribution"] == "gatekeeper-docker"
    assert docker["version"] == "0.1.0"
    assert docker["name"] == "docker"
    assert docker["state"] == "available"  # installed, not enabled
    assert docker["hooks"] == ["gatekeeper_check_command"]
    assert plugins["gatekeeper_stub_reviewer"]["hooks"] == ["gatekeeper_review"]
    text = gk(gk_env, "plugins").stdout  # no action: list
    assert "gatekeeper-docker 0.1.0" in text
    assert "available" in text


def test_list_shows_an_enabled_module_that_does_not_load(gk_env: GkEnv) -> None:
    gk_env.write_config('[plugins]\nenabled = ["no_such_gatekeeper_plugin"]\n')
    missing = listing(gk_env)["no_such_gatekeeper_plugin"]
    assert missing["state"] == "enabled"
    assert "ModuleNotFoundError" in missing["problem"]
    assert "problem: ModuleNotFoundError" in gk(gk_env, "plugins", "list").stdout


def test_enable_and_disable_change_a_docker_decision(gk_env: GkEnv) -> None:
    before = decide(gk_env, "docker ps")
    assert (before["decision"], before["rule"]) == ("ask", "GK-UNKNOWN")
    assert hook_decision(gk_env, "docker ps") == "ask"

    proc = gk(gk_env, "plugins", "enable", "gatekeeper-docker")
    assert proc.returncode == 0, proc.stderr
    assert '+enabled = [\n+    "gatekeeper_docker",' in proc.stdout  # the diff
    assert "is now enabled" in proc.stdout
    assert allowed_toml(gk_env)["plugins"]["enabled"] == ["gatekeeper_docker"]
    after = decide(gk_env, "docker ps")
    assert (after["decision"], after["rule"], after["plugin"]) == (
        "allow",
        "GK-DOCKER-001",
        "gatekeeper_docker",
    )
    assert hook_decision(gk_env, "docker ps") == "allow"
    assert listing(gk_env)["gatekeeper_docker"]["state"] == "enabled"

    again = gk(gk_env, "plugins", "enable", "docker")  # the entry-point name
    assert again.returncode == 0
    assert "nothing changed" in again.stdout

    proc = gk(gk_env, "plugins", "disable", "gatekeeper_docker")  # the module path
    assert proc.returncode == 0, proc.stderr
    assert allowed_toml(gk_env)["plugins"] == {"disabled": ["gatekeeper_docker"]}
    assert decide(gk_env, "docker ps")["rule"] == "GK-UNKNOWN"
    assert hook_decision(gk_env, "docker ps") == "ask"
    assert listing(gk_env)["gatekeeper_docker"]["state"] == "disabled"


def test_dry_run_writes_nothing(gk_env: GkEnv) -> None:
    proc = gk(gk_env, "plugins", "enable", "--dry-run", "gatekeeper-docker")
    assert proc.returncode == 0
    assert "would be enabled" in proc.stdout
    assert not (gk_env.config_path.parent / "allowed.toml").exists()


def test_a_builtin_can_be_disabled_and_enabled_again(gk_env: GkEnv) -> None:
    assert decide(gk_env, "git push")["rule"] == "GK-GIT-002"
    assert gk(gk_env, "plugins", "disable", "git").returncode == 0
    assert allowed_toml(gk_env)["plugins"]["disabled"] == ["gatekeeper.plugins.git"]
    assert decide(gk_env, "git push")["rule"] == "GK-UNKNOWN"
    assert gk(gk_env, "plugins", "enable", "git").returncode == 0
    assert "plugins" not in allowed_toml(gk_env)  # enabling a built-in only un-disables it
    assert decide(gk_env, "git push")["rule"] == "GK-GIT-002"


@pytest.mark.parametrize("name", ["protected", "gatekeeper.plugins.protected"])
def test_the_essential_plugin_cannot_be_disabled(gk_env: GkEnv, name: str) -> None:
    proc = gk(gk_env, "plugins", "disable", name)
    assert proc.returncode == 2
    assert "cannot be disabled" in proc.stderr
    assert not (gk_env.config_path.parent / "allowed.toml").exists()


def test_an_unknown_name_is_a_clear_error(gk_env: GkEnv) -> None:
    proc = gk(gk_env, "plugins", "enable", "gatekeeper-nonexistent")
    assert proc.returncode == 2
    assert "no plugin named `gatekeeper-nonexistent` is installed" in proc.stderr
    assert not (gk_env.config_path.parent / "allowed.toml").exists()


def test_config_toml_disabled_wins_and_the_user_is_told(gk_env: GkEnv) -> None:
    gk_env.write_config('[plugins]\ndisabled = ["gatekeeper_docker"]\n')
    proc = gk(gk_env, "plugins", "enable", "gatekeeper-docker")
    assert proc.returncode == 1
    assert "disabled wins" in proc.stderr
    assert str(gk_env.config_path) in proc.stderr
    assert decide(gk_env, "docker ps")["rule"] == "GK-UNKNOWN"


def test_disable_over_a_hand_written_enable(gk_env: GkEnv) -> None:
    gk_env.write_config('# mine\n[plugins]\nenabled = ["gatekeeper_docker"]\n')
    assert decide(gk_env, "docker ps")["decision"] == "allow"
    proc = gk(gk_env, "plugins", "disable", "docker")
    assert proc.returncode == 0
    assert "also lists `gatekeeper_docker` under [plugins] enabled; disabled wins" in proc.stdout
    assert decide(gk_env, "docker ps")["rule"] == "GK-UNKNOWN"
    assert gk_env.config_path.read_text().startswith("# mine")  # config.toml untouched


def test_the_hook_never_scans_entry_points_even_with_plugins_enabled(gk_env: GkEnv) -> None:
    assert gk(gk_env, "plugins", "enable", "gatekeeper-docker").returncode == 0
    code = (
        "import io, json, sys\n"
        "payload = {'tool_name': 'Bash', 'tool_input': {'command': 'docker ps'},"
        f" 'cwd': {str(gk_env.project)!r}, 'hook_event_name': 'PreToolUse'}}\n"
        "sys.stdin = io.TextIOWrapper(io.BytesIO(json.dumps(payload).encode()))\n"
        "from gatekeeper.cli import main\n"
        "main(['hook'])\n"
        "print('\\nMODULES=' + ','.join(sorted(sys.modules)), file=sys.stderr)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=gk_env.environ(),
        timeout=60,
        check=True,
    )
    assert '"permissionDecision": "allow"' in proc.stdout  # the docker plugin decided
    modules = set(proc.stderr.rsplit("MODULES=", 1)[1].strip().split(","))
    assert "gatekeeper_docker" in modules
    assert "importlib.metadata" not in modules
    assert "gatekeeper.discovery" not in modules


def test_a_malformed_allowed_toml_is_left_alone(gk_env: GkEnv) -> None:
    target = gk_env.config_path.parent / "allowed.toml"
    target.parent.mkdir(parents=True)
    target.write_text("[plugins\n")
    proc = gk(gk_env, "plugins", "enable", "gatekeeper-docker")
    assert proc.returncode == 2
    assert "cannot be parsed" in proc.stderr
    assert target.read_text() == "[plugins\n"
