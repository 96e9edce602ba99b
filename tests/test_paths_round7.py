"""Run W's shortcuts in the path policy answer as the code they replace.

Kept across decisions, each a function of strings alone (no filesystem answer): a file
name's verdict by name (`_SECRET_BY_NAME`), a directory's prefixes (`_CLEAN_PREFIXES`),
whether the names below a directory are plain (`_PLAIN_BELOW`). Within one call: the walk
of `realpath` starts below the deepest ancestor the call got past, `X/.` resolves as X,
and the allowed and tmp roots need the home only when there are configured ones to sort.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gatekeeper import paths
from gatekeeper.config import Config
from gatekeeper.paths import PathPolicy
from tests.conftest import make_link_tree

if TYPE_CHECKING:
    from pathlib import Path

    from gatekeeper.testing import GkEnv

NAME = st.text(alphabet="abe.nvkyprsid_*x-1", max_size=14)


@settings(max_examples=2000)
@given(NAME)
def test_a_name_s_verdict_is_the_matchers(name: str) -> None:
    not_secret, secret = paths._name_matchers()
    expected = (
        paths._NOT_SECRET_NAME
        if not_secret(name)
        else paths._SECRET_NAME
        if secret(name)
        else paths._PLACE_DECIDES
    )
    for _ in range(2):  # computed, then from the memo
        got = paths._SECRET_BY_NAME.get(name)
        assert (paths._secret_by_name(name) if got is None else got) == expected


@pytest.mark.parametrize(
    "name", ["id_rsa", "id_rsa.pub", ".env", ".env.example", "x.pem", "README.md", "shadow"]
)
def test_is_secret_by_name_as_before(gk_env: GkEnv, name: str) -> None:
    policy = PathPolicy.from_config(Config(project_root=str(gk_env.project)), str(gk_env.project))
    path = f"{gk_env.project}/{name}"
    not_secret, secret = paths._name_matchers()
    expected = not not_secret(name) and bool(secret(name))
    assert policy.is_secret(path) == expected
    assert PathPolicy.from_config(Config(), str(gk_env.project)).is_secret(path) == expected


@given(st.lists(st.sampled_from(["a", "bb", ".c", "d-e"]), min_size=0, max_size=6))
def test_a_directory_s_prefixes_are_the_loop_s(parts: list[str]) -> None:
    directory = "/" + "/".join(parts)
    expected = []
    prefix = ""
    for part in directory[1:].split("/"):
        prefix = f"{prefix}/{part}"
        expected.append(prefix)
    got = paths._clean_prefixes(directory)
    assert list(got) == expected
    assert set(got.values()) == {paths._CLEAN}


@settings(max_examples=1000, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet="/a.\0", max_size=10), st.integers(0, 4200))
def test_lexists_below_picks_as_its_tests(gk_env: GkEnv, text: str, pad: int) -> None:
    directory = "/" + "x" * pad + text + "/"
    policy = PathPolicy.from_config(Config(), str(gk_env.project))
    plain = (
        len(directory) + paths.NAME_MAX < paths.PATH_MAX
        and "\0" not in directory
        and paths._plain(directory + "x")
    )
    for _ in range(2):  # computed, then from the memo
        picked = policy.lexists_below(directory)
        assert picked == (policy.lexists_plain if plain else policy.lexists)


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> str:
    return make_link_tree(tmp_path_factory.mktemp("round7"))


COMPONENT = st.sampled_from(["d", "e", "f", "ld", "rel", "up", "loop", "dangling", "nope", "."])


@settings(max_examples=1500, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.sampled_from(["", "/d", "/d/e", "/ld"]),
    st.lists(st.lists(COMPONENT, max_size=5), min_size=1, max_size=4),
)
def test_a_walk_below_a_clean_ancestor_resolves_as_realpath(
    tree: str, clean: str, paths_parts: list[list[str]]
) -> None:
    known: dict[str, int] = {}
    paths._kernel_clean(tree + clean, known)  # the cwd of a call, then paths below it
    for parts in paths_parts:
        path = "/".join([tree + clean, *parts])
        assert paths.realpath(path, known) == os.path.realpath(path)
        assert paths.realpath(path + "/.", known) == os.path.realpath(path + "/.")


def test_a_link_above_the_cwd_made_between_two_calls_is_seen(gk_env: GkEnv, tmp_path: Path) -> None:
    (tmp_path / "real" / "proj" / "deep").mkdir(parents=True)
    (tmp_path / "other" / "proj" / "deep").mkdir(parents=True)
    cwd = str(tmp_path / "real" / "proj")
    first = PathPolicy.from_config(Config(), cwd)
    assert first.resolve("deep/x") == f"{cwd}/deep/x"
    (tmp_path / "real" / "proj").rename(tmp_path / "moved")
    (tmp_path / "real" / "proj").symlink_to(tmp_path / "other" / "proj")
    second = PathPolicy.from_config(Config(), cwd)
    assert second.resolve("deep/x") == str(tmp_path / "other" / "proj" / "deep" / "x")
    assert second.resolve(".") == str(tmp_path / "other" / "proj")


@pytest.mark.parametrize("allowed", [(), ("~/shared", "/", "~")])
def test_roots_without_the_home_are_the_roots_with_it(
    gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch, allowed: tuple[str, ...]
) -> None:
    (gk_env.home / "shared").mkdir(exist_ok=True)
    monkeypatch.delenv("TMPDIR", raising=False)
    config = Config(allowed_paths=allowed, project_root=str(gk_env.project))
    policy = PathPolicy.from_config(config, str(gk_env.project))
    home = os.path.realpath(gk_env.home)
    expected = [str(gk_env.project)]
    expected += [
        p
        for p in (os.path.realpath(os.path.expanduser(a)) for a in allowed)
        if p not in ("/", home)
    ]
    assert policy.allowed == tuple(dict.fromkeys(expected))
    assert policy.tmp == tuple(dict.fromkeys(os.path.realpath(t) for t in ("/tmp", "/var/tmp")))


def test_a_nul_in_a_root_still_fails_the_whole_call(gk_env: GkEnv) -> None:
    config = Config(allowed_paths=("sub\0x",), project_root=str(gk_env.project))
    with pytest.raises(ValueError, match="null"):
        PathPolicy.from_config(config, str(gk_env.project))
