"""redteam19: the home, links and secrets on display.

Each case was proven in bash with a throwaway HOME (a fake token, a harmless marker); the
proof is stated beside it. Nothing here runs a command: the calls are only judged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import Outcome
from gatekeeper.testing import check

if TYPE_CHECKING:
    from gatekeeper.model import Decision
    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

_TOKEN = "ghp_" + "F" * 36  # the shape of a GitHub token: the audit log masks it


def _rules(decision: Decision) -> set[str]:
    return {f.rule for f in decision.findings}


# -- A token in the user's global git config. `git config --global
# url."https://TOKEN@github.com/".insteadOf https://github.com/` gives git a token; only the
# repository's `.git/config` was looked at, so `git config -l` and `git remote -v` were
# SAFE. bash (HOME a throwaway dir, that insteadOf in ~/.gitconfig, origin
# https://github.com/o/r): `git config -l`, `git remote -v`, `git ls-remote --get-url` and
# `git var -l` each printed the token.

_GLOBAL_READS = [
    "git config -l",
    "git config list",
    "git config --global --list",
    "git remote -v",
    "git remote show -n origin",
    "git ls-remote --get-url",
    "git var -l",
    "cat ~/.gitconfig",
]


def _global_token(gk_env: GkEnv, where: str) -> None:
    (gk_env.project / ".git" / "config").write_text(
        '[remote "origin"]\n\turl = https://github.com/o/r\n'
    )
    entry = f'[url "https://{_TOKEN}@github.com/"]\n\tinsteadOf = https://github.com/\n'
    if where == "gitconfig":
        (gk_env.home / ".gitconfig").write_text(entry)
    elif where == "xdg":
        (gk_env.home / ".config" / "git").mkdir(parents=True, exist_ok=True)
        (gk_env.home / ".config" / "git" / "config").write_text(entry)
    else:  # included: `[include] path = ~/.gitconfig.local`
        (gk_env.home / ".gitconfig").write_text("[include]\n\tpath = ~/.gitconfig.local\n")
        (gk_env.home / ".gitconfig.local").write_text(entry)


@pytest.mark.parametrize("where", ["gitconfig", "xdg", "include"])
@pytest.mark.parametrize("command", _GLOBAL_READS)
def test_a_token_in_the_global_git_config_is_not_printed_silently(
    quiet_engine: Engine, gk_env: GkEnv, where: str, command: str
) -> None:
    _global_token(gk_env, where)
    if command == "cat ~/.gitconfig" and where != "gitconfig":
        command = "cat ~/.config/git/config" if where == "xdg" else "git config -l --includes"
    decision = check(quiet_engine, command, cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ASK, decision.reason
    assert "GK-PROT-002" in _rules(decision), decision.reason


@pytest.mark.parametrize("command", [*_GLOBAL_READS[:-1], "git config --local -l"])
def test_a_global_git_config_without_a_token_stays_quiet(
    quiet_engine: Engine, gk_env: GkEnv, command: str
) -> None:
    (gk_env.project / ".git" / "config").write_text(
        '[remote "origin"]\n\turl = https://github.com/o/r\n'
    )
    (gk_env.home / ".gitconfig").write_text(
        '[user]\n\tname = A\n[url "git@github.com:"]\n\tinsteadOf = https://github.com/\n'
    )
    decision = check(quiet_engine, command, cwd=str(gk_env.project))
    assert "GK-PROT-002" not in _rules(decision), decision.reason
    if not command.startswith("git remote show"):
        assert decision.outcome is Outcome.ALLOW, decision.reason


def test_a_local_listing_reads_the_repository_config_alone(
    quiet_engine: Engine, gk_env: GkEnv
) -> None:
    _global_token(gk_env, "gitconfig")
    decision = check(quiet_engine, "git config --local -l", cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ALLOW, decision.reason


# -- Files of a project that keep secrets in the clear by their tool's design. bash: `cat
# terraform.tfstate` (and the others) in a project printed the fake password each holds,
# SAFE (GK-BASH-001); the Grep tool with `glob: "*.tfstate"` and `rg -g '*.tfstate' pw`
# were SAFE too.
_PROJECT_SECRETS = [
    "terraform.tfstate",
    ".terraform/terraform.tfstate",
    "terraform.tfstate.backup",
    "prod.tfvars",
    "prod.auto.tfvars.json",
    ".envrc",
    ".dev.vars",
    ".streamlit/secrets.toml",
    "local.settings.json",
    "svc.keytab",
    "client_secret_123.apps.googleusercontent.com.json",
    ".s3cfg",
    ".my.cnf",
]


@pytest.mark.parametrize("name", _PROJECT_SECRETS)
def test_a_projects_secret_file_by_its_tools_name_goes_to_the_human(
    quiet_engine: Engine, gk_env: GkEnv, name: str
) -> None:
    path = gk_env.project / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('password = "fake"\n')
    cwd = str(gk_env.project)
    decision = check(quiet_engine, f"cat {name}", cwd=cwd)
    assert decision.outcome is Outcome.ASK, decision.reason
    assert "GK-PROT-002" in _rules(decision), decision.reason
    decision = check(quiet_engine, tool="Read", tool_input={"file_path": str(path)}, cwd=cwd)
    assert "GK-PROT-002" in _rules(decision), decision.reason


@pytest.mark.parametrize("glob", ["*.tfstate", "*.tfvars", ".envrc", "*.keytab"])
def test_a_search_that_picks_those_files_goes_to_the_human(
    quiet_engine: Engine, gk_env: GkEnv, glob: str
) -> None:
    cwd = str(gk_env.project)
    decision = check(quiet_engine, tool="Grep", tool_input={"pattern": "pw", "glob": glob}, cwd=cwd)
    assert "GK-PROT-002" in _rules(decision), decision.reason
    decision = check(quiet_engine, f"rg -g '{glob}' pw", cwd=cwd)
    assert "GK-PROT-002" in _rules(decision), decision.reason


@pytest.mark.parametrize(
    "name", ["main.tf", "variables.tf", ".terraform.lock.hcl", "terraform.tfvars.example"]
)
def test_the_terraform_code_beside_them_stays_readable(
    quiet_engine: Engine, gk_env: GkEnv, name: str
) -> None:
    (gk_env.project / name).write_text('variable "x" {}\n')
    decision = check(quiet_engine, f"cat {name}", cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ALLOW, decision.reason
    decision = check(
        quiet_engine, tool="Grep", tool_input={"pattern": "x", "glob": "*.tf"}, cwd=str(gk_env.project)
    )
    assert decision.outcome is Outcome.ALLOW, decision.reason
