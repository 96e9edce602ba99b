"""The parsed-config cache: keyed by the exact text, never stale, ignored when odd."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import TYPE_CHECKING

from gatekeeper import config as config_mod
from gatekeeper import tomlcache

if TYPE_CHECKING:
    from gatekeeper.testing import GkEnv

CONFIG = '[permissions]\ndeny = ["Bash(make deploy)"]\n\n[reviewer]\nenabled = false\n'


def test_a_second_load_uses_the_cache_and_gives_the_same_config(gk_env: GkEnv) -> None:
    gk_env.write_config(CONFIG)
    config_mod.load(str(gk_env.project))
    assert not gk_env.state_dir.exists()  # loading a config never creates the state dir
    gk_env.state_dir.mkdir(parents=True, mode=0o700)  # as the hook's first audit record does
    first = config_mod.load(str(gk_env.project))
    assert first.deny == ("Bash(make deploy)",)
    assert tomlcache.lookup(CONFIG) == {
        "permissions": {"deny": ["Bash(make deploy)"]},
        "reviewer": {"enabled": False},
    }
    assert os.stat(tomlcache.cache_path()).st_mode & 0o777 == 0o600
    code = (
        "import sys\n"
        "from gatekeeper import config\n"
        f"c = config.load({str(gk_env.project)!r})\n"
        "print(c.deny, c.reviewer.enabled, 'tomllib' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=gk_env.environ(),
        check=True,
        timeout=60,
    ).stdout
    assert out.strip() == "('Bash(make deploy)',) False False"  # the cache answered


def test_an_edit_is_seen_at_once_even_with_the_same_size_and_mtime(gk_env: GkEnv) -> None:
    path = gk_env.write_config(CONFIG)
    gk_env.state_dir.mkdir(parents=True, mode=0o700)
    assert config_mod.load(str(gk_env.project)).deny == ("Bash(make deploy)",)
    assert tomlcache.lookup(CONFIG) is not None  # the next load would answer from the cache
    before = os.stat(path)
    path.write_text(CONFIG.replace("deploy", "release"[:6]))  # same length: "deploy" → "releas"
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = os.stat(path)
    assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    assert config_mod.load(str(gk_env.project)).deny == ("Bash(make releas)",)
    path.write_text(CONFIG.replace("[reviewer]\nenabled = false\n", ""))
    loaded = config_mod.load(str(gk_env.project))
    assert loaded.reviewer.enabled is True  # the line is gone: the default applies again


def planted(gk_env: GkEnv, parsed: object, mode: int = 0o600) -> str:
    """A cache entry claiming the user config says `parsed`."""
    path = tomlcache.cache_path()
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    with open(path, "w") as fh:
        json.dump({"format": 1, "entries": [{"text": CONFIG, "parsed": parsed}]}, fh)
    os.chmod(path, mode)
    return path


def test_a_cache_file_others_can_write_is_ignored(gk_env: GkEnv) -> None:
    gk_env.write_config(CONFIG)
    planted(gk_env, {"permissions": {"allow": ["Bash"]}}, mode=0o666)
    loaded = config_mod.load(str(gk_env.project))
    assert loaded.allow == () and loaded.deny == ("Bash(make deploy)",)


def test_a_symlinked_or_malformed_cache_is_a_miss(gk_env: GkEnv) -> None:
    gk_env.write_config(CONFIG)
    elsewhere = gk_env.home / "elsewhere.json"
    elsewhere.write_text(
        json.dumps({"format": 1, "entries": [{"text": CONFIG, "parsed": {"permissions": {}}}]})
    )
    os.makedirs(os.path.dirname(tomlcache.cache_path()), mode=0o700, exist_ok=True)
    os.symlink(elsewhere, tomlcache.cache_path())
    assert tomlcache.lookup(CONFIG) is None
    assert config_mod.load(str(gk_env.project)).deny == ("Bash(make deploy)",)
    for garbage in ("{", "[]", '{"format": 2, "entries": []}', '{"format": 1, "entries": 3}'):
        path = tomlcache.cache_path()
        os.unlink(path)
        with open(path, "w") as fh:
            fh.write(garbage)
        os.chmod(path, 0o600)
        assert tomlcache.lookup(CONFIG) is None
        assert config_mod.load(str(gk_env.project)).deny == ("Bash(make deploy)",)


def test_what_json_cannot_carry_exactly_is_not_cached(gk_env: GkEnv) -> None:
    text = CONFIG + "\n[extra]\nwhen = 1979-05-27T07:32:00Z\nnan = nan\n"
    gk_env.write_config(text)
    gk_env.state_dir.mkdir(parents=True, mode=0o700)
    loaded = config_mod.load(str(gk_env.project))
    assert loaded.deny == ("Bash(make deploy)",)
    assert any("[extra]" in w for w in loaded.warnings)
    assert tomlcache.lookup(text) is None
    gk_env.write_config(CONFIG)
    config_mod.load(str(gk_env.project))
    assert tomlcache.lookup(CONFIG) is not None  # the same state dir does cache a plain file


def test_a_broken_file_warns_as_before_and_is_not_cached(gk_env: GkEnv) -> None:
    text = '[permissions]\ndeny = ["x"\n'
    gk_env.write_config(text)
    gk_env.state_dir.mkdir(parents=True, mode=0o700)
    loaded = config_mod.load(str(gk_env.project))
    assert loaded.deny == ()
    assert any("this file is ignored" in w for w in loaded.warnings)
    assert tomlcache.lookup(text) is None
