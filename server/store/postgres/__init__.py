"""The PostgreSQL results store, for clusters that share one database."""
