"""The stand-in Messages API on its own, over loopback HTTP, without the Claude Code binary."""

from __future__ import annotations

import http.client
import json
from typing import Any

from .fake_api import REVIEWER_TOOL, FakeAnthropicAPI, Scenario, ToolUse, turn

TOOLS = [{"name": "Bash", "input_schema": {"type": "object"}}]


def call(
    api: FakeAnthropicAPI, method: str, path: str, body: dict[str, Any] | None = None
) -> tuple[int, str, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", api.port, timeout=10)
    try:
        payload = None if body is None else json.dumps(body).encode()
        connection.request(method, path, body=payload, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        return response.status, str(response.getheader("Content-Type")), response.read()
    finally:
        connection.close()


def post(api: FakeAnthropicAPI, path: str, body: dict[str, Any]) -> tuple[str, bytes]:
    status, content_type, payload = call(api, "POST", path, body)
    assert status == 200, payload
    return content_type, payload


def sse(payload: bytes) -> list[tuple[str, dict[str, Any]]]:
    events = []
    for chunk in payload.decode().strip().split("\n\n"):
        name_line, data_line = chunk.split("\n")
        events.append(
            (name_line.removeprefix("event: "), json.loads(data_line.removeprefix("data: ")))
        )
    return events


def user(*blocks: dict[str, Any]) -> dict[str, Any]:
    return {"role": "user", "content": list(blocks)}


def result_for(use: ToolUse) -> dict[str, Any]:
    return {"type": "tool_result", "tool_use_id": use.id, "content": "ok"}


def test_streams_parallel_tool_uses_then_final_text() -> None:
    first, second = ToolUse("Bash", {"command": "ls"}), ToolUse("Bash", {"command": "pwd"})
    with FakeAnthropicAPI(Scenario(turns=(turn(first, second),), final_text="fin")) as api:
        prompt = user({"type": "text", "text": "go"})
        content_type, payload = post(
            api, "/v1/messages?beta=true", {"stream": True, "tools": TOOLS, "messages": [prompt]}
        )
        assert content_type == "text/event-stream"
        events = sse(payload)
        assert [name for name, _ in events] == [
            "message_start",
            *["content_block_start", "content_block_delta", "content_block_stop"] * 2,
            "message_delta",
            "message_stop",
        ]
        starts = [data["content_block"] for name, data in events if name == "content_block_start"]
        assert [(block["id"], block["name"]) for block in starts] == [
            (first.id, "Bash"),
            (second.id, "Bash"),
        ]
        deltas = [data["delta"] for name, data in events if name == "content_block_delta"]
        assert [json.loads(delta["partial_json"]) for delta in deltas] == [
            {"command": "ls"},
            {"command": "pwd"},
        ]
        assert events[-2][1]["delta"]["stop_reason"] == "tool_use"

        # Only one of the two answered: the same turn is played again, nothing advances.
        partial = [prompt, {"role": "assistant", "content": []}, user(result_for(first))]
        _, payload = post(
            api, "/v1/messages", {"stream": True, "tools": TOOLS, "messages": partial}
        )
        assert sse(payload)[1][1]["content_block"]["id"] == first.id

        answered = [
            prompt,
            {"role": "assistant", "content": []},
            user(result_for(first), result_for(second)),
        ]
        _, payload = post(
            api, "/v1/messages", {"stream": False, "tools": TOOLS, "messages": answered}
        )
        message = json.loads(payload)
        assert message["content"] == [{"type": "text", "text": "fin"}]
        assert message["stop_reason"] == "end_turn"
    assert [request.kind for request in api.requests] == ["main", "main", "main"]
    assert set(api.tool_results()) == {first.id, second.id}


def test_side_reviewer_count_tokens_and_unknown_requests_leave_the_script_alone() -> None:
    scripted = ToolUse("Bash", {"command": "ls"})
    decision = {"decision": "APPROVE", "reason": "fine"}
    with FakeAnthropicAPI(Scenario(turns=(turn(scripted),)), reviewer_decisions=[decision]) as api:
        prompt = user({"type": "text", "text": "title please"})
        _, side = post(api, "/v1/messages", {"messages": [prompt]})
        assert json.loads(side)["content"] == [{"type": "text", "text": "ok"}]

        reviewer_tools = [{"name": REVIEWER_TOOL, "input_schema": {"type": "object"}}]
        _, review = post(api, "/v1/messages", {"tools": reviewer_tools, "messages": [prompt]})
        [block] = json.loads(review)["content"]
        assert (block["name"], block["input"]) == (REVIEWER_TOOL, decision)
        _, default = post(api, "/v1/messages", {"tools": reviewer_tools, "messages": [prompt]})
        assert json.loads(default)["content"][0]["input"]["decision"] == "ELEVATE"

        _, counted = post(api, "/v1/messages/count_tokens", {"messages": [prompt]})
        assert json.loads(counted)["input_tokens"] > 0

        status, _, _ = call(api, "GET", "/v1/models")
        assert status == 404
        status, _, _ = call(api, "HEAD", "/api/hello")
        assert status == 200

        _, main = post(api, "/v1/messages", {"tools": TOOLS, "messages": [prompt]})
        assert json.loads(main)["content"][0]["id"] == scripted.id
    kinds = [request.kind for request in api.requests]
    assert kinds == ["side", "reviewer", "reviewer", "count_tokens", "unknown", "health", "main"]


def test_subagent_conversations_play_their_own_script() -> None:
    outer, inner = ToolUse("Agent", {"prompt": "SUB-X: go"}), ToolUse("Bash", {"command": "ls"})
    scenario = Scenario(turns=(turn(outer),), subagents={"SUB-X": (turn(inner),)})
    with FakeAnthropicAPI(scenario) as api:
        sub_prompt = user({"type": "text", "text": "SUB-X: go"})
        _, payload = post(api, "/v1/messages", {"tools": TOOLS, "messages": [sub_prompt]})
        assert json.loads(payload)["content"][0]["id"] == inner.id
        main_prompt = user({"type": "text", "text": "main"})
        _, payload = post(api, "/v1/messages", {"tools": TOOLS, "messages": [main_prompt]})
        assert json.loads(payload)["content"][0]["id"] == outer.id
    assert [request.kind for request in api.requests] == ["subagent", "main"]
