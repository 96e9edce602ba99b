"""Where a WebFetch call goes: the public web, or this machine and its network.

WebFetch fetches from the user's machine. A URL on the public web is as harmless as a
search; one that names this machine or its private network (``http://localhost:8080``,
``http://169.254.169.254/latest/meta-data/`` — a cloud instance's credentials —,
``http://10.0.0.5/admin``, ``http://metadata.google.internal/``) reads what only this machine
can reach and hands it to the model, and a scheme other than http(s) (``file:///etc/passwd``)
reads a file. Hosts are judged as written: an IPv4 address in any form the C library takes
(``127.1``, ``2130706433``, ``0x7f000001``), IPv6 (``[::1]``), and names that only this
machine or network resolves (``localhost``, ``*.local``, ``*.internal``...). A public name
whose DNS answer is a private address is not seen (the hook does not resolve names).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from ipaddress import IPv4Address, IPv6Address

_LOCAL_SUFFIXES = (".localhost", ".local", ".internal", ".localdomain", ".home.arpa", ".lan")
_LOCAL_NAMES = {"localhost", "metadata", "ip6-localhost", "ip6-loopback"}


def local_target(url: str) -> str:
    """Why `url` is no fetch from the public web ("" when it is one)."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url.strip())
        host = (parts.hostname or "").rstrip(".").lower()
    except ValueError:
        return "a URL that does not parse"
    if parts.scheme.lower() not in ("http", "https"):
        return f"the scheme `{parts.scheme or '(none)'}:` reads no web page"
    if not host:
        return "a URL without a host"
    address = _address(host)
    if address is not None:
        if address.is_global:
            return ""
        return f"the address `{host}` is this machine or a private network"
    if host in _LOCAL_NAMES or host.endswith(_LOCAL_SUFFIXES) or "." not in host:
        return f"the host `{host}` is this machine or its local network"
    return ""


def _address(host: str) -> IPv4Address | IPv6Address | None:
    """The IP address `host` names, in any form `inet_aton` takes, else None."""
    import ipaddress
    import socket

    try:
        return ipaddress.ip_address(host)
    except ValueError:
        pass
    try:
        return ipaddress.IPv4Address(socket.inet_aton(host))
    except OSError:
        return None
