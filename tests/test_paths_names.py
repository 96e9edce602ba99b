"""`PathPolicy.lexists_below`: the test `protected` asks of a bare name below the cwd.

It answers with `lexists_plain` (the memo and the look-up, without `lexists`' tests for a
plain, short, NUL-free path) only when every `directory + NAME` is such a path; these tests
compare it with `lexists` over a tree of files, directories and links, and over directory
spellings that are not plain (`//`, `/./`, a NUL, too long), each on a fresh policy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gatekeeper.config import Config
from gatekeeper.paths import NAME_MAX, PATH_MAX, PathPolicy

if TYPE_CHECKING:
    from pathlib import Path

NAMES = st.sampled_from(["d", "f", "ld", "lf", "loop", "dangling", "nope", "e", "x.txt", "-"])
NAMES = NAMES | st.text(alphabet="abdfl.-_", min_size=1, max_size=4).filter(
    lambda n: n[0] not in "-." and n not in (".", "..")
)


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> str:
    root = tmp_path_factory.mktemp("names")
    (root / "d" / "e").mkdir(parents=True)
    (root / "f").write_text("x")
    (root / "ld").symlink_to(root / "d")
    (root / "lf").symlink_to(root / "f")
    (root / "loop").symlink_to("loop")
    (root / "dangling").symlink_to(root / "nope" / "x")
    return str(root)


def _policy(cwd: str) -> PathPolicy:
    return PathPolicy.from_config(Config(), cwd)


def _spellings(root: str) -> list[str]:
    return [
        root + "/",
        root + "/d/",
        root + "/ld/",
        root + "/f/",
        root + "//",
        root + "/./",
        root + "/d/../",
        "/",
        "//",
        root + "/\0/",
        root + "/" + "a" * (PATH_MAX - NAME_MAX - len(root)) + "/",
    ]


@settings(max_examples=500, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 10), NAMES)
def test_lexists_below_answers_as_lexists(tree: str, which: int, name: str) -> None:
    directory = _spellings(tree)[which]
    path = directory + name
    fast = _policy(tree).lexists_below(directory)(path)
    assert fast == _policy(tree).lexists(path)


def test_only_plain_short_directories_skip_the_tests(tree: str) -> None:
    policy = _policy(tree)
    plain, doubled, dotted, nul, long = (
        tree + "/",
        tree + "//",
        tree + "/./",
        tree + "/\0/",
        "/" + "a" * (PATH_MAX - NAME_MAX) + "/",
    )
    assert policy.lexists_below(plain) == policy.lexists_plain
    for directory in (doubled, dotted, nul, long, "//"):
        assert policy.lexists_below(directory) == policy.lexists, directory


def test_a_name_made_a_link_between_two_calls_is_seen(tmp_path: Path) -> None:
    below = _policy(str(tmp_path)).lexists_below(f"{tmp_path}/")
    assert not below(f"{tmp_path}/status")
    (tmp_path / "status").symlink_to(tmp_path / "nowhere")  # a dangling link exists
    assert _policy(str(tmp_path)).lexists_below(f"{tmp_path}/")(f"{tmp_path}/status")
