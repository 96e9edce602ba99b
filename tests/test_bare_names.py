"""The protected-paths plugin's fast test of bare names answers as `_read_finding` does.

A word made of letters, digits, `_`, `-` and `.` (not starting with `-` or `.`) is a name in
the cwd; the plugin asks whether that entry exists before it calls `_read_finding`, which
asks the same first. These tests compare the plugin with the loop it replaces over names
that exist, are missing, are symlinks to a key or to a directory, are too long, and with
other cwds (`cd sub && cat x`), in a throwaway project.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gatekeeper.config import Config
from gatekeeper.context import Context
from gatekeeper.model import Command, Finding, Verdict, Word
from gatekeeper.paths import PathPolicy
from gatekeeper.plugins import protected

if TYPE_CHECKING:
    from gatekeeper.testing import GkEnv

_NAMES = st.sampled_from(
    [
        *("notes", "key", "id_rsa", "id_rsa.pub", ".env", "env", "credentials", "x.pem"),
        *("sub", "linkdir", "missing", "a-b_c.d", "-n", "--x", "..", ".", "5", "x" * 300),
        *("key:x", "a=key", "@key", "sub/key", "~/x", "a b", "ké", "", "-"),
    ]
)


def _reads_as_before(command: Command, ctx: Context) -> Finding | None:
    """The read loop of `gatekeeper_check_command` as it was (words only)."""
    how = f"`{command.name}`"
    for word in command.words[1:]:
        text = word.text
        if text.startswith("-") or "=" in text or "@" in text or ":" in text:
            candidates = protected._path_candidates(text)
        else:
            candidates = [text] if text else []
        for raw in candidates:
            found = protected._read_finding(raw, how, ctx)
            if found is not None:
                return found
    return None


def _unused(argv: object, where: str) -> Finding:
    return Finding(Verdict.SAFE, "X", "not called")


def _context(project: str, other: bool) -> Context:
    policy = PathPolicy.from_config(Config(project_root=project), project)
    if other:
        policy = policy.with_cwds((f"{project}/sub",))
    return Context(Config(project_root=project), policy, _unused, _unused)


@pytest.fixture
def project(gk_env: GkEnv) -> str:
    root = gk_env.project
    key = gk_env.home / ".ssh" / "id_rsa"
    key.parent.mkdir(exist_ok=True)
    key.write_text("not a real key\n")
    (root / "sub").mkdir(exist_ok=True)
    (root / "notes").write_text("x")
    (root / "id_rsa").write_text("x")
    (root / "key").symlink_to(key)
    (root / "sub" / "key").symlink_to(key)
    (root / "sub" / "env").symlink_to(key)
    (root / "linkdir").symlink_to(gk_env.home / ".ssh")
    (root / "credentials").symlink_to(root / "nowhere")
    return str(root)


@settings(max_examples=600, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(_NAMES, min_size=1, max_size=4), st.booleans())
def test_bare_names_are_read_checked_as_before(project: str, names: list[str], other: bool) -> None:
    command = Command(tuple(Word(t) for t in ("cat", *names)))
    before = _reads_as_before(command, _context(project, other))
    after = protected.gatekeeper_check_command(command, _context(project, other))
    assert after == before


def test_a_bare_name_linked_to_a_key_still_elevates(project: str) -> None:
    command = Command((Word("cat"), Word("notes"), Word("key")))
    found = protected.gatekeeper_check_command(command, _context(project, False))
    assert found is not None
    assert found.rule == "GK-PROT-002"
