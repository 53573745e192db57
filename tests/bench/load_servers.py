"""Servers for the load benchmark, each run in its own process:

    python -m tests.bench.load_servers ours PORT [--batch SECONDS] [--plain]
    python -m tests.bench.load_servers bare PORT

`ours` is the real app (short countdown, limits sized for bots) plus a loop-lag monitor at
`/_bench/lag`; `bare` is python-socketio with nothing but join-a-room and re-broadcast-each-move, the
floor any Socket.IO game server pays. Both run on uvloop (and `ours` on orjson) as the real server
does; `--plain` runs `ours` on asyncio and the standard json, for the side-by-side.
"""

import argparse
import asyncio
import gc
import time
from typing import Any

import socketio
from aiohttp import web

from server.app.factory import create_app
from server.app.serve import fast_loop
from server.config import AppConfig
from server.room.rate_limits import RateLimit

LAG_KEY = web.AppKey("lag", dict)
FRESH_STATS = {
    "max_ms": 0.0,
    "over_20ms": 0,
    "samples": 0,
    "callback_max_ms": 0.0,
    "callbacks_over_20ms": 0,
    "gc_max_ms": 0.0,
    "callback_max_what": "",
}


def _time_callbacks(stats: dict[str, float]) -> None:
    """Time every event-loop callback (what asyncio's debug mode reports as slow callbacks, without
    debug mode's overhead) and every garbage-collector pause, into `stats`."""
    original = asyncio.events.Handle._run

    def timed_run(handle: asyncio.events.Handle) -> None:
        began = time.perf_counter()
        try:
            original(handle)
        finally:
            took = (time.perf_counter() - began) * 1000
            if took > stats["callback_max_ms"]:
                stats["callback_max_ms"] = took
                stats["callback_max_what"] = repr(handle)[:300]
            if took > 20:
                stats["callbacks_over_20ms"] += 1

    asyncio.events.Handle._run = timed_run  # type: ignore[method-assign]
    gc_began = [0.0]

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            gc_began[0] = time.perf_counter()
        else:
            stats["gc_max_ms"] = max(stats["gc_max_ms"], (time.perf_counter() - gc_began[0]) * 1000)

    gc.callbacks.append(on_gc)


async def _watch_lag(app: web.Application) -> Any:
    """Sleep 5 ms at a time and record how late each wake-up is: the event loop's stalls."""
    stats = app[LAG_KEY]

    async def watch() -> None:
        loop = asyncio.get_running_loop()
        while True:
            before = loop.time()
            await asyncio.sleep(0.005)
            late = (loop.time() - before - 0.005) * 1000
            stats["max_ms"] = max(stats["max_ms"], late)
            if late > 20:
                stats["over_20ms"] += 1
            stats["samples"] += 1

    task = asyncio.create_task(watch())
    yield
    task.cancel()


async def _lag(request: web.Request) -> web.Response:
    stats = request.app[LAG_KEY]
    # the callback timing patches asyncio's own handles: on uvloop only the wake-ups are measured
    timed = isinstance(asyncio.get_running_loop(), asyncio.BaseEventLoop)
    answer = {**stats, "tracked_objects": len(gc.get_objects()), "callbacks_timed": timed}
    if request.query.get("reset"):
        stats.update(FRESH_STATS)
    return web.json_response(answer)


def ours(batch: float, plain: bool = False) -> web.Application:
    """The real server, tuned only where bots differ from people."""
    config = AppConfig(
        countdown=0.2,
        max_rooms=100_000,
        create_limit=RateLimit(1e6, 1e6),
        address_command_limit=RateLimit(1e6, 1e6),  # every bot comes from one loopback address
        address_snapshot_limit=RateLimit(1e6, 1e6),
        max_bots=100_000,  # the bench climbs until the server gives out, not its caps
        max_bots_per_address=100_000,
        rooms_per_address=100_000,  # every room is made from that one address too
        connections_per_address=100_000,  # and every player and spectator connects from it
        hint_limit=RateLimit(2.0, 2.0),
        batch_interval=batch,
        fast_json=not plain,
    )
    app = create_app(config)
    app[LAG_KEY] = dict(FRESH_STATS)
    _time_callbacks(app[LAG_KEY])
    app.router.add_get("/_bench/lag", _lag)
    app.cleanup_ctx.append(_watch_lag)
    return app


def bare() -> web.Application:
    """Join a Socket.IO room by name and re-broadcast every move to it; nothing else."""
    sio = socketio.AsyncServer(async_mode="aiohttp", logger=False, engineio_logger=False)
    app = web.Application()
    sio.attach(app)

    @sio.on("join")
    async def join(sid: str, data: dict[str, Any]) -> dict[str, Any]:
        await sio.enter_room(sid, data["room"])
        await sio.save_session(sid, {"room": data["room"]})
        return {"ok": True, "you": {"id": sid}}

    @sio.on("move")
    async def move(sid: str, data: dict[str, Any]) -> dict[str, Any]:
        session = await sio.get_session(sid)
        await sio.emit("event", {"t": "moved", "d": {"id": sid, **data}}, room=session["room"])
        return {"ok": True}

    return app


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("kind", choices=("ours", "bare"))
    parser.add_argument("port", type=int)
    parser.add_argument("--batch", type=float, default=0.0)
    parser.add_argument("--plain", action="store_true", help="asyncio and json instead of uvloop and orjson")
    args = parser.parse_args()
    app = ours(args.batch, args.plain) if args.kind == "ours" else bare()
    loop = None if args.plain else fast_loop()
    web.run_app(app, host="127.0.0.1", port=args.port, print=None, access_log=None, loop=loop)


if __name__ == "__main__":
    main()
