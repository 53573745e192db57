"""Shareable room links, built only from what an attacker cannot choose.

The `Host` header is whatever the client wrote, so echoing it would hand out `http://evil.example/r/...`
links. A link names the configured public URL; without one, the local address the request arrived on
(a Host that names a loopback address or that very address is kept, so `localhost:8080` stays as typed).
"""

import argparse
import ipaddress
from urllib.parse import urlsplit

from aiohttp import web
from yarl import URL

from server.http.keys import CONFIG

LOOPBACK_NAMES = ("localhost",)


class BadPublicUrl(argparse.ArgumentTypeError, ValueError):
    """A public URL that cannot be used; a `ValueError` whose reason argparse prints as it is."""


def parse_public_url(text: str) -> str:
    """A public URL as `--public-url` takes it: `http(s)://host[:port][/prefix]`, no query, fragment or
    credentials; returned without a trailing slash. A bad one raises `BadPublicUrl` with the reason."""
    try:
        parts = urlsplit(text.strip())
        if parts.port == 0:  # reading the port raises on one that is not a number in range
            raise ValueError("port 0")
    except ValueError as error:
        raise BadPublicUrl(f"not a URL ({error}): {text!r}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise BadPublicUrl(f"a public URL looks like https://maze.example (http or https, a host): {text!r}")
    if parts.query or parts.fragment or parts.username is not None or parts.password is not None:
        raise BadPublicUrl(f"a public URL has no query, fragment or user name: {text!r}")
    return f"{parts.scheme}://{parts.netloc}{parts.path}".rstrip("/")


def room_link(request: web.Request, code: str) -> str:
    """The shareable address of room `code`."""
    public_url = request.app[CONFIG].public_url
    origin = public_url.rstrip("/") if public_url else _local_origin(request)
    return f"{origin}/r/{code}"


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        address = ipaddress.ip_address(text.split("%", 1)[0])  # drop an IPv6 zone
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def _local_origin(request: web.Request) -> str:
    """`scheme://host[:port]` of the socket the request came in on, or of a Host naming the same."""
    scheme = request.scheme  # from the transport (TLS or not), never from a header
    sockname = request.transport.get_extra_info("sockname") if request.transport else None
    if not isinstance(sockname, tuple) or len(sockname) < 2:
        return ""  # a Unix socket or a closed connection: a link relative to wherever the page is
    local = _ip(str(sockname[0]))
    try:
        claimed = URL.build(scheme=scheme, authority=request.host)
    except (ValueError, TypeError):
        claimed = None
    if claimed is not None and claimed.host:
        name = claimed.host.lower().rstrip(".")
        address = _ip(name)
        if name in LOOPBACK_NAMES or (address is not None and (address.is_loopback or address == local)):
            return str(claimed.origin())
    host = str(local) if local is not None else str(sockname[0])
    return str(URL.build(scheme=scheme, host=host, port=int(sockname[1])).origin())
