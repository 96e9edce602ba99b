"""No allow rule approves a tree removal that reaches protected paths (GK-PROT-004/005).

Found by trying `gatekeeper allow rule 'Bash(rm:*)'` and then `rm -rf ~`: the rule's SAFE
ran only the essential plugin, which looked at `~` as a path (not protected itself) and not
at everything below it. Each case here was allowed before the fix.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from gatekeeper.testing import assert_decision

if TYPE_CHECKING:
    from collections.abc import Callable

    from gatekeeper.pipeline import Engine
    from gatekeeper.testing import GkEnv

BROAD_RULES = (
    '[permissions]\nallow = ["Bash(rm:*)", "Bash(mv:*)", "Bash(find:*)", "Bash(chmod:*)"]\n'
)


@pytest.fixture
def trusting(gk_env: GkEnv, make_engine: Callable[..., Engine]) -> Engine:
    """A user who allowed rm, mv, find and chmod with any arguments."""
    (gk_env.project / "build").mkdir()
    (gk_env.project / ".claude").mkdir()
    gk_env.write_config(BROAD_RULES + '[reviewer]\ncommand = "no-such-reviewer"\n')
    return make_engine()


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("rm -rf ~", "GK-PROT-004"),
        ("rm -rf ~/", "GK-PROT-004"),
        ("rm -r -f ~", "GK-PROT-004"),
        ("rm --recursive --force /", "GK-PROT-004"),
        ("rm -rf /", "GK-PROT-004"),
        ("rm -rf ..", "GK-PROT-004"),
        ("rm -rf .", "GK-PROT-004"),
        ("rm -fr ../project", "GK-PROT-004"),
        ("cd build && rm -rf ..", "GK-PROT-004"),
        ("find ~ -delete", "GK-PROT-004"),
        ("find . -delete", "GK-PROT-004"),
        ("chmod -R 777 ~", "GK-PROT-004"),
        ("mv ~ /tmp/elsewhere", "GK-PROT-004"),
        ("mv . /tmp/elsewhere", "GK-PROT-004"),
        ("mv .claude/settings.json /tmp/x", "GK-PROT-001"),
        ("mv ~/.bashrc /tmp/b", "GK-PROT-001"),
        ("mv -t /tmp .git", "GK-PROT-001"),
    ],
)
def test_allow_rules_do_not_approve_whole_protected_trees(
    trusting: Engine, command: str, rule: str
) -> None:
    assert_decision(trusting, command, expected="ask", rule=rule)


@pytest.mark.parametrize(
    "command",
    ['rm -rf "$DIR"', "rm -rf build/$X", "mv $A $B", 'echo x > "$OUT"', "find . -name x -delete"],
)
def test_unknown_or_filtered_targets_are_not_approved_by_allow_rules(
    trusting: Engine, command: str
) -> None:
    decision = assert_decision(trusting, command, expected="ask")
    assert {"GK-PROT-004", "GK-PROT-005"} & {f.rule for f in decision.findings}


@pytest.mark.parametrize(
    "command",
    ["rm -rf build", "rm -f notes.txt", "mv a.txt b.txt", "find build -name '*.o' -delete"],
)
def test_named_targets_inside_the_project_stay_allowed(trusting: Engine, command: str) -> None:
    assert_decision(trusting, command, expected="allow", rule="GK-RULE-001")


def test_without_rules_removing_the_home_dir_still_asks(
    make_engine: Callable[..., Engine],
) -> None:
    assert_decision(make_engine(), "rm -rf ~", expected="ask", rule="GK-PROT-004")
