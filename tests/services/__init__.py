"""Real servers the tests start themselves (on free loopback ports, in temporary folders) and stop by pid."""
