"""socat's file addresses: which are read, which are written (nothing here is executed)."""

from __future__ import annotations

import pytest

from gatekeeper.shell.parse import parse
from gatekeeper.shell.socat import socat_files


def _files(text: str) -> tuple[list[str], list[str]]:
    (command,) = parse(text, "/home/u").commands
    reads, writes = socat_files(command)
    return [w.text for w in reads], [w.text for w in writes]


@pytest.mark.parametrize(
    ("text", "reads", "writes"),
    [
        # both ways by default: an OPEN address is read and written
        ("socat OPEN:/srv/a TCP:h:1", ["/srv/a"], ["/srv/a"]),
        # -u: the first address is only read, the second only written (-U: the reverse)
        ("socat -u OPEN:/srv/a -", ["/srv/a"], []),
        ("socat -u - OPEN:/srv/a", [], ["/srv/a"]),
        ("socat -U OPEN:/srv/a -", [], ["/srv/a"]),
        ("socat -U - FILE:/srv/a", ["/srv/a"], []),
        # the address's own direction options
        ("socat OPEN:/srv/a,rdonly TCP:h:1", ["/srv/a"], []),
        ("socat OPEN:/srv/a,o-wronly,creat TCP:h:1", [], ["/srv/a"]),
        # CREATE only writes; a bare path is a GOPEN; `~` is a directory named `~`
        ("socat -u TCP-L:1 CREATE:/srv/a", [], ["/srv/a"]),
        ("socat -u - /srv/a,append", [], ["/srv/a"]),
        ("socat -u - create:~/a", [], ["./~/a"]),
        # A!!B: A is read, B written
        ("socat 'GOPEN:/srv/a!!CREATE:/srv/b' TCP:h:1", ["/srv/a"], ["/srv/b"]),
        # files in options and in socat's own options
        ("socat PTY,link=/srv/tty TCP:h:1", [], ["/srv/tty"]),
        ("socat -lf /srv/log -L /srv/lock - TCP:h:1", [], ["/srv/log", "/srv/lock"]),
        # a named pipe and a listening socket are created even to read from
        ("socat -u UNIX-LISTEN:/srv/s -", [], ["/srv/s"]),
        # network and stdio addresses open no file
        ("socat -t 5 TCP-LISTEN:8080,fork,reuseaddr TCP:localhost:80", [], []),
        ("socat STDIO EXEC:/bin/cat", [], []),
    ],
)
def test_socat_files(text: str, reads: list[str], writes: list[str]) -> None:
    assert _files(text) == (reads, writes)
