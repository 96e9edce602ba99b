"""A small hook registry for plain module plugins: pluggy's order and validation, without pluggy.

pluggy is the host's contract (see `gatekeeper.host`), but what the host asks of it on the hot
path is small: which implementations a hook has, in which order, and which arguments each one
names (`host.call_checkers` calls them itself). Importing pluggy costs tens of milliseconds of
every cold ``gatekeeper hook`` (``typing``, ``inspect``...), and its `register` inspects every
attribute of a module. This registry answers the same three questions for the case the hook
meets on every call, the built-in module plugins, and refuses (`Unsupported`) anything it does
not reproduce exactly, so the host then uses pluggy as before:

* the order is pluggy's `HookCaller._add_hookimpl` for non-wrappers: ``trylast`` at the front,
  ``tryfirst`` at the end, the others before the ``tryfirst`` ones; pluggy calls from the end,
  so ``tryfirst`` first and, within a group, the last registered first;
* argument names are pluggy's `varnames` for a plain function: the positional parameters
  without defaults, minus ``self``/``cls`` for a function defined in a class;
* validation is pluggy's: a marked function whose name is not a hook of the spec, or that
  names an argument the spec lacks, is an error; here it is `Unsupported`, so pluggy reports
  it with its own message;
* refused: wrappers, ``hookwrapper``, ``optionalhook``, ``specname``, options pluggy's marker
  does not set, a hook spec with warnings, decorated (``__wrapped__``) functions, a module with
  its own ``__dir__``, a static/class/bound method among a module's attributes, the same module
  under two names.

``tests/test_registry.py`` checks the order and the argument names of every hook against
pluggy's, for the built-ins and for synthetic plugin sets with ``tryfirst``/``trylast``.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (see gatekeeper.markers)
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from types import FunctionType, MethodType, ModuleType
else:  # the same types, without importing `types` on the cold path

    def _function() -> None:
        pass

    class _Class:
        def method(self) -> None:
            pass

    FunctionType = type(_function)
    MethodType = type(_Class().method)

IMPL_OPTIONS = frozenset(
    {"wrapper", "hookwrapper", "optionalhook", "tryfirst", "trylast", "specname"}
)
SPEC_OPTIONS = frozenset({"firstresult", "historic", "warn_on_impl", "warn_on_impl_args"})
# pluggy's implicit first parameters of a function defined in a class (`_IMPLICIT_NAMES`).
_IMPLICIT = ("self", "cls", "obj") if sys.implementation.name == "pypy" else ("self", "cls")


class Unsupported(Exception):
    """The plugin set needs pluggy itself: something here does not reproduce it exactly."""


class Impl:
    """One hook implementation: the attributes of pluggy's `HookImpl` the host reads."""

    __slots__ = (
        "argnames",
        "function",
        "kwargnames",
        "opts",
        "plugin",
        "plugin_name",
        "tryfirst",
        "trylast",
    )

    def __init__(
        self,
        plugin: object,
        plugin_name: str,
        function: Callable[..., object],
        *,
        argnames: tuple[str, ...],
        kwargnames: tuple[str, ...],
        opts: dict[str, object],
    ) -> None:
        self.plugin = plugin
        self.plugin_name = plugin_name
        self.function = function
        self.argnames = argnames
        self.kwargnames = kwargnames
        self.opts = opts
        self.tryfirst = bool(opts["tryfirst"])
        self.trylast = bool(opts["trylast"])

    def __repr__(self) -> str:
        return f"<Impl plugin_name={self.plugin_name!r}>"


class Caller:
    """One hook's implementations in pluggy's list order (it calls them from the end)."""

    __slots__ = ("_impls", "name")

    def __init__(self, name: str) -> None:
        self.name = name
        self._impls: list[Impl] = []

    def get_hookimpls(self) -> list[Impl]:
        """A copy of the implementations, in pluggy's order."""
        return self._impls.copy()

    def add(self, impl: Impl) -> None:
        """pluggy's `HookCaller._add_hookimpl`, for an implementation that is not a wrapper."""
        impls = self._impls
        if impl.trylast:
            impls.insert(0, impl)
        elif impl.tryfirst:
            impls.append(impl)
        else:
            i = len(impls) - 1
            while i >= 0 and impls[i].tryfirst:
                i -= 1
            impls.insert(i + 1, impl)


class Hooks:
    """The hook relay: one `Caller` per hook of the spec, as attributes (like ``pm.hook``)."""

    def __init__(self, names: Sequence[str]) -> None:
        for name in names:
            setattr(self, name, Caller(name))

    if TYPE_CHECKING:  # like pluggy's HookRelay: the hooks are set in __init__

        def __getattr__(self, name: str) -> Caller: ...


def varnames(func: object) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """pluggy's `varnames` for a plain function: (positional names, names with defaults)."""
    if type(func) is not FunctionType or "__wrapped__" in func.__dict__:
        raise Unsupported(f"{func!r} is not a plain function")
    code = func.__code__
    args: tuple[str, ...] = code.co_varnames[: code.co_argcount]
    kwargs: tuple[str, ...] = ()
    if func.__defaults__:
        index = -len(func.__defaults__)
        args, kwargs = args[:index], args[index:]
    in_class = "." in func.__qualname__.rsplit("<locals>.", maxsplit=1)[-1]
    if args and in_class and args[0] in _IMPLICIT:
        args = args[1:]
    return args, kwargs


def _marked(namespace: ModuleType, attr: str) -> list[tuple[str, FunctionType, dict[str, object]]]:
    """The functions of a module that carry a marker dict, by attribute name (pluggy's view)."""
    if "__dir__" in vars(namespace):
        raise Unsupported(f"{namespace.__name__} defines __dir__")
    found = []
    for name, value in vars(namespace).items():
        if type(value) is FunctionType:
            opts = value.__dict__.get(attr)
            if isinstance(opts, dict):
                found.append((name, value, opts))
        elif isinstance(value, staticmethod | classmethod | MethodType):
            raise Unsupported(f"{namespace.__name__}.{name} is a {type(value).__name__}")
    return found


def build(specs: ModuleType, project: str, plugins: Sequence[tuple[str, ModuleType]]) -> Hooks:
    """Register module plugins, in order, against the hook specs of `specs`; or `Unsupported`."""
    spec_args: dict[str, frozenset[str]] = {}
    for name, function, opts in _marked(specs, project + "_spec"):
        if set(opts) != SPEC_OPTIONS or opts["warn_on_impl"] or opts["warn_on_impl_args"]:
            raise Unsupported(f"hook spec {name} has options this registry does not handle")
        args, kwargs = varnames(function)
        spec_args[name] = frozenset((*args, *kwargs))
    if not spec_args:
        raise Unsupported(f"no {project!r} hook specs in {specs.__name__}")
    hooks = Hooks(sorted(spec_args))
    seen: set[int] = set()
    for plugin_name, module in plugins:
        if id(module) in seen:
            raise Unsupported(f"{module.__name__} is registered twice")
        seen.add(id(module))
        for name, function, opts in _marked(module, project + "_impl"):
            if (
                set(opts) != IMPL_OPTIONS
                or opts["wrapper"]
                or opts["hookwrapper"]
                or opts["optionalhook"]
                or opts["specname"] is not None
            ):
                raise Unsupported(f"{plugin_name}.{name} has options this registry does not handle")
            if name not in spec_args:
                raise Unsupported(f"{plugin_name}.{name} is not a hook of the spec")
            args, kwargs = varnames(function)
            if not set(args) <= spec_args[name]:
                raise Unsupported(f"{plugin_name}.{name} names an argument the spec lacks")
            caller: Caller = getattr(hooks, name)
            caller.add(
                Impl(module, plugin_name, function, argnames=args, kwargnames=kwargs, opts=opts)
            )
    return hooks
