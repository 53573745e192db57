"""The nginx configuration of a cluster, as text: the launcher writes it, docs/cluster.md shows its routing
part for deployments that bring their own nginx, and the tests start nginx with it.

Routing. Every Socket.IO request of a room carries the room code in its query (`?room=`), so
`hash $arg_room consistent` sends all of a room's requests (the handshake, every long-poll, the
WebSocket upgrade) to one process, and a process joining or leaving the ring moves only its share of
rooms. A Socket.IO request without a room hashes the empty key: one process, so polling stays sticky.
A process that cannot reach Redis answers a new connection 503 (server/cluster/ownership/reach.py):
nginx then tries the next process on the ring, the same one for every request of the room.
Everything else (pages, static files, the HTTP API) goes round-robin to any process: every process
must answer it from the cluster's shared state, and spreading it shows at once when one does not.

Client address. nginx overwrites `X-Real-IP` with the address it saw; the processes are started with
`--trusted-proxy 127.0.0.1`, so they take the client address (rate limits) from it on connections from
nginx, and from nobody else (server/http/client_address.py). `Host` is passed as the client wrote it (with
its port): Socket.IO's same-origin check compares the page's Origin with it.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

FAIL_SECONDS = 1
"""After a refused connection, nginx leaves a process out of the round-robin for this long."""

ROOM_SERVER = "max_fails=0"
"""A room's requests never mark a process down: each tries the room's process on the ring first and,
refused, goes on to the next one on the ring, the same for every request of the room. A mark with a
timeout would be state that changes between two clients' reconnections, and could send them to two
different processes, which would then take the room from each other."""

ROUTING = """\
map $http_upgrade $connection_upgrade {{
    default upgrade;
    ''      '';
}}

upstream mazerace_rooms {{
    hash $arg_room consistent;
    zone mazerace_rooms 64k;
{room_servers}
    keepalive 32;
}}

upstream mazerace_any {{
    zone mazerace_any 64k;
{servers}
    keepalive 32;
}}

server {{
    listen {listen};
    server_tokens off;
    proxy_http_version 1.1;
    proxy_set_header Host $http_host;
    proxy_set_header X-Real-IP $remote_addr;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $connection_upgrade;

    location /socket.io/ {{
        proxy_pass http://mazerace_rooms;
        proxy_next_upstream error timeout http_503;
        proxy_buffering off;
        proxy_connect_timeout 1s;
        proxy_read_timeout 1h;
        proxy_send_timeout 1h;
    }}

    location / {{
        proxy_pass http://mazerace_any;
    }}
}}
"""

MAIN = """\
# Written by `python -m server cluster`: {procs} MazeRace processes behind this nginx.
worker_processes auto;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;

events {{
    worker_connections 4096;
}}

http {{
    access_log off;
    client_body_temp_path {prefix}/temp/body;
    proxy_temp_path {prefix}/temp/proxy;
    fastcgi_temp_path {prefix}/temp/fastcgi;
    uwsgi_temp_path {prefix}/temp/uwsgi;
    scgi_temp_path {prefix}/temp/scgi;

{routing}}}
"""


@dataclass(frozen=True)
class Upstream:
    """Where the MazeRace processes listen."""

    host: str
    port: int


def routing(listen: str, upstreams: Sequence[Upstream]) -> str:
    """The `http`-level part: the WebSocket map, the two upstreams and the server block."""
    servers = "\n".join(
        f"    server {up.host}:{up.port} max_fails=1 fail_timeout={FAIL_SECONDS}s;" for up in upstreams
    )
    room_servers = "\n".join(f"    server {up.host}:{up.port} {ROOM_SERVER};" for up in upstreams)
    return ROUTING.format(listen=listen, servers=servers, room_servers=room_servers)


def main_config(prefix: Path, listen: str, upstreams: Sequence[Upstream]) -> str:
    """A whole nginx.conf whose pid file, logs and temp files all live under `prefix`."""
    indented = "".join(f"    {line}\n" if line else "\n" for line in routing(listen, upstreams).splitlines())
    return MAIN.format(procs=len(upstreams), prefix=prefix, routing=indented)
