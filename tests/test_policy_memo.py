"""The path policy's sources are memoized on every input they depend on, and on nothing else.

`PathPolicy.from_config` runs for every decision. What it computes before any path is
resolved (the home dir as the environment gives it, the allowed, tmp and protected paths)
depends only on the config, the call's cwd, six environment variables and, for a relative
`$GATEKEEPER_CONFIG` or `$GATEKEEPER_STATE_DIR`, the process' cwd: `paths._SOURCES` keeps it
keyed by exactly those. The warm server keeps one process across many calls, so these tests
change each input between two decisions and check that the second one sees the change.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pytest

from gatekeeper import config as config_mod
from gatekeeper import paths
from gatekeeper.config import Config
from gatekeeper.model import Outcome
from gatekeeper.paths import PathPolicy
from gatekeeper.testing import check

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

_ENV = (
    "HOME",
    "TMPDIR",
    "GATEKEEPER_CONFIG",
    "XDG_CONFIG_HOME",
    "GATEKEEPER_STATE_DIR",
    "XDG_STATE_HOME",
)


def _fields(policy: PathPolicy) -> tuple[object, ...]:
    return (
        policy.cwd,
        policy.home_source,
        policy.project_root,
        policy.allowed_sources,
        policy.tmp_sources,
        policy.protected_sources,
    )


def _fresh(config: Config, cwd: str) -> tuple[object, ...]:
    """What the policy's fields are without any memo."""
    home, allowed, tmp, protected, _ = paths._sources(config, cwd)
    return (cwd, home, config.project_root, allowed, tmp, protected)


_VALUES: dict[str, list[str | None]] = {
    "HOME": ["/h/one", "/h/two", "/h/one/"],
    "TMPDIR": [None, "", "/scratch", "rel-tmp"],
    "GATEKEEPER_CONFIG": [None, "", "/etc/gk/c.toml", "rel/c.toml", "~/c.toml", "~root/c.toml"],
    "XDG_CONFIG_HOME": [None, "/xdg/config"],
    "GATEKEEPER_STATE_DIR": [None, "/var/gk", "state", "~/st", "~root/st"],
    "XDG_STATE_HOME": [None, "/xdg/state"],
}


@pytest.mark.parametrize("name", sorted(_VALUES))
def test_every_environment_variable_change_is_seen_by_the_next_policy(
    gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    config = Config(
        allowed_paths=("~/shared", "../sib"),
        protected_paths=("~/keep", "vault", "/abs/x"),
        project_root=str(gk_env.project),
    )
    cwd = str(gk_env.project)
    for value in _VALUES[name]:
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
        for _ in range(2):  # the second policy comes from the memo
            assert _fields(PathPolicy.from_config(config, cwd)) == _fresh(config, cwd), value


@pytest.mark.parametrize("name", sorted(_VALUES))
def test_the_written_out_key_reads_every_policy_variable(
    gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    # `environment_key` spells out the names of `_POLICY_ENV`: the same values, in order.
    for value in _VALUES[name]:
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
        data = os.environ._data  # type: ignore[attr-defined]
        key = paths.environment_key()
        if key is not None:
            assert key[1:] == tuple(map(data.get, paths._POLICY_ENV)), value


def test_a_config_change_is_seen_by_the_next_policy(gk_env: GkEnv) -> None:
    cwd = str(gk_env.project)
    configs = [
        Config(project_root=cwd),
        Config(project_root=cwd, protected_paths=("vault",)),
        Config(project_root=cwd, protected_paths=("vault", "~/keep")),
        Config(project_root=cwd, allowed_paths=("/srv/shared",)),
        Config(project_root=str(gk_env.home / "other")),
    ]
    for config in [*configs, *configs]:
        assert _fields(PathPolicy.from_config(config, cwd)) == _fresh(config, cwd)


def test_the_call_cwd_is_part_of_the_key(gk_env: GkEnv) -> None:
    config = Config(allowed_paths=("shared",), protected_paths=("vault",))
    for cwd in ("/a", "/b", "/a", str(gk_env.project)):
        policy = PathPolicy.from_config(config, cwd)
        assert _fields(policy) == _fresh(config, cwd)
        assert os.path.join(cwd, "vault") in policy.protected_sources


def test_a_relative_state_dir_follows_the_process_cwd(
    gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # `state_dir` makes a relative $GATEKEEPER_STATE_DIR absolute against the process' cwd.
    monkeypatch.setenv("GATEKEEPER_STATE_DIR", "gk-state")
    config = Config()
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    seen = []
    for where in ("a", "b", "a"):
        monkeypatch.chdir(tmp_path / where)
        policy = PathPolicy.from_config(config, "/")
        seen.append(policy.protected_sources[1])
        assert _fields(policy) == _fresh(config, "/")
    assert seen == [str(tmp_path / w / "gk-state") for w in ("a", "b", "a")]


def test_without_home_there_is_no_memo(gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch) -> None:
    # Without $HOME, `home_dir` asks the user database: a file, so nothing is kept.
    monkeypatch.delenv("HOME")
    assert paths._sources_key(Config(), "/") is None
    monkeypatch.setenv("HOME", "")
    assert paths._sources_key(Config(), "/") is None
    monkeypatch.setenv("HOME", "/h")
    monkeypatch.setenv("GATEKEEPER_STATE_DIR", "~root/state")  # the user database again
    assert paths._sources_key(Config(), "/") is None
    monkeypatch.setenv("GATEKEEPER_STATE_DIR", "~/state")
    assert paths._sources_key(Config(), "/") is not None


def test_the_key_holds_every_input(gk_env: GkEnv) -> None:
    config = Config(project_root="/p", allowed_paths=("a",), protected_paths=("b",))
    key = paths._sources_key(config, "/cwd")
    assert key is not None
    raw = {os.fsencode(name): os.environb.get(os.fsencode(name)) for name in _ENV}
    assert key[:4] == ("/p", ("a",), ("b",), "/cwd")
    assert key[5:] == tuple(raw.values())


def test_a_new_state_dir_is_protected_at_the_next_decision(
    make_engine: Callable[..., Engine], gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch
) -> None:
    # One engine, as the warm server keeps it; the client's environment changes between calls.
    engine = make_engine()
    elsewhere = gk_env.home / "elsewhere"
    elsewhere.mkdir()
    command = f"echo x > {elsewhere}/state.json"
    before = check(engine, command)
    assert before.rule != "GK-PROT-001", before.reason
    monkeypatch.setenv("GATEKEEPER_STATE_DIR", str(elsewhere))
    after = check(engine, command)
    assert after.outcome == Outcome.ASK
    assert after.rule == "GK-PROT-001", after.reason
    monkeypatch.setenv("GATEKEEPER_STATE_DIR", str(gk_env.state_dir))
    assert check(engine, command).rule != "GK-PROT-001"


def test_a_new_home_is_protected_at_the_next_decision(
    make_engine: Callable[..., Engine], gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = make_engine()
    other = gk_env.home / "other-home"
    (other / ".ssh").mkdir(parents=True)
    command = f"echo x > {other}/.ssh/authorized_keys"
    # Written outside the project, so it asks either way: the rule says why.
    assert check(engine, command).rule != "GK-PROT-001"
    monkeypatch.setenv("HOME", str(other))
    after = check(engine, command)
    assert after.outcome == Outcome.ASK
    assert after.rule == "GK-PROT-001", after.reason


def test_a_config_protected_path_is_seen_by_the_next_engine(
    make_engine: Callable[..., Engine], gk_env: GkEnv
) -> None:
    command = "echo x > vault/key.txt"
    (gk_env.project / "vault").mkdir()
    assert check(make_engine(), command).outcome == Outcome.ALLOW
    gk_env.config_path.parent.mkdir(parents=True, exist_ok=True)
    gk_env.config_path.write_text('[paths]\nprotected = ["vault"]\n')
    assert config_mod.load(str(gk_env.project)).protected_paths == ("vault",)
    after = check(make_engine(), command)
    assert after.outcome == Outcome.ASK
    assert after.rule == "GK-PROT-001", after.reason


@pytest.mark.parametrize("name", ["GATEKEEPER_STATE_DIR", "XDG_STATE_HOME", "HOME"])
def test_the_session_file_follows_the_environment(
    gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str
) -> None:
    from gatekeeper import state
    from gatekeeper.pipeline import _session_file

    if name != "GATEKEEPER_STATE_DIR":
        monkeypatch.delenv("GATEKEEPER_STATE_DIR", raising=False)
    (tmp_path / "cwd").mkdir()
    monkeypatch.chdir(tmp_path / "cwd")
    values = [str(tmp_path / "one"), str(tmp_path / "two"), "relative", "~/tilde"]
    for value in [*values, *values]:
        monkeypatch.setenv(name, value)
        for session in ("abc", "a/b", ""):
            got = _session_file(session, paths.environment_key())
            assert got == state.session_file(session), (value, session)


def test_an_allow_closes_the_breaker_of_the_state_dir_the_call_names(
    make_engine: Callable[..., Engine], gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The decision reads the environment once, for its policy and for the session file of
    # the breaker (`check` calls are in session `test-session`): a state dir changed
    # between two calls of one engine is the next call's, and an allow there closes that
    # dir's breaker, and only that one.
    from gatekeeper import state

    engine = make_engine()
    other = gk_env.home / "other-state"
    monkeypatch.setenv("GATEKEEPER_STATE_DIR", str(other))
    state.update("test-session", lambda s: setattr(s, "consecutive_pushbacks", 2))
    monkeypatch.setenv("GATEKEEPER_STATE_DIR", str(gk_env.state_dir))
    state.update("test-session", lambda s: setattr(s, "consecutive_pushbacks", 3))
    assert check(engine, "ls").outcome == Outcome.ALLOW
    assert state.load("test-session").consecutive_pushbacks == 0
    monkeypatch.setenv("GATEKEEPER_STATE_DIR", str(other))
    assert state.load("test-session").consecutive_pushbacks == 2  # not this call's dir: untouched
    assert check(engine, "ls").outcome == Outcome.ALLOW
    assert state.load("test-session").consecutive_pushbacks == 0


def test_the_last_entry_is_taken_only_for_the_same_inputs(
    gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # `from_config` and `_session_file` first compare with their last call's inputs: each
    # call below repeats the previous one (taken from that entry) or changes one input
    # (the config object, the cwd, an environment variable, the session).
    from gatekeeper import state
    from gatekeeper.pipeline import _session_file

    one = Config(project_root="/p", protected_paths=("vault",))
    two = Config(project_root="/p", protected_paths=("other",))
    steps: list[tuple[Config, str, str, str]] = [
        (one, "/a", str(tmp_path / "s1"), "x"),
        (one, "/b", str(tmp_path / "s1"), "x"),
        (two, "/b", str(tmp_path / "s1"), "x"),
        (two, "/b", str(tmp_path / "s2"), "x"),
        (two, "/b", str(tmp_path / "s2"), "y"),
        (one, "/a", str(tmp_path / "s1"), "x"),
    ]
    for config, cwd, state_dir, session in steps:
        monkeypatch.setenv("GATEKEEPER_STATE_DIR", state_dir)
        for _ in range(2):  # the second from the last entry
            assert _fields(PathPolicy.from_config(config, cwd)) == _fresh(config, cwd)
            got = _session_file(session, paths.environment_key())
            assert got == state.session_file(session)
