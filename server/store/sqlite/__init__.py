"""The store's SQLite backend: the embedded default, one file next to the server."""
