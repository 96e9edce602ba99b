"""The part of `enum.Enum` gatekeeper's public enums use, without importing `enum`.

``import enum`` imports ``functools`` and ``types`` (and ``functools`` imports
``collections``): ~5 ms of every cold ``gatekeeper hook`` on a slow interpreter, for three
small enums (`Verdict`, `ReviewDecision`, `Outcome`). `gatekeeper.model` defines them on
`Enum` from here at run time, while the type checker sees `enum.Enum` (so it checks them,
``match`` exhaustiveness included, as real enums).

What a plugin can do with a member is what it can do with an `enum.Enum` member of the same
definition: ``.name``, ``.value``, ``repr`` (``<Verdict.SAFE: 'safe'>``), ``str`` and
f-strings (``Verdict.SAFE``), ``==``/``is``, hashing, ``isinstance(m, Verdict)``, pickling,
``copy``/``deepcopy`` (the member itself), ``match``/``case Verdict.SAFE``. And with the
class: ``Verdict("safe") is Verdict.SAFE`` (``ValueError`` for an unknown value),
``Verdict["SAFE"]`` (``KeyError``), iteration in definition order, ``len``,
``__members__``, ``in`` (a member, or since Python 3.12 a value). Members cannot be
reassigned, and a class with members cannot be subclassed. Not supported (``TypeError`` at
class creation, never a silently different class): methods, ``auto()``, aliases (two
names, one value), mixins (``class X(str, Enum)``). ``isinstance(m, enum.Enum)`` is False.
``tests/test_lightenum.py`` runs every listed operation against a real `enum.Enum`.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping

__all__ = ["Enum", "EnumType"]


class EnumType(type):
    """The class of an `Enum` class: lookup by value and by name, iteration, length."""

    _member_map_: dict[str, Enum]
    _value2member_map_: dict[object, Enum]

    def __new__(mcls, name: str, bases: tuple[type, ...], namespace: dict[str, object]) -> EnumType:
        if not bases:  # `Enum` itself
            return super().__new__(mcls, name, bases, namespace)
        for base in bases:
            if getattr(base, "_member_map_", None):
                raise TypeError(f"{name}: cannot extend {base.__name__}, which has members")
            if not isinstance(base, EnumType):
                raise TypeError(f"{name}: gatekeeper.lightenum.Enum takes no mixin ({base!r})")
        members: dict[str, object] = {}
        body: dict[str, object] = {"__slots__": ()}
        for key, value in namespace.items():
            if key.startswith("_"):
                body[key] = value
            elif callable(value) or hasattr(value, "__get__"):
                raise TypeError(f"{name}.{key}: gatekeeper.lightenum.Enum takes no methods")
            else:
                members[key] = value
        cls = super().__new__(mcls, name, bases, body)
        member_map: dict[str, Enum] = {}
        by_value: dict[object, Enum] = {}
        for key, value in members.items():
            if value in by_value:
                raise TypeError(f"{name}.{key}: an alias of {by_value[value]!r}")
            member: Enum = object.__new__(cls)  # type: ignore[arg-type]
            object.__setattr__(member, "_name_", key)
            object.__setattr__(member, "_value_", value)
            member_map[key] = by_value[value] = member
            type.__setattr__(cls, key, member)
        type.__setattr__(cls, "_member_map_", member_map)
        type.__setattr__(cls, "_value2member_map_", by_value)
        return cls

    def __call__(cls, value: object) -> Enum:
        try:
            return cls._value2member_map_[value]
        except (KeyError, TypeError):
            raise ValueError(f"{value!r} is not a valid {cls.__qualname__}") from None

    def __getitem__(cls, name: str) -> Enum:
        return cls._member_map_[name]

    def __iter__(cls) -> Iterator[Enum]:
        return iter(tuple(cls._member_map_.values()))

    def __reversed__(cls) -> Iterator[Enum]:
        return reversed(tuple(cls._member_map_.values()))

    def __len__(cls) -> int:
        return len(cls._member_map_)

    def __contains__(cls, value: object) -> bool:
        if isinstance(value, cls):
            return True
        try:
            return value in cls._value2member_map_
        except TypeError:
            return False

    def __bool__(cls) -> bool:
        return True

    @property
    def __members__(cls) -> Mapping[str, Enum]:
        return type(type.__dict__)(cls._member_map_)

    def __repr__(cls) -> str:
        return f"<enum {cls.__name__!r}>"

    def __setattr__(cls, name: str, value: object) -> None:
        if name in cls.__dict__.get("_member_map_", {}):
            raise AttributeError(f"cannot reassign member {name!r}")
        super().__setattr__(name, value)

    def __delattr__(cls, name: str) -> None:
        if name in cls.__dict__.get("_member_map_", {}):
            raise AttributeError(f"{cls.__name__!r} cannot delete member {name!r}")
        super().__delattr__(name)


class Enum(metaclass=EnumType):
    """Base class of a light enum: members are the class' public attributes, in order."""

    __slots__ = ("_name_", "_value_")
    _name_: str
    _value_: object

    @property
    def name(self) -> str:
        """The member's name (``"SAFE"``)."""
        return self._name_

    @property
    def value(self) -> object:
        """The member's value (``"safe"``)."""
        return self._value_

    def __repr__(self) -> str:
        return f"<{type(self).__name__}.{self._name_}: {self._value_!r}>"

    def __str__(self) -> str:
        return f"{type(self).__name__}.{self._name_}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __hash__(self) -> int:
        return hash(self._name_)

    def __reduce_ex__(self, protocol: object) -> tuple[object, tuple[object]]:
        return type(self), (self._value_,)

    def __copy__(self) -> Enum:
        return self

    def __deepcopy__(self, memo: object) -> Enum:
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot set {name!r} on {self!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete {name!r} of {self!r}")
