// Pure room state: the snapshot, versioned room events, trails, own move prediction, standings.
// No DOM, no socket, no clock: callers pass the local time (ms) where it matters.
import { decodeCells, dirBetween, isOpen, sameCell } from './maze.js';
import { RacerEyes, decodeFogMaze, revealCells } from './fog.js';
import { applyGhost, ghostsFrom, resetGhosts } from './ghosts.js';

export const MAX_PENDING = 8; // predicted moves in flight before we stop predicting
const MAX_BUFFER = 2000;

/** A trail after a `moved` event: keep the first trail_len - 1 cells, then add `cell`. */
export function movedTrail(trail, trailLen, cell) {
  const keep = Math.max(0, Math.min(trail.length, trailLen - 1));
  const out = trail.slice(0, keep);
  out.push([cell[0], cell[1]]);
  return out;
}

/** A trail after stepping onto `cell`: pop or cut back if it is on the trail, else append. */
export function steppedTrail(trail, cell) {
  for (let i = trail.length - 1; i >= 0; i--) {
    if (sameCell(trail[i], cell)) return trail.slice(0, i + 1);
  }
  return [...trail, [cell[0], cell[1]]];
}

/**
 * A hint as the renderer draws it: its packed `path`, `back_path` and (in a fog race) `explore_path`
 * read as [[r, c], ...] cells (null when absent or unreadable). Rivals still racing get no way at all,
 * only that a hint was asked.
 */
export function hintCells(hint, maze) {
  const cells = (value) => {
    if (Array.isArray(value)) return value;
    if (typeof value !== 'string' || !maze) return null;
    try {
      return decodeCells(value, maze);
    } catch {
      return null;
    }
  };
  return { ...hint, path: cells(hint.path), back_path: cells(hint.back_path), explore_path: cells(hint.explore_path) };
}

const clamp01 = (x) => (x < 0 ? 0 : x > 1 ? 1 : x);
const cellOf = (v) => (Array.isArray(v) && v.length === 2 ? [Number(v[0]), Number(v[1])] : null);

/**
 * A player as this client keeps it: a wire player entry (docs/protocol.md, "Snapshot") laid over what
 * was `known` of them. The wire calls the player's maze position `room`; here it is `cell`.
 */
function player(entry, known = {}) {
  const { room, seen, ...fields } = entry; // a racer's `seen` bitset goes to RacerEyes, not here
  const p = { ...known, ...fields };
  p.cell = cellOf(room !== undefined ? room : known.cell);
  p.trail = Array.isArray(p.trail) ? p.trail.map(cellOf).filter(Boolean) : p.cell ? [p.cell] : [];
  p.moves = p.moves ?? 0;
  p.hints = p.hints ?? 0;
  p.penalty = p.penalty ?? 0;
  p.finished = !!p.finished;
  p.dnf = !!p.dnf;
  p.connected = p.connected !== false;
  return p;
}

export class RoomState {
  constructor() {
    this.you = null; // {id, role, token?, colour?} from the join ack
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
    this.closing = null;
    this.clockOffset = 0; // server ms - local ms
    this.hints = {}; // player id -> last hint seen, with `at` (local ms)
    this.history = {}; // player id -> [[race ms, distance], ...] for the race chart
    this.pending = []; // own predicted moves: [{seq, cell}]
    this.predicted = null; // own {cell, facing, trail} with the pending moves applied
    this.buffer = []; // envelopes waiting for a snapshot
    this.awaitingResync = false;
  }

  setYou(you) {
    this.you = you ? { ...you } : null;
  }

  // ---- clock ----
  setClock(serverNow, localNow) {
    if (Number.isFinite(serverNow) && Number.isFinite(localNow)) this.clockOffset = serverNow - localNow;
  }
  serverNow(localNow) {
    return localNow + this.clockOffset;
  }
  /** ms until the race starts (countdown), or null. */
  countdownLeft(localNow) {
    return this.startAt == null ? null : this.startAt - this.serverNow(localNow);
  }
  /** ms since the race started, or null. */
  elapsed(localNow) {
    return this.startedAt == null ? null : Math.max(0, this.serverNow(localNow) - this.startedAt);
  }

  // ---- lookups ----
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
  /** Whether a player's progress to the exit is known (fog racers are not told distances). */
  progressKnown(p) {
    return p.finished || (this.shortest > 0 && p.distance != null);
  }
  /** A player as drawn: the own player with predicted moves applied. */
  view(id) {
    const p = this.player(id);
    if (!p || !this.you || id !== this.you.id || !this.predicted) return p;
    return { ...p, ...this.predicted };
  }

  // ---- snapshot and events ----
  /** Replace everything with a snapshot; replays buffered envelopes. Returns 'ok' or 'resync-needed'. */
  applySnapshot(snap, localNow = 0) {
    const sameRace = this.startedAt != null && snap.started_at === this.startedAt;
    this.code = snap.code ?? this.code;
    this.version = Number.isInteger(snap.version) ? snap.version : 0;
    this.phase = snap.phase ?? null;
    this.settings = snap.settings || {};
    this.host = snap.host ?? null;
    this.players = (snap.players || []).map(player);
    this.ghosts = ghostsFrom(snap.ghosts);
    this.syncHostFlags();
    this.spectators = snap.spectators ?? 0;
    this.locked = !!snap.locked;
    this.setClock(snap.now, localNow);
    this.startAt = snap.start_at ?? null;
    this.startedAt = snap.started_at ?? null;
    this.setMaze(snap.maze);
    this.eyes.load(snap.players, this.maze);
    this.shortest = snap.shortest ?? null;
    this.difficulty = snap.difficulty ?? null;
    this.results = snap.results ?? null;
    this.shortestRoutes = snap.shortest_routes ?? null;
    if (!sameRace) {
      this.history = {};
      this.hints = {};
      if (this.startedAt != null) this.seedHistory();
    }
    this.pending = [];
    this.predicted = null;
    this.awaitingResync = false;
    const buffered = this.buffer.sort((a, b) => a.v - b.v);
    this.buffer = [];
    for (let i = 0; i < buffered.length; i++) {
      if (this.applyEnvelope(buffered[i], localNow) === 'resync-needed') {
        this.buffer.push(...buffered.slice(i + 1));
        return 'resync-needed';
      }
    }
    return 'ok';
  }

  /**
   * One room event {v, t, d}. Returns 'applied', 'stale' (v at or below our version, dropped),
   * 'buffered' (no snapshot yet, or waiting for one) or 'resync-needed' (a gap: ask for a snapshot).
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
    this.apply(env.t, env.d || {}, localNow);
    if (this.onEvent) this.onEvent(env);
    return 'applied';
  }

  apply(t, d, now) {
    const p = d.id != null ? this.player(d.id) : null;
    switch (t) {
      case 'joined': {
        const isSpectator = d.role === 'spectator' || (d.role !== 'player' && !('colour' in d));
        if (isSpectator) this.spectators += 1;
        else if (p) Object.assign(p, player(d, p));
        else this.players.push(player(d));
        break;
      }
      case 'left':
        if (d.role === 'spectator' || (!p && d.role !== 'player')) {
          this.spectators = Math.max(0, this.spectators - 1);
        } else {
          this.players = this.players.filter((x) => x.id !== d.id);
        }
        break;
      case 'presence':
        if (p) p.connected = !!d.connected;
        break;
      case 'locked':
        this.locked = !!d.locked;
        break;
      case 'ready':
        if (p) p.ready = !!d.ready;
        break;
      case 'settings':
        this.settings = d.settings && typeof d.settings === 'object' ? d.settings : d;
        break;
      case 'host':
        this.host = d.id;
        this.syncHostFlags();
        break;
      case 'countdown':
        this.phase = 'countdown';
        this.setClock(d.now, now);
        this.startAt = d.start_at ?? null;
        this.countdownSeconds = d.seconds ?? null;
        break;
      case 'started':
        this.phase = 'racing';
        this.setMaze(d.maze);
        this.startedAt = d.started_at ?? null;
        this.shortest = d.shortest ?? null;
        this.difficulty = d.difficulty ?? null;
        this.shortestRoutes = null;
        if (Array.isArray(d.players)) this.players = d.players.map(player);
        this.eyes.load(d.players, this.maze);
        if (Array.isArray(d.ghosts)) this.ghosts = ghostsFrom(d.ghosts);
        this.syncHostFlags();
        this.results = null;
        this.hints = {};
        this.history = {};
        this.pending = [];
        this.predicted = null;
        this.seedHistory();
        break;
      case 'moved':
        if (p) this.moved(p, d, now);
        break;
      case 'ghost':
        this.ghosts = applyGhost(this.ghosts, d);
        break;
      case 'hinted':
        if (p) {
          p.hints = d.hints ?? p.hints;
          p.penalty = d.penalty ?? p.penalty;
        }
        this.hints[d.id] = { ...hintCells(d, this.maze), at: now };
        break;
      case 'finished':
        if (p) {
          Object.assign(p, {
            finished: true,
            rank: d.rank,
            time: d.time,
            penalty: d.penalty ?? p.penalty,
            moves: d.moves ?? p.moves,
            hints: d.hints ?? p.hints,
            distance: 0,
          });
          this.record(p.id, d.time ?? this.elapsed(now), 0);
          if (this.you && p.id === this.you.id) {
            this.pending = [];
            this.predicted = null;
          }
        }
        break;
      case 'race_over':
        this.phase = 'finished';
        this.results = Array.isArray(d.results) ? d.results : [];
        this.shortest = d.shortest ?? this.shortest;
        this.shortestRoutes = d.shortest_routes ?? null;
        this.difficulty = d.difficulty ?? this.difficulty;
        for (const r of this.results) {
          const q = this.player(r.id);
          if (q) Object.assign(q, { rank: r.rank, time: r.time, dnf: !!r.dnf, distance: r.distance ?? q.distance });
        }
        this.pending = [];
        this.predicted = null;
        break;
      case 'lobby':
        this.phase = 'lobby';
        if (d.settings) this.settings = d.settings;
        if (Array.isArray(d.players)) this.players = d.players.map(player);
        this.ghosts = resetGhosts(this.ghosts);
        this.syncHostFlags();
        this.setMaze(null);
        this.eyes.clear();
        this.shortest = null;
        this.difficulty = null;
        this.shortestRoutes = null;
        this.results = null;
        this.startAt = null;
        this.startedAt = null;
        this.hints = {};
        this.history = {};
        this.pending = [];
        this.predicted = null;
        break;
      case 'closing':
        this.closing = d.reason || 'closing';
        break;
      default:
        break; // an event type this client does not know: counted, otherwise ignored
    }
  }

  /**
   * Decode a wire maze (with its fog, if any); the same maze again keeps the same object (the renderer
   * keeps its camera). A fog maze grows in place as moves reveal cells, so its key is the wire it came as.
   */
  setMaze(wire) {
    const key = wire ? JSON.stringify(wire) : null;
    if (key !== this.mazeKey) this.maze = wire ? decodeFogMaze(wire) : null;
    this.mazeKey = key;
  }

  syncHostFlags() {
    for (const p of this.players) p.host = p.id === this.host;
  }

  moved(p, d, now) {
    const own = this.you && p.id === this.you.id;
    // Own moves may already be applied from the move's ack; `moves` only grows, so it orders both.
    if (own && Number.isInteger(d.moves) && d.moves <= p.moves) {
      if (d.moves === p.moves && d.distance != null) {
        p.distance = d.distance;
        this.record(p.id, this.elapsed(now), d.distance);
      }
      return;
    }
    const cell = cellOf(d.room); // the wire's `room` is the cell moved to
    p.moves = d.moves ?? p.moves + 1;
    if (!cell) {
      // a fog race: the rival moved out of our sight; hide them (their count still shows)
      p.cell = null;
      p.trail = [];
      return;
    }
    // A fog racer never gets a rival's trail: only where they stand while in sight.
    p.trail = this.inFog() && !own ? [cell] : movedTrail(p.trail, d.trail_len, cell);
    p.cell = cell;
    p.facing = d.facing ?? p.facing;
    if (d.distance != null) p.distance = d.distance;
    this.eyes.moved(p.id, cell, this.maze, this.settings.vision);
    this.record(p.id, this.elapsed(now), p.distance);
    if (own) this.predict();
  }

  seedHistory() {
    for (const p of this.players) {
      const distance = p.distance ?? this.shortest; // neither in a fog racer's race
      this.history[p.id] = distance == null ? [] : [[0, distance]];
    }
  }

  record(id, t, distance) {
    if (t == null || distance == null) return;
    (this.history[id] ||= []).push([t, distance]);
  }

  /** Remember a hint from its ack (its `hinted` event may come before or after); a hint that moved
   * a fog racer brings the cells that step let them see. */
  noteHint(id, hint, now) {
    if (this.you && id === this.you.id) revealCells(this.maze, hint.seen);
    this.hints[id] = { ...hintCells(hint, this.maze), id, at: now };
  }

  /** Ask for a fresh snapshot: events wait in the buffer until it comes (a fog racer at the exit). */
  wantSnapshot() {
    if (this.version !== null) this.awaitingResync = true;
  }

  // ---- own move prediction ----
  /** Where the own arrow stands now (predicted), or null. */
  ownCell() {
    const me = this.me();
    if (!me) return null;
    return this.predicted ? this.predicted.cell : me.cell;
  }

  /** Apply an own move at once if the local maze allows it; remember it by seq. Returns true if applied. */
  predictMove(seq, target) {
    if (!this.canMove() || this.pending.length >= MAX_PENDING) return false;
    const from = this.ownCell();
    if (!isOpen(this.maze, from, target)) return false;
    this.pending.push({ seq, cell: [target[0], target[1]] });
    this.predict();
    return true;
  }

  /**
   * The server accepted move `seq`: its ack {room (the cell), facing, trail_len, moves} becomes the
   * confirmed state; in a fog race its `seen` cells join the maze (whether or not the `moved` came first).
   */
  confirmMove(seq, ack) {
    revealCells(this.maze, ack?.seen);
    this.showRivals(ack?.rivals);
    const me = this.me();
    if (me && ack && Array.isArray(ack.room) && Number.isInteger(ack.moves) && ack.moves > me.moves) {
      me.trail = movedTrail(me.trail, ack.trail_len, ack.room);
      me.cell = cellOf(ack.room);
      me.facing = ack.facing ?? me.facing;
      me.moves = ack.moves;
    }
    this.pending = this.pending.filter((m) => m.seq !== seq);
    this.predict();
  }

  /** A fog racer's move ack names every rival in sight from the new cell (one standing still sends no
   * `moved`): show them there, with no trail, as a `moved` in sight would, and hide every rival the
   * list leaves out, for walking away from one standing still sends no `moved` either. */
  showRivals(rivals) {
    if (!Array.isArray(rivals)) return;
    const inSight = new Set();
    for (const r of rivals) {
      const p = r && this.player(r.id);
      const cell = cellOf(r?.room);
      if (!p || !cell || (this.you && p.id === this.you.id)) continue;
      inSight.add(p.id);
      p.cell = cell;
      p.trail = [cell];
      p.facing = r.facing ?? p.facing;
    }
    for (const p of this.players) {
      if (inSight.has(p.id) || (this.you && p.id === this.you.id) || !p.cell) continue;
      p.cell = null;
      p.trail = [];
    }
  }

  /** The server refused move `seq`: drop it and every later prediction. Returns true if anything moved back. */
  rejectMove(seq) {
    const i = this.pending.findIndex((m) => m.seq === seq);
    if (i < 0) return false;
    this.pending = this.pending.slice(0, i);
    this.predict();
    return true;
  }

  predict() {
    const me = this.me();
    if (!me || !this.pending.length || !me.cell) {
      this.predicted = null;
      return;
    }
    let trail = me.trail;
    let cell = me.cell;
    let facing = me.facing;
    for (const m of this.pending) {
      facing = dirBetween(cell, m.cell) || facing;
      trail = steppedTrail(trail, m.cell);
      cell = m.cell;
    }
    this.predicted = { cell, facing, trail };
  }

  // ---- standings ----
  progress(p) {
    if (p.finished) return 1;
    if (!(this.shortest > 0) || p.distance == null) return 0;
    return clamp01(1 - p.distance / this.shortest);
  }

  /** Players best first: finished by total time (the server's rank breaks a tie: who finished first),
   * then racing by distance left, then DNF (tests/cases/standings.json, shared with the server). */
  standings() {
    const group = (p) => (p.finished ? 0 : p.dnf ? 2 : 1);
    const left = (p) => (p.distance == null ? Infinity : p.distance);
    const total = (p) => (p.time ?? Infinity) + (p.penalty ?? 0);
    const finishedOrder = (a, b) => total(a) - total(b) || (a.rank ?? 99) - (b.rank ?? 99);
    return this.players
      .map((p, order) => ({ p, order }))
      .sort(
        (a, b) =>
          group(a.p) - group(b.p) ||
          (group(a.p) === 0 ? finishedOrder(a.p, b.p) : left(a.p) - left(b.p)) ||
          a.order - b.order,
      )
      .map(({ p }) => ({ player: p, progress: this.progress(p) }));
  }
}
