"""The terminal client as a player runs it: `python -m server play ...` in a pseudo-terminal of 80 x 24
(pexpect), read while the test's event loop keeps serving; and a TCP proxy that can cut every
connection through it, the way a network drop does.

After the client exits, the shell that ran it prints the terminal's modes (`stty -a`) and `END`, so a
test can see that the client gave the terminal back as it found it.
"""

import asyncio
import contextlib
import os
import shlex
import sys
from pathlib import Path

import pexpect

ROOT = Path(__file__).resolve().parents[3]
TIMEOUT = 15.0
LEAVE_ALTERNATE_SCREEN = "\x1b[?1049l"
ENGLISH_LOCALE = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}
"""The screens the tests read are English whatever the machine's locale (`--lang zh` asks for Chinese)."""


class Terminal:
    """One `python -m server play` child on a pseudo-terminal."""

    def __init__(self, *args: str) -> None:
        command = shlex.join([sys.executable, "-m", "server", "play", *args])
        self.child = pexpect.spawn(
            "/bin/sh",
            ["-c", f"{command}; echo EXIT=$?; stty -a; echo END"],
            cwd=str(ROOT),
            env={**os.environ, **ENGLISH_LOCALE, "TERM": "xterm-256color", "PYTHONUNBUFFERED": "1"},
            dimensions=(24, 80),
            encoding="utf-8",
            codec_errors="replace",
            timeout=TIMEOUT,
        )
        self.seen = ""
        """Everything read so far, for the failure messages and for checks after the fact."""

    def _expect(self, pattern: str, regex: bool) -> str:
        try:
            if regex:
                self.child.expect(pattern)
            else:
                self.child.expect_exact(pattern)
        except (pexpect.TIMEOUT, pexpect.EOF) as error:
            tail = (self.seen + str(self.child.before))[-3000:]
            raise AssertionError(f"the terminal never showed {pattern!r}; it showed:\n{tail!r}") from error
        chunk = str(self.child.before) + str(self.child.after)
        self.seen += chunk
        return chunk

    async def expect(self, text: str) -> str:
        """Wait (off the event loop) until `text` is printed; what was printed up to it."""
        return await asyncio.to_thread(self._expect, text, False)

    async def expect_re(self, pattern: str) -> str:
        """Wait until the regular expression matches the output."""
        return await asyncio.to_thread(self._expect, pattern, True)

    def send(self, keys: str) -> None:
        """Type keys (escape sequences for arrows)."""
        self.child.send(keys)

    async def finish(self) -> tuple[int, str]:
        """Wait for the client and its shell to end: the client's exit status and the terminal's modes."""
        after = await self.expect("END")
        status = int(after.split("EXIT=", 1)[1].split()[0])
        return status, after.split("EXIT=", 1)[1]

    def close(self) -> None:
        """Make sure the child is gone."""
        with contextlib.suppress(Exception):
            self.child.close(force=True)


ARROWS = {"up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D"}


def restored(modes: str) -> bool:
    """Whether `stty -a` shows a terminal in its usual cooked mode: line editing, echo, signal keys."""
    flags = modes.split()
    return all(flag in flags for flag in ("icanon", "echo", "isig", "icrnl", "ixon"))


class DropProxy:
    """A TCP proxy to a local port; `drop` cuts every connection through it, `close` stops it."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.port = 0
        self.writers: set[asyncio.StreamWriter] = set()
        self.server: asyncio.Server | None = None

    async def start(self) -> "DropProxy":
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.close()
            return
        self.writers |= {writer, up_writer}
        await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            self.writers.discard(writer)
            writer.transport.abort()

    def drop(self) -> None:
        """Cut every open connection at once (no goodbye on either side)."""
        for writer in list(self.writers):
            writer.transport.abort()
        self.writers.clear()

    async def close(self) -> None:
        """Stop listening and cut everything."""
        if self.server is not None:
            self.server.close()
        self.drop()
        if self.server is not None:
            await self.server.wait_closed()


def last_frame(seen: str) -> list[str]:
    """The lines of the last whole frame printed (between the cursor's trip home and the clearing)."""
    end = seen.rindex("\x1b[J")
    frame = seen[seen.rindex("\x1b[H", 0, end) + 3 : end]
    return [line.replace("\x1b[K", "").rstrip("\r") for line in frame.split("\n")]
