// The race chart's points: each player's distance to the exit over race time, kept in the room state
// (`history`) as the room's events bring them, and drawn by the race chart and the results.

/** @typedef {Pick<import('./state.js').RoomState, 'players' | 'shortest' | 'history'>} HistoryState */

/** Each player's first point at the start: their distance then (unknown in a fog racer's race).
 * @param {HistoryState} state */
export function seedHistory(state) {
  for (const p of state.players) {
    const distance = p.distance ?? state.shortest;
    state.history[p.id] = distance == null ? [] : [[0, distance]];
  }
}

/** A player's distance at race time `t` (ms); nothing when either is unknown.
 * @param {HistoryState} state @param {string} id @param {number | null | undefined} t @param {number | null | undefined} distance */
export function recordDistance(state, id, t, distance) {
  if (t == null || distance == null) return;
  (state.history[id] ||= []).push([t, distance]);
}
