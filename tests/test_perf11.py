"""Session 11's cheaper protected list and link check answer as the plain computation does.

`PathPolicy.protected` resolves runs of entries with one parent inline (realpath's first
case) and keeps a lower-case twin; `is_secret` asks `_linked_secret` only when a credential
link exists (`linked()`'s early answer for a home without links was replaced by redteam15's
listing of the credential directories). Each is compared here
with what it replaces, over homes with links, files, missing dirs and odd spellings.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pytest

from gatekeeper import paths
from gatekeeper.config import Config
from gatekeeper.paths import PathPolicy

if TYPE_CHECKING:
    from gatekeeper.testing import GkEnv

_ODD = ("keep/.", "keep/..", "keep//x", "/", "nowhere/deeper/x", "~/.config/../.ssh", "~/")


def _layouts(gk_env: GkEnv, layout: str) -> None:
    home = gk_env.home
    elsewhere = home.parent / "elsewhere"
    elsewhere.mkdir(exist_ok=True)
    if layout == "links":
        (home / ".ssh").symlink_to(elsewhere)
        (home / ".aws").mkdir()
        (home / ".gnupg").write_text("x\n")
        (home / ".kube").symlink_to(home / "missing")  # dangling
        (home / ".config").mkdir(exist_ok=True)
        (home / ".config" / "gh").symlink_to(elsewhere)
        (home / ".bashrc").symlink_to(elsewhere / "bashrc")
    elif layout == "linked-config":
        config_dir = home / ".config"  # a linked dir above a run of entries (`.config/gh`)
        if config_dir.exists():
            config_dir.rename(elsewhere / "config")
        else:
            (elsewhere / "config").mkdir()
        config_dir.symlink_to(elsewhere / "config")
    elif layout == "files":
        (home / ".local").write_text("not a dir\n")
        (home / ".claude").mkdir(exist_ok=True)


def _expected(policy: PathPolicy) -> tuple[str, ...]:
    resolved = [os.path.realpath(s) for s in policy.protected_sources]
    # (the links' targets: `linked()[1]`, every one; redteam15 put the credential ones first)
    return tuple(dict.fromkeys([*resolved, *policy.linked()[1]]))


@pytest.mark.parametrize("layout", ["plain", "links", "linked-config", "files"])
def test_the_protected_list_is_every_source_resolved(gk_env: GkEnv, layout: str) -> None:
    _layouts(gk_env, layout)
    config = Config(protected_paths=_ODD, project_root=str(gk_env.project))
    for cwd in (str(gk_env.project), str(gk_env.home)):
        policy = PathPolicy.from_config(config, cwd)
        if layout != "plain":
            policy.home  # noqa: B018 - the home known first, as most calls have it
        assert policy.protected == _expected(PathPolicy.from_config(config, cwd))
        assert policy.protected_lowered == tuple(p.lower() for p in policy.protected)
        # each entry's answer as a lone realpath gives it, with or without the call's memo
        for source in policy.protected_sources:
            assert paths.realpath(source, policy._known) == os.path.realpath(source)


@pytest.mark.parametrize("layout", ["plain", "links"])
def test_is_secret_answers_as_the_link_check_did(gk_env: GkEnv, layout: str) -> None:
    _layouts(gk_env, layout)
    home = str(gk_env.home)
    elsewhere = str(gk_env.home.parent / "elsewhere")
    config = Config(project_root=str(gk_env.project))
    policy = PathPolicy.from_config(config, str(gk_env.project))
    if layout == "plain":
        assert policy.linked() == [(), (), ()]
    probes = [f"{elsewhere}/id_key", f"{elsewhere}/known_hosts", f"{elsewhere}/x.pub",
              f"{home}/.ssh/id_rsa", f"{gk_env.project}/README.md", "/etc/shadow", elsewhere]  # fmt: skip
    fresh = PathPolicy.from_config(config, str(gk_env.project))
    for path in probes:
        before = fresh._is_secret(path) or fresh._linked_secret(path)
        assert policy.is_secret(path) == before
    assert policy.is_secret(f"{elsewhere}/id_key") == (layout == "links")
