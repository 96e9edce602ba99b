"""Hot-path trims answer as what they replace: checker arguments, the dominant finding."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gatekeeper import host
from gatekeeper.model import SEVERITY, Finding, Verdict, dominant

KWARGS: dict[str, object] = {"command": "c", "call": "k", "ctx": "x"}


@pytest.mark.parametrize(
    "names",
    [(), ("ctx",), ("command", "ctx"), ("ctx", "command"), ("call", "command", "ctx"), ["ctx"]],
)
def test_the_arguments_are_the_named_values_in_order(names: tuple[str, ...]) -> None:
    for _ in range(2):  # the second from the memo
        assert host._arguments(names)(KWARGS) == tuple([KWARGS[n] for n in names])


@pytest.mark.parametrize("names", [("nope",), ("command", "nope", "other"), ("nope", "ctx")])
def test_a_missing_name_raises_the_comprehensions_key_error(names: tuple[str, ...]) -> None:
    with pytest.raises(KeyError) as expected:
        [KWARGS[n] for n in names]  # the reference behaviour
    with pytest.raises(KeyError) as got:
        host._arguments(names)(KWARGS)
    assert str(got.value) == str(expected.value)


class _Impl:
    def __init__(self, name: str, function: object, argnames: tuple[str, ...]) -> None:
        self.plugin_name = name
        self.function = function
        self.argnames = argnames


class _Hook:
    def __init__(self, impls: list[_Impl]) -> None:
        self.impls = impls

    def get_hookimpls(self) -> list[_Impl]:
        return self.impls.copy()


def test_a_checker_naming_an_unknown_argument_fails_alone() -> None:
    def ok(command: str, ctx: str) -> Finding:
        return Finding(Verdict.ELEVATE, "GK-X-001", f"{command}{ctx}")

    def bad(nope: str) -> Finding:
        return Finding(Verdict.SAFE, "GK-X-002", nope)

    hook = _Hook([_Impl("ok", ok, ("command", "ctx")), _Impl("bad", bad, ("nope",))])
    found = list(host.call_checkers(hook, **KWARGS))  # type: ignore[arg-type]
    assert [(f.rule, f.plugin) for f in found] == [("GK-PLUGIN-001", "bad"), ("GK-X-001", "ok")]
    assert "KeyError: 'nope'" in found[0].reason
    assert found[1].reason == "cx"
    assert [i.plugin_name for i in hook.impls] == ["ok", "bad"]  # the hook's own list is kept


_FINDINGS = st.lists(
    st.builds(Finding, st.sampled_from(list(Verdict)), st.sampled_from(["A", "B", "C"]), st.just("r")),
    max_size=6,
)


@given(_FINDINGS)
def test_dominant_is_the_first_most_severe(findings: list[Finding]) -> None:
    expected = max(findings, key=lambda f: SEVERITY[f.verdict], default=None)
    assert dominant(findings) is expected
    assert dominant(iter(findings)) is expected


def test_dominant_of_a_finding_without_a_verdict_raises_as_before() -> None:
    class Odd:
        verdict = "safe"

    with pytest.raises(KeyError):
        max([Odd()], key=lambda f: SEVERITY[f.verdict])  # type: ignore[index]
    with pytest.raises(KeyError):
        dominant([Odd()])  # type: ignore[list-item]
