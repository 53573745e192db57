"""The application: its factory, the store's life across start and shutdown, and `serve`, the
command that runs one process."""
