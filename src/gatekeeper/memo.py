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

_MISSING = object()


def memo(maxsize: int) -> Callable[[Callable[[K], V]], Callable[[K], V]]:
    """Decorate a one-argument function: remember up to `maxsize` results."""

    def decorate(function: Callable[[K], V]) -> Callable[[K], V]:
        memory: dict[K, V] = {}

        def cached(key: K) -> V:
            value = memory.get(key, _MISSING)
            if value is _MISSING:
                value = function(key)
                if len(memory) >= maxsize:
                    memory.clear()
                memory[key] = value
            return value  # type: ignore[return-value]  # _MISSING was replaced above

        cached.__name__ = function.__name__
        cached.__qualname__ = function.__qualname__
        cached.__doc__ = function.__doc__
        cached.__wrapped__ = function  # type: ignore[attr-defined]
        cached.cache_clear = memory.clear  # type: ignore[attr-defined]
        return cached

    return decorate
