"""Which backend the store uses: PostgreSQL for a `postgresql://` URL, else the SQLite file. The one
module that picks a backend, and it imports only the one chosen (a SQLite server never loads psycopg,
a PostgreSQL one never loads aiosqlite)."""

from server.config import AppConfig
from server.store.interface import Store

URL_SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(db: str) -> bool:
    """Whether `--db` names a PostgreSQL database rather than a file."""
    return db.startswith(URL_SCHEMES)


async def open_store(config: AppConfig) -> Store | None:
    """Open the configured store (None when the server keeps nothing); `StoreError` if unusable."""
    if config.db_url is not None:
        from server.store.postgres.results import PgStore  # psycopg is loaded only by servers that use it

        return await PgStore.open(config.db_url)
    if config.db_path is not None:
        from server.store.sqlite.results import SqliteStore

        return await SqliteStore.open(config.db_path)
    return None
