"""A bounded memo for one-argument functions, without importing `functools`.

``functools`` imports ``collections`` (and with it ``keyword``, ``operator``, ``reprlib``,
``itertools``): ~3 ms of every cold ``gatekeeper hook`` on a slow interpreter, for two
``lru_cache`` decorators. `memo` keeps what ``functools.lru_cache(maxsize)`` keeps for the
uses here: the function's own result (the same object) for an argument seen before, nothing
when the function raises, ``TypeError`` for an unhashable argument. When full it forgets
everything at once instead of the least recently used entry: only what is recomputed
differs, never a result.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable, Hashable
    from typing import TypeVar

    K = TypeVar("K", bound=Hashable)
    V = TypeVar("V")


class _Memory(dict[object, object]):
    """A memo's results by argument; a missing one is computed, kept, and given."""

    __slots__ = ("function", "maxsize")

    def __init__(self, function: Callable[[object], object], maxsize: int) -> None:
        super().__init__()
        self.function = function
        self.maxsize = maxsize

    def __missing__(self, key: object) -> object:
        value = self.function(key)
        if len(self) >= self.maxsize:
            self.clear()
        self[key] = value
        return value


def memo(maxsize: int) -> Callable[[Callable[[K], V]], Callable[[K], V]]:
    """Decorate a one-argument function: remember up to `maxsize` results.

    The decorated function is the memory's own ``__getitem__``: a known argument is
    answered in C, without a Python frame (~350 instructions less than a wrapper function
    that calls ``dict.get``, ~5 times a decision); an unknown one reaches ``__missing__``.
    Unlike ``lru_cache``'s wrapper it carries no ``__name__`` of its own, ``__wrapped__`` or
    ``cache_clear`` (an instance of the memory with ``__call__`` keeps a name, but costs as
    much as the wrapper function: ~1,380 instructions a call against ~1,050).
    """

    def decorate(function: Callable[[K], V]) -> Callable[[K], V]:
        memory = _Memory(function, maxsize)  # type: ignore[arg-type]  # K and V are objects
        return memory.__getitem__  # type: ignore[return-value]

    return decorate
