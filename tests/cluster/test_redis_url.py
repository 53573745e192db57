"""The `--redis` URL, read in one place: one Redis as redis-py takes it, or a primary found through
its Sentinels; anything else is a usage error that says what is wrong, from the game server's and the
launcher's command lines alike."""

import re

import pytest

from server.app import serve
from server.cluster.launcher_args import parse_args
from server.cluster.redis_url import PlainRedis, SentinelRedis, parse_redis_url, redacted


@pytest.mark.parametrize(
    "url", ["redis://127.0.0.1:6379/0", "rediss://cache.example:6380/2", "unix:///run/r.sock"]
)
def test_a_plain_url_goes_to_redis_py_as_it_is(url: str) -> None:
    assert parse_redis_url(url) == PlainRedis(url)


def test_a_sentinel_url_names_every_sentinel_the_master_and_the_database() -> None:
    url = "redis+sentinel://127.0.0.1:26379,10.0.0.2:26380,[::1]:26381/mazerace/3"
    address = parse_redis_url(url)
    assert address == SentinelRedis(
        (("127.0.0.1", 26379), ("10.0.0.2", 26380), ("::1", 26381)), "mazerace", 3
    )
    assert parse_redis_url(SentinelRedis((("a", 1),), "m", 0).url) == SentinelRedis((("a", 1),), "m", 0)


def test_a_sentinel_url_may_carry_the_sentinels_own_password_never_shown() -> None:
    url = "redis+sentinel://:nodes@a:1,b:2/mazerace/0?sentinel_password=s%26nt%2Bnel%20pw"
    address = parse_redis_url(url)
    assert address == SentinelRedis((("a", 1), ("b", 2)), "mazerace", 0, None, "nodes", "s&nt+nel pw")
    assert parse_redis_url(address.url) == address
    assert "nt+nel" not in repr(address)
    assert redacted(url) == "redis+sentinel://***@a:1,b:2/mazerace/0?sentinel_password=***"
    assert redacted(address.url) == "redis+sentinel://***@a:1,b:2/mazerace/0?sentinel_password=***"


def test_a_sentinel_url_may_carry_the_nodes_password_never_shown_in_its_repr() -> None:
    address = parse_redis_url("redis+sentinel://mazerace:p%40ss%2Fw:rd@a:1,b:2/mazerace/0")
    assert address == SentinelRedis((("a", 1), ("b", 2)), "mazerace", 0, "mazerace", "p@ss/w:rd")
    assert parse_redis_url(address.url) == address
    assert "p@ss" not in repr(address)
    assert parse_redis_url("redis+sentinel://:pw@a:1/m/0") == SentinelRedis((("a", 1),), "m", 0, None, "pw")


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("http://127.0.0.1:6379/0", "not a Redis URL"),
        ("127.0.0.1:6379", "not a Redis URL"),
        ("redis+sentinel://", "not a Redis URL"),
        ("redis+sentinel://a:1,b/mazerace/0", "each Sentinel is host:port, not 'b'"),
        ("redis+sentinel://a:1,b:0/mazerace/0", "each Sentinel is host:port"),
        ("redis+sentinel://a:1,b:x/mazerace/0", "each Sentinel is host:port"),
        ("redis+sentinel://a:1/mazerace", "name the master and the database"),
        ("redis+sentinel://a:1//0", "name the master and the database"),
        ("redis+sentinel://a:1/mazerace/0/x", "name the master and the database"),
        ("redis+sentinel://a:1/mazerace/sixteen", "the database is a number from 0 to 15"),
        ("redis+sentinel://a:1/mazerace/16", "the database is a number from 0 to 15"),
        ("redis+sentinel://user@a:1/mazerace/0", "a password comes after a colon"),
        ("redis+sentinel://:pw/x@a:1/mazerace/0", "write a password's / and @ as %2F and %40"),
        ("redis+sentinel://a:1/mazerace/0?timeout=1", "the query may give only sentinel_password, once"),
        ("redis+sentinel://a:1/m/0?sentinel_password=x&sentinel_password=y", "only sentinel_password, once"),
        ("redis+sentinel://a:1/mazerace/0?sentinel_password", "the query may give only sentinel_password"),
        ("redis+sentinel://a:1/mazerace/0#top", "no fragment"),
    ],
)
def test_a_bad_url_says_what_is_wrong(url: str, says: str) -> None:
    with pytest.raises(ValueError, match=re.escape(says)):
        parse_redis_url(url)


def test_both_command_lines_refuse_a_bad_url_as_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as launcher:
        parse_args(["--redis", "redis+sentinel://a:1/mazerace"])
    assert launcher.value.code == 2
    assert "--redis: 'redis+sentinel://a:1/mazerace': name the master" in capsys.readouterr().err
    with pytest.raises(SystemExit) as server:
        serve.main(["--redis", "redis+sentinel://a:1,b/m/0"])
    assert server.value.code == 2
    assert "each Sentinel is host:port, not 'b'" in capsys.readouterr().err


@pytest.mark.parametrize(
    "url",
    [
        "redis+sentinel://:hunter2@a:1/mazerace",
        "redis+sentinel://user:hunter2@a:1,b/mazerace/0",
        "http://:hunter2@127.0.0.1:6379/0",
        ":hunter2@127.0.0.1:6379/0",
        "redis+sentinel://:hun@ter2/x@a:1/mazerace/0",
    ],
)
def test_a_usage_error_never_shows_the_password(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    for parse in (lambda: parse_args(["--redis", url]), lambda: serve.main(["--redis", url])):
        with pytest.raises(SystemExit):
            parse()
        said = capsys.readouterr().err
        assert "***@" in said, said
        assert "ter2" not in said, said


def test_a_usage_error_never_shows_the_sentinels_password(capsys: pytest.CaptureFixture[str]) -> None:
    url = "redis+sentinel://a:1/mazerace?sentinel_password=hunter2"
    for parse in (lambda: parse_args(["--redis", url]), lambda: serve.main(["--redis", url])):
        with pytest.raises(SystemExit):
            parse()
        said = capsys.readouterr().err
        assert "sentinel_password=***" in said, said
        assert "ter2" not in said, said


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("redis://127.0.0.1:6379/0", "redis://127.0.0.1:6379/0"),
        ("redis://:hunter2@cache.example:6380/2", "redis://***@cache.example:6380/2"),
        ("rediss://mazerace:hunter2@cache.example/0", "rediss://***@cache.example/0"),
        ("unix://:hunter2@/run/redis.sock?db=0", "unix://***@/run/redis.sock?db=0"),
        ("redis+sentinel://a:1,b:2/mazerace/0", "redis+sentinel://a:1,b:2/mazerace/0"),
        (
            "redis+sentinel://a:1/m/0?sentinel_password=hunter2",
            "redis+sentinel://a:1/m/0?sentinel_password=***",
        ),
    ],
)
def test_a_url_is_shown_without_its_password(url: str, shown: str) -> None:
    assert redacted(url) == shown


def test_the_launcher_starts_one_redis_or_the_replicated_set_never_both(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert parse_args([]).redis_ha is False
    assert parse_args(["--redis-ha"]).redis_ha is True
    with pytest.raises(SystemExit):
        parse_args(["--redis-ha", "--redis", "redis://127.0.0.1:1/0"])
    assert "not allowed with argument" in capsys.readouterr().err
