"""Fixtures every test package can use: the real services under tests/services."""

pytest_plugins = ["tests.services.postgres"]
