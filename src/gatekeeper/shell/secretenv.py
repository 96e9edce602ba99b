"""Commands that print a secret from the environment into the conversation.

What a command prints goes into the transcript: to the model's provider, into logs and
saved sessions. A token printed there is leaked as surely as ``cat ~/.aws/credentials``
leaks the file. Two shapes:

* the whole environment: ``env`` / ``printenv`` with neither a command nor a name, ``set``
  alone, ``export`` / ``export -p``, ``declare`` / ``typeset`` with only listing flags
  (``-p``, ``-x``...), ``ps`` with the BSD ``e`` modifier (``ps auxe``, ``ps eww``: the
  environments of the user's other processes), jq's ``env`` / ``$ENV``, an indirect
  ``${!NAME}`` or a name known only at run time (``printenv $X``), a process' environment
  file (``cat /proc/self/environ``, ``/proc/$$/environ``). These are judged by what
  the environment holds now (the hook runs with the environment the Bash tool's commands
  get): with no variable that looks like a secret, ``env`` stays SAFE, since asking for
  every ``env`` would be noise;
* one variable by name: ``printenv NAME``, ``declare -p NAME``, ``$NAME`` / ``${NAME}`` in
  any word of the command or in a here-document or here-string it reads (``echo
  $GITHUB_TOKEN``; ``ls $TOKEN`` prints it in its error), jq's ``$ENV.NAME`` / ``env.NAME``
  (a name given whole: ``env["GITHUB" + "_TOKEN"]`` is the whole environment; yq's filters
  are read as jq's too, kislyuk's yq hands them to jq), yq's ``env(NAME)`` /
  ``strenv(NAME)``, when NAME looks like a secret or its value does.
  ``test`` / ``[`` print no operand, ``${#NAME}`` is a length and ``NAME=$TOKEN`` in a
  declaration hands the value on without printing it: none of them counts.

A name looks like a secret when one of its ``_``-separated parts is ``TOKEN``, ``SECRET``,
``PASSPHRASE``, ``APIKEY``, ``CREDENTIAL(S)``, ends in ``PASSWORD`` / ``PASSWD``
(``PGPASSWORD``), is ``PWD`` in a longer name (``MYSQL_PWD``), or its last part is ``KEY``
(``OPENAI_API_KEY``); not when its last part names a place or an id (``_FILE``, ``_PATH``,
``_DIR``, ``_SOCK``, ``_URL``, ``_ID``: ``SSH_AUTH_SOCK``, ``AWS_ACCESS_KEY_ID``). A value
looks like one when `gatekeeper.audit.redact` would mask it (GitHub, OpenAI, Slack and AWS
key formats, a private key, a URL with a password).
"""

from __future__ import annotations

import os

from gatekeeper.lazyre import LazyRegex

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Mapping

    from gatekeeper.model import Command

_SECRET_PARTS = frozenset(
    {"TOKEN", "SECRET", "PASSPHRASE", "APIKEY", "CREDENTIAL", "CREDENTIALS", "PASS"}
)
_NOT_SECRET_LAST = frozenset({"FILE", "PATH", "DIR", "SOCK", "SOCKET", "URL", "ID", "ENDPOINT"})
# jq's environment: `$ENV` (jq 1.6 takes `$ ENV`, a comment between too: it printed the
# token, redteam21) or `env`; one variable of it only when named in full (`env.NAME`,
# `$ENV."NAME"`, `env["NAME"]`): `env["GITHUB" + "_TOKEN"]` printed GITHUB_TOKEN.
_JQ_GAP = r"(?:\s|#(?:\\\n|[^\n])*)*"  # blanks and comments (continued over a `\` newline)
_JQ_ENV_REF = rf"(?:\${_JQ_GAP}ENV\b|(?<![\w.$])env\b)"
_JQ_NAMED = LazyRegex(
    rf"{_JQ_ENV_REF}\s*(?:\.\s*(?:\"([A-Za-z_]\w*)\"|([A-Za-z_]\w*)(?![\w\"]))"
    r"|\[\s*\"([A-Za-z_]\w*)\"\s*\])"
)
_JQ_ENV = LazyRegex(_JQ_ENV_REF)
_YQ_NAMED = LazyRegex(r"(?:strenv|env)\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)")
_LISTERS = frozenset({"env", "printenv", "set", "export", "declare", "typeset", "ps"})
_LISTERS |= {"jq", "gojq", "jaq", "yq", "systemctl", "let", "local"}
LISTERS = _LISTERS  # the commands `printed_secret` reads without a dynamic word or redirect
# `$NAME`, `${NAME`, `${#NAME`, `${!NAME`: a name starts with a letter or `_` (`$1` is none);
# and `${!1`, `${!@`, `${!*`: indirect through the positional parameters.
_DOLLAR = LazyRegex(r"\$(\{[#!]?)?([A-Za-z_][A-Za-z0-9_]*)|\$\{(!)([0-9]+|[@*])")
_PROC_ENVIRON = LazyRegex(r"/+proc/+[^/]+/+(?:task/+[^/]+/+)?environ$")
_NAME_START = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_")
_NAME_CHARS = _NAME_START | frozenset("0123456789")
_DIGITS = frozenset("0123456789")
_POSITIONAL = _DIGITS | {"@", "*"}
_SCAN_IN_PYTHON = 256  # longer words (a deep `$( )` nesting holds every level): the regex
_LISTING_FLAGS = set("pxraAilugtn")  # declare/typeset letters that only select what is listed


def secret_name(name: str) -> bool:
    """Whether a variable's name says it holds a secret (see the module's text)."""
    parts = name.upper().split("_")
    if parts[-1] in _NOT_SECRET_LAST:
        return False
    if parts[-1] == "KEY" and len(parts) > 1:
        return True
    for part in parts:
        if part in _SECRET_PARTS or part.endswith(("PASSWORD", "PASSWD")):
            return True
        if part == "PWD" and len(parts) > 1:
            return True
    return False


def secret_value(value: str) -> bool:
    """Whether a value looks like a token, a key or a URL with a password."""
    from gatekeeper.audit import redact

    return redact(value) != value


def secret_variable(name: str, environ: Mapping[str, str]) -> bool:
    """Whether the variable's name or its value in `environ` looks like a secret."""
    value = environ.get(name)
    return secret_name(name) or (value is not None and secret_value(value))


def printed_secret(command: Command, environ: Mapping[str, str] | None = None) -> str:
    """The name of a secret this command prints from the environment, or ""."""
    if command.name not in _LISTERS and not command.redirects:
        for word in command.words:
            if word.dynamic or "environ" in word.text:
                break
        else:
            return ""  # no expansion, no here-document: nothing of the environment
    env = os.environ if environ is None else environ
    named, everything = _references(command)
    for name in named:
        if secret_variable(name, env):
            return name
    if everything:
        for name in env:
            if secret_variable(name, env):
                return name
    return ""


def _jq_references(text: str, yq: bool) -> tuple[list[str], bool]:
    """(the variables a jq filter reads by name, whether it reads the environment otherwise).
    yq is read as both yqs: kislyuk's passes its filter to jq (`yq -n env` printed the
    token, redteam21), mikefarah's reads `env(NAME)`/`strenv(NAME)`."""
    starts: dict[int, str] = {}
    for m in _JQ_NAMED.finditer(text):
        starts[m.start()] = m.group(1) or m.group(2) or m.group(3)
    yq_named: dict[int, str] = {}
    if yq:
        yq_named = {m.start(): m.group(1) for m in _YQ_NAMED.finditer(text)}
    # a reference that is no named read: the whole environment
    everything = any(
        m.start() not in starts and m.start() not in yq_named for m in _JQ_ENV.finditer(text)
    )
    return [*starts.values(), *yq_named.values()], everything


def _references(command: Command) -> tuple[list[str], bool]:
    """(the variables the command names, whether it prints the whole environment)."""
    name = command.name
    args = [w.text for w in command.words[1:]]
    named: list[str] = []
    everything = False
    if name == "printenv":
        operands = [a for a in args if not a.startswith("-")]
        named += operands
        everything = not operands
    elif name == "env":
        everything = _env_prints(args)
    elif name == "set":
        everything = not args
    elif name in ("export", "declare", "typeset", "local"):
        names = [a for a in args if not a.startswith(("-", "+"))]
        flags = "".join(a[1:] for a in args if a.startswith("-") and a != "--")
        if not names and set(flags) <= _LISTING_FLAGS and name != "local":
            everything = True
        elif "p" in flags:
            named += names
        if "i" in flags:  # `declare -i n=X`: X's value is evaluated (`shell.arithsecrets`)
            named += _arithmetic_operands([a.partition("=")[2] for a in names])
    elif name == "let":
        named += _arithmetic_operands(args)
    elif name == "ps":
        everything = any(not a.startswith("-") and "e" in a for a in args) or "-E" in args
    elif name in ("jq", "gojq", "jaq", "yq"):
        for a in args:
            if "env" in a or "ENV" in a:  # `re` only for a filter that may name it
                found, whole = _jq_references(a, name == "yq")
                named += found
                everything = everything or whole
            if name == "yq" and "env" in a:
                # `envsubst` puts each `${NAME}` of a string, from the file or the filter
                everything = everything or "envsubst" in a
    elif name == "systemctl":
        everything = "show-environment" in args  # the service manager's environment
    if name in ("test", "["):
        return named, everything
    if not everything and _reads_environ(command):
        everything = True  # `cat /proc/self/environ`: the process' environment, NUL-separated
    declaration = name in ("export", "declare", "typeset", "local", "readonly")
    texts = [w.text for w in command.words if w.dynamic and "$" in w.text]
    texts += [r.target.text for r in command.redirects if r.op in ("<<", "<<<")]
    for text in texts:
        if declaration and "=" in text.split("$", 1)[0]:
            continue  # `export GH_TOKEN=$GITHUB_TOKEN` hands the value on
        for mark, var in _dollar_names(text):
            if mark == "!":
                everything = True  # `${!x}`: whichever variable x names
            elif not mark:
                named.append(var)
    if name in ("printenv", "declare", "typeset") and any(
        w.dynamic and "=" not in w.text for w in command.words[1:]
    ):
        everything = True  # `printenv $X`: a name known only at run time
    return named, everything


def _arithmetic_operands(texts: list[str]) -> list[str]:
    """The variables arithmetic texts evaluate (`let y=X`: X, not y), whose value bash
    prints when it is no expression (see `shell.arithsecrets`)."""
    from gatekeeper.lazyre import re

    operand = r"(?<![A-Za-z0-9_$])([A-Za-z_][A-Za-z0-9_]*)(?![A-Za-z0-9_])(?!\s*=(?!=))"
    return [m.group(1) for text in texts for m in re.finditer(operand, text)]


def _reads_environ(command: Command) -> bool:
    """Whether a word or an input redirect names a process' environment file
    (`/proc/self/environ`, `/proc/$$/environ`, `/proc/PID/task/TID/environ`)."""
    import posixpath

    texts = [w.text for w in command.words[1:]]
    texts += [r.target.text for r in command.redirects if r.op.startswith("<")]
    return any(
        "environ" in t and _PROC_ENVIRON.match(posixpath.normpath(t)) is not None for t in texts
    )


def _env_prints(args: list[str]) -> bool:
    """Whether `env ARGS` prints the environment: no command after its options and
    assignments, and not `-i` (an empty one)."""
    i = 0
    while i < len(args):
        a = args[i]
        i += 1
        if a == "--ignore-environment" or (a[:1] == "-" and a[1:2] != "-" and "i" in a):
            return False
        name, eq, value = a.partition("=")
        if eq and len(name) > 2 and "--split-string".startswith(name) and value.strip():
            return False  # `env --split-string='ls -la'` runs ls (`-S 'ls -la'` does below)
        if a in ("-u", "--unset", "-C", "--chdir"):
            i += 1
        elif a == "--":
            continue
        elif not a.startswith("-") and "=" not in a:
            return False  # the command env runs: judged as itself
    return True


def _dollar_names(text: str) -> list[tuple[str, str]]:
    """(mark, NAME) for each `$NAME`, `${NAME`, `${#NAME` (mark `#`: a length) and
    `${!NAME` (mark `!`: indirect; NAME is a digit, `@` or `*` for `${!1`, `${!@`) in a
    word's text.

    A word holding nested `$( )` holds the text of every level below it, each level's
    word is scanned, and a character loop here made a 1,000-level nesting cost ~0.6 s.
    So: one scan in C, and none when every `$` opens a `$(` (no name can follow one).
    """
    if text.count("$") == text.count("$("):
        return []
    if len(text) > _SCAN_IN_PYTHON:
        return [
            (m.group(1)[1:] if m.group(1) else "", m.group(2)) if m.group(2) else ("!", m.group(4))
            for m in _DOLLAR.finditer(text)
        ]
    # A short word (`"$f"`, `${HOME}/x`): the same matches without `re`, whose import costs
    # a cold call ~20 million instructions (docs/performance.md, run U).
    found: list[tuple[str, str]] = []
    end = len(text)
    i = text.find("$")
    while i >= 0:
        j = i + 1
        mark = ""
        if j < end and text[j] == "{":
            if text[j + 1 : j + 2] in ("#", "!") and text[j + 2 : j + 3] in _NAME_START:
                mark, j = text[j + 1], j + 2
            elif text[j + 1 : j + 2] == "!" and text[j + 2 : j + 3] in _POSITIONAL:
                # `${!1}`, `${!@}`: the variable a positional parameter names
                k = j + 3
                while k < end and text[k - 1] in _DIGITS and text[k] in _DIGITS:
                    k += 1
                found.append(("!", text[j + 2 : k]))
                i = text.find("$", k)
                continue
            elif text[j + 1 : j + 2] in _NAME_START:
                j += 1
        if text[j : j + 1] in _NAME_START:
            k = j + 1
            while k < end and text[k] in _NAME_CHARS:
                k += 1
            found.append((mark, text[j:k]))
            i = text.find("$", k)
        else:
            i = text.find("$", i + 1)
    return found
