"""The room rules: a room is its state plus the commands applied to it, in order.

Pure: the caller passes the time, tokens, ids and seeds in each command, so a snapshot and the commands
since rebuild the same room on any process. `views` decides what each viewer sees.
"""
