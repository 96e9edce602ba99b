"""What a command writes and reads: the shell side of the one path policy.

Every write channel the gate knows is listed here once, so the checker of write targets and
the protected-paths checker see the same targets: redirects (``>``, ``>>``, ``&>``, ``>|``,
``<>``, ``exec 3>``), ``tee``, ``-o``/``--output``/``--output=``, ``sed -i`` and sed's ``w``,
``find -fprint/-fprint0/-fprintf/-fls``, ``sort -o``/``-T``, ``time -o``, destinations of ``cp``/``mv``/
``install``/``ln``, ``curl -o``/``-O``, ``wget -O``/``-P``, ``dd of=``, ``yq -i`` (``-Pi``), ``sdiff -o``, the outfile
of ``xxd`` and ``uniq``, ``iconv -o``, ``git --output-directory=``, and the operands of
``touch``/``mkdir``/``rm``/``rmdir``/``truncate``/``chmod``/``chown``/``shred``/``unlink``.
The files of ``perl -i``/``ruby -i``/``gawk -i inplace`` (`gatekeeper.shell.inplace`), pip's
destinations (`gatekeeper.shell.pkgdirs`), ``openssl -out``, ``gpg -o``, and of socat's addresses
(`gatekeeper.shell.socat`) are read from their own modules.
"""

from __future__ import annotations

from gatekeeper.lazyre import LazyRegex, re
from gatekeeper.model import Word
from gatekeeper.shell.jsonfilters import yq_in_place

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Iterable, Sequence

    from gatekeeper.model import Command

_WRITE_OPS = {">", ">>", "&>", "&>>", ">|", "<>", ">&", "&>|"}
# Commands whose short `-o FILE` is an output file (elsewhere `-o` means other things).
_DASH_O_OUTPUT = {
    "curl",
    "sort",
    "gcc",
    "cc",
    "g++",
    "c++",
    "clang",
    "clang++",
    "go",
    "pandoc",
    "wget",
    "yt-dlp",
    "rustc",
    "nvcc",
    "ld",
    "as",
    "xz",
    "zstd",
    "openssl",
    "cargo",
    "uniq",
    "iconv",
    "base64",
}
# Commands whose plain operands are all written (created, removed, changed in place).
_OPERANDS_WRITTEN = {
    "touch",
    "mkdir",
    "rm",
    "rmdir",
    "unlink",
    "truncate",
    "shred",
    "chmod",
    "chown",
    "chgrp",
    "setfacl",
    "chattr",
    "mkfifo",
}
# Commands whose last operand (or -t DIR) is the destination.
# Wrappers that run their command on their own standard input: a here-document, a
# here-string or a pipe on the wrapper feeds the command (`nice python3 <<< CODE`, `nc h p |
# chronic sh`). The one list for every checker that follows stdin through a wrapper; those
# in STDIN_WRAPPERS_WITH_OPERAND take one operand of their own first (`timeout 5 sh`).
STDIN_WRAPPERS_WITH_OPERAND = frozenset({"timeout", "flock", "chrt", "taskset"})
STDIN_WRAPPERS = STDIN_WRAPPERS_WITH_OPERAND | {
    *("env", "command", "builtin", "exec", "coproc", "nohup", "setsid", "nice", "ionice"),
    *("stdbuf", "time", "chronic", "unbuffer", "caffeinate", "noglob"),
}
_DESTINATION_LAST = {"cp", "mv", "install", "ln", "rsync", "scp"}
# Options (of those commands) that take a separate value which is not a file written.
_VALUE_OPTIONS = {
    "sort": {"-k", "-t", "-S", "-T", "--key", "--field-separator", "--buffer-size"},
    "curl": {
        "-H",
        "-d",
        "-X",
        "-u",
        "-A",
        "-e",
        "-F",
        "--data",
        "--header",
        "--request",
        "--user",
        "--form",
        "-m",
        "--max-time",
        "-w",
        "--write-out",
    },
    "chmod": {"--reference"},
    "truncate": {"-s", "--size", "-r", "--reference"},
    "install": {"-m", "--mode", "-o", "--owner", "-g", "--group"},
    "touch": {"-d", "--date", "-t", "-r", "--reference"},
    "mkfifo": {"-m", "--mode", "--context"},
}


def operands(command: Command, value_options: set[str] | None = None) -> list[Word]:
    """The non-option arguments of a command (everything after `--` counts)."""
    out: list[Word] = []
    skip = False
    ended = False
    for word in command.words[1:]:
        if skip:
            skip = False
            continue
        text = word.text
        if not ended and text == "--":
            ended = True
            continue
        if not ended and text.startswith("-") and text != "-":
            if value_options and text in value_options:
                skip = True
            continue
        out.append(word)
    return out


def long_options(arg: str, names: Iterable[str]) -> list[str]:
    """The long options of `names` that `arg` (``--opt`` or ``--opt=value``) spells out or
    abbreviates: getopt_long, git, argp and argparse take any unambiguous prefix, so
    ``--outp=F`` is ``--output=F``. Empty for a word that is not a long option."""
    opt = arg.split("=", 1)[0]
    if not opt.startswith("--") or len(opt) < 3:
        return []
    return [name for name in names if name.startswith(opt)]


def split_options(
    args: Sequence[str], value_flags: Collection[str], *, dash_values: bool = True
) -> tuple[list[str], list[str]]:
    """Positional words and flags of an argv tail.

    A flag in `value_flags` swallows the next word as its value (given back as
    ``flag=value``); with `dash_values` false, not when that word looks like a flag itself.
    Everything after ``--`` is positional.
    """
    positional: list[str] = []
    flags: list[str] = []
    i = 0
    n = len(args)
    # Indexes and slices, not `startswith` (~650 instructions a call in CPython 3.11: hot,
    # every word of every cloud CLI call); the next word is read only for a value flag.
    while i < n:
        a = args[i]
        if a == "--":
            positional += args[i + 1 :]
            break
        if len(a) > 1 and a[0] == "-":
            if a in value_flags and i + 1 < n:
                nxt = args[i + 1]
                if dash_values or nxt[:1] != "-":
                    flags.append(f"{a}={nxt}")
                    i += 2
                    continue
            flags.append(a)
        else:
            positional.append(a)
        i += 1
    return positional, flags


_LAST: list[tuple[object, tuple[tuple[Word, str], ...]]] = [(None, ())]


def write_targets(command: Command) -> tuple[tuple[Word, str], ...]:
    """Every file a command may write, as (target word, channel) pairs.

    Several plugins ask this of the same command one after another, so the answer for the
    last command object is kept (a tuple: every caller gets the same, unchangeable one). It
    is a function of the (frozen) command alone, and the kept reference keeps the object
    alive, so an `is` match is always the same command.
    """
    last = _LAST[0]  # one read: another thread may replace the entry
    if last[0] is command:
        return last[1]
    targets = tuple(_write_targets(command))
    _LAST[0] = (command, targets)
    return targets


# `--output=FILE`...: what r"--(output|output-file|out-file|outfile|log-file)=" matches.
_LONG_OUTPUT_EQ = ("--output=", "--output-file=", "--out-file=", "--outfile=", "--log-file=")


def _write_targets(command: Command) -> list[tuple[Word, str]]:
    targets: list[tuple[Word, str]] = []
    for r in command.redirects:
        if r.op in _WRITE_OPS:
            if r.op in (">&", "<>") and (r.target.text.isdigit() or r.target.text == "-"):
                continue  # descriptor duplication (2>&1, >&2), not a file
            targets.append((r.target, f"redirect `{r.op}`"))
    name = command.name
    words = command.words
    argv = command.argv
    # The channels of the command's own name (one look-up, not a chain of tests: hot, every
    # command), or those any name may have (`python3 -m pip`, `X -m venv`).
    channels = _CHANNELS.get(name)
    if channels is not None:
        targets += channels(command)
    elif argv[1:2] == ("-m",) or name[:2] == "py":  # else `_any_name` finds none (hot)
        targets += _any_name(command)
    # Long --output options are unambiguous for every command (git diff --output, ...).
    for i, arg in enumerate(argv[1:], 1):
        if arg[:1] != "-":  # not `startswith`: ~650 instructions a call in CPython 3.11
            continue  # every channel below is an option (hot: every word of every command)
        if arg[1:2] not in "oO" and arg[2:3] not in "ol":
            continue  # none below: each is `--o…`, `--l…`, `-o…` or `-O` (hot: most options)
        if arg in (
            "--output",
            "--output-file",
            "--out-file",
            "--outfile",
            "--log-file",
        ) and i + 1 < len(words):
            targets.append((words[i + 1], arg))
        elif arg.startswith(_LONG_OUTPUT_EQ):
            value = arg.split("=", 1)[1]
            targets.append((Word(value, words[i].dynamic), arg.split("=", 1)[0]))
        elif (
            name in _DASH_O_OUTPUT and arg in ("-o", "-O") and not (name == "curl" and arg == "-O")
        ):
            if i + 1 < len(words):
                targets.append((words[i + 1], f"{name} {arg}"))
        elif name in _DASH_O_OUTPUT and len(arg) > 2 and arg.startswith("-o") and name != "curl":
            targets.append((Word(arg[2:], words[i].dynamic), f"{name} -o"))
    if name == "curl" and any(
        a in ("-O", "--remote-name", "--remote-name-all")
        or (a.startswith("-") and not a.startswith("--") and "O" in a)
        for a in argv[1:]
    ):
        targets.append((Word("."), "curl -O (a file named by the server, in the cwd)"))
    return targets


_AWKS = frozenset({"awk", "gawk"})


def _tee(command: Command) -> list[tuple[Word, str]]:
    return [(w, "tee") for w in operands(command)]


def _no_mode(command: Command) -> bool:
    """Whether every operand of `chmod`/`chown`/`chgrp` is a target: `--reference=F` stands
    for the mode or owner, and GNU chmod takes a mode spelled like an option (`chmod -x F`,
    `chmod -w,u+x F`: no operand is the mode then)."""
    for word in command.words[1:]:
        t = word.text
        if t == "--":
            return False
        if t.startswith("--reference"):
            return True
        if command.name == "chmod" and _DASH_MODE.match(t):
            return True
    return False


_DASH_MODE = LazyRegex(r"^-[rwxXstugoa,+=0-7-]+$")


def _operands_written(command: Command) -> list[tuple[Word, str]]:
    name = command.name
    ops = operands(command, _VALUE_OPTIONS.get(name))
    if name in ("chmod", "chown", "chgrp", "setfacl", "chattr") and ops and not _no_mode(command):
        ops = ops[1:]  # the mode / owner comes first
    return [(w, f"`{name}`") for w in ops]


def _history(command: Command) -> list[tuple[Word, str]]:
    """`history -w FILE` (or `-a`) writes the shell's history list, which `history -s LINE`
    fills with any line, into FILE (`~/.bashrc`, then sourced by the next shell); without
    FILE, into $HISTFILE."""
    words = command.words[1:]
    flags = "".join(w.text[1:] for w in words if w.text[:1] == "-" and w.text != "--")
    if "s" in flags or not ("w" in flags or "a" in flags):
        return []
    files = [w for w in words if w.text[:1] != "-"]
    return [(files[0] if files else Word("$HISTFILE", True), "history -w")]


def _dd(command: Command) -> list[tuple[Word, str]]:
    return [
        (Word(w.text[3:], w.dynamic), "dd of=") for w in command.words if w.text.startswith("of=")
    ]


def _find_prints(command: Command) -> list[tuple[Word, str]]:
    words = command.words
    return [
        (words[i + 1], f"find {arg}")
        for i, arg in enumerate(command.argv)
        if arg in ("-fprint", "-fprint0", "-fprintf", "-fls") and i + 1 < len(words)
    ]


def _xxd(command: Command) -> list[tuple[Word, str]]:
    ops = operands(command, {"-s", "-seek", "-l", "-len", "-c", "-cols", "-g", "-o", "-n"})
    return [(w, "xxd outfile") for w in ops[1:2]]


def _uniq(command: Command) -> list[tuple[Word, str]]:  # `uniq INPUT OUTPUT` writes OUTPUT
    ops = operands(command, {"-f", "--skip-fields", "-s", "--skip-chars", "-w", "--check-chars"})
    return [(w, "uniq outfile") for w in ops[1:2]]


def _yq(command: Command) -> list[tuple[Word, str]]:
    if not yq_in_place(command.argv[1:]):
        return _any_name(command)  # `yq` without `-i` writes nothing of its own
    ops = [w for w in operands(command) if w.text not in ("eval", "e", "eval-all", "ea")]
    return [(w, "yq -i") for w in ops[1:]]


def _in_place(command: Command) -> list[tuple[Word, str]]:  # `perl -pi -e CODE FILE`
    from gatekeeper.shell.inplace import in_place_files

    return [(w, f"{command.name} -i") for w in in_place_files(command)]


def _awk_in_place(command: Command) -> list[tuple[Word, str]]:  # `gawk -i inplace PROG FILE`
    from gatekeeper.shell.inplace import awk_in_place_files

    return [(w, "awk -i inplace") for w in awk_in_place_files(command)]


def _pip(command: Command) -> list[tuple[Word, str]]:
    from gatekeeper.shell.pkgdirs import pip_destinations

    return pip_destinations(command)


def _compressed(command: Command) -> list[tuple[Word, str]]:  # `gzip FILE` replaces FILE
    from gatekeeper.shell.treeops import compressed_files

    return [(w, command.name) for w in compressed_files(command)]


def _venv(command: Command) -> list[tuple[Word, str]]:  # an environment's directory
    from gatekeeper.shell.venvs import venv_dirs

    return [(w, "venv") for w in venv_dirs(command)[0]]


def _uv(command: Command) -> list[tuple[Word, str]]:
    return _pip(command) if command.argv[1:2] == ("pip",) else _venv(command)


def _socat(command: Command) -> list[tuple[Word, str]]:  # `socat - CREATE:/path`
    if command.argv[1:3] == ("-m", "venv"):
        return _venv(command)  # (tested before socat's own channels, as any name's)
    from gatekeeper.shell.socat import socat_files

    return [(w, "socat address") for w in socat_files(command)[1]]


def _git_outputs(command: Command) -> list[tuple[Word, str]]:
    argv = command.argv
    if argv[1:3] == ("-m", "venv"):
        return _venv(command)  # (tested before git's own channels, as any name's)
    words = command.words
    targets: list[tuple[Word, str]] = []
    for i, arg in enumerate(argv):
        if arg[:1] != "-":
            continue  # every channel below is an option
        if arg in ("-o", "--output-directory") and i + 1 < len(words):
            targets.append((words[i + 1], f"git {arg}"))
        elif arg.startswith("--output-directory="):
            targets.append((Word(arg.split("=", 1)[1], words[i].dynamic), "git -o"))
        elif arg.startswith("-o") and len(arg) > 2:
            targets.append((Word(arg[2:], words[i].dynamic), "git -o"))
    return targets


def _any_name(command: Command) -> list[tuple[Word, str]]:
    """The channels of a name `_CHANNELS` does not hold: `pythonX -m pip`, `X -m venv`,
    and a python naming venv in any spelling (`-mvenv`, `-Im venv`, `-I -m venv`)."""
    argv = command.argv
    if argv[1:3] == ("-m", "pip") and command.name.startswith("python"):
        return _pip(command)
    if argv[1:3] == ("-m", "venv") or (command.name[:2] == "py" and "venv" in "".join(argv)):
        return _venv(command)
    return []


_COMPRESSORS = frozenset({"gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "zstd", "lzma"})
# openssl's and gpg's options whose value is a file they write (`-o` for gpg; openssl's `-o`
# is judged with the `-o` tools already).
_SINGLE_DASH_OUT = {"-out", "-keyout", "-sigfile", "-signature", "--output"}


def _single_dash_outputs(command: Command) -> list[tuple[Word, str]]:
    """openssl's `-out FILE` (also `-keyout`), gpg's `-o FILE`/`-oFILE`."""
    words = command.words
    out: list[tuple[Word, str]] = []
    gpg = command.name != "openssl"
    for i in range(1, len(words)):
        text = words[i].text
        after = words[i + 1] if i + 1 < len(words) else None
        if (text in _SINGLE_DASH_OUT or (gpg and text == "-o")) and after is not None:
            out.append((after, f"{command.name} {text}"))
        elif gpg and text.startswith("-o") and len(text) > 2:
            out.append((Word(text[2:], words[i].dynamic), f"{command.name} -o"))
    return out


def _time_output(command: Command) -> list[tuple[Word, str]]:
    """GNU time's log file among its own options (`time -o F`, `-aoF`, ``--outp=F``): it stops
    at the first operand, the command it runs."""
    words = command.words
    i = 1
    while i < len(words) and words[i].text.startswith("-") and words[i].text not in ("-", "--"):
        text = words[i].text
        after = words[i + 1] if i + 1 < len(words) else None
        if text.startswith("--"):
            if long_options(text, ("--output",)):
                if "=" in text:
                    return [(Word(text.split("=", 1)[1], words[i].dynamic), "time --output")]
                return [(after, "time --output")] if after is not None else []
            i += 1 + (long_options(text, ("--format",)) != [] and "=" not in text)
            continue
        letters = text[1:]
        valued = next((j for j, c in enumerate(letters) if c in "fo"), -1)
        if valued >= 0 and letters[valued] == "o":
            value = letters[valued + 1 :]
            if value:
                return [(Word(value, words[i].dynamic), "time -o")]
            return [(after, "time -o")] if after is not None else []
        i += 2 if valued == len(letters) - 1 else 1
    return []


def _sort_writes(command: Command) -> list[tuple[Word, str]]:
    """Where sort writes besides `-o FILE`/`-oFILE` (judged with the other `-o` tools): the
    `-o` of a cluster (``-uo F``), its temporary files' directory (``-T DIR``, ``-uTDIR``,
    ``--temporary-directory=DIR``, abbreviated ``--temp=DIR``), ``--outp=F``."""
    words = command.words
    out: list[tuple[Word, str]] = []
    i = 1
    while i < len(words):
        text = words[i].text
        after = words[i + 1] if i + 1 < len(words) else None
        i += 1
        if text == "--":
            break
        if text.startswith("--"):
            name, eq, value = text.partition("=")
            found = long_options(name, ("--output", "--temporary-directory"))
            if found and name != "--output":  # `--output` itself: the loop of `_write_targets`
                if eq:
                    out.append((Word(value, words[i - 1].dynamic), f"sort {found[0]}"))
                elif after is not None:
                    out.append((after, f"sort {found[0]}"))
            if not eq and (found or long_options(name, _SORT_VALUED_LONG)):
                i += 1
        elif text.startswith("-") and len(text) > 1:
            for j, letter in enumerate(text[1:], 1):
                if letter not in "kotST":  # sort's short options that take a value
                    continue
                rest = text[j + 1 :]
                if letter in "oT" and not (j == 1 and letter == "o"):  # `-o F`: judged already
                    target = Word(rest, words[i - 1].dynamic) if rest else after
                    if target is not None:
                        out.append((target, f"sort -{letter}"))
                if not rest:
                    i += 1
                break
    return out


def _sdiff_output(command: Command) -> list[tuple[Word, str]]:
    """sdiff's merged file: `-o F`, `-oF`, the `-o` of a cluster (``-so F``) and a prefix of
    ``--output`` (``--out=F``; the whole ``--output[=]F`` is judged with the other tools).
    With two equal inputs it writes their text without asking anything."""
    words = command.words
    out: list[tuple[Word, str]] = []
    i = 1
    while i < len(words):
        text = words[i].text
        after = words[i + 1] if i + 1 < len(words) else None
        i += 1
        if text == "--":
            break
        if text.startswith("--"):
            name, eq, value = text.partition("=")
            if long_options(name, ("--output",)) and len(name) > 2:
                if name != "--output":
                    target = Word(value, words[i - 1].dynamic) if eq else after
                    if target is not None:
                        out.append((target, "sdiff --output"))
                i += 0 if eq else 1
        elif text.startswith("-") and len(text) > 1:
            for j, letter in enumerate(text[1:], 2):
                if letter in "Iow":  # sdiff's short options that take a value
                    rest = text[j:]
                    if letter == "o":
                        target = Word(rest, words[i - 1].dynamic) if rest else after
                        if target is not None:
                            out.append((target, "sdiff -o"))
                    i += 0 if rest else 1
                    break
    return out


def _iconv_output(command: Command) -> list[tuple[Word, str]]:
    """iconv's output file besides `-o F`/`-oF`/`--output[=]F` (judged with the other `-o`
    tools): the `-o` of a cluster (``-co F``, ``-co/F``) and an abbreviation (argp takes
    ``--out=F``)."""
    words = command.words
    out: list[tuple[Word, str]] = []
    for i in range(1, len(words)):
        text = words[i].text
        after = words[i + 1] if i + 1 < len(words) else None
        if text == "--":
            break
        if text.startswith("--"):
            name, eq, value = text.partition("=")
            if name != "--output" and long_options(name, ("--output",)):
                if eq:
                    out.append((Word(value, words[i].dynamic), "iconv --output"))
                elif after is not None:
                    out.append((after, "iconv --output"))
        elif text.startswith("-") and len(text) > 2 and text[1] != "o":
            for j, letter in enumerate(text[1:], 1):
                if letter in "ft":
                    break  # the rest of the word is the encoding
                if letter == "o":
                    rest = text[j + 1 :]
                    target = Word(rest, words[i].dynamic) if rest else after
                    if target is not None:
                        out.append((target, "iconv -o"))
                    break
    return out


_SORT_VALUED_LONG = (
    "--key", "--field-separator", "--buffer-size", "--parallel", "--batch-size",
    "--files0-from", "--random-source", "--compress-program", "--sort",
)  # fmt: skip


def _destination(command: Command) -> list[tuple[Word, str]]:
    argv = command.argv
    for i, arg in enumerate(argv):
        if arg in ("-t", "--target-directory") and i + 1 < len(argv):
            return [(command.words[i + 1], f"{command.name} -t")]
        if arg.startswith("--target-directory="):
            return [(Word(arg.split("=", 1)[1], command.words[i].dynamic), command.name)]
    ops = operands(
        command, {"-m", "--mode", "-o", "--owner", "-g", "--group", "-S", "--suffix", "-e", "--rsh"}
    )
    if command.name == "ln" and len(ops) == 1:
        return [(Word("."), "ln (into the cwd)")]
    if len(ops) >= 2 or (command.name == "install" and ops):
        return [(ops[-1], f"{command.name} destination")]
    return []


def _wget(command: Command) -> list[tuple[Word, str]]:
    out: list[tuple[Word, str]] = []
    argv = command.argv
    explicit = False
    for i, arg in enumerate(argv[1:], 1):
        if arg in (
            "-O",
            "--output-document",
            "-P",
            "--directory-prefix",
            "-o",
            "-a",
        ) and i + 1 < len(argv):
            out.append((command.words[i + 1], f"wget {arg}"))
            explicit = explicit or arg in ("-O", "--output-document", "-P", "--directory-prefix")
        elif arg.startswith(("--output-document=", "--directory-prefix=")):
            out.append((Word(arg.split("=", 1)[1], command.words[i].dynamic), "wget"))
            explicit = True
        elif arg.startswith("-O") and len(arg) > 2:
            out.append((Word(arg[2:], command.words[i].dynamic), "wget -O"))
            explicit = True
    if not explicit:
        out.append((Word("."), "wget (a file in the cwd)"))
    return out


def _sed_writes(command: Command) -> list[tuple[Word, str]]:
    argv = command.argv
    in_place = any(
        a == "--in-place"
        or a.startswith("--in-place=")
        or (a.startswith("-") and not a.startswith("--") and "i" in a[1:])
        for a in argv[1:]
    )
    out: list[tuple[Word, str]] = []
    scripts, files = sed_scripts_and_files(command)
    if in_place:
        out += [(w, "sed -i") for w in files]
    for script in scripts:
        targets = _sed_w_targets(script)
        if "w" in script or "W" in script:
            from gatekeeper.shell.sedscan import written_files

            # `1!w F`, `w/F`: any address, no space (redteam11); each file judged once
            targets = list(dict.fromkeys([*targets, *written_files(script)]))
        out += [(Word(target), "sed `w`") for target in targets]
    return out


def sed_scripts_and_files(command: Command) -> tuple[list[str], list[Word]]:
    """Split sed's arguments into scripts (-e/-f/first operand) and input files."""
    scripts: list[str] = []
    files: list[Word] = []
    words = command.words
    i = 1
    explicit = False
    while i < len(words):
        text = words[i].text
        if text in ("-e", "--expression") and i + 1 < len(words):
            scripts.append(words[i + 1].text)
            explicit = True
            i += 2
            continue
        given = _sed_cluster_script(text, words[i + 1].text if i + 1 < len(words) else None)
        if given is not None:  # `-e1e CMD`, `-ne SCRIPT`, `--expr=SCRIPT`, `-nf FILE`
            script, used_next = given
            if script is not None:
                scripts.append(script)
            explicit = True
            i += 2 if used_next else 1
            continue
        if text in ("-f", "--file") and i + 1 < len(words):
            explicit = True
            i += 2
            continue
        if _sed_line_length(text):
            i += 2  # `-l 5`, `-nl 5`, `--line-length 5`: the next word is the value, no script
            continue
        if text.startswith("--expression="):
            scripts.append(text.split("=", 1)[1])
            explicit = True
        elif text.startswith("-") and text != "-":
            pass
        elif not explicit and not scripts:
            scripts.append(text)
        else:
            files.append(words[i])
        i += 1
    return scripts, files


def _sed_cluster_script(text: str, following: str | None) -> tuple[str | None, bool] | None:
    """A script (or a `-f` file, None) given by a short-option cluster or an abbreviated long
    option, and whether it is the next word; None for any other word."""
    if text.startswith("--"):
        name, eq, value = text[2:].partition("=")
        kind = "e" if len(name) >= 1 and "expression".startswith(name) else ""
        kind = kind or ("f" if len(name) >= 2 and "file".startswith(name) else "")
        if not kind:
            return None
        if eq:
            return (value if kind == "e" else None), False
        return (following if kind == "e" else None), following is not None
    if not text.startswith("-") or len(text) < 2:
        return None
    for j, letter in enumerate(text[1:], 1):
        if letter in "il":  # `-i.bak`, `-l 80`: the rest is that option's own value
            return None
        if letter in "ef":
            rest = text[j + 1 :]
            script = rest or following
            return (script if letter == "e" else None), not rest and following is not None
    return None


def _sed_line_length(text: str) -> bool:
    """Whether a word of sed's is `-l` (alone or ending a cluster: `-nl`) or `--line-length`
    (abbreviated too) without its value: the next word is the value. bash: `sed -l 5 '1e
    CMD' f` ran CMD, which the gate took for a file while it read `5` as the script
    (redteam21)."""
    if text.startswith("--"):
        return len(text) > 2 and "--line-length".startswith(text)
    return text[:1] == "-" and text.endswith("l") and not any(c in "eif" for c in text[1:-1])


_SED_W = LazyRegex(
    r"(?:^|[;\n}]|\s)\s*(?:\d+|\$|/[^/]*/)?\s*[wW]\s+(\S+)|s(.)(?:(?!\2).)*\2(?:(?!\2).)*\2[gpIiMme0-9]*w\s*(\S+)"
)


def _sed_w_targets(script: str) -> list[str]:
    targets: list[str] = []
    if "w" not in script and "W" not in script:
        return targets  # both of _SED_W's branches need a `w` or `W`: `re` is not imported
    for m in _SED_W.finditer(script):
        target = m.group(1) or m.group(3)
        if target:
            targets.append(target)
    return targets


_SED_R = LazyRegex(
    r"(?:^|[;\n{}])\s*(?:(?:\d+|\$|/[^/]*/)(?:\s*,\s*(?:\d+|\$|/[^/]*/))?)?\s*!?\s*[rR]\s*([^\n]+)"
)


def sed_read_targets(script: str) -> list[str]:
    """The files sed's `r FILE`/`R FILE` commands read into the output (GNU: the name runs
    to the end of the line, `;` included)."""
    if "r" not in script and "R" not in script:
        return []  # the pattern needs one: `re` is not even imported
    from gatekeeper.shell.sedscan import read_files  # any address form (redteam21)

    found = [m.group(1).strip() for m in _SED_R.finditer(script) if m.group(1).strip()]
    return list(dict.fromkeys([*found, *read_files(script)]))


def sed_executes(script: str) -> bool:
    """True when a sed script can run a command (`e` command or the `s///e` flag)."""
    if "e" not in script:
        return False  # both patterns need an `e`: `re` is not even imported
    if re.search(r"(?:^|[;\n}])\s*(?:\d+|\$|/[^/]*/)?\s*e(?:\s|$|;)", script):
        return True
    return bool(re.search(r"s(.)(?:(?!\1).)*\1(?:(?!\1).)*\1[gpIiMmw0-9]*e", script))


# Per command name, where it writes besides the channels every command has (redirects,
# `--output`, the `-o` of the `_DASH_O_OUTPUT` tools, `curl -O`); a name not here has only
# `_any_name`'s. Each name once (`tests/test_write_channels.py` compares it with the chain of
# tests it replaced).
_CHANNELS: dict[str, Callable[[Command], list[tuple[Word, str]]]] = {
    "tee": _tee,
    **dict.fromkeys(_OPERANDS_WRITTEN, _operands_written),
    **dict.fromkeys(_DESTINATION_LAST, _destination),
    "dd": _dd,
    "history": _history,
    "sed": _sed_writes,
    "find": _find_prints,
    "wget": _wget,
    "xxd": _xxd,
    "uniq": _uniq,
    "yq": _yq,
    "time": _time_output,
    "sort": _sort_writes,
    "iconv": _iconv_output,
    "sdiff": _sdiff_output,
    "perl": _in_place,
    "ruby": _in_place,
    **dict.fromkeys(_AWKS, _awk_in_place),
    "pip": _pip,
    "pip3": _pip,
    **dict.fromkeys(("openssl", "gpg", "gpg2"), _single_dash_outputs),
    **dict.fromkeys(_COMPRESSORS, _compressed),
    "uv": _uv,
    "virtualenv": _venv,
    "socat": _socat,
    "git": _git_outputs,
}


# The name gates of two checks kept in modules of their own, here so that the plugins test a
# name without importing those modules (`gatekeeper hook` starts on every call): the
# commands that exist to print a credential (`shell.credprint`), and the process listers
# that may print other processes' command lines (`shell.proclines`).
CREDENTIAL_PRINTERS = frozenset({
    "gh", "glab", "gcloud", "az", "aws", "kubectl", "npm", "pnpm", "heroku", "git",
    "pass", "gopass", "secret-tool", "security", "op", "bw", "keyring",
    "vault", "gpg", "gpg2", "sops", "ansible-vault", "terraform", "tofu", "pulumi", "doppler",
})  # fmt: skip
PROCESS_LISTERS = frozenset({"ps", "pgrep", "pstree", "top", "systemctl"})
