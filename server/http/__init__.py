"""The HTTP edge: aiohttp routes, pages and the JSON API. Requests are parsed and validated here, the core
is called, and domain errors become JSON error answers."""
