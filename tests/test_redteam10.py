"""Red-team round 10: a word's part cut at `shell.parse.TEXT_CLIP` hid the variables it named.

A word keeps at most 512 characters of an expansion part's text; checkers that read a
dynamic word's text for the variables it expands (GK-ENV-002, `shell.secretflow`) saw the
cut text. ``echo "${u:-<300 characters> $GITHUB_TOKEN <300 characters>}"`` prints the token
in bash; the gate allowed it. Nothing here runs a command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from gatekeeper.model import Outcome, Verdict, dominant
from gatekeeper.shell.parse import TEXT_CLIP, parse
from gatekeeper.testing import check

if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

PAD = "A" * (TEXT_CLIP // 2 + 50)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        (f'echo "${{u:-{PAD} $GITHUB_TOKEN {PAD}}}"', "GK-ENV-002"),
        (f"echo ${{u:-{PAD} $GITHUB_TOKEN {PAD}}}", "GK-ENV-002"),
        (f'echo "${{u:-{PAD}${{GITHUB_TOKEN}}{PAD}}}"', "GK-ENV-002"),
        (f'echo "${{u:-{PAD} ${{GITHUB_TOKEN:0:9}} {PAD}}}"', "GK-ENV-002"),
        (f'echo "${{u:-{PAD} ${{!GITHUB_*}} {PAD}}}"', "GK-ENV-002"),
        (f'cat <<< "${{u:-{PAD} $GITHUB_TOKEN {PAD}}}"', "GK-ENV-002"),
        # a bare name in arithmetic is evaluated: a value that is no number is printed in
        # bash's error message
        (f'echo "$(( {"1+" * (TEXT_CLIP // 2)} GITHUB_TOKEN ))"', "GK-ENV-002"),
        (f'x=$GITHUB_TOKEN; echo "${{u:-{PAD} $x {PAD}}}"', "GK-ENV-002"),
        (f"echo \"${{u:-{PAD} ${{v:-'$GITHUB_TOKEN'}} {PAD}}}\"", "GK-ENV-002"),
    ],
)
def test_a_secret_named_in_a_cut_part_is_still_found(
    gk_env: GkEnv, make_engine: Callable[..., Engine], command: str, rule: str
) -> None:
    gk_env.write_config("[reviewer]\nenabled = false\n")
    decision = check(make_engine(), command, cwd=str(gk_env.project))
    rules = {f.rule for f in decision.findings}
    assert decision.outcome != Outcome.ALLOW, decision.reason
    assert rule in rules, decision.reason


@pytest.mark.parametrize(
    "command",
    [
        f'echo "${{u:-{PAD} $HOME {PAD}}}"',
        f'echo "${{u:-{PAD} ${{#GITHUB_TOKEN}} {PAD}}}"',  # a length
        f"echo \"$(printf '%s' {PAD})\"",  # a `$( )` is walked as commands of its own
    ],
)
def test_a_cut_part_without_a_secret_stays_allowed(
    gk_env: GkEnv, make_engine: Callable[..., Engine], command: str
) -> None:
    gk_env.write_config("[reviewer]\nenabled = false\n")
    decision = check(make_engine(), command, cwd=str(gk_env.project))
    assert decision.outcome == Outcome.ALLOW, decision.reason


def test_the_cut_word_carries_the_names_of_its_cut_part() -> None:
    text = f'echo "${{u:-{PAD} $GITHUB_TOKEN ${{!x}} ${{#y}} {PAD}}}"'
    (command,) = parse(text, "/home/u").commands
    word = command.words[1]
    assert word.dynamic
    assert " ... " in word.text  # the part was cut
    for name in ("${GITHUB_TOKEN}", "${!x}", "${#y}", "${u}"):
        assert name in word.text


def test_a_word_not_cut_is_unchanged() -> None:
    (command,) = parse('echo "${u:-a $GITHUB_TOKEN b}"', "/home/u").commands
    assert command.words[1].text == "${u:-a $GITHUB_TOKEN b}"


@pytest.mark.parametrize(
    "glob",
    ["master.key", "credentials", "*credentials*", "secrets.y*ml", "*.p12", ".git-credentials"],
)
def test_grep_with_a_glob_that_picks_credential_files_asks_the_human(
    gk_env: GkEnv, make_engine: Callable[..., Engine], glob: str
) -> None:
    """ripgrep's globs override its ignore rules: Grep prints the lines of every file the glob
    picks (`config/master.key`, which `Read` may not read without the user). The glob was
    checked against seven names only (`.env`, `id_rsa`, `*.pem`...)."""
    gk_env.write_config("[reviewer]\nenabled = false\n")
    tool_input = {"pattern": ".", "glob": glob, "output_mode": "content"}
    decision = check(make_engine(), tool="Grep", tool_input=tool_input, cwd=str(gk_env.project))
    worst = dominant(decision.findings)
    assert worst is not None
    assert (worst.verdict, worst.rule) == (Verdict.ELEVATE, "GK-PROT-002"), decision.reason


@pytest.mark.parametrize(
    "glob", ["*.py", "*.{ts,tsx}", "Makefile", "*keyboard*", "!*.env", "*.yaml", "*.json", "*"]
)
def test_grep_with_an_ordinary_glob_stays_allowed(
    gk_env: GkEnv, make_engine: Callable[..., Engine], glob: str
) -> None:
    gk_env.write_config("[reviewer]\nenabled = false\n")
    tool_input = {"pattern": "x", "glob": glob}
    decision = check(make_engine(), tool="Grep", tool_input=tool_input, cwd=str(gk_env.project))
    assert decision.outcome == Outcome.ALLOW, decision.reason


@pytest.mark.parametrize(
    ("tool", "tool_input"),
    [
        ("Write", {"file_path": "~/.config/git/config", "content": "[core]\n"}),
        ("Edit", {"file_path": "~/.config/git/config", "old_string": "a", "new_string": "b"}),
    ],
)
def test_gits_xdg_config_is_protected_like_gitconfig(
    gk_env: GkEnv, make_engine: Callable[..., Engine], tool: str, tool_input: dict[str, str]
) -> None:
    """`~/.config/git/config` is git's global config as much as `~/.gitconfig` is:
    `core.fsmonitor` there runs a program on the next `git status` the gate allows."""
    gk_env.write_config("[reviewer]\nenabled = false\n")
    decision = check(make_engine(), tool=tool, tool_input=tool_input, cwd=str(gk_env.project))
    worst = dominant(decision.findings)
    assert worst is not None
    assert (worst.verdict, worst.rule) == (Verdict.ELEVATE, "GK-PROT-001"), decision.reason


def _cut_hash_of(git: str) -> str:
    """`git … $(git rev-parse H HEAD… ; printf … ; git rev-parse HEAD… H)`: the `$( )` is cut
    to a text shaped like one object name (`git.py`'s `_HASH_OF`), and what it also prints,
    an option built by printf, is in the middle that was cut."""
    hidden = "printf -- --outpu%s t=/home/u/.bashrc;"
    return f"{git} $(git rev-parse H{' HEAD' * 60}; {hidden} git rev-parse{' HEAD' * 60} H)"


@pytest.mark.parametrize("git", ["git log -p", "git show", "git diff"])
def test_a_cut_hash_substitution_is_no_object_name(
    gk_env: GkEnv, make_engine: Callable[..., Engine], git: str
) -> None:
    """`git diff $(git rev-parse HEAD)` takes an object name; a `$( )` cut at TEXT_CLIP may
    print an option too: `--output=FILE` writes the diff there (~/.bashrc: a context line
    that starts with a blank is a command). It was allowed as `git log` only reads."""
    gk_env.write_config("[reviewer]\nenabled = false\n")
    command = _cut_hash_of(git)
    (word,) = [w for w in parse(command, "/home/u").commands[0].words if w.text.startswith("$(")]
    assert " ... " in word.text  # cut, and shaped like an object name
    decision = check(make_engine(), command, cwd=str(gk_env.project))
    assert decision.outcome != Outcome.ALLOW, decision.reason
    assert "GK-GIT-003" in {f.rule for f in decision.findings}, decision.reason


def test_the_grep_glob_check_knows_every_credential_name_of_the_path_policy() -> None:
    """`protected` keeps its own samples (no `re` on the hook's hot path): one for each of
    the path policy's credential patterns, so that the two cannot drift apart."""
    from gatekeeper import paths
    from gatekeeper.globmatch import fnmatchcase
    from gatekeeper.plugins import protected

    samples = (*protected._SECRET_SAMPLES, *protected._MORE_SECRETS)
    for pattern in paths._SECRET_PATTERNS:
        assert any(fnmatchcase(s, pattern) for s in samples), pattern


@pytest.mark.parametrize(
    ("lister", "pad"),
    [("git ls-files", " src"), ("find src", " -name x"), ("ls", " src")],
)
def test_a_cut_path_lister_substitution_is_no_path_list(
    gk_env: GkEnv, make_engine: Callable[..., Engine], lister: str, pad: str
) -> None:
    """`cat $(git ls-files)` reads the paths the project lists; a `$( )` cut at TEXT_CLIP to
    a text shaped like one may print any path besides (here the home's SSH key, spelled so
    that no word names it). It was allowed as `cat` of listed paths."""
    gk_env.write_config("[reviewer]\nenabled = false\n")
    (gk_env.project / "src").mkdir()
    key = 'printf "%s/.ssh/id_%s" "$HOME" rsa;'
    command = f"cat $({lister}{pad * 70}; {key} {lister}{pad * 70})"
    decision = check(make_engine(), command, cwd=str(gk_env.project))
    assert decision.outcome != Outcome.ALLOW, decision.reason
    assert "GK-BASH-002" in {f.rule for f in decision.findings}, decision.reason


@pytest.mark.parametrize(
    "template",
    [
        'f={value}; cat {uses}',
        'for f in {value}; do cat {uses}; done',
        'f=$(: {value}); cat {uses}',
        'for f in a $(: {value}); do cat {uses}; done',
    ],
)
def test_loop_values_put_in_words_are_bounded(template: str) -> None:
    """Each `"$f"` holds f's whole value (`shell.loopvars`): 1,000 uses of a 20,000-character
    value made 20 MB of words from 26 KB of text, and a 1 MiB text 40 GB (the hook killed
    for its memory lets the call through). Past a budget, `$f` stays unknown."""
    from gatekeeper.shell.parse import _MAX_BOUND_CHARS

    uses = " ".join(['"$f"x'] * 1000)
    text = template.format(value="B" * 20_000, uses=uses)
    script = parse(text, "/home/u")
    held = sum(len(w.text) for c in script.commands for w in c.words)
    assert held <= len(text) + _MAX_BOUND_CHARS + TEXT_CLIP
    cat = [c for c in script.commands if c.name == "cat"]
    assert cat and any(w.dynamic for c in cat for w in c.words[1:])  # past it: unknown


def test_loop_values_are_still_followed_within_the_budget() -> None:
    commands = parse('for f in a b; do cat "$f"; done', "/h").commands
    assert [[w.text for w in c.words] for c in commands] == [["cat", "a"], ["cat", "b"]]


MCP_RULES = '[permissions]\nallow = ["mcp__filesystem__*"]\n[reviewer]\nenabled = false\n'


@pytest.mark.parametrize(
    ("tool", "tool_input", "rule"),
    [
        ("mcp__filesystem__write_file", {"path": "~/.bashrc", "content": "x"}, "GK-PROT-001"),
        ("mcp__filesystem__edit_file", {"path": ".git/hooks/pre-commit", "edits": []}, "GK-PROT-001"),
        (
            "mcp__filesystem__move_file",
            {"source": "x", "destination": ".claude/settings.json"},
            "GK-PROT-001",
        ),
        ("mcp__filesystem__read_file", {"path": "~/.ssh/id_rsa"}, "GK-PROT-002"),
        ("mcp__filesystem__read_multiple_files", {"paths": ["a", "~/.ssh/id_rsa"]}, "GK-PROT-002"),
        ("mcp__filesystem__list_directory", {"path": "~/.ssh"}, "GK-PROT-002"),  # as LS
    ],
)
def test_an_allowed_mcp_tool_still_may_not_touch_protected_paths(
    gk_env: GkEnv,
    make_engine: Callable[..., Engine],
    tool: str,
    tool_input: dict[str, object],
    rule: str,
) -> None:
    """An allow rule for an MCP server's tools (`mcp__filesystem__*`) approved its writes of
    `~/.bashrc` and `.git/hooks` and its reads of SSH keys: the protected-paths check, which
    no rule may override, knew only the built-in file tools' inputs."""
    gk_env.write_config(MCP_RULES)
    (gk_env.home / ".ssh").mkdir()
    (gk_env.home / ".ssh" / "id_rsa").write_text("k")
    decision = check(make_engine(), tool=tool, tool_input=tool_input, cwd=str(gk_env.project))
    worst = dominant(decision.findings)
    assert worst is not None
    assert (worst.verdict, worst.rule) == (Verdict.ELEVATE, rule), decision.reason


@pytest.mark.parametrize(
    ("tool", "tool_input"),
    [
        ("mcp__filesystem__write_file", {"path": "src/x.py", "content": "x"}),
        ("mcp__filesystem__read_file", {"path": "~/.bashrc"}),  # protected, but only read
        ("mcp__github__create_issue", {"title": "~/.bashrc", "body": "x"}),  # no path key
    ],
)
def test_an_allowed_mcp_tool_on_other_paths_stays_allowed(
    gk_env: GkEnv, make_engine: Callable[..., Engine], tool: str, tool_input: dict[str, object]
) -> None:
    gk_env.write_config(MCP_RULES.replace('"mcp__filesystem__*"', '"mcp__filesystem__*", "mcp__github__*"'))
    decision = check(make_engine(), tool=tool, tool_input=tool_input, cwd=str(gk_env.project))
    assert decision.outcome == Outcome.ALLOW, decision.reason


@pytest.mark.parametrize(
    "command",
    [
        "cat /proc/self/environ",
        "tr '\\0' '\\n' < /proc/self/environ",
        "xxd /proc/thread-self/environ",
        "strings /proc/$$/environ",
        "grep -a TOKEN /proc/$PPID/environ",
        "cat //proc/./self/../self/environ",
        "cat /proc/self/task/1/environ",
    ],
)
def test_a_process_environment_file_is_the_environment(
    gk_env: GkEnv,
    make_engine: Callable[..., Engine],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
) -> None:
    """`/proc/self/environ` is the environment `env` prints (GK-ENV-002 ELEVATE with a
    secret in it); it was a read outside the allowed dirs (REVIEW)."""
    gk_env.write_config("[reviewer]\nenabled = false\n")
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_" + "x" * 36)
    decision = check(make_engine(), command, cwd=str(gk_env.project))
    worst = dominant(decision.findings)
    assert worst is not None
    assert (worst.verdict, worst.rule) == (Verdict.ELEVATE, "GK-ENV-002"), decision.reason


def test_an_environ_named_file_elsewhere_is_no_environment(
    gk_env: GkEnv, make_engine: Callable[..., Engine], monkeypatch: pytest.MonkeyPatch
) -> None:
    gk_env.write_config("[reviewer]\nenabled = false\n")
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_" + "x" * 36)
    decision = check(make_engine(), "cat src/environ.py", cwd=str(gk_env.project))
    assert decision.outcome == Outcome.ALLOW, decision.reason


@pytest.mark.parametrize(
    "command",
    [
        'declare -n r; printf -v r %s GITHUB_TOKEN; echo "$r"',
        'declare -n r; read r <<< GITHUB_TOKEN; echo "$r"',
        'declare -n r; : ${r:=GITHUB_TOKEN}; echo "$r"',
        'declare -n r=GITHUB_TOK; r+=EN; echo "$r"',
        'command declare -n r=GITHUB_TOKEN; echo "$r"',
        'builtin declare -n r=GITHUB_TOKEN; echo "$r"',
    ],
)
def test_a_name_reference_given_its_target_any_way_is_a_copy(
    gk_env: GkEnv,
    make_engine: Callable[..., Engine],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
) -> None:
    """bash gives a reference its target by `read r`, `printf -v r`, `${r:=NAME}`, `r+=…`
    as by `r=NAME` (each printed the token, checked with a harmless variable); with a
    secret in the environment, any reference is a possible copy, as `${!x}` is."""
    gk_env.write_config("[reviewer]\nenabled = false\n")
    monkeypatch.setenv("GITHUB_TOKEN", "ghp_" + "x" * 36)
    decision = check(make_engine(), command, cwd=str(gk_env.project))
    assert decision.outcome != Outcome.ALLOW, decision.reason
    assert "GK-ENV-002" in {f.rule for f in decision.findings}, decision.reason
