"""Keeping finished races and rooms across restarts: one interface (`interface.ResultsStore`), with
SQLite (`sqlite/`) and PostgreSQL (`postgres/`) behind it, retried saves and the rescue file."""
