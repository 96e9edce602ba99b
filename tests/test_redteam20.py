"""redteam20: secrets on display that need files on disk.

Each case was proven in bash with a throwaway HOME or stated as documented; the proof is
beside it. Nothing here runs a command: the calls are only judged.
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


# -- A unit's files holding a secret. `systemctl cat UNIT` prints the unit's file and its
# drop-ins, `systemctl show UNIT` its `Environment=` and `ExecStart=` (systemctl(1): "cat:
# show backing files of one or more units"; docs only: no systemd runs here, and `systemctl
# --root=DIR cat` answers "Verb 'cat' cannot be used with --root="). Both were SAFE
# (GK-QUERY-001) while the unit held `Environment=API_TOKEN=…`.


def _user_unit(gk_env: GkEnv, name: str, text: str, dropin: str = "") -> None:
    units = gk_env.home / ".config" / "systemd" / "user"
    units.mkdir(parents=True, exist_ok=True)
    (units / name).write_text(text)
    if dropin:
        (units / f"{name}.d").mkdir()
        (units / f"{name}.d" / "override.conf").write_text(dropin)


_SECRET_UNIT_READS = [
    "systemctl --user cat app",
    "systemctl --user cat app.service",
    "systemctl --user cat 'ap*'",
    "systemctl --user show app",
    "systemctl --user show app -p Environment",
    "systemctl --user show app --property=ActiveState,ExecStart",
]


@pytest.mark.parametrize("command", _SECRET_UNIT_READS)
@pytest.mark.parametrize(
    "where",
    [
        "Environment=API_TOKEN=not-a-known-shape",  # by its name
        f'Environment="GH_HOST=github.com" "UPSTREAM={_TOKEN}"',  # by its value
        f"ExecStart=/usr/bin/app --token {_TOKEN}",  # an argument
        "dropin",
    ],
)
def test_a_unit_holding_a_secret_is_not_printed_silently(
    quiet_engine: Engine, gk_env: GkEnv, command: str, where: str
) -> None:
    if where == "dropin":
        _user_unit(gk_env, "app.service", "[Service]\nExecStart=/bin/true\n",
                   "[Service]\nEnvironment=DB_PASSWORD=hunter2\n")  # fmt: skip
    else:
        _user_unit(gk_env, "app.service", f"[Service]\n{where}\nExecStart=/bin/true\n")
    decision = check(quiet_engine, command, cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ASK, decision.reason
    assert "GK-ENV-002" in _rules(decision), decision.reason


def test_a_template_instance_reads_the_template(quiet_engine: Engine, gk_env: GkEnv) -> None:
    _user_unit(gk_env, "web@.service", f"[Service]\nExecStart=/usr/bin/web --token {_TOKEN}\n")
    decision = check(quiet_engine, "systemctl --user cat web@1.service", cwd=str(gk_env.project))
    assert "GK-ENV-002" in _rules(decision), decision.reason


def test_a_system_unit_is_read_where_systemd_loads_it(
    quiet_engine: Engine, gk_env: GkEnv
) -> None:
    from gatekeeper.shell import unitenv

    system = gk_env.home.parent / "systemd" / "system"
    assert (str(system),) == unitenv.SYSTEM_DIRS
    system.mkdir(parents=True)
    (system / "db.service").write_text("[Service]\nEnvironment=PGPASSWORD=hunter2\n")
    decision = check(quiet_engine, "systemctl cat db", cwd=str(gk_env.project))
    assert "GK-ENV-002" in _rules(decision), decision.reason
    decision = check(quiet_engine, "systemctl --user cat db", cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ALLOW, decision.reason


@pytest.mark.parametrize(
    "command",
    [
        "systemctl --user cat app",
        "systemctl --user show app",
        "systemctl --user show app -p MainPID",  # prints neither the environment nor argv
        "systemctl --user status app",
        "systemctl --user cat other",
        "systemctl --user show",
    ],
)
def test_a_unit_without_a_secret_stays_allowed(
    quiet_engine: Engine, gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY")  # gk_env's: `systemctl show` would print it
    _user_unit(gk_env, "app.service", "[Service]\nEnvironment=LANG=C.UTF-8 SSH_AUTH_SOCK=%t/a\n"
               "ExecStart=/usr/bin/app --port 8080\n")  # fmt: skip
    _user_unit(gk_env, "other.service", "[Service]\n# Environment=API_TOKEN=in a comment\n")
    decision = check(quiet_engine, command, cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ALLOW, decision.reason


def test_the_managers_properties_print_its_environment(
    quiet_engine: Engine, gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-" + "F" * 40)
    decision = check(quiet_engine, "systemctl --user show", cwd=str(gk_env.project))
    assert "GK-ENV-002" in _rules(decision), decision.reason


# -- Case folding through the file tools: `Write` to `.claude/\u017fettings.json` (a long s) was
# GK-FILE-001, allowed; on case-insensitive APFS, which folds names with Unicode's full case
# folding, it is Claude Code's settings file and its hooks run commands (docs only: no such
# file system here; see tests/corpora/redteam20.sh).


@pytest.mark.parametrize(
    ("relative", "rule"),
    [
        (".claude/\u017fettings.json", "GK-PROT-001"),
        (".vscode/\u217caunch.json", ""),  # U+217C, a roman fifty, has no folding: not `l`
        (".vscode/ta\u017fks.json", "GK-PROT-001"),
        ("~/.ba\u017fhrc", "GK-PROT-001"),
        ("~/.con\ufb01g/systemd/user/x.service", "GK-PROT-001"),
    ],
)
def test_a_folded_spelling_of_a_protected_file_is_protected(
    quiet_engine: Engine, gk_env: GkEnv, relative: str, rule: str
) -> None:
    path = relative.replace("~", str(gk_env.home), 1)
    if not path.startswith("/"):
        path = str(gk_env.project / path)
    decision = check(
        quiet_engine, tool="Write", tool_input={"file_path": path, "content": "{}"},
        cwd=str(gk_env.project),
    )  # fmt: skip
    if rule:
        assert decision.outcome is Outcome.ASK, decision.reason
        assert rule in _rules(decision), decision.reason
    else:
        assert decision.outcome is Outcome.ALLOW, decision.reason


# -- `docker compose config` fills in the project's variables: `${DB_PASSWORD}` from `.env`
# or the environment is printed as its value (docs only: Compose's reference, "config:
# parse, resolve and render compose file in canonical format", interpolation from `.env` and
# the shell; no compose plugin here). It was GK-UNKNOWN, a review.

_COMPOSE = "services:\n  db:\n    image: postgres\n    environment:\n" \
    "      - POSTGRES_PASSWORD=${DB_PASSWORD}\n"  # fmt: skip


@pytest.mark.parametrize(
    "command",
    ["docker compose config", "docker-compose config", "docker compose -f compose.yaml config",
     "docker compose --env-file prod.env config"],
)  # fmt: skip
@pytest.mark.parametrize("source", ["dotenv", "environment"])
def test_compose_config_filling_in_a_secret_goes_to_the_human(
    quiet_engine: Engine, gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch, command: str,
    source: str,
) -> None:  # fmt: skip
    (gk_env.project / "compose.yaml").write_text(_COMPOSE)
    if source == "dotenv":
        (gk_env.project / ".env").write_text("DB_PASSWORD=hunter2\n")
    else:
        monkeypatch.setenv("DB_PASSWORD", "hunter2")
    decision = check(quiet_engine, command, cwd=str(gk_env.project))
    assert decision.outcome is Outcome.ASK, decision.reason
    assert "GK-PROT-002" in _rules(decision), decision.reason


@pytest.mark.parametrize(
    "command",
    ["docker compose config", "docker compose config --services",
     "docker compose config --no-interpolate", "docker compose ps"],
)  # fmt: skip
def test_compose_config_without_a_secret_stays_a_review(
    quiet_engine: Engine, gk_env: GkEnv, command: str
) -> None:
    (gk_env.project / "compose.yaml").write_text(_COMPOSE)  # DB_PASSWORD unset: empty
    decision = check(quiet_engine, command, cwd=str(gk_env.project))
    assert "GK-PROT-002" not in _rules(decision), decision.reason
