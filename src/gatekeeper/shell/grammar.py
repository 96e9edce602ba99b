"""The bash grammar for tree-sitter, loaded without the cost of its package's ``__init__``.

``import tree_sitter_bash`` pulls in ``importlib.resources`` (and with it ``tempfile``,
``shutil``, ``zipfile``...) only to offer a highlighting query we never use: about 6 ms of
every cold hook call, for nothing. The grammar itself is the package's ``_binding`` extension
module, which is found and loaded here directly; if that ever fails (another layout, another
version), the package is imported the ordinary way.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from importlib.machinery import PathFinder as PathFinderType
    from types import ModuleType


def _path_finder() -> type[PathFinderType]:
    """`importlib.machinery.PathFinder`, without importing the `importlib` package.

    The class lives in the frozen ``_frozen_importlib_external``, loaded at every start;
    ``importlib``'s ``__init__`` would add ``warnings`` (~1 ms of a cold call).
    """
    try:
        from _frozen_importlib_external import PathFinder
    except ImportError:  # another interpreter: the public name
        from importlib.machinery import PathFinder
    return PathFinder


def _load_binding(package: str) -> ModuleType:
    """``<package>._binding``, found and executed without running ``<package>/__init__``.

    Raises `ImportError` when the layout is not the expected one (the callers then import
    the package the ordinary way).
    """
    finder = _path_finder()
    spec = finder.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ImportError(f"{package} not found on sys.path")
    name = f"{package}._binding"
    binding = finder.find_spec(name, list(spec.submodule_search_locations))
    if binding is None or binding.loader is None:
        raise ImportError(f"{name} not found")
    module = binding.loader.create_module(binding)
    if module is None:
        raise ImportError(f"{name} is not an extension module")
    binding.loader.exec_module(module)
    return module


def _compile(pattern: object, flags: int = 0) -> object:
    """`re.compile`, importing `re` when tree-sitter first compiles a query's pattern."""
    import re

    return re.compile(pattern, flags)  # type: ignore[call-overload]


class _LazyEnumType(type):
    """The class of `tree_sitter.LogType` as loaded here: the real `IntEnum`, built on use.

    A real class (the extension keeps it as a type object), whose every use (a call, an
    attribute such as ``LogType.PARSE``, an ``isinstance`` test) goes to
    ``enum.IntEnum(name, members)``, built then, once. gatekeeper never installs a parser
    logger, the one place the extension uses it.
    """

    _enum_args: tuple[str, dict[str, int]]
    _real: type | None

    def _built(cls) -> type:
        if cls._real is None:
            import enum

            name, members = cls._enum_args
            cls._real = enum.IntEnum(name, members, module="tree_sitter")  # type: ignore[misc]
        return cls._real

    def __call__(cls, *args: object, **kwargs: object) -> object:
        return cls._built()(*args, **kwargs)

    def __getattr__(cls, name: str) -> object:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(cls._built(), name)

    def __instancecheck__(cls, instance: object) -> bool:
        return isinstance(instance, cls._built())

    def __iter__(cls) -> object:
        return iter(cls._built())  # type: ignore[call-overload]

    def __len__(cls) -> int:
        return len(cls._built())  # type: ignore[arg-type]

    def __repr__(cls) -> str:
        return repr(cls._built())


def _int_enum(name: str, members: dict[str, int]) -> type:
    """`enum.IntEnum(name, members)`, as the extension calls it, built on first use."""
    return _LazyEnumType(name, (), {"_enum_args": (name, dict(members)), "_real": None})


class _StandIns:
    """``re`` and ``enum`` stand-ins in ``sys.modules`` while tree-sitter's extension loads.

    The extension's initialisation imports ``re`` (to keep ``re.compile`` for query
    predicates) and ``enum`` (to build its ``LogType`` with ``IntEnum``); with what they
    import (``functools``, ``collections``...) that is ~8 ms of every cold Bash call, for
    features gatekeeper never uses. While it loads, ``re`` is a module with only a
    ``compile`` that imports the real ``re`` when called, and ``enum`` one with only an
    ``IntEnum`` whose class is built on first use. Only for a module not imported yet; both
    are removed right after. If the extension asks for anything else, its initialisation
    fails and the caller imports ``tree_sitter`` the ordinary way, with the real modules.
    """

    def __init__(self, modules: dict[str, ModuleType]) -> None:
        self.modules = modules
        self.added: list[str] = []

    def __enter__(self) -> None:
        module_type = type(self.modules["sys"])  # types.ModuleType, without `types`
        if "re" not in self.modules:
            stand_in = module_type("re")
            stand_in.compile = _compile  # type: ignore[attr-defined]
            self.modules["re"] = stand_in
            self.added.append("re")
        if "enum" not in self.modules:
            stand_in = module_type("enum")
            stand_in.IntEnum = _int_enum  # type: ignore[attr-defined]
            self.modules["enum"] = stand_in
            self.added.append("enum")

    def __exit__(self, *exc: object) -> None:
        for name in self.added:
            self.modules.pop(name, None)


def tree_sitter_binding() -> ModuleType:
    """tree-sitter's ``_binding`` extension module (``Parser``, ``Language``, ``Node``...).

    ``tree_sitter/__init__`` imports ``typing`` for one ``Protocol`` gatekeeper never uses:
    ~15 ms of a cold call here. The extension is loaded directly instead; it registers itself
    as ``tree_sitter._binding`` in ``sys.modules``, so a later ``import tree_sitter`` uses the
    very same module and types. Any surprise: the ordinary import.
    """
    import sys

    loaded = sys.modules.get("tree_sitter._binding")
    if loaded is not None:
        return loaded
    try:
        with _StandIns(sys.modules):
            module = _load_binding("tree_sitter")
        sys.modules.setdefault("tree_sitter._binding", module)
        module.Parser  # noqa: B018 - the names gatekeeper uses must be there
        module.Language  # noqa: B018
    except Exception:  # noqa: BLE001 - any surprise: the package's own, slower import
        import tree_sitter

        return tree_sitter
    return module


def bash_language() -> object:
    """The tree-sitter-bash language capsule, for `tree_sitter.Language`."""
    try:
        module = _load_binding("tree_sitter_bash")
        language: object = module.language()
    except Exception:  # noqa: BLE001 - any surprise: the package's own, slower import
        import tree_sitter_bash

        language = tree_sitter_bash.language()
    return language
