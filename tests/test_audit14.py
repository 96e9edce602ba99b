"""Audit of issue 3, point by point (session 14): the evidence the corpora cannot give.

Point 1 says 50,000 levels of nesting still give a decision, never a RecursionError, for
every nesting construct; point 8 that its everyday commands are allowed in a real git
project with a HOME holding the usual dotfiles. Nothing here runs a command: each text is
only judged (the hook tests start the real `gatekeeper hook` process on it).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import Outcome, Verdict
from gatekeeper.testing import check
from tests.conftest import hook_payload, run_hook

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

LEVELS = 50_000
BOTTOM = "rm -rf ~"

# Each construct nested LEVELS deep around BOTTOM, under the 1 MiB a text may have
# (GK-SHELL-008 asks at once past it).
NESTINGS: dict[str, Callable[[int, str], str]] = {
    "$( )": lambda n, c: "echo " + "$(echo " * n + f"$({c})" + ")" * n,
    "( )": lambda n, c: "(" * n + c + ")" * n,
    "( ) spaced": lambda n, c: "( " * n + c + " )" * n,
    "{ }": lambda n, c: "{ " * n + c + "; " + "};" * (n - 1) + "}",
    "if in if": lambda n, c: "if :;then " * n + c + ";" + "fi;" * (n - 1) + "fi",
    "while in while": lambda n, c: "while :;do " * n + c + ";" + "done;" * (n - 1) + "done",
    "case in case": lambda n, c: "case a in a)" * n + c + ";;esac" * n,
    "! chain": lambda n, c: "! " * n + c,
    "! { ! { } }": lambda n, c: "! { " * n + c + "; " + "};" * (n - 1) + "}",
    "${x:-${y:-}}": lambda n, c: "echo " + "${x:-" * n + f"$({c})" + "}" * n,
    "a[a[ ]] in (( ))": lambda n, c: "(( " + "a[" * n + f"$({c})" + "]" * n + " ))",
    "heredoc in heredoc": lambda n, c: "\n".join(
        [f"sh<<{i}" for i in range(n)] + [c] + [str(i) for i in reversed(range(n))]
    ),
    "[[ $( ) ]]": lambda n, c: "[[ " + "$(echo " * n + f"$({c})" + ")" * n + " ]]",
    "function in function": lambda n, c: "f(){ " * n + c + ";" + "};" * (n - 1) + "}",
}


@pytest.mark.parametrize("name", sorted(NESTINGS))
def test_fifty_thousand_levels_give_a_decision_that_is_no_allow(
    quiet_engine: Engine, gk_env: GkEnv, name: str
) -> None:
    # Before this audit a chain of 500 `!` (or `! {` in `! {`) raised RecursionError (one
    # recursion per `!`), and 50,000 `(` took 54 s (a climb to the root per node).
    text = NESTINGS[name](LEVELS, BOTTOM)
    assert len(text) < 1 << 20
    started = time.monotonic()
    decision = check(quiet_engine, text, cwd=str(gk_env.project))
    assert time.monotonic() - started < 40  # the hook's own budget is 15 s (GK-SHELL-008)
    assert decision.outcome is Outcome.ASK, decision.reason


@pytest.mark.parametrize("levels", [3, 500, 2_000])
def test_a_chain_of_bangs_is_read_as_bash_runs_it(
    quiet_engine: Engine, gk_env: GkEnv, levels: int
) -> None:
    # bash: `! ! ! touch /tmp/m` created the marker (each `!` only negates the status).
    decision = check(quiet_engine, "! " * levels + BOTTOM, cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ASK
    assert Verdict.ELEVATE in {f.verdict for f in decision.findings}, decision.reason


def test_bangs_before_braces_are_read_a_few_levels_deep_then_given_up(
    quiet_engine: Engine, gk_env: GkEnv
) -> None:
    # bash: `! { ! { ! { touch /tmp/m; }; }; }` created the marker.
    shallow = check(quiet_engine, "! { ! { ! { rm -rf ~; }; }; }", cwd=str(gk_env.project))
    assert Verdict.ELEVATE in {f.verdict for f in shallow.findings}, shallow.reason
    deep = check(quiet_engine, "! { " * 600 + "ls; " + "}; " * 600, cwd=str(gk_env.project))
    assert deep.outcome is Outcome.ASK
    assert "GK-SHELL-006" in {f.rule for f in deep.findings}, deep.reason


def test_a_bash_c_nested_by_backslashes_is_followed_then_given_up(
    quiet_engine: Engine, gk_env: GkEnv
) -> None:
    def nest(levels: int) -> str:
        text = BOTTOM
        for _ in range(levels):
            text = "bash -c " + "".join("\\" + ch if ch in "\\ ~" else ch for ch in text)
        return text

    shallow = check(quiet_engine, nest(6), cwd=str(gk_env.project))
    assert Verdict.ELEVATE in {f.verdict for f in shallow.findings}, shallow.reason
    deep = check(quiet_engine, nest(18), cwd=str(gk_env.project))
    assert deep.outcome is Outcome.ASK, deep.reason


# A text of 1,024 bytes or more is parsed through a callback (so tree-sitter can be stopped
# at the deadline), and tree-sitter's `Node.text` of such a tree crashed the hook process:
# SIGSEGV, no stdout, and Claude Code runs a call whose hook fails (in bypassPermissions
# without asking). bash: `echo x>>/tmp/m # <1,100 y>` wrote the marker.
PAD = " # " + "y" * 1100


@pytest.mark.parametrize("mode", ["default", "bypassPermissions"])
@pytest.mark.parametrize(
    "command", ["echo x>>~/.bashrc" + PAD, "cat > ~/.bashrc <<< 'x'" + PAD, "echo x>~/.bashrc" + PAD]
)
def test_a_long_text_with_a_glued_redirect_is_answered_not_crashed(
    gk_env: GkEnv, command: str, mode: str
) -> None:
    proc = run_hook(gk_env, hook_payload(gk_env, "Bash", {"command": command}, permission_mode=mode))
    assert proc.returncode == 0, proc.stderr[-300:]
    spec = json.loads(proc.stdout)["hookSpecificOutput"]
    assert spec["permissionDecision"] == "ask"
    assert ".bashrc" in spec["permissionDecisionReason"]


def test_a_long_everyday_text_with_a_glued_redirect_is_allowed(gk_env: GkEnv) -> None:
    gk_env.write_config("[reviewer]\nenabled = false\n")
    proc = run_hook(gk_env, hook_payload(gk_env, "Bash", {"command": "ls>/dev/null" + PAD}))
    assert proc.returncode == 0, proc.stderr[-300:]
    assert json.loads(proc.stdout)["hookSpecificOutput"]["permissionDecision"] == "allow"


def _git_dir(project: Path) -> None:
    (project / ".git" / "objects").mkdir(parents=True, exist_ok=True)
    (project / ".git" / "refs").mkdir(exist_ok=True)
    (project / ".git" / "HEAD").write_text("ref: refs/heads/main\n")


def _plant_bare_repo(where: Path) -> None:
    """What the Write tool may create in the project: HEAD, objects/, refs/, a config."""
    (where / "objects").mkdir(parents=True, exist_ok=True)
    (where / "refs").mkdir(exist_ok=True)
    (where / "HEAD").write_text("ref: refs/heads/main\n")
    (where / "config").write_text('[core]\n\tbare = true\n[diff "x"]\n\ttextconv = x\n')


# Point 5: `git --bare` makes the directory git runs in its repository, whatever `.git` is
# there. bash: in a `git init` project with HEAD, objects/, refs/ copied to its root, a
# `config` with `diff.x.textconv = touch /tmp/m` and `info/attributes` `* diff=x`,
# `git --bare log -p` created the marker (plain `git log -p` did not).
@pytest.mark.parametrize(
    "command",
    ["git --bare log -p", "git --bare log", "git --work-tree=. --bare log", "git --bare status"],
)
def test_git_bare_in_a_planted_project_root_is_not_allowed(
    quiet_engine: Engine, gk_env: GkEnv, command: str
) -> None:
    _git_dir(gk_env.project)  # git finds this one without `--bare`
    _plant_bare_repo(gk_env.project)
    decision = check(quiet_engine, command, cwd=str(gk_env.project))
    assert decision.outcome is not Outcome.ALLOW, decision.reason
    assert "GK-GIT-005" in {f.rule for f in decision.findings}


@pytest.mark.parametrize("command", ["git log -p", "git --git-dir=.git --bare log"])
def test_git_in_the_project_repository_stays_allowed_beside_a_planted_one(
    quiet_engine: Engine, gk_env: GkEnv, command: str
) -> None:
    _git_dir(gk_env.project)
    _plant_bare_repo(gk_env.project)
    decision = check(quiet_engine, command, cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ALLOW, decision.reason


# Point 8, in the exact words of the issue (`cmd` is any safe command), in a project made by
# `git init` and a HOME with the usual dotfiles.
EVERYDAY = [
    "ls 2>&1 | tail -20",
    "pytest 2>&1 | tail -20",
    "ls &>/dev/null",
    "cd sub && ls",
    'grep -rn "git push" .',
    "gh issue view 1",
    "find . -name '*.py' | head",
    "cat <<'EOF' > sub/notes.md\nhello $HOME `date`\nEOF",
    "cat <<'EOF' > /tmp/notes.md\nhello\nEOF",
    "git log --oneline | head",
    "git diff --stat",
    "wc -l $(git ls-files '*.py')",
]


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
@pytest.mark.parametrize("command", EVERYDAY)
def test_everyday_work_is_quiet_in_a_real_repository(
    quiet_engine: Engine, gk_env: GkEnv, command: str
) -> None:
    shutil.rmtree(gk_env.project / ".git")
    subprocess.run(["git", "init", "-q", str(gk_env.project)], check=True, env=gk_env.environ())
    (gk_env.project / "sub").mkdir()
    (gk_env.project / "sub" / "a.py").write_text("x = 1\n")
    (gk_env.home / ".gitconfig").write_text("[user]\n\tname = T\n\temail = t@example.com\n")
    (gk_env.home / ".bashrc").write_text("# rc\n")
    (gk_env.home / ".ssh").mkdir()
    (gk_env.home / ".ssh" / "id_ed25519").write_text("not a key\n")
    decision = check(quiet_engine, command, cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ALLOW, decision.reason
