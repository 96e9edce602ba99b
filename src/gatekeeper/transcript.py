"""The recent conversation, read from the tail of a Claude Code transcript.

The reviewer needs to know what the user asked for: only the user's own words can authorise
a risky action. Transcripts grow to many megabytes, are written while we read them, and may
be missing or malformed, so only the last `TAIL_BYTES` are read, a torn first line is
dropped, and any line that is not a message is skipped.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass

TAIL_BYTES = 256 * 1024
MAX_MESSAGES = 6
MAX_CHARS = 2000


@dataclass(frozen=True, slots=True)
class Message:
    """One text message: who said it and what."""

    role: str  # "user" or "assistant"
    text: str


def _text_of(content: object) -> str:
    """The plain text of a message: tool calls and tool results are not words of the user."""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return ""
    parts = [
        block["text"]
        for block in content
        if isinstance(block, dict)
        and block.get("type") == "text"
        and isinstance(block.get("text"), str)
    ]
    return "\n".join(parts)


def _message(line: str) -> Message | None:
    try:
        entry = json.loads(line)
    except ValueError:
        return None
    if not isinstance(entry, dict) or entry.get("isMeta") or entry.get("isSidechain"):
        return None
    role = entry.get("type")
    body = entry.get("message")
    if role not in ("user", "assistant") or not isinstance(body, dict):
        return None
    text = _text_of(body.get("content")).strip()
    if not text:
        return None
    if len(text) > MAX_CHARS:
        text = text[: MAX_CHARS // 2] + "\n[...]\n" + text[-MAX_CHARS // 2 :]
    return Message(str(role), text)


def recent_messages(path: str, limit: int = MAX_MESSAGES) -> tuple[Message, ...]:
    """The last `limit` user and assistant text messages, oldest first; () if unreadable."""
    if not path:
        return ()
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            start = max(0, size - TAIL_BYTES)
            handle.seek(start)
            data = handle.read(TAIL_BYTES)
    except (OSError, ValueError):
        return ()
    lines = data.decode("utf-8", "replace").splitlines()
    if start > 0 and lines:
        lines = lines[1:]  # the first line was cut by the seek
    found: list[Message] = []
    for line in reversed(lines):
        message = _message(line)
        if message is not None:
            found.append(message)
            if len(found) >= limit:
                break
    return tuple(reversed(found))
