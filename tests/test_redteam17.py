"""redteam17: the tools that are not Bash, the user's and the project's rules.

- A path rule (`Read(...)`, `Edit(...)`) was a regex that `re` backtracked through without
  bound: a project's `.claude/gatekeeper.toml` (which an untrusted project may write, as deny
  and ask rules only tighten) with ``deny = ["Edit(//**…**q)"]`` kept the hook busy for
  minutes on every Write. Bash: `timeout 20 gatekeeper hook` on a Write of
  `.git/hooks/pre-commit` printed nothing and exited 124; Claude Code goes on without the
  hook's answer at its timeout.
- `Monitor` runs its `command` in bash (bash: `echo 'touch MARKER' >> ~/.bashrc`, then
  `bash -ic true`, created the marker; `cat ~/.ssh/id_rsa` printed the key), but as an
  unknown tool it went to the reviewer, who may approve what only the human may.
- `ReadMcpResourceTool` (a harmless built-in) hands any URI to an MCP server:
  `file:///home/u/.ssh/id_rsa` was allowed with no prompt.
Nothing here runs a command: the calls are only judged (the hook is run as a process).
"""

from __future__ import annotations

import json
import random
import re
import subprocess
from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import Outcome, Verdict, dominant
from gatekeeper.testing import check
from tests.conftest import GATEKEEPER, hook_payload

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv


def _rules(decision: object) -> set[str]:
    return {f.rule for f in decision.findings}  # type: ignore[attr-defined]


def _worst(decision: object) -> Verdict:
    top = dominant(decision.findings)  # type: ignore[attr-defined]
    assert top is not None
    return top.verdict


# -- path rules: linear time -------------------------------------------------------------


def _reference(pattern: str) -> re.Pattern[str]:
    """The regex path rules were before: what `_glob_matcher` must answer."""
    out = []
    i = 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    regex = "".join(out) + (".*" if pattern.endswith("/") else "")
    return re.compile(regex, re.DOTALL)


def test_the_path_rule_matcher_answers_as_the_regex_did() -> None:
    from gatekeeper.rules import _glob_matcher

    rng = random.Random(17)  # noqa: S311 - reproducible test data, not a secret
    for _ in range(3000):
        pattern = "".join(rng.choice("a/*?b.*") for _ in range(rng.randint(0, 9)))
        regex, matches = _reference(pattern), _glob_matcher(pattern)
        for _ in range(12):
            text = "".join(rng.choice("ab/.\n") for _ in range(rng.randint(0, 10)))
            assert matches(text) == bool(regex.fullmatch(text)), (pattern, text)


@pytest.mark.parametrize(
    ("pattern", "text", "expected"),
    [
        ("src/**", "src/a/b.py", True),
        ("**/*.py", "a.py", True),
        ("**/*.py", "a/b/c.py", True),
        ("*.py", "a/b.py", False),
        ("docs/", "docs/x/y", True),
        ("a?c", "a/c", False),
        ("**" * 40 + "q", "work/home/proj/.git/hooks/pre-commit" * 50, False),
        ("**/" * 200 + "q", "a/" * 2000 + "q", True),
        ("*a" * 300 + "q", "a" * 4000, False),
    ],
)
def test_path_rule_patterns(pattern: str, text: str, expected: bool) -> None:
    from gatekeeper.rules import _glob_matcher

    assert _glob_matcher(pattern)(text) is expected


def test_a_project_deny_rule_cannot_keep_the_hook_from_answering(gk_env: GkEnv) -> None:
    gk_env.write_config("[reviewer]\nenabled = false\n")
    rule = "Edit(//" + "**" * 40 + "q)"
    (gk_env.project / ".claude").mkdir()
    (gk_env.project / ".claude" / "gatekeeper.toml").write_text(
        f"[permissions]\ndeny = [{json.dumps(rule)}]\n"
    )
    target = str(gk_env.project / ".git" / "hooks" / "pre-commit")
    payload = hook_payload(gk_env, "Write", {"file_path": target, "content": "echo hi\n"})
    try:
        proc = subprocess.run(
            [GATEKEEPER, "hook"],
            input=json.dumps(payload).encode(),
            capture_output=True,
            env=gk_env.environ(),
            timeout=30,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("the hook gave no answer within 30 s")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)["hookSpecificOutput"]
    assert out["permissionDecision"] == "ask"
    assert "GK-PROT-001" in out["permissionDecisionReason"]


# -- Monitor: a bash command ---------------------------------------------------------------


def _monitor(command: str) -> dict[str, object]:
    return {"command": command, "description": "watch", "timeout_ms": 60000}


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("cat ~/.ssh/id_rsa", "GK-PROT-002"),
        ("echo 'touch /tmp/m' >> ~/.bashrc", "GK-PROT-001"),
        ("tail -f .claude/x.log | tee .claude/settings.json", "GK-PROT-001"),
    ],
)
def test_a_monitor_command_reaching_protected_paths_goes_to_the_human(
    quiet_engine: Engine, gk_env: GkEnv, command: str, rule: str
) -> None:
    (gk_env.home / ".ssh").mkdir()
    (gk_env.home / ".ssh" / "id_rsa").write_text("key\n")
    decision = check(quiet_engine, tool="Monitor", tool_input=_monitor(command))
    assert rule in _rules(decision), decision.reason
    assert _worst(decision) is Verdict.ELEVATE
    assert decision.outcome is Outcome.ASK


def test_a_monitor_command_that_only_reads_the_project_is_allowed(
    quiet_engine: Engine, gk_env: GkEnv
) -> None:
    (gk_env.project / "app.log").write_text("x\n")
    decision = check(quiet_engine, tool="Monitor", tool_input=_monitor("tail -f app.log"))
    assert decision.outcome is Outcome.ALLOW, decision.reason


def test_a_monitor_websocket_stays_an_unknown_tool(quiet_engine: Engine) -> None:
    tool_input = {"ws": {"url": "ws://127.0.0.1:9/"}, "command": "tail -f x", "description": "w"}
    decision = check(quiet_engine, tool="Monitor", tool_input=tool_input)
    assert decision.outcome is Outcome.ASK
    assert "GK-TOOL-003" in _rules(decision)


@pytest.mark.parametrize(
    "case",
    [
        ('deny = ["Monitor"]', "tail -f app.log", "deny", "GK-RULE-003"),
        ('ask = ["Monitor"]', "tail -f app.log", "ask", "GK-RULE-002"),
        ('allow = ["Monitor"]', "make watch", "allow", "GK-RULE-001"),
        ('allow = ["Monitor"]', "cat ~/.ssh/id_rsa", "ask", "GK-PROT-002"),
        ('deny = ["Bash(make:*)"]', "make watch", "deny", "GK-RULE-003"),
        ('allow = ["Bash(make watch)"]', "make watch", "allow", "GK-RULE-001"),
    ],
)
def test_the_users_rules_about_monitor(
    gk_env: GkEnv, make_engine: Callable[..., Engine], case: tuple[str, str, str, str]
) -> None:
    rules, command, expected, rule = case
    (gk_env.home / ".ssh").mkdir()
    (gk_env.home / ".ssh" / "id_rsa").write_text("key\n")
    gk_env.write_config(f"[reviewer]\nenabled = false\n[permissions]\n{rules}\n")
    decision = check(make_engine(), tool="Monitor", tool_input=_monitor(command))
    assert decision.outcome is Outcome(expected), decision.reason
    assert rule in _rules(decision) | {decision.rule}, decision.reason


def test_monitor_in_bypass_mode_still_asks_for_protected_paths(quiet_engine: Engine) -> None:
    tool_input = _monitor("echo x >> ~/.bashrc")
    decision = check(quiet_engine, tool="Monitor", tool_input=tool_input, mode="bypassPermissions")
    assert decision.outcome is Outcome.ASK, decision.reason
    decision = check(
        quiet_engine, tool="Monitor", tool_input=_monitor("make watch"), mode="bypassPermissions"
    )
    assert decision.outcome is Outcome.NONE, decision.reason


# -- MCP resources ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "spelling",
    ["file://{home}/.ssh/id_rsa", "file://localhost{home}/.ssh/%69d_rsa", "FILE://{home}/.aws/credentials"],
)
def test_reading_a_credential_file_as_an_mcp_resource_goes_to_the_human(
    quiet_engine: Engine, gk_env: GkEnv, spelling: str
) -> None:
    for name in (".ssh/id_rsa", ".aws/credentials"):
        (gk_env.home / name).parent.mkdir(exist_ok=True)
        (gk_env.home / name).write_text("secret\n")
    uri = spelling.format(home=gk_env.home)
    decision = check(
        quiet_engine, tool="ReadMcpResourceTool", tool_input={"server": "files", "uri": uri}
    )
    assert "GK-PROT-002" in _rules(decision), decision.reason
    assert decision.outcome is Outcome.ASK


def test_other_mcp_resources_stay_allowed(quiet_engine: Engine, gk_env: GkEnv) -> None:
    (gk_env.project / "README.md").write_text("x\n")
    for uri in (f"file://{gk_env.project}/README.md", "postgres://db/users/schema", "memo://1"):
        decision = check(
            quiet_engine, tool="ReadMcpResourceTool", tool_input={"server": "s", "uri": uri}
        )
        assert decision.outcome is Outcome.ALLOW, decision.reason


def test_an_allowed_mcp_server_reading_a_key_by_file_uri_goes_to_the_human(
    gk_env: GkEnv, make_engine: Callable[..., Engine]
) -> None:
    (gk_env.home / ".ssh").mkdir()
    (gk_env.home / ".ssh" / "id_rsa").write_text("key\n")
    gk_env.write_config(
        '[reviewer]\nenabled = false\n[permissions]\nallow = ["mcp__browser"]\n'
    )
    engine = make_engine()
    uri = f"file://{gk_env.home}/.ssh/id_rsa"
    decision = check(engine, tool="mcp__browser__navigate", tool_input={"url": uri})
    assert "GK-PROT-002" in _rules(decision), decision.reason
    decision = check(
        engine, tool="mcp__browser__navigate", tool_input={"url": "https://example.com/.env"}
    )
    assert decision.outcome is Outcome.ALLOW, decision.reason


# -- the protected-paths check must not fail open ------------------------------------------


def test_a_project_protected_entry_with_a_nul_is_ignored_not_fatal(
    gk_env: GkEnv, make_engine: Callable[..., Engine]
) -> None:
    gk_env.write_config("[reviewer]\nenabled = false\n")
    (gk_env.project / ".claude").mkdir()
    (gk_env.project / ".claude" / "gatekeeper.toml").write_text(
        '[paths]\nprotected = ["a\\u0000b", "docs/keep"]\n'
    )
    engine = make_engine()
    assert any("NUL" in w for w in engine.warnings), engine.warnings
    target = str(gk_env.home / ".config" / "gatekeeper" / "config.toml")
    for mode in ("default", "bypassPermissions"):
        decision = check(
            engine, tool="Write", tool_input={"file_path": target, "content": "x"}, mode=mode
        )
        assert decision.rule == "GK-PROT-001", decision.reason
        assert decision.outcome is Outcome.ASK
    # The project's other protected entry still counts.
    decision = check(
        engine, tool="Write", tool_input={"file_path": "docs/keep/x.md", "content": "x"}
    )
    assert decision.rule == "GK-PROT-001", decision.reason


@pytest.mark.parametrize(
    ("tool", "where"),
    [
        ("Write", "{home}/.claude/\ud800/../settings.json"),
        ("Write", "{home}/.config/gatekeeper/\udc80/../config.toml"),
        ("Edit", "{project}/.git/\ud800/../hooks/pre-commit"),
        ("Read", "{home}/.ssh/\ud800/../id_rsa"),
    ],
)
@pytest.mark.parametrize("mode", ["default", "bypassPermissions"])
def test_a_path_the_protected_check_cannot_read_goes_to_the_human(
    quiet_engine: Engine, gk_env: GkEnv, tool: str, where: str, mode: str
) -> None:
    path = where.format(home=gk_env.home, project=gk_env.project)
    tool_input = {"file_path": path, "content": "x"}
    decision = check(quiet_engine, tool=tool, tool_input=tool_input, mode=mode)
    assert _worst(decision) is Verdict.ELEVATE, decision.reason
    assert decision.outcome is Outcome.ASK, decision.reason


def test_the_hook_asks_for_a_surrogate_path_in_bypass_mode(gk_env: GkEnv) -> None:
    path = f"{gk_env.home}/.claude/\ud800/../settings.json"
    payload = hook_payload(
        gk_env, "Write", {"file_path": path, "content": "{}"}, permission_mode="bypassPermissions"
    )
    proc = subprocess.run(
        [GATEKEEPER, "hook"],
        input=json.dumps(payload).encode(),  # `\ud800` as JSON writes it, as Node does
        capture_output=True,
        env=gk_env.environ(),
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)["hookSpecificOutput"]
    assert out["permissionDecision"] == "ask", out


# -- `..` after a link, taken by name as Node takes it ------------------------------------


def _link_to_tmp(gk_env: GkEnv, tmp_path: Path) -> str:
    """`PROJECT/link` -> a directory two levels below a tmp dir (a harmless link): bash
    takes `link/../../x` as the tmp dir's `x`, Node as the home's."""
    (tmp_path / "a" / "b").mkdir(parents=True)
    (gk_env.project / "link").symlink_to(tmp_path / "a" / "b")
    return f"{gk_env.project}/link/../../"


@pytest.mark.parametrize(
    "case",
    [
        ("Write", ".ssh/authorized_keys", "GK-PROT-001"),
        ("Edit", ".config/gatekeeper/config.toml", "GK-PROT-001"),
        ("Read", ".ssh/config", "GK-PROT-002"),
    ],
)
def test_a_dotdot_after_a_link_is_judged_where_node_takes_it(
    quiet_engine: Engine, gk_env: GkEnv, tmp_path: Path, case: tuple[str, str, str]
) -> None:
    tool, rest, rule = case
    (gk_env.home / ".ssh").mkdir()
    (gk_env.home / ".ssh" / "config").write_text("Host x\n")
    path = _link_to_tmp(gk_env, tmp_path) + rest
    decision = check(quiet_engine, tool=tool, tool_input={"file_path": path, "content": "x"})
    assert decision.rule == rule, decision.reason
    assert _worst(decision) is Verdict.ELEVATE


def test_a_dotdot_after_a_link_out_of_the_project_is_reviewed(
    quiet_engine: Engine, gk_env: GkEnv, tmp_path: Path
) -> None:
    path = _link_to_tmp(gk_env, tmp_path) + "notes.txt"  # Node: the home's notes.txt; bash: the tmp dir's
    decision = check(quiet_engine, tool="Write", tool_input={"file_path": path, "content": "x"})
    assert decision.rule == "GK-FILE-003", decision.reason
    # A `..` that stays in the project, read either way, stays allowed.
    (gk_env.project / "src").mkdir()
    path = f"{gk_env.project}/src/../README.md"
    decision = check(quiet_engine, tool="Write", tool_input={"file_path": path, "content": "x"})
    assert decision.outcome is Outcome.ALLOW, decision.reason


def test_an_allowed_mcp_server_writing_through_a_dotdot_goes_to_the_human(
    gk_env: GkEnv, make_engine: Callable[..., Engine], tmp_path: Path
) -> None:
    gk_env.write_config(
        '[reviewer]\nenabled = false\n[permissions]\nallow = ["mcp__filesystem"]\n'
    )
    path = _link_to_tmp(gk_env, tmp_path) + ".local/bin/git"
    decision = check(
        make_engine(),
        tool="mcp__filesystem__write_file",
        tool_input={"path": path, "content": "#!/bin/sh\n"},
    )
    assert decision.rule == "GK-PROT-001", decision.reason


# -- a config file that is no file ----------------------------------------------------------


def _limit_memory() -> None:  # in the hook's process: a runaway read ends in MemoryError
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1536 * 1024 * 1024, 1536 * 1024 * 1024))


@pytest.mark.parametrize("kind", ["/dev/zero", "fifo"])
def test_a_project_config_that_is_no_regular_file_is_ignored(gk_env: GkEnv, kind: str) -> None:
    import os

    gk_env.write_config("[reviewer]\nenabled = false\n")
    (gk_env.project / ".claude").mkdir()
    config = gk_env.project / ".claude" / "gatekeeper.toml"
    if kind == "fifo":
        os.mkfifo(config)
    else:
        config.symlink_to(kind)  # as a cloned repository may ship it
    target = str(gk_env.project / ".git" / "hooks" / "pre-commit")
    payload = hook_payload(gk_env, "Write", {"file_path": target, "content": "x"})
    try:
        proc = subprocess.run(
            [GATEKEEPER, "hook"],
            input=json.dumps(payload).encode(),
            capture_output=True,
            env=gk_env.environ(),
            timeout=60,
            check=False,
            preexec_fn=_limit_memory,  # a resource limit; the test process starts no threads
        )
    except subprocess.TimeoutExpired:
        pytest.fail("the hook gave no answer within 60 s")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert "GK-PROT-001" in out["hookSpecificOutput"]["permissionDecisionReason"], out
    assert "not a regular file" in out["systemMessage"], out


def test_an_oversized_config_is_ignored_with_a_warning(
    gk_env: GkEnv, make_engine: Callable[..., Engine]
) -> None:
    gk_env.write_config("[reviewer]\nenabled = false\n" + "# padding\n" * 120_000)
    engine = make_engine()
    assert any("larger than 1024 KiB" in w for w in engine.warnings), engine.warnings
    gk_env.write_config("[reviewer]\nenabled = false\n")
    assert make_engine().warnings == ()


# -- WebFetch domain rules: the host Node reads ------------------------------------------


@pytest.mark.parametrize(
    ("rule", "url"),
    [
        ("WebFetch(domain:example.com)", "http://169.254.169.254\\@example.com/latest/meta-data/"),
        ("WebFetch(domain:example.com)", "http://127.0.0.1:8080\\@example.com/admin"),
        ("WebFetch(domain:*.example.org)", "https://evil.com\\.example.org/?q=x"),
    ],
)
def test_a_domain_rule_does_not_vouch_for_another_host_node_reads(
    gk_env: GkEnv, make_engine: Callable[..., Engine], rule: str, url: str
) -> None:
    gk_env.write_config(f'[reviewer]\nenabled = false\n[permissions]\nallow = ["{rule}"]\n')
    decision = check(make_engine(), tool="WebFetch", tool_input={"url": url, "prompt": "p"})
    assert "GK-RULE-001" not in _rules(decision), decision.reason
    if "evil.com" not in url:  # (evil.com is a public host: WebFetch's default allows it)
        assert decision.outcome is Outcome.ASK, decision.reason
        assert decision.rule == "GK-TOOL-004", decision.reason


@pytest.mark.parametrize(
    ("rule", "url"),
    [
        ("WebFetch(domain:example.com)", "https://example.com/docs"),
        ("WebFetch(domain:example.com)", "https://user@example.com:443/x?y=1#z"),
        ("WebFetch(domain:*.example.org)", "https://docs.example.org/a"),
    ],
)
def test_a_domain_rule_still_allows_its_domain(
    gk_env: GkEnv, make_engine: Callable[..., Engine], rule: str, url: str
) -> None:
    gk_env.write_config(f'[reviewer]\nenabled = false\n[permissions]\nallow = ["{rule}"]\n')
    decision = check(make_engine(), tool="WebFetch", tool_input={"url": url, "prompt": "p"})
    assert decision.outcome is Outcome.ALLOW, decision.reason


def test_path_rules_hold_where_node_takes_a_dotdot(
    gk_env: GkEnv, make_engine: Callable[..., Engine], tmp_path: Path
) -> None:
    notes = gk_env.home / "notes"
    (notes / "a" / "b").mkdir(parents=True)
    (notes / "link").symlink_to(notes / "a" / "b")
    gk_env.write_config(
        '[reviewer]\nenabled = false\n[permissions]\nallow = ["Edit(~/notes/**)"]\n'
        'deny = ["Edit(~/private/**)"]\n'
    )
    engine = make_engine()
    # The kernel: ~/notes/work/x.py; Node: ~/work/x.py, which the rule does not name.
    path = f"{notes}/link/../../work/x.py"
    decision = check(engine, tool="Write", tool_input={"file_path": path, "content": "x"})
    assert "GK-RULE-001" not in _rules(decision), decision.reason
    decision = check(
        engine, tool="Write", tool_input={"file_path": f"{notes}/todo.md", "content": "x"}
    )
    assert decision.outcome is Outcome.ALLOW, decision.reason
    # The kernel: the tmp dir's private/x; Node: ~/private/x, which the deny rule names.
    path = _link_to_tmp(gk_env, tmp_path) + "private/x"
    decision = check(engine, tool="Write", tool_input={"file_path": path, "content": "x"})
    assert decision.outcome is Outcome.DENY, decision.reason


# -- Mercurial's repository config -------------------------------------------------------


@pytest.mark.parametrize("where", [".hg/hgrc", "sub/.hg/hgrc", ".HG/hgrc", ".hg"])
def test_writing_mercurial_internals_goes_to_the_human(quiet_engine: Engine, where: str) -> None:
    tool_input = {"file_path": where, "content": "[hooks]\npre-status = touch /tmp/m\n"}
    decision = check(quiet_engine, tool="Write", tool_input=tool_input)
    assert decision.rule == "GK-PROT-001", decision.reason


def test_reading_mercurial_config_and_a_file_named_like_it_stay_allowed(
    quiet_engine: Engine, gk_env: GkEnv
) -> None:
    (gk_env.project / ".hg").mkdir()
    (gk_env.project / ".hg" / "hgrc").write_text("[ui]\n")
    decision = check(quiet_engine, tool="Read", tool_input={"file_path": ".hg/hgrc"})
    assert decision.outcome is Outcome.ALLOW, decision.reason
    tool_input = {"file_path": "docs/hg.md", "content": "x"}
    decision = check(quiet_engine, tool="Write", tool_input=tool_input)
    assert decision.outcome is Outcome.ALLOW, decision.reason
