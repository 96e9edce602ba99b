"""`paths.realpath` is `os.path.realpath`, and the path policy's memo never goes stale."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gatekeeper import paths
from gatekeeper.config import Config
from tests.conftest import make_link_tree

if TYPE_CHECKING:
    from pathlib import Path

    from gatekeeper.testing import GkEnv

# Names of the tree built by `tree`: directories, files, and symlinks of every kind.
COMPONENT = st.sampled_from(
    ["d", "e", "f", "ld", "lf", "rel", "loop", "dangling", "chain", "up", "nope", ".", "..", ""]
)


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> str:
    return make_link_tree(tmp_path_factory.mktemp("realpath"))


@settings(max_examples=3000, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(COMPONENT, max_size=6),
    st.sampled_from(["", "/", "//"]),
)
def test_realpath_is_os_path_realpath(tree: str, parts: list[str], tail: str) -> None:
    path = tree + "/" + "/".join(parts) + tail
    assert paths.realpath(path) == os.path.realpath(path)


@pytest.mark.parametrize("rest", ["loop//.", "loop/.", "loop//./", "d//.", "loop/.//.", "lf//."])
def test_a_dot_after_a_double_slash_is_left_to_os_path_realpath(tree: str, rest: str) -> None:
    # After a symlink loop, os.path.realpath joins the rest of the path: `loop//.` is `/`
    # there, and the `X/.` shortcut answered `loop` (hypothesis found it in a CI run).
    path = f"{tree}/{rest}"
    assert paths.realpath(path) == os.path.realpath(path)
    assert paths.realpath(path, {}) == os.path.realpath(path)


@pytest.mark.parametrize(
    "path",
    ["/", "/tmp", "/nonexistent/a/b", "relative/x", "", ".", "//x", "/a\x00b", "/a\udcffb"],
)
def test_realpath_answers_and_raises_as_os_path_realpath(path: str) -> None:
    try:
        expected: object = os.path.realpath(path)
    except Exception as exc:  # noqa: BLE001 - the same exception type is the expectation
        expected = type(exc)
    try:
        got: object = paths.realpath(path)
    except Exception as exc:  # noqa: BLE001
        got = type(exc)
    assert got == expected


def test_realpath_sees_a_symlink_made_between_two_calls(tmp_path: Path) -> None:
    secret = tmp_path / "secret"
    secret.mkdir()
    (tmp_path / "work").mkdir()
    path = str(tmp_path / "work" / "x")
    assert paths.realpath(path) == path
    (tmp_path / "work").rmdir()
    (tmp_path / "work").symlink_to(secret)
    assert paths.realpath(path) == str(secret / "x")


def test_the_policy_follows_the_environment_and_the_filesystem_between_calls(
    gk_env: GkEnv, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = Config(protected_paths=("keep",))
    first = paths.PathPolicy.from_config(config, str(tmp_path))
    monkeypatch.setenv("GATEKEEPER_STATE_DIR", str(tmp_path / "other-state"))
    second = paths.PathPolicy.from_config(config, str(tmp_path))
    assert str(tmp_path / "other-state") in second.protected
    assert str(tmp_path / "other-state") not in first.protected
    assert str(tmp_path / "keep") in second.protected
    # A protected source that becomes a symlink is resolved afresh by the next policy.
    target = tmp_path / "elsewhere"
    target.mkdir()
    (tmp_path / "keep").symlink_to(target)
    third = paths.PathPolicy.from_config(config, str(tmp_path))
    assert str(target) in third.protected
    assert third.is_protected(str(target / "file"))


@settings(max_examples=1000, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.lists(COMPONENT, max_size=5), st.sampled_from(["", "/"])), max_size=6))
def test_one_memo_across_many_paths_changes_no_answer(
    tree: str, paths_: list[tuple[list[str], str]]
) -> None:
    known: dict[str, int] = {}
    for parts, tail in paths_:
        path = tree + "/" + "/".join(parts) + tail
        assert paths.realpath(path, known) == os.path.realpath(path)


@settings(max_examples=1000, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(
        st.tuples(st.lists(COMPONENT, max_size=5), st.sampled_from(["", "/"]), st.booleans()),
        max_size=8,
    )
)
def test_lexists_and_realpath_share_one_memo_without_changing_an_answer(
    tree: str, paths_: list[tuple[list[str], str, bool]]
) -> None:
    # `lexists` records paths whose parents it never looked at (`ld/e` through a link);
    # `realpath` then skips a walk only below a parent its own walk got past.
    policy = paths.PathPolicy.from_config(Config(), tree)
    for parts, tail, probe in paths_:
        path = tree + "/" + "/".join(parts) + tail
        if probe:
            assert policy.lexists(path) == os.path.lexists(path)
        assert paths.realpath(path, policy._known) == os.path.realpath(path)
        assert policy.resolve(path) == os.path.realpath(path)


@pytest.mark.parametrize(
    ("probed", "resolved"),
    [
        ("ld/e", "ld/e/x"),  # exists, but only through the link `ld`
        ("chain/rel", "chain/rel/f"),
        ("ld/up", "ld/up/f"),
        ("d/e", "d/e/x"),  # no link: the short walk
        ("dangling", "dangling/x"),
    ],
)
def test_a_path_lexists_saw_through_a_link_is_still_resolved_through_it(
    tree: str, probed: str, resolved: str
) -> None:
    policy = paths.PathPolicy.from_config(Config(), tree)
    assert policy.lexists(f"{tree}/{probed}") == os.path.lexists(f"{tree}/{probed}")
    assert policy.resolve(f"{tree}/{resolved}") == os.path.realpath(f"{tree}/{resolved}")
    assert policy.resolve(f"{tree}/{resolved}/z") == os.path.realpath(f"{tree}/{resolved}/z")


def test_each_policy_looks_at_the_filesystem_afresh(gk_env: GkEnv, tmp_path: Path) -> None:
    (tmp_path / "work").mkdir()
    secret = tmp_path / "secret"
    secret.mkdir()
    config = Config()
    first = paths.PathPolicy.from_config(config, str(tmp_path))
    assert first.resolve("work/x") == str(tmp_path / "work" / "x")
    (tmp_path / "work").rmdir()
    (tmp_path / "work").symlink_to(secret)
    second = paths.PathPolicy.from_config(config, str(tmp_path))
    assert second.resolve("work/x") == str(secret / "x")
