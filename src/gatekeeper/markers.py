"""`hookimpl` and `hookspec` without importing pluggy: the cold hook cannot afford it.

pluggy imports ``typing`` and ``inspect`` (with ``ast``, ``dis``, ``tokenize``...): tens of
milliseconds of every cold ``gatekeeper hook`` on a slow interpreter, only to decorate
functions. These markers set exactly the attribute and the options dict that pluggy's
``HookimplMarker(project)`` / ``HookspecMarker(project)`` set (``<project>_impl`` /
``<project>_spec``), so pluggy reads a function marked here exactly as one marked by its own
marker; ``tests/test_registry.py`` proves it. pluggy stays the host's contract: third-party
plugins may use either marker.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy knows the name)
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping


class ImplMarker:
    """pluggy's ``HookimplMarker``: ``@hookimpl`` or ``@hookimpl(tryfirst=True, ...)``."""

    __slots__ = ("project_name",)

    def __init__(self, project_name: str) -> None:
        self.project_name = project_name

    def __call__(  # noqa: PLR0917 - pluggy's signature, positional parameters included
        self,
        function: Callable[..., object] | None = None,
        hookwrapper: bool = False,
        optionalhook: bool = False,
        tryfirst: bool = False,
        trylast: bool = False,
        specname: str | None = None,
        wrapper: bool = False,
    ) -> object:
        """Mark `function` (or return the decorator) with pluggy's options dict."""
        attr = self.project_name + "_impl"

        def mark(func: Callable[..., object]) -> Callable[..., object]:
            opts = {
                "wrapper": wrapper,
                "hookwrapper": hookwrapper,
                "optionalhook": optionalhook,
                "tryfirst": tryfirst,
                "trylast": trylast,
                "specname": specname,
            }
            setattr(func, attr, opts)
            return func

        return mark if function is None else mark(function)


class SpecMarker:
    """pluggy's ``HookspecMarker``: ``@hookspec`` or ``@hookspec(firstresult=True)``."""

    __slots__ = ("project_name",)

    def __init__(self, project_name: str) -> None:
        self.project_name = project_name

    def __call__(
        self,
        function: Callable[..., object] | None = None,
        firstresult: bool = False,
        historic: bool = False,
        warn_on_impl: Warning | None = None,
        warn_on_impl_args: Mapping[str, Warning] | None = None,
    ) -> object:
        """Mark `function` (or return the decorator) with pluggy's options dict."""
        attr = self.project_name + "_spec"

        def mark(func: Callable[..., object]) -> Callable[..., object]:
            if historic and firstresult:
                raise ValueError("cannot have a historic firstresult hook")
            opts = {
                "firstresult": firstresult,
                "historic": historic,
                "warn_on_impl": warn_on_impl,
                "warn_on_impl_args": warn_on_impl_args,
            }
            setattr(func, attr, opts)
            return func

        return mark if function is None else mark(function)
