"""The leaderboards of published mazes, kept precomputed like the generated boards
(`server.store.best_times`): each player's best finish on each maze, so a maze's board is an indexed
read however many races it has.

The table `maze_best_results` has one row per maze, fog and player. A race on a published maze offers
its finishes of people to its maze's board in the save's transaction, after the race row (a race saved
twice changes nothing), when the race counts for a maze board (`records.counts_for_maze_board`: hint
rules at least as strict as the defaults, no bot showing the way); such races are never on the
generated boards. "Best" is the same order as there: smallest (total, ended at, race id).

Written once for both backends; neither database driver is imported here.
"""

from server.room.records import RaceRecord, counts_for_maze_board, race_maze
from server.store.best_times import BEST_FIRST, ROW

_KEY = ("maze_code", "fog", "name")
_COLUMNS = (*_KEY, *ROW)


def create_table(fog_type: str, real_type: str) -> str:
    """The migration creating `maze_best_results` in a backend's boolean and float types. No maze race
    was stored before it, so there is nothing to fill."""
    return f"""
    CREATE TABLE maze_best_results (
        maze_code TEXT NOT NULL,
        fog {fog_type} NOT NULL,
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
        PRIMARY KEY (maze_code, fog, name)
    );
    CREATE INDEX maze_best_by_board ON maze_best_results
        (maze_code, fog, total_ms, ended_at, race_id, name);
    """


def upsert_statement(mark: str) -> str:
    """Offering one finish to its maze's board: inserted when the player has no row there, else kept
    only when better than the row there."""
    current = ", ".join(f"maze_best_results.{column}" for column in BEST_FIRST.split(", "))
    offered = ", ".join(f"excluded.{column}" for column in BEST_FIRST.split(", "))
    return (
        f"INSERT INTO maze_best_results ({', '.join(_COLUMNS)}) VALUES ({', '.join([mark] * len(_COLUMNS))})"
        f" ON CONFLICT ({', '.join(_KEY)}) DO UPDATE SET"
        f" {', '.join(f'{column} = excluded.{column}' for column in ROW)}"
        f" WHERE ({offered}) < ({current})"
    )


def upsert_rows(record: RaceRecord) -> list[tuple[object, ...]]:
    """The upserts' parameters for a race on a published maze: each finish of a person, when the race
    counts for a maze board; none for a race on a generated maze."""
    code = race_maze(record)
    if code is None or not counts_for_maze_board(record.settings, record.known_maze, record.guided):
        return []
    s = record.settings
    fog = bool(s.get("fog", False))
    rows: list[tuple[object, ...]] = []
    for r in record.results:
        if r["dnf"] or r.get("bot") is not None or r["total"] is None or r["time"] is None:
            continue
        rows.append((
            code, fog, r["name"], r["total"], record.ended_at, record.id, r["time"], r["penalty"],
            r["moves"], r["hints"], s["preset"], s["algorithm"], s["rows"], s["cols"], record.daily,
        ))  # fmt: skip
    return rows


def board_query(
    mark: str, maze: str, name: str | None, fog: bool, limit: int
) -> tuple[str, tuple[object, ...]]:
    """A maze's board as one indexed read (`Store.leaderboard(maze=...)`), and its parameters: each
    player's best on it, or only `name`'s."""
    where = [f"maze_code = {mark}", f"fog = {mark}"]
    params: list[object] = [maze, fog]
    if name is not None:
        where.append(f"name = {mark}")
        params.append(name)
    sql = (
        f"SELECT * FROM maze_best_results WHERE {' AND '.join(where)}"
        f" ORDER BY {BEST_FIRST}, name LIMIT {mark}"
    )
    return sql, (*params, limit)
