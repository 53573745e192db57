"""`GET /api/rules`: the rules a client builds its forms and cooldowns from, so it types none of them.

Everything here is read from the server's own constants (the settings bounds and choices, the hint
methods, the configured rate limits), never written out a second time: a bound changed in
server/room/settings.py reaches the lobby's form with no client change. The body is built once per app.
"""

import dataclasses
import json
import math
from typing import Any, Literal, TypedDict

from aiohttp import web

from server.bots import BOT_KINDS, bot_name
from server.config import AppConfig
from server.http.keys import CONFIG
from server.maze.generators import EIGHT_DIRECTION_ALGORITHMS
from server.maze.hints import HINT_METHODS
from server.maze.share_code import SHARE_CODE
from server.room.bot_spec import MAX_SPEED, MIN_SPEED
from server.room.names import NAME_MAX_CHARS, NAME_MAX_COLUMNS
from server.room.players import PALETTE
from server.room.protocol import PROTOCOL_VERSION
from server.room.rate_limits import RateLimit
from server.room.reactions import ReactionJson, reactions_json
from server.room.settings import (
    BRAID_BOUNDS,
    CHOICES,
    DIRECTION_CHOICES,
    PRESETS,
    SETTING_NAMES,
    WHOLE_BOUNDS,
    RoomSettings,
)


class FieldRule(TypedDict, total=False):
    """One settings field: its kind, default and what it may hold."""

    type: Literal["choice", "int", "number", "bool", "subset", "code"]
    default: Any
    min: float
    max: float
    choices: list[str] | list[int]
    pattern: str
    """A `code` field's regular expression (a published maze's share code; null is allowed too)."""


class LimitRule(TypedDict):
    """A token bucket as served: `rate` a second on average, `burst` at once."""

    rate: float
    burst: float


class BotRules(TypedDict):
    """What the host may ask of a bot: its kinds (with the names they race under) and speeds."""

    kinds: list[str]
    names: dict[str, str]
    min_speed: int
    max_speed: int


class NameRules(TypedDict):
    """How long a display name may be: `max_columns` wide (a wide East Asian character two), and at most
    `max_chars` code points once normalised."""

    max_columns: int
    max_chars: int


class Rules(TypedDict):
    """The body of `GET /api/rules` (docs/protocol.md, "Rules")."""

    protocol: int
    settings: dict[str, FieldRule]
    presets: dict[str, dict[str, int]]
    hint_methods: list[str]
    eight_direction_algorithms: list[str]
    bots: BotRules
    hint_cooldown_ms: int
    rate_limits: dict[str, LimitRule]
    reactions: list[ReactionJson]
    palette: list[str]
    names: NameRules


RATE_LIMITS = (
    "move",
    "hint",
    "command",
    "reaction",
    "snapshot",
    "address_command",
    "address_snapshot",
    "create",
    "read",
)
"""The `AppConfig` buckets a client may want to pace itself by (each `<name>_limit`)."""


def field_rule(field: dataclasses.Field[Any]) -> FieldRule:
    """The rule of one RoomSettings field, from the bounds parse_settings checks it against."""
    default = getattr(RoomSettings(), field.name)
    if field.name in WHOLE_BOUNDS:
        low, high = WHOLE_BOUNDS[field.name]
        return {"type": "int", "default": default, "min": low, "max": high}
    if field.name == "directions":
        return {"type": "choice", "default": default, "choices": list(DIRECTION_CHOICES)}
    if field.name in CHOICES:
        return {"type": "choice", "default": default, "choices": list(CHOICES[field.name])}
    if field.name == "hint_methods":
        return {"type": "subset", "default": list(default), "choices": list(HINT_METHODS)}
    if field.name == "braid":
        return {"type": "number", "default": default, "min": BRAID_BOUNDS[0], "max": BRAID_BOUNDS[1]}
    if isinstance(default, bool):
        return {"type": "bool", "default": default}
    if field.name == "maze":
        return {"type": "code", "default": None, "pattern": SHARE_CODE.pattern}
    raise TypeError(f"RoomSettings.{field.name} has no rule: add it to server/http/rules_api.py")


def cooldown_ms(limit: RateLimit) -> int:
    """Milliseconds until a spent bucket holds one more token: the wait between two hints."""
    return math.ceil(1000 / limit.rate) if limit.rate > 0 else 0


def build_rules(config: AppConfig) -> Rules:
    """The whole rules body for a server with `config`."""
    limits: dict[str, LimitRule] = {}
    for name in RATE_LIMITS:
        limit: RateLimit = getattr(config, f"{name}_limit")
        limits[name] = {"rate": limit.rate, "burst": limit.burst}
    return {
        "protocol": PROTOCOL_VERSION,
        "settings": {
            field.name: field_rule(field)
            for field in dataclasses.fields(RoomSettings)
            if field.name in SETTING_NAMES
        },
        "presets": {name: {"rows": rows, "cols": cols} for name, (rows, cols) in PRESETS.items()},
        "hint_methods": list(HINT_METHODS),
        "eight_direction_algorithms": list(EIGHT_DIRECTION_ALGORITHMS),
        "bots": {
            "kinds": list(BOT_KINDS),
            "names": {kind: bot_name(kind) for kind in BOT_KINDS},
            "min_speed": MIN_SPEED,
            "max_speed": MAX_SPEED,
        },
        "hint_cooldown_ms": cooldown_ms(config.hint_limit),
        "rate_limits": limits,
        "reactions": reactions_json(),
        "palette": list(PALETTE),
        "names": {"max_columns": NAME_MAX_COLUMNS, "max_chars": NAME_MAX_CHARS},
    }


def add_rules_route(app: web.Application) -> None:
    """Register `GET /api/rules`, its body built once from the app's config (set before this runs).

    Rate limited with the other API reads by server/http/limits.py, and cacheable for a minute."""
    body = json.dumps(build_rules(app[CONFIG])).encode()

    async def rules(request: web.Request) -> web.Response:
        """`GET /api/rules`: the same for every caller."""
        return web.Response(
            body=body, content_type="application/json", headers={"Cache-Control": "max-age=60"}
        )

    app.router.add_get("/api/rules", rules)
