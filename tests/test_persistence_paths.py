"""Files that make code run later, outside any check, are protected like `.git/hooks`.

Raised by the red-team pass: the Write tool could put a `runOn: folderOpen` task into
`.vscode/tasks.json` or a husky hook into `.husky/pre-commit` without asking anyone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from gatekeeper.testing import assert_decision

if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

RUNS_CODE_LATER = [
    ".vscode/tasks.json",
    ".vscode/settings.json",
    ".vscode/launch.json",
    ".husky/pre-commit",
    ".devcontainer/devcontainer.json",
    ".devcontainer/post-create.sh",
]


@pytest.mark.parametrize("relative", RUNS_CODE_LATER)
def test_write_tool_asks(gk_env: GkEnv, make_engine: Callable[..., Engine], relative: str) -> None:
    path = str(gk_env.project / relative)
    assert_decision(
        make_engine(),
        tool="Write",
        tool_input={"file_path": path, "content": "x"},
        expected="ask",
        rule="GK-PROT-001",
    )


@pytest.mark.parametrize("relative", RUNS_CODE_LATER)
def test_shell_write_asks_even_under_an_allow_rule(
    gk_env: GkEnv, make_engine: Callable[..., Engine], relative: str
) -> None:
    gk_env.write_config('[permissions]\nallow = ["Bash(echo:*)"]\n')
    assert_decision(make_engine(), f"echo x > {relative}", expected="ask", rule="GK-PROT-001")


def test_other_editor_files_stay_ordinary(
    gk_env: GkEnv, make_engine: Callable[..., Engine]
) -> None:
    path = str(gk_env.project / ".vscode" / "extensions.json")
    assert_decision(
        make_engine(),
        tool="Write",
        tool_input={"file_path": path, "content": "{}"},
        expected="allow",
    )
