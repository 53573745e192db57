"""The leaderboards kept precomputed: each player's best finish on every board it could appear on, so a
leaderboard is an indexed read of at most a hundred rows, however many races are stored.

Ranking every stored result at each request took over a second with 300,000 results, and the store
(SQLite's one connection) was held all that while, so races finishing meanwhile waited to be saved.

The table `best_results` has one row per board and player: the board is (fog, preset, algorithm, daily
date), each of the last three either a value or `ANY` (the board of every preset, every generator,
every day, as the API's query leaves them out). A finish is a candidate for the 4 boards of its preset
or any, its generator or any, any day (8 with a daily date: that date too). A race's save upserts its
ranked finishes of people into them in the same transaction as the race, after the race row, so a race
saved twice changes nothing; the migration fills the table from the results already stored.

"Best" is the smallest (total, ended at, race id): fastest total, ties to who finished first (the order
the boards always had), then the race id, so the row kept does not depend on the order races were
saved in. Written once for both backends, the placeholder style (and two column types) their only
difference; neither database driver is imported here.
"""

from typing import Any

from server.room.records import RaceRecord, race_maze

ANY = "*"
"""The board key of a filter the query leaves out (no preset, generator or date is `*`)."""

_KEY = ("fog", "board_preset", "board_algorithm", "board_daily", "name")
ROW = (
    "total_ms", "ended_at", "race_id", "time_ms", "penalty_ms", "moves", "hints",
    "preset", "algorithm", "rows", "cols", "daily",
)  # fmt: skip
"""The best finish's columns, named as `tables.leaderboard_json` reads them."""
_COLUMNS = (*_KEY, *ROW)
BEST_FIRST = "total_ms, ended_at, race_id"


def create_table(fog_type: str, real_type: str) -> str:
    """The migration creating `best_results` and its indexes, in a backend's boolean and float types.
    The primary key leads with the name (a player's own boards); the board index reads a board in
    order, best first."""
    return f"""
    CREATE TABLE best_results (
        fog {fog_type} NOT NULL,
        board_preset TEXT NOT NULL,
        board_algorithm TEXT NOT NULL,
        board_daily TEXT NOT NULL,
        name TEXT NOT NULL,
        total_ms INTEGER NOT NULL,
        ended_at {real_type} NOT NULL,
        race_id TEXT NOT NULL REFERENCES races(id) ON DELETE CASCADE,
        time_ms INTEGER NOT NULL,
        penalty_ms INTEGER NOT NULL,
        moves INTEGER NOT NULL,
        hints INTEGER NOT NULL,
        preset TEXT NOT NULL,
        algorithm TEXT NOT NULL,
        rows INTEGER NOT NULL,
        cols INTEGER NOT NULL,
        daily TEXT,
        PRIMARY KEY (name, fog, board_daily, board_preset, board_algorithm)
    );
    CREATE INDEX best_results_by_board ON best_results
        (fog, board_preset, board_algorithm, board_daily, total_ms, ended_at, race_id, name);
    """


def fill_table(fog_of_race: str, bytewise: str = "") -> str:
    """The migration filling `best_results` from the stored results: every ranked finish of a person
    under each of its boards, the best of each player on each board kept (a row-number window).
    `fog_of_race` is the backend's expression reading a race's fog setting from `races.settings`;
    `bytewise` the collation clause that groups text by its bytes (a language's collation made
    PostgreSQL's sort of a million rows ten times slower, and grouping needs no language)."""
    columns = ", ".join(_COLUMNS)
    partition = ", ".join(f"{column}{bytewise}" if column != "fog" else column for column in _KEY)
    return f"""
    INSERT INTO best_results ({columns})
    SELECT {columns} FROM (
        SELECT finishes.*, ROW_NUMBER() OVER (
            PARTITION BY {partition} ORDER BY {BEST_FIRST}) AS nth
        FROM (
            SELECT {fog_of_race} AS fog,
                   CASE WHEN boards.column1 = 1 THEN races.preset ELSE '{ANY}' END AS board_preset,
                   CASE WHEN boards.column2 = 1 THEN races.algorithm ELSE '{ANY}' END AS board_algorithm,
                   CASE WHEN boards.column3 = 1 THEN races.daily ELSE '{ANY}' END AS board_daily,
                   results.name, results.total_ms, races.ended_at, results.race_id, results.time_ms,
                   results.penalty_ms, results.moves, results.hints, races.preset, races.algorithm,
                   races.rows, races.cols, races.daily
            FROM results JOIN races ON races.id = results.race_id
            CROSS JOIN (VALUES (0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1),
                               (1, 0, 0), (1, 0, 1), (1, 1, 0), (1, 1, 1)) AS boards
            WHERE NOT results.dnf AND results.bot IS NULL AND races.ranked
              AND (boards.column3 = 0 OR races.daily IS NOT NULL)
        ) AS finishes
    ) AS numbered WHERE nth = 1;
    """


def upsert_statement(mark: str) -> str:
    """Offering one finish to one board: inserted when the player has no row there, else kept only
    when better than the row there."""
    current = ", ".join(f"best_results.{column}" for column in BEST_FIRST.split(", "))
    offered = ", ".join(f"excluded.{column}" for column in BEST_FIRST.split(", "))
    return (
        f"INSERT INTO best_results ({', '.join(_COLUMNS)}) VALUES ({', '.join([mark] * len(_COLUMNS))})"
        f" ON CONFLICT ({', '.join(_KEY)}) DO UPDATE SET"
        f" {', '.join(f'{column} = excluded.{column}' for column in ROW)}"
        f" WHERE ({offered}) < ({current})"
    )


def upsert_rows(record: RaceRecord) -> list[tuple[object, ...]]:
    """The upserts' parameters for a race: each finish of a person in a ranked race, under each board
    it belongs to; none for an unranked race, nor for a race on a published maze (whose finishes go to
    that maze's own board, `server.store.maze_boards`: a hand-made maze's times do not compare with a
    generated one's)."""
    if not record.ranked or race_maze(record) is not None:
        return []
    s = record.settings
    fog = bool(s.get("fog", False))
    days = (ANY,) if record.daily is None else (ANY, record.daily)
    rows: list[tuple[object, ...]] = []
    for r in record.results:
        if r["dnf"] or r.get("bot") is not None or r["total"] is None or r["time"] is None:
            continue
        best = (
            r["total"], record.ended_at, record.id, r["time"], r["penalty"], r["moves"], r["hints"],
            s["preset"], s["algorithm"], s["rows"], s["cols"], record.daily,
        )  # fmt: skip
        for preset in (ANY, s["preset"]):
            for algorithm in (ANY, s["algorithm"]):
                for day in days:
                    rows.append((fog, preset, algorithm, day, r["name"], *best))
    return rows


def board_query(
    mark: str,
    preset: str | None,
    algorithm: str | None,
    name: str | None,
    daily: str | None,
    fog: bool,
    limit: int,
) -> tuple[str, tuple[Any, ...]]:
    """A leaderboard as one indexed read of `best_results` (`Store.leaderboard`), and its parameters.
    Without `name`: the rows of one board, each player's best there. With it: that player's rows on
    the boards of one preset and one generator each (their best in each category), narrowed by the
    filters given. Only our own column names and `mark` are formatted into the text, never input."""
    where = [f"fog = {mark}", f"board_daily = {mark}"]
    params: list[object] = [fog, daily if daily is not None else ANY]
    for column, value in (("board_preset", preset), ("board_algorithm", algorithm)):
        if value is not None:
            where.append(f"{column} = {mark}")
            params.append(value)
        elif name is not None:
            where.append(f"{column} <> '{ANY}'")
        else:
            where.append(f"{column} = '{ANY}'")
    if name is not None:
        where.append(f"name = {mark}")
        params.append(name)
    sql = (
        f"SELECT * FROM best_results WHERE {' AND '.join(where)}"
        f" ORDER BY {BEST_FIRST}, name, board_preset, board_algorithm LIMIT {mark}"
    )
    return sql, (*params, limit)
