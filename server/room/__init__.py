"""The room rules: a room is its state plus the commands applied to it, in order.

Pure: the caller passes the time, tokens, ids and seeds in each command, so a snapshot and the commands
since rebuild the same room on any process.

The shape, from the bottom up:

- `state.RoomState` is what a room is made of: its fields, the queries every rule shares (`racers`,
  `seats_full`, `move_cap`...) and the event outbox (`emit`, `drain`). It holds no rules.
- `guards` are the checks that refuse a command before anything changes (`racer_of`, `require_host`...).
- The rule modules are plain functions over the state, one topic a module, each owning the fields it
  changes: `lobby` (ready, settings, lock, the start and its countdown), `race` (the race's start,
  moves, ghosts, the end of the race, back to the lobby), `hint_rules` (asking for and answering
  hints), `bot_rules` (adding, removing and stepping bots), `membership` (join, return, drop, leave,
  kick, seats, the host role, the grace period). Where one rule needs another it calls its function
  (a hint that walks takes a `race.step`, a bot's step is a `race.move`, leaving may `race.check_over`),
  so those calls only go down: membership, hints and bots build on the race, the race and the lobby
  on the state.
- `room.Room` is the state with one method a command: the one place the rules are dispatched from. Each
  method calls the rule that owns the command and drains the events it recorded, so the rules never
  broadcast and a command's events are exactly the ones between two drains.
- `commands` are the commands as records (what the log keeps), and `commands.apply` hands one to its
  `Room` method. Nothing else changes a room, which is what makes the log replay it.

Around them: `views` decides what each viewer sees of the state and its events; `events` are the
records of every event's data, by topic; `snapshot` is the state as JSON and back; `records` is what is
kept of a finished race.
"""
