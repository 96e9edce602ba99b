"""`memo` answers as the function it decorates, and keeps only what it promises."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gatekeeper.memo import memo


@given(st.lists(st.one_of(st.integers(-5, 5), st.text(max_size=3)), max_size=40))
def test_the_memo_gives_the_functions_own_result(keys: list[object]) -> None:
    calls: list[object] = []

    def function(key: object) -> object:
        calls.append(key)
        return [key]  # a new object each call: the memo must give the same one back

    cached = memo(4)(function)
    seen: dict[object, object] = {}
    for key in keys:
        value = cached(key)
        assert value == [key]
        if key in seen and len(seen) <= 4:
            assert value is seen[key]  # kept, not recomputed, while the memo is not full
        seen[key] = value
    assert sorted(map(repr, set(calls))) == sorted(map(repr, set(keys)))  # each asked


def test_a_raising_call_is_not_kept_and_an_unhashable_key_raises() -> None:
    failures = [ValueError("first")]

    def function(key: str) -> str:
        if failures:
            raise failures.pop()
        return key.upper()

    cached = memo(8)(function)
    with pytest.raises(ValueError, match="first"):
        cached("a")
    assert cached("a") == "A"  # computed anew: the failure was not kept
    with pytest.raises(TypeError):
        cached([])  # type: ignore[arg-type]


def test_a_full_memo_forgets_and_recomputes() -> None:
    calls: list[int] = []

    def function(key: int) -> int:
        calls.append(key)
        return key * 2

    cached = memo(2)(function)
    assert [cached(k) for k in (1, 2, 1, 2)] == [2, 4, 2, 4]
    assert calls == [1, 2]
    assert cached(3) == 6  # full: everything forgotten, then 3 kept
    assert cached(1) == 2
    assert calls == [1, 2, 3, 1]
