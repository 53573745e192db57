"""Keeping finished races and rooms across restarts: one interface (`interface.Store`), with
SQLite (`sqlite/`) and PostgreSQL (`postgres/`) behind it, retried saves and the rescue file."""
