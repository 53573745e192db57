"""The maze library: the maze model, its generators, solvers and searches, the difficulty card, fog
visibility, and the wire, matrix and picture forms.

Pure: no clock, no sockets, no global random; everything a maze depends on (size, algorithm, seed) is
passed in, so the same inputs give the same maze on every machine. Nothing here knows about rooms.
"""
