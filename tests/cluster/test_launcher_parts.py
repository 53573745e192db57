"""The launcher's pieces without starting a cluster: its command line, what it would install, and the
nginx config (which real nginx accepts, and which docs/cluster.md shows as it is)."""

import subprocess
from pathlib import Path

import pytest

from server.cluster.install import NGINX, REDIS, find_program, install_command, missing
from server.cluster.launcher_args import parse_args
from server.cluster.nginx_conf import Upstream, main_config, routing
from server.cluster.nodes import NodeSpec

ROOT = Path(__file__).resolve().parents[2]


def test_command_line_defaults_and_node_options() -> None:
    args = parse_args(["--procs", "2", "--port", "9000", "--", "--countdown", "5"])
    assert (args.procs, args.port, args.host, args.redis, args.restart) == (2, 9000, "127.0.0.1", None, True)
    assert args.node_args == ("--countdown", "5")
    spec = NodeSpec("node1", "redis://127.0.0.1:1/0", "mazerace.db", extra=args.node_args)
    command = spec.command(4321)
    assert command[1:] == [
        "-m", "server", "--node", "node1", "--redis", "redis://127.0.0.1:1/0", "--port", "4321",
        "--db", "mazerace.db", "--host", "127.0.0.1", "--trusted-proxy", "127.0.0.1", "--countdown", "5",
    ]  # fmt: skip


@pytest.mark.parametrize("bad", ["0", "65", "two", "-1"])
def test_bad_process_counts_are_refused(bad: str) -> None:
    with pytest.raises(SystemExit, match="2"):
        parse_args(["--procs", bad])


def test_only_missing_programs_are_installed() -> None:
    installed = {"redis-server": "/usr/bin/redis-server"}
    assert missing([REDIS, NGINX], installed.get) == [NGINX]
    assert missing([REDIS], installed.get) == []
    assert install_command(["nginx-light"], is_root=False)[1][:2] == ["sudo", "env"]
    assert install_command(["nginx-light"], is_root=True)[1][-4:] == ["install", "-y", "-qq", "nginx-light"]


def test_nginx_accepts_the_config(tmp_path: Path) -> None:
    nginx = find_program("nginx")
    assert nginx is not None
    (tmp_path / "temp").mkdir()
    conf = tmp_path / "nginx.conf"
    conf.write_text(
        main_config(tmp_path, "127.0.0.1:1", [Upstream("127.0.0.1", 2), Upstream("127.0.0.1", 3)])
    )
    checked = subprocess.run(
        [nginx, "-t", "-p", str(tmp_path), "-c", str(conf), "-e", str(tmp_path / "error.log")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stderr


def test_the_readme_shows_the_config_the_launcher_writes() -> None:
    shown = routing("80", [Upstream("127.0.0.1", port) for port in (8001, 8002, 8003)])
    assert f"```nginx\n{shown}```" in (ROOT / "docs" / "cluster.md").read_text(encoding="utf-8")
