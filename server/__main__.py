"""`python -m server [serve]` runs the game; `python -m server maze ...` runs the maze tools;
`python -m server cluster ...` runs several game processes behind nginx, with Redis;
`python -m server play ...` plays in the terminal."""

import sys

from server.clients import maze_cli


def main(argv: list[str]) -> int:
    """Dispatch to the maze tools or the game server."""
    if argv[:1] == ["maze"]:
        return maze_cli.main(argv[1:])
    if argv[:1] == ["play"]:
        from server.clients.terminal import entry  # the terminal client: no server to start

        return entry.main(argv[1:])
    if argv[:1] == ["cluster"]:
        from server.cluster import launcher  # the launcher only starts processes: no aiohttp either

        return launcher.main(argv[1:])
    from server.app import serve  # imported here so the maze tools start without aiohttp

    return serve.main(argv[1:] if argv[:1] == ["serve"] else argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
