// The server's records as the client receives them (docs/protocol.md; the server's own definitions
// are the TypedDicts of server/room/events/ and views/, settings.py, results.py and ghosts.py and of
// server/maze/wire.py). Types only: the modules name them in JSDoc as
// `import('../model/wire-types.js').Snapshot`, which loads nothing, and no page imports this file.
export {};

/** A cell: `[row, column]`. @typedef {[number, number]} Cell */

/** A direction's name: `up`, `down`, `left`, `right`, and in an 8-direction maze the four diagonals. @typedef {string} Facing */

/**
 * A count the wire carries exactly: a number up to 2^53 - 1, beyond that its decimal digits.
 * @typedef {number | string} Count
 */

/**
 * A maze on the wire: `walls` holds each cell's open sides packed in base64; `seen`, to a fog
 * racer only, the cells they have seen as a bitset.
 * @typedef {object} WireMaze
 * @property {number} rows
 * @property {number} cols
 * @property {Cell} entrance
 * @property {Cell} exit
 * @property {number} [directions] 4 or 8 (4 when missing, as in races stored before it existed)
 * @property {string} walls
 * @property {string} [seen]
 */

/**
 * Room settings (docs/protocol.md, "Settings").
 * @typedef {object} Settings
 * @property {string} preset
 * @property {number} rows
 * @property {number} cols
 * @property {string} algorithm
 * @property {number} braid
 * @property {string} openings
 * @property {number} directions
 * @property {string} bias
 * @property {string[]} hint_methods
 * @property {number} hint_limit
 * @property {number} hint_penalty
 * @property {boolean} hint_moves
 * @property {string} [hint_reveal] "junction" (a hint shows its asker the way to the next junction) or "whole"
 * @property {number} max_players
 * @property {boolean} public
 * @property {number} time_limit
 * @property {boolean} fog
 * @property {number} vision
 * @property {string | null} [maze] a published maze's share code (the room races it), or null for a generated maze
 */

/** A bot's kind and speed (moves a second). @typedef {{kind: string, speed: number}} BotSpec */

/**
 * A player as every client sees them: the position and trail once a race has started, the time and
 * rank once they finished, `seen` (a bitset) for a fog racer to those who may see it.
 * @typedef {object} PlayerEntry
 * @property {string} id
 * @property {string} name
 * @property {string} colour
 * @property {boolean} ready
 * @property {boolean} connected
 * @property {boolean} host
 * @property {number} moves
 * @property {number} hints
 * @property {number} penalty
 * @property {boolean} finished
 * @property {boolean} dnf
 * @property {boolean} left
 * @property {Cell} [cell] the cell the player stands in
 * @property {Facing} [facing]
 * @property {Cell[]} [trail]
 * @property {number | null} [distance] steps left to the exit; never to a racer in a fog race
 * @property {string} [seen]
 * @property {BotSpec} [bot]
 * @property {number | null} [time]
 * @property {number} [rank]
 */

/**
 * One racer's result (`race_over`, the stored race); times in ms, `cell` the final cell.
 * @typedef {object} ResultRow
 * @property {string} id
 * @property {string} name
 * @property {string} colour
 * @property {number} rank
 * @property {number | null} time
 * @property {number} penalty
 * @property {number | null} total
 * @property {number} moves
 * @property {number} hints
 * @property {number} route
 * @property {number} shortest
 * @property {number | null} efficiency
 * @property {boolean} dnf
 * @property {number} distance
 * @property {number} progress
 * @property {Cell | null} cell
 * @property {string} [bot] a bot's kind
 * @property {boolean | null} on_shortest
 */

/**
 * How hard the race's maze is (docs/protocol.md, "Difficulty card").
 * @typedef {object} DifficultyCard
 * @property {number} cells
 * @property {number | null} solution_length
 * @property {number} dead_ends
 * @property {number} dead_end_share
 * @property {number} decision_points
 * @property {number} longest_dead_end
 * @property {Count} shortest_paths
 * @property {number} bottlenecks
 */

/**
 * A ghost as a snapshot or `started` lists it: a stored race's player, where it stands (left out for
 * a fog racer who cannot see it) and how many steps it made.
 * @typedef {object} GhostEntry
 * @property {string} id
 * @property {string} name
 * @property {string} colour
 * @property {string} race
 * @property {number | null} time
 * @property {number} penalty
 * @property {Cell} [cell]
 * @property {number} [moves]
 * @property {boolean} [finished]
 */

/** A ghost's time, for the results' splits. @typedef {{id: string, name: string, time: number | null, penalty: number}} GhostSplit */

/**
 * The room as one record: what `join` and `resync` answer with.
 * @typedef {object} Snapshot
 * @property {string} code
 * @property {number} version
 * @property {'lobby' | 'countdown' | 'racing' | 'finished'} phase
 * @property {Settings} settings
 * @property {string | null} host
 * @property {PlayerEntry[]} players
 * @property {number} spectators
 * @property {boolean} locked
 * @property {string | null} [daily] the UTC date of the daily maze a daily room races (its settings are fixed)
 * @property {number} now the server's clock, epoch ms
 * @property {number} [start_at]
 * @property {string | null} [race]
 * @property {WireMaze} [maze]
 * @property {number} [started_at]
 * @property {number} [shortest]
 * @property {DifficultyCard | null} [difficulty]
 * @property {ResultRow[]} [results]
 * @property {Count} [shortest_routes]
 * @property {boolean} [time_up] with the results: whether the time limit ended the race
 * @property {GhostEntry[]} [ghosts]
 */

/** Who this connection is in the room: the join ack's `you`. @typedef {{id: string, role: 'player' | 'spectator', token?: string, colour?: string}} You */

/**
 * A room event: its version `v`, its name `t` and its data `d` (docs/protocol.md, "Room events").
 * @typedef {object} Envelope
 * @property {number} v
 * @property {string} t
 * @property {any} d one of the event records below, chosen by `t`
 */

/**
 * `moved`: a racer's new position; in a fog race, to a racer who cannot see the mover, only
 * `{id, moves}`.
 * @typedef {object} Moved
 * @property {string} id
 * @property {number} moves
 * @property {Cell} [cell]
 * @property {Facing} [facing]
 * @property {number} [trail_len]
 * @property {number | null} [distance]
 */

/** A rival in sight of a fog racer. @typedef {{id: string, cell: Cell, facing: Facing}} RivalInSight */

/**
 * The ack of a hint: the way on, with its cell lists packed (docs/protocol.md, "Cell lists"); other
 * racers' `hinted` events carry only `{id, method, found, explored, hints, penalty}`.
 * @typedef {object} Hinted
 * @property {string} id
 * @property {string} method
 * @property {boolean} found
 * @property {Cell} [from]
 * @property {Cell | null} [next]
 * @property {string | null} [path]
 * @property {number} explored
 * @property {Cell | null} [back_to]
 * @property {string | null} [back_path]
 * @property {Cell | null} [explore]
 * @property {string | null} [explore_path]
 * @property {number} hints
 * @property {number} penalty
 * @property {string | null} [cut] why the way shown stops before its end: "junction", "steps", or null (the whole way)
 * @property {string} [order] the asker's only, when asked for: the search's explored order, packed
 * @property {[number, number, number][]} [seen] in a fog race, when the hint moved the asker
 */

/** A refused command's reason. @typedef {{code: string, message: string}} WireError */

/**
 * A command's acknowledgement: `{ok: true, ...}` with the command's answer, or `{ok: false, error}`.
 * A move's ack has the new position (`cell`, `facing`, `trail_len`, `moves`, `distance`, `seq`, and
 * in a fog race `seen` and `rivals`), a hint's the hint (`Hinted`), a join's `you` and `snapshot`.
 * @typedef {AckFields & Partial<Hinted>} Ack
 */

/**
 * The fields of the acks but a hint's.
 * @typedef {object} AckFields
 * @property {boolean} ok
 * @property {WireError} [error]
 * @property {You} [you]
 * @property {Snapshot} [snapshot]
 * @property {Cell} [cell]
 * @property {Facing} [facing]
 * @property {number} [trail_len]
 * @property {number} [moves]
 * @property {number | null} [distance]
 * @property {number} [seq]
 * @property {[number, number, number][]} [seen]
 * @property {RivalInSight[]} [rivals]
 */

// ---- the race explained (GET /api/races/{id}/analysis) ----

/**
 * A visit to a dead end (or a longer way round, `kind` "detour"); times are race ms.
 * @typedef {{cell: Cell, came_from: Cell, entered: number, left: number | null, spent: number, depth: number, steps: number, kind: string}} DeadEndVisit
 */

/** The first step off the shortest way. @typedef {{t: number, came_from: Cell, cell: Cell}} WrongTurn */

/**
 * A hint as the analysis explains it: where, what it cost and what it saved.
 * @typedef {{t: number, method: string, found: boolean, cell: Cell, cost: number, on_way: boolean, saved_cells: number | null, saved_steps: number | null, saved: number | null}} AnalysedHint
 */

/** One stretch between checkpoints against the winner's. @typedef {{index: number, theirs: number, winners: number | null, loss: number | null, reached: boolean}} Segment */

/**
 * One racer's race explained; `route` is a packed cell list.
 * @typedef {object} PlayerAnalysis
 * @property {string} id
 * @property {string} name
 * @property {string} colour
 * @property {boolean} finished
 * @property {number} end their race time (start to the exit), else when the race ended
 * @property {number} penalty what their hints added to the race time (ms)
 * @property {number} moves
 * @property {string} route
 * @property {DeadEndVisit[]} dead_ends
 * @property {number} dead_end_time
 * @property {WrongTurn | null} first_wrong_turn
 * @property {AnalysedHint[]} hints
 * @property {(number | null)[]} splits
 * @property {Segment[]} segments
 * @property {Segment | null} biggest_loss
 * @property {(number | null)[]} bottleneck_splits
 * @property {string} [bot] only a bot's: its kind
 */

/**
 * GET /api/races/{id}/analysis: `maze` and `analysis` are null while a daily race is sealed.
 * @typedef {object} AnalysisAnswer
 * @property {string} race
 * @property {string | null} daily
 * @property {number | null} sealed_until
 * @property {WireMaze | null} maze
 * @property {{cols: number, shortest_path: string, checkpoints: number[], bottlenecks: Cell[], winner: string | null, players: PlayerAnalysis[]} | null} analysis
 */
