"""`PathPolicy.is_secret` resolves the home directory only for a path that could be below it.

A path inside `H/.ssh` (H the resolved home) holds `/.ssh`; a plain path that holds none of
the credential dirs' names is not inside any of them, so the home is not resolved for it
(an `lstat` per component of the home). These tests pin the answer to the test it skips.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hypothesis import given, settings
from hypothesis import strategies as st

from gatekeeper.config import Config
from gatekeeper.paths import (
    _SYSTEM_SECRETS,
    PathPolicy,
    _name,
    _name_matchers,
    _secret_home_dirs,
    inside,
)

if TYPE_CHECKING:
    from pathlib import Path

    import pytest


def _reference(policy: PathPolicy, path: str) -> bool:
    """`is_secret` as it was, always against the resolved home."""
    name = _name(path)
    not_secret, secret = _name_matchers()
    if not_secret(name):
        return False
    if secret(name):
        return True
    if any(inside(path, d) for d in _secret_home_dirs(policy.home)):
        return not name.endswith(".pub") and name not in ("known_hosts", "config.pub")
    return any(inside(path, p) for p in _SYSTEM_SECRETS)


_PARTS = st.sampled_from(
    [
        *(".ssh", ".aws", ".gnupg", ".kube", ".docker", ".config", "gh", "gcloud", "h", "home"),
        *("x", "known_hosts", "config", "id.pub", "", ".", "etc", "ssh", "shadow", ".sshx"),
    ]
)


@settings(max_examples=3000, deadline=None)
@given(st.lists(_PARTS, max_size=6), st.sampled_from(["/h", "/home/h", "/", "/h/.ssh", "/x//h"]))
def test_is_secret_answers_as_the_full_test(parts: list[str], home: str) -> None:
    import os

    old = os.environ.get("HOME")
    os.environ["HOME"] = home  # none of these exists: the resolved home is the text itself
    try:
        policy = PathPolicy.from_config(Config(), "/")
        path = "/" + "/".join(parts)
        assert policy.is_secret(path) == _reference(policy, path), path
    finally:
        if old is None:
            del os.environ["HOME"]
        else:
            os.environ["HOME"] = old


def test_a_home_reached_through_a_symlink_still_holds_secrets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = tmp_path / "real-home"
    (real / ".config" / "gh").mkdir(parents=True)
    (real / ".config" / "gh" / "hosts.yml").write_text("token\n")
    alias = tmp_path / "alias"
    alias.symlink_to(real)
    monkeypatch.setenv("HOME", str(alias))
    policy = PathPolicy.from_config(Config(), str(tmp_path))
    assert policy.is_secret(str(real / ".config" / "gh" / "hosts.yml"))
    assert not policy.is_secret(str(real / ".config" / "other" / "hosts.yml"))
    assert policy.classify("~/.config/gh/hosts.yml", write=False)[0] == "secret"
