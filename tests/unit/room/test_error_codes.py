"""The error codes: one list in the core, every code the server raises is on it, and docs/protocol.md
lists exactly the codes a client can get (socket acks and HTTP errors)."""

import ast
import re
from pathlib import Path

from server.errors import ERROR_CODES, SERVER_ONLY_CODES

ROOT = Path(__file__).resolve().parents[3]
ERROR_CLASSES = {"GameError", "BadSettings", "BadMaze", "IllegalMove"}
REPLY_BUILDERS = {"error_ack", "json_error"}


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _constant(node: ast.expr | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def codes_in_source() -> set[str]:
    """Every string literal the server passes as an error code: to an error class, to a reply builder,
    as a class's default `code`, or as a key of an HTTP status table."""
    found: set[str | None] = set()
    for path in (ROOT / "server").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and _name(node.func) in ERROR_CLASSES:
                found.update(_constant(keyword.value) for keyword in node.keywords if keyword.arg == "code")
                if len(node.args) > 1:
                    found.add(_constant(node.args[1]))
            elif isinstance(node, ast.Call) and _name(node.func) in REPLY_BUILDERS and node.args:
                found.add(_constant(node.args[0]))
            elif isinstance(node, ast.ClassDef) and node.name in ERROR_CLASSES:
                for statement in node.body:
                    if isinstance(statement, ast.AnnAssign) and _name(statement.target) == "code":
                        found.add(_constant(statement.value))
            elif (
                isinstance(node, ast.Assign)
                and any(_name(t) == "STATUS_BY_CODE" for t in node.targets)
                and isinstance(node.value, ast.Dict)
            ):
                found.update(_constant(key) for key in node.value.keys)
    return {code for code in found if code is not None}


def codes_in_docs() -> set[str]:
    """The codes docs/protocol.md names where it lists errors: the HTTP error sentence and the socket
    "Error codes:" paragraph."""
    text = (ROOT / "docs" / "protocol.md").read_text()
    http = re.search(r"Errors are `\{\"error\".*?\.\n", text, re.DOTALL)
    socket = re.search(r"^Error codes: .*?\n\n", text, re.DOTALL | re.MULTILINE)
    assert http is not None, "docs/protocol.md lost its HTTP error sentence"
    assert socket is not None, "docs/protocol.md lost its socket error-code paragraph"
    listed = re.findall(r"`([a-z_]+)`", http.group(0)) + re.findall(r"`([a-z_]+)`", socket.group(0))
    return set(listed) - {"code", "message", "error"}


def test_every_code_the_server_raises_is_in_the_list_and_every_listed_code_is_raised() -> None:
    assert codes_in_source() == set(ERROR_CODES)


def test_the_protocol_lists_exactly_the_codes_a_client_can_get() -> None:
    assert codes_in_docs() == set(ERROR_CODES - SERVER_ONLY_CODES)


def test_server_only_codes_are_codes() -> None:
    assert SERVER_ONLY_CODES <= ERROR_CODES
