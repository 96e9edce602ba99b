"""Every annotated corpus in tests/corpora, through the real plugin manager (one test per line)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from gatekeeper.testing import CorpusCase, corpus_cases, run_corpus_case

if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

CORPORA = sorted((Path(__file__).parent / "corpora").glob("*.sh"))
CASES = list(corpus_cases(CORPORA))


def test_the_corpora_are_not_empty() -> None:
    assert len(CASES) > 110


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_corpus(case: CorpusCase, make_engine: Callable[..., Engine], gk_env: GkEnv) -> None:
    (gk_env.project / "src").mkdir()
    run_corpus_case(make_engine(), case, cwd=str(gk_env.project))
