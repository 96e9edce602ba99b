"""The seeds' validation matrix (000-design, "Validation Approach"), through the real hook process."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from gatekeeper.testing import GkEnv

# (tool, input, expected decision). REVIEW → "ask" while no reviewer is configured.
MATRIX: list[tuple[str, dict[str, Any], str]] = [
    ("Bash", {"command": "ls /tmp"}, "allow"),
    ("Bash", {"command": "git status"}, "allow"),
    ("Bash", {"command": "git -C {project} diff"}, "allow"),
    ("Bash", {"command": "python test.py"}, "allow"),
    ("Bash", {"command": 'git commit -m "msg"'}, "ask"),
    ("Bash", {"command": "git push origin main"}, "ask"),
    ("Bash", {"command": "npm install"}, "ask"),
    ("Bash", {"command": "rm -rf /home/user/dir"}, "ask"),
    ("Bash", {"command": "curl http://example.com"}, "ask"),
    ("Read", {"file_path": "{project}/src/app.py"}, "allow"),
    ("Read", {"file_path": "/etc/hosts"}, "ask"),
    ("Task", {"description": "explore", "prompt": "look around"}, "allow"),
    ("Foo", {"x": 1}, "ask"),
]


@pytest.mark.parametrize(
    ("tool", "tool_input", "expected"),
    MATRIX,
    ids=[f"{t}:{next(iter(i.values()))}" for t, i, _ in MATRIX],
)
def test_seed_matrix_through_the_real_hook(
    gk_env: GkEnv, hook: Any, tool: str, tool_input: dict[str, Any], expected: str
) -> None:
    filled = {
        k: v.format(project=gk_env.project) if isinstance(v, str) else v
        for k, v in tool_input.items()
    }
    decision, reason, _ = hook(tool, filled)
    assert decision == expected, reason
    assert reason.startswith("gatekeeper: ")
