"""The terminal tests race against the integration tests' in-process server on a real port."""

from tests.integration.conftest import arena, start_server

__all__ = ["arena", "start_server"]
