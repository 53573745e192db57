"""Cluster mode: `python -m server cluster` starts redis-server, N MazeRace processes and nginx on
loopback (launcher.py); the pieces it starts them with (services.py, redis_server.py, nginx_conf.py,
nginx_server.py, install.py) are also what the tests start their own services with."""
