"""A scripted stand-in for the Anthropic Messages API, for driving the real `claude` offline.

Claude Code talks to ``$ANTHROPIC_BASE_URL``; pointing that at this server lets a test decide
exactly which tool calls "the model" makes and then watch what Claude Code and the PreToolUse
hook do with them. Nothing here is a model: every answer comes from a script.

Routing of a ``POST /v1/messages`` request (any query string, e.g. ``?beta=true``):

* **reviewer requests** (their ``tools`` include one named ``StructuredOutput``, which is how
  ``claude -p --json-schema`` asks for structured output) take the next decision from the
  reviewer queue and answer it as a ``StructuredOutput`` tool call. (2.1.328 takes that call
  as the result and sends nothing more; should a ``tool_result`` come back, the answer is a
  closing text.)
* **conversation requests** (they offer tools) play a script. The main conversation plays
  ``Scenario.turns``; a subagent conversation (its first user message contains the prompt of
  one of ``Scenario.subagents``) plays that subagent's turns. Which turn to play is derived from
  the request itself, not from a counter: turn *k+1* is due once the request carries
  ``tool_result`` blocks for every ``tool_use`` of turn *k*. That makes retries and the
  interleaving of side requests harmless. After the last turn the answer is
  ``Scenario.final_text`` with ``end_turn``.
* **side requests** (no tools: title generation, quota probes and the like) get a short text
  answer and never move a script.

``POST /v1/messages/count_tokens`` gets a token estimate and ``/api/hello`` (a connectivity
probe) a 200; every other path gets a JSON 404 and is logged to stderr, so a new kind of
traffic from a new Claude Code release is visible.
Every request is recorded (method, path, parsed JSON body, how it was routed) for the test to
inspect afterwards.

The server binds 127.0.0.1 on a free port and never opens an outbound connection.
"""

from __future__ import annotations

import itertools
import json
import sys
import threading
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any, Literal, Self
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Mapping, Sequence
    from types import TracebackType

# Ids only need to be unique within one run; a counter keeps them readable in failure output.
_ids = itertools.count(1)
_ids_lock = threading.Lock()


def _next_id(prefix: str) -> str:
    with _ids_lock:
        return f"{prefix}_e2e_{next(_ids):04d}"


REVIEWER_TOOL = "StructuredOutput"

RequestKind = Literal["main", "subagent", "reviewer", "side", "count_tokens", "health", "unknown"]
# Claude Code 2.1.328 probes this with HEAD before its first request unless
# CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC is set (seen with the harness's env minus that flag).
HEALTH_PATH = "/api/hello"


@dataclass(frozen=True)
class ToolUse:
    """One ``tool_use`` block the scripted model emits."""

    name: str
    input: Mapping[str, Any]
    id: str = field(default_factory=lambda: _next_id("toolu"))


@dataclass(frozen=True)
class Turn:
    """One assistant message: optional text, then zero or more (parallel) tool calls.

    A turn without tool calls ends the conversation (``end_turn``), so it only makes sense
    as the last turn of a script.
    """

    tool_uses: tuple[ToolUse, ...] = ()
    text: str = ""

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(use.id for use in self.tool_uses)


def turn(*tool_uses: ToolUse, text: str = "") -> Turn:
    """Build a turn; several tool uses in one turn are parallel tool calls."""
    return Turn(tool_uses=tool_uses, text=text)


@dataclass(frozen=True)
class Scenario:
    """What the scripted model does in one ``claude -p`` run.

    ``subagents`` maps a marker string to a script: a conversation whose first user message
    contains the marker (put it in the ``prompt`` of an ``Agent`` tool call) plays that script
    instead of the main one.
    """

    turns: tuple[Turn, ...]
    final_text: str = "Done."
    subagents: Mapping[str, tuple[Turn, ...]] = field(default_factory=dict)

    def tool_uses(self) -> Iterator[ToolUse]:
        """Every scripted tool use, main conversation and subagents alike."""
        for script in (self.turns, *self.subagents.values()):
            for step in script:
                yield from step.tool_uses


@dataclass(frozen=True)
class RecordedRequest:
    """One request as it arrived, with the route it took."""

    method: str
    path: str
    query: str
    kind: RequestKind
    body: Mapping[str, Any] | None
    headers: Mapping[str, str]

    @property
    def tool_names(self) -> tuple[str, ...]:
        return _tool_names(self.body or {})

    @property
    def messages(self) -> list[dict[str, Any]]:
        messages = (self.body or {}).get("messages") or []
        return [m for m in messages if isinstance(m, dict)]


# --- request inspection -----------------------------------------------------------------


def _tool_names(body: Mapping[str, Any]) -> tuple[str, ...]:
    tools = body.get("tools") or ()
    return tuple(str(tool.get("name")) for tool in tools if isinstance(tool, dict))


def _blocks(message: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A message's content as a list of blocks (a bare string is one text block)."""
    content = message.get("content")
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    if isinstance(content, list):
        return [block for block in content if isinstance(block, dict)]
    return []


def _first_user_text(messages: Sequence[Mapping[str, Any]]) -> str:
    for message in messages:
        if message.get("role") == "user":
            return "\n".join(
                str(block.get("text", ""))
                for block in _blocks(message)
                if block.get("type") == "text"
            )
    return ""


def answered_tool_use_ids(messages: Iterable[Mapping[str, Any]]) -> set[str]:
    """Ids of every tool_use that has a tool_result anywhere in the conversation."""
    return {
        str(block.get("tool_use_id"))
        for message in messages
        if message.get("role") == "user"
        for block in _blocks(message)
        if block.get("type") == "tool_result"
    }


def tool_result_text(block: Mapping[str, Any]) -> str:
    """The text of a tool_result block (its content may be a string or a list of blocks)."""
    content = block.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(part.get("text", "")) for part in content if isinstance(part, dict))
    return ""


def _estimate_tokens(body: Mapping[str, Any]) -> int:
    # Claude Code uses token counts for compaction decisions only; a rough size is plenty.
    return max(1, len(json.dumps(body)) // 4)


# --- responses --------------------------------------------------------------------------


def _content_blocks(step: Turn) -> list[dict[str, Any]]:
    blocks: list[dict[str, Any]] = []
    if step.text:
        blocks.append({"type": "text", "text": step.text})
    for use in step.tool_uses:
        blocks.append(
            {"type": "tool_use", "id": use.id, "name": use.name, "input": dict(use.input)}
        )
    return blocks


def _sse_events(message: Mapping[str, Any]) -> bytes:
    """Encode a complete assistant message as the streaming API's server-sent events."""
    events: list[tuple[str, dict[str, Any]]] = []
    start = dict(message)
    start["content"] = []
    start["stop_reason"] = None
    events.append(("message_start", {"type": "message_start", "message": start}))
    for index, block in enumerate(message["content"]):
        if block["type"] == "text":
            events.append(
                (
                    "content_block_start",
                    {
                        "type": "content_block_start",
                        "index": index,
                        "content_block": {"type": "text", "text": ""},
                    },
                )
            )
            delta: dict[str, Any] = {"type": "text_delta", "text": block["text"]}
        else:
            # A tool_use block starts with an empty input; the input arrives as JSON text deltas.
            events.append(
                (
                    "content_block_start",
                    {
                        "type": "content_block_start",
                        "index": index,
                        "content_block": {
                            "type": "tool_use",
                            "id": block["id"],
                            "name": block["name"],
                            "input": {},
                        },
                    },
                )
            )
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
        events.append(
            ("content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta})
        )
        events.append(("content_block_stop", {"type": "content_block_stop", "index": index}))
    events.append(
        (
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": message["stop_reason"], "stop_sequence": None},
                "usage": {"output_tokens": message["usage"]["output_tokens"]},
            },
        )
    )
    events.append(("message_stop", {"type": "message_stop"}))
    return b"".join(
        f"event: {name}\ndata: {json.dumps(data)}\n\n".encode() for name, data in events
    )


def _message(model: str, blocks: list[dict[str, Any]]) -> dict[str, Any]:
    has_tool_use = any(block["type"] == "tool_use" for block in blocks)
    return {
        "id": _next_id("msg"),
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": blocks,
        "stop_reason": "tool_use" if has_tool_use else "end_turn",
        "stop_sequence": None,
        "usage": {
            "input_tokens": 10,
            "output_tokens": 10,
            "cache_creation_input_tokens": 0,
            "cache_read_input_tokens": 0,
        },
    }


# --- the server -------------------------------------------------------------------------


class FakeAnthropicAPI:
    """The stand-in server. Use as a context manager; ``base_url`` goes into ANTHROPIC_BASE_URL.

    ``reviewer_decisions`` are answered in order to reviewer requests; once they run out,
    ``default_reviewer_decision`` is used, so a test that did not expect a reviewer still gets
    a fail-closed answer rather than a hang.
    """

    def __init__(
        self,
        scenario: Scenario,
        reviewer_decisions: Iterable[Mapping[str, Any]] = (),
        default_reviewer_decision: Mapping[str, Any] | None = None,
    ) -> None:
        self.scenario = scenario
        self._reviewer_queue: deque[Mapping[str, Any]] = deque(reviewer_decisions)
        self._default_reviewer_decision = default_reviewer_decision or {
            "decision": "ELEVATE",
            "reason": "fake API: no scripted reviewer decision left",
        }
        self._lock = threading.Lock()
        self._requests: list[RecordedRequest] = []
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _make_handler(self))
        # Handler threads must not keep the test process alive if a client hangs on.
        self._server.daemon_threads = True
        # A short poll interval: shutdown() waits up to one interval, once per claude run.
        self._thread = threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": 0.05},
            name="fake-anthropic-api",
            daemon=True,
        )

    # lifecycle

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    # what tests read

    @property
    def requests(self) -> list[RecordedRequest]:
        with self._lock:
            return list(self._requests)

    def requests_of(self, *kinds: RequestKind) -> list[RecordedRequest]:
        return [request for request in self.requests if request.kind in kinds]

    def tool_results(self) -> dict[str, dict[str, Any]]:
        """Every tool_result Claude Code sent back, by tool_use_id (the last copy wins)."""
        results: dict[str, dict[str, Any]] = {}
        for request in self.requests:
            for message in request.messages:
                if message.get("role") != "user":
                    continue
                for block in _blocks(message):
                    if block.get("type") == "tool_result":
                        results[str(block.get("tool_use_id"))] = block
        return results

    # routing (called from handler threads)

    def record(self, request: RecordedRequest) -> None:
        with self._lock:
            self._requests.append(request)

    def classify(self, body: Mapping[str, Any]) -> RequestKind:
        tools = _tool_names(body)
        if REVIEWER_TOOL in tools:
            return "reviewer"
        if not tools:
            return "side"
        first = _first_user_text(body.get("messages") or [])
        if any(marker in first for marker in self.scenario.subagents):
            return "subagent"
        return "main"

    def answer(self, kind: RequestKind, body: Mapping[str, Any]) -> dict[str, Any]:
        """The assistant message for a /v1/messages request of the given kind."""
        model = str(body.get("model") or "claude-fake")
        messages: list[Mapping[str, Any]] = [
            m for m in body.get("messages") or [] if isinstance(m, dict)
        ]
        if kind == "reviewer":
            return _message(model, self._reviewer_blocks(messages))
        if kind == "side":
            return _message(model, [{"type": "text", "text": "ok"}])
        script = self.scenario.turns
        if kind == "subagent":
            first = _first_user_text(messages)
            script = next(
                turns for marker, turns in self.scenario.subagents.items() if marker in first
            )
        return _message(model, self._script_blocks(script, messages))

    def _script_blocks(
        self, script: Sequence[Turn], messages: Sequence[Mapping[str, Any]]
    ) -> list[dict[str, Any]]:
        answered = answered_tool_use_ids(messages)
        due = 0
        for index, step in enumerate(script):
            if step.ids and set(step.ids) <= answered:
                due = index + 1
        if due < len(script):
            return _content_blocks(script[due])
        return [{"type": "text", "text": self.scenario.final_text}]

    def _reviewer_blocks(self, messages: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        if answered_tool_use_ids(messages):
            # The StructuredOutput call was accepted; the reviewer's turn ends with text.
            return [{"type": "text", "text": "Decision recorded."}]
        with self._lock:
            decision = (
                self._reviewer_queue.popleft()
                if self._reviewer_queue
                else self._default_reviewer_decision
            )
        return [
            {
                "type": "tool_use",
                "id": _next_id("toolu"),
                "name": REVIEWER_TOOL,
                "input": dict(decision),
            }
        ]


def _make_handler(api: FakeAnthropicAPI) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        # HTTP/1.1 with exact Content-Length lets the client keep its connection alive.
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            # Per-request access logs would drown pytest's output; unknown paths are logged below.
            pass

        def _read_body(self) -> Mapping[str, Any] | None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            if not raw:
                return None
            try:
                parsed = json.loads(raw)
            except ValueError:
                return {"_unparsed": raw.decode("utf-8", "replace")}
            return parsed if isinstance(parsed, dict) else {"_json": parsed}

        def _send(self, status: int, content_type: str, payload: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(payload)))
            self.send_header("request-id", _next_id("req"))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(payload)

        def _send_json(self, status: int, data: Mapping[str, Any]) -> None:
            self._send(status, "application/json", json.dumps(data).encode())

        def _handle(self) -> None:
            url = urlsplit(self.path)
            body = self._read_body()
            kind: RequestKind
            if self.command == "POST" and url.path == "/v1/messages" and body is not None:
                kind = api.classify(body)
            elif self.command == "POST" and url.path == "/v1/messages/count_tokens":
                kind = "count_tokens"
            elif url.path == HEALTH_PATH:
                kind = "health"
            else:
                kind = "unknown"
            api.record(
                RecordedRequest(
                    self.command, url.path, url.query, kind, body, dict(self.headers.items())
                )
            )

            if kind == "health":
                self._send_json(200, {})
                return
            if kind == "unknown":
                print(f"fake_api: unhandled {self.command} {self.path}", file=sys.stderr)
                self._send_json(
                    404,
                    {
                        "type": "error",
                        "error": {"type": "not_found_error", "message": "not in the stand-in"},
                    },
                )
                return
            assert body is not None  # every known kind above was routed on a parsed body
            if kind == "count_tokens":
                self._send_json(200, {"input_tokens": _estimate_tokens(body)})
                return
            try:
                message = api.answer(kind, body)
            # A scripting bug must reach the test as an API error, not kill the handler thread.
            except Exception as error:  # noqa: BLE001
                print(f"fake_api: error answering {kind} request: {error!r}", file=sys.stderr)
                # 400, not 500: Claude Code retries 5xx with backoff, which only stalls the test.
                self._send_json(
                    400,
                    {
                        "type": "error",
                        "error": {"type": "invalid_request_error", "message": repr(error)},
                    },
                )
                return
            if body.get("stream"):
                self._send(200, "text/event-stream", _sse_events(message))
            else:
                self._send_json(200, message)

        do_POST = _handle
        do_GET = _handle
        do_HEAD = _handle
        do_PUT = _handle
        do_DELETE = _handle

    return Handler
