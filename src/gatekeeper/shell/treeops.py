"""Trees that archivers, compressors and rsync remove or rewrite as a whole.

``rsync -a --delete empty/ ./`` deletes everything in the project that ``empty/`` lacks,
``.git`` included; ``rsync --remove-source-files . /backup``, ``tar -czf x.tgz
--remove-files .`` and ``zip -rm x.zip .`` delete what they archived; ``gzip -r .`` replaces
every file with its ``.gz`` (``.git/config`` becomes ``.git/config.gz``). Each is a tree
operation like ``rm -rf DIR``: the protected-tree check (GK-PROT-004) judges the
directories `removed_trees` gives.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from gatekeeper.model import Command, Word

_COMPRESSORS = frozenset({"gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "zstd", "lzma"})
_RSYNC_VALUED = frozenset({"-e", "--rsh", "-f", "--filter", "--exclude", "--include", "-T"})


def removed_trees(command: Command) -> list[Word]:
    """The directories (or files) `command` removes or rewrites as a whole, or []."""
    name = command.name
    args = command.argv[1:]
    if name == "rsync":
        ops = _operands(command, _RSYNC_VALUED)
        if any(a.startswith("--del") for a in args) and ops:
            return ops[-1:]  # --delete, --delete-after, --del...: the destination's extras
        if any(a in ("--remove-source-files", "--remove-sent-files") for a in args):
            return ops[:-1]  # (--remove-sent-files: rsync's older name for it)
        return []
    if name in ("tar", "bsdtar", "gtar") and any(
        a.startswith("--rem") and "--remove-files".startswith(a) for a in args
    ):  # GNU tar takes an unambiguous prefix (`--remove-file`); `--recursion` is `--rec`
        return _tar_members(command)
    if name == "zip" and any(
        a in ("--move", "-m") or (a[:1] == "-" and a[1:2] != "-" and "m" in a) for a in args
    ):
        return _operands(command, frozenset({"-b", "-t", "-tt", "-x", "-i", "-n", "-P"}))[1:]
    if name in _COMPRESSORS and any(
        a in ("-r", "--recursive") or (a[:1] == "-" and a[1:2] != "-" and "r" in a)
        for a in args
    ):
        return _operands(command, frozenset({"-S", "--suffix", "-T", "--threads"}))
    return []


def compressed_files(command: Command) -> list[Word]:
    """The files a compressor replaces (`gzip .git/config` leaves `.git/config.gz` in its
    place): its operands, unless it writes to stdout or only tests or lists."""
    for arg in command.argv[1:]:
        if arg in ("--stdout", "--to-stdout", "--test", "--list") or (
            arg[:1] == "-" and arg[1:2] != "-" and any(c in arg for c in "ctl")
        ):
            return []
    return _operands(command, frozenset({"-S", "--suffix", "-T", "--threads"}))


def _operands(command: Command, valued: frozenset[str]) -> list[Word]:
    out: list[Word] = []
    words = command.words
    i = 1
    while i < len(words):
        text = words[i].text
        i += 1
        if text == "--":
            out += words[i:]
            break
        if text.startswith("-") and text != "-":
            i += text in valued
            continue
        out.append(words[i - 1])
    return out


def _tar_members(command: Command) -> list[Word]:
    """tar's operands other than the archive (`-f ARCHIVE`, `-czf ARCHIVE`, `--file=A`)."""
    words = command.words
    out: list[Word] = []
    i = 1
    while i < len(words):
        text = words[i].text
        i += 1
        if text in ("-f", "--file", "-C", "--directory", "-T", "--files-from", "-X"):
            i += 1
        elif text.startswith("-") and not text.startswith("--") and text.endswith("f"):
            i += 1  # `-czf ARCHIVE`
        elif text.startswith("-") or (i == 2 and text[:1].isalpha() and "f" in text):
            if i == 2 and not text.startswith("-") and "f" in text:
                i += 1  # `tar czf ARCHIVE ...`: old-style letters
            continue
        else:
            out.append(words[i - 1])
    return out
