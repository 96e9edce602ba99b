"""The part of `dataclasses` gatekeeper uses, without importing `dataclasses` (cold hook).

``import dataclasses`` imports ``inspect`` (``ast``, ``dis``, ``tokenize``...), and each
``@dataclass`` costs about a millisecond on a slow interpreter: together 30-60 ms of every
cold ``gatekeeper hook``. This module's `dataclass` builds the same classes for the options
gatekeeper uses (``frozen``, ``slots``, `field` with ``default``, ``default_factory``,
``init``, ``repr``, ``compare``; ``__post_init__``) from one small generated source per class:
the same ``__init__`` signature, ``__eq__`` (same class, fields in order), ``__hash__`` (frozen:
hash of the compared fields; mutable: unhashable), ``__repr__``, ``__match_args__``, frozen
``__setattr__``/``__delattr__`` raising `FrozenInstanceError` (an ``AttributeError``), and
pickling of frozen slotted instances. Anything else raises ``TypeError`` at import, never a
silently different class.

The type checker sees the real `dataclasses.dataclass`, `field` and `replace`, so it checks
these classes exactly as dataclasses. And the classes keep working with the `dataclasses`
functions (`dataclasses.replace`, `fields`, `asdict`, `is_dataclass`): ``__dataclass_fields__``
is computed, with real `dataclasses.Field` objects, on first access, which imports
`dataclasses` then and only then.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:  # the type checker checks these classes as real dataclasses
    from dataclasses import dataclass, field, replace

__all__ = ["FrozenInstanceError", "dataclass", "field", "replace"]

_MISSING = object()
_OPTIONS = frozenset({"frozen", "slots", "eq", "init", "repr"})


class FrozenInstanceError(AttributeError):
    """An assignment to a field of a frozen record (like `dataclasses.FrozenInstanceError`)."""


class _Field:
    __slots__ = ("compare", "default", "default_factory", "init", "name", "repr", "type")

    def __init__(
        self,
        default: object = _MISSING,
        default_factory: object = _MISSING,
        init: bool = True,
        repr: bool = True,
        compare: bool = True,
    ) -> None:
        if default is not _MISSING and default_factory is not _MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.compare = compare
        self.name = ""
        self.type: object = None


def _field(**options: object) -> object:
    unknown = set(options) - {"default", "default_factory", "init", "repr", "compare"}
    if unknown:
        raise TypeError(f"gatekeeper.records.field does not support {sorted(unknown)}")
    return _Field(**options)  # type: ignore[arg-type]


class _DataclassFields:
    """``__dataclass_fields__`` on first access, with real `dataclasses.Field` objects."""

    def __init__(self, fields: tuple[_Field, ...]) -> None:
        self.fields = fields
        self.built: dict[str, object] | None = None

    def __get__(self, obj: object, owner: type | None = None) -> dict[str, object]:
        if self.built is None:
            import dataclasses  # only when a caller asks for dataclasses' view

            built: dict[str, object] = {}
            for f in self.fields:
                options: dict[str, object] = {"init": f.init, "repr": f.repr, "compare": f.compare}
                if f.default_factory is not _MISSING:
                    options["default_factory"] = f.default_factory
                elif f.default is not _MISSING:
                    options["default"] = f.default
                real: dataclasses.Field[object] = dataclasses.field(**options)  # type: ignore[call-overload]
                real.name = f.name
                real.type = f.type
                real._field_type = dataclasses._FIELD  # type: ignore[attr-defined]  # what `fields()` checks
                built[f.name] = real
            self.built = built
        return self.built


def _fields_of(cls: type) -> tuple[_Field, ...]:
    if any(base is not object for base in cls.__bases__):
        raise TypeError(f"{cls.__name__}: gatekeeper.records does not support base classes")
    annotations = cls.__dict__.get("__annotations__", {})  # noqa: RUF063 - no inspect here: it is the import this module avoids
    fields: list[_Field] = []
    for name, annotation in annotations.items():
        if "ClassVar" in str(annotation) or "InitVar" in str(annotation):
            raise TypeError(f"{cls.__name__}.{name}: ClassVar/InitVar are not supported")
        value = cls.__dict__.get(name, _MISSING)
        f = value if isinstance(value, _Field) else _Field(default=value)
        if f.default is not _MISSING and type(f.default).__hash__ is None:  # as dataclasses
            raise ValueError(f"mutable default {type(f.default)} for field {name} is not allowed")
        f.name, f.type = name, annotation
        fields.append(f)
    return tuple(fields)


def _source(
    cls: type, fields: tuple[_Field, ...], *, frozen: bool, slots: bool
) -> tuple[str, dict[str, object], tuple[object, ...]]:
    """The generated ``__init__`` of one record class: its source, globals and defaults.

    Its signature is the fields'; the defaults are the function's, given when it is made
    (the source names no value, so that equal fields give equal sources). A frozen slotted
    record sets each field through its slot's own descriptor (``__set_<name>``, what
    ``object.__setattr__`` finds and calls after looking the name up in the class): ~40%
    less per field, and every value crossing the plugin boundary is one of these.
    """
    params: list[str] = []
    body: list[str] = []
    scope: dict[str, object] = {}
    defaults: list[object] = []
    for f in fields:
        has_default = f.default is not _MISSING or f.default_factory is not _MISSING
        dflt, fact = f"__dflt_{f.name}", f"__fact_{f.name}"
        if f.default_factory is not _MISSING:
            scope[dflt] = _MISSING
            scope[fact] = f.default_factory
        elif f.default is not _MISSING:
            scope[dflt] = f.default
        if f.init:
            if has_default:
                defaults.append(scope[dflt])
            elif defaults:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")
            params.append(f.name)
            value = f.name
            if f.default_factory is not _MISSING:
                value = f"{_made(f.default_factory, fact)} if {f.name} is {dflt} else {f.name}"
        elif f.default_factory is not _MISSING:
            value = _made(f.default_factory, fact)
        elif f.default is not _MISSING:
            value = dflt
        else:
            continue  # set by __post_init__
        if frozen and slots:
            scope[f"__set_{f.name}"] = cls.__dict__[f.name].__set__
            body.append(f"    __set_{f.name}(self, {value})")
        elif frozen:
            scope["__object_setattr"] = object.__setattr__
            body.append(f"    __object_setattr(self, {f.name!r}, {value})")
        else:
            body.append(f"    self.{f.name} = {value}")
    if "__post_init__" in cls.__dict__:
        body.append("    self.__post_init__()")
    lines = [f"def __init__(self, {', '.join(params)}):".replace("(self, )", "(self)")]
    lines += body or ["    pass"]
    return "\n".join(lines) + "\n", scope, tuple(defaults)


def _made(factory: object, name: str) -> str:
    """The expression that calls a default factory: a display for `list` and `dict`.

    `[]` gives what `list()` gives without a call of the type (a policy has six of these).
    """
    if factory is list:
        return "[]"
    if factory is dict:
        return "{}"
    return f"{name}()"


# The sources of the records' __init__s compiled ahead of time, as the bytecode of an
# ordinary module (`gatekeeper.recordinits`, written by `python -m gatekeeper.recordgen`):
# compile() costs a cold call ~20 million instructions of ~105 million (the first call
# also builds the `ast` types), the module's bytecode ~1 million. The source is the key,
# so a record changed since the module was written is compiled at run time, never run
# from another's code. Every source built in this process is kept in `SOURCES`, for the
# generator and its test.
try:
    from gatekeeper.recordinits import INITS as _AHEAD
except ImportError:  # pragma: no cover - a tree without the generated module
    _AHEAD = {}
SOURCES: list[str] = []
_FunctionType: type = type(_made)
_CODES_IN_USE: set[int] = set()

# Classes whose __init__ is not compiled yet. compile() has a large fixed cost per call on a
# slow interpreter (~0.5 ms), so the inits of all classes defined before the first instance
# of any of them is made compile together, in one call.
_PENDING: list[tuple[type, str, dict[str, object], tuple[object, ...]]] = []


def _install_init(
    cls: type, code: object, scope: dict[str, object], defaults: tuple[object, ...]
) -> None:
    """Make the class' ``__init__`` from `code`, with its own globals and defaults."""
    if id(code) in _CODES_IN_USE:  # two classes of equal sources: one code object each,
        code = code.replace()  # type: ignore[attr-defined]  # so that each keeps its caches
    _CODES_IN_USE.add(id(code))
    init = _FunctionType(code, scope, "__init__", defaults or None)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[misc]


_TWINS: dict[type, type | None] = {}


def twin_of(cls: type) -> type | None:
    """A class of the same slots as the frozen slotted record `cls`, without its guards.

    A twin's fields are set by plain assignments (the interpreter's fastest store, ~35
    instructions, where the record's own ``__init__`` calls a slot descriptor, ~670), and
    an object can change between the two classes (same base, same slots: the interpreter
    checks that the layouts agree). So a hot constructor of exact instances makes a twin,
    assigns every field (those ``__post_init__`` sets too: it is not called), then assigns
    the record class to its ``__class__``: a third of the constructor's instructions. The
    record's own module keeps such a constructor beside it, written out (nothing compiled
    at run time), and a test compares it with the constructor.

    None for another record, or where the class change is refused (another interpreter):
    the constructor then. Made on first request, once per class.
    """
    try:
        return _TWINS[cls]
    except KeyError:
        pass
    names = cls.__dict__.get("__slots__")
    twin = None
    if type(names) is tuple and "__record_init__" in cls.__dict__ and cls.__bases__ == (object,):
        twin = type(cls.__name__, (object,), {"__slots__": names, "__module__": cls.__module__})
        twin.__qualname__ = f"{cls.__qualname__}.<twin>"
        set_class = object.__dict__["__class__"].__set__  # past the record's own __setattr__
        try:
            probe: object = object.__new__(cls)
            set_class(probe, twin)
            probe.__class__ = cls
        except TypeError:
            twin = None
        else:
            twin = twin if type(probe) is cls else None
    _TWINS[cls] = twin
    return twin


def _compile_pending() -> None:
    pending = _PENDING[:]
    del _PENDING[:]
    if not pending:
        return
    source = "".join(
        text.replace("def __init__(", f"def __init_{i}(", 1)
        for i, (_, text, _, _) in enumerate(pending)
    )
    compiled: dict[str, object] = {}
    exec(compile(source, "<gatekeeper.records>", "exec"), compiled)  # noqa: S102 - our own generated source, as dataclasses does
    for i, (cls, _, scope, defaults) in enumerate(pending):
        code = compiled[f"__init_{i}"].__code__.replace(co_name="__init__")  # type: ignore[attr-defined]
        _install_init(cls, code, scope, defaults)


def _pending_init(cls: type) -> object:
    """The class' __init__ until the pending sources are compiled: compile, then call."""

    def __init__(self: object, *args: object, **kwargs: object) -> None:
        _compile_pending()
        if cls.__init__ is __init__:  # type: ignore[misc]
            raise TypeError(f"{cls.__qualname__}: its __init__ failed to compile")
        cls.__init__(self, *args, **kwargs)  # type: ignore[misc]

    return __init__


def _methods(cls: type, fields: tuple[_Field, ...], *, frozen: bool, eq: bool) -> dict[str, object]:
    """``__eq__``, ``__hash__``, ``__repr__`` and the frozen guards, as closures (no compile)."""
    try:
        from _operator import attrgetter  # what `operator` re-exports, without its import
    except ImportError:  # another interpreter
        from operator import attrgetter

    compared = tuple(f.name for f in fields if f.compare)
    get = attrgetter(*compared) if compared else None
    single = len(compared) == 1

    def key(self: object) -> object:  # dataclasses compare and hash the fields' tuple
        if get is None:
            return ()
        return (get(self),) if single else get(self)

    methods: dict[str, object] = {}

    def __eq__(self: object, other: object) -> bool:
        if other.__class__ is self.__class__:
            return bool(key(self) == key(other))
        return NotImplemented

    def __hash__(self: object) -> int:
        return hash(key(self))

    if eq:
        methods["__eq__"] = __eq__
        methods["__hash__"] = __hash__ if frozen else None  # mutable and eq: unhashable
    shown = tuple(f.name for f in fields if f.repr)

    def __repr__(self: object) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({inner})"

    methods["__repr__"] = __repr__
    if frozen:
        names = frozenset(f.name for f in fields)

        def __setattr__(self: object, name: str, value: object) -> None:
            if type(self) is cls or name in names:
                raise FrozenInstanceError(f"cannot assign to field {name!r}")
            object.__setattr__(self, name, value)  # the base is always object

        def __delattr__(self: object, name: str) -> None:
            if type(self) is cls or name in names:
                raise FrozenInstanceError(f"cannot delete field {name!r}")
            object.__delattr__(self, name)

        methods["__setattr__"] = __setattr__
        methods["__delattr__"] = __delattr__
    return methods


_GENERATED = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__", "__slots__")


def _build(cls: type, *, frozen: bool, slots: bool, eq: bool) -> type:
    own = [name for name in _GENERATED if name in cls.__dict__ and name != "__hash__"]
    if own or cls.__dict__.get("__hash__", None) is not None:
        # dataclasses would keep some of these and refuse others: never silently differ
        raise TypeError(f"{cls.__name__}: gatekeeper.records generates {own or '__hash__'} itself")
    fields = _fields_of(cls)
    names = tuple(f.name for f in fields)
    if slots:
        namespace = {
            k: v
            for k, v in cls.__dict__.items()
            if k not in names and k not in {"__dict__", "__weakref__"}
        }
        namespace["__slots__"] = names
        cls = type(cls)(cls.__name__, cls.__bases__, namespace)
    else:
        for f in fields:
            if f.default is not _MISSING:
                setattr(cls, f.name, f.default)
            elif isinstance(cls.__dict__.get(f.name), _Field):
                delattr(cls, f.name)
    text, scope, defaults = _source(cls, fields, frozen=frozen, slots=slots)
    SOURCES.append(text)
    ahead = _AHEAD.get(text)
    methods = _methods(cls, fields, frozen=frozen, eq=eq)
    if ahead is not None:
        _install_init(cls, ahead.__code__, scope, defaults)
    else:
        _PENDING.append((cls, text, scope, defaults))
        methods["__init__"] = _pending_init(cls)
    for name, method in methods.items():
        if method is not None:
            method.__qualname__ = f"{cls.__qualname__}.{name}"  # type: ignore[attr-defined]
        setattr(cls, name, method)
    setattr(cls, "__match_args__", tuple(f.name for f in fields if f.init))  # noqa: B010
    setattr(cls, "__dataclass_fields__", _DataclassFields(fields))  # noqa: B010
    setattr(cls, "__record_init__", tuple(f.name for f in fields if f.init))  # noqa: B010
    setattr(cls, "__record_noinit__", frozenset(f.name for f in fields if not f.init))  # noqa: B010
    if frozen and slots:  # pickling and copying: restore the slots past the frozen __setattr__

        def __getstate__(self: object) -> tuple[object, ...]:
            return tuple(getattr(self, n) for n in names)

        def __setstate__(self: object, state: tuple[object, ...]) -> None:
            for n, value in zip(names, state, strict=True):
                object.__setattr__(self, n, value)

        setattr(cls, "__getstate__", __getstate__)  # noqa: B010
        setattr(cls, "__setstate__", __setstate__)  # noqa: B010
    return cls


def _dataclass(cls: type | None = None, /, **options: bool) -> object:
    unknown = set(options) - _OPTIONS
    if unknown or options.get("init", True) is not True or options.get("repr", True) is not True:
        raise TypeError(f"gatekeeper.records.dataclass does not support {sorted(options)}")
    frozen = bool(options.get("frozen", False))
    slots = bool(options.get("slots", False))
    eq = bool(options.get("eq", True))

    def wrap(c: type) -> type:
        return _build(c, frozen=frozen, slots=slots, eq=eq)

    return wrap if cls is None else wrap(cls)


def _replace(obj: object, /, **changes: object) -> object:
    """`dataclasses.replace` for these records (others: `dataclasses.replace` itself)."""
    cls = type(obj)
    init = cls.__dict__.get("__record_init__")
    if init is None:
        import dataclasses  # not one of ours: a plugin's own dataclass

        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    for name in changes:
        if name in cls.__record_noinit__:  # type: ignore[attr-defined]
            raise ValueError(f"field {name} is declared with init=False, it cannot be specified with replace()")
    for name in init:
        if name not in changes:
            changes[name] = getattr(obj, name)
    return cls(**changes)


if not TYPE_CHECKING:
    dataclass = _dataclass
    field = _field
    replace = _replace
