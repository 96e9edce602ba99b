"""`paths._kernel_clean` (an `O_PATH` open and `/proc/self/fd`) says what the `lstat` walk says.

The path policy asks the kernel whether the cwd (and the home) is a chain of present
directories without a link, in three system calls instead of one `lstat` per component.
It may only ever answer "clean" where every prefix's `lstat` succeeds and shows no link;
anything else must leave the walk to answer, and a link made between two calls is seen.
"""

from __future__ import annotations

import os
import stat
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

pytestmark = pytest.mark.skipif(
    not paths._O_PATH or paths._kernel_names("/") != "/",
    reason="no O_PATH or no procfs: the kernel is never asked (the walk answers alone)",
)

COMPONENT = st.sampled_from(["d", "e", "f", "ld", "lf", "rel", "loop", "dangling", "chain", "up"])


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> str:
    return make_link_tree(tmp_path_factory.mktemp("kernel"))


def _walk_clean(directory: str) -> bool:
    """The reference: every prefix `lstat`s, and none is a link."""
    prefix = ""
    for part in directory[1:].split("/"):
        prefix = f"{prefix}/{part}"
        try:
            if stat.S_ISLNK(os.lstat(prefix).st_mode):
                return False
        except OSError:
            return False
    return True


@settings(max_examples=2000, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(COMPONENT, max_size=5))
def test_clean_only_where_every_lstat_finds_no_link(tree: str, parts: list[str]) -> None:
    directory = "/".join([tree, *parts])
    known: dict[str, int] = {}
    clean = paths._kernel_clean(directory, known)
    if clean:
        assert _walk_clean(directory)
        assert all(state == paths._CLEAN for state in known.values())
        assert directory in known
    else:
        assert known == {}  # nothing recorded: the walk asks for itself
    # The policy's answer is the same whichever way it went.
    assert paths.realpath(directory + "/x", known) == os.path.realpath(directory + "/x")


def test_a_clean_tree_is_clean_and_recorded(tree: str) -> None:
    known: dict[str, int] = {}
    assert paths._kernel_clean(f"{tree}/d/e", known)
    prefix = ""
    for part in f"{tree}/d/e"[1:].split("/"):
        prefix = f"{prefix}/{part}"
        assert known[prefix] == paths._CLEAN


@pytest.mark.parametrize("state", [paths._MISSING, paths._LINK])
def test_the_memo_of_the_call_stands(tree: str, state: int) -> None:
    # A prefix this call already saw missing or as a link: the walk answers through it.
    known = {f"{tree}/d": state}
    assert not paths._kernel_clean(f"{tree}/d/e", known)
    assert known == {f"{tree}/d": state}


def test_few_unknown_prefixes_are_left_to_the_walk(tree: str) -> None:
    known: dict[str, int] = {}
    assert paths._kernel_clean(f"{tree}/d", known)
    before = dict(known)
    assert not paths._kernel_clean(f"{tree}/d/e", known)  # one unknown prefix: one lstat
    assert known == before


def test_a_deleted_directory_is_not_clean(tmp_path: Path) -> None:
    gone = tmp_path / "gone" / "deeper"
    gone.mkdir(parents=True)
    fd = os.open(gone, os.O_RDONLY)
    try:
        gone.rmdir()
        assert not paths._kernel_clean(str(gone), {})
        assert paths.realpath(str(gone / "x"), {}) == os.path.realpath(gone / "x")
    finally:
        os.close(fd)


@pytest.mark.parametrize("name", ["a\x00b", "a\udcffb", "x" * 300, "f/x"])
def test_names_the_kernel_cannot_take_are_left_to_the_walk(tree: str, name: str) -> None:
    assert paths._kernel_names(f"{tree}/{name}") is None
    assert not paths._kernel_clean(f"{tree}/{name}", {})


@pytest.mark.skipif(os.geteuid() == 0, reason="root searches every directory")
def test_an_unsearchable_directory_is_not_clean(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    (locked / "inner").mkdir(parents=True)
    locked.chmod(0)
    try:
        assert not paths._kernel_clean(str(locked / "inner"), {})
    finally:
        locked.chmod(0o700)


def test_without_the_kernel_the_walk_answers(tree: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(paths, "_KERNEL_PROBE", [False])
    known: dict[str, int] = {}
    assert not paths._kernel_clean(f"{tree}/d/e", known)
    assert paths.resolve("x", f"{tree}/d/e", known) == f"{tree}/d/e/x"
    assert paths.resolve("x", f"{tree}/ld/e", {}) == f"{tree}/d/e/x"


@pytest.mark.parametrize("cwd", ["d/e", "ld/e", "chain/rel", "d/up/d", "dangling", "nope/x", "f"])
def test_a_policy_in_any_cwd_resolves_as_realpath(gk_env: GkEnv, tree: str, cwd: str) -> None:
    policy = paths.PathPolicy.from_config(Config(), f"{tree}/{cwd}")
    for raw in ("x", "e/x", "../f", "."):
        assert policy.resolve(raw) == os.path.realpath(f"{tree}/{cwd}/{raw}")


def test_a_link_in_the_cwd_made_between_two_calls_is_seen(gk_env: GkEnv, tmp_path: Path) -> None:
    secret = tmp_path / "secret"
    secret.mkdir()
    (tmp_path / "a" / "b" / "c").mkdir(parents=True)
    cwd = str(tmp_path / "a" / "b" / "c")
    first = paths.PathPolicy.from_config(Config(), cwd)
    assert first.resolve("id_rsa") == f"{cwd}/id_rsa"
    # `b` becomes a link to a place that holds a `c`: the same cwd string lands elsewhere.
    (secret / "c").mkdir()
    (tmp_path / "a" / "b" / "c").rmdir()
    (tmp_path / "a" / "b").rmdir()
    (tmp_path / "a" / "b").symlink_to(secret)
    second = paths.PathPolicy.from_config(Config(), cwd)
    assert second.resolve("id_rsa") == str(secret / "c" / "id_rsa")


@pytest.mark.parametrize(
    "name", ["x", "f", "lf", "loop", "dangling", "a\x00b", "a\udcffb", "x" * 300]
)
def test_a_name_below_a_directory_got_past_resolves_as_realpath(tree: str, name: str) -> None:
    # `realpath`'s first test: a parent recorded `_CLEAN` leaves the last component alone.
    known = {tree: paths._CLEAN}
    try:
        expected: object = os.path.realpath(f"{tree}/{name}")
    except Exception as exc:  # noqa: BLE001 - the same exception type is the expectation
        expected = type(exc)
    try:
        got: object = paths.realpath(f"{tree}/{name}", known)
    except Exception as exc:  # noqa: BLE001
        got = type(exc)
    assert got == expected
