"""Reverse and bind shells go to the human (GK-NET-001, plugins/network.py).

tests/corpora/network.sh says which rule fires; here each of its `ruleid` commands must be
ELEVATE, so that a shell served over a connection never rests on the reviewer, and plain
netcat / socat stay REVIEW (not everything near a socket goes to the human). Nothing here is
executed: the commands are only judged.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import Outcome
from gatekeeper.testing import check, corpus_cases
from tests import peer_corpora
from tests.conftest import assert_goes_to_the_human

if TYPE_CHECKING:
    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

CORPUS = Path(__file__).parent / "corpora" / "network.sh"
PEER_DATA = peer_corpora.peer_data_dir()  # before gk_env replaces the environment
SERVED = [c.command for c in corpus_cases([CORPUS]) if c.kind == "ruleid"]


@pytest.fixture
def engine(quiet_engine: Engine) -> Engine:
    return quiet_engine


@pytest.mark.parametrize("command", SERVED)
def test_a_program_served_over_the_network_goes_to_the_human(
    command: str, engine: Engine, gk_env: GkEnv
) -> None:
    assert_goes_to_the_human(engine, command, str(gk_env.project))


@pytest.mark.parametrize(
    "command",
    [
        "nc -zv localhost 22",
        "nc -l 4444",
        "ncat --ssl example.org 443",
        "socat -d -d tcp:example.org:80 -",
        "socat - 'TCP:example.org:80'",
        "socket -v example.org 80",
    ],
)
def test_plain_netcat_and_socat_are_not_elevated(
    command: str, engine: Engine, gk_env: GkEnv
) -> None:
    decision = check(engine, command, cwd=str(gk_env.project))
    assert "GK-NET-001" not in {f.rule for f in decision.findings}, decision.reason
    assert decision.outcome is Outcome.ASK  # unknown to the gate: REVIEW, never allowed


def test_gtfobins_netcat_and_socat_shells_go_to_the_human(engine: Engine, gk_env: GkEnv) -> None:
    if PEER_DATA is None:
        pytest.skip("peer data not found (see tests/peer_corpora.py)")
    rows = [
        c
        for c in peer_corpora.gtfobins(PEER_DATA)
        if c.group in ("reverse-shell", "bind-shell")
        and c.command.split()[0] in ("nc", "ncat", "socat", "socket")
    ]
    assert len(rows) >= 5
    outcomes = {c.command: o for c, o in peer_corpora.decide(engine, rows, str(gk_env.project))}
    assert set(outcomes.values()) == {"elevate"}, outcomes
