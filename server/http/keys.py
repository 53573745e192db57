"""Typed keys for what the application holds."""

from aiohttp import web

from server.config import AppConfig
from server.errors import GameError
from server.room.rate_limits import KeyedLimiter
from server.runtime.registry import RoomRegistry
from server.runtime.room_directory import RoomDirectory
from server.sockets.gateway import SocketGateway
from server.store.interface import Store

CONFIG = web.AppKey("config", AppConfig)
REGISTRY = web.AppKey("registry", RoomRegistry)
GATEWAY = web.AppKey("gateway", SocketGateway)
CREATE_LIMITER = web.AppKey("create_limiter", KeyedLimiter)
DIRECTORY = web.AppKey("directory", RoomDirectory)
"""Where the HTTP API finds rooms: the registry alone, or the cluster's shared state."""
STORE = web.AppKey("store", Store)
"""Present only when the app has a database."""


def store_of(request: web.Request) -> Store:
    """The app's store; `no_store` when the server was started without a database."""
    store = request.app.get(STORE)
    if store is None:
        raise GameError("this server keeps no records (started without a database)", code="no_store")
    return store
