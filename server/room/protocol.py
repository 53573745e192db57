"""The version of the protocol a client speaks with the server (docs/protocol.md), served by
`GET /api/rules`: a client built for another version is told so at once instead of misreading events.

Version 2 calls a position `cell` everywhere (version 1 said `room`, the word the game uses for the
room people race in).
"""

PROTOCOL_VERSION = 2
