"""Requests that change something must come from this server's own pages.

A browser sends any page's form or `text/plain` fetch to any site without asking (no CORS preflight),
with the visitor's address: without this check, every visitor of some other page could be made to
create rooms here. Browsers name the page's origin in `Origin` on every such request; it must be this
server (the host the request was sent to, or the configured public URL). A request without `Origin`
does not come from a browser page (curl, the terminal client, tests) and is let through, unless the
browser's `Sec-Fetch-Site` says another site sent it.
"""

from urllib.parse import urlsplit

from aiohttp import web

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
FOREIGN_SITES = frozenset({"cross-site", "same-site"})
"""`Sec-Fetch-Site` values of a request another site's page sent (same-site: another subdomain)."""


def _netloc(url: str) -> str | None:
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    return parts.netloc.lower() if parts.scheme in ("http", "https") and parts.netloc else None


def from_another_site(request: web.Request, public_url: str | None) -> bool:
    """Whether a state-changing request was sent by a page of another origin (Socket.IO's endpoint
    checks origins itself)."""
    if request.method in SAFE_METHODS:
        return False
    origin = request.headers.get("Origin")
    if origin is None:
        return request.headers.get("Sec-Fetch-Site", "").lower() in FOREIGN_SITES
    ours = {request.host.lower()}
    if public_url is not None and (public := _netloc(public_url)) is not None:
        ours.add(public)
    return _netloc(origin) not in ours  # "null" (a sandboxed page, a file) is no origin of ours
