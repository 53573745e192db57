"""Driving bots through the room page, for the browser tests of bots: adding one from the host's bots
card, waiting past the "GO!" overlay, and reading the page's own record of a bot."""

from tests.browser.conftest import Tab


async def add_bot(host: Tab, kind: str, speed: int) -> None:
    """Pick a kind and a speed in the host's bots card and press "Add a bot"."""
    await host.page.select_option("#bot-kind", kind)
    await host.page.fill("#bot-speed", str(speed))
    await host.page.click("#add-bot")


async def past_go(tab: Tab) -> None:
    """Wait until the "GO!" overlay has gone (it shows for a moment after the start), for screenshots."""
    await tab.page.wait_for_function(
        "() => window.mazerace.state.elapsed(Date.now()) > 1200"
        " && document.getElementById('countdown').hidden",
        timeout=10_000,
    )


async def page_bot(tab: Tab, bot_id: str) -> dict[str, object]:
    """The page's own record of the bot: its cell (null when not shown), moves, and whether it is drawn."""
    got: dict[str, object] = await tab.page.evaluate(
        """(id) => {
            const p = window.mazerace.state.player(id);
            return { cell: p.cell, moves: p.moves, shown: window.mazerace.shownPlayers().includes(id) };
        }""",
        bot_id,
    )
    return got
