"""GK-QUERY for database clients, packer, prometheus and file-inspection tools.

Not a plugin of its own: `gatekeeper.plugins.queries` dispatches the names in `TOOLS` here
(rule ids GK-QUERY-001/002, documented in docs/rules.md). A file operand is a read under
the path policy (`check_reads`); a file a tool may write is a write under it.

Database clients: SQL is code. A plain ``SELECT`` can call ``load_extension()`` or
``writefile()`` (sqlite3), ``COPY ... TO`` writes a file (duckdb, psql: ``TO PROGRAM``
runs one), ``INTO OUTFILE`` writes (mysql), a dot command runs a shell (``.shell``), and
the server clients connect with the user's stored credentials. sqlite3's ``-safe`` mode
let ``writefile()`` through before 3.40.1 (CVE-2022-46908), a version LTS distributions
still ship, and the gate cannot see which sqlite3 will run. So the five clients are SAFE
only for help and version (and ``psql -l``, which lists the local server's databases).

macOS inspectors: ``lipo -info``, ``plutil -p``, ``sips -g``, ``dscl . -read``, ``textutil
-info``, ``mdimport -t``, ``symbols``, ``binhex probe``, ``compression_tool`` to stdout,
``sample`` (a process's stacks, its report in a tmp dir), ``qlmanage -m``, ``say``: their
writing, opening and network options (``-o``, ``-output``, ``-e``, ``-n``...) are not approved.

packer: ``validate``, ``inspect`` and ``console`` start the template's plugin binaries and
data sources (code); ``fmt`` and ``plugins required`` only parse HCL.
"""

from __future__ import annotations

from gatekeeper.lazyre import LazyRegex
from gatekeeper.model import Finding, Verdict, Word
from gatekeeper.paths import ALLOWED, PROTECTED, TMP
from gatekeeper.plugins import queries_ops
from gatekeeper.plugins.bash import check_reads, check_tree_links

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Collection

    from gatekeeper.context import Context
    from gatekeeper.model import Command


_safe = queries_ops.safe
_review = queries_ops.review
_NAME = LazyRegex(r"^[A-Za-z0-9_.:/@+-]+$")
_ARCH = LazyRegex(r"[a-z0-9_]+")


def _reads(command: Command, ctx: Context, words: list[Word], reason: str) -> Finding:
    """SAFE with `reason` when every word is a path the policy lets us read."""
    return check_reads(command, ctx, words) or _safe(reason)


def _only(args: list[str], forms: Collection[str]) -> bool:
    """A single argument, one of `forms`."""
    return len(args) == 1 and args[0] in forms


# -- database clients ------------------------------------------------------------------------

# Each client's own help and version spellings. Another client's spelling is no help there:
# psql and mysql bundle short options, so `psql -version` is `-v ersion` (then it connects
# and runs what stdin holds, `\!` shell escapes included), `mysql -version` is `-v -e rsion`
# and `-help` is `-h elp` (a server named `elp`); sqlcmd's `-I` and `-V` are settings.
_SQL_HELP = {
    "sqlite3": {"--help", "-help", "--version", "-version"},
    "duckdb": {"--help", "-help", "--version", "-version"},
    "psql": {"--help", "-?", "--version", "-V"},
    "mysql": {"--help", "-?", "-I", "--version", "-V"},
    "sqlcmd": {"--help", "-?", "--version"},
}


def _sql_client(name: str, args: list[str]) -> Finding | None:
    if _only(args, _SQL_HELP[name]):
        return _safe(f"`{name} {args[0]}` only prints its help or version")
    if name == "psql" and args in (["-l"], ["--list"]):
        return _safe("`psql -l` only lists the local server's databases")
    if (
        name == "sqlcmd"
        and len(args) == 2
        and args[1] in ("--help", "-?")
        and _NAME.match(args[0])
        and not args[0].startswith("-")
    ):
        return _safe(f"`sqlcmd {args[0]} --help` only prints help")
    return None


# -- packer ----------------------------------------------------------------------------------

_PACKER_BUILTIN = {
    "build", "console", "fix", "fmt", "hcl2_upgrade", "init", "inspect", "plugins",
    "validate", "version",
}  # fmt: skip
_PACKER_FMT_FLAGS = {"-check", "-diff", "-write", "-recursive"}


def _packer(command: Command, ctx: Context) -> Finding | None:
    args = list(command.argv[1:])
    if _only(args, {"--help", "-help", "-h", "--version", "-version", "-v", "version"}):
        return _safe(f"`packer {args[0]}` only prints text")
    if len(args) == 2 and args[0] in _PACKER_BUILTIN and args[1] in ("--help", "-help", "-h"):
        return _safe(f"`packer {args[0]} -help` only prints help")
    if args[:1] == ["fmt"]:
        flags = [a for a in args[1:] if a.startswith("-")]
        if not all(f.split("=", 1)[0].lstrip("-") in {"check", "diff", "write", "recursive"}
                   for f in flags):  # fmt: skip
            return None
        checking = any(f.lstrip("-") in ("check", "write=false") for f in flags)
        targets = [w for w in command.words[2:] if not w.text.startswith("-")]
        found = check_reads(command, ctx, targets)
        if found is not None:
            return found
        for target in [w.text for w in targets] or ["."]:
            if ctx.paths.classify(target, write=not checking)[0] not in (ALLOWED, TMP):
                return _review(f"`packer fmt {target}` rewrites files outside the allowed dirs")
        return _safe("`packer fmt` formats (or checks) the project's own templates")
    if args[:2] == ["plugins", "required"] and len(args) == 3:
        return _reads(command, ctx, [command.words[3]], "`packer plugins required` reads HCL")
    return None


# -- macOS and other file inspectors ---------------------------------------------------------


def _files(
    command: Command, flags: Collection[str], values: Collection[str] = ()
) -> list[Word] | None:
    """The operands, when every option is in `flags` (or `values`, which take one word)."""
    words = list(command.words[1:])
    out: list[Word] = []
    i = 0
    while i < len(words):
        t = words[i].text
        if t in values:
            i += 1
        elif t.startswith("-") and t != "-":
            if t not in flags:
                return None
        else:
            out.append(words[i])
        i += 1
    return out


def _binhex(name: str, command: Command, ctx: Context) -> Finding | None:
    """binhex/applesingle/macbinary: probe, or decode/encode to standard output."""
    args = list(command.argv[1:])
    if _only(args, {"-h", "--help", "-V", "--version"}):
        return _safe(f"`{name} {args[0]}` only prints text")
    if not args or args[0] not in ("probe", "decode", "encode"):
        return None
    to_stdout = {"-c", "--pipe", "--to-stdout"}
    rest = [w for w in command.words[2:]]
    flags = {w.text for w in rest if w.text.startswith("-")}
    if args[0] == "probe" and flags:
        return None
    if args[0] != "probe" and not (flags and flags <= to_stdout):
        return None  # without -c the result is written beside the input
    files = [w for w in rest if not w.text.startswith("-")]
    return _reads(command, ctx, files, f"`{name} {args[0]}` only reads and prints")


def _lipo(command: Command, ctx: Context) -> Finding | None:
    words = list(command.words[1:])
    files: list[Word] = []
    asked = False
    i = 0
    while i < len(words):
        t = words[i].text
        if t in ("-info", "-archs", "-detailed_info"):
            asked = True
        elif t == "-verify_arch":
            asked = True
            while i + 1 < len(words) and _ARCH.fullmatch(words[i + 1].text):
                i += 1  # the architecture names; anything else is a file, read below
        elif t.startswith("-"):
            return None  # -create, -output, -thin, -extract, -remove, -replace...
        else:
            files.append(words[i])
        i += 1
    if not asked:
        return None
    return _reads(command, ctx, files, "`lipo -info` only describes a binary")


def _mdimport(command: Command, ctx: Context) -> Finding | None:
    args = list(command.argv[1:])
    if _only(args, {"-L", "-A", "-X", "-h"}):
        return _safe(f"`mdimport {args[0]}` only lists importers or the schema")
    if "-t" not in args:
        return None  # without -t the files go into the Spotlight index
    files = _files(command, {"-t", "-d1", "-d2", "-d3", "-d4"})
    if files is None:
        return None  # -g names an importer plugin (code), -o writes
    return _reads(command, ctx, files, "`mdimport -t` only prints what it would import")


def _compression_tool(command: Command, ctx: Context) -> Finding | None:
    args = list(command.argv[1:])
    if args == ["-h"]:
        return _safe("`compression_tool -h` only prints help")
    words = list(command.words[1:])
    inputs: list[Word] = []
    i = 0
    while i < len(words):
        t = words[i].text
        if t in ("-a", "-b") and i + 1 < len(words):
            i += 1
        elif t == "-i" and i + 1 < len(words):
            inputs.append(words[i + 1])
            i += 1
        elif t not in ("-encode", "-decode"):
            return None  # -o writes a file
        i += 1
    return _reads(command, ctx, inputs, "`compression_tool` without -o prints to stdout")


_SIPS_VALUES = {"-g", "--getProperty"}
_SIPS_FLAGS = {"-1", "--oneLine", "--verify", "-h", "--help", "-H", "--helpProperties"}


def _sips(command: Command, ctx: Context) -> Finding | None:
    files = _files(command, _SIPS_FLAGS, _SIPS_VALUES)
    if files is None:
        return None  # -s, -r, -z, --out, -j (JavaScript)... write or run
    return _reads(command, ctx, files, "`sips -g` only prints image properties")


def _plutil(command: Command, ctx: Context) -> Finding | None:
    words = list(command.words[1:])
    texts = [w.text for w in words]
    if _only(texts, {"-help", "--help", "-h"}):
        return _safe("`plutil -help` only prints help")
    files: list[Word] = []
    extracting = to_stdout = False
    i = 0
    while i < len(words):
        t = texts[i]
        if t == "-extract" and i + 2 < len(words):
            extracting, i = True, i + 3  # the key path and the output format
            continue
        if t == "-type" and i + 1 < len(words):
            i += 2
            continue
        if t == "-o" and texts[i + 1 : i + 2] == ["-"]:
            to_stdout, i = True, i + 2
            continue
        if t.startswith("-") and t not in ("-p", "-lint", "-s", "-r", "-n"):
            return None  # -convert, -insert, -replace, -remove, -o FILE... write a file
        if not t.startswith("-"):
            files.append(words[i])
        i += 1
    if extracting and not to_stdout:
        return None  # without `-o -` the extracted value replaces the input file
    return _reads(command, ctx, files, "`plutil -p`/`-lint`/`-extract ... -o -` only reads")


_DSCL_READ = {"read", "readall", "readpl", "readpli", "list", "search", "diff", "ls", "cat"}


def _dscl(args: list[str]) -> Finding | None:
    rest = [a for a in args]
    while rest and rest[0] in ("-plist", "-raw", "-q"):
        rest = rest[1:]
    if len(rest) < 2 or rest[0] not in (".", "localhost", "/Local/Default"):
        return None  # another node may ask for a password or reach the network
    verb = rest[1].lstrip("-")
    if verb not in _DSCL_READ:
        return None  # create, append, merge, delete, change, passwd, auth...
    if not all(_NAME.match(a) and not a.startswith("-") for a in rest[2:]):
        return None
    return _safe(f"`dscl . -{verb}` only reads the local directory")


def _textutil(command: Command, ctx: Context) -> Finding | None:
    args = list(command.argv[1:])
    if _only(args, {"-help", "--help"}):
        return _safe("`textutil -help` only prints help")
    values = {"-convert", "-cat", "-format", "-encoding", "-inputencoding", "-font", "-fontsize"}
    files = _files(command, {"-info", "-stdout", "-noload", "-strip"}, values)
    if files is None:
        return None  # -output writes a file
    converting = "-convert" in args or "-cat" in args
    if converting and "-stdout" not in args:
        return None  # the result is written beside the input
    if "-noload" not in args and (
        "-format" in args  # `-format html` reads `x.txt` as HTML
        or not all(w.text.lower().endswith((".rtf", ".txt")) for w in files)
    ):
        # HTML and office documents may load images and styles from the network, for
        # `-info` (which loads the document to describe it) as for a conversion
        return None
    if not converting and "-info" not in args:
        return None
    return _reads(command, ctx, files, "`textutil -info`/`-stdout` only reads and prints")


_SYMBOLS_FLAGS = {
    "-uuid", "-noHeaders", "-printSignature", "-w", "-noSources", "-noDemangling",
    "-onlyFunctions", "-fullSourcePath", "-help", "-v", "-h",
}  # fmt: skip


def _symbols(command: Command, ctx: Context) -> Finding | None:
    files = _files(command, _SYMBOLS_FLAGS, {"-arch", "-lookup"})
    if files is None:
        return None  # -saveSignature writes a file
    targets = [w for w in files if not w.text.isdigit()]  # a pid is a process, not a file
    return _reads(command, ctx, targets, "`symbols` only prints a binary's symbols")


_SAY_VALUES = {"-v", "--voice", "-r", "--rate", "-f", "--input-file"}


def _say(command: Command, ctx: Context) -> Finding | None:
    words = list(command.words[1:])
    reads: list[Word] = []
    i = 0
    while i < len(words):
        t = words[i].text
        name, _, value = t.partition("=")
        if name in _SAY_VALUES and not value:
            if i + 1 >= len(words):
                return None
            if name in ("-f", "--input-file") and words[i + 1].text != "-":
                reads.append(words[i + 1])
            i += 1
        elif name in ("--voice", "--rate", "-i", "--interactive", "--progress"):
            pass
        elif t.startswith("-") and t != "-":
            return None  # -o writes a file, -n sends the audio over the network
        i += 1
    return _reads(command, ctx, reads, "`say` only speaks the text")


def _sample(command: Command, ctx: Context) -> Finding | None:
    """macOS `sample PID|NAME [SECONDS [MS]]`: stacks of a process, into a report file."""
    words = list(command.words[1:])
    target = ""
    positional: list[str] = []
    i = 0
    while i < len(words):
        t = words[i].text
        if t == "-file" and i + 1 < len(words):
            target, i = words[i + 1].text, i + 2
            continue
        if t.startswith("-") and t not in ("-wait", "-mayDie", "-fullPaths"):
            return None  # -e opens the report in TextEdit
        if not t.startswith("-"):
            positional.append(t)
        i += 1
    if not 1 <= len(positional) <= 3 or not all(p.isdigit() for p in positional[1:]):
        return None
    if not _NAME.match(positional[0]):
        return None
    kind = ctx.paths.classify(target, write=True)[0] if target else TMP
    if kind == PROTECTED:
        return Finding(Verdict.ELEVATE, "GK-PROT-001", f"`sample -file` writes {target}")
    if kind not in (ALLOWED, TMP):
        return _review(f"`sample -file {target}` writes outside the allowed dirs")
    return _safe("`sample` only records a process's call stacks (its report in a tmp dir)")


# -- binutils' inspectors ------------------------------------------------------------------

# Per tool: the single-letter flags that only choose what is printed (bundled or not), the
# long ones, the flags that take a value (the next word, glued or after `=`), and which of
# those values is a file (else none is: the operands are the files, or for c++filt and
# addr2line names and addresses). Not approved: `@FILE` (more options, from a file the gate
# has not read), nm's `--plugin` (a shared object it loads), objdump's `-S`/`--source` (it
# prints the source files the binary's debug info names, anywhere on disk), `-w`/`-W`/
# `--dwarf`/`--debug-dump`/`-P`/`-g` (they follow links to separate debug files, or ask
# debuginfod over the network), and every flag not listed.
_INSPECTORS: dict[str, tuple[str, frozenset[str], frozenset[str], frozenset[str]]] = {
    "readelf": (
        "ahlSgtesnrudVADIWTCczHv",
        frozenset({
            "--all", "--file-header", "--program-headers", "--segments", "--section-headers",
            "--sections", "--section-groups", "--section-details", "--headers", "--syms",
            "--symbols", "--dyn-syms", "--lto-syms", "--demangle", "--no-demangle", "--notes",
            "--relocs", "--unwind", "--dynamic", "--version-info", "--arch-specific",
            "--use-dynamic", "--histogram", "--wide", "--silent-truncation", "--decompress",
            "--archive-index", "--help", "--version",
        }),
        frozenset({"-x", "-p", "-R", "--hex-dump", "--string-dump", "--relocated-dump"}),
        frozenset(),
    ),
    "nm": (
        "aAoBCDghjlnvpPrSsuUVW",
        frozenset({
            "--debug-syms", "--print-file-name", "--demangle", "--no-demangle", "--dynamic",
            "--extern-only", "--help", "--line-numbers", "--numeric-sort", "--no-sort",
            "--portability", "--reverse-sort", "--print-size", "--print-armap",
            "--undefined-only", "--defined-only", "--version", "--no-weak", "--size-sort",
            "--special-syms", "--synthetic", "--quiet", "--without-symbol-versions",
        }),
        frozenset({"-f", "--format", "-t", "--radix", "-X", "--target"}),
        frozenset(),
    ),
    "objdump": (
        "adDfhprRstTxCwzHv",
        frozenset({
            "--archive-headers", "--disassemble", "--disassemble-all", "--file-headers",
            "--section-headers", "--headers", "--private-headers", "--reloc",
            "--dynamic-reloc", "--full-contents", "--syms", "--dynamic-syms", "--all-headers",
            "--demangle", "--wide", "--no-show-raw-insn", "--show-raw-insn", "--help",
            "--version", "--no-addresses", "--visualize-jumps",
        }),
        frozenset({
            "-j", "--section", "-M", "--disassembler-options", "-b", "--target", "-m",
            "--architecture", "--start-address", "--stop-address",
        }),
        frozenset(),
    ),
    "size": (
        "ABGdoxthV",
        frozenset({"--totals", "--common", "--help", "--version"}),
        frozenset({"--format", "--radix", "--target"}),
        frozenset(),
    ),
    "addr2line": (
        "aCfipsHVrR",
        frozenset({
            "--addresses", "--demangle", "--functions", "--inlines", "--pretty-print",
            "--basenames", "--help", "--version", "--no-recurse-limit", "--recurse-limit",
        }),
        frozenset({"-e", "--exe", "-j", "--section", "-b", "--target"}),
        frozenset({"-e", "--exe"}),
    ),
    "c++filt": (
        "_npitrRhv",
        frozenset({
            "--strip-underscore", "--no-strip-underscores", "--no-params", "--no-verbose",
            "--types", "--no-recurse-limit", "--recurse-limit", "--help", "--version",
        }),
        frozenset({"-s", "--format"}),
        frozenset(),
    ),
}  # fmt: skip


def _bundle_of(flag: str, letters: str) -> bool:
    """`-hSW`: single-letter flags only, each one of `letters`."""
    return flag[1:2] != "-" and all(c in letters for c in flag[1:])


def _inspector(name: str, command: Command, ctx: Context) -> Finding | None:
    letters, longs, values, file_values = _INSPECTORS[name]
    words = list(command.words[1:])
    files: list[Word] = []
    operands: list[Word] = []
    i = 0
    while i < len(words):
        word = words[i]
        t = word.text
        if t.startswith("@"):
            return None  # a response file: its words are options the gate has not seen
        if t == "--":
            operands += words[i + 1 :]
            break
        if t.startswith("--"):
            flag, eq, glued = t.partition("=")
        elif t.startswith("-") and len(t) > 1:
            flag, eq, glued = (t[:2], "", t[2:]) if t[:2] in values else (t, "", "")
        else:
            operands.append(word)
            i += 1
            continue
        if flag in values:
            if eq or glued:
                if word.glob:
                    return None
                value = Word(glued)
            elif i + 1 < len(words):
                i += 1
                value = words[i]
            else:
                return None
            if flag in file_values:
                files.append(value)
        elif eq or not (flag in longs or _bundle_of(flag, letters)):
            return None
        i += 1
    if name not in ("c++filt", "addr2line"):
        files += operands
    elif name == "addr2line" and not files:
        files.append(Word("a.out"))  # its default executable, in the cwd
    return _reads(command, ctx, files, f"`{name}` only prints what a binary holds")


# -- source-tree readers ---------------------------------------------------------------------

_GOFMT_FLAGS = {"-l", "-d", "-e", "-s"}  # list, diff, all errors, simplify: they only print
# tokei counts lines; its options only choose what is counted and how it is printed (`-i`
# reads a previous run's output from a file, and is not approved)
_TOKEI_FLAGS = {
    "-f", "--files", "-C", "--compact", "--hidden", "--no-ignore", "--no-ignore-parent",
    "--no-ignore-dot", "--no-ignore-vcs", "-l", "--languages", "-h", "--help", "-V",
    "--version", "-v", "--verbose",
}  # fmt: skip
_TOKEI_VALUES = {
    "-c", "--columns", "-e", "--exclude", "-o", "--output", "-s", "--sort", "-r", "--rsort",
    "-t", "--type", "-n", "--num-format",
}  # fmt: skip


def _tree_reader(name: str, command: Command, ctx: Context) -> Finding | None:
    """gofmt without -w (it rewrites) or -cpuprofile (it writes), and tokei: each reads the
    files and trees it is given, and a symlink in a tree is followed to what it names."""
    if name == "gofmt":
        files = _files(command, _GOFMT_FLAGS, {"-r"})  # -r takes a rewrite rule, not a file
    else:
        files = _files(command, _TOKEI_FLAGS, _TOKEI_VALUES)
    if files is None:
        return None
    if name == "gofmt" and not files:
        return _safe("`gofmt` formats its standard input to its output")
    found = check_reads(command, ctx, files) or check_tree_links(
        ctx, f"`{name}`", [w.text for w in files]
    )
    return found or _safe(f"`{name}` only reads the project's sources and prints")


TOOLS = frozenset(
    {
        "sqlite3", "duckdb", "mysql", "psql", "sqlcmd", "packer", "prometheus", "binhex",
        "applesingle", "macbinary", "lipo", "mdimport", "compression_tool", "sips", "plutil",
        "dscl", "textutil", "symbols", "say", "sample", "qlmanage", "gofmt", "tokei",
        *_INSPECTORS,
    }
)  # fmt: skip


def check(name: str, args: list[str], command: Command, ctx: Context) -> Finding | None:
    """The finding for one of `TOOLS`, or None (no opinion: review)."""
    if name in ("sqlite3", "duckdb", "mysql", "psql", "sqlcmd"):
        return _sql_client(name, args)
    if name == "packer":
        return _packer(command, ctx)
    if name == "prometheus":
        if _only(args, {"--help", "-h", "--help-long", "--help-man", "--version"}):
            return _safe(f"`prometheus {args[0]}` only prints text")
        return None
    if name in ("binhex", "applesingle", "macbinary"):
        return _binhex(name, command, ctx)
    if name == "lipo":
        return _lipo(command, ctx)
    if name == "mdimport":
        return _mdimport(command, ctx)
    if name == "compression_tool":
        return _compression_tool(command, ctx)
    if name == "sips":
        return _sips(command, ctx)
    if name == "plutil":
        return _plutil(command, ctx)
    if name == "dscl":
        return _dscl(args)
    if name == "textutil":
        return _textutil(command, ctx)
    if name == "symbols":
        return _symbols(command, ctx)
    if name == "sample":
        return _sample(command, ctx)
    if name in _INSPECTORS:
        return _inspector(name, command, ctx)
    if name in ("gofmt", "tokei"):
        return _tree_reader(name, command, ctx)
    if name == "qlmanage":
        if args == ["-h"] or (
            args[:1] == ["-m"]
            and all(_NAME.match(a) and not a.startswith("-") for a in args[1:])
        ):  # `-m` takes statistic names; `-m -t -o DIR`, `-m -g PLUGIN` still render or load
            return _safe("`qlmanage -m` only prints the Quick Look server's state")
        return None  # -p and -t open a preview window or render thumbnails
    return _say(command, ctx)
