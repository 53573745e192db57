"""The SQLite results store: the embedded default, one file next to the server."""
