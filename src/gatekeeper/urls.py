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

_LOCAL_SUFFIXES = (
    ".localhost", ".local", ".internal", ".localdomain", ".home.arpa", ".lan", ".svc",
    # public names whose DNS answer is 127.0.0.1
    ".localtest.me", ".lvh.me", ".vcap.me",
)  # fmt: skip
_LOCAL_NAMES = {
    "localhost", "metadata", "ip6-localhost", "ip6-loopback", "localtest.me", "lvh.me", "vcap.me",
}  # fmt: skip


def local_target(url: str) -> str:
    """Why `url` is no fetch from the public web ("" when it is one).

    The host is judged as Python's `urlsplit` reads it and as a WHATWG parser (Node's
    `URL`, which WebFetch uses) does: that one drops tabs and newlines, takes `\\` for `/`
    (``http://127.0.0.1\\@evil.com/`` is 127.0.0.1, not evil.com), percent-decodes the host
    (``%31%32%37.0.0.1``) and maps it through IDNA (full-width digits, circled
    digits, the ideographic full stop for ``.``, a soft hyphen dropped): each reading must
    be public.
    """
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
    why = _local_host(host)
    if why:
        return why
    other = _whatwg_host(url)
    return _local_host(other) if other and other != host else ""


def _whatwg_host(url: str) -> str:
    """The host of an http(s) URL as the WHATWG URL standard reads it (approximately)."""
    from urllib.parse import unquote, urlsplit

    text = url.strip(
        "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12"
        "\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f "
    )
    text = text.replace("\t", "").replace("\n", "").replace("\r", "").replace("\\", "/")
    try:
        host = unquote(urlsplit(text).hostname or "")
    except ValueError:
        return ""
    try:
        host = host.encode("idna").decode("ascii")
    except UnicodeError:
        import unicodedata

        host = unicodedata.normalize("NFKC", host)
    return host.rstrip(".").lower()


def _local_host(host: str) -> str:
    """Why a host (lower case, no trailing dot) is this machine or its network, or ""."""
    address = _address(host)
    if address is not None:
        if address.is_global:
            return ""
        return f"the address `{host}` is this machine or a private network"
    if host in _LOCAL_NAMES or host.endswith(_LOCAL_SUFFIXES) or "." not in host:
        return f"the host `{host}` is this machine or its local network"
    import re

    # Wildcard DNS services answer a name with the address spelled in it
    # (`127.0.0.1.nip.io`, `10-0-0-5.sslip.io`): such a name is that address.
    for match in re.finditer(r"(?:^|[.-])(\d{1,3}(?:[.-]\d{1,3}){3})(?=[.-]|$)", host):
        address = _address(match.group(1).replace("-", "."))
        if address is not None and not address.is_global:
            return f"the host `{host}` names the address {address}, this machine or its network"
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
