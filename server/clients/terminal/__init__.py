"""`python -m server play`: the original exercise's terminal game, as a client of a live room or alone.

`entry` reads the arguments; `live` plays in a room over Socket.IO (`connection`, `room_view`), `solo`
plays offline against the pure core; both draw with `screen` (the picture is `picture`, the exercise's) and
read keys with `keys` on a terminal set up by `console`, in the player's language (`messages`, `labels`,
laid out by display width with `width`). `python -m server.clients.terminal` is `python -m server play`.
"""
