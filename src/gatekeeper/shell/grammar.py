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
