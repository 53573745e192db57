"""Regression tests: binary packets and malformed packets close the connection, log one line at most,
and cost the server nothing it keeps."""

import logging

import aiohttp
import pytest

from .conftest import Harness
from .raw_socket import RawSocket

FRAME = b"\0" * 16_000

MALFORMED = [
    '42["move",',  # cut short
    "42{]",  # not JSON
    '4299999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999["x"]',
    "47",  # an unknown packet type
    "44{}",  # a CONNECT_ERROR, which only servers send
    "42" + "[" * 5000 + "]" * 5000,  # nesting no decoder should follow
]


async def _still_serves(arena: Harness) -> None:
    client = await arena.client()
    await client.join(await arena.create_room(), "Fine")


@pytest.mark.parametrize(
    "header",
    ['459999999999-["move",{"_placeholder":true,"num":0}]', '451-["move",{"_placeholder":true,"num":0}]'],
)
async def test_a_binary_packet_closes_the_connection(arena: Harness, header: str) -> None:
    async with aiohttp.ClientSession() as http:
        raw = await RawSocket.open(http, arena.url)
        await raw.send_text(header)
        for _ in range(20):  # attachments it announced: none is buffered, the server hangs up
            await raw.send_bytes(FRAME)
        assert await raw.closed_by_server()
    await _still_serves(arena)


async def test_a_bare_binary_frame_closes_the_connection(arena: Harness) -> None:
    async with aiohttp.ClientSession() as http:
        raw = await RawSocket.open(http, arena.url)
        await raw.send_bytes(b"\x04hello")
        assert await raw.closed_by_server()


async def test_malformed_packets_close_the_connection_and_log_once(
    arena: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    connections = 4
    async with aiohttp.ClientSession() as http:
        for _ in range(connections):
            raw = await RawSocket.open(http, arena.url)
            for packet in MALFORMED * 20:
                if not await raw.send_text(packet):
                    break
            assert await raw.closed_by_server()
    await _still_serves(arena)
    noisy = [r for r in caplog.records if r.name.startswith(("socketio", "engineio", "server"))]
    assert len(noisy) <= connections, [r.getMessage()[:100] for r in noisy]
    assert not [r for r in noisy if r.exc_info], "no tracebacks for what a client sends"


async def test_one_malformed_packet_is_forgiven(arena: Harness) -> None:
    """A buggy client's odd packet costs it nothing; its next commands are answered."""
    async with aiohttp.ClientSession() as http:
        raw = await RawSocket.open(http, arena.url)
        await raw.send_text('42["join",')
        await raw.send_text('421["resync",{}]')
        answer = await raw.receive_text()
        assert answer.startswith("431[")
        assert "not_joined" in answer
        await raw.close()


async def test_an_address_that_keeps_sending_junk_is_shut_out_and_the_log_stays_short(
    arena: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    refused: int | None = None
    async with aiohttp.ClientSession() as http:
        for _ in range(40):
            try:
                raw = await RawSocket.open(http, arena.url)
            except aiohttp.WSServerHandshakeError as error:
                refused = error.status
                break
            await raw.send_bytes(FRAME)
            assert await raw.closed_by_server()
    assert refused == 401, "an address that only sends junk is refused for a while"
    noisy = [r for r in caplog.records if r.name.startswith(("socketio", "engineio", "server"))]
    assert len(noisy) <= 12, [r.getMessage()[:100] for r in noisy]
