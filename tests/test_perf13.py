"""Session 13's cheaper decisions give the answers the kernel gives, call after call.

The protected list is resolved from the listings of the directories on the way to each
source below the home, kept while every listing read is the one kept
(`PathPolicy._protected_listed`, `paths._PLANS`). Each answer is compared here with
`os.path.realpath` of every source, with the listings kept from one call to the next
(`_RACY_NS` set below zero) while the home changes between the calls.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from gatekeeper import paths
from gatekeeper.config import Config
from gatekeeper.paths import PathPolicy

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    import pytest

    from gatekeeper.testing import GkEnv


def _policy(gk_env: GkEnv, protected: tuple[str, ...] = ()) -> PathPolicy:
    config = Config(project_root=str(gk_env.project), protected_paths=protected)
    return PathPolicy.from_config(config, str(gk_env.project))


def _expected(policy: PathPolicy) -> tuple[str, ...]:
    """The sources as session 12 resolved them: `realpath` of each, in order, no repeats."""
    return tuple(dict.fromkeys(os.path.realpath(s) for s in policy.protected_sources))


def test_the_protected_list_follows_the_home_from_call_to_call(
    gk_env: GkEnv, kept: None
) -> None:
    home = gk_env.home
    elsewhere = home.parent / "elsewhere"
    (elsewhere / "nvim").mkdir(parents=True)
    (elsewhere / "claude").mkdir()
    (elsewhere / "file").write_text("x\n")
    steps: list[Callable[[], object]] = [
        lambda: None,
        (home / ".config").mkdir,
        lambda: (home / ".config" / "nvim").symlink_to(elsewhere / "nvim"),
        lambda: (home / ".local" / "share" / "applications").mkdir(parents=True),
        lambda: (home / ".claude").symlink_to(elsewhere / "claude"),
        (home / ".claude").unlink,
        (home / ".claude").mkdir,
        lambda: (home / ".claude" / "settings.json").symlink_to(elsewhere / "file"),
        lambda: (home / ".m2").write_text("a file where a dir is looked for\n"),
        (home / ".m2").unlink,
        lambda: (home / ".ssh").symlink_to(elsewhere / "nowhere"),  # dangling
        (home / ".config" / "nvim").unlink,
    ]
    outside = str(elsewhere / "file")
    planned = 0
    for step in steps:
        step()
        for _ in range(2):  # the second call reads the plan kept by the first
            policy = _policy(gk_env, (outside, "sub/dir"))
            resolved = policy._protected_listed()
            walked = _policy(gk_env, (outside, "sub/dir"))._protected_walked()
            assert resolved is None or tuple(resolved) == tuple(walked) == _expected(policy)
            assert policy.protected[: len(walked)] == tuple(walked)
            planned += resolved is not None
    assert planned == 2 * (len(steps) - 1)  # all but the file `.m2`, where the walk answers


def test_a_kept_plan_asks_no_name(
    gk_env: GkEnv, kept: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    (gk_env.home / ".config").mkdir(exist_ok=True)
    (gk_env.home / ".ssh").mkdir()
    first = _policy(gk_env).protected
    asked: list[str] = []

    def counted(path: str) -> int:
        asked.append(path)
        return paths._MISSING

    monkeypatch.setattr(paths, "_entry_state", counted)
    monkeypatch.setattr(paths, "_entry_listed", lambda *args: asked.append("listed"))
    policy = _policy(gk_env)
    assert policy.protected == first
    assert not [a for a in asked if a.startswith(str(gk_env.home) + "/.")]
    assert "listed" not in asked
    # the states a walk would record, recorded
    assert policy._known[str(gk_env.home / ".ssh")] == paths._CLEAN
    assert policy._known[str(gk_env.home / ".aws")] == paths._MISSING


def test_no_plan_where_a_listing_cannot_say(gk_env: GkEnv, kept: None) -> None:
    (gk_env.home / ".config").mkdir(exist_ok=True)
    policy = _policy(gk_env, ("/nowhere/x",))
    assert policy._protected_listed() is not None  # not below the home: realpath's
    odd = str(gk_env.home) + "/PROGRA~1/x"  # a name the kernel must answer
    policy = _policy(gk_env, (odd,))
    assert policy._protected_listed() is None
    assert policy.protected[: len(policy.protected_sources)] == _expected(policy)


def test_a_link_target_read_once_is_realpaths_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = tmp_path / "d"
    walked: list[str] = []
    real = os.path.realpath

    def realpath(path: str) -> str:
        walked.append(path)
        return real(path)

    monkeypatch.setattr(os.path, "realpath", realpath)
    (base / "real" / "sub").mkdir(parents=True)
    (base / "file").write_text("x\n")
    (base / "linked").symlink_to(base / "real")
    (base / "loop1").symlink_to(base / "loop2")
    (base / "loop2").symlink_to(base / "loop1")
    (base / "self").symlink_to("self")
    targets = [
        str(base / "real"), str(base / "real" / "sub"), "real", "real/sub", "real/missing/x",
        str(base / "missing"), str(base / "missing" / "deeper"), "file", "file/below",
        "../d/real", "./real", "real/", "real//sub", "real/.", "linked", "linked/sub",
        str(base / "linked" / "sub"), "loop1", "/", "//", "/tmp", "self/x",
        str(base / "lk0"), "lk1",  # a link to a link
    ]  # fmt: skip
    for i, target in enumerate(targets):
        (base / f"lk{i}").symlink_to(target)
    for i in range(len(targets)):
        link = str(base / f"lk{i}")
        for known in ({}, {str(base / "real"): paths._CLEAN, str(base / "missing"): paths._MISSING}):
            paths.realpath(str(base), known)  # the walk got past the directory
            walked.clear()
            assert paths.realpath(link, known) == real(link), targets[i]
            if i < 3:  # a plain target without a link: read once, not realpath's walk
                assert walked == []
            assert paths.realpath(link + "/x", known) == real(link + "/x")
