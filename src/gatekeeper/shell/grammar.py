"""The bash grammar for tree-sitter, loaded without the cost of its package's ``__init__``.

``import tree_sitter_bash`` pulls in ``importlib.resources`` (and with it ``tempfile``,
``shutil``, ``zipfile``...) only to offer a highlighting query we never use: about 6 ms of
every cold hook call, for nothing. The grammar itself is the package's ``_binding`` extension
module, which is found and loaded here directly; if that ever fails (another layout, another
version), the package is imported the ordinary way.
"""

from __future__ import annotations


def bash_language() -> object:
    """The tree-sitter-bash language capsule, for `tree_sitter.Language`."""
    try:
        from importlib.machinery import PathFinder

        package = PathFinder.find_spec("tree_sitter_bash")
        if package is None or not package.submodule_search_locations:
            raise ImportError("tree_sitter_bash not found on sys.path")
        spec = PathFinder.find_spec(
            "tree_sitter_bash._binding", list(package.submodule_search_locations)
        )
        if spec is None or spec.loader is None:
            raise ImportError("tree_sitter_bash._binding not found")
        module = spec.loader.create_module(spec)
        if module is None:
            raise ImportError("tree_sitter_bash._binding is not an extension module")
        spec.loader.exec_module(module)
        language: object = module.language()
    except Exception:  # noqa: BLE001 - any surprise: the package's own, slower import
        import tree_sitter_bash

        language = tree_sitter_bash.language()
    return language
