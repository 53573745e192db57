"""SIGSTOP of a room's owner past its lease, on a real 3-process cluster.

While the owner is frozen, the old clients' commands sit in its sockets, and the same player's second
tab, connected straight to another process, takes the room over (once the frozen lease expires) and
moves on. SIGCONT then wakes the old owner with those commands: none may be acknowledged as done (or
if one is, it must be in the log), and the room's Redis stream, followed entry by entry from the
start, proves the fencing held: after the takeover's snapshot it holds only the new owner's commands,
none of the old owner's. The old clients come back to the room as the new owner left it."""

import asyncio
import contextlib
import signal
import time
from typing import Any

from server.cluster.ownership.shared_rooms import room_keys
from tests.cluster.chaos import LogTail, stream_id
from tests.cluster.chaos_checks import check_race
from tests.cluster.chaos_reads import current_cell
from tests.cluster.chaos_table import RaceTable, join_until_held, move_once, owner_of, second_tab, until
from tests.cluster.players import ClusterPlayer


def entry_in(player: ClusterPlayer, entries: list[dict[str, Any]], cell: list[int]) -> bool:
    member = player.you["id"]
    return any(e["kind"] == "move" and e["member"] == member and e["target"] == cell for e in entries)


async def test_a_frozen_owner_cannot_write_after_its_lease_is_taken(table: RaceTable) -> None:
    cluster = table.cluster
    redis = cluster.client()
    tail = LogTail(cluster, table.code).start()
    keys = room_keys(table.code)
    try:
        old = await owner_of(table)
        other = next(node for node in cluster.nodes if node != old)
        await table.start()
        await table.racing()
        await asyncio.gather(table.walk(table.ann, stop_before=len(table.path) - 3),
                             table.walk(table.bob, stop_before=len(table.path) - 2))  # fmt: skip
        old_token = (await redis.get(keys["owner"])).decode()
        bob_cell = current_cell(table.bob)
        ann_next, bob_next = (list(table.path[table.path.index(current_cell(p)) + 1]) for p in table.players)

        cluster.signal(old, signal.SIGSTOP)
        frozen_at = time.monotonic()
        stuck = [asyncio.create_task(move_once(table.ann, ann_next)),
                 asyncio.create_task(move_once(table.bob, bob_next))]  # fmt: skip
        tab = second_tab(table, table.ann, cluster.node_url(other))
        taken_at = await join_until_held(tab)  # once the frozen owner's lease has run out
        assert await owner_of(table, cluster.node_url(other)) == other
        new_token = (await redis.get(keys["owner"])).decode()
        assert int(new_token.split(":")[0]) > int(old_token.split(":")[0]), (old_token, new_token)
        taken_from = stream_id((await redis.get(keys["snap"])).decode().split("\n", 1)[0])
        await table.walk(tab, stop_before=len(table.path) - 5)  # the new owner takes two steps
        assert len(tab.acked) == 2
        seen_by_new_owner = await tab.command("resync")
        await table.retire(tab)  # gone before the old owner wakes: nothing pulls the room back to it

        cluster.signal(old, signal.SIGCONT)
        acks = await asyncio.gather(*stuck)
        for player, ack, cell in zip(table.players, acks, (ann_next, bob_next), strict=True):
            assert not ack["ok"] or cell in [list(c) for c, _ in player.acked], (player.name, ack)
        await until(lambda: "dropped room" in cluster.log_of(old), "the woken owner dropped the room")

        # Bob is sent away and comes back. Ann's old tab is told it was `replaced` by the second tab
        # (when the woken owner answers the tab's handover request before it sees its lease gone) or
        # sent away like Bob; replaced, Ann opens the room again through nginx.
        def back(player: ClusterPlayer) -> bool:
            return bool(player.rejoins and player.rejoins[-1] > taken_at)

        ann_old = table.ann
        await until(lambda: back(ann_old) or "replaced" in ann_old.notices, "Ann's old tab back or replaced")
        if "replaced" in ann_old.notices:
            again = second_tab(table, ann_old, cluster.url, extra=False)
            await table.retire(ann_old, again)
            await join_until_held(again)
        await until(lambda: back(table.bob), "Bob back")

        # The fencing held: since the takeover's snapshot the log has the second tab's two steps and
        # nothing of what the old owner did when it woke (Ann's stuck step is the tab's first one:
        # logged once, not twice; Bob's must be nowhere).
        after = [entry.command for entry in tail.entries if entry.id > taken_from]
        assert [e["target"] for e in after if e["kind"] == "move"] == [list(c) for c, _ in tab.acked]
        assert acks[1]["ok"] or not entry_in(table.bob, after, bob_next)

        state = seen_by_new_owner["snapshot"]
        for player in table.players:  # the room as the new owner had it, whoever holds it now
            mine = next(p for p in state["players"] if p["id"] == table.ann.you["id"])
            theirs = next(p for p in player.snapshot["players"] if p["id"] == table.ann.you["id"])
            assert (theirs["cell"], theirs["moves"], theirs["trail"]) == (
                mine["cell"],
                mine["moves"],
                mine["trail"],
            )
            bob = next(p for p in player.snapshot["players"] if p["id"] == table.bob.you["id"])
            assert tuple(bob["cell"]) == bob_cell
            assert bob["moves"] == len(table.bob.acked)

        await asyncio.gather(table.walk(table.ann), table.walk(table.bob))
        await check_race(table)
        print(f"\nSIGSTOP of {old}: room taken by {other} {taken_at - frozen_at:.2f} s after the freeze;"
              f" old acks {[a.get('error', {}).get('code', 'ok') for a in acks]};"
              f" Ann's old tab {'replaced' if ann_old in table.retired else 'came back'}")  # fmt: skip
    finally:
        await tail.close()
        with contextlib.suppress(Exception):
            await redis.aclose()
