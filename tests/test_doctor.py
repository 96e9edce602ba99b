"""`gatekeeper doctor` against real files in a throwaway HOME."""

from __future__ import annotations

import json
import os
import stat
from typing import TYPE_CHECKING, Any

import pytest

from gatekeeper import __version__, cli

if TYPE_CHECKING:
    from pathlib import Path

    from gatekeeper.testing import GkEnv

NO_REVIEWER = "[reviewer]\nenabled = false\n"


@pytest.fixture
def here(gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch) -> GkEnv:
    monkeypatch.chdir(gk_env.project)
    return gk_env


def doctor(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    capsys.readouterr()
    code = cli.main(["doctor", "--json", *argv])
    return code, json.loads(capsys.readouterr().out)


def statuses(report: dict[str, Any], check: str) -> list[str]:
    return [c["status"] for c in report["checks"] if c["check"] == check]


def details(report: dict[str, Any], check: str) -> str:
    return "\n".join(c["detail"] for c in report["checks"] if c["check"] == check)


def test_nothing_installed_is_a_problem(here: GkEnv, capsys: pytest.CaptureFixture[str]) -> None:
    here.write_config(NO_REVIEWER)
    code, report = doctor(capsys)
    assert code == 1
    assert report["ok"] is False
    assert statuses(report, "hook") == ["problem"]
    assert "gatekeeper install" in details(report, "hook")


def test_after_install_everything_is_ok_and_the_self_test_ran(
    here: GkEnv, capsys: pytest.CaptureFixture[str]
) -> None:
    here.write_config(NO_REVIEWER)
    assert cli.main(["install"]) == 0
    code, report = doctor(capsys)
    assert code == 0, report
    assert statuses(report, "hook") == ["ok"]
    [test] = [c for c in report["checks"] if c["check"] == "self-test"]
    assert test["status"] == "ok"
    assert test["data"]["answers"] == {"ls": "allow", "git push origin main": "ask"}
    # The self-test went through the real hook process: it left audit records.
    audit = (here.state_dir / "audit.jsonl").read_text().splitlines()
    assert [json.loads(line)["session"] for line in audit] == ["gatekeeper-doctor"] * 2
    plugins = details(report, "plugins")
    assert f"gatekeeper.plugins.protected {__version__} (built-in): gatekeeper_check_command" in (
        plugins
    )


def test_permission_request_install_is_self_tested_with_that_event(
    here: GkEnv, capsys: pytest.CaptureFixture[str]
) -> None:
    here.write_config(NO_REVIEWER)
    cli.main(["install", "--permission-request"])
    code, report = doctor(capsys)
    assert code == 0, report
    [test] = [c for c in report["checks"] if c["check"] == "self-test"]
    assert test["data"]["event"] == "PermissionRequest"
    assert test["data"]["answers"] == {"ls": "allow", "git push origin main": "none"}


def test_a_missing_executable_is_a_problem(here: GkEnv, capsys: pytest.CaptureFixture[str]) -> None:
    here.write_config(NO_REVIEWER)
    settings = here.home / ".claude" / "settings.json"
    settings.parent.mkdir(parents=True)
    handler = {"type": "command", "command": "/nowhere/bin/gatekeeper hook", "timeout": 60}
    settings.write_text(
        json.dumps({"hooks": {"PreToolUse": [{"matcher": "*", "hooks": [handler]}]}})
    )
    code, report = doctor(capsys)
    assert code == 1
    assert "/nowhere/bin/gatekeeper is not an executable" in details(report, "hook")


def test_a_short_timeout_is_a_problem(here: GkEnv, capsys: pytest.CaptureFixture[str]) -> None:
    here.write_config(NO_REVIEWER)
    cli.main(["install"])
    here.write_config(NO_REVIEWER + "timeout_seconds = 500\n")
    code, report = doctor(capsys, "--no-self-test")
    assert code == 1
    assert "not above the reviewer's" in details(report, "hook")


def test_config_errors_name_file_and_line(here: GkEnv, capsys: pytest.CaptureFixture[str]) -> None:
    cli.main(["install"])
    here.write_config('[reviewer]\nenabled = false\n\n[permissions]\nallow = "Bash(x)"\n')
    code, report = doctor(capsys, "--no-self-test")
    assert code == 1
    assert f"{here.config_path}:5:" in details(report, "config")


def test_a_state_dir_others_can_read_is_a_problem(
    here: GkEnv, capsys: pytest.CaptureFixture[str]
) -> None:
    here.write_config(NO_REVIEWER)
    cli.main(["install"])
    here.state_dir.mkdir(parents=True, mode=0o755)
    os.chmod(here.state_dir, 0o755)  # noqa: S103 - the permissive mode is what is tested
    code, report = doctor(capsys, "--no-self-test")
    assert code == 1
    assert "not private" in details(report, "state")
    os.chmod(here.state_dir, 0o700)
    code, report = doctor(capsys, "--no-self-test")
    assert code == 0, report


def fake_claude(directory: Path) -> Path:
    script = directory / "claude"
    script.write_text("#!/bin/sh\necho '9.9.9 (Claude Code)'\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


def test_claude_cli_found_with_its_version(
    here: GkEnv, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    cli.main(["install"])
    bin_dir = here.home / "bin"
    bin_dir.mkdir()
    fake_claude(bin_dir)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    code, report = doctor(capsys, "--no-self-test")
    assert code == 0, report
    assert "9.9.9 (Claude Code)" in details(report, "claude")
    monkeypatch.setenv("PATH", str(here.home / "empty"))
    code, report = doctor(capsys, "--no-self-test")
    assert code == 1  # the reviewer is enabled and its CLI is gone
    assert "not found" in details(report, "claude")


def test_a_broken_enabled_plugin_is_a_problem(
    here: GkEnv, capsys: pytest.CaptureFixture[str]
) -> None:
    here.write_config(NO_REVIEWER + '[plugins]\nenabled = ["no_such_plugin_module"]\n')
    cli.main(["install"])
    code, report = doctor(capsys, "--no-self-test")
    assert code == 1
    assert "no_such_plugin_module" in details(report, "plugins")


def test_installed_plugins_are_listed_as_available_until_enabled(
    here: GkEnv, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("gatekeeper_docker")  # installed by `make test` from plugins/
    here.write_config(NO_REVIEWER)
    cli.main(["install"])
    _, report = doctor(capsys, "--no-self-test")
    assert "gatekeeper_docker (gatekeeper-docker" in details(report, "plugins")
    assert "plugins enable docker" in details(report, "plugins")
    here.write_config(NO_REVIEWER + '[plugins]\nenabled = ["gatekeeper_docker"]\n')
    _, report = doctor(capsys, "--no-self-test")
    lines = [
        line for line in details(report, "plugins").splitlines() if "gatekeeper_docker" in line
    ]
    assert len(lines) == 1, lines
    assert "(enabled): gatekeeper_check_command" in lines[0]


def test_text_output(here: GkEnv, capsys: pytest.CaptureFixture[str]) -> None:
    here.write_config(NO_REVIEWER)
    cli.main(["install"])
    capsys.readouterr()
    assert cli.main(["doctor"]) == 0
    out = capsys.readouterr().out
    assert "ok       self-test" in out
    assert out.rstrip().endswith("all good")
