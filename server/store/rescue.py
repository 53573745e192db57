"""The rescue file: where open rooms and unstored races go when the database cannot take them at
shutdown (a full disk, a read-only or deleted file), and where the next start looks for them.

It is tried next to the database first, then in the system's temporary folder (often another disk);
the next start on the same database restores what it holds, stores the races, and removes it.
"""

import hashlib
import json
import logging
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict

from server.errors import GameError
from server.room.records import RaceRecord, RaceRecordJson
from server.room.snapshot import RoomStateJson

log = logging.getLogger(__name__)

VERSION = 1


class RescueJson(TypedDict):
    """A rescue file's contents."""

    version: int
    saved_at: float
    rooms: list[RoomStateJson]
    races: list[RaceRecordJson]


@dataclass(frozen=True)
class Rescue:
    """What one rescue file holds."""

    path: Path
    saved_at: float
    rooms: list[RoomStateJson]
    races: list[RaceRecord]


def rescue_paths(db_path: Path) -> list[Path]:
    """Where the rescue file of `db_path` may be, in the order they are tried."""
    tag = hashlib.sha256(str(db_path.resolve()).encode()).hexdigest()[:16]
    return [
        db_path.with_name(db_path.name + ".rescue.json"),
        Path(tempfile.gettempdir()) / f"mazerace-rescue-{tag}.json",
    ]


def write_rescue(
    db_path: Path, saved_at: float, rooms: list[RoomStateJson], races: list[RaceRecord]
) -> Path | None:
    """Write a rescue file (atomically) in the first place that takes it; None if none did."""
    rescue: RescueJson = {
        "version": VERSION,
        "saved_at": saved_at,
        "rooms": rooms,
        "races": [race.to_json() for race in races],
    }
    body = json.dumps(rescue).encode()
    for path in rescue_paths(db_path):
        part = path.with_name(path.name + ".part")
        try:
            with part.open("wb") as out:
                out.write(body)
                out.flush()
                os.fsync(out.fileno())
            os.replace(part, path)
            return path
        except OSError as error:
            log.error("could not write the rescue file %s: %s", path, error)
            part.unlink(missing_ok=True)
    return None


def read_rescues(db_path: Path) -> list[Rescue]:
    """Every readable rescue file of `db_path`; an unreadable one is logged and left in place."""
    found = []
    for path in rescue_paths(db_path):
        if not path.is_file():
            continue
        try:
            data: RescueJson = json.loads(path.read_bytes())
            if not isinstance(data, dict):
                raise ValueError("a rescue file holds a JSON object")
            if data.get("version") != VERSION:
                raise ValueError(f"unknown rescue file version {data.get('version')!r}")
            if not all(isinstance(room, dict) for room in data["rooms"]):
                raise ValueError("every rescued room is a JSON object")  # restoring reads fields of each
            races = [RaceRecord.from_json(race) for race in data["races"]]
            found.append(Rescue(path, float(data["saved_at"]), list(data["rooms"]), races))
        except (OSError, ValueError, KeyError, TypeError, GameError) as error:
            log.error("could not read the rescue file %s (left in place): %s", path, error)
    return found
