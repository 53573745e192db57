"""Server settings: timings and limits, with production defaults; tests build their own."""

from dataclasses import dataclass
from pathlib import Path

from server.room.rate_limits import RateLimit

WEB_DIR = Path(__file__).resolve().parent.parent / "web"


@dataclass(frozen=True)
class AppConfig:
    """Everything the server can be tuned by."""

    web_dir: Path = WEB_DIR
    db_path: Path | None = None
    """The SQLite file for results, leaderboards, replays and restarts; None keeps nothing."""
    db_url: str | None = None
    """A `postgresql://` URL: the results go to that PostgreSQL database instead of `db_path`."""
    countdown: float = 3.0
    """Seconds between the host's start and the race."""
    grace: float = 60.0
    """Seconds a dropped player keeps their place."""
    idle_timeout: float = 300.0
    """Seconds an empty room lives on."""
    tick: float = 0.1
    """Seconds between room clock ticks."""
    max_rooms: int = 2000
    max_bots_per_room: int = 8
    """Bots one room takes: half its seats, so a room stays a race between people, and one room's
    bots cannot flood its many spectators with moves."""
    max_bots: int = 128
    """Bots this process drives at once, over every room (each steps up to 20 times a second)."""
    max_bots_per_address: int = 32
    """Bots the hosts behind one client address may have in their rooms at once: a classroom's
    teacher and students behind one address still fill several rooms with bots."""
    rooms_per_address: int = 16
    """Open rooms one client address may have made (a classroom needs one a 16 students; a school
    behind one address, a few teachers' worth)."""
    rooms_list_ttl: float = 1.0
    """Seconds the public rooms list (`GET /api/rooms`) is served from the last one built."""
    max_body: int = 16 * 1024
    """Largest HTTP body and Socket.IO message, in bytes."""
    move_limit: RateLimit = RateLimit(20.0, 10.0)
    hint_limit: RateLimit = RateLimit(1.0, 1.0)
    command_limit: RateLimit = RateLimit(5.0, 10.0)
    snapshot_limit: RateLimit = RateLimit(0.5, 3.0)
    """Full snapshots (`resync`) cost the most to build and send."""
    reaction_limit: RateLimit = RateLimit(0.5, 3.0)
    """Quick reactions per connection and member: one every 2 s, a burst of 3 (they also count as commands
    of the sender's address)."""
    address_command_limit: RateLimit = RateLimit(20.0, 40.0)
    """Commands (joins included) per client address, over all its connections."""
    address_snapshot_limit: RateLimit = RateLimit(2.0, 20.0)
    """Snapshots (joins and resyncs) per client address: several tabs or players behind one address."""
    create_limit: RateLimit = RateLimit(0.5, 10.0)
    """Room creations per client address."""
    read_limit: RateLimit = RateLimit(20.0, 100.0)
    """HTTP API reads (and any other request to the API or the health check) per client address."""
    maze_work_limit: RateLimit = RateLimit(2.0, 20.0)
    """Maze files read or written and clear checks started or finished, per client address: each may
    parse or build a 150 x 150 maze (hundreds of KB), so fewer than the reads; an editor imports or
    exports once in a while, and starts a clear check each time its author tries one."""
    publish_limit: RateLimit = RateLimit(1 / 30, 5.0)
    """Publications per client address: a burst of 5, then one every 30 s."""
    publishes_per_day: int = 30
    """Mazes one client address may publish in 24 hours, counted in the store (so over a restart and
    over every process of a cluster)."""
    page_limit: RateLimit = RateLimit(100.0, 3000.0)
    """Pages and static files per client address: cheap (served from memory), so generous. A room
    page's first load is about 60 requests (the page, its styles and its modules), and a classroom of 40
    behind one address opens it within seconds: 2,400 requests, which a browser never retries (one
    refused module breaks the page)."""
    socket_limit: RateLimit = RateLimit(200.0, 2000.0)
    """HTTP requests to the Socket.IO endpoint (handshakes, polling) per client address."""
    connections_per_address: int = 200
    """Socket.IO connections one client address may hold open at once (each holds a file descriptor):
    a classroom behind one address is 40 students with a tab or two each, and reconnecting tabs."""
    tcp_connections_per_address: int = 512
    """TCP connections one client address may hold open at once, counted where they are accepted: its
    Socket.IO connections and the plain HTTP ones a browser keeps beside them (up to six a tab)."""
    silent_for: float = 30.0
    """Seconds a new TCP connection may stay open without sending a byte before it is hung up."""
    join_within: float = 60.0
    """Seconds a Socket.IO connection may stay open without joining a room before it is hung up (and an
    Engine.IO session without connecting to the game's namespace)."""
    max_backlog: int = 1024 * 1024
    """Bytes a connection may have waiting to be sent; past them, it is hung up (it is not reading)."""
    downloads_per_address: int = 8
    """Replays and analyses being sent to one client address at once (a slow reader holds its slot):
    a classroom behind one address opens them a second apart (their rate limit) and each takes seconds."""
    write_stall: float = 30.0
    """Seconds a connection's or a download's writes may make no progress before it is hung up."""
    body_timeout: float = 10.0
    """Seconds an HTTP request's declared body may take to arrive in full."""
    public_url: str | None = None
    """The address players reach the server at (`https://maze.example`), for the room links; None
    builds them from the address the request arrived on. Checked by `room_links.parse_public_url`."""
    batch_interval: float = 0.0
    """Seconds to gather a room's events into one `events` message; 0 sends each at once."""
    fast_json: bool = True
    """orjson for Socket.IO packets; False keeps the standard library's json (same results)."""
    ping_interval: float = 25.0
    ping_timeout: float = 20.0
    node: str = "solo"
    """This process's id in a cluster (`--node`): in `/healthz` and the `X-MazeRace-Node` of every
    answer but the web client's files."""
    redis_url: str | None = None
    lease_ttl: float = 1.5
    """Seconds a room's lease lives unrenewed (renewed every third): how soon a dead owner's rooms move."""
    """The Redis that a cluster's processes share (`--redis`); None runs alone, with no Redis."""
    trusted_proxies: frozenset[str] = frozenset()
    """Peer addresses (a cluster's nginx) whose `X-Real-IP` header names the client; from any other
    peer the header is ignored, and the connection's peer is the client address."""
