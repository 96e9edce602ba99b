"""The string fast paths of the path policy agree with `PurePath` on every input."""

from __future__ import annotations

import fnmatch
from pathlib import PurePosixPath

from hypothesis import given, settings
from hypothesis import strategies as st

from gatekeeper import paths

# Components that exercise the tricky cases: dots, prefixes of each other, empty parts.
COMPONENT = st.sampled_from(["a", "ab", "proj", "projevil", ".", "..", "", ".git", "x.pub", "é"])
PATH = st.builds(
    lambda lead, parts, tail: lead + "/".join(parts) + tail,
    st.sampled_from(["/", "//", "///", "", "./"]),
    st.lists(COMPONENT, max_size=5),
    st.sampled_from(["", "/", "/.", "//"]),
)


@settings(max_examples=3000)
@given(PATH, PATH)
def test_inside_is_pure_path_is_relative_to(path: str, root: str) -> None:
    assert paths.inside(path, root) == PurePosixPath(path).is_relative_to(root)


@settings(max_examples=2000)
@given(PATH)
def test_parts_and_name_are_pure_paths(path: str) -> None:
    assert paths._parts(path) == PurePosixPath(path).parts
    assert paths._name(path) == PurePosixPath(path).name


NAMES = st.sampled_from(
    ["id_rsa", "id_rsa.pub", ".env", ".env.example", "credentials", "x.pem", "a.key", "notes"]
) | st.text(alphabet="abc._-*?[]", max_size=8)


@settings(max_examples=2000)
@given(NAMES)
def test_the_name_matchers_are_fnmatch(name: str) -> None:
    not_secret, secret = paths._name_matchers()
    assert bool(not_secret(name)) == any(fnmatch.fnmatch(name, p) for p in paths._NOT_SECRET)
    assert bool(secret(name)) == any(fnmatch.fnmatch(name, p) for p in paths._SECRET_PATTERNS)
