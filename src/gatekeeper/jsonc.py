"""JSON for the cold hook through the C accelerator `_json`, without importing `json`.

``import json`` imports ``re`` (for two whitespace patterns), and ``re`` imports ``enum``,
``functools`` and ``collections``: together ~10 ms of every cold ``gatekeeper hook`` on a
slow interpreter, while the C module that does the actual work costs a fraction of a
millisecond. On CPython, `json.loads` and `json.dumps` with the options used here run
exactly these C functions (``_json.make_scanner`` and ``_json.make_encoder``), so the
results are the same by construction; `tests/test_jsonc.py` compares them anyway, over the
corpora and generated JSON.

What is not the common case goes to the `json` package, which then gives its own answer or
raises its own error: input that `loads` cannot decode (the error and its message are
``json``'s), a byte string in another encoding than UTF-8, an object ``dumps`` cannot
encode, and an interpreter without ``_json``.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable

try:
    from _json import encode_basestring, encode_basestring_ascii, make_encoder, make_scanner
except ImportError:  # another interpreter: the json package does all the work
    make_scanner = None  # type: ignore[assignment,misc]

_WHITESPACE = " \t\n\r"  # what JSON calls whitespace; str.strip() would take more
_CONSTANTS = {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}
# Byte strings json.loads would not read as plain UTF-8: a BOM, or a NUL in the first bytes
# (UTF-16/32). They go to json itself.
_NOT_PLAIN_UTF8 = (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")


class _Context:
    """What the C scanner reads from its context: the defaults of `json.JSONDecoder()`."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = _CONSTANTS.__getitem__


_scan = make_scanner(_Context()) if make_scanner is not None else None  # type: ignore[arg-type]
# The scanner, for a caller that reads one JSON object itself (stage 0: see `loads` for
# what the result means), and what JSON calls whitespace after it. None without `_json`.
scan = _scan
WHITESPACE = _WHITESPACE


def loads(data: str | bytes) -> object:
    """`json.loads(data)`: the same value, or the same error (raised by the json package)."""
    if _scan is not None:
        text: str | None = None
        if isinstance(data, str):
            text = data
        elif not data.startswith(_NOT_PLAIN_UTF8) and b"\x00" not in data[:4]:
            try:
                text = data.decode("utf-8", "surrogatepass")  # what json.loads does
            except UnicodeDecodeError:
                text = None
        # A text that starts with `{` (the hook's input) has neither a BOM nor whitespace
        # in front: no copy of it to strip.
        opens = text is not None and text[:1] == "{"
        if text is not None and (opens or not text.startswith("\ufeff")):
            start = 0 if opens else len(text) - len(text.lstrip(_WHITESPACE))
            try:
                value, end = _scan(text, start)
            except Exception:  # noqa: BLE001 - json repeats the work and raises its own error
                # (StopIteration for a missing value; where `_json` raises json's own
                # JSONDecodeError, it needs `json.decoder` imported already, else SystemError)
                value, end = None, -1
            # Only whitespace may follow (a value never ends in whitespace, so the stripped
            # length is never below `end`).
            if end == len(text) or end == len(text.rstrip(_WHITESPACE)):
                return value
    import json  # the uncommon case: json's own answer, or its own error

    return json.loads(data)


def string(text: str) -> str:
    """`json.dumps(text, ensure_ascii=False)` for a `str`: the same quoted, escaped text."""
    if make_scanner is not None and type(text) is str:
        return encode_basestring(text)  # what json's encoder calls for every str it meets
    import json  # another interpreter, or a str subclass

    return json.dumps(text, ensure_ascii=False)


# `string` for a text that is a `str` itself (not a subclass): the C function, without
# the check (hot: the reason of every answer).
quote: Callable[[str], str] = encode_basestring if make_scanner is not None else string


def _unencodable(value: object) -> object:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def dumps(
    value: object,
    *,
    ensure_ascii: bool = True,
    separators: tuple[str, str] = (", ", ": "),
    default: Callable[[object], object] | None = None,
    sort_keys: bool = False,
) -> str:
    """`json.dumps(value, ensure_ascii=..., separators=..., default=..., sort_keys=...)`.

    The same text. Only these options, with `json.dumps`' defaults for everything else
    (circular check, NaN allowed, no indent).
    """
    if make_scanner is not None:
        encode = make_encoder(
            {},  # the circular-reference markers
            default if default is not None else _unencodable,
            encode_basestring_ascii if ensure_ascii else encode_basestring,
            None,
            separators[1],
            separators[0],
            sort_keys,
            False,  # skipkeys
            True,  # allow_nan
        )
        try:
            return "".join(encode(value, 0))
        except Exception:  # noqa: BLE001, S110 - json repeats the work and raises its own error
            pass
    import json  # no _json here, or an error to report

    return json.dumps(
        value,
        ensure_ascii=ensure_ascii,
        separators=separators,
        default=default,
        sort_keys=sort_keys,
    )
