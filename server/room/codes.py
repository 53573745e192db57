"""The shape of a room code, shared by the edges that parse one and the clients that accept one."""

import re

ROOM_CODE = re.compile(r"^[0-9a-z]{10}\Z")
"""Ten lower-case letters and digits: what a room link ends with."""
