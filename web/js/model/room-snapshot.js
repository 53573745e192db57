// A snapshot loaded into the room state: every field replaced, the race's history kept when it is the
// same race, then the envelopes that waited for it replayed in order.
import { ghostsFrom } from './ghosts.js';
import { player, resultRows } from './room-records.js';
import { seedHistory } from './race-history.js';

/**
 * Replace everything in `state` with `snap`; replays buffered envelopes. Returns 'ok' or 'resync-needed'.
 * @param {import('./state.js').RoomState} state
 * @param {import('./wire-types.js').Snapshot} snap
 * @param {number} localNow
 * @returns {'ok' | 'resync-needed'}
 */
export function applySnapshot(state, snap, localNow) {
  const sameRace = state.startedAt != null && snap.started_at === state.startedAt;
  state.code = snap.code ?? state.code;
  state.version = Number.isInteger(snap.version) ? snap.version : 0;
  state.phase = snap.phase ?? null;
  state.settings = snap.settings || {};
  state.host = snap.host ?? null;
  state.players = (snap.players || []).map((entry) => player(entry));
  state.ghosts = ghostsFrom(snap.ghosts);
  state.syncHostFlags();
  state.spectators = snap.spectators ?? 0;
  state.locked = !!snap.locked;
  state.daily = snap.daily ?? null;
  state.setClock(snap.now, localNow);
  state.startAt = snap.start_at ?? null;
  state.startedAt = snap.started_at ?? null;
  state.setMaze(snap.maze);
  state.eyes.load(snap.players, state.maze);
  state.shortest = snap.shortest ?? null;
  state.difficulty = snap.difficulty ?? null;
  state.results = snap.results ? resultRows(snap.results) : null;
  state.timeUp = !!snap.time_up;
  state.shortestRoutes = snap.shortest_routes ?? null;
  if (!sameRace) {
    state.history = {};
    state.hints = {};
    if (state.startedAt != null) seedHistory(state);
  }
  state.pending = [];
  state.predicted = null;
  state.awaitingResync = false;
  const buffered = state.buffer.sort((a, b) => a.v - b.v);
  state.buffer = [];
  for (let i = 0; i < buffered.length; i++) {
    if (state.applyEnvelope(buffered[i], localNow) === 'resync-needed') {
      state.buffer.push(...buffered.slice(i + 1));
      return 'resync-needed';
    }
  }
  return 'ok';
}
