"""The hook entry point: stdin → exactly one JSON decision (or nothing), exit 0, always."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gatekeeper.hook import run
from tests.conftest import hook_payload, run_hook

if TYPE_CHECKING:
    from gatekeeper.testing import GkEnv


def _decision(stdout: bytes) -> dict[str, Any]:
    out = json.loads(stdout)
    assert isinstance(out, dict)
    spec = out["hookSpecificOutput"]
    assert spec["hookEventName"] == "PreToolUse"
    return dict(spec)


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        (b"not json", "not JSON"),
        (b"\xff\xfe\x00garbage", "UTF-8"),
        (b"", "empty"),
        (b"[1, 2]", "not an object"),
        (b'{"tool_input": {}}', "tool_name"),
        (b'{"tool_name": "Bash"}', "tool_input"),
        (b'{"tool_name": "Bash", "tool_input": "ls"}', "tool_input"),
        (b'{"tool_name": 7, "tool_input": {}}', "tool_name"),
        (b'{"tool_name": "Bash", "tool_input": {}, "cwd": 3}', "cwd"),
        (b'{"tool_name": "Bash", "tool_input": {}, "cwd": "relative/dir"}', "absolute"),
        (b'{"tool_name": "Bash", "tool_input": {"a": ' + b"[" * 5000 + b"]" * 5000 + b"}}", "nest"),
    ],
)
def test_malformed_input_asks_with_a_reason(gk_env: GkEnv, data: bytes, fragment: str) -> None:
    proc = run_hook(gk_env, data)
    assert proc.returncode == 0
    spec = _decision(proc.stdout)
    assert spec["permissionDecision"] == "ask"
    assert fragment in spec["permissionDecisionReason"]


def test_oversize_input_asks(gk_env: GkEnv) -> None:
    big = json.dumps(hook_payload(gk_env, "Write", {"file_path": "x", "content": "a" * (11 << 20)}))
    proc = run_hook(gk_env, big.encode())
    assert proc.returncode == 0
    spec = _decision(proc.stdout)
    assert spec["permissionDecision"] == "ask"
    assert "larger than" in spec["permissionDecisionReason"]


@pytest.mark.parametrize("tool", ["AskUserQuestion", "ExitPlanMode", "EnterPlanMode"])
def test_pass_through_tools_get_no_decision(gk_env: GkEnv, tool: str) -> None:
    proc = run_hook(gk_env, hook_payload(gk_env, tool, {"questions": []}))
    assert proc.returncode == 0
    assert proc.stdout == b""


def test_reviewer_child_gets_no_decision_at_once(gk_env: GkEnv) -> None:
    payload = hook_payload(gk_env, "Bash", {"command": "rm -rf ~"})
    proc = run_hook(gk_env, payload, GATEKEEPER_REVIEWER_CHILD="1")
    assert proc.returncode == 0
    assert proc.stdout == b""


def test_broken_config_warns_on_every_call_and_still_decides(gk_env: GkEnv) -> None:
    gk_env.write_config("[permissions]\nallow = [\n")
    for command, expected in (("ls", "allow"), ("git push", "ask")):
        proc = run_hook(gk_env, hook_payload(gk_env, "Bash", {"command": command}))
        out = json.loads(proc.stdout)
        assert out["hookSpecificOutput"]["permissionDecision"] == expected
        assert f"{gk_env.config_path}:2:" in out["systemMessage"]  # file and line


def test_ill_typed_key_names_file_and_line(gk_env: GkEnv) -> None:
    gk_env.write_config('[reviewer]\nenabled = true\ntimeout_seconds = "soon"\n')
    proc = run_hook(gk_env, hook_payload(gk_env, "Bash", {"command": "ls"}))
    out = json.loads(proc.stdout)
    assert f"{gk_env.config_path}:3" in out["systemMessage"]
    assert "reviewer.timeout_seconds" in out["systemMessage"]
    assert out["hookSpecificOutput"]["permissionDecision"] == "allow"


def test_a_plugin_that_prints_cannot_corrupt_stdout(gk_env: GkEnv, tmp_path: Any) -> None:
    plugin = tmp_path / "noisy_plugin.py"
    plugin.write_text(
        "from gatekeeper import hookimpl\n"
        "@hookimpl\n"
        "def gatekeeper_check_command(command):\n"
        "    print('hello from a plugin')\n"
        "    return None\n"
    )
    gk_env.write_config('[plugins]\nenabled = ["noisy_plugin"]\n')
    proc = run_hook(
        gk_env, hook_payload(gk_env, "Bash", {"command": "ls"}), PYTHONPATH=str(tmp_path)
    )
    assert _decision(proc.stdout)["permissionDecision"] == "allow"
    assert b"hello from a plugin" in proc.stderr


def test_permission_request_event_answers_in_its_own_schema(gk_env: GkEnv) -> None:
    payload = hook_payload(gk_env, "Bash", {"command": "ls"}, hook_event_name="PermissionRequest")
    out = json.loads(run_hook(gk_env, payload).stdout)
    assert out["hookSpecificOutput"] == {
        "hookEventName": "PermissionRequest",
        "decision": {"behavior": "allow"},
    }
    payload["tool_input"] = {"command": "git push"}
    assert run_hook(gk_env, payload).stdout == b""  # ask → no decision: the dialog shows


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=30),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)
_inputs = st.one_of(
    st.binary(max_size=300),
    _json_values.map(lambda v: json.dumps(v).encode()),
    st.fixed_dictionaries(
        {"tool_name": st.one_of(st.text(max_size=12), st.integers()), "tool_input": _json_values},
        optional={
            "cwd": st.one_of(st.text(max_size=10), st.just("/")),
            "permission_mode": st.text(max_size=10),
            "hook_event_name": st.text(max_size=20),
        },
    ).map(lambda d: json.dumps(d).encode()),
)


def _valid_or_empty(stdout: bytes) -> dict[str, Any] | None:
    if not stdout:
        return None
    out = json.loads(stdout)
    assert isinstance(out, dict)
    assert stdout.count(b"\n") == 1 and stdout.endswith(b"\n")
    return out


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=_inputs)
def test_any_bytes_give_a_valid_answer_in_process(gk_env: GkEnv, data: bytes) -> None:
    stdout, _, call, _ = run(data)
    out = _valid_or_empty(stdout)
    if call is None:  # malformed input: never allowed
        assert out is not None
        assert out["hookSpecificOutput"].get("permissionDecision") == "ask"


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=_inputs)
def test_any_bytes_give_a_valid_answer_from_the_real_process(gk_env: GkEnv, data: bytes) -> None:
    proc = run_hook(gk_env, data)
    assert proc.returncode == 0
    out = _valid_or_empty(proc.stdout)
    if out is not None and "hookSpecificOutput" in out:
        spec = out["hookSpecificOutput"]
        assert (
            spec.get("permissionDecision") in (None, "allow", "deny", "ask") or "decision" in spec
        )


def test_an_interrupted_hook_asks_and_leaves_an_audit_record(
    gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch, capfdbinary: pytest.CaptureFixture[bytes]
) -> None:
    """Ctrl-C (or any BaseException) inside the pipeline: ask, exit 0, and a record."""
    import time

    from gatekeeper import hook as hook_mod

    def interrupted(data: bytes) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(hook_mod, "run", interrupted)
    assert hook_mod.respond(b"{}", time.perf_counter()) == 0
    out = json.loads(capfdbinary.readouterr().out)
    assert out["hookSpecificOutput"]["permissionDecision"] == "ask"
    [record] = [
        json.loads(line) for line in (gk_env.state_dir / "audit.jsonl").read_text().splitlines()
    ]
    assert (record["decision"], record["rule"]) == ("ask", "GK-ERROR-001")
