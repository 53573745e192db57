"""The race explained: from a finished race's log, each racer's route, dead ends, hints and splits.

Pure, beside the room rules: it reads the race log and the maze, and is built off the event loop.
"""
