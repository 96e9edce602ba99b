"""allowed.toml: atomic, locked, private, and read back by the config loader."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from typing import TYPE_CHECKING

import pytest

from gatekeeper import allowed
from gatekeeper import config as config_mod

if TYPE_CHECKING:
    from gatekeeper.testing import GkEnv


def test_update_writes_private_file_read_back_by_config(gk_env: GkEnv) -> None:
    before, after = allowed.update(
        lambda d: allowed.str_list(d, "permissions", "allow").append("Bash(make test)")
    )
    assert before == ""
    assert "Bash(make test)" in after
    target = allowed.path()
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o600
    config = config_mod.load(str(gk_env.project))
    assert config.warnings == ()
    assert "Bash(make test)" in config.allow


def test_dry_run_writes_nothing(gk_env: GkEnv) -> None:
    allowed.update(lambda d: allowed.str_list(d, "paths", "allowed").append("/x"), dry_run=True)
    assert not os.path.exists(allowed.path())


def test_malformed_file_is_refused_and_left_untouched(gk_env: GkEnv) -> None:
    target = allowed.path()
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "w") as handle:
        handle.write("[permissions\nallow = [")
    with pytest.raises(allowed.AllowedFileError, match="cannot be parsed"):
        allowed.update(lambda d: allowed.str_list(d, "permissions", "allow").append("x"))
    with open(target) as handle:
        assert handle.read() == "[permissions\nallow = ["


def test_plugins_may_be_enabled_from_allowed_file(gk_env: GkEnv) -> None:
    allowed.update(lambda d: allowed.str_list(d, "plugins", "enabled").append("some.module"))
    config = config_mod.load(str(gk_env.project))
    assert config.plugins_enabled == ("some.module",)


def test_concurrent_updates_lose_nothing(gk_env: GkEnv) -> None:
    code = (
        "import sys\nfrom gatekeeper import allowed\n"
        "allowed.update(lambda d: allowed.str_list(d, 'permissions', 'allow')"
        ".append(f'Bash(tool{sys.argv[1]})'))\n"
    )
    procs = [
        subprocess.Popen([sys.executable, "-c", code, str(i)], env=gk_env.environ())
        for i in range(20)
    ]
    assert all(p.wait(timeout=60) == 0 for p in procs)
    rules = set(allowed.str_list(allowed.load(), "permissions", "allow"))
    assert rules == {f"Bash(tool{i})" for i in range(20)}
