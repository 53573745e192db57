"""Keeping finished races and rooms across restarts.

The store is one interface (`interface.Store`) and its two backends, SQLite (`sqlite/`) and PostgreSQL
(`postgres/`); `open` picks the backend, `tables` holds what both share and `errors` how they fail. The
saving (`saving`) retries the save of a finished race until it is in, and the rescue file (`rescue`)
keeps what the database could not take at shutdown.
"""
