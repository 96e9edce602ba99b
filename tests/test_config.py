"""Configuration: locations, defaults, warnings with file and line, project configs only tighten."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gatekeeper import config as config_mod
from gatekeeper.model import Outcome
from gatekeeper.testing import check

if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv


def test_missing_config_gives_defaults(gk_env: GkEnv) -> None:
    config = config_mod.load(str(gk_env.project))
    assert config.warnings == ()
    assert config.reviewer.enabled is True
    assert config.reviewer.timeout_seconds == 30.0
    assert config.project_root == str(gk_env.project)


def test_xdg_location_when_no_explicit_path(gk_env: GkEnv, monkeypatch: object) -> None:
    import pytest

    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    monkeypatch.delenv("GATEKEEPER_CONFIG")
    assert config_mod.user_config_path() == str(
        gk_env.home / ".config" / "gatekeeper" / "config.toml"
    )


def test_unknown_keys_warn_but_do_not_fail(gk_env: GkEnv) -> None:
    gk_env.write_config("[reviewer]\nmodle = 'haiku'\n[colours]\nx = 1\n")
    config = config_mod.load(str(gk_env.project))
    assert any("reviewer.modle" in w and ":2:" in w for w in config.warnings)
    assert any("[colours]" in w for w in config.warnings)


def test_ill_typed_key_keeps_the_rest(gk_env: GkEnv) -> None:
    gk_env.write_config('[permissions]\ndeny = ["Bash(ls *)"]\nallow = "Bash(make)"\n')
    config = config_mod.load(str(gk_env.project))
    assert config.deny == ("Bash(ls *)",)
    assert config.allow == ()
    assert any(":3:" in w and "permissions.allow" in w for w in config.warnings)


def test_project_config_may_only_tighten(make_engine: Callable[..., Engine], gk_env: GkEnv) -> None:
    (gk_env.project / ".claude").mkdir()
    (gk_env.project / ".claude" / "gatekeeper.toml").write_text(
        '[permissions]\nallow = ["Bash(curl *)"]\ndeny = ["Bash(ls *)"]\n[paths]\nallowed = ["/"]\n'
    )
    engine = make_engine()
    assert engine.config.allow == ()
    assert engine.config.allowed_paths == ()
    assert any("only tighten" in w for w in engine.config.warnings)
    assert check(engine, "ls -la").outcome == Outcome.DENY
    assert check(engine, "curl x").outcome == Outcome.ASK


def test_trusted_project_config_may_loosen(
    make_engine: Callable[..., Engine], gk_env: GkEnv
) -> None:
    gk_env.write_config(f'[projects]\ntrusted = ["{gk_env.project}"]\n')
    (gk_env.project / ".claude").mkdir()
    (gk_env.project / ".claude" / "gatekeeper.toml").write_text(
        '[permissions]\nallow = ["Bash(curl *)"]\n'
    )
    assert check(make_engine(), "curl x").outcome == Outcome.ALLOW


def test_allowed_toml_beside_the_user_config_adds_rules(
    make_engine: Callable[..., Engine], gk_env: GkEnv
) -> None:
    gk_env.write_config("# hand-written\n")
    (gk_env.config_path.parent / "allowed.toml").write_text(
        '[permissions]\nallow = ["Bash(make test)"]\n'
    )
    assert check(make_engine(), "make test").outcome == Outcome.ALLOW


def test_a_rule_that_does_not_parse_is_a_warning(
    make_engine: Callable[..., Engine], gk_env: GkEnv
) -> None:
    gk_env.write_config('[permissions]\nallow = ["Bash(npm run test:* x)", "not a rule!"]\n')
    engine = make_engine()
    assert len([w for w in engine.warnings if "ignored" in w]) == 2


def test_home_and_root_are_never_the_project_root(gk_env: GkEnv, monkeypatch: object) -> None:
    import pytest

    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(gk_env.home))
    assert config_mod.project_root(str(gk_env.home)) == ""
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", "/")
    assert config_mod.project_root("/") == ""
