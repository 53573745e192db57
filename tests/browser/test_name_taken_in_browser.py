"""A name someone in the room already has is numbered by the server ("Ana" joins as "Ana 2"), and the
page says so when it happens, in the page's language, rather than leave the player to find a name they
did not type beside their arrow."""

from aiohttp.test_utils import TestServer
from playwright.async_api import expect

from tests.browser.i18n_tabs import CHINESE
from tests.browser.rooms import join_room, post_room


async def test_a_player_numbered_for_a_name_in_use_is_told(open_tab, live_server: TestServer) -> None:  # type: ignore[no-untyped-def]
    code = await post_room(live_server)
    first = await join_room(open_tab, code, "Ana")
    second = await join_room(open_tab, code, "Ana")
    await expect(second.page.locator("#message")).to_have_text(
        "Someone here is already called Ana: you race as “Ana 2”."
    )
    assert await second.state("m.state.me().name") == "Ana 2"
    await expect(first.page.locator("#message")).not_to_contain_text("already called")

    third = await join_room(open_tab, code, "Ana", lang="zh-CN")
    said = CHINESE["room.name_numbered"].format(asked="Ana", name="Ana 3")
    await expect(third.page.locator("#message")).to_have_text(said)
