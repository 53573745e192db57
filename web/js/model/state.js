// Pure room state: the snapshot, the order of versioned room events, the clock, the lookups the room
// page asks. No DOM, no socket, no clock: callers pass the local time (ms) where it matters. What each
// event changes is room-events.js, what a snapshot changes room-snapshot.js, the own-move prediction
// own-moves.js, the standings standings.js, the race chart's points race-history.js, the wire records
// room-records.js and the trail rule trail-rule.js; RoomState keeps the data they work on and is the
// one object the page and the tests hold.
import { RacerEyes, decodeFogMaze, revealCells } from './fog.js';
import { hintCells } from './room-records.js';
import { applyEvent } from './room-events.js';
import { confirmMove, ownCell, predictMove, rejectMove, showRivals } from './own-moves.js';
import { applySnapshot } from './room-snapshot.js';
import { standings } from './standings.js';

export { MAX_PENDING } from './own-moves.js';
export { movedTrail, steppedTrail } from './trail-rule.js';
export { hintCells } from './room-records.js';

const MAX_BUFFER = 2000;

/** @typedef {import('./wire-types.js').Cell} Cell */
/** @typedef {import('./wire-types.js').Snapshot} Snapshot */
/** @typedef {import('./wire-types.js').Envelope} Envelope */
/** @typedef {import('./wire-types.js').Settings} Settings */
/** @typedef {import('./wire-types.js').You} You */
/** @typedef {import('./wire-types.js').Ack} Ack */
/** @typedef {import('./wire-types.js').DifficultyCard} DifficultyCard */
/** @typedef {import('./wire-types.js').ResultRow} ResultRow */
/** @typedef {import('./wire-types.js').Count} Count */
/** @typedef {import('./wire-types.js').RivalInSight} RivalInSight */
/** @typedef {import('./room-records.js').Player} Player */
/** @typedef {import('./room-records.js').Hint} Hint */
/** @typedef {import('./ghosts.js').Ghost} Ghost */
/** @typedef {import('./fog.js').FogMaze} FogMaze */
/**
 * What the room page knows of this tab's visit beside the room: who it is (the join ack's `you`), the
 * server's rules, the race's id for the replay link, whom the camera follows and whose eyes it sees
 * through ('' for nobody).
 * @typedef {{you: You | null, rules: any, raceId: string | null, followId: string, eyesId: string}} Session
 */
/** An own move sent and not yet answered. @typedef {{seq: number, cell: Cell}} PendingMove */
/** The own player's place with the pending moves applied. @typedef {{cell: Cell, facing: string | undefined, trail: Cell[]}} Predicted */

/** The room as this client knows it; `clear()` sets every field (the field lines only declare them). */
export class RoomState {
  /** @type {string | null} */ code;
  /** @type {number | null} the last applied event's version; null before the first snapshot */ version;
  /** @type {Snapshot['phase'] | null} */ phase;
  /** @type {Partial<Settings>} */ settings;
  /** @type {string | null} */ host;
  /** @type {Player[]} */ players;
  /** @type {Ghost[]} */ ghosts;
  /** @type {number} */ spectators;
  /** @type {boolean | undefined} */ locked;
  /** @type {string | null} */ daily = null; // the daily maze's UTC date in a daily room
  /** @type {FogMaze | null} */ maze;
  /** @type {string | null} */ mazeKey;
  /** @type {RacerEyes} */ eyes;
  /** @type {number | null} */ shortest;
  /** @type {DifficultyCard | null} */ difficulty;
  /** @type {Count | null} */ shortestRoutes;
  /** @type {number | null} */ startAt;
  /** @type {number | null} */ startedAt;
  /** @type {number | null} */ countdownSeconds;
  /** @type {ResultRow[] | null} */ results;
  /** @type {boolean} whether the time limit ended the race (with the results) */ timeUp;
  /** @type {string | null} */ closing;
  /** @type {number} */ clockOffset;
  /** @type {Record<string, Hint>} */ hints;
  /** @type {Record<string, [number, number][]>} */ history;
  /** @type {PendingMove[]} */ pending;
  /** @type {Predicted | null} */ predicted;
  /** @type {Envelope[]} */ buffer;
  /** @type {boolean} */ awaitingResync;

  constructor() {
    /** @type {You | null} */
    this.you = null; // {id, role, token?, colour?} from the join ack
    /** @type {((env: Envelope) => void) | null} */
    this.onEvent = null; // called with each applied envelope (also when replayed after a snapshot)
    this.clear();
  }

  clear() {
    this.code = null;
    this.version = null;
    this.phase = null;
    this.settings = {};
    this.host = null;
    this.players = [];
    this.ghosts = []; // stored races' players the server replays beside the racers (ghosts.js): not players
    this.spectators = 0;
    this.maze = null; // with `seen` (0/1 a cell) in a fog race, null when the whole maze is known (fog.js)
    this.mazeKey = null;
    this.eyes = new RacerEyes(); // a spectator's copy of each fog racer's seen cells
    this.shortest = null;
    this.difficulty = null; // the maze's difficulty card (difficulty.js), from the race's start on
    this.shortestRoutes = null; // how many shortest routes the maze had (a number, or digits), with the results
    this.startAt = null;
    this.startedAt = null;
    this.countdownSeconds = null;
    this.results = null;
    this.timeUp = false;
    this.closing = null;
    this.clockOffset = 0; // server ms - local ms
    this.hints = {}; // player id -> last hint seen, with `at` (local ms)
    this.history = {}; // player id -> [[race ms, distance], ...] for the race chart
    this.pending = []; // own predicted moves: [{seq, cell}]
    this.predicted = null; // own {cell, facing, trail} with the pending moves applied
    this.buffer = []; // envelopes waiting for a snapshot
    this.awaitingResync = false;
  }

  /** @param {You | null | undefined} you */
  setYou(you) {
    this.you = you ? { ...you } : null;
  }

  // ---- clock ----
  /** @param {number | undefined} serverNow @param {number} localNow */
  setClock(serverNow, localNow) {
    if (Number.isFinite(serverNow) && Number.isFinite(localNow)) this.clockOffset = /** @type {number} */ (serverNow) - localNow;
  }
  /** @param {number} localNow */
  serverNow(localNow) {
    return localNow + this.clockOffset;
  }
  /** ms until the race starts (countdown), or null. @param {number} localNow */
  countdownLeft(localNow) {
    return this.startAt == null ? null : this.startAt - this.serverNow(localNow);
  }
  /** ms since the race started, or null. @param {number} localNow */
  elapsed(localNow) {
    return this.startedAt == null ? null : Math.max(0, this.serverNow(localNow) - this.startedAt);
  }

  // ---- lookups ----
  /** @param {string | null | undefined} id */
  player(id) {
    return this.players.find((p) => p.id === id) || null;
  }
  me() {
    return this.you ? this.player(this.you.id) : null;
  }
  isPlayer() {
    return !!this.me();
  }
  isHost() {
    return !!this.you && this.host === this.you.id;
  }
  /** Whether this client races right now (a player, racing, not finished). */
  canMove() {
    const me = this.me();
    return this.phase === 'racing' && !!me && !me.finished && !me.dnf && !!me.cell && !!this.maze;
  }
  /** Whether this client races in fog: its maze is the part it has seen. */
  inFog() {
    return !!this.maze?.seen;
  }
  /** Whether a player's progress to the exit is known (fog racers are not told distances). @param {Pick<Player, 'finished' | 'distance'>} p */
  progressKnown(p) {
    return p.finished || (this.shortest != null && this.shortest > 0 && p.distance != null);
  }
  /** A player as drawn: the own player with predicted moves applied. @param {string} id @returns {Player | null} */
  view(id) {
    const p = this.player(id);
    if (!p || !this.you || id !== this.you.id || !this.predicted) return p;
    return { ...p, ...this.predicted };
  }

  // ---- snapshot and events ----
  /** Replace everything with a snapshot; replays buffered envelopes. Returns 'ok' or 'resync-needed'. @param {Snapshot} snap @param {number} [localNow] @returns {'ok' | 'resync-needed'} */
  applySnapshot(snap, localNow = 0) {
    return applySnapshot(this, snap, localNow);
  }

  /**
   * One room event {v, t, d}. Returns 'applied', 'stale' (v at or below our version, dropped),
   * 'buffered' (no snapshot yet, or waiting for one) or 'resync-needed' (a gap: ask for a snapshot).
   * @param {Envelope} env
   * @param {number} [localNow]
   * @returns {'applied' | 'stale' | 'buffered' | 'resync-needed'}
   */
  applyEnvelope(env, localNow = 0) {
    if (!env || !Number.isInteger(env.v) || typeof env.t !== 'string') return 'stale';
    if (this.version === null || this.awaitingResync) {
      if (this.version !== null && env.v <= this.version) return 'stale';
      if (this.buffer.length < MAX_BUFFER) this.buffer.push(env);
      return 'buffered';
    }
    if (env.v <= this.version) return 'stale';
    if (env.v > this.version + 1) {
      this.awaitingResync = true;
      this.buffer.push(env);
      return 'resync-needed';
    }
    this.version = env.v;
    applyEvent(this, env.t, env.d || {}, localNow);
    if (this.onEvent) this.onEvent(env);
    return 'applied';
  }

  /**
   * Decode a wire maze (with its fog, if any); the same maze again keeps the same object (the renderer
   * keeps its camera). A fog maze grows in place as moves reveal cells, so its key is the wire it came as.
   * @param {import('./wire-types.js').WireMaze | null | undefined} wire
   */
  setMaze(wire) {
    const key = wire ? JSON.stringify(wire) : null;
    if (key !== this.mazeKey) this.maze = wire ? decodeFogMaze(wire) : null;
    this.mazeKey = key;
  }

  syncHostFlags() {
    for (const p of this.players) p.host = p.id === this.host;
  }

  /** Remember a hint from its ack (its `hinted` event may come before or after); a hint that moved
   * a fog racer brings the cells that step let them see.
   * @param {string} id
   * @param {import('./wire-types.js').Hinted} hint
   * @param {number} now
   */
  noteHint(id, hint, now) {
    if (this.you && id === this.you.id) revealCells(this.maze, hint.seen);
    this.hints[id] = { ...hintCells(hint, this.maze), id, at: now };
  }

  /** Ask for a fresh snapshot: events wait in the buffer until it comes (a fog racer at the exit). */
  wantSnapshot() {
    if (this.version !== null) this.awaitingResync = true;
  }

  // ---- own move prediction (own-moves.js) ----
  /** Where the own arrow stands now (predicted), or null. */
  ownCell() {
    return ownCell(this);
  }

  /** Apply an own move at once if the local maze allows it; remember it by seq. Returns true if applied. @param {number} seq @param {readonly number[]} target */
  predictMove(seq, target) {
    return predictMove(this, seq, target);
  }

  /** The server accepted move `seq` (its ack): the confirmed state, the fog's new cells, rivals in sight. @param {number} seq @param {Ack | null | undefined} ack */
  confirmMove(seq, ack) {
    confirmMove(this, seq, ack);
  }

  /** A fog racer's move ack: the rivals in sight from the new cell, every other rival hidden. @param {RivalInSight[] | undefined} rivals */
  showRivals(rivals) {
    showRivals(this, rivals);
  }

  /** The server refused move `seq`: drop it and every later prediction. Returns true if anything moved back. @param {number} seq */
  rejectMove(seq) {
    return rejectMove(this, seq);
  }

  // ---- standings (standings.js) ----
  /** Players best first (tests/cases/standings.json, shared with the server): [{player, progress}]. */
  standings() {
    return standings(this.players, this.shortest);
  }
}
