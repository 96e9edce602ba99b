"""The files socat opens: its addresses and its own options, for the one path policy.

``socat -u FILE:/etc/shadow -`` reads a file and ``socat -u TCP-LISTEN:80 CREATE:~/.bashrc``
writes one; no word of either is a plain path (the path is inside an address,
``TYPE:PATH,option,...``), so the write channels and the credential reads saw nothing, and
socat (unknown to the gate) went to the reviewer, even under an allow rule.

An address opens a file when its type is ``OPEN``/``FILE``, ``GOPEN`` (also an address
with a ``/`` and no type: ``socat - ./x``), ``CREATE``/``CREAT``, a named ``PIPE``/``FIFO``
or a ``UNIX-LISTEN``-style socket it creates. An address may be read, written or both:
``-u`` makes the first address read-only and the second write-only (``-U`` the reverse),
the left half of ``A!!B`` is read and the right half written, ``rdonly``/``wronly`` say so,
``CREATE`` only writes. Options that name files socat writes: ``link=`` (a pty's
symlink), ``lockfile=``/``waitlock=``, and the command line's ``-lf LOG``, ``-L``/``-W
LOCK``, ``-r``/``-R DUMP``.
"""

from __future__ import annotations

from gatekeeper.model import Word

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from gatekeeper.model import Command

_READ_WRITE = frozenset({"open", "file", "gopen"})
_WRITE_ONLY = frozenset(
    {
        "create", "creat", "pipe", "fifo", "unix-listen", "unix-l", "unix-recv",
        "unix-recvfrom", "unix-server",
    }
)  # fmt: skip
# socat's own options whose value (the next word) is a file it writes, and the ones whose
# value is anything else (skipped).
_FILE_OPTIONS = frozenset({"-lf", "-L", "-W", "-r", "-R"})
_VALUED_OPTIONS = frozenset({"-b", "-t", "-T", "-lp", "-S", "-o"})
_WRITING_OPTIONS = ("link=", "lockfile=", "waitlock=")


def socat_files(command: Command) -> tuple[list[Word], list[Word]]:
    """The files `command` (a socat) reads and the files it writes, as words."""
    words = command.words
    reads: list[Word] = []
    writes: list[Word] = []
    addresses: list[Word] = []
    direction = ""  # "-u", "-U" or "" (both ways)
    i = 1
    while i < len(words):
        word = words[i]
        text = word.text
        i += 1
        if len(addresses) < 2 and text.startswith("-") and text != "-":
            if text in ("-u", "-U"):
                direction = text
            elif text in _FILE_OPTIONS and i < len(words):
                writes.append(words[i])
                i += 1
            elif text in _VALUED_OPTIONS:
                i += 1
            continue
        addresses.append(word)
    for position, word in enumerate(addresses[:2]):
        halves = word.text.split("!!", 1)
        for half, part in enumerate(halves):
            if len(halves) == 2:
                read, write = half == 0, half == 1
            else:
                read = direction != ("-U" if position == 0 else "-u")
                write = direction != ("-u" if position == 0 else "-U")
            read_here, written_here = _address(part.strip(), word.dynamic, read=read, write=write)
            reads += read_here
            writes += written_here
    return reads, writes


def _address(text: str, dynamic: bool, *, read: bool, write: bool) -> tuple[list[Word], list[Word]]:
    """The files one address (``TYPE:PARAM,option,...``) reads and writes."""
    reads: list[Word] = []
    writes: list[Word] = []
    head, colon, rest = text.partition(":")
    kind = head.split(",", 1)[0].strip().lower()
    if colon and "/" not in head:
        param, _, options = rest.partition(",")
    elif "/" in kind:  # `socat - /path/file,creat`: a GOPEN address without its type
        param, _, options = text.partition(",")
        kind = "gopen"
    else:
        param, options = "", head.partition(",")[2] + colon + rest
    for option in options.split(","):
        if option.strip().lower().startswith(_WRITING_OPTIONS):
            writes.append(_file_word(option.strip().split("=", 1)[1], dynamic))
    if not param or (kind not in _READ_WRITE and kind not in _WRITE_ONLY):
        return reads, writes
    flags = {o.strip().lower().removeprefix("o-") for o in options.split(",")}
    if kind in _WRITE_ONLY or "wronly" in flags:
        read = False
    if "rdonly" in flags:
        write = False
    file = _file_word(param, dynamic)
    if read:
        reads.append(file)
    if write or kind in _WRITE_ONLY:  # a pipe or a socket is created even to read from
        writes.append(file)
    return reads, writes


def _file_word(path: str, dynamic: bool) -> Word:
    """A path as socat opens it: a leading `~` is a directory named `~` (neither bash, in the
    middle of a word, nor socat expands it)."""
    if path.startswith("~"):
        path = "./" + path
    return Word(path, dynamic)
