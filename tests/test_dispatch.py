"""`host.call_checkers` picks each checker's arguments as the list comprehension it replaces."""

from __future__ import annotations

import pytest

from gatekeeper import host
from gatekeeper.model import Finding, Verdict

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
