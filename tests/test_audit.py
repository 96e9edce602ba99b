"""The audit record: one line per decision, private files, no torn lines under concurrency."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from hypothesis import given, settings
from hypothesis import strategies as st

from gatekeeper import audit
from tests.conftest import GATEKEEPER, hook_payload, run_hook

if TYPE_CHECKING:
    from gatekeeper.testing import GkEnv


def _records(env: GkEnv) -> list[dict[str, object]]:
    lines = (env.state_dir / "audit.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


def test_one_record_per_decision_with_the_schema(gk_env: GkEnv) -> None:
    run_hook(gk_env, hook_payload(gk_env, "Bash", {"command": "git push origin main"}))
    (rec,) = _records(gk_env)
    for key in (
        "event",
        "timestamp",
        "level",
        "session",
        "tool",
        "input",
        "findings",
        "tier",
        "decision",
        "reason",
        "latency_ms",
        "version",
        "config_hash",
    ):
        assert key in rec, key
    assert rec["event"] == "decision"
    assert rec["decision"] == "ask"
    assert rec["rule"] == "GK-GIT-002"
    findings = rec["findings"]
    assert isinstance(findings, list)
    assert {"plugin": "gatekeeper.plugins.git", "rule": "GK-GIT-002"}.items() <= findings[0].items()


def test_state_dir_and_file_are_private(gk_env: GkEnv) -> None:
    run_hook(gk_env, hook_payload(gk_env, "Bash", {"command": "ls"}))
    assert stat.S_IMODE(os.stat(gk_env.state_dir).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(gk_env.state_dir / "audit.jsonl").st_mode) == 0o600


def test_secrets_are_redacted(gk_env: GkEnv) -> None:
    command = (
        "curl -H 'Authorization: Bearer abcdef123456' https://x.example/?token=s3cr3t ghp_"
        + "a" * 30
    )
    run_hook(gk_env, hook_payload(gk_env, "Bash", {"command": command}))
    text = (gk_env.state_dir / "audit.jsonl").read_text()
    assert "abcdef123456" not in text
    assert "s3cr3t" not in text
    assert "ghp_" + "a" * 30 not in text
    assert "[REDACTED]" in text


def test_file_contents_are_not_logged(gk_env: GkEnv) -> None:
    body = "SECRET_BODY_" * 10
    run_hook(
        gk_env,
        hook_payload(
            gk_env, "Write", {"file_path": str(gk_env.project / "a.txt"), "content": body}
        ),
    )
    assert "SECRET_BODY_" not in (gk_env.state_dir / "audit.jsonl").read_text()


def test_a_failing_audit_write_never_changes_the_decision(gk_env: GkEnv) -> None:
    gk_env.state_dir.parent.mkdir(parents=True, exist_ok=True)
    gk_env.state_dir.write_text("a file where the state dir should be")
    proc = run_hook(gk_env, hook_payload(gk_env, "Bash", {"command": "ls"}))
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["hookSpecificOutput"]["permissionDecision"] == "allow"
    assert b"audit" in proc.stderr


def test_fifty_concurrent_hooks_lose_and_tear_no_line(gk_env: GkEnv) -> None:
    procs = []
    for i in range(50):
        payload = hook_payload(
            gk_env, "Bash", {"command": f"echo {i} {'x' * 3000}"}, tool_use_id=f"t{i}"
        )
        proc = subprocess.Popen(
            [GATEKEEPER, "hook"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=gk_env.environ(),
        )
        assert proc.stdin is not None
        proc.stdin.write(json.dumps(payload).encode())
        proc.stdin.close()
        procs.append(proc)
    for proc in procs:
        assert proc.wait(timeout=120) == 0
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()
        proc.stderr.close()
    records = _records(gk_env)  # json.loads fails on any torn line
    assert sorted(str(r["tool_use_id"]) for r in records) == sorted(f"t{i}" for i in range(50))


def redact_every_pattern(text: str) -> str:
    """The reference: every secret pattern runs on every string (no needle test)."""
    for _, lazy in audit._SECRET_PATTERNS:
        text = re.compile(lazy.pattern, lazy.flags).sub(lambda m: m.group(1) + "[REDACTED]", text)
    return text


SECRETISH = [
    "Authorization: Bearer abc.def",
    "AUTHORIZATION:basic x",
    "password=hunter2",
    "PassWord : 'a b'",
    "api-key=\"q\"",
    "--token xyz",
    "--API-KEY=1",
    "AKIA" + "A" * 16,
    "ASIA" + "7" * 16,
    "ghp_" + "a" * 20,
    "github_pat_" + "b" * 22,
    "sk-" + "c" * 16,
    "xoxb-" + "d" * 10,
    "-----BEGIN RSA PRIVATE KEY-----\nMII\n-----END RSA PRIVATE KEY-----",
    "https://user:pw@host/x",
    "\u212auth=1",  # KELVIN SIGN: IGNORECASE matches it as "k"/"K"
    "\u017fecret: x",  # LONG S
    "credent\u0130al=2",  # I WITH DOT
    "git status",
    "ls -la src",
    "cat README.md",
]


@settings(max_examples=2000, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(SECRETISH),
            st.text(alphabet="aAkKsS:=-_ /@.'\"\n\u212a\u017f\u0130ghxoAISKB", max_size=12),
        ),
        max_size=6,
    )
)
def test_the_needle_test_redacts_exactly_as_every_pattern(parts: list[str]) -> None:
    text = " ".join(parts)
    assert audit.redact(text) == redact_every_pattern(text)


def test_the_needles_skip_the_corpora_as_every_pattern_would() -> None:
    corpora = Path(__file__).parent / "corpora"
    lines = [line for path in sorted(corpora.glob("*.sh")) for line in path.read_text().splitlines()]
    assert len(lines) > 100
    for line in [*lines, *SECRETISH]:
        assert audit.redact(line) == redact_every_pattern(line), line
    assert "[REDACTED]" in audit.redact("AWS_SECRET_ACCESS_KEY=abc git push")


ASSIGNMENT_PARTS = [
    *audit._ASSIGNED_WORDS,
    "API",
    "Key",
    "or",
    "ization",
    "x",
    "_",
    "-",
    " ",
    "\t",
    "\x1c",
    "\n",
    "=",
    ":",
    "'",
    '"',
    "$",
    "/",
]


@settings(max_examples=5000, deadline=None)
@given(st.lists(st.sampled_from(ASSIGNMENT_PARTS), max_size=8))
def test_the_assignment_test_is_the_password_pattern(parts: list[str]) -> None:
    # `_may_assign` decides, for ASCII text, whether the `password=...` pattern runs at all:
    # it must say yes whenever the pattern matches, and no otherwise (no `re` for `author`).
    text = "".join(parts)
    lazy = audit._SECRET_PATTERNS[1][1]
    matches = re.compile(lazy.pattern, lazy.flags).search(text) is not None
    assert audit._may_assign(text.lower()) == matches


def test_words_without_an_assignment_need_no_re() -> None:
    code = (
        "import sys\n"
        "from gatekeeper import audit\n"
        "texts = ['git log --author x', 'ls \"$PWD\" src/api/', 'gh auth status']\n"
        "print([audit.redact(t) for t in texts] == texts, 're' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    ).stdout.strip()
    assert out == "True False"
