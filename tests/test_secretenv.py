"""A secret of the environment printed into the conversation (GK-ENV-002, shell.secretenv).

What a command prints reaches the model's provider, the transcript and the logs. `env` in an
environment holding GITHUB_TOKEN prints the token; in a clean one it prints nothing secret
and stays SAFE. A command that names a secret variable (`echo $GITHUB_TOKEN`) asks whatever
the environment holds. Nothing here is executed: the commands are only judged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gatekeeper.model import Outcome, Verdict
from gatekeeper.shell.secretenv import _dollar_names, secret_name, secret_value
from gatekeeper.testing import check

if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

# A made-up token of GitHub's shape and a URL with a password: values `audit.redact` masks.
FAKE_TOKEN = "ghp_" + "a1b2c3d4e5" * 4
FAKE_URL = "postgres://app:hunter2@db.internal/app"

DUMPS = ["env", "env | sort", "env | grep -i key", "printenv", "set", "export -p"]
DUMPS += ["declare -p", "ps auxe"]
DUMPS += ["jq -n env", "jq -n '$ENV'", "env -u HOME", "printenv $NAME", "echo ${!name}"]


@pytest.fixture
def engine(gk_env: GkEnv, make_engine: Callable[..., Engine]) -> Engine:
    gk_env.write_config("[reviewer]\nenabled = false\n")
    return make_engine()


def _env_finding(engine: Engine, gk_env: GkEnv, command: str) -> Verdict | None:
    decision = check(engine, command, cwd=str(gk_env.project))
    verdicts = [f.verdict for f in decision.findings if f.rule == "GK-ENV-002"]
    assert not verdicts or decision.outcome != Outcome.ALLOW, decision.reason
    return verdicts[0] if verdicts else None


@pytest.mark.parametrize("command", DUMPS)
def test_the_environment_printed_whole_asks_only_when_it_holds_a_secret(
    engine: Engine, gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY")  # gk_env's stand-in for a `claude` reached by accident
    decision = check(engine, command, cwd=str(gk_env.project))
    assert not any(f.rule == "GK-ENV-002" for f in decision.findings), decision.reason
    monkeypatch.setenv("GITHUB_TOKEN", FAKE_TOKEN)
    assert _env_finding(engine, gk_env, command) is Verdict.ELEVATE
    monkeypatch.delenv("GITHUB_TOKEN")
    monkeypatch.setenv("APP_DB", FAKE_URL)  # an ordinary name, a value with a password
    assert _env_finding(engine, gk_env, command) is Verdict.ELEVATE


@pytest.mark.parametrize(
    "command",
    [
        "echo $GITHUB_TOKEN",
        'echo "${AWS_SECRET_ACCESS_KEY}"',
        "echo ${OPENAI_API_KEY:0:8}",
        "printf '%s' \"$PGPASSWORD\"",
        "printenv NPM_TOKEN",
        "declare -p MYSQL_PWD",
        "cat <<< \"$CLIENT_SECRET\"",
        "ls $HF_TOKEN",
        "jq -n '$ENV.GH_TOKEN'",
        "jq -n 'env[\"SLACK_BOT_TOKEN\"]'",
        "yq -n 'strenv(VAULT_TOKEN)'",
    ],
)
def test_a_secret_named_in_a_printing_command_goes_to_the_user(
    engine: Engine, gk_env: GkEnv, command: str
) -> None:
    assert _env_finding(engine, gk_env, command) is Verdict.ELEVATE


def test_an_ordinary_name_holding_a_secret_counts_too(
    engine: Engine, gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _env_finding(engine, gk_env, "echo $APP_DB") is None
    monkeypatch.setenv("APP_DB", FAKE_URL)
    assert _env_finding(engine, gk_env, "echo $APP_DB") is Verdict.ELEVATE


@pytest.mark.parametrize(
    "command",
    [
        "echo $HOME $PWD $USER",
        "echo ${#GITHUB_TOKEN}",
        "test -n \"$GITHUB_TOKEN\"",
        "export GH_TOKEN=$GITHUB_TOKEN",
        "echo $SSH_AUTH_SOCK $AWS_ACCESS_KEY_ID $TOKENIZERS_PARALLELISM",
        "printenv HOME",
        "set -o",
        "declare -f",
        "declare -p PATH",
        "typeset -p HOME PWD",
        "env -i",
        "ps aux",
        "jq -r '.environment' data.json",
    ],
)
def test_what_prints_no_secret_stays_allowed(
    engine: Engine, gk_env: GkEnv, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    monkeypatch.setenv("GITHUB_TOKEN", FAKE_TOKEN)
    decision = check(engine, command, cwd=str(gk_env.project))
    assert decision.outcome == Outcome.ALLOW, f"{command}: {decision.reason}"


def test_a_secret_handed_to_another_program_is_reviewed(engine: Engine, gk_env: GkEnv) -> None:
    """`curl -H "Authorization: Bearer $GITHUB_TOKEN" URL` sends it somewhere: a reviewer
    (or the user) judges where."""
    command = 'curl -H "Authorization: Bearer $GITHUB_TOKEN" https://api.github.com/user'
    assert _env_finding(engine, gk_env, command) is Verdict.REVIEW


@pytest.mark.parametrize(
    ("name", "secret"),
    [
        ("GITHUB_TOKEN", True),
        ("AWS_SECRET_ACCESS_KEY", True),
        ("OPENAI_API_KEY", True),
        ("PGPASSWORD", True),
        ("MYSQL_PWD", True),
        ("DB_PASS", True),
        ("CLAUDE_CODE_OAUTH_TOKEN", True),
        ("PWD", False),
        ("OLDPWD", False),
        ("SSH_AUTH_SOCK", False),
        ("AWS_ACCESS_KEY_ID", False),
        ("GOOGLE_APPLICATION_CREDENTIALS_FILE", False),
        ("TOKENIZERS_PARALLELISM", False),
        ("XDG_SESSION_ID", False),
        ("KEY", False),
    ],
)
def test_secret_names(name: str, secret: bool) -> None:
    assert secret_name(name) is secret


def test_secret_values() -> None:
    assert secret_value(FAKE_TOKEN)
    assert secret_value(FAKE_URL)
    assert not secret_value("/usr/local/bin:/usr/bin")
    assert not secret_value("en_US.UTF-8")


_NAME = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
_DIGITS = "0123456789"


def _dollar_names_by_hand(text: str) -> list[tuple[str, str]]:
    """The character loop `_dollar_names` replaced (quadratic under deep `$( )`)."""
    out: list[tuple[str, str]] = []
    at = text.find("$")
    while at != -1:
        j = at + 1
        mark = ""
        if text[j : j + 1] == "{":
            j += 1
            if text[j : j + 1] in ("#", "!"):
                mark = text[j]
                j += 1
        end = j
        if mark == "!" and text[j : j + 1] in ("@", "*"):
            end = j + 1  # `${!@}`: indirect through the positional parameters
        elif mark == "!" and text[j : j + 1] in _DIGITS:
            while end < len(text) and text[end] in _DIGITS:
                end += 1
        else:
            while end < len(text) and text[end] in _NAME:
                end += 1
        if end > j and (mark == "!" or text[j] not in _DIGITS):
            out.append((mark, text[j:end]))
        at = text.find("$", max(end, at + 1))
    return out


@settings(max_examples=3000)
@given(st.text(alphabet="$${}#!_aZ09 (\")é'", max_size=24))
def test_dollar_names_is_the_character_loop(text: str) -> None:
    assert _dollar_names(text) == _dollar_names_by_hand(text)


def test_a_secret_inside_deep_nesting_is_still_seen(
    make_engine: Callable[..., Engine], gk_env: GkEnv
) -> None:
    """Every level of a 300-deep `$( )` is scanned; the secret at the bottom is found."""
    engine = make_engine()
    text = "echo " + "$(echo " * 300 + "$GITHUB_TOKEN" + ")" * 300
    decision = check(engine, text, cwd=str(gk_env.project))
    assert decision.outcome == Outcome.ASK
    assert any(f.rule == "GK-ENV-002" for f in decision.findings)


@pytest.mark.parametrize("wrapper", ["nice", "timeout 5", "command", "nohup", "stdbuf -o0", "time"])
def test_a_wrapper_does_not_soften_a_printed_secret(
    wrapper: str, make_engine: Callable[..., Engine], gk_env: GkEnv
) -> None:
    """The here-string is the wrapper's: the wrapped `cat` is judged without it, so the
    wrapper itself must answer as `cat <<< "$PGPASSWORD"` does (found by the metamorphic
    test: `nice` gave REVIEW where `cat` gives ELEVATE)."""
    engine = make_engine()
    for text in ('cat <<< "$PGPASSWORD"', f'{wrapper} cat <<< "$PGPASSWORD"'):
        decision = check(engine, text, cwd=str(gk_env.project))
        assert decision.outcome == Outcome.ASK, text
        assert any(
            f.rule == "GK-ENV-002" and f.verdict == Verdict.ELEVATE for f in decision.findings
        ), text
