"""The web client's own scripts, styles and JSON as served: minified once at start, the sources untouched.

The sources under web/ carry their documentation (JSDoc types that tsc checks, comments that say why),
which is most of their size; a browser needs none of it. rjsmin and rcssmin only drop comments and
spacing: string and template literals, regular expressions and every token stay as they are, so a
served module behaves as its source does (tests run each one through `node --check` and the browser
tests run on these bytes). Files already minified (the vendored `*.min.js`) go as they are. JSON (the
message catalogues every page loads) goes without its spacing, the same data in the same order: the
sources stay indented, one key a line, so that changes to them merge line by line.
"""

import json

from rcssmin import cssmin  # type: ignore[import-untyped]
from rjsmin import jsmin  # type: ignore[import-untyped]


def minified(path: str, body: bytes) -> bytes:
    """The bytes to serve for the web file at `path` (relative to the web directory)."""
    if path.endswith(".min.js") or path.endswith(".min.css"):
        return body
    if path.endswith((".js", ".mjs")):
        return bytes(jsmin(body))
    if path.endswith(".css"):
        return bytes(cssmin(body))
    if path.endswith(".json"):
        return _compact_json(body)
    return body


def _compact_json(body: bytes) -> bytes:
    """The same JSON without spacing; a file that is not JSON goes as it is."""
    try:
        data = json.loads(body)
    except ValueError:
        return body
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
