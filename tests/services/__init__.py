"""Real services for the tests, started on free loopback ports in the test's temp dir and stopped by
pid: redis-server (redis.py) and nginx (nginx.py), with the same code the cluster launcher uses."""
