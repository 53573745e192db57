"""Real services for the tests, started on free loopback ports in temporary folders and stopped by
pid: redis-server (redis.py) and nginx (nginx.py), with the code the cluster launcher uses, and
PostgreSQL (postgres.py)."""
