"""The hook's timeout covers the slowest path to an answer.

Claude Code lets a call through its normal permission flow when the hook times out, so the
timeout `gatekeeper install` writes must be longer than anything the hook can take: the fast
client waiting for a hung server, then the cold path's Tier 1 (which gives up on a Bash call
after `TIER1_BUDGET`, GK-SHELL-008), then the reviewer with its margin.
"""

from __future__ import annotations

from gatekeeper import client, pipeline, server
from gatekeeper.commands import install

# What the budget does not cover: the interpreter's start, reading and parsing the input,
# loading the config, and one tree-sitter parse of at most 1 MiB (~2 s here).
START_AND_PARSE = 5.0


def test_the_client_never_waits_longer_than_its_cap_whatever_the_input() -> None:
    assert client.answer_timeout(100) < 2.0
    assert client.answer_timeout(pipeline.MAX_INPUT_BYTES) == client.MAX_TIMEOUT


def test_the_hook_timeout_outlasts_a_hung_server_a_cold_tier1_and_a_review() -> None:
    reviewer = 30.0
    worst = (
        client.MAX_TIMEOUT  # the server never answers
        + START_AND_PARSE
        + pipeline.TIER1_BUDGET  # the cold path's Tier 1, cut at its budget
        + reviewer
        + server.REVIEW_MARGIN
    )
    assert install.hook_timeout(reviewer) > worst
