"""Room settings: presets, bounds and validation. Every field is checked with a clear message."""

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import NotRequired, TypedDict

from server.errors import BadSettings, GameError
from server.maze.fog import DEFAULT_VISION, VISION_BOUNDS
from server.maze.generation import MazeSpec, is_number_within
from server.maze.generators import ALGORITHMS, BIASES, DEFAULT_BIAS, check_directions
from server.maze.hint_reveal import HINT_REVEALS
from server.maze.hints import HINT_METHODS
from server.maze.model import Maze
from server.maze.openings import OPENINGS
from server.maze.share_code import SHARE_CODE, share_code
from server.maze.walls import DIRECTION_COUNTS

PRESETS: dict[str, tuple[int, int]] = {"easy": (10, 10), "medium": (50, 50), "hard": (100, 100)}
"""The original exercise's three sizes (docs/origins.md), as room presets."""

ROOM_MIN_SIDE, ROOM_MAX_SIDE = 5, 150
MAX_PLAYERS_CAP = 16
WHOLE_BOUNDS: dict[str, tuple[int, int]] = {
    "rows": (ROOM_MIN_SIDE, ROOM_MAX_SIDE),
    "cols": (ROOM_MIN_SIDE, ROOM_MAX_SIDE),
    "hint_limit": (0, 99),
    "hint_penalty": (0, 60),
    "max_players": (1, MAX_PLAYERS_CAP),
    "time_limit": (30, 3600),
    "vision": VISION_BOUNDS,
}
"""The whole-number fields' inclusive bounds: parse_settings checks them, GET /api/rules serves them."""
BRAID_BOUNDS = (0.0, 1.0)
CHOICES: dict[str, tuple[str, ...]] = {
    "preset": (*PRESETS, "custom"),
    "algorithm": ALGORITHMS,
    "openings": OPENINGS,
    "bias": BIASES,
    "hint_reveal": HINT_REVEALS,
}
"""The one-of fields' allowed values (`hint_methods` is a subset of HINT_METHODS)."""
DIRECTION_CHOICES: tuple[int, ...] = DIRECTION_COUNTS
"""The `directions` setting's values: 4, or 8 with diagonal passages."""
LAYOUT_FIELDS = ("preset", "rows", "cols", "directions")
"""The settings a published maze decides: the host cannot set them while the room races one."""


@dataclass(frozen=True)
class RoomSettings:
    """What the host chooses for a room; see docs/protocol.md for the fields."""

    preset: str = "easy"
    rows: int = 10
    cols: int = 10
    algorithm: str = "backtracker"
    braid: float = 0.0
    openings: str = "corners"
    directions: int = 4
    bias: str = DEFAULT_BIAS
    """growing-tree's bias; kept while another generator is chosen, so switching back restores it."""
    hint_methods: tuple[str, ...] = HINT_METHODS
    hint_limit: int = 3
    hint_penalty: int = 5
    hint_moves: bool = False
    hint_reveal: str = HINT_REVEALS[0]
    """How much of a hint's way its asker is shown while racing (`hint_reveal`): "junction", the way on
    to the next junction, or "whole", the whole way to the exit."""
    max_players: int = 8
    public: bool = True
    time_limit: int = 600
    fog: bool = False
    """Explorer mode: racers see only the cells within `vision` steps of where they have stood."""
    vision: int = DEFAULT_VISION
    maze: str | None = None
    """A published maze's share code: the room races that maze (its size and directions; the generator's
    fields decide nothing while it is set). None races a generated maze."""
    layout: Maze | None = field(default=None, compare=False, repr=False)
    """The published maze `maze` names, looked up by the edge and carried by the command that set it (not
    a setting a client sends, and not on the wire: the code stands for it)."""

    def to_json(self) -> "SettingsJson":
        """The JSON form sent to clients (`maze` only when the room races a published maze: a generated
        room's settings stay as they were, and no key named "maze" reaches anyone before the start)."""
        s = self
        data: SettingsJson = {
            "preset": s.preset,
            "rows": s.rows,
            "cols": s.cols,
            "algorithm": s.algorithm,
            "braid": s.braid,
            "openings": s.openings,
            "directions": s.directions,
            "bias": s.bias,
            "hint_methods": list(s.hint_methods),
            "hint_limit": s.hint_limit,
            "hint_penalty": s.hint_penalty,
            "hint_moves": s.hint_moves,
            "hint_reveal": s.hint_reveal,
            "max_players": s.max_players,
            "public": s.public,
            "time_limit": s.time_limit,
            "fog": s.fog,
            "vision": s.vision,
        }
        if s.maze is not None:
            data["maze"] = s.maze
        return data

    def maze_spec(self, seed: int) -> MazeSpec:
        """The maze these settings make with `seed` (a published maze's settings: that maze)."""
        return spec_for(self.to_json(), seed, self.layout)


SETTING_NAMES = tuple(name for name in RoomSettings.__dataclass_fields__ if name != "layout")
"""The settings a client sends and gets (`layout` is the maze `maze` names, carried beside them)."""


class SettingsJson(TypedDict):
    """Room settings on the wire (docs/protocol.md, "Settings"): the `settings` event's data."""

    preset: str
    rows: int
    cols: int
    algorithm: str
    braid: float
    openings: str
    directions: int
    bias: str
    hint_methods: list[str]
    hint_limit: int
    hint_penalty: int
    hint_moves: bool
    hint_reveal: str
    max_players: int
    public: bool
    time_limit: int
    fog: bool
    vision: int
    maze: NotRequired[str | None]
    """A published maze's share code; left out for a generated maze (and absent from every race stored
    before hand-made mazes): read it with `.get`."""


def spec_for(settings: SettingsJson, seed: int, layout: Maze | None = None) -> MazeSpec:
    """The maze of a room's (or a stored race's) settings and seed. The one place settings become a maze
    spec: races stored before `directions` and `bias` existed read as 4 directions and the default bias,
    and the bias only reaches the generator that has one. Settings naming a published maze need that
    maze, `layout` (the caller looked it up), and make a spec that is that maze."""
    algorithm = settings["algorithm"]
    bias = settings.get("bias", DEFAULT_BIAS) if algorithm == "growing-tree" else DEFAULT_BIAS
    if settings.get("maze") is not None:
        if layout is None:
            raise GameError(f"the published maze {settings.get('maze')!r} is not at hand", "unknown_maze")
        rows, cols, directions = layout.rows, layout.cols, layout.directions
    else:
        layout = None
        rows, cols, directions = settings["rows"], settings["cols"], settings.get("directions", 4)
    return MazeSpec(
        algorithm, rows, cols, seed, settings["braid"], settings["openings"], bias, directions, layout
    )


def _int(data: Mapping[str, object], key: str) -> int:
    low, high = WHOLE_BOUNDS[key]
    value = data.get(key, getattr(RoomSettings, key))
    if not is_number_within(value, low, high) or value != int(value):  # in bounds first: never inf
        raise BadSettings(f"{key} must be a whole number from {low} to {high}")
    return int(value)


def _bool(data: Mapping[str, object], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise BadSettings(f"{key} must be true or false")
    return value


def _choice(data: Mapping[str, object], key: str) -> str:
    choices = CHOICES[key]
    value = data.get(key, getattr(RoomSettings, key))
    if value not in choices:
        raise BadSettings(f"{key} must be one of {', '.join(choices)}")
    return str(value)


def _maze(data: Mapping[str, object], current: RoomSettings, layout: Maze | None) -> Maze | None:
    """The published maze the settings race (None: a generated one). A newly named code needs its
    maze, `layout`, which the edge looked up; a code kept keeps its maze."""
    code = data.get("maze", current.maze)
    if code is None:
        return None
    if not isinstance(code, str) or not SHARE_CODE.match(code):
        raise BadSettings("maze must be a published maze's share code (8 to 16 letters and digits) or null")
    maze = layout if layout is not None or code != current.maze else current.layout
    if maze is None:
        raise GameError(f"no published maze has the code {code!r}", "unknown_maze")
    if maze is layout and share_code(maze, len(code)) != code:  # a new maze: is it the code's?
        raise BadSettings(f"the maze given is not the published maze {code!r}")
    if min(maze.rows, maze.cols) < ROOM_MIN_SIDE or max(maze.rows, maze.cols) > ROOM_MAX_SIDE:
        raise BadSettings(f"a room's maze is {ROOM_MIN_SIDE} to {ROOM_MAX_SIDE} cells a side")
    decided = {"preset": "custom", "rows": maze.rows, "cols": maze.cols, "directions": maze.directions}
    for key in LAYOUT_FIELDS:
        if key in data and data[key] != decided[key]:
            raise BadSettings(
                f"the published maze decides {key} ({decided[key]}); set maze to null to choose it"
            )
    return maze


def parse_settings(
    data: object, base: RoomSettings | None = None, layout: Maze | None = None
) -> RoomSettings:
    """Settings from a JSON object; fields left out keep `base`'s values (or the defaults). A `maze`
    code the settings newly name comes with its maze, `layout` (looked up by the caller)."""
    if not isinstance(data, dict):
        raise BadSettings("settings must be a JSON object")
    current = base or RoomSettings()
    unknown = sorted(str(key) for key in data if key not in SETTING_NAMES)
    if unknown:
        raise BadSettings(f"unknown setting {unknown[0]!r}")
    if isinstance(data.get("maze"), str):  # a share code read aloud or typed in capitals is the same
        data = {**data, "maze": data["maze"].lower()}
    maze = _maze(data, current, layout)
    if maze is not None:
        return _racing(str(data.get("maze", current.maze)), maze, current, data)
    merged = {**current.to_json(), **data}
    if "preset" in data and data["preset"] != "custom" and ("rows" not in data and "cols" not in data):
        merged.pop("rows")
        merged.pop("cols")

    preset = _choice(merged, "preset")
    if preset == "custom":
        rows = _int(merged, "rows")
        cols = _int(merged, "cols")
    else:
        rows, cols = PRESETS[preset]
        if ("rows" in data and data["rows"] != rows) or ("cols" in data and data["cols"] != cols):
            raise BadSettings(f"the {preset} preset is {rows}x{cols}; use preset 'custom' for other sizes")

    braid = merged.get("braid", 0.0)
    if not is_number_within(braid, *BRAID_BOUNDS):
        raise BadSettings(f"braid must be a number from {BRAID_BOUNDS[0]:g} to {BRAID_BOUNDS[1]:g}")

    methods = merged.get("hint_methods", list(HINT_METHODS))
    if not isinstance(methods, list | tuple) or not methods or any(m not in HINT_METHODS for m in methods):
        raise BadSettings(f"hint_methods must be a non-empty list drawn from {', '.join(HINT_METHODS)}")

    directions = merged.get("directions", 4)
    if isinstance(directions, bool) or directions not in DIRECTION_CHOICES:
        raise BadSettings("directions must be 4 or 8")
    algorithm = _choice(merged, "algorithm")
    check_directions(algorithm, int(directions))

    return replace(
        current,
        preset=preset,
        rows=rows,
        cols=cols,
        algorithm=algorithm,
        braid=float(braid),
        openings=_choice(merged, "openings"),
        directions=int(directions),
        bias=_choice(merged, "bias"),
        hint_methods=tuple(m for m in HINT_METHODS if m in methods),
        hint_limit=_int(merged, "hint_limit"),
        hint_penalty=_int(merged, "hint_penalty"),
        hint_moves=_bool(merged, "hint_moves", False),
        hint_reveal=_choice(merged, "hint_reveal"),
        max_players=_int(merged, "max_players"),
        public=_bool(merged, "public", True),
        time_limit=_int(merged, "time_limit"),
        fog=_bool(merged, "fog", False),
        vision=_int(merged, "vision"),
        maze=None,
        layout=None,
    )


def _racing(code: str, maze: Maze, current: RoomSettings, data: Mapping[str, object]) -> RoomSettings:
    """Settings that race the published `maze` (share code `code`): the other fields checked as for a
    generated maze (the generator's are kept for when the host goes back to one), the size and
    directions the maze's."""
    rest = {k: v for k, v in data.items() if k not in (*LAYOUT_FIELDS, "maze")}
    generated = replace(current, directions=4, maze=None, layout=None)  # every generator takes 4
    checked = parse_settings(rest, generated)
    return replace(
        checked,
        preset="custom",
        rows=maze.rows,
        cols=maze.cols,
        directions=maze.directions,
        maze=code,
        layout=maze,
    )
