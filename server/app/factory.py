"""The application factory: wiring only. Tests build their own app with their own `AppConfig`."""

import asyncio
import contextlib
import gc
from collections.abc import AsyncIterator

from aiohttp import web

from server.app.store_lifecycle import save_open_rooms, store_context
from server.cluster.ownership.node import cluster_context
from server.cluster.ownership.reach import refuse_new_sockets
from server.config import AppConfig
from server.http.client_address import client_address_middleware
from server.http.edge import edge_middleware, name_the_server
from server.http.healthz import add_health_route
from server.http.keys import CONFIG, CREATE_LIMITER, DIRECTORY, GATEWAY, REGISTRY
from server.http.limits import HTTP_LIMITERS, HttpLimiters, rate_limit_middleware
from server.http.maze_api import add_maze_routes
from server.http.maze_pages import add_maze_page_routes
from server.http.not_found import not_found_middleware
from server.http.request_log import bound_bad_request_logs
from server.http.routes import add_routes
from server.http.rules_api import add_rules_route
from server.room.rate_limits import KeyedLimiter
from server.runtime.bot_driver import run_bots
from server.runtime.clock import run_clock
from server.runtime.registry import RoomRegistry
from server.runtime.room_directory import RoomDirectory
from server.sockets.gateway import SocketGateway
from server.sockets.transport import GuardedServer


async def _room_clock(app: web.Application) -> AsyncIterator[None]:
    """Run the room clock and the bot driver for the app's lifetime; cancel and await them on shutdown."""
    gateway = app[GATEWAY]
    tasks = [
        asyncio.create_task(run_clock(app[REGISTRY], gateway.runner, app[CONFIG])),
        asyncio.create_task(run_bots(app[REGISTRY], gateway.runner, gateway.bot_may_move, gateway.monotonic)),
    ]
    yield
    for task in tasks:
        task.cancel()
    for task in tasks:
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def _freeze_startup_objects(app: web.Application) -> None:
    """Move everything start-up made (modules, classes, the app) out of the garbage collector's reach:
    full collections then walk only what the game made since, which keeps their pauses short."""
    gc.collect()
    gc.freeze()


def create_app(config: AppConfig | None = None) -> web.Application:
    """The aiohttp app with the Socket.IO server attached (same origin only, 16 KB messages)."""
    config = config or AppConfig()
    bound_bad_request_logs()
    app = web.Application(
        client_max_size=config.max_body,
        middlewares=[
            client_address_middleware,
            edge_middleware,
            not_found_middleware,
            rate_limit_middleware,
            refuse_new_sockets,
        ],
    )
    app.on_response_prepare.append(name_the_server)
    sio = GuardedServer(
        fast_json=config.fast_json,
        connections_per_address=config.connections_per_address,
        connect_within=config.join_within,
        max_backlog=config.max_backlog,
        write_stall=config.write_stall,
        async_mode="aiohttp",
        max_http_buffer_size=config.max_body,
        ping_interval=config.ping_interval,
        ping_timeout=config.ping_timeout,
        logger=False,
        engineio_logger=False,
    )
    sio.attach(app)
    registry = RoomRegistry(config.max_rooms, config.countdown, config.grace)
    gateway = SocketGateway(sio, registry, config)
    gateway.register()
    app[CONFIG] = config
    app[REGISTRY] = registry
    app[GATEWAY] = gateway
    app[CREATE_LIMITER] = KeyedLimiter(config.create_limit)
    app[DIRECTORY] = RoomDirectory(registry, config.node, app[CREATE_LIMITER])
    app[HTTP_LIMITERS] = HttpLimiters.from_config(config)
    add_routes(app)
    add_health_route(app)
    add_rules_route(app)
    add_maze_page_routes(app)
    add_maze_routes(app)
    app.cleanup_ctx.append(store_context)
    app.cleanup_ctx.append(cluster_context)
    app.cleanup_ctx.append(_room_clock)
    app.on_shutdown.append(save_open_rooms)
    app.on_startup.append(_freeze_startup_objects)
    return app
