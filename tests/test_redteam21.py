"""Red-team round 21: holes that need files on disk or a secret in the environment.

Nothing here runs a command: each case is judged by the engine and never executed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import Outcome
from gatekeeper.shell import sedscan
from gatekeeper.testing import check

if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

FAKE_TOKEN = "ghp_" + "a1b2c3d4e5" * 4  # GitHub's shape: a value `audit.redact` masks


@pytest.fixture
def engine(gk_env: GkEnv, make_engine: Callable[..., Engine]) -> Engine:
    gk_env.write_config("[reviewer]\nenabled = false\n")
    return make_engine()


# bash (jq 1.6, kislyuk yq 3.1): with GITHUB_TOKEN set, each printed the token. jq's reads of
# one variable were taken by the name's first word (`env["GITHUB" + ...]` read as GITHUB),
# jq 1.6 takes `$ ENV` (a blank or a comment after the `$`), and kislyuk's yq hands its
# filter to jq: its `env` and `$ENV` are jq's.
@pytest.mark.parametrize(
    "command",
    [
        "jq -nr 'env[\"GITHUB\" + \"_TOKEN\"]'",
        "jq -nr '$ENV[\"GITHUB\" + \"_TOKEN\"]'",
        "jq -nr '$ ENV.GITHUB_TOKEN'",
        "jq -nr '$ #c\nENV.GITHUB_TOKEN'",
        "yq -n env",
        "yq -n env.GITHUB_TOKEN",
        "yq -nr '$ENV.GITHUB_TOKEN'",
        "yq -n 'env|tostring'",
    ],
)
def test_the_environment_read_through_jq_or_yq_asks_with_a_secret_in_it(
    engine: Engine, gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    monkeypatch.setenv("GITHUB_TOKEN", FAKE_TOKEN)
    decision = check(engine, command, cwd=str(gk_env.project))
    assert decision.outcome is not Outcome.ALLOW, decision.reason
    assert "GK-ENV-002" in {f.rule for f in decision.findings}, decision.reason


@pytest.mark.parametrize(
    "command",
    ["jq -n 'env.HOME'", "jq -n '$ENV[\"HOME\"]'", "yq -n 'strenv(HOME)'", "jq .name f.json"],
)
def test_one_plain_variable_read_by_jq_or_yq_stays_allowed(
    engine: Engine, gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    monkeypatch.setenv("GITHUB_TOKEN", FAKE_TOKEN)
    decision = check(engine, command, cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ALLOW, decision.reason


# pydoc and unittest import the modules they are given: a module of the project runs as
# `python script.py` does (allowed), another one is code the gate has not read (bash: `python3
# -m pydoc antigravity` started the web browser).
@pytest.mark.parametrize(
    "command",
    [
        "python3 -m unittest tests.test_x",
        "python3 -m unittest -k test_a tests.test_x",
        "python3 -m unittest tests/test_x.py",
        "python3 -m unittest mymod",
        "python3 -m pydoc mymod.f",
        "python3 -m pydoc -w mymod",
        "python3 -m unittest pkg.sub",
        "pytest --pyargs mymod",
        "pytest -q --pyargs pkg -k test_a",
    ],
)
def test_pydoc_and_unittest_of_a_project_module_stay_allowed(
    engine: Engine, gk_env: GkEnv, command: str
) -> None:
    (gk_env.project / "tests").mkdir()
    (gk_env.project / "tests" / "test_x.py").write_text("")
    (gk_env.project / "mymod.py").write_text("")
    (gk_env.project / "pkg").mkdir()
    decision = check(engine, command, cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ALLOW, decision.reason


@pytest.mark.parametrize(
    "command",
    [
        "python3 -m pydoc antigravity",
        "python3 -m pydoc json.decoder",
        "python3 -m unittest tests.test_x antigravity",
        "python3 -m unittest idlelib.idle",
    ],
)
def test_pydoc_and_unittest_of_another_module_are_reviewed(
    engine: Engine, gk_env: GkEnv, command: str
) -> None:
    (gk_env.project / "tests").mkdir()
    (gk_env.project / "tests" / "test_x.py").write_text("")
    decision = check(engine, command, cwd=str(gk_env.project))
    assert decision.outcome is not Outcome.ALLOW, decision.reason
    assert "GK-DEV-002" in {f.rule for f in decision.findings}, decision.reason


def test_a_pycache_prefix_inside_the_project_stays_allowed(engine: Engine, gk_env: GkEnv) -> None:
    (gk_env.project / ".pyc").mkdir()
    decision = check(engine, "python3 -X pycache_prefix=.pyc -c 'print(1)'", cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ALLOW, decision.reason


@pytest.mark.parametrize(
    ("script", "runs"),
    [
        ("s/a\\/b/id/e", True),
        ("s/[/]/id/e", True),
        ("s/[]/]/id/e", True),
        ("s/[[:alpha:]]]/id/e", True),
        ("s/x/id/ g e", True),
        ("/[/]/e id", True),
        ("\\%[%]%e id", True),
        ("s/a\\/b/c/g", False),
        ("s/[/]/x/g", False),
        ("1,5p", False),
        ("y/abc/xyz/", False),
    ],
)
def test_sed_scripts_that_run_a_command(script: str, runs: bool) -> None:
    assert sedscan.runs_command(script) is runs


def test_sed_s_w_file_after_an_escaped_delimiter() -> None:
    assert sedscan.written_files("s/a\\/b/x/gw /etc/x") == ["/etc/x"]
    assert sedscan.written_files("/[/]/w out") == ["out"]


@pytest.mark.parametrize(
    "script",
    [
        "/" + "[a]" * 40 + "e",  # brackets or characters, in every combination: not tried
        "".join("s" + chr(0x4E00 + i) for i in range(20000)) + "e",  # a delimiter each
        "s/" + "[a" * 60000 + "e",
    ],
)
def test_sed_scan_of_a_hostile_script_ends(script: str) -> None:
    sedscan.runs_command(script)  # (a budget, an atomic regex: seconds would fail the suite)
