"""What the cold hook does without `re`, `fnmatch`, `functools` gives the answers they give.

Each shortcut is compared with the regex (or library function) it replaces, over generated
strings chosen to hit the corners: trailing newlines (``$`` matches before one), Unicode
digits (``\\d``), ``?``/``[`` in globs, case.
"""

from __future__ import annotations

import fnmatch
import re
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from gatekeeper import audit, globmatch, paths, rules, state
from gatekeeper.memo import memo
from gatekeeper.plugins import bash, devtools, protected
from gatekeeper.shell import effects, envvars
from gatekeeper.testing import corpus_cases

CORPORA = sorted((Path(__file__).parent / "corpora").glob("*.sh"))
WORDS = sorted({w for case in corpus_cases(CORPORA) for w in case.command.split()})

NAMES = st.one_of(
    st.sampled_from(
        ["python", "python3", "python3.11", "python2.7", "py", "pypy", "pypy3", "ipython"]
    ),
    st.text(alphabet="python23.\n\u0661\u0662x0-", max_size=12),
    st.sampled_from(WORDS),
)


@settings(max_examples=3000)
@given(NAMES, st.sampled_from(["", "\n", "\n\n", " "]))
def test_the_interpreter_name_tests_are_their_regexes(name: str, end: str) -> None:
    name += end
    assert devtools._is_python(name) == bool(devtools._PYTHON.match(name)), repr(name)
    assert bash._is_pythonish(name) == bool(bash._PYTHONISH.match(name)), repr(name)
    assert bash._without_version(name) == bash._VERSION_SUFFIX.sub("", name), repr(name)


LONG_OUTPUT_EQ = re.compile(r"--(output|output-file|out-file|outfile|log-file)=")
EXEC_PREFIX = re.compile(
    r"^(DYLD_|LD_|GIT_CONFIG_(KEY|VALUE)_|BASH_FUNC_|GIT_TRACE|npm_config_|NPM_CONFIG_|PIP_"
    r"|UV_|CARGO_|RUSTFLAGS|CFLAGS|LDFLAGS|CPPFLAGS|PYTHON|LUA_INIT_|LUA_PATH|LUA_CPATH|RUSTUP_)"
)
PREFIXES = st.sampled_from(
    [
        "--output",
        "--output-file",
        "--out-file",
        "--outfile",
        "--log-file",
        "--outputs",
        "-output",
        *effects._LONG_OUTPUT_EQ,
        *envvars._EXEC_PREFIX,
        "GIT_CONFIG_",
        "ld_",
        "",
    ]
)


@settings(max_examples=3000)
@given(PREFIXES, st.text(alphabet="=_-aZ\n", max_size=4))
def test_the_prefix_tuples_are_their_regexes(prefix: str, rest: str) -> None:
    word = prefix + rest
    assert word.startswith(effects._LONG_OUTPUT_EQ) == bool(LONG_OUTPUT_EQ.match(word))
    assert word.startswith(envvars._EXEC_PREFIX) == bool(EXEC_PREFIX.match(word))


@settings(max_examples=2000)
@given(st.text(alphabet="swWp/;}\n 0123$xg", max_size=16))
def test_sed_scripts_without_w_have_no_w_targets(script: str) -> None:
    expected = [m.group(1) or m.group(3) for m in effects._SED_W.finditer(script)]
    assert effects._sed_w_targets(script) == [t for t in expected if t]


SED_E = (
    re.compile(r"(?:^|[;\n}])\s*(?:\d+|\$|/[^/]*/)?\s*e(?:\s|$|;)"),
    re.compile(r"s(.)(?:(?!\1).)*\1(?:(?!\1).)*\1[gpIiMmw0-9]*e"),
)
SED_W = re.compile(r"(?:^|[;\n}]|\s)\s*(?:\d+|\$|/[^/]*/)?\s*[wW]\s+\S|s(.).*\1.*\1[^;]*w")


@settings(max_examples=3000)
@given(st.text(alphabet="seEwW/;}\n 1$xgp|", max_size=14))
def test_the_sed_and_substitution_pre_tests_skip_only_what_cannot_match(script: str) -> None:
    assert effects.sed_executes(script) == any(p.search(script) for p in SED_E)
    assert not SED_W.search(script) or "w" in script or "W" in script  # bash.py's pre-test
    inner = "<(" + script + ")" if script.startswith("x") else script
    assert not bash._PROCESS_SUBSTITUTION.match(inner) or inner.startswith("<(")


PLAIN_ID = re.compile(r"[A-Za-z0-9_-]{1,100}")


@settings(max_examples=2000)
@given(
    st.one_of(
        st.text(alphabet="aZ09_-./\n é", max_size=8),
        st.integers(95, 105).map(lambda n: "a" * n),
    )
)
def test_plain_session_ids_are_the_regex(session_id: str) -> None:
    plain = state.session_file(session_id).rsplit("/", 1)[1].startswith("s-")
    assert plain == bool(PLAIN_ID.fullmatch(session_id))


GLOBS = st.text(alphabet="ab.*?[]!-\\/", max_size=8)
GLOB_NAMES = st.text(alphabet="ab.*?[]!-\\/\n", max_size=8)


@settings(max_examples=5000)
@given(st.lists(GLOBS, max_size=3), GLOB_NAMES)
def test_globmatch_is_fnmatchcase(patterns: list[str], name: str) -> None:
    expected = any(fnmatch.fnmatchcase(name, p) for p in patterns)
    assert globmatch.matcher(patterns)(name) == expected
    for p in patterns:
        assert globmatch.fnmatchcase(name, p) == fnmatch.fnmatchcase(name, p)


def _old_name_matcher(patterns: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{fnmatch.translate(p)})" for p in patterns))


SECRET_NAMES = st.one_of(
    st.sampled_from(
        [*paths._SECRET_PATTERNS, *paths._NOT_SECRET, *paths._SECRET_SAMPLES, "settings.json"]
    ).map(lambda p: p.replace("*", "x")),
    st.text(alphabet="id_rsa.pemkyenvpub*x\n", max_size=10),
    st.sampled_from(WORDS),
)


@settings(max_examples=3000)
@given(SECRET_NAMES)
def test_the_secret_name_tests_are_fnmatch(name: str) -> None:
    not_secret, secret = paths._name_matchers()
    assert bool(not_secret(name)) == bool(_old_name_matcher(paths._NOT_SECRET).match(name))
    assert bool(secret(name)) == bool(_old_name_matcher(paths._SECRET_PATTERNS).match(name))
    assert paths._SETTINGS_JSON(name) == fnmatch.fnmatch(name, "settings*.json")


def _old_glob_targets_secrets(pattern: str) -> bool:
    name = pattern.rstrip("/").rsplit("/", 1)[-1].lower()  # credential names are case-blind
    for alt in paths._brace_words(name):
        if any(fnmatch.fnmatchcase(g, alt) for g in paths._GENERIC_NAMES):
            continue
        if any(fnmatch.fnmatchcase(s, alt) for s in paths._SECRET_SAMPLES):
            return True
    return False


@settings(max_examples=3000)
@given(
    st.one_of(
        st.text(alphabet="*?[]{},.pemkyidrs_/!", max_size=10),
        st.sampled_from([w for w in WORDS if "*" in w or "?" in w or "[" in w] or ["*"]),
    )
)
def test_glob_targets_secrets_is_the_fnmatch_version(pattern: str) -> None:
    assert paths.glob_targets_secrets(pattern) == _old_glob_targets_secrets(pattern)


ASCII_SECRETS = st.lists(
    st.one_of(
        st.sampled_from(
            [
                "Authorization: Token x",
                "PASSWD=1",
                "My_Secret_Key: v",
                "--Secret=1",
                "gho_" + "x" * 21,
                "ghs_" + "y" * 20,
                "xoxp-" + "1" * 10,
                "akia" + "A" * 16,
                "AKIA" + "B" * 16,
                "ftp://u:p@h",
                "-----begin private key-----",
                "reads a credential file: ~/.aws/credentials",
                "path /x/high/through:1",
            ]
        ),
        st.text(alphabet="aAuUtThH:=-_ /@.kKsSpPwWdDoOxX", max_size=14),
    ),
    max_size=5,
)


@settings(max_examples=3000, deadline=None)
@given(ASCII_SECRETS)
def test_the_ascii_needles_redact_exactly_as_every_pattern(parts: list[str]) -> None:
    text = " ".join(parts)
    expected = text
    for _, lazy in audit._SECRET_PATTERNS:
        expected = re.compile(lazy.pattern, lazy.flags).sub(lambda m: m[1] + "[REDACTED]", expected)
    assert audit.redact(text) == expected


def test_memo_keeps_results_and_forgets_when_full() -> None:
    calls: list[str] = []

    @memo(2)
    def length(text: str) -> list[int]:
        calls.append(text)
        return [len(text)]

    first = length("ab")
    assert length("ab") is first and calls == ["ab"]
    assert length("abc") == [3] and length("x") == [1]  # full: everything is forgotten
    assert length("ab") == [2] and calls == ["ab", "abc", "x", "ab"]
    # no `__name__`/`__wrapped__`: the memo is the memory's own `__getitem__` (see `memo`)
    assert length("ab") is length("ab")


def test_the_bash_grammar_loads_without_re_and_enum() -> None:
    code = (
        "import sys\n"
        "from gatekeeper.shell.grammar import bash_language, tree_sitter_binding\n"
        "b = tree_sitter_binding()\n"
        "print(sorted(m for m in ('re', 'enum', 'functools', 'collections') if m in sys.modules))\n"
        "lang = b.Language(bash_language())\n"
        "parser = b.Parser(lang)\n"
        "kinds = []\n"
        "parser.logger = lambda kind, message: kinds.append(kind)\n"
        "tree = parser.parse(b'echo hi')\n"
        "import enum, tree_sitter\n"
        "print(isinstance(kinds[0], enum.IntEnum), kinds[0] is tree_sitter.LogType(kinds[0]))\n"
        "print(tree_sitter.LogType.PARSE.value, tree_sitter.LogType.LEX.value, len(tree_sitter.LogType))\n"
        "query = b.Query(lang, '((word) @w (#match? @w \"^h\"))')\n"
        "print([n.text for n in b.QueryCursor(query).captures(tree.root_node)['w']])\n"
    )
    proc = subprocess.run(
        [sys.executable, "-I", "-c", code], capture_output=True, text=True, check=True
    )
    assert proc.stdout.splitlines() == ["[]", "True True", "0 1 2", "[b'hi']"]


RULE = re.compile(r"^([A-Za-z0-9_*.-]+(?:__[A-Za-z0-9_*.-]+)*)(?:\((.*)\))?$", re.DOTALL)


@settings(max_examples=3000)
@given(
    st.one_of(
        st.text(alphabet="Bash()*_ .:-\né", max_size=14),
        st.sampled_from(["Bash", "Bash(ls *)", "mcp__s__t", "Read(./src/**)", "Bash()", "()"]),
    )
)
def test_rule_texts_split_as_the_regex_did(text: str) -> None:
    text = text.strip()
    m = RULE.match(text)
    assert rules._split_rule(text) == ((m.group(1), m.group(2)) if m else None)


def _old_bash_regex(spec: str) -> re.Pattern[str]:
    if spec.endswith(":*"):
        spec = spec[:-2] + " *"
    trailing = spec.endswith(" *")
    body = spec[:-2] if trailing else spec
    pattern = ".*".join(re.escape(part) for part in body.split("*"))
    if trailing:
        pattern += r"(?: .*)?"
    return re.compile(pattern, re.DOTALL)


BASH_TEXT = st.text(alphabet="ls -a*:?[]\n.", max_size=10)


@settings(max_examples=5000)
@given(st.one_of(BASH_TEXT, st.sampled_from(["ls *", "npm run test:*", "git *", "*"])), BASH_TEXT)
def test_bash_rule_specs_match_as_the_regex_did(spec: str, form: str) -> None:
    assert rules._bash_matcher(spec)(form) == bool(_old_bash_regex(spec).fullmatch(form))


def _old_selects_secrets(glob: str) -> bool:
    for part in glob.replace("{", ",").replace("}", ",").split(","):
        last = part.rstrip("/").rsplit("/", 1)[-1]
        if last.startswith("!") or not any(c.isalnum() for c in last):
            continue
        if any(fnmatch.fnmatchcase(s, last) for s in protected._SECRET_SAMPLES):
            return True
        if any(fnmatch.fnmatchcase(s, last) for s in protected._MORE_SECRETS) and not any(
            fnmatch.fnmatchcase(s, last) for s in protected._ORDINARY
        ):
            return True
    return False


@settings(max_examples=3000)
@given(st.text(alphabet="*?[]{},.!/envpmkyidrsa_x", max_size=12))
def test_grep_globs_select_secrets_as_with_fnmatch(glob: str) -> None:
    if "{" in glob or "\\" in glob:
        # redteam13: braces and escapes are also expanded as ripgrep does (`*.{e,x}nv` is
        # `*.env`), on top of the old split: never fewer globs that select credentials
        assert protected._selects_secrets(glob) >= _old_selects_secrets(glob)
    else:
        assert protected._selects_secrets(glob) == _old_selects_secrets(glob)


def _dollar_names_by_regex(text: str) -> list[tuple[str, str]]:
    # secretenv._DOLLAR's
    pattern = re.compile(r"\$(\{[#!]?)?([A-Za-z_][A-Za-z0-9_]*)|\$\{(!)([0-9]+|[@*])")
    return [
        (m.group(1)[1:] if m.group(1) else "", m.group(2)) if m.group(2) else ("!", m.group(4))
        for m in pattern.finditer(text)
    ]


@settings(max_examples=5000)
@given(
    st.one_of(
        st.text(alphabet="$${}#!(aZ_09\u00e9\u0661 \n-", max_size=40),
        st.sampled_from(WORDS),
        st.text(alphabet="${a}(", min_size=250, max_size=300),  # both sides of the cut
    )
)
def test_the_variable_scan_of_short_words_is_its_regex(text: str) -> None:
    from gatekeeper.shell import secretenv

    expected = [] if text.count("$") == text.count("$(") else _dollar_names_by_regex(text)
    assert secretenv._dollar_names(text) == expected


def test_a_variable_in_a_word_needs_no_re() -> None:
    code = (
        "import sys\n"
        "from gatekeeper.shell import secretenv\n"
        "found = secretenv._dollar_names('\"$f\" ${HOME}/x ${#n} ${!ref} $1 ${} $')\n"
        "print(found, 're' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    ).stdout.strip()
    assert out == "[('', 'f'), ('', 'HOME'), ('#', 'n'), ('!', 'ref')] False"
