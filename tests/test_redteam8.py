"""Red-team round 8: URL spellings of this machine that WebFetch's parser reads as it.

Python's `urlsplit` and a WHATWG parser (Node's `URL`, which WebFetch uses) disagree on
some hosts: the WHATWG one percent-decodes and IDNA-maps the host and takes `\\` for `/`.
Every spelling below is `127.0.0.1` (or a private address) to Node; each was allowed.
Nothing here fetches anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import Outcome
from gatekeeper.testing import check

if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv


@pytest.mark.parametrize(
    "url",
    [
        "http://%31%32%37.0.0.1/",  # percent-encoded host
        "http://\uff11\uff12\uff17.\uff10.\uff10.\uff11/",  # full-width digits
        "http://\u246b\u2466.0.0.1/",  # circled 12 and 7
        "http://127.0.0.1\\@example.com/",  # `\` ends the host: the rest is the path
        "http://12\t7.0.0.1/",  # a tab is dropped
        "http://169.254.169.254\\@example.com/latest/meta-data/",
        "http://127.0.0.1.nip.io:8080/",  # wildcard DNS: the name is its address
        "http://10-0-0-5.sslip.io/",
        "http://localtest.me/",
        "http://kubernetes.default.svc/",
    ],
)
def test_webfetch_of_a_local_address_in_any_spelling_asks(
    gk_env: GkEnv, make_engine: Callable[..., Engine], url: str
) -> None:
    gk_env.write_config("[reviewer]\nenabled = false\n")
    decision = check(make_engine(), tool="WebFetch", tool_input={"url": url, "prompt": "x"})
    assert decision.outcome != Outcome.ALLOW, f"{url!r}: {decision.reason}"
    assert decision.rule == "GK-TOOL-004"


@pytest.mark.parametrize(
    "url",
    [
        "https://example.com/a?b=1\\c",
        "https://8.8.8.8.nip.io/",
        "https://pypi.org/project/x/1.2.3/",
        "https://b\u00fccher.example/",
        "https://%65xample.com/",
    ],
)
def test_webfetch_of_public_names_stays_allowed(
    gk_env: GkEnv, make_engine: Callable[..., Engine], url: str
) -> None:
    decision = check(make_engine(), tool="WebFetch", tool_input={"url": url, "prompt": "x"})
    assert decision.outcome == Outcome.ALLOW, f"{url!r}: {decision.reason}"
