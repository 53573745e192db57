"""A live room in the terminal: keys become commands, the room's events become frames.

The server's rules come from `GET /api/rules` (the move rate limit, the hint methods), the room's own
settings from its snapshot (the hint methods this room allows, which `m` cycles through), so nothing is
typed out twice. Steps wait in a short queue and go out one at a time, each ack awaited, no faster than
the server's move limit allows; a refused step empties the queue (the rest would start from the wrong
cell). The screen is drawn again after every event and every ack, and ten times a second for the clock.
"""

import asyncio
import contextlib
import time
from collections.abc import Coroutine, Mapping
from dataclasses import replace

import socketio

from server.clients.terminal.connection import Ack, Connection, local_ms, refusal_of
from server.clients.terminal.console import Console, read_keys
from server.clients.terminal.hint_words import back_up_line, way_on_line
from server.clients.terminal.keys import Command, KeyDecoder, Keymap
from server.clients.terminal.labels import result_time
from server.clients.terminal.messages import ENGLISH, Messages
from server.clients.terminal.printable import printable
from server.clients.terminal.room_frame import Choices, room_frame
from server.clients.terminal.room_view import RoomView
from server.clients.terminal.screen import compose
from server.clients.terminal.server_rules import LiveError, live_rules
from server.errors import BadMaze
from server.maze.directions import Direction
from server.maze.model import Cell
from server.maze.wire import PackedCells
from server.room.rate_limits import RateLimit, TokenBucket
from server.room.wire_readers import BadMessage, read_hint_ack, read_move_ack

QUEUED_STEPS = 4
RATE_MARGIN = 0.9
"""Steps go out at 90% of the server's move rate, so clock drift never trips its limit."""


def _cells(text: str | None, view: RoomView) -> tuple[Cell, ...]:
    maze = view.maze
    if text is None or maze is None:
        return ()
    try:
        return PackedCells.from_wire(text, maze.size, maze.cols).cells()
    except BadMaze:
        return ()


def _error(ack: Ack, words: Messages = ENGLISH) -> str:
    """Why a command was refused, as the player reads it (the server's words for an unknown code)."""
    error = refusal_of(ack)
    return words.refusal(error["code"], printable(error["message"] or error["code"] or "refused", 120))


def _cell_text(value: list[int] | None) -> str:
    """A wire cell as typed, `r c` from 0 ("" when there is none)."""
    return f"{value[0]} {value[1]}" if value is not None else ""


class LiveGame:
    """One terminal player (or watcher) in one room."""

    def __init__(
        self, connection: Connection, move_limit: RateLimit, methods: list[str], words: Messages = ENGLISH
    ) -> None:
        self.connection, self.view = connection, connection.view
        self.words = words
        self.keymap, self.decoder = Keymap(words=words), KeyDecoder()
        self.choices = Choices(methods=methods)
        self.server_methods = methods
        limit = RateLimit(move_limit.rate * RATE_MARGIN, max(1.0, move_limit.burst - 1))
        self.bucket = TokenBucket.full(limit, time.monotonic())
        self.steps: asyncio.Queue[Direction | Cell] = asyncio.Queue(QUEUED_STEPS)
        self.stop = asyncio.Event()
        self.quit = False
        self.tasks: set[asyncio.Task[None]] = set()

    def methods(self) -> list[str]:
        """The hint methods this room allows (its settings), in the server's order."""
        if self.view.settings is None:
            return self.server_methods
        allowed = self.view.settings["hint_methods"]
        return [m for m in self.server_methods if m in allowed] or self.server_methods

    def spawn(self, work: Coroutine[object, object, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # ----- keys --------------------------------------------------------------------------------------

    def on_bytes(self, data: bytes) -> None:
        if not data:  # the terminal closed
            self.quit = True
            self.stop.set()
        for key in self.decoder.feed(data):
            phase = "racing" if self.view.racing() else self.view.phase
            command = self.keymap.command(key, phase)
            if command is not None:
                self.handle(command)
            self.choices.message = self.keymap.error or self.choices.message
        self.choices.typed = self.keymap.line
        self.connection.on_change()

    def handle(self, command: Command) -> None:
        kind, view = command.kind, self.view
        me = view.me()
        if kind == "quit":
            self.quit = True
            self.stop.set()
        elif kind == "method":
            self.choices.methods = self.methods()
            self.choices.method = (self.choices.method + 1) % max(1, len(self.choices.methods))
        elif kind == "help":
            self.choices.help = not self.choices.help
        elif kind == "follow":
            self.choices.follow += 1
        elif kind in ("step", "go") and view.racing():
            target = command.direction if kind == "step" else command.cell
            if target is not None:
                try:
                    self.steps.put_nowait(target)
                except asyncio.QueueFull:
                    self.choices.message = self.words("message.slow_down")
        elif kind == "hint" and view.racing():
            self.choices.methods = self.methods()
            self.spawn(self.ask_hint(self.choices.method_name))
        elif kind == "ready" and me is not None and view.phase in ("lobby", "finished"):
            self.spawn(self.command("ready", {"ready": not me.ready}))
        elif kind == "start" and view.phase in ("lobby", "finished"):
            self.start(me is not None and view.host == me.id)
        elif kind == "go" and command.cell is not None:
            self.choices.message = self.words("message.not_racing_yet")

    def start(self, hosting: bool) -> None:
        """`s` in the lobby starts the race, after a race asks for a rematch: the host's commands. Anyone
        else is told so at once, rather than left wondering why nothing happened."""
        lobby = self.view.phase == "lobby"
        if not hosting:
            self.choices.message = self.words("message.host_starts" if lobby else "message.host_rematch")
        else:
            self.spawn(self.command("start" if lobby else "rematch", {}))

    # ----- commands ----------------------------------------------------------------------------------

    async def command(self, name: str, payload: Mapping[str, object]) -> None:
        ack = await self.connection.call(name, payload)
        self.choices.message = "" if ack.get("ok") else self.refused(name, ack)
        self.connection.on_change()

    async def walk(self) -> None:
        """Send queued steps one at a time, at the allowed rate."""
        while True:
            target = await self.steps.get()
            while not self.bucket.allow(time.monotonic()):  # noqa: ASYNC110 (a clock, not an event)
                await asyncio.sleep(1 / self.bucket.limit.rate)
            payload: dict[str, object] = (
                {"dir": target.value} if isinstance(target, Direction) else {"to": list(target)}
            )
            ack = await self.connection.call("move", payload)
            if ack.get("ok"):
                self.moved(ack)
            else:
                self.choices.message = self.refused("move", ack)
                while not self.steps.empty():
                    self.steps.get_nowait()
            self.connection.on_change()

    def moved(self, ack: Ack) -> None:
        """An accepted move: where this player stands now, and what is left of a hint's way on."""
        try:
            self.view.own_move(read_move_ack(ack))
        except BadMessage as error:
            self.choices.message = self.words("message.unreadable_move", error=printable(error, 120))
            return
        me = self.view.me()
        cell = me.cell if me is not None else None
        way = self.choices.way
        self.choices.way = way[1:] if way[1:2] == (cell,) else ()
        self.choices.message = ""

    async def ask_hint(self, method: str) -> None:
        ack = await self.connection.call("hint", {"method": method})
        if not ack.get("ok"):
            self.choices.message = self.refused("hint", ack)
            self.connection.on_change()
            return
        try:
            hint = read_hint_ack(ack)
        except BadMessage as error:
            self.choices.message = self.words("message.unreadable_hint", error=printable(error, 120))
            self.connection.on_change()
            return
        searched = printable(hint["method"])
        self.view.reveal(hint.get("seen"))  # a hint that moved you (`hint_moves`) let you see more
        cut = hint["cut"]  # why the marked way stops early (null: it is the whole way)
        if hint["found"]:
            self.choices.way = _cells(hint["path"], self.view)
            self.choices.message = way_on_line(searched, self.choices.way, cut, self.words)
        else:
            self.choices.way = _cells(hint["back_path"], self.view)
            back_to = _cell_text(hint["back_to"])
            self.choices.message = back_up_line(searched, back_to, self.choices.way, cut, self.words)
        self.connection.on_change()

    def refused(self, command: str, ack: Ack) -> str:
        """The message for a refused command (`command` is ready, start, rematch, move or hint)."""
        return self.words(f"refused.{command}", reason=_error(ack, self.words))

    # ----- the end -----------------------------------------------------------------------------------

    def summary(self) -> str:
        """The line printed once the terminal is restored, in the player's language."""
        view, code, words = self.view, self.view.code, self.words
        mine = next((r for r in view.results or [] if r["id"] == view.you), None)
        if mine is not None:
            moves, hints = mine["moves"], mine["hints"]
            if mine["dnf"]:
                return words("summary.dnf", code=code, moves=moves, count=hints)
            time = result_time(mine["time"], mine["penalty"], words)
            return words("summary.rank", code=code, rank=mine["rank"], time=time, moves=moves, count=hints)
        me = view.me()
        if me is not None and me.finished:
            time = result_time(me.time, me.penalty, words)
            return words("summary.finished", code=code, rank=me.rank, time=time, moves=me.moves)
        return words("summary.left", code=code)


async def play_live(
    console: Console,
    server: str,
    code: str,
    name: str,
    watch: bool,
    retry_for: float,
    words: Messages = ENGLISH,
) -> str:
    """Join the room and play until `q`, the terminal closing, or the server gone; the closing line.
    The screen's words and the closing line are `words`'s (the errors raised before the room is joined
    stay English, as the command line's do)."""
    move_limit, methods = await live_rules(server)
    dirty = asyncio.Event()
    role = "spectator" if watch else "player"
    connection = Connection(server, code, name, role, dirty.set, retry_for, words)
    try:
        ack = await connection.open()
    except (socketio.exceptions.ConnectionError, ValueError, OSError) as error:
        await connection.close(leave=False)
        raise LiveError(f"cannot connect to {server}: {error}") from None
    if not ack.get("ok"):
        await connection.close(leave=False)
        raise LiveError(f"cannot join room {code}: {_error(ack)}")
    game = LiveGame(connection, move_limit, methods, words)
    game.choices.methods = game.methods()
    stop_reading = read_keys(console, game.on_bytes)
    game.spawn(game.walk())
    try:
        while not game.stop.is_set() and connection.ended is None:
            dirty.clear()
            state = "" if connection.joined else "reconnecting"
            frame = room_frame(game.view, game.choices, local_ms(), state, game.words)
            if connection.notice and not frame.message:
                frame = replace(frame, message=connection.notice)
            console.show(compose(frame, *console.size()))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(dirty.wait(), 0.1)
    finally:
        stop_reading()
        for task in game.tasks:
            task.cancel()
        await connection.close(leave=game.quit)
    if connection.ended is not None:
        raise LiveError(f"{connection.ended} ({game.summary()})")
    return game.summary()
