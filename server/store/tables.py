"""What the two backends share about their tables: the rows a finished race is saved as, the statements
both run (written once, the placeholder style their only difference), the schema steps both take
alike, and the rows read back turned into the interface's records, so SQLite and PostgreSQL answer
alike.

Backend-neutral: neither database driver is imported here, and neither backend imports the other.
"""

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from server.maze.race_card import DifficultyCard
from server.room.names import name_key
from server.room.racelog import RaceLog
from server.room.records import RaceRecord, race_maze
from server.room.results import ResultRow, efficiency, on_shortest, progress
from server.room.settings import SettingsJson
from server.room.snapshot import RoomStateJson
from server.store import maze_boards
from server.store.best_times import upsert_rows, upsert_statement
from server.store.interface import LeaderboardRow, RecentRace, StoredRace, StoredRaceJson

LEADERBOARD_MAX = 100
"""Rows at most on a leaderboard or the recent races, whatever the request asks."""

ADD_DIFFICULTY_CARD = "ALTER TABLE races ADD COLUMN difficulty TEXT;"
"""The maze's difficulty card (`race_card.DifficultyCard`) as JSON text; NULL for the races before it."""
ADD_BOT_KIND = "ALTER TABLE results ADD COLUMN bot TEXT;"
"""A bot's kind on its result row (NULL for people): bots race and are stored, but never on a board."""

Params = tuple[object, ...]
"""One statement's parameters, in the order of its placeholders."""
Statement = tuple[str, Params | list[Params]]
"""A statement and its parameters: one row, or a list of rows for `executemany`."""

_EMPTY_LOG = RaceLog().to_blob()


class Row(Protocol):
    """A row read by name: `sqlite3.Row`, or a dict from psycopg's `dict_row`."""

    def __getitem__(self, key: str) -> Any: ...


@dataclass(frozen=True)
class Sql:
    """The statements both backends run, in one backend's placeholder style (`sql_with`)."""

    insert_race: str
    """Saves a race at most once: the race row changes nothing when one of that id is there already."""
    insert_result: str
    insert_race_log: str
    clear_saved_rooms: str
    insert_saved_room: str
    keep_daily_secret: str
    """Inserts a new secret only if none is there: the first of several starting processes wins."""
    race: str
    race_results: str
    race_log: str
    saved_rooms: str
    daily_secret: str
    offer_best_result: str
    """Offers a finish to one precomputed board (`best_times.upsert_statement`)."""
    offer_maze_result: str
    """Offers a finish to its published maze's board (`maze_boards.upsert_statement`)."""
    count_maze_race: str
    """Counts a race on its published maze (`published_mazes.races`)."""


def _marks(mark: str, count: int) -> str:
    return ", ".join([mark] * count)


def sql_with(mark: str) -> Sql:
    """The shared statements with `mark` as their placeholder: `?` for SQLite, `%s` for psycopg."""
    return Sql(
        insert_race=(
            "INSERT INTO races (id, room_code, preset, rows, cols, algorithm, braid, openings, seed, daily,"
            " settings, started_at, ended_at, shortest, ranked, difficulty, maze_code)"
            f" VALUES ({_marks(mark, 17)}) ON CONFLICT (id) DO NOTHING"
        ),
        insert_result=(
            "INSERT INTO results (race_id, player_id, name, colour, rank, time_ms, penalty_ms, total_ms,"
            " moves, hints, route, distance, final_row, final_col, dnf, bot)"
            f" VALUES ({_marks(mark, 16)})"
        ),
        insert_race_log=f"INSERT INTO race_logs (race_id, players, data) VALUES ({_marks(mark, 3)})",
        clear_saved_rooms="DELETE FROM saved_rooms",
        insert_saved_room=f"INSERT INTO saved_rooms (code, saved_at, state) VALUES ({_marks(mark, 3)})",
        keep_daily_secret=(
            f"INSERT INTO meta (key, value) VALUES ('daily_secret', {mark}) ON CONFLICT (key) DO NOTHING"
        ),
        race=f"SELECT * FROM races WHERE id = {mark}",
        race_results=f"SELECT * FROM results WHERE race_id = {mark} ORDER BY rank",
        race_log=f"SELECT players, data FROM race_logs WHERE race_id = {mark}",
        saved_rooms="SELECT saved_at, state FROM saved_rooms",
        daily_secret="SELECT value FROM meta WHERE key = 'daily_secret'",
        offer_best_result=upsert_statement(mark),
        offer_maze_result=maze_boards.upsert_statement(mark),
        count_maze_race=f"UPDATE published_mazes SET races = races + 1 WHERE code = {mark}",
    )


# ----- writing -------------------------------------------------------------------------------------


def _card_text(card: DifficultyCard | None) -> str | None:
    """A difficulty card as the races table keeps it (JSON text; NULL when the record has none)."""
    return json.dumps(card, separators=(",", ":")) if card is not None else None


def save_race_statements(sql: Sql, record: RaceRecord, settings: object, blob: bytes) -> list[Statement]:
    """A finished race's rows (its race, its results, its packed log, its finishes offered to the
    precomputed boards, its published maze's count of races) under `sql`'s statements, the race row
    first: a backend saving them in one transaction stops after it when it changed nothing (the race
    was stored already, and its finishes must not be offered again, nor counted). `settings` is the
    settings column as the backend writes it (JSON text, or jsonb); booleans go in as they are (SQLite
    keeps them as 1 and 0)."""
    s = record.settings
    race: Params = (
        record.id, record.room_code, s["preset"], s["rows"], s["cols"], s["algorithm"], s["braid"],
        s["openings"], record.seed, record.daily, settings, record.started_at, record.ended_at,
        record.shortest, record.ranked, _card_text(record.difficulty), race_maze(record),
    )  # fmt: skip
    results: list[Params] = [
        (
            record.id, r["id"], r["name"], r["colour"], r["rank"], r["time"], r["penalty"], r["total"],
            r["moves"], r["hints"], r["route"], r["distance"], r["cell"][0] if r["cell"] else None,
            r["cell"][1] if r["cell"] else None, r["dnf"], r.get("bot"),
        )
        for r in record.results
    ]  # fmt: skip
    statements: list[Statement] = [
        (sql.insert_race, race),
        (sql.insert_result, results),
        (sql.insert_race_log, (record.id, json.dumps(record.log.players), blob)),
    ]
    offers: list[Params] = upsert_rows(record)
    if offers:
        statements.append((sql.offer_best_result, offers))
    maze_offers: list[Params] = maze_boards.upsert_rows(record)
    if maze_offers:
        statements.append((sql.offer_maze_result, maze_offers))
    if (maze := race_maze(record)) is not None:
        statements.append((sql.count_maze_race, (maze,)))
    return statements


def save_rooms_statements(sql: Sql, states: list[RoomStateJson], saved_at: float) -> list[Statement]:
    """Replacing the saved rooms with `states` (kept as JSON text in both databases)."""
    rows: list[Params] = [(state["code"], saved_at, json.dumps(state)) for state in states]
    return [(sql.clear_saved_rooms, ()), (sql.insert_saved_room, rows)]


# ----- reading -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PackedRace:
    """A stored race as read, its log still packed: unpacking the log of a long race takes a while, so
    the backends do it off the event loop (`asyncio.to_thread(packed.unpack)`)."""

    race: StoredRaceJson
    players: list[str]
    blob: bytes
    cols: int

    def unpack(self) -> StoredRace:
        """The stored race with its whole log."""
        return {**self.race, "log": RaceLog.from_blob(self.blob, self.cols, self.players)}


def packed_race(race: Row, settings: SettingsJson, results: Iterable[Row], logged: Row | None) -> PackedRace:
    """A race's rows read back: its `races` row (with `settings` decoded by the backend), its `results`
    rows in rank order, and its `race_logs` row (None for a race stored without one)."""
    card: DifficultyCard | None = json.loads(race["difficulty"]) if race["difficulty"] is not None else None
    fields: StoredRaceJson = {
        "id": race["id"],
        "settings": settings,
        "ranked": bool(race["ranked"]),
        "seed": race["seed"],
        "daily": race["daily"],
        "started_at": round(race["started_at"] * 1000),
        "ended_at": round(race["ended_at"] * 1000),
        "shortest": race["shortest"],
        "difficulty": card,
        "shortest_routes": card["shortest_paths"] if card is not None else None,
        "results": [result_json(row, race["shortest"]) for row in results],
    }
    if logged is None:
        return PackedRace(fields, [], _EMPTY_LOG, race["cols"])
    return PackedRace(fields, json.loads(logged["players"]), bytes(logged["data"]), race["cols"])


def result_json(row: Row, shortest: int) -> ResultRow:
    """A result row as the race announced it; shortest, efficiency and progress derive as in result_rows."""
    dnf = bool(row["dnf"])
    result: ResultRow = {
        "id": row["player_id"],
        "name": row["name"],
        "colour": row["colour"],
        "rank": row["rank"],
        "time": row["time_ms"],
        "penalty": row["penalty_ms"],
        "total": row["total_ms"],
        "moves": row["moves"],
        "hints": row["hints"],
        "route": row["route"],
        "shortest": shortest,
        "efficiency": None if dnf else efficiency(shortest, row["moves"]),
        "distance": row["distance"],
        "progress": progress(row["distance"], shortest),
        "cell": [row["final_row"], row["final_col"]] if row["final_row"] is not None else None,
        "dnf": dnf,
        "on_shortest": on_shortest(row["route"], shortest, dnf),
    }
    if row["bot"] is not None:
        result["bot"] = row["bot"]
    return result


def recent_race_json(row: Row) -> RecentRace:
    """A row of the recent races query (id, preset, rows, cols, algorithm, maze_code, daily, ended_at)."""
    race: RecentRace = {
        "id": row["id"],
        "preset": row["preset"],
        "rows": row["rows"],
        "cols": row["cols"],
        "algorithm": row["algorithm"],
        "daily": row["daily"],
        "ended_at": round(row["ended_at"] * 1000),
    }
    if row["maze_code"] is not None:
        race["maze"] = row["maze_code"]
    return race


def leaderboard_json(rows: Iterable[Row], one_player: bool) -> list[LeaderboardRow]:
    """Leaderboard rows (best first) as the API sends them, with their places. On a board of each
    player's best (not `one_player`'s best in each category), of names that look the same
    (`names.name_key`: "Alice", and "Alice" spelt with a Cyrillic A) only the best row stays: nobody is
    ranked as someone else."""
    return [
        {
            "place": place,
            "name": row["name"],
            "total": row["total_ms"],
            "time": row["time_ms"],
            "penalty": row["penalty_ms"],
            "moves": row["moves"],
            "hints": row["hints"],
            "race": row["race_id"],
            "preset": row["preset"],
            "algorithm": row["algorithm"],
            "rows": row["rows"],
            "cols": row["cols"],
            "daily": row["daily"],
            "ended_at": round(row["ended_at"] * 1000),
        }
        for place, row in enumerate(rows if one_player else _one_a_look(rows), start=1)
    ]


def _one_a_look(rows: Iterable[Row]) -> list[Row]:
    """`rows` (best first) without the later ones whose name looks like an earlier one's."""
    kept: list[Row] = []
    looks: set[str] = set()
    for row in rows:
        look = name_key(row["name"])
        if look not in looks:
            looks.add(look)
            kept.append(row)
    return kept


def leaderboard_limit(limit: int) -> int:
    """The rows a leaderboard request gets: what it asks, within 1..LEADERBOARD_MAX."""
    return max(1, min(limit, LEADERBOARD_MAX))
