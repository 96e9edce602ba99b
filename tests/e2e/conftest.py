"""Fixtures for the end-to-end tests with the real Claude Code binary, plus their timing report.

``claude_binary`` installs the pinned release into ``<repo>/.cache/claude-code/`` once per
session (see claude_bin.py) and skips, with the reason in the summary, only when npm is
missing. ``claude_e2e`` gives each test a throwaway HOME/project (see harness.py) under
``<repo>/.cache/e2e/`` rather than pytest's ``tmp_path``: gatekeeper treats ``/tmp`` as scratch
space where writes are fine, so a world built there would make every write in it look harmless.
A test's directory is removed when it passes and kept for inspection when it fails.
``gatekeeper_e2e`` is ``claude_e2e`` with the test venv's real ``gatekeeper hook`` as the hook.
Every test here that needs the binary is marked ``e2e`` (so ``-m "not e2e"`` leaves them
out), and each ``claude`` run's wall time is listed in the terminal summary.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from .claude_bin import CLAUDE_CODE_VERSION, ensure_claude, install_dir
from .harness import ClaudeE2E, RunResult, default_hook_command, inside_tmp_dir

if TYPE_CHECKING:
    from collections.abc import Callable, Generator, Iterator

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parents[1]
E2E_RUNS_DIR = REPO_ROOT / ".cache" / "e2e"
RUN_SECONDS_PROPERTY = "claude_run_seconds"
_FAILED = pytest.StashKey[bool]()

# nodeid -> wall seconds of each claude run, filled from reports (so it also works under xdist).
_run_times: dict[str, list[float]] = {}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "e2e: runs the real Claude Code binary against the stand-in API"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # This hook sees the whole session's items, not only this directory's; the stand-in's own
    # tests need no binary and stay unmarked.
    for item in items:
        if item.path.resolve().is_relative_to(HERE) and "claude_binary" in getattr(
            item, "fixturenames", ()
        ):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def claude_binary() -> Path:
    path = ensure_claude(REPO_ROOT)
    if path is None:
        pytest.skip(
            f"npm is not on PATH: cannot install Claude Code {CLAUDE_CODE_VERSION} "
            f"into {install_dir(REPO_ROOT).relative_to(REPO_ROOT)}"
        )
    return path


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item,
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.failed:
        item.stash[_FAILED] = True
    return report


@pytest.fixture
def e2e_root(request: pytest.FixtureRequest) -> Iterator[Path]:
    """A fresh directory under <repo>/.cache/e2e, removed unless the test failed.

    A checkout inside a tmp dir (CI often clones into one) would put every test project in
    gatekeeper's scratch space; then the runs go under the user's cache dir instead.
    """
    base = E2E_RUNS_DIR
    if inside_tmp_dir(base):
        cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        base = Path(cache) / "gatekeeper-e2e"
    base.mkdir(parents=True, exist_ok=True)
    name = re.sub(r"[^A-Za-z0-9_.-]", "_", request.node.name)[:24]  # short: harness.MAX_SOCKET_PATH
    root = Path(tempfile.mkdtemp(prefix=f"{name}-", dir=base))
    yield root
    if not request.node.stash.get(_FAILED, False):
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def claude_e2e(
    claude_binary: Path, e2e_root: Path, record_property: Callable[[str, object], None]
) -> Iterator[ClaudeE2E]:
    def on_run(result: RunResult) -> None:
        record_property(RUN_SECONDS_PROPERTY, round(result.wall_seconds, 3))

    e2e = ClaudeE2E(claude_binary, e2e_root, on_run=on_run)
    yield e2e
    e2e.close()


@pytest.fixture
def gatekeeper_e2e(claude_e2e: ClaudeE2E) -> ClaudeE2E:
    """claude_e2e with the hook `gatekeeper install` enters; skips if gatekeeper is not installed."""
    if inside_tmp_dir(claude_e2e.root):
        pytest.skip(
            "the e2e root is inside a tmp dir, which gatekeeper treats as scratch space: "
            "move the checkout out of /tmp, /var/tmp and $TMPDIR"
        )
    command = default_hook_command()
    if not Path(command[0]).exists():
        pytest.skip(
            f"no gatekeeper console script at {Path(command[0]).name} beside the test interpreter"
        )
    claude_e2e.hook_command = installed_hook_command(claude_e2e, command[0])
    return claude_e2e


def installed_hook_command(world: ClaudeE2E, gatekeeper: str) -> list[str]:
    """Run `gatekeeper install` in the world's HOME and return the hook command it entered.

    The harness then puts its recorder in front of exactly that command, so every scenario
    runs the hook a user gets from `gatekeeper install`.
    """
    import json
    import shlex
    import subprocess

    done = subprocess.run(
        [gatekeeper, "install"],
        env=world.environment("http://127.0.0.1:9"),
        cwd=world.project,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    settings = json.loads((world.home / ".claude" / "settings.json").read_text())
    [group] = settings["hooks"]["PreToolUse"]
    [handler] = group["hooks"]
    assert group["matcher"] == "*"
    return shlex.split(handler["command"])


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when != "call":
        return
    times = [
        float(value)
        for name, value in report.user_properties
        if name == RUN_SECONDS_PROPERTY and isinstance(value, int | float)
    ]
    if times:
        _run_times[report.nodeid] = times


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    rootpath = terminalreporter.config.rootpath
    skip_reasons: set[str] = set()
    for report in terminalreporter.stats.get("skipped", []):
        location = getattr(report, "location", None)
        in_here = location is not None and (rootpath / location[0]).resolve().is_relative_to(HERE)
        if in_here and isinstance(report.longrepr, tuple):
            skip_reasons.add(str(report.longrepr[2]).removeprefix("Skipped: "))
    if not _run_times and not skip_reasons:
        return
    terminalreporter.section(f"e2e: Claude Code {CLAUDE_CODE_VERSION} runs")
    for reason in sorted(skip_reasons):
        terminalreporter.write_line(f"skipped: {reason}")
    for nodeid, times in sorted(_run_times.items()):
        runs = ", ".join(f"{seconds:.2f}s" for seconds in times)
        terminalreporter.write_line(f"{sum(times):6.2f}s  {nodeid}  [{runs}]")
    if _run_times:
        total = sum(sum(times) for times in _run_times.values())
        count = sum(len(times) for times in _run_times.values())
        terminalreporter.write_line(f"{total:6.2f}s  total over {count} claude runs")
