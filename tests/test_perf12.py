"""Session 12's listings stand for the kernel's answers, and see a link made between calls.

`PathPolicy` reads the home's credential and protected directories from their listings
(`paths._listing`: one `stat` a directory, kept while the directory is unchanged) instead
of an `access` per name, and keeps which of them are missing while the listings it read
are the ones kept (`_missing_mask`). Each answer is compared here with the kernel's
(`_entry_state`, `os.path.realpath`, a fresh listing), with the listings kept from one
call to the next (`_RACY_NS` set below zero) while the home changes between the calls.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from gatekeeper import paths
from gatekeeper.config import Config
from gatekeeper.paths import PathPolicy

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    import pytest

    from gatekeeper.testing import GkEnv


def _expected_secrets(policy: PathPolicy) -> tuple[str, ...]:
    """`linked_secrets()` as session 11 computed it: a `realpath` and a listing each."""
    home = os.path.realpath(policy.home_source)
    found = []
    for entry in os.scandir(policy.home_source):
        name = entry.name.lower()
        if entry.is_symlink() and name in paths._SECRET_LINK_NAMES:
            found.append(os.path.realpath(entry.path))
    for directory in paths._secret_home_dirs(home):
        resolved = os.path.realpath(directory)
        if resolved != directory:
            found.append(resolved)
        elif os.path.isdir(directory):
            for entry in os.scandir(directory):
                if entry.is_symlink() and policy._is_secret(entry.path):
                    found.append(os.path.realpath(entry.path))
    return tuple(dict.fromkeys(found))


def _policy(gk_env: GkEnv) -> PathPolicy:
    return PathPolicy.from_config(Config(project_root=str(gk_env.project)), str(gk_env.project))


def test_a_link_made_between_two_calls_is_seen_by_the_second(
    gk_env: GkEnv, kept: None
) -> None:
    home = gk_env.home
    elsewhere = home.parent / "elsewhere"
    (elsewhere / "ssh").mkdir(parents=True)
    (elsewhere / "key").write_text("k\n")
    steps: list[Callable[[], object]] = [
        lambda: None,
        (home / ".ssh").mkdir,
        lambda: (home / ".ssh" / "id_work").symlink_to(elsewhere / "key"),
        lambda: (home / ".config" / "gh").mkdir(parents=True),
        lambda: (home / ".config" / "gh" / "hosts.yml").symlink_to(elsewhere / "key"),
        lambda: (home / ".aws").symlink_to(elsewhere / "ssh"),
        lambda: (home / ".netrc").symlink_to(elsewhere / "key"),
        (home / ".ssh" / "id_work").unlink,
        (home / ".aws").unlink,
    ]
    for step in steps:
        step()
        for _ in range(2):  # the second call reads the listings kept by the first
            policy = _policy(gk_env)
            assert policy.linked_secrets() == _expected_secrets(_policy(gk_env))
            probe = str(elsewhere / "key")
            assert policy.is_secret(probe) == (probe in policy.linked_secrets())


def test_a_protected_dir_made_between_two_calls_is_listed_by_the_second(
    gk_env: GkEnv, kept: None
) -> None:
    home = gk_env.home
    elsewhere = home.parent / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "gitconfig").write_text("[core]\n")
    target = str(elsewhere / "gitconfig")
    changes: list[tuple[Callable[[], object], bool]] = [
        (lambda: None, False),
        (lambda: (home / ".config" / "git").mkdir(parents=True), False),
        (lambda: (home / ".config" / "git" / "config").symlink_to(target), True),
        ((home / ".config" / "git" / "config").unlink, False),
        ((home / ".cargo").mkdir, False),
        (lambda: (home / ".cargo" / "config.toml").symlink_to(target), True),
    ]
    for make, protected in changes:
        make()
        for _ in range(2):
            policy = _policy(gk_env)
            assert (target in policy.linked()[1]) == protected
            assert policy.is_protected(target) == protected
            for source in policy.protected_sources:
                assert paths.realpath(source, policy._known) == os.path.realpath(source)


def _kernel(path: str) -> int:
    try:
        return paths._entry_state(path)
    except (OSError, ValueError):
        return paths._MISSING


def test_a_listing_answers_as_lstat_or_not_at_all(tmp_path: Path, kept: None) -> None:
    (tmp_path / "file").write_text("x\n")
    (tmp_path / "dir").mkdir()
    (tmp_path / ".SSH").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "dir")
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    entries = paths._listing(str(tmp_path))[1]
    assert entries is not None
    names = ["file", "dir", ".SSH", ".ssh", "link", "dangling", "nowhere", "FILE", "", ".",
             "..", "a/b", "x\0y", "PROGRA~1", "caf\u00e9", "\u212aube", "x" * 300]  # fmt: skip
    for name in names:
        answer = paths._entry_listed(entries, name)
        if answer is not None:
            assert answer == _kernel(f"{tmp_path}/{name}"), name
    assert paths._entry_listed(entries, ".ssh") is None  # `.SSH` there: the kernel decides
    assert paths._entry_listed(entries, "nowhere") == paths._MISSING


def test_a_listing_it_cannot_stand_for_has_no_entries(
    tmp_path: Path, kept: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "caf\u00e9").mkdir()  # a name not ASCII: case folding is the file system's
    assert paths._listing(str(tmp_path))[:2] == ((), None)
    many = tmp_path / "many"
    many.mkdir()
    for i in range(5):
        (many / str(i)).write_text("x\n")
    monkeypatch.setattr(paths, "_ENTRIES_MAX", 3)
    assert paths._listing(str(many))[1] is None
    monkeypatch.setattr(paths, "_ENTRIES_MAX", 4096)
    paths._DIR_LINKS.clear()
    real_access = paths._access

    def no_search(path: str, mode: int, **kwargs: bool) -> bool:
        return False if mode == os.X_OK else real_access(path, mode, **kwargs)

    monkeypatch.setattr(paths, "_access", no_search)  # not searchable: `lstat` below fails
    assert paths._listing(str(many))[1] is None
    assert paths._listing(str(tmp_path / "missing")) == paths._UNLISTED == ((), None, ())
    assert paths._listing(str(many / "0")) == paths._UNLISTED  # a file
