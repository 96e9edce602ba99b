"""`gatekeeper.jsonc` gives what `json` gives: the same values, the same bytes, the same errors."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gatekeeper import jsonc
from gatekeeper.pipeline import InputError, parse_input
from gatekeeper.testing import corpus_cases
from tests.peer_corpora import all_cases, peer_data_dir

REPO = Path(__file__).resolve().parent.parent
CORPORA = sorted((REPO / "tests" / "corpora").glob("*.sh"))


def _same(a: object, b: object) -> bool:
    """Equal, type for type (True is not 1, 1.0 is not 1), with NaN equal to NaN."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        assert isinstance(b, float)
        return (math.isnan(a) and math.isnan(b)) or a == b
    if isinstance(a, dict):
        assert isinstance(b, dict)
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        assert isinstance(b, list)
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


def _payloads() -> list[str]:
    """Hook inputs built from every public corpus (and the peers' commands when present)."""
    commands = [case.command for case in corpus_cases(CORPORA)]
    data = peer_data_dir()
    if data is not None:
        commands += [case.command for case in all_cases(data)]
    texts = [
        json.dumps(
            {
                "tool_name": "Bash",
                "tool_input": {"command": c, "description": "run it"},
                "cwd": "/tmp/p",
                "hook_event_name": "PreToolUse",
            },
            ensure_ascii=ascii_,
        )
        for c in commands
        for ascii_ in (False, True)
    ]
    for name in ("bench/corpus.jsonl", "examples/session.jsonl"):
        texts += [line for line in (REPO / name).read_text().splitlines() if line.strip()]
    return texts


PAYLOADS = _payloads()


def test_the_corpora_are_many() -> None:
    assert len(PAYLOADS) > 1000


def test_every_corpus_payload_decodes_and_encodes_as_json_does() -> None:
    for text in PAYLOADS:
        value = json.loads(text)
        assert _same(jsonc.loads(text), value), text
        assert _same(jsonc.loads(text.encode()), value), text
        assert jsonc.dumps(value, ensure_ascii=False) == json.dumps(value, ensure_ascii=False)
        assert jsonc.dumps(value) == json.dumps(value)
        compact = (",", ":")
        assert jsonc.dumps(value, separators=compact, default=str, ensure_ascii=False) == (
            json.dumps(value, separators=compact, default=str, ensure_ascii=False)
        )


# Any JSON value json can write: unicode (lone surrogates too), big ints, floats with NaN and
# infinities, nesting.
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**60), max_value=10**60)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text()
    | st.text(alphabet=st.characters(min_codepoint=0xD7F0, max_codepoint=0xE010))
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=30,
)


@settings(max_examples=800)
@given(VALUES, st.booleans(), st.sampled_from([(", ", ": "), (",", ":")]), st.booleans())
def test_generated_values_encode_as_json_does(
    value: object, ensure_ascii: bool, separators: tuple[str, str], sort_keys: bool
) -> None:
    expected = json.dumps(
        value, ensure_ascii=ensure_ascii, separators=separators, sort_keys=sort_keys
    )
    got = jsonc.dumps(value, ensure_ascii=ensure_ascii, separators=separators, sort_keys=sort_keys)
    assert got == expected


@settings(max_examples=800)
@given(VALUES, st.booleans(), st.sampled_from(["", " ", "\n\t ", "\r\n"]))
def test_generated_texts_decode_as_json_does(value: object, ensure_ascii: bool, pad: str) -> None:
    text = pad + json.dumps(value, ensure_ascii=ensure_ascii) + pad
    assert _same(jsonc.loads(text), json.loads(text))
    raw = text.encode("utf-8", "surrogatepass")
    assert _same(jsonc.loads(raw), json.loads(raw))


def test_keys_that_are_not_strings_and_defaults_as_json() -> None:
    value = {1: "a", 2.5: True, None: [float("nan")], False: {"x": object}}
    assert jsonc.dumps(value, default=str) == json.dumps(value, default=str)

    def as_list(v: object) -> object:
        assert isinstance(v, set)
        return sorted(v)

    assert jsonc.dumps({"x": {1, 2}}, default=as_list) == json.dumps({"x": {1, 2}}, default=as_list)


INVALID = [
    "",
    "   ",
    "{",
    '{"a": 1',
    '{"a": 1} x',
    '{"a": 1}{}',
    "[1,]",
    '{"a" 1}',
    "\ufeff{}",
    "nul",
    '"\x01"',  # a control character in a string (strict)
    '"\\ud800\\"',
    "[" * 100_000 + "]" * 100_000,
    "01",
    "{'a': 1}",
]


@pytest.mark.parametrize("text", INVALID, ids=range(len(INVALID)))
def test_invalid_text_raises_what_json_raises(text: str) -> None:
    with pytest.raises((ValueError, RecursionError)) as expected:
        json.loads(text)
    with pytest.raises(type(expected.value)) as got:
        jsonc.loads(text)
    assert str(got.value) == str(expected.value)


@pytest.mark.parametrize(
    "raw", [b"\xef\xbb\xbf{}", b"\xff\xfe{\x00}\x00", b"\x00{\x00}", b'{"a": "\xff"}', b"\xc3("]
)
def test_bytes_that_are_not_plain_utf8_are_json_s_business(raw: bytes) -> None:
    try:
        expected: object = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        with pytest.raises(type(exc)) as got:
            jsonc.loads(raw)
        assert str(got.value) == str(exc)
    else:
        assert _same(jsonc.loads(raw), expected)


def test_unencodable_values_raise_what_json_raises() -> None:
    loop: list[object] = []
    loop.append(loop)
    for value in (object(), {"a": {1, 2}}, loop, {(1, 2): 3}):
        with pytest.raises((TypeError, ValueError, RecursionError)) as expected:
            json.dumps(value)
        with pytest.raises(type(expected.value)) as got:
            jsonc.dumps(value)
        assert str(got.value) == str(expected.value)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"{", "is not JSON (Expecting property name enclosed in double quotes: line 1 column 2"),
        (b'{"tool_name": "Bash"} trailing', "is not JSON (Extra data: line 1 column 23"),
        (b"[1, 2]", "is a JSON list, not an object"),
        (b"[" * 50_000, "nests too deeply"),
    ],
)
def test_the_pipeline_still_names_what_is_wrong(data: bytes, message: str) -> None:
    with pytest.raises(InputError, match="the hook input " + message.replace("(", r"\(")):
        parse_input(data)


def test_errors_are_json_s_also_when_json_was_not_imported_yet() -> None:
    # `_json` raises JSONDecodeError only if `json.decoder` is imported already: the cold hook
    # has not imported it, so this runs in a fresh interpreter.
    code = (
        "import sys\n"
        "from gatekeeper import jsonc\n"
        "assert 'json' not in sys.modules\n"
        "for text in sys.argv[1:]:\n"
        "    try:\n"
        "        jsonc.loads(text)\n"
        "    except ValueError as exc:\n"
        "        print(type(exc).__name__, exc)\n"
    )
    texts = ['{"a": "unterminated', '{"a": 1', "[1,]", '"\\x"', "{} x", ""]
    proc = subprocess.run(
        [sys.executable, "-I", "-c", code, *texts], capture_output=True, text=True, check=True
    )
    expected = []
    for text in texts:
        try:
            json.loads(text)
        except ValueError as exc:
            expected.append(f"{type(exc).__name__} {exc}")
    assert proc.stdout.splitlines() == expected
