"""The store's PostgreSQL backend, for clusters that share one database."""
