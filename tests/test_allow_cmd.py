"""`gatekeeper allow`: validated entries in allowed.toml, read back by the pipeline."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pytest

from gatekeeper import allowed, cli
from gatekeeper import config as config_mod
from gatekeeper.model import Outcome
from gatekeeper.pipeline import Engine
from gatekeeper.testing import check

if TYPE_CHECKING:
    from gatekeeper.testing import GkEnv

USER_CONFIG = "# my own notes\n[reviewer]\nenabled = false  # keep this comment\n"


@pytest.fixture
def here(gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch) -> GkEnv:
    monkeypatch.chdir(gk_env.project)
    gk_env.write_config(USER_CONFIG)
    return gk_env


def gk(*argv: str) -> int:
    return cli.main(["allow", *argv])


def engine(env: GkEnv) -> Engine:
    return Engine(config_mod.load(str(env.project)))


def test_command_becomes_an_exact_rule_the_pipeline_honours(here: GkEnv) -> None:
    assert check(engine(here), "make test").outcome == Outcome.ASK  # reviewer off: asks
    assert gk("command", "make test") == 0
    assert allowed.load()["permissions"] == {"allow": ["Bash(make test)"]}
    assert check(engine(here), "make test").outcome == Outcome.ALLOW
    assert check(engine(here), "make install").outcome == Outcome.ASK
    assert here.config_path.read_text() == USER_CONFIG  # hand-written config untouched


def test_path_is_resolved_and_allows_writes_there(here: GkEnv) -> None:
    docs = here.home / "docs"
    docs.mkdir()
    write = {"file_path": str(docs / "a.md"), "content": "x"}
    assert check(engine(here), tool="Write", tool_input=write).outcome != Outcome.ALLOW
    assert gk("path", "../docs") == 0
    assert allowed.load()["paths"] == {"allowed": [str(docs.resolve())]}
    assert check(engine(here), tool="Write", tool_input=write).outcome == Outcome.ALLOW


def test_rule_with_deny_and_ask(here: GkEnv) -> None:
    assert gk("rule", "Bash(npm run lint:*)", "--deny") == 0
    assert gk("rule", "WebFetch(domain:example.com)", "--ask") == 0
    data = allowed.load()["permissions"]
    assert data == {"deny": ["Bash(npm run lint:*)"], "ask": ["WebFetch(domain:example.com)"]}
    assert check(engine(here), "npm run lint -- --fix").outcome == Outcome.DENY


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("path", "/"), "whole filesystem"),
        (("path", "~"), "home directory"),
        (("path", "does-not-exist"), "does not exist"),
        (("path", "~/.config/gatekeeper"), "protected"),
        (("path", ".git"), "protected"),
        (("rule", "Bash((("), "not `Tool`"),
        (("rule", "WebFetch(example.com)"), "domain:"),
        (("rule", "Bash"), "every Bash call"),
        (("rule", "Monitor"), "every Monitor call"),  # it runs its command in bash
        (("rule", "Bash(git push *)"), "GK-GIT-002"),
        (("command", "git push origin main"), "GK-GIT-002"),
        (("command", "make test && rm -rf build"), "2 commands"),
        (("command", "echo $HOME"), "expansions"),
        (("command", "ls *"), "pattern"),
    ],
)
def test_refused_without_force(
    here: GkEnv, argv: tuple[str, ...], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    here.config_path.parent.mkdir(parents=True, exist_ok=True)
    assert gk(*argv) == 1
    assert message in capsys.readouterr().err
    assert not os.path.exists(allowed.path())


def test_force_overrides_a_protected_path_but_it_stays_protected(here: GkEnv) -> None:
    assert gk("path", ".git", "--force") == 0
    hook_file = here.project / ".git" / "hooks" / "pre-commit"
    decision = check(
        engine(here), tool="Write", tool_input={"file_path": str(hook_file), "content": "x"}
    )
    assert decision.outcome == Outcome.ASK
    assert "GK-PROT-001" in {f.rule for f in decision.findings}


def test_dry_run_shows_the_diff_and_writes_nothing(
    here: GkEnv, capsys: pytest.CaptureFixture[str]
) -> None:
    assert gk("command", "make test", "--dry-run") == 0
    out = capsys.readouterr().out
    assert '+    "Bash(make test)",' in out
    assert not os.path.exists(allowed.path())


def test_twice_is_once(here: GkEnv, capsys: pytest.CaptureFixture[str]) -> None:
    gk("command", "make test")
    assert gk("command", "make test") == 0
    assert "already there" in capsys.readouterr().out
    assert allowed.load()["permissions"] == {"allow": ["Bash(make test)"]}


def test_list_and_remove(here: GkEnv, capsys: pytest.CaptureFixture[str]) -> None:
    gk("command", "make test")
    gk("rule", "Bash(curl *)", "--deny")
    capsys.readouterr()
    assert gk("--list") == 0
    listing = capsys.readouterr().out
    assert "permissions.allow   Bash(make test)" in listing
    assert "permissions.deny    Bash(curl *)" in listing
    assert gk("--remove", "command", "make test") == 0
    assert gk("--remove", "Bash(curl *)") == 0
    assert allowed.load()["permissions"] == {"allow": [], "deny": []}
    assert gk("--remove", "Bash(curl *)") == 1


def test_project_allow_needs_a_trusted_project(
    here: GkEnv, capsys: pytest.CaptureFixture[str]
) -> None:
    project_file = here.project / ".claude" / "gatekeeper.toml"
    assert gk("--project", "command", "make test") == 1
    assert "only tighten" in capsys.readouterr().err
    assert not project_file.exists()
    assert gk("--project", "--deny", "rule", "Bash(curl *)") == 0
    assert "Bash(curl *)" in project_file.read_text()
    assert check(engine(here), "curl https://example.com").outcome == Outcome.DENY
    here.write_config(f'[projects]\ntrusted = ["{here.project}"]\n')
    assert gk("--project", "command", "make test") == 0
    assert check(engine(here), "make test").outcome == Outcome.ALLOW


def test_malformed_allowed_file_is_refused_and_untouched(
    here: GkEnv, capsys: pytest.CaptureFixture[str]
) -> None:
    target = allowed.path()
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "w") as fh:
        fh.write("[permissions\n")
    assert gk("command", "make test") == 1
    assert "cannot be parsed" in capsys.readouterr().err
    with open(target) as fh:
        assert fh.read() == "[permissions\n"


def test_usage_errors(here: GkEnv) -> None:
    assert gk() == 2
    assert gk("file", "x") == 2
    assert gk("command") == 2


@pytest.mark.parametrize(
    ("command", "elevated"),
    [
        ("gatekeeper allow command 'make test'", True),
        (".venv/bin/gatekeeper allow rule 'Bash(*)' --force", True),
        ("gatekeeper install --permission-request", True),
        ("gatekeeper uninstall", True),
        ("gatekeeper plugins enable x", True),
        ("timeout 5 gatekeeper allow path /srv", True),
        ("gatekeeper allow --list", False),
        ("gatekeeper allow command 'make test' --dry-run", False),
        ("gatekeeper install --dry-run", False),
        ("gatekeeper check 'git push'", False),
    ],
)
def test_gatekeeper_commands_that_change_the_gate_go_to_the_user(
    here: GkEnv, command: str, elevated: bool
) -> None:
    # Even an allow rule covering them cannot let them through (the essential plugin runs).
    here.write_config('[permissions]\nallow = ["Bash(gatekeeper *)"]\n')
    decision = check(engine(here), command)
    rules = {f.rule for f in decision.findings}
    assert ("GK-PROT-003" in rules) is elevated, decision.reason
    if elevated:
        assert decision.outcome == Outcome.ASK
