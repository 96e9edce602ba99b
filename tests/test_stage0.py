"""Stage 0 (`pipeline.parse_input`) gives what its general form gives, for every input.

`parse_input` skips the nesting walk and the deep freeze for a tool input of scalars only
(the common Bash input) and reads the optional fields in one pass. The oracle here is the
general form: `_depth` on every input, `freeze` of every input, one field at a time.
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gatekeeper.model import ToolCall, freeze, thaw
from gatekeeper.pipeline import (
    _OPTIONAL_STRINGS,
    EVENTS,
    MAX_NESTING,
    MODES,
    InputError,
    _depth,
    parse_input,
)


def _general(data: bytes) -> ToolCall:
    obj = json.loads(data)
    tool_name = obj.get("tool_name")
    if not isinstance(tool_name, str) or not tool_name.strip():
        raise InputError("the hook input has no `tool_name` string")
    tool_input = obj.get("tool_input")
    if not isinstance(tool_input, dict):
        raise InputError("the hook input has no `tool_input` object")
    if _depth(tool_input) > MAX_NESTING:
        raise InputError(f"`tool_input` nests deeper than {MAX_NESTING} levels")
    fields: dict[str, str] = {}
    for key in _OPTIONAL_STRINGS:
        value = obj.get(key)
        if value is None:
            continue
        if not isinstance(value, str):
            raise InputError(f"`{key}` must be a string, got {type(value).__name__}")
        fields[key] = value
    cwd = fields.get("cwd") or os.getcwd()
    if not cwd.startswith("/") and not os.path.isabs(cwd):
        raise InputError(f"`cwd` must be an absolute path, got {cwd!r}")
    event = fields.get("hook_event_name", "PreToolUse")
    if event not in EVENTS:
        raise InputError(f"gatekeeper does not answer the `{event}` hook event")
    mode = fields.get("permission_mode", "default")
    return ToolCall(
        tool_name=tool_name,
        tool_input=freeze(tool_input),  # type: ignore[arg-type]
        cwd=cwd,
        session_id=fields.get("session_id", ""),
        permission_mode=mode if mode in MODES else "default",
        transcript_path=fields.get("transcript_path", ""),
        tool_use_id=fields.get("tool_use_id", ""),
        hook_event_name=event,
        agent_id=fields.get("agent_id", ""),
    )


def _outcome(data: bytes, parse: object) -> object:
    try:
        call = parse(data)  # type: ignore[operator]
    except InputError as exc:
        return ("error", str(exc))
    assert isinstance(call, ToolCall)
    return (call, thaw(call.tool_input))


SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=8,
)
FIELD = st.one_of(
    st.sampled_from(["", "/tmp/p", "rel", "PreToolUse", "PermissionRequest", "Stop", *MODES]),
    SCALARS,
)


@settings(max_examples=500, deadline=None)
@given(
    tool_input=st.dictionaries(st.text(max_size=8), SCALARS, max_size=4)
    | st.dictionaries(st.text(max_size=8), JSON, max_size=4),
    fields=st.dictionaries(st.sampled_from(_OPTIONAL_STRINGS), FIELD),
)
def test_parse_input_gives_what_the_general_form_gives(
    tool_input: dict[str, object], fields: dict[str, object]
) -> None:
    data = json.dumps({"tool_name": "Bash", "tool_input": tool_input, **fields}).encode()
    assert _outcome(data, parse_input) == _outcome(data, _general)


@pytest.mark.parametrize("depth", [MAX_NESTING - 1, MAX_NESTING, MAX_NESTING + 1])
def test_deep_inputs_are_refused_as_before(depth: int) -> None:
    value: object = "x"
    for _ in range(depth):
        value = [value]
    data = json.dumps({"tool_name": "T", "tool_input": {"a": 1, "b": value}}).encode()
    assert _outcome(data, parse_input) == _outcome(data, _general)


def test_a_flat_input_is_read_only_and_not_shared() -> None:
    data = b'{"tool_name": "Bash", "tool_input": {"command": "ls", "timeout": 5}, "cwd": "/p"}'
    call = parse_input(data)
    with pytest.raises(TypeError):
        call.tool_input["command"] = "rm -rf /"  # type: ignore[index]
    assert parse_input(data).tool_input is not call.tool_input
    assert dict(call.tool_input) == {"command": "ls", "timeout": 5}


_BLANKS = "".join(c for c in map(chr, range(0x110000)) if c.isspace())


@settings(max_examples=300)
@given(st.text(alphabet=_BLANKS + "x{", max_size=6))
def test_an_input_of_blanks_is_empty_as_strip_said(text: str) -> None:
    # `not text or text.isspace()` stands for `not text.strip()`: both read the same
    # characters as blanks (every code point).
    data = text.encode("utf-8")
    try:
        parse_input(data)
    except InputError as exc:
        assert ("empty" in str(exc)) == (not text.strip())
    else:  # pragma: no cover - no text of blanks, `x` and `{` is a hook input
        raise AssertionError(text)


@pytest.mark.parametrize("blank", sorted(_BLANKS))
def test_a_command_of_blanks_is_no_command(blank: str, gk_env: object) -> None:
    from gatekeeper import config as config_mod
    from gatekeeper.pipeline import Engine

    data = json.dumps(
        {"tool_name": "Bash", "tool_input": {"command": blank * 2}, "cwd": "/tmp"}
    ).encode()
    decision = Engine(config_mod.load("/tmp")).decide(parse_input(data))
    assert [f.rule for f in decision.findings] == ["GK-SHELL-007"], decision


def _kind(data: bytes, parse: object) -> object:
    """The call made, or which check refused the input (JSON's own errors as one kind)."""
    try:
        call = parse(data)  # type: ignore[operator]
    except InputError as exc:
        return ("error", str(exc).split(" (", 1)[0])
    except ValueError:  # json.loads in the general form: parse_input says "not JSON"
        return ("error", "the hook input is not JSON")
    assert isinstance(call, ToolCall)
    return (call, thaw(call.tool_input))


@settings(max_examples=300, deadline=None)
@given(
    before=st.sampled_from(["", " ", "\n", "\t", "x"]),
    after=st.sampled_from(["", " ", "\r\n", " \t", "}", "x", " {}", "\x0b"]),
    tool_name=st.sampled_from(["Bash", "", " ", "\u2003", " Read "]),
    command=st.text(max_size=6),
)
def test_the_scanned_object_is_what_json_reads_with_anything_around_it(
    before: str, after: str, tool_name: str, command: str
) -> None:
    body = json.dumps({"tool_name": tool_name, "tool_input": {"command": command}})
    data = (before + body + after).encode()
    assert _kind(data, parse_input) == _kind(data, _general)
