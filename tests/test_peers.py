"""The peers' corpora (../shared/peer-data): no GTFOBins command may be allowed (item 10).

The data sits next to the clone (see tests/peer_corpora.py for how it is found); without it
these tests skip and say why. `make peers` writes the full report, docs/peer-comparison.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from tests import peer_corpora

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv


@pytest.fixture(scope="module")
def data() -> Path:
    found = peer_corpora.peer_data_dir()
    if found is None:
        reason = (
            "peer data not found: expected ../shared/peer-data next to the repository "
            f"or ${peer_corpora.PEER_DATA_ENV}"
        )
        print(reason)
        pytest.skip(reason)
    return found


def test_the_corpora_have_their_documented_sizes(data: Path) -> None:
    assert len(peer_corpora.gtfobins(data)) == 676
    assert len(peer_corpora.aegish_harmless(data)) == 496
    assert len(peer_corpora.dippy(data)) == 10026
    assert len(peer_corpora.cc_allow(data)) > 150  # entries with a strict or default label
    assert len(peer_corpora.cc_bash_guard(data)) > 250


def test_no_gtfobins_command_is_allowed(
    data: Path, make_engine: Callable[..., Engine], gk_env: GkEnv
) -> None:
    engine = make_engine()
    cases = peer_corpora.gtfobins(data)
    allowed = [
        f"{case.group}: {case.command}"
        for case, outcome in peer_corpora.decide(engine, cases, str(gk_env.project))
        if outcome == "allow"
    ]
    assert allowed == []


def test_every_command_we_allow_that_a_peer_asks_for_is_explained(
    data: Path, make_engine: Callable[..., Engine], gk_env: GkEnv
) -> None:
    (gk_env.project / "src").mkdir()
    engine = make_engine()
    cases = [
        c
        for c in (
            *peer_corpora.dippy(data),
            *peer_corpora.cc_allow(data),
            *peer_corpora.cc_bash_guard(data),
        )
        if c.label in ("ask", "deny")
    ]
    results = peer_corpora.Results(list(peer_corpora.decide(engine, cases, str(gk_env.project))))
    unexplained = [f"{c.corpus} ({c.group}): {c.command}" for c in results.unexplained()]
    assert unexplained == []


def test_an_ask_is_split_by_who_would_answer_it(
    make_engine: Callable[..., Engine], gk_env: GkEnv
) -> None:
    """docs/peer-comparison.md counts the human's asks apart from the reviewer's: a wrong
    split would hide how often the human is interrupted."""
    cases = [
        peer_corpora.PeerCase("t", command, "allow", "g")
        for command in ("ls", "frobnicate --all", "git push origin main", "sudo ls")
    ]
    outcomes = [o for _, o in peer_corpora.decide(make_engine(), cases, str(gk_env.project))]
    assert outcomes == ["allow", "review", "elevate", "elevate"]
