"""`paths._absent` (an `access` call) says "missing" only where `lstat` fails.

The path policy asks `access(F_OK, AT_EACCESS | AT_SYMLINK_NOFOLLOW)` before `lstat`, to
spare the exception a failing `lstat` raises. A "missing" where `lstat` would succeed would
be more permissive (a bare word that is a symlink to a key would go unseen), so these tests
compare the two over a tree of files, directories and every kind of link, and check that a
platform on which `access` cannot honour the flags falls back to `lstat` alone.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gatekeeper import paths
from gatekeeper.config import Config
from gatekeeper.model import Outcome
from gatekeeper.testing import check

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from pathlib import Path

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

COMPONENT = st.sampled_from(
    ["d", "e", "f", "ld", "lf", "rel", "loop", "dangling", "chain", "up", "nope", ".", "..", "x"]
)


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> str:
    root = tmp_path_factory.mktemp("access")
    (root / "d" / "e").mkdir(parents=True)
    (root / "d" / "f").write_text("x")
    (root / "f").write_text("x")
    (root / "ld").symlink_to(root / "d")
    (root / "lf").symlink_to(root / "f")
    (root / "d" / "rel").symlink_to("e")
    (root / "d" / "up").symlink_to("..")
    (root / "loop").symlink_to("loop")
    (root / "dangling").symlink_to(root / "nope" / "x")
    (root / "chain").symlink_to("ld")
    return str(root)


def _lstat_fails(path: str) -> bool:
    try:
        os.lstat(path)
    except OSError:
        return True
    return False


@settings(max_examples=2000, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(COMPONENT, min_size=1, max_size=6), st.sampled_from(["", "/"]))
def test_absent_is_a_failing_lstat(tree: str, parts: list[str], tail: str) -> None:
    path = tree + "/" + "/".join(parts) + tail
    assert paths._absent(path) == _lstat_fails(path)


@pytest.mark.parametrize(
    "name",
    [
        "f/x",  # ENOTDIR
        "loop/x",  # ELOOP
        "loop",  # the loop itself exists (lstat does not follow it)
        "dangling",  # exists, although its target does not
        "x" * 300,  # ENAMETOOLONG
        "/".join(["d"] * 2100),  # longer than PATH_MAX
    ],
)
def test_absent_on_the_errors_lstat_knows(tree: str, name: str) -> None:
    assert paths._absent(f"{tree}/{name}") == _lstat_fails(f"{tree}/{name}")


@pytest.mark.parametrize("path", ["/a\x00b", "/a\ud800b"])
def test_absent_raises_what_lstat_raises(path: str) -> None:
    with pytest.raises(ValueError) as lstat_error:
        os.lstat(path)
    with pytest.raises(ValueError) as access_error:
        paths._absent(path)
    assert type(access_error.value) is type(lstat_error.value)


@pytest.fixture
def access_without_the_flags(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A platform whose `access` answers False for everything (musl's EINVAL for the flags)."""
    monkeypatch.setattr(paths, "_ACCESS_PROBE", [])
    monkeypatch.setattr(paths, "_access", lambda *args, **kwargs: False)
    yield
    monkeypatch.undo()
    paths._ACCESS_PROBE.clear()


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(COMPONENT, min_size=1, max_size=5))
def test_a_platform_without_the_flags_falls_back_to_lstat(
    tree: str, access_without_the_flags: None, parts: list[str]
) -> None:
    path = tree + "/" + "/".join(parts)
    assert not paths._absent(path)
    policy = paths.PathPolicy.from_config(Config(), tree)
    assert policy.lexists(path) == os.path.lexists(path)
    assert policy.resolve(path) == os.path.realpath(path)


@settings(max_examples=1000, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.lists(COMPONENT, max_size=5), st.booleans()), max_size=8))
def test_the_policy_answers_as_os_path(tree: str, paths_: list[tuple[list[str], bool]]) -> None:
    policy = paths.PathPolicy.from_config(Config(), tree)
    for parts, probe in paths_:
        path = tree + "/" + "/".join(parts)
        if probe:
            assert policy.lexists(path) == os.path.lexists(path)
        assert policy.resolve(path) == os.path.realpath(path)


@pytest.mark.parametrize("spelling", ["notes", "./notes", "sub/notes"])
def test_a_missing_name_that_becomes_a_link_to_a_key_between_two_decisions(
    make_engine: Callable[..., Engine], gk_env: GkEnv, spelling: str
) -> None:
    engine = make_engine()
    (gk_env.project / "sub").mkdir(exist_ok=True)
    before = check(engine, f"cat {spelling}")
    assert before.outcome == Outcome.ALLOW, before.reason
    key = gk_env.home / ".ssh" / "id_rsa"
    key.parent.mkdir(exist_ok=True)
    key.write_text("not a real key\n")
    (gk_env.project / spelling).symlink_to(key)
    after = check(engine, f"cat {spelling}")
    assert after.outcome == Outcome.ASK
    assert after.rule == "GK-PROT-002", after.reason


def test_a_missing_ssh_dir_that_appears_between_two_policies_is_protected(
    gk_env: GkEnv, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "keys"
    elsewhere.mkdir()
    first = paths.PathPolicy.from_config(Config(), str(gk_env.project))
    assert not first.is_protected(str(elsewhere / "id_rsa.pub"))
    (gk_env.home / ".ssh").symlink_to(elsewhere)
    second = paths.PathPolicy.from_config(Config(), str(gk_env.project))
    assert second.is_protected(str(elsewhere / "id_rsa.pub"))


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("nope", "nope/x"),  # walked: the tree is past, `nope` missing: answered at once
        ("nope/x", "nope/y/z"),
        ("ld/nope", "ld/nope/x"),  # `ld` is a link: its missing child says nothing alone
        ("chain/nope", "chain/nope/x"),
        ("d/nope", "ld/nope/x"),
        ("f/x", "f/x/y"),  # below a file (ENOTDIR)
    ],
)
def test_a_path_below_a_missing_parent(tree: str, first: str, then: str) -> None:
    policy = paths.PathPolicy.from_config(Config(), tree)
    assert policy.lexists(f"{tree}/{first}") == os.path.lexists(f"{tree}/{first}")
    assert policy.resolve(f"{tree}/{then}") == os.path.realpath(f"{tree}/{then}")
    walked = paths.PathPolicy.from_config(Config(), tree)
    assert walked.resolve(f"{tree}/{first}") == os.path.realpath(f"{tree}/{first}")
    assert walked.resolve(f"{tree}/{then}") == os.path.realpath(f"{tree}/{then}")
