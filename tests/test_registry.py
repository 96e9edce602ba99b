"""The pluggy-free markers and the small registry reproduce pluggy exactly, or defer to it."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pluggy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gatekeeper import hookspecs, registry
from gatekeeper.config import load
from gatekeeper.host import BUILTIN_PLUGINS, Plugins, load_plugins, make_plugin_manager
from gatekeeper.markers import ImplMarker, SpecMarker
from gatekeeper.model import Outcome, Review, ReviewDecision
from gatekeeper.pipeline import Engine
from gatekeeper.testing import check, corpus_cases

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from gatekeeper.testing import GkEnv

HOOKS = ("gatekeeper_check_command", "gatekeeper_check_tool", "gatekeeper_review")
ARGS = {
    "gatekeeper_check_command": ("command", "call", "ctx"),
    "gatekeeper_check_tool": ("call", "ctx"),
    "gatekeeper_review": ("call", "findings", "ctx"),
}
CORPORA = sorted((Path(__file__).parent / "corpora").glob("*.sh"))
IMPL_OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"tryfirst": True},
    {"trylast": True},
    {"tryfirst": True, "trylast": True},
    {"wrapper": True},
    {"hookwrapper": True},
    {"optionalhook": True},
    {"specname": "gatekeeper_check_tool"},
]


def view(plugins: Plugins | pluggy.PluginManager) -> dict[str, list[tuple[object, ...]]]:
    """Per hook, what the host reads of each implementation, in call order."""
    relay = plugins.hook
    out: dict[str, list[tuple[object, ...]]] = {}
    for name in HOOKS:
        out[name] = [
            (i.plugin_name, i.plugin, i.function, i.argnames, i.kwargnames, i.tryfirst, i.trylast)
            for i in getattr(relay, name).get_hookimpls()
        ]
    return out


def test_the_markers_set_what_pluggys_markers_set() -> None:
    ours: Any = ImplMarker("gatekeeper")
    theirs: Any = pluggy.HookimplMarker("gatekeeper")
    for options in IMPL_OPTION_SETS:

        def a() -> None: ...

        def b() -> None: ...

        ours(**options)(a)
        theirs(**options)(b)
        assert a.gatekeeper_impl == b.gatekeeper_impl  # type: ignore[attr-defined]
        assert set(vars(a)) == set(vars(b)) == {"gatekeeper_impl"}
    assert ours(a) is a  # the bare form marks and returns the function itself
    spec_ours: Any = SpecMarker("gatekeeper")
    spec_theirs: Any = pluggy.HookspecMarker("gatekeeper")
    for spec_options in ({}, {"firstresult": True}, {"historic": True}):

        def c() -> None: ...

        def d() -> None: ...

        spec_ours(**spec_options)(c)
        spec_theirs(**spec_options)(d)
        assert c.gatekeeper_spec == d.gatekeeper_spec  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="historic firstresult"):
        spec_ours(firstresult=True, historic=True)(c)


def test_pluggy_reads_our_markers_as_its_own() -> None:
    pm = pluggy.PluginManager("gatekeeper")
    pm.add_hookspecs(hookspecs)  # the specs are marked by `gatekeeper.markers`
    assert {c.name for c in pm.hook.__dict__.values() if isinstance(c, pluggy.HookCaller)} == set(
        HOOKS
    )
    assert pm.hook.gatekeeper_review.spec is not None
    assert pm.hook.gatekeeper_review.spec.opts["firstresult"] is True
    for name in BUILTIN_PLUGINS:
        module = sys.modules.get(name) or __import__(name, fromlist=["_"])
        for attr in HOOKS:
            if hasattr(module, attr):
                opts = pm.parse_hookimpl_opts(module, attr)
                assert opts == getattr(module, attr).gatekeeper_impl
                assert opts is not None and set(opts) == registry.IMPL_OPTIONS


def test_the_builtins_load_without_pluggy_in_pluggys_order() -> None:
    plugins, failures = load_plugins()
    assert failures == ()
    assert plugins.small  # the hot path's registry, not pluggy
    pm, pm_failures = make_plugin_manager()
    assert pm_failures == ()
    assert view(plugins) == view(pm)
    # every hook has implementations: the comparison is not vacuous
    assert all(view(pm)[name] for name in HOOKS)


def test_blocked_builtins_load_as_pluggy_loads_them() -> None:
    blocked = ("git", "gatekeeper.plugins.reviewer", "protected", "nonexistent")
    plugins, _ = load_plugins(blocked=blocked)
    assert plugins.small
    pm, _ = make_plugin_manager(blocked=blocked)
    assert view(plugins) == view(pm)
    names = {i[0] for impls in view(plugins).values() for i in impls}
    assert "gatekeeper.plugins.protected" in names  # the essential plugin cannot be blocked
    assert "gatekeeper.plugins.git" not in names


# -- synthetic plugin sets --------------------------------------------------------------------


def make_function(name: str, args: Sequence[str], opts: dict[str, object], marker: object) -> object:
    """A plain function `name(*args)` marked with `opts` by `marker`."""
    namespace: dict[str, object] = {}
    exec(f"def {name}({', '.join(args)}):\n    return None\n", namespace)  # noqa: S102 - test data
    function = namespace[name]
    marker(**opts)(function)  # type: ignore[operator]
    return function


def synthetic(
    spec: Sequence[tuple[str, Sequence[tuple[str, Sequence[str], dict[str, object]]]]],
    marker: object,
) -> list[tuple[str, ModuleType]]:
    """Modules named as given, each with the listed marked functions."""
    modules = []
    for modname, functions in spec:
        module = ModuleType(modname)
        for name, args, opts in functions:
            setattr(module, name, make_function(name, args, opts, marker))
        modules.append((modname, module))
    return modules


def pluggy_view(modules: Sequence[tuple[str, ModuleType]]) -> dict[str, list[tuple[object, ...]]]:
    pm = pluggy.PluginManager("gatekeeper")
    pm.add_hookspecs(hookspecs)
    for name, module in modules:
        pm.register(module, name=name)
    pm.check_pending()
    return view(pm)


order_options = st.sampled_from([{}, {"tryfirst": True}, {"trylast": True}])
impl = st.tuples(st.sampled_from(HOOKS), order_options).flatmap(
    lambda hook_opts: st.tuples(
        st.just(hook_opts[0]),
        st.lists(st.sampled_from(ARGS[hook_opts[0]]), unique=True),
        st.just(hook_opts[1]),
    )
)
plugin_sets = st.lists(
    st.lists(impl, max_size=3, unique_by=lambda i: i[0]), min_size=1, max_size=8
).map(lambda mods: [(f"synthetic_{n}", functions) for n, functions in enumerate(mods)])


@settings(max_examples=300, deadline=None)
@given(plugin_sets, st.booleans())
def test_synthetic_plugin_sets_order_and_argnames_as_pluggy(
    spec: list[tuple[str, list[tuple[str, list[str], dict[str, object]]]]], ours: bool
) -> None:
    marker = ImplMarker("gatekeeper") if ours else pluggy.HookimplMarker("gatekeeper")
    modules = synthetic(spec, marker)
    hooks = registry.build(hookspecs, "gatekeeper", modules)
    assert view(Plugins(hook=hooks)) == pluggy_view(modules)


def test_a_method_in_a_class_loses_self_as_in_pluggy() -> None:
    class Holder:
        def gatekeeper_check_tool(self, call: object, ctx: object) -> None: ...

    assert registry.varnames(Holder.gatekeeper_check_tool) == (("call", "ctx"), ())
    assert registry.varnames(lambda call, ctx=None: None) == (("call",), ("ctx",))


@pytest.mark.parametrize(
    ("name", "args", "opts"),
    [
        ("gatekeeper_check_comand", ["command"], {}),  # not a hook of the spec
        ("gatekeeper_check_command", ["command", "nope"], {}),  # an argument the spec lacks
        ("gatekeeper_check_command", ["command"], {"wrapper": True}),
        ("gatekeeper_check_command", ["command"], {"hookwrapper": True}),
        ("gatekeeper_check_command", ["command"], {"optionalhook": True}),
        ("renamed", ["command"], {"specname": "gatekeeper_check_command"}),
        ("whatever", ["command"], {"optionalhook": True}),
    ],
)
def test_what_the_registry_does_not_reproduce_goes_to_pluggy(
    name: str, args: list[str], opts: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    modules = synthetic([("synthetic_odd", [(name, args, opts)])], ImplMarker("gatekeeper"))
    with pytest.raises(registry.Unsupported):
        registry.build(hookspecs, "gatekeeper", modules)
    monkeypatch.setitem(sys.modules, "synthetic_odd", modules[0][1])
    names = (*BUILTIN_PLUGINS, "synthetic_odd")
    plugins, failures = load_plugins(plugins=names)
    assert not plugins.small
    pm, pm_failures = make_plugin_manager(plugins=names)
    assert failures == pm_failures  # pluggy's own validation, in its own words
    assert view(plugins) == view(pm)


def test_unusual_module_attributes_go_to_pluggy() -> None:
    module = ModuleType("synthetic_method")
    module.helper = staticmethod(len)  # type: ignore[attr-defined]
    with pytest.raises(registry.Unsupported):
        registry.build(hookspecs, "gatekeeper", [("synthetic_method", module)])
    marked = make_function("gatekeeper_check_tool", ["call"], {}, ImplMarker("gatekeeper"))
    wrapped = ModuleType("synthetic_wrapped")
    wrapped.gatekeeper_check_tool = marked  # type: ignore[attr-defined]
    marked.__wrapped__ = len  # type: ignore[attr-defined]
    with pytest.raises(registry.Unsupported):
        registry.build(hookspecs, "gatekeeper", [("synthetic_wrapped", wrapped)])
    twice = synthetic([("a", [("gatekeeper_check_tool", ["call"], {})])], ImplMarker("gatekeeper"))
    with pytest.raises(registry.Unsupported):
        registry.build(hookspecs, "gatekeeper", [*twice, ("b", twice[0][1])])


def test_a_plugin_that_fails_to_import_is_the_same_finding(monkeypatch: pytest.MonkeyPatch) -> None:
    names = (*BUILTIN_PLUGINS, "synthetic_not_importable_module")
    plugins, failures = load_plugins(plugins=names)
    assert plugins.small
    _, pm_failures = make_plugin_manager(plugins=names)
    assert failures == pm_failures
    assert failures[0].rule == "GK-PLUGIN-003"


def test_enabled_plugins_use_pluggy() -> None:
    plugins, _ = load_plugins(enabled=("synthetic_not_importable_module",))
    assert not plugins.small


# -- decisions ----------------------------------------------------------------------------------


def test_the_corpora_decide_identically_with_either_registry(gk_env: GkEnv) -> None:
    (gk_env.project / "src").mkdir()
    gk_env.write_config("[reviewer]\nenabled = false\n")  # a review's latency would differ
    config = load(str(gk_env.project))
    small = Engine(config)
    assert small.plugins.small
    pm, failures = make_plugin_manager(
        enabled=config.plugins_enabled, blocked=config.plugins_disabled
    )
    with_pluggy = Engine(config, pm, failures)
    cases = list(corpus_cases(CORPORA))
    assert len(cases) > 100
    for case in cases:
        a = check(small, case.command, cwd=str(gk_env.project))
        b = check(with_pluggy, case.command, cwd=str(gk_env.project))
        assert a == b, case.id
    for tool, tool_input in (
        ("Read", {"file_path": str(gk_env.home / ".ssh" / "id_rsa")}),
        ("Write", {"file_path": str(gk_env.project / "src" / "a.py"), "content": "x"}),
        ("WebFetch", {"url": "https://example.com", "prompt": "p"}),
    ):
        a = check(small, tool=tool, tool_input=tool_input, cwd=str(gk_env.project))
        assert a == check(with_pluggy, tool=tool, tool_input=tool_input, cwd=str(gk_env.project))


def test_a_plugin_registered_through_pm_later_is_called(
    gk_env: GkEnv, make_engine: Callable[..., Engine]
) -> None:
    """The decision server registers its guard through `engine.pm`: it must take effect."""
    from gatekeeper.testing import StubReviewer

    engine = Engine(load(str(gk_env.project)))
    assert engine.plugins.small
    stub = StubReviewer(ReviewDecision.PUSH_BACK, "use the Makefile target")
    engine.pm.register(stub)
    assert not engine.plugins.small
    decision = check(engine, "npm install", cwd=str(gk_env.project))
    assert decision.outcome == Outcome.DENY
    assert isinstance(decision.review, Review) and decision.review.reason.startswith("use the")
