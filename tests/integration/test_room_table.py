"""The room table against strangers, through the real server: another site's page cannot make rooms
with its visitors' addresses, one address holds a bounded number of open rooms, and the public list is
built at most once a second (`rooms_list_ttl`) however often it is asked for."""

import asyncio

from .conftest import Harness, StartServer


async def test_another_sites_page_cannot_make_a_room(arena: Harness) -> None:
    foreign = {"Origin": "https://evil.example", "Content-Type": "text/plain"}
    status, body, response = await arena.request("POST", "/api/rooms", data="{}", headers=foreign)
    assert (status, body["error"]["code"]) == (403, "bad_origin"), body
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    for path in ("/api/daily", "/api/ghost-rooms"):
        status, body, _ = await arena.request("POST", path, data="{}", headers=foreign)
        assert (status, body["error"]["code"]) == (403, "bad_origin"), (path, body)
    status, body, _ = await arena.request("POST", "/api/rooms", data="{}", headers={"Origin": "null"})
    assert status == 403, body
    sneaky = {"Sec-Fetch-Site": "cross-site", "Content-Type": "text/plain"}
    assert (await arena.request("POST", "/api/rooms", data="{}", headers=sneaky))[0] == 403
    assert await arena.room_count() == 0  # none was made
    own = {"Origin": arena.url, "Sec-Fetch-Site": "same-origin"}
    status, body, _ = await arena.request("POST", "/api/rooms", json={}, headers=own)
    assert status == 201, body  # the server's own page, and clients that are no page, still can
    assert await arena.create_room()
    assert (await arena.request("GET", "/api/rooms", headers=foreign))[0] == 200  # reading is harmless


async def test_one_address_holds_a_bounded_number_of_open_rooms(start_server: StartServer) -> None:
    harness = await start_server(rooms_per_address=3, idle_timeout=0.5)
    for _ in range(3):
        await harness.create_room()
    status, body, response = await harness.request("POST", "/api/rooms", json={})
    assert (status, body["error"]["code"]) == (429, "too_many_rooms"), body
    assert int(response.headers["Retry-After"]) >= 1
    status, body, _ = await harness.request("POST", "/api/daily", json={"preset": "easy"})
    assert (status, body["error"]["code"]) == (429, "too_many_rooms"), body
    for _ in range(100):  # empty rooms close after the idle timeout: then the address may make more
        await asyncio.sleep(0.1)
        status, body, _ = await harness.request("POST", "/api/rooms", json={})
        if status == 201:
            break
    assert status == 201, body


async def test_the_public_list_is_built_at_most_once_a_ttl(start_server: StartServer) -> None:
    harness = await start_server(rooms_list_ttl=3.0)
    first = await harness.create_room(public=True)
    await (await harness.client()).join(first, "Ann")
    answers = [await harness.request("GET", "/api/rooms") for _ in range(50)]
    assert all(status == 200 for status, _, _ in answers)
    codes = {tuple(room["code"] for room in body["rooms"]) for _, body, _ in answers}
    assert codes == {(first,)}
    second = await harness.create_room(public=True)
    await (await harness.client()).join(second, "Bob")
    _, body, _ = await harness.request("GET", "/api/rooms")
    assert [room["code"] for room in body["rooms"]] == [first]  # served from the list built before
    for _ in range(80):  # the new room shows up when the list is built again
        await asyncio.sleep(0.1)
        _, body, _ = await harness.request("GET", "/api/rooms")
        if {room["code"] for room in body["rooms"]} == {first, second}:
            break
    assert {room["code"] for room in body["rooms"]} == {first, second}
