"""The `--redis` URL of a cluster's processes, read in this one place.

Two forms: `redis://host:port/db` (one Redis, as redis-py reads it; also `rediss://` and `unix://`),
and `redis+sentinel://[[user]:password@]host:port,host:port,host:port/MASTER/DB[?sentinel_password=P]`
(a primary and its replicas watched by Sentinels: the processes ask the Sentinels where the primary is,
so a promotion moves them with it). The password before the hosts is the Redis nodes' (`requirepass`,
percent-encoded as in any URL); the Sentinels are asked without one, as most deployments run them,
unless `sentinel_password` gives theirs (their default user's, `requirepass` in sentinel.conf).
A URL that is neither raises `ValueError` with a message fit for a usage error. A URL is shown (in a
usage error, in the launcher's table) only `redacted`: a password in it is nobody's business there.
"""

import argparse
import re
from dataclasses import dataclass, field
from urllib.parse import parse_qs, quote, unquote, urlencode, urlsplit

SENTINEL_SCHEME = "redis+sentinel"
PLAIN_SCHEMES = ("redis", "rediss", "unix")
SENTINEL_PASSWORD = "sentinel_password"
SENTINEL_FORM = (
    f"{SENTINEL_SCHEME}://[[user]:password@]host:port,host:port,.../MASTER/DB[?{SENTINEL_PASSWORD}=P]"
)
_USERINFO = re.compile(r"^([^:/@]*://)?.*@")
"""A URL's `user:password@`, to its last `@` (a password with `@` or `/` not percent-encoded is still
hidden whole; a path with an `@` loses a little of what is shown instead)."""
_QUERY_PASSWORD = re.compile(rf"([?&]{SENTINEL_PASSWORD}=)[^&#]*")


def redacted(url: str) -> str:
    """`url` as it may be shown or written to a log: whatever comes before its host's `@` is `***`, and
    so is the Sentinels' password."""
    hidden = _USERINFO.sub(lambda found: f"{found.group(1) or ''}***@", url, count=1)
    return _QUERY_PASSWORD.sub(lambda found: f"{found.group(1)}***", hidden)


@dataclass(frozen=True)
class PlainRedis:
    """One Redis: the URL is handed to redis-py as it is."""

    url: str


@dataclass(frozen=True)
class SentinelRedis:
    """A Redis primary found through its Sentinels, by the name they monitor it under."""

    sentinels: tuple[tuple[str, int], ...]
    master: str
    db: int
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    """The Redis nodes'; kept out of `repr`, which may end up in a log."""
    sentinel_password: str | None = field(default=None, repr=False)
    """The Sentinels' own (None: they are asked without one); kept out of `repr` too."""

    @property
    def url(self) -> str:
        hosts = ",".join(f"{host}:{port}" for host, port in self.sentinels)
        user = quote(self.username or "", safe="")
        userinfo = "" if self.password is None else f"{user}:{quote(self.password, safe='')}@"
        secret = self.sentinel_password
        query = "" if secret is None else "?" + urlencode({SENTINEL_PASSWORD: secret})
        return f"{SENTINEL_SCHEME}://{userinfo}{hosts}/{self.master}/{self.db}{query}"


RedisAddress = PlainRedis | SentinelRedis


def parse_redis_url(text: str) -> RedisAddress:
    """The Redis a `--redis` URL names; `ValueError` saying what is wrong with it (the URL redacted)."""
    shown = redacted(text)
    scheme, _, rest = text.partition("://")
    if scheme in PLAIN_SCHEMES and rest:
        return PlainRedis(text)
    if scheme != SENTINEL_SCHEME or not rest:
        raise ValueError(f"not a Redis URL: {shown!r} (redis://host:port/db or {SENTINEL_FORM})")
    if "@" in rest.partition("/")[2]:  # the host part ends at the first `/`: a password with one in it
        raise ValueError(f"{shown!r}: write a password's / and @ as %2F and %40 ({SENTINEL_FORM})")
    parts = urlsplit(text)
    if parts.fragment:
        raise ValueError(f"{shown!r}: no fragment is read here ({SENTINEL_FORM})")
    sentinel_password = _sentinel_password(parts.query, shown)
    userinfo, at, hosts = parts.netloc.rpartition("@")
    if at and ":" not in userinfo:
        raise ValueError(f"{shown!r}: a password comes after a colon, as in :password@ ({SENTINEL_FORM})")
    user, _, password = userinfo.partition(":")
    sentinels = tuple(_host_port(item, shown) for item in hosts.split(","))
    path = parts.path.strip("/").split("/")
    if len(path) != 2 or not path[0]:
        raise ValueError(f"{shown!r}: name the master and the database ({SENTINEL_FORM})")
    master, db = path
    if not (db.isdecimal() and int(db) < 16):
        raise ValueError(f"{shown!r}: the database is a number from 0 to 15, not {db!r}")
    nodes_password = unquote(password) if at else None
    return SentinelRedis(sentinels, master, int(db), unquote(user) or None, nodes_password, sentinel_password)


def _sentinel_password(query: str, text: str) -> str | None:
    """The Sentinels' password from a URL's query, the one thing read there."""
    if not query:
        return None
    try:
        fields = parse_qs(query, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        fields = {}
    if set(fields) != {SENTINEL_PASSWORD} or len(fields[SENTINEL_PASSWORD]) != 1:
        raise ValueError(f"{text!r}: the query may give only {SENTINEL_PASSWORD}, once ({SENTINEL_FORM})")
    return fields[SENTINEL_PASSWORD][0]


def _host_port(item: str, text: str) -> tuple[str, int]:
    host, _, port = item.rpartition(":")
    if not host or not port.isdecimal() or not 0 < int(port) < 65536:
        raise ValueError(f"{text!r}: each Sentinel is host:port, not {item!r} ({SENTINEL_FORM})")
    return host.strip("[]"), int(port)


def redis_url_argument(text: str) -> str:
    """`--redis` on a command line: the URL as given, once it reads; a usage error when it does not."""
    try:
        parse_redis_url(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text
