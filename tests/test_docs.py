"""The docs cannot fall behind the code: every hook, rule id and config key has an entry,
and the tutorial's code is the code the tests run."""

from __future__ import annotations

import inspect
import re
import textwrap
from pathlib import Path

import pytest

from gatekeeper import config, hookspecs

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
# A rule id: a family and a number (GK-GIT-002), or the host's GK-UNKNOWN.
RULE_ID = re.compile(r"\bGK-(?:[A-Z]+-\d{3}|UNKNOWN)\b")


def hook_specs() -> dict[str, list[str]]:
    """Every hook of the contract and its parameters, from hookspecs.py itself."""
    return {
        name: list(inspect.signature(fn).parameters)
        for name, fn in vars(hookspecs).items()
        if name.startswith("gatekeeper_") and callable(fn)
    }


def rule_ids_in_code() -> set[str]:
    sources = [*(ROOT / "src").rglob("*.py"), *(ROOT / "plugins").glob("*/src/**/*.py")]
    return {m for path in sources for m in RULE_ID.findall(path.read_text(encoding="utf-8"))}


def test_the_contract_has_hooks() -> None:
    assert set(hook_specs()) == {
        "gatekeeper_check_tool",
        "gatekeeper_check_command",
        "gatekeeper_review",
    }


@pytest.mark.parametrize("hook", sorted(hook_specs()))
def test_every_hook_has_a_section_with_its_exact_signature(hook: str) -> None:
    text = (DOCS / "plugins" / "hooks.md").read_text()
    signature = f"## {hook}({', '.join(hook_specs()[hook])})"
    assert signature in text.splitlines(), f"docs/plugins/hooks.md lacks `{signature}`"


def test_the_code_has_rule_ids() -> None:
    ids = rule_ids_in_code()
    assert {"GK-UNKNOWN", "GK-GIT-002", "GK-DOCKER-003", "GK-PLUGIN-003"} <= ids


@pytest.mark.parametrize("rule", sorted(rule_ids_in_code()))
def test_every_rule_id_has_a_docs_entry(rule: str) -> None:
    headings = re.findall(r"^### (GK-[A-Z0-9-]+)\b", (DOCS / "rules.md").read_text(), re.M)
    assert rule in headings, f"docs/rules.md has no `### {rule}` entry"


@pytest.mark.parametrize(
    "key", sorted(f"{section}.{key}" for section, keys in config.SCHEMA.items() for key in keys)
)
def test_every_config_key_is_documented(key: str) -> None:
    assert f"`{key}`" in (DOCS / "configuration.md").read_text(), (
        f"docs/configuration.md does not document `{key}`"
    )


QUOTE = re.compile(
    r"<!-- quote: (?P<file>[\w.]+)#(?P<part>[\w-]+) -->\n```python\n(?P<code>.*?)```", re.S
)
PART = r"# --8<-- \[start:{0}\]\n(?P<code>.*?)\n[ ]*# --8<-- \[end:{0}\]"


def quotes() -> list[tuple[str, str, str]]:
    text = (DOCS / "plugins" / "tutorial.md").read_text()
    return [(m["file"], m["part"], m["code"]) for m in QUOTE.finditer(text)]


def test_the_tutorial_quotes_its_code() -> None:
    parts = {(f, p) for f, p, _ in quotes()}
    assert len(parts) >= 6
    assert ("test_example_checker.py", "tests") in parts


@pytest.mark.parametrize(
    ("file", "part", "code"), quotes(), ids=[f"{f}#{p}" for f, p, _ in quotes()]
)
def test_each_quoted_block_is_the_file(file: str, part: str, code: str) -> None:
    source = (DOCS / "plugins" / file).read_text()
    m = re.search(PART.format(re.escape(part)), source, re.S)
    assert m, f"{file} has no part `{part}`"
    assert textwrap.dedent(code).strip() == textwrap.dedent(m["code"]).strip(), (
        f"docs/plugins/tutorial.md quotes {file}#{part}, but the file differs"
    )
