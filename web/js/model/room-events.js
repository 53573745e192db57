// Room events applied to the room page's state: one `{t, d}` of docs/protocol.md's room events at a
// time, in version order (state.js checks the order and buffers; this file only knows what each event
// changes). Its own module because the event list is long and grows with the protocol, while the
// ordering, the snapshot and the lookups around it do not.
import { applyGhost, ghostsFrom, resetGhosts } from './ghosts.js';
import { predict } from './own-moves.js';
import { recordDistance, seedHistory } from './race-history.js';
import { cellOf, hintCells, player, resultRows } from './room-records.js';
import { movedTrail } from './trail-rule.js';

/** @typedef {import('./state.js').RoomState} RoomState */
/** @typedef {import('./room-records.js').Player} Player */

/**
 * Apply event `t` with data `d` at local time `now` (ms) to `state` (a RoomState). An unknown `t` is ignored.
 * @param {RoomState} state
 * @param {string} t
 * @param {any} d the event's record (wire-types.js, by `t`), read defensively: a field may be missing
 * @param {number} now
 */
export function applyEvent(state, t, d, now) {
  const p = d.id != null ? state.player(d.id) : null;
  switch (t) {
    case 'joined': {
      const isSpectator = d.role === 'spectator' || (d.role !== 'player' && !('colour' in d));
      if (isSpectator) state.spectators += 1;
      else if (p) Object.assign(p, player(d, p));
      else state.players.push(player(d));
      break;
    }
    case 'left':
      if (d.role === 'spectator' || (!p && d.role !== 'player')) {
        state.spectators = Math.max(0, state.spectators - 1);
      } else {
        state.players = state.players.filter((x) => x.id !== d.id);
      }
      break;
    case 'presence':
      if (p) p.connected = !!d.connected;
      break;
    case 'locked':
      state.locked = !!d.locked;
      break;
    case 'ready':
      if (p) p.ready = !!d.ready;
      break;
    case 'settings':
      state.settings = d.settings && typeof d.settings === 'object' ? d.settings : d;
      break;
    case 'host':
      state.host = d.id;
      state.syncHostFlags();
      break;
    case 'countdown':
      state.phase = 'countdown';
      state.setClock(d.now, now);
      state.startAt = d.start_at ?? null;
      state.countdownSeconds = d.seconds ?? null;
      break;
    case 'started':
      state.phase = 'racing';
      state.setMaze(d.maze);
      state.startedAt = d.started_at ?? null;
      state.shortest = d.shortest ?? null;
      state.difficulty = d.difficulty ?? null;
      state.shortestRoutes = null;
      if (Array.isArray(d.players)) state.players = d.players.map(player);
      state.eyes.load(d.players, state.maze);
      if (Array.isArray(d.ghosts)) state.ghosts = ghostsFrom(d.ghosts);
      state.syncHostFlags();
      state.results = null;
      state.hints = {};
      state.history = {};
      state.pending = [];
      state.predicted = null;
      seedHistory(state);
      break;
    case 'moved':
      if (p) applyMoved(state, p, d, now);
      break;
    case 'ghost':
      state.ghosts = applyGhost(state.ghosts, d);
      break;
    case 'hinted':
      if (p) {
        p.hints = d.hints ?? p.hints;
        p.penalty = d.penalty ?? p.penalty;
      }
      state.hints[d.id] = { ...hintCells(d, state.maze), at: now };
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
        recordDistance(state, p.id, d.time ?? state.elapsed(now), 0);
        if (state.you && p.id === state.you.id) {
          state.pending = [];
          state.predicted = null;
        }
      }
      break;
    case 'race_over': {
      state.phase = 'finished';
      /** @type {import('./wire-types.js').ResultRow[]} */
      const results = resultRows(d.results);
      state.results = results;
      state.timeUp = !!d.time_up;
      state.shortest = d.shortest ?? state.shortest;
      state.shortestRoutes = d.shortest_routes ?? null;
      state.difficulty = d.difficulty ?? state.difficulty;
      for (const r of results) {
        const q = state.player(r.id);
        if (q) Object.assign(q, { rank: r.rank, time: r.time, dnf: !!r.dnf, distance: r.distance ?? q.distance });
      }
      state.pending = [];
      state.predicted = null;
      break;
    }
    case 'lobby':
      state.phase = 'lobby';
      if (d.settings) state.settings = d.settings;
      if (Array.isArray(d.players)) state.players = d.players.map(player);
      state.ghosts = resetGhosts(state.ghosts);
      state.syncHostFlags();
      state.setMaze(null);
      state.eyes.clear();
      state.shortest = null;
      state.difficulty = null;
      state.shortestRoutes = null;
      state.results = null;
      state.timeUp = false;
      state.startAt = null;
      state.startedAt = null;
      state.hints = {};
      state.history = {};
      state.pending = [];
      state.predicted = null;
      break;
    case 'closing':
      state.closing = d.reason || 'closing';
      break;
    default:
      break; // an event type this client does not know: counted, otherwise ignored
  }
}

/**
 * A `moved` event for player `p` (own moves may already be applied from their acks).
 * @param {RoomState} state
 * @param {Player} p
 * @param {import('./wire-types.js').Moved} d
 * @param {number} now
 */
function applyMoved(state, p, d, now) {
  const own = state.you && p.id === state.you.id;
  // Own moves may already be applied from the move's ack; `moves` only grows, so it orders both.
  if (own && Number.isInteger(d.moves) && d.moves <= p.moves) {
    if (d.moves === p.moves && d.distance != null) {
      p.distance = d.distance;
      recordDistance(state, p.id, state.elapsed(now), d.distance);
    }
    return;
  }
  const cell = cellOf(d.cell);
  p.moves = d.moves ?? p.moves + 1;
  if (!cell) {
    // a fog race: the rival moved out of our sight; hide them (their count still shows)
    p.cell = null;
    p.trail = [];
    return;
  }
  // A fog racer never gets a rival's trail: only where they stand while in sight.
  p.trail = state.inFog() && !own ? [cell] : movedTrail(p.trail, /** @type {number} */ (d.trail_len), cell);
  p.cell = cell;
  p.facing = d.facing ?? p.facing;
  if (d.distance != null) p.distance = d.distance;
  state.eyes.moved(p.id, cell, state.maze, state.settings.vision);
  recordDistance(state, p.id, state.elapsed(now), p.distance);
  if (own) predict(state);
}
