"""The fast paths of the path policy agree with the slow ones they replace."""

from __future__ import annotations

import fnmatch
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from hypothesis import given, settings
from hypothesis import strategies as st

from gatekeeper import paths
from gatekeeper.model import Outcome
from gatekeeper.testing import assert_decision

if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

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


def test_a_bare_word_naming_a_symlinked_secret_still_elevates(
    make_engine: Callable[..., Engine], gk_env: GkEnv
) -> None:
    secret = gk_env.home / ".aws" / "credentials"
    secret.parent.mkdir()
    secret.write_text("x")
    (gk_env.project / "sub").mkdir()
    (gk_env.project / "sub" / "credentials").symlink_to(secret)
    (gk_env.project / "notes").symlink_to(secret)
    engine = make_engine()
    for command in ("cat notes", "grep key notes", "cd sub && cat credentials"):
        decision = assert_decision(engine, command, expected="ask", rule="GK-PROT-002")
        assert decision.outcome != Outcome.ALLOW
    assert_decision(engine, "cat missing-file", expected="allow")


def test_a_dot_name_is_a_credential_file_only_when_it_exists(
    make_engine: Callable[..., Engine], gk_env: GkEnv
) -> None:
    """`jq .key f` filters the key `key`: no file `.key` exists, so nothing is read.

    A `.name` word without `/` is judged like any bare word: when the file exists (or is a
    link to one), reading it still elevates.
    """
    (gk_env.project / "f.json").write_text("{}")
    engine = make_engine()
    for command in ("jq .key f.json", "jq -r .env f.json", "grep .npmrc f.json"):
        assert_decision(engine, command, expected="allow")
    (gk_env.project / ".env").write_text("TOKEN=x")
    (gk_env.project / ".key").symlink_to(gk_env.project / ".env")
    for command in ("cat .env", "jq .key f.json", "grep x .env", "cat ./.env"):
        decision = assert_decision(engine, command, expected="ask", rule="GK-PROT-002")
        assert decision.outcome != Outcome.ALLOW
