"""The pinned Claude Code binary for the end-to-end tests, installed on demand into the repo.

The e2e tests run the real ``claude`` against a local stand-in API. Which release they run is
pinned here (bumping it is one line); it is installed with npm into
``<repo>/.cache/claude-code/<version>/`` the first time a test session needs it, never globally.

The npm package ``@anthropic-ai/claude-code`` ships a placeholder ``bin/claude.exe`` and the
real native binary in a per-platform optional dependency (``@anthropic-ai/claude-code-linux-x64``
and so on); its postinstall script links the native binary over the placeholder. If npm was
configured not to run install scripts, the placeholder stays, so the platform package's binary
is the fallback. Either way a candidate counts only once ``claude --version`` reports the pin.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import tempfile
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

CLAUDE_CODE_VERSION = "2.1.328"
PACKAGE = "@anthropic-ai/claude-code"

# A cold install downloads a few hundred MB; a slow registry mirror should not fail the run.
INSTALL_TIMEOUT_SECONDS = 900
VERSION_TIMEOUT_SECONDS = 30


def install_dir(repo_root: Path, version: str = CLAUDE_CODE_VERSION) -> Path:
    return repo_root / ".cache" / "claude-code" / version


def _candidates(prefix: Path) -> list[Path]:
    modules = prefix / "node_modules"
    # The npm shim first; the platform packages' native binaries cover a skipped postinstall.
    return [
        modules / ".bin" / "claude",
        *sorted(modules.glob("@anthropic-ai/claude-code-*/claude")),
    ]


def reports_version(executable: Path, version: str = CLAUDE_CODE_VERSION) -> bool:
    """True if ``executable --version`` runs and names the pinned version."""
    # Even --version gets a throwaway HOME: the tests never let claude near the real ~/.claude.
    try:
        with tempfile.TemporaryDirectory(prefix="claude-version-") as home:
            result = subprocess.run(
                [str(executable), "--version"],
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                timeout=VERSION_TIMEOUT_SECONDS,
                env={"PATH": os.environ.get("PATH", ""), "HOME": home},
                check=False,
            )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return result.returncode == 0 and result.stdout.strip().startswith(version)


def find_installed(prefix: Path, version: str = CLAUDE_CODE_VERSION) -> Path | None:
    for candidate in _candidates(prefix):
        if candidate.exists() and reports_version(candidate, version):
            return candidate
    return None


@contextmanager
def _locked(lock_path: Path) -> Iterator[None]:
    """An exclusive advisory lock, so parallel pytest processes install only once."""
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with lock_path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def ensure_claude(repo_root: Path, version: str = CLAUDE_CODE_VERSION) -> Path | None:
    """Path of a working ``claude`` at ``version``, installing it first if needed.

    Returns None when it is not installed and ``npm`` is not on PATH (the caller skips).
    Raises RuntimeError when npm is there but the install does not yield a working binary:
    that is a broken environment, which must fail loudly rather than skip.
    """
    prefix = install_dir(repo_root, version)
    found = find_installed(prefix, version)
    if found is not None:
        return found
    npm = shutil.which("npm")
    if npm is None:
        return None
    with _locked(prefix.parent / f"{version}.lock"):
        # Another process may have finished the install while this one waited for the lock.
        found = find_installed(prefix, version)
        if found is not None:
            return found
        prefix.mkdir(parents=True, exist_ok=True)
        command = [
            npm,
            "install",
            "--prefix",
            str(prefix),
            # No package.json or lock file in the cache dir: the pin above is the only record.
            "--no-save",
            "--no-package-lock",
            "--no-audit",
            "--no-fund",
            f"{PACKAGE}@{version}",
        ]
        try:
            result = subprocess.run(
                command,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                timeout=INSTALL_TIMEOUT_SECONDS,
                check=False,
            )
        except subprocess.TimeoutExpired as error:
            raise RuntimeError(f"npm install of {PACKAGE}@{version} timed out") from error
        found = find_installed(prefix, version)
        if found is None:
            raise RuntimeError(
                f"npm install of {PACKAGE}@{version} into {prefix} gave no working claude "
                f"(exit {result.returncode}):\n{result.stdout[-2000:]}\n{result.stderr[-4000:]}"
            )
        return found
