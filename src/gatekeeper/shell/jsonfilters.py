"""What `jq` and `yq` read, and the forms of them that are not plain reads.

jq's command line is ``jq [OPTIONS] FILTER [FILE...]``; ``--arg``/``--argjson``/``--rawfile``/
``--slurpfile`` take two words (a name and a value or file), ``--indent`` and ``-L`` one; with
``-f``/``--from-file`` the filter comes from a file and every positional word is read.
``yq`` (mikefarah's Go yq) takes an optional ``eval``/``eval-all`` subcommand and reads a
lone positional as a file when one of that name exists, so all its positionals count as
reads; kislyuk's Python yq passes jq's options through to jq.

Not plain reads (GK-BASH-005): yq's ``load``/``load_str``/``str_load``... read any file the
expression names, and its ``eval(...)`` runs an expression the gate never sees; jq's
``import``/``include`` and ``modulemeta`` read modules and data files from a library path
(``-L``, ``~/.jq``); a filter in a file (``-f``, ``--from-file``) is not shown to the gate;
yq's ``-s``/``--split-exp`` writes one file per result, named by the expression, and ``-i``
(alone or among bundled letters: ``-Pi``) rewrites its files. yq's ``env``/``strenv`` read
the environment, which ``env``/``printenv`` print as well (SAFE): they are not flagged.
"""

from __future__ import annotations

from gatekeeper.lazyre import LazyRegex

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Sequence

    from gatekeeper.model import Command, Word

# yq's file loaders: load, load_str, load_xml, load_props, load_base64, and the reversed
# spellings str_load, strload, xml_load... (any case: the gate does not rely on the lexer's
# spelling rules; yq's lexer needs no word boundary before a name); `eval(EXPR)` evaluates
# an expression built at run time (`eval("lo" + "ad(...)")`, `eval(strenv(X))`).
_LOADS_FILE = LazyRegex(r"(?i)load\w*\s*\(")
_EVAL = LazyRegex(r"eval\s*\(")
# jq's module system: `import "m" as $d;` (a data file), `include "m";`, `"m" | modulemeta`.
# A comment may sit between the keyword and its path (`import #x` NEWLINE `"m" as $d;`, and
# jq 1.7.1 continues a comment over a backslash-newline): a `#` after it counts as well.
_MODULES = LazyRegex(r"(?<![\w.$])(?:import|include)\s*[\"#]|\bmodulemeta\b")
_TWO_VALUES = ("--arg", "--argjson", "--rawfile", "--slurpfile")
_ONE_VALUE = ("--indent", "-L", "--library-path")
_YQ_SUBCOMMANDS = ("eval", "e", "eval-all", "ea")
# mikefarah yq's short options that take a value (the rest of the word, or the next word).
_YQ_VALUED_SHORT = "opIfs"


def _parse(command: Command) -> tuple[list[Word], list[Word], bool]:
    """(positional words, files named by --rawfile/--slurpfile, filter read from a file)."""
    words = command.words
    positional: list[Word] = []
    value_files: list[Word] = []
    from_file = False
    i = 1
    while i < len(words):
        text = words[i].text
        if text == "--":
            positional += words[i + 1 :]
            break
        if text in _TWO_VALUES:
            if text in ("--rawfile", "--slurpfile") and i + 2 < len(words):
                value_files.append(words[i + 2])
            i += 3
            continue
        if text in _ONE_VALUE:
            i += 2
            continue
        if text == "--from-file" or text.startswith("--from-file="):
            from_file = True
        elif text.startswith("-") and not text.startswith("--") and len(text) > 1:
            if "f" in text[1:].split("L", 1)[0]:  # `-nf`, `-rf`: clustered with others
                from_file = True
        elif not text.startswith("-") or text == "-":
            positional.append(words[i])
        i += 1
    return positional, value_files, from_file


def reads(command: Command) -> list[Word]:
    """Every word `jq`/`yq` may open as a file: inputs, the filter file, --rawfile files."""
    positional, value_files, from_file = _parse(command)
    if command.name == "yq":
        if positional and positional[0].text in _YQ_SUBCOMMANDS:
            positional = positional[1:]
        return positional + value_files  # a lone positional is a file when one exists
    return (positional if from_file else positional[1:]) + value_files


def problem(command: Command) -> str:
    """Why this `jq`/`yq` is more than a read, or ""."""
    name = command.name
    args = command.argv[1:]
    for i, a in enumerate(args):
        if a == "--":
            break
        if a in ("-L", "--library-path") or a.startswith(("-L", "--library-path=")):
            return f"`{name} -L` loads modules from a library directory the gate has not read"
        if a == "--from-file" or a.startswith("--from-file="):
            return f"`{name} --from-file` runs a filter from a file the gate has not read"
        if a.startswith("-") and not a.startswith("--") and len(a) > 1:
            letters = a[1:]
            if name == "yq":
                found = _yq_short(letters, args[i + 1 : i + 2])
                if found:
                    return found
            elif "f" in letters:
                return f"`{name} -f` runs a filter from a file the gate has not read"
        if name == "yq" and a.startswith("--split-exp"):
            return "`yq --split-exp` writes one file per result, named by the expression"
    for a in args:
        # plain substring tests first: `re` is imported only when one of the words is there
        if "load" in a.lower() and _LOADS_FILE.search(a):
            return f"`{name}`'s `load` reads a file the expression names"
        if name == "yq" and "eval" in a and _EVAL.search(a):
            return "`yq`'s `eval` runs an expression built at run time (it may load files)"
        if ("import" in a or "include" in a or "modulemeta" in a) and _MODULES.search(a):
            return f"`{name}` imports modules or data files from its library path"
    return ""


def yq_in_place(args: Sequence[str]) -> bool:
    """True when `yq` rewrites its files: ``-i``, ``--inplace``, kislyuk's ``--in-place``, or
    an ``i`` among bundled letters (``-Pi``, ``-ei``: pflag and argparse both split a
    cluster), before a letter whose value is the rest of the word (``-oj``, ``-I2``, ``-w``)."""
    for a in args:
        if a.startswith("--"):
            if a.startswith(("--inplace", "--in-place")):
                return True
        elif a.startswith("-"):
            for c in a[1:]:
                if c == "i":
                    return True
                if c in "opIfw":
                    break
    return False


def _yq_short(letters: str, following: tuple[str, ...]) -> str:
    """mikefarah yq's `-s` (split into files) and kislyuk yq's `-f FILE` (jq's filter file);
    mikefarah's `-f` takes `extract`/`process`/`none` (front matter) and is a plain read."""
    for j, c in enumerate(letters):
        if c == "s":
            return "`yq -s` writes one file per result, named by the expression"
        if c == "f":
            value = letters[j + 1 :] or (following[0] if following else "")
            if value not in ("extract", "process", "none"):
                return "`yq -f` runs a filter from a file the gate has not read"
        if c in _YQ_VALUED_SHORT:
            break
    return ""
